"""Coloretto on camera: the play-mat profile and the simulated table.

No Kivy here (plain tests use it).  The cards carry no tags: the camera tells
them apart by face colour, as it does colour dice.  The printed play mat has
four corner anchors, one long strip per row card (a colour "tray" named
``row:N`` holding up to 3 cards) and a ``side`` box for the last-round card;
``companion.coloretto.camera`` turns the tray readings into cards at rows.
Board millimetres: x to the right, y towards the bottom edge.

The profile ships as ``vision/profiles/coloretto.json``; :func:`profile_document`
is how it was made and a test keeps the two equal.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.coloretto.data import CATALOGUE, LAST_ROUND
from vision.camera_model import CameraModel
from vision.profiles import BoardProfile, load_profile
from vision.synthetic import SimulatedTable

PROFILE_NAME = "coloretto"
BOARD_MM = (700.0, 410.0)
ANCHOR_MM = 30.0
ROWS = 5                                  # brown row cards (3–5 players); 2 players use 3
ROW_X = (60.0, 520.0)                     # left and right edge of every row strip
ROW_TOP, ROW_HEIGHT, ROW_PITCH = 18.0, 68.0, 76.0
SLOT_X = (140.0, 290.0, 440.0)            # card centres along a strip
SIDE_BOX = (540.0, 120.0, 690.0, 290.0)   # where the last-round card is laid
CARD_MM = 50.0                            # side of a square of the card's area
#: the simulated camera: a little higher than the default so the whole mat is in view
SIM_CAMERA = CameraModel(height_mm=650.0)

#: face colours under white light; calibrate for the physical deck (joker and +2
#: cards are read by their dominant colour)
CARD_RGB = {
    "green": "#2f9e44", "yellow": "#f2d22e", "orange": "#f08a1c", "blue": "#2a62c9",
    "pink": "#f07cc0", "brown": "#9a6030", "grey": "#9a9a9a",
    "joker": "#9040e0", "plus2": "#f4f4f4", LAST_ROUND: "#d01c3c",
}


def row_tray(row: int) -> str:
    return f"row:{row}"


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def row_rect(row: int) -> tuple[float, float, float, float]:
    top = ROW_TOP + row * ROW_PITCH
    return (ROW_X[0], top, ROW_X[1], top + ROW_HEIGHT)


def slot_centre(row: int, slot: int) -> tuple[float, float]:
    x0, y0, x1, y1 = row_rect(row)
    return (SLOT_X[slot], (y0 + y1) / 2.0)


def profile_document() -> dict[str, Any]:
    """The board profile as JSON data (what ``vision/profiles/coloretto.json`` holds)."""
    w, h = BOARD_MM
    colours = {kind: CARD_RGB[kind] for kind in CATALOGUE.card_kinds}
    trays = [{"name": row_tray(r), "polygon": _rect(*row_rect(r)),
              "dice": {"kind": "colour", "count": 3, "size_mm": CARD_MM, "colours": colours}}
             for r in range(ROWS)]
    trays.append({"name": "side", "polygon": _rect(*SIDE_BOX),
                  "dice": {"kind": "colour", "count": 1, "size_mm": CARD_MM, "colours": colours}})
    return {
        "format": "table-companion/board-profile",
        "version": 1,
        "name": PROFILE_NAME,
        "title": "Coloretto play mat (5 row strips, last-round box)",
        "game": "coloretto",
        "size_mm": [w, h],
        "notes": ("Cards are read by face colour (no tags): each row strip is a colour tray "
                  "row:N holding up to 3 cards, laid one beside the other; the last-round card "
                  "goes in the side box. 2 players use strips 1-3 for the green rows 1/2/3. "
                  "Calibrate the colours to the physical cards."),
        "anchors": {"dictionary": "DICT_4X4_50", "size_mm": ANCHOR_MM,
                    "markers": [{"id": i, "center": list(c)} for i, c in enumerate(
                        ((25.0, 25.0), (w - 25.0, 25.0), (w - 25.0, h - 25.0), (25.0, h - 25.0)))]},
        "trays": trays,
    }


def load_board_profile() -> BoardProfile:
    return load_profile(PROFILE_NAME)


@dataclass(frozen=True)
class LooseCard:
    """A card laid on the simulated mat that the game state does not hold yet."""

    card: str
    row: int | None        # None: the side box
    under: int             # cards the state had at that row when it was laid
    round: int


class ColorettoTable(SimulatedTable):
    """The simulated mat: the state's rows as cards, plus cards "laid by hand"."""

    def __init__(self, profile: BoardProfile, camera: CameraModel = SIM_CAMERA, seed: int = 0):
        super().__init__(profile, camera, seed)
        self.loose: list[LooseCard] = []
        self._shown: dict[str, tuple[str, tuple[float, float]]] = {}

    def lay_card(self, state: Any, card: str, row: int | None) -> None:
        """Lay ``card`` beside ``row`` (None: the last-round card in the side box),
        as a player does before telling the companion."""
        under = 0 if row is None else len(state.rows[row].cards) + sum(
            1 for c in self.loose if c.row == row)
        self.loose.append(LooseCard(card, row, under, state.round))
        self.sync(state)

    def take_back(self, state: Any) -> None:
        """The cards laid by hand are picked up again (the players rejected what the
        camera read of them): the mat shows ``state`` alone."""
        self.loose = []
        self.sync(state)

    def sync(self, state: Any) -> None:
        """Show the rows of ``state`` and the loose cards it does not explain yet."""
        self.loose = [c for c in self.loose if _still_loose(c, state)]
        wanted: dict[str, tuple[str, tuple[float, float]]] = {}
        for r, row in enumerate(state.rows[:ROWS]):
            for slot, card in enumerate(row.cards[:3]):
                wanted[f"{row_tray(r)}:{slot + 1}"] = (card, slot_centre(r, slot))
        if state.last_round:
            wanted["side:1"] = (LAST_ROUND, _side_centre())
        for loose in self.loose:
            if loose.row is None:
                wanted["side:1"] = (loose.card, _side_centre())
            elif loose.under < 3:
                wanted[f"{row_tray(loose.row)}:{loose.under + 1}"] = (
                    loose.card, slot_centre(loose.row, loose.under))
        if wanted == self._shown:
            return
        for name in set(self._shown) - set(wanted):
            self.remove_die(name)
        for name, (card, centre) in wanted.items():
            if self._shown.get(name) != (card, centre):
                self.set_die(name, name.rpartition(":")[0], card, centre, 0.0)
        self._shown = wanted


