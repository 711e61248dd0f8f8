"""The Golden Horn rulebook's own headings, by the digest section a refusal cites.

Players see the heading (the Italian and Greek rulebooks' words in it and el);
the digest code stays in the developer log (``str(IllegalAction)``) and the docs.
"""
from __future__ import annotations

from companion.messages import Text

HEADINGS: dict[str, Text] = {
    "§2": Text("Preparation"),
    "§3": Text("A player's turn"),
    "§4": Text("1. Send pirates (optional)"),
    "§5": Text("2. Move one of your ships (compulsory)"),
    "§5.1 D1-D2": Text("Moving a ship"),
    "§5.1 D3": Text("Moving a ship"),
    "§5.1 O1": Text("Only one ship per square"),
    "§5.1 O2": Text("The ports: Venice, Constantinople and Modone"),
    "§5.3": Text("Moving a ship"),
    "§6": Text("Drawing cards"),
    "§7": Text("End of the game"),
    "§8": Text("Scoring"),
}
