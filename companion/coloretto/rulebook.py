"""The Coloretto rulebook's own headings, by the digest section a refusal cites.

Players see the heading (translated as the Greek rulebook words it); the digest
code stays in the developer log (``str(IllegalAction)``) and the docs.
"""
from __future__ import annotations

from companion.messages import Text

HEADINGS: dict[str, Text] = {
    "§2": Text("Contents"),
    "§3": Text("Preparation"),
    "§3.3": Text("Coloretto for 2 players"),
    "§4": Text("How to play"),
    "§4.3 A": Text("A. Drawing and placing a card"),
    "§4.3 B": Text("B. Taking a row"),
    "§4.4": Text("End of the round"),
    "§5": Text("The end of the game"),
    "§6": Text("Scoring"),
}
