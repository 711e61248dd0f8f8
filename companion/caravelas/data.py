"""Caravelas data from the rules digest (shared/rules/caravelas.md §1, §2, §7, §11):
the 32 ports, the 8 goods, counts by player count, and the values printed only on
the physical components, with the digest's inferred defaults marked ``INFERRED``.

The table's own copy supplies the inferred values as free-text options (parsed
here); a board file (``companion.caravelas.board``) supplies them for a mapped game.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.errors import ConfigError


@dataclass(frozen=True)
class Port:
    """One of the 32 discoverable ports (§11); ``part`` is its ocean part, inferred
    from geography for play without a board file (WEST up to the Cape of Good Hope)."""

    id: str
    name: str
    year: int
    part: str


WEST, EAST = "WEST", "EAST"
LISBON = "lisbon"

PORTS: tuple[Port, ...] = tuple(Port(i, n, y, p) for i, n, y, p in (
    ("labrador", "Labrador", 1500, WEST), ("terra_nova", "Terra Nova", 1498, WEST),
    ("florida", "Florida", 1487, WEST), ("azores", "Azores", 1427, WEST),
    ("madeira", "Madeira", 1419, WEST), ("ceuta", "Ceuta", 1415, WEST),
    ("cape_bojador", "Cape Bojador", 1434, WEST), ("guinea", "Guinea", 1444, WEST),
    ("cape_verde", "Cape Verde", 1458, WEST), ("porto_seguro", "Porto Seguro", 1500, WEST),
    ("sao_tome", "S. Tomé and Príncipe", 1471, WEST), ("mina", "Mina", 1482, WEST),
    ("luanda", "Luanda", 1485, WEST), ("congo", "Congo River", 1482, WEST),
    ("good_hope", "Cape of Good Hope", 1487, WEST), ("mozambique", "Mozambique", 1498, EAST),
    ("sao_lourenco", "S. Lourenço", 1498, EAST), ("mauritius", "Mauritius", 1505, EAST),
    ("maldives", "Maldives", 1518, EAST), ("muscat", "Muscat", 1507, EAST),
    ("mogadishu", "Mogadishu", 1499, EAST), ("bahrain", "Bahrain", 1510, EAST),
    ("diu", "Diu", 1513, EAST), ("calcutta", "Calcutta", 1498, EAST),
    ("ceylon", "Ceylon", 1505, EAST), ("malacca", "Malacca", 1509, EAST),
    ("siam", "Kingdom of Siam", 1511, EAST), ("mombasa", "Mombasa", 1498, EAST),
    ("moluccas", "Moluccas", 1512, EAST), ("timor", "Timor", 1512, EAST),
    ("macau", "Macau", 1515, EAST), ("tanegashima", "Tanegashima", 1542, EAST),
))
PORT_IDS = tuple(p.id for p in PORTS)
PORT_BY_ID = {p.id: p for p in PORTS}
#: Shield values the rulebook gives (§9: Malacca 2, Ceylon 2); the rest are on the board.
KNOWN_PORT_VP = {"malacca": 2, "ceylon": 2}
#: Shield values a player may enter for a port whose value the text does not give.
SHIELD_VALUES = (1, 2, 3, 4, 5)

GOODS = ("chilli", "cinnamon", "brazilwood", "ivory", "silk", "silver", "pepper", "nutmeg")
PEPPER = "pepper"
SHIP4_GOODS = ("nutmeg", "silver")
#: Sale values (§7): silver and nutmeg 10 (INFERRED, AMB-36), the others 5.
GOODS_VP = {g: (10 if g in SHIP4_GOODS else 5) for g in GOODS}
#: INFERRED: which goods ships 1-3 carry is printed only on the player board.
DEFAULT_SLOTS = "chilli brazilwood / cinnamon ivory / silk pepper"
#: Goods ports the text gives (silver, cinnamon) or suggests (chilli, brazilwood: INFERRED).
DEFAULT_GOODS_PORTS = "silver=tanegashima cinnamon=ceylon brazilwood=porto_seguro chilli=guinea"
#: INFERRED: the red die's faces are printed only on the die ("red" nothing, "1" a wreck).
DEFAULT_DIE = "red red red red 1 1"
#: INFERRED: the event deck's composition (86 cards; §4.6 gives only the four types).
DEFAULT_DECK = ("storm2=22 storm4=14 compass-N=3 compass-NE=3 compass-E=3 compass-SE=3 "
                "compass-S=3 compass-SW=3 compass-W=3 compass-NW=3 wind=16 calm=10")
EVENT_CARDS = 86
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

MARKERS_PER_COLOUR = 12
CAPACITY_BASE = 9
CAPACITY_UPGRADED = 12
MONUMENTS_PER_COLOUR = 20
HAND_SIZE = 5
SCORE_TRACK = 100
#: Setup by player count (§2): monastery tiles, destination cards each, round-1 deal by position.
TILES = {2: (1, 2, 3), 3: (1, 2, 3, 4), 4: (1, 2, 3, 4, 5)}
DESTINATIONS_EACH = {2: 16, 3: 10, 4: 8}
FIRST_DEAL = (4, 5, 6, 7)
TILE_VP = 10
DESTINATION_VP = 5


def card_kinds_valid(card: str) -> bool:
    """``storm<N>``, ``compass-<DIR>``, ``wind`` or ``calm``."""
    if card in ("wind", "calm"):
        return True
    if card.startswith("storm"):
        return card[5:].isdigit() and 0 < int(card[5:]) <= 12
    return card.startswith("compass-") and card[8:] in COMPASS


def storm_n(card: str) -> int:
    return int(card[5:]) if card.startswith("storm") else 0


def parse_slots(text: str) -> tuple[tuple[str, ...], ...]:
    """``"a b / c d / e f"`` → the goods of ships 1-3, ship 4 always nutmeg and silver."""
    ships = tuple(tuple(part.split()) for part in (text or DEFAULT_SLOTS).split("/"))
    flat = [g for ship in ships for g in ship]
    basic = sorted(set(GOODS) - set(SHIP4_GOODS))
    if len(ships) != 3 or any(len(s) != 2 for s in ships) or sorted(flat) != basic:
        raise ConfigError(f"ship slots {text!r}: ships 1-3 must carry two goods each, "
                          f"together {', '.join(basic)}")
    return ships + (SHIP4_GOODS,)


def parse_goods_ports(text: str | None) -> dict[str, str]:
    """``"good=port ..."`` (unknown goods left out) → {good: port}; None: the rulebook's."""
    found: dict[str, str] = {}
    for item in (text if text is not None else DEFAULT_GOODS_PORTS).split():
        good, _, port = item.partition("=")
        if good not in GOODS or port not in PORT_BY_ID or good in found or port in found.values():
            raise ConfigError(f"goods ports: {item!r} must be good=port, each good and port once")
        found[good] = port
    return found


def parse_die(text: str) -> tuple[str, ...]:
    """Face labels: ``red`` (nothing happens) or a number of wrecks."""
    faces = tuple((text or DEFAULT_DIE).split())
    if not faces or any(f != "red" and not f.isdigit() for f in faces):
        raise ConfigError(f"red die {text!r}: faces are 'red' or a number of wrecks")
    return faces


def face_wrecks(face: str) -> int:
    return int(face) if face.isdigit() else 0


def parse_deck(text: str, total: int | None = EVENT_CARDS) -> tuple[tuple[str, int], ...]:
    """``"storm2=22 wind=16 ..."`` → sorted (card, count) pairs summing to ``total``."""
    deck: dict[str, int] = {}
    for item in (text or DEFAULT_DECK).split():
        card, _, count = item.partition("=")
        if not card_kinds_valid(card) or not count.isdigit() or card in deck:
            raise ConfigError(f"event deck: {item!r} must be card=count (storm2, compass-NW, "
                              "wind, calm), each card once")
        deck[card] = int(count)
    if total is not None and sum(deck.values()) != total:
        raise ConfigError(f"event deck: the counts add up to {sum(deck.values())}, not {total}")
    return tuple(sorted(deck.items()))
