"""Options (every AMB switch the engine reads, with the digest's defaults), the copy's
data (inferred defaults marked) and the rules value built from them."""
from __future__ import annotations

from typing import Any

from companion.caravelas.board import load_board
from companion.caravelas.data import GOODS_VP, parse_deck, parse_die, parse_goods_ports, parse_slots
from companion.caravelas.state import DRAWN_EVENTS, Rules
from companion.engine import Option
from companion.errors import ConfigError
from companion.messages import N_

#: the options a table rarely changes, behind one tap each on the setup screen
COPY = N_("For your copy of the game")
READINGS = N_("Where the rulebook is unclear")

OPTIONS: tuple[Option, ...] = (
    Option("board", "Board", "none", ("none", "demo"),
           "No board file (recommended for any copy): enter what happened. The demo board is a "
           "made-up board file to try sailing cell by cell; it is not the real map.",
           ("No board file: enter what happened", "Demo board (not the real map)")),
    Option("board.file", "Mapped board file", "", (),
           "A mapped board of your copy; when given it replaces the choice above."),
    Option("variant", "Variant", "standard", ("standard", "drawnEvents", "dice"),
           "The standard rules (recommended), or one of the rulebook's two simplified variants: "
           "event cards drawn on the cell instead of held, or two dice instead of navigation markers.",
           ("Standard rules", "Event cards drawn, not held", "Dice instead of markers")),
    Option("end.roundLimit", "Round limit", 0, (0, 10, 15, 20),
           "No limit (recommended): the game ends with the round of the last monastery tile. Or "
           "the game also ends after a number of rounds.",
           ("No limit", "10 rounds", "15 rounds", "20 rounds")),
    Option("wind.range", "A Favourable Wind card lets the other ships move", 2, (1, 2, 3),
           "The number printed on the card: 2 cells (recommended) unless your copy shows another.",
           ("1 cell", "2 cells", "3 cells"), group=COPY),
    Option("copy.slots", "The two goods each of ships 1 to 3 carries, as printed on your player boards", "", (),
           "As the rulebook and its pictures suggest, unless your boards show others. Ship 4 carries nutmeg "
           "and silver.", group=COPY),
    Option("copy.goodsPorts", "The port where each good is loaded, as printed on your board", "", (),
           "The ports the rulebook names, and the ones its pictures suggest, unless your board shows others.",
           group=COPY),
    Option("copy.die", "The faces of your red die", "", (),
           "Four red faces and two with a wreck, as the rulebook suggests, unless your die shows others.",
           group=COPY),
    Option("copy.deck", "The event cards in your box", "", (),
           "As the rulebook suggests, unless your box holds others; together they are 86.", group=COPY),
    Option("wind.recoversBids", "Favourable Wind recovers markers spent on bidding", True, (False, True),
           "Yes (recommended): two markers come back, whatever they were spent on. No: only "
           "markers spent on sailing.", group=READINGS),
    Option("turn.zeroStartFreeSteps", "A player with no markers left may still follow currents", False,
           (False, True), "No (recommended): a turn that starts with no marker available ends at "
           "once. Yes: free steps along currents are still sailed.", group=READINGS),
    Option("bonus.order", "Bonus moves start", "fromFirst", ("fromFirst", "afterActive"),
           "From the first turn-order space (recommended), or from the player after the active one.",
           ("From the first turn-order space", "After the active player"), group=READINGS),
    Option("compass.mayStop", "A compass storm may be cut short", False, (False, True),
           "No (recommended): the ship moves 2 cells if it can. Yes: its player may stop earlier.", group=READINGS),
    Option("wreck.emptyShips", "An empty ship may take the wreck", True, (False, True),
           "Yes (recommended): any ship not yet wrecked, empty or not, but never the locked ship 4. "
           "No: only a ship with goods.", group=READINGS),
    Option("pepper.maySell", "Pepper may be sold instead of buying a tile", True, (False, True),
           "Yes (recommended): buying a tile is a choice; buying the last one ends the game. No: "
           "pepper always buys a tile.", group=READINGS),
    Option("upgrade.withPepper", "Pepper counts towards the fleet upgrade", True, (False, True),
           "Yes (recommended): pepper may be one of the 3 different goods. No: it may not.", group=READINGS),
    Option("repair.onPass", "Sailing through Lisbon repairs wrecks", False, (False, True),
           "No (recommended): only a stop in Lisbon repairs. Yes: passing through repairs too.", group=READINGS),
    Option("discovery.mayDecline", "A player may leave a discovered port without a monument", False,
           (False, True), "No (recommended): the first ship in a port always places a monument. "
           "Yes: its player may leave it without one.", group=READINGS),
    Option("deck.reshuffle", "An empty event deck is refilled from the discard pile", True, (False, True),
           "Yes (recommended): the discard pile is shuffled into a new deck. No: once the deck is "
           "empty nobody draws.", group=READINGS),
    Option("lisbon.freeMoveStop", "A bonus move or a compass storm may stop in Lisbon", False, (False, True),
           "No (recommended): a free move passes through Lisbon. Yes: a ship that reaches Lisbon in a "
           "free move may stop there to repair, sell, upgrade and buy a tile; a bonus move ends there, "
           "a compass storm ends the turn.", group=READINGS),
    Option("turn.lastMarkerEndsAtOnce", "The last marker ends the turn before the cell's event", False,
           (False, True), "No (recommended): the event of the cell entered with the last marker is "
           "resolved first, so a Favourable Wind there keeps the turn going. Yes: the turn ends as soon "
           "as the last marker is paid; the port there is still discovered and loaded, but no card is "
           "played and no die is rolled.", group=READINGS),
    # No longer changes anything (a storm card can never spend markers the player lacks:
    # it is always checked against the markers left after the step, PL §10): not on the
    # setup screen, kept so that the games recorded with it still load.
    Option("storm.checkBeforeStep", "Storm cards are checked before paying the step", False, (False, True),
           on_setup=False),
)