def _side_centre() -> tuple[float, float]:
    x0, y0, x1, y1 = SIDE_BOX
    return ((x0 + x1) / 2.0, (y0 + y1) / 2.0)


def _still_loose(card: LooseCard, state: Any) -> bool:
    if card.row is None:
        return not state.last_round
    if card.round != state.round or card.row >= len(state.rows):
        return False
    row = state.rows[card.row]
    return row.is_open and len(row.cards) <= card.under


def simulated_table(state: Any, seed: int = 0) -> ColorettoTable:
    """A simulated mat showing ``state``."""
    table = ColorettoTable(load_board_profile(), seed=seed)
    table.sync(state)
    return table


def lay_random_card(table: ColorettoTable, state: Any, rng: random.Random) -> tuple[str, int | None] | None:
    """Laptop play: lay what the pile could give next beside a row with room, as if a
    player drew and placed it; None when no card can be drawn now."""
    if state.phase not in ("turn", "draw") or any(c.row is not None for c in table.loose):
        return None
    if state.draws_until_last_round == 0 and not any(c.row is None for c in table.loose):
        table.lay_card(state, LAST_ROUND, None)
        return (LAST_ROUND, None)
    rooms = [r for r, row in enumerate(state.rows[:ROWS]) if row.can_place]
    kinds = [k for k in CATALOGUE.card_kinds if k != LAST_ROUND and state.left(k) > 0]
    if not rooms or not kinds:
        return None
    card = rng.choices(kinds, weights=[state.left(k) for k in kinds])[0]
    row = rng.choice(rooms)
    table.lay_card(state, card, row)
    return (card, row)
