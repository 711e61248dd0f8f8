"""The Caravelas state: an immutable value (frozen dataclasses, tuples only).

Phases: ``order`` (the table draws the first turn order, SETUP-09) → rounds of
``bid`` (BID-01..05) → ``place`` (BID-06) → ``turn`` (one per player in track
order) → after the round of the last monastery tile, ``reveal`` (destination
cards shown, DEST-03) → ``over``.  Inside a turn ``pending`` says what the engine
waits for: the table (``die``, ``draw``, ``dice``), the active player (``blue``,
``wreck``, ``lisbon``, ``compass``) or the bonus movers (``bonus``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.caravelas.board import Board
from companion.caravelas.data import CAPACITY_BASE, GOODS, MARKERS_PER_COLOUR, TILE_VP
from companion.errors import ConfigError

ORDER, BID, PLACE, TURN, REVEAL, OVER = "order", "bid", "place", "turn", "reveal", "over"
STANDARD, DRAWN_EVENTS, DICE = "standard", "drawnEvents", "dice"


@dataclass(frozen=True)
class Rules:
    """Options and the copy's data (see ``companion.caravelas.setup.OPTIONS``)."""

    variant: str = STANDARD
    board_name: str = "none"
    fw_recovers_bids: bool = True          # AMB-04
    zero_start_free_steps: bool = False    # AMB-09
    bonus_after_active: bool = False       # AMB-13
    compass_may_stop: bool = False         # AMB-16
    wreck_empty_ships: bool = True         # AMB-20
    wind_range: int = 2                    # AMB-22
    storm_check_before_step: bool = False  # AMB-11
    pepper_may_be_sold: bool = True        # AMB-27
    upgrade_with_pepper: bool = True       # AMB-29
    repair_on_pass: bool = False           # AMB-30
    round_limit: int = 0                   # AMB-37 (0: none)
    discovery_may_decline: bool = False    # AMB-19
    reshuffle: bool = True                 # AMB-26
    lisbon_in_free_move: bool = False      # AMB-14: a free move may stop in Lisbon
    last_marker_ends_turn: bool = False    # AMB-08: the last marker ends the turn before the cell's event
    slots: tuple[tuple[str, ...], ...] = ()
    goods_ports: tuple[tuple[str, str], ...] = ()
    goods_vp: tuple[tuple[str, int], ...] = ()
    die: tuple[str, ...] = ()
    deck: tuple[tuple[str, int], ...] = ()
    board: Board | None = field(default=None, repr=False, compare=False)

    @property
    def mapped(self) -> bool:
        return self.board is not None

    @property
    def mapped_board(self) -> Board:
        """The board file, where the rules ask for it only when the game is ``mapped``."""
        if self.board is None:
            raise ConfigError("this game is played without a board file")
        return self.board

    @property
    def hands(self) -> bool:
        """Event cards are held in hand (not in the variants)."""
        return self.variant == STANDARD

    def good_port(self, good: str) -> str | None:
        return dict(self.goods_ports).get(good)

    def good_vp(self, good: str) -> int:
        return dict(self.goods_vp)[good]

    def ship_of(self, good: str) -> int:
        """Ship number (1-4) whose slot holds ``good``."""
        return next(n for n, goods in enumerate(self.slots, 1) if good in goods)


@dataclass(frozen=True)
class PlayerState:
    capacity: int = CAPACITY_BASE
    spent: int = 0
    bid: int = 0                         # the part of ``spent`` paid in this round's bidding
    upgraded: bool = False
    wrecks: tuple[int, ...] = ()         # wrecked ship numbers
    cargo: tuple[str, ...] = ()          # goods aboard (sorted)
    voyage: tuple[str, ...] = ()         # kinds loaded since the last Lisbon stop (sorted)
    discoveries: int = 0                 # VP from discoveries
    sales: int = 0                       # VP from goods sold in Lisbon
    tiles: tuple[int, ...] = ()
    hand: int = 0                        # event cards held (count only: hidden)
    where: str = ""                      # cell id (mapped) or port id / "lisbon" / "sea"
    part: str = "WEST"
    destinations: int = 0                # destination cards held (hidden until the end)
    revealed: tuple[str, ...] = ()       # destination cards shown at the end

    @property
    def running_score(self) -> int:
        return self.discoveries + self.sales + TILE_VP * len(self.tiles)

    def markers_locked(self) -> int:
        """Markers off the crosses that are not spent: the ship-4 lock and the reserve."""
        return 0 if self.upgraded else MARKERS_PER_COLOUR - CAPACITY_BASE


@dataclass(frozen=True)
class Bonus:
    """Bonus moves being taken (§4.7) and the active player's effect that follows."""

    card: str
    range: int
    direction: str | None        # compass storms: the only direction allowed
    queue: tuple[int, ...]       # seats still to take or decline, the mover first
    steps: int = 0               # cells moved by the current mover


@dataclass(frozen=True)
class CaravelasState:
    rules: Rules
    players: tuple[PlayerState, ...]
    phase: str = ORDER
    round: int = 1
    order: tuple[int, ...] = ()              # seats by track position
    totals: tuple[int, ...] = ()             # bids this round, by seat
    high: int = 0
    quiet: int = 0                           # passes since the last raise
    cursor: int = 0                          # bidding: position to speak next
    positions: tuple[tuple[int, int], ...] = ()  # placement so far: (seat, position)
    turn: int = 0                            # position of the active player
    pending: str = ""
    bonus: Bonus | None = None
    wrecks_due: int = 0
    last_cost: int = 0                       # cost of the step into the current cell
    points: int = 0                          # variant 2: movement points this turn
    discovered: tuple[tuple[str, int], ...] = ()  # (port, seat), sorted
    tiles_left: tuple[int, ...] = ()
    deck: int = 0
    discard: int = 0
    boxed: int = 0                           # destination cards left in the box
    last_tile_round: bool = False            # the last tile was bought this round

    @property
    def active(self) -> int:
        return self.order[self.turn]

    @property
    def bonus_mover(self) -> int:
        """The seat taking a free move now (while ``pending`` is "bonus")."""
        assert self.bonus is not None   # pending "bonus" holds the bonus moves
        return self.bonus.queue[0]

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def with_player(self, seat: int, **changes) -> "CaravelasState":
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return replace(self, players=tuple(players))

    def available(self, seat: int) -> int:
        p = self.players[seat]
        budget = self.points if self.rules.variant == DICE else p.capacity
        return budget - p.spent

    def owner(self, port: str) -> int | None:
        return dict(self.discovered).get(port)

    def supply(self) -> dict[str, int]:
        """Goods cubes in the bank, by kind (4 of each minus those aboard)."""
        return {g: 4 - sum(g in p.cargo for p in self.players) for g in GOODS}
