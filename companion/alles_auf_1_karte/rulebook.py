"""The Alles auf 1 Karte rulebook's own headings, by the digest section a refusal cites.

Players see the heading (the Greek rulebook's words in el); the digest code
stays in the developer log (``str(IllegalAction)``) and the docs.
"""
from __future__ import annotations

from companion.messages import Text

HEADINGS: dict[str, Text] = {
    "§3": Text("Preparation"),
    "§4": Text("How to play"),
    "§4.2 card scoring": Text("Scoring a card"),
    "§5": Text("End of the game and final scores"),
    "§7": Text("Advanced variants"),
}