def rules_from_options(opts: dict[str, Any]) -> Rules:
    """The rules value; a mapped game takes its data from the board file and refuses
    to start while a runtime value is missing there (§12, §16 item 1)."""
    source = opts["board.file"] or (opts["board"] if opts["board"] != "none" else "")
    board = load_board(source) if source else None
    if board is not None:
        missing = board.missing_runtime()
        if missing or board.slots is None or board.die is None or board.deck is None:
            raise ConfigError(f"board file {board.name}: a mapped game needs {', '.join(missing)}")
        slots, die, deck = board.slots, board.die, board.deck
        goods_ports, goods_vp = dict(board.goods_ports), dict(board.goods_vp)
    else:
        slots = parse_slots(opts["copy.slots"])
        die = parse_die(opts["copy.die"])
        deck = parse_deck(opts["copy.deck"])
        goods_ports = parse_goods_ports(opts["copy.goodsPorts"] or None)
        goods_vp = dict(GOODS_VP)
    if opts["variant"] == DRAWN_EVENTS:     # PL §15: only half of the Dead Calm cards
        deck = tuple((card, count // 2 if card == "calm" else count) for card, count in deck)
    return Rules(
        variant=opts["variant"], board_name=source or "none",
        fw_recovers_bids=opts["wind.recoversBids"], zero_start_free_steps=opts["turn.zeroStartFreeSteps"],
        bonus_after_active=opts["bonus.order"] == "afterActive", compass_may_stop=opts["compass.mayStop"],
        wreck_empty_ships=opts["wreck.emptyShips"], wind_range=opts["wind.range"],
        storm_check_before_step=opts["storm.checkBeforeStep"], pepper_may_be_sold=opts["pepper.maySell"],
        upgrade_with_pepper=opts["upgrade.withPepper"], repair_on_pass=opts["repair.onPass"],
        round_limit=opts["end.roundLimit"], discovery_may_decline=opts["discovery.mayDecline"],
        reshuffle=opts["deck.reshuffle"], lisbon_in_free_move=opts["lisbon.freeMoveStop"],
        last_marker_ends_turn=opts["turn.lastMarkerEndsAtOnce"], slots=tuple(slots),
        goods_ports=tuple(sorted(goods_ports.items())),
        goods_vp=tuple(sorted(goods_vp.items())), die=tuple(die), deck=tuple(deck), board=board)
