"""The Caravelas rulebook's own headings (the Polish first edition, seed 001), by the
rulebook section a refusal cites.

Refusals carry the code (``IllegalAction(reason, SAILING)``); the game's ``apply``
turns it into the heading with ``exc.citing(HEADINGS)``, so players read
"reason (rulebook: “heading”)" and the code stays in the developer log.
"""
from __future__ import annotations

from companion.messages import Text

TURN_ORDER = "PL §6"
SAILING = "PL §8"
DISCOVERY = "PL §9"
EVENTS = "PL §10"
GOODS_RULE = "PL §11"
LISBON_RULE = "PL §12"
END_RULE = "PL §13"

HEADINGS: dict[str, Text] = {
    TURN_ORDER: Text("Determining the turn order"),
    SAILING: Text("How to sail / Events / Pirates"),
    DISCOVERY: Text("Discoveries"),
    EVENTS: Text("Card explanations"),
    GOODS_RULE: Text("Goods"),
    LISBON_RULE: Text("Lisbon – selling goods / building"),
    END_RULE: Text("End of the game and the winner"),
}
