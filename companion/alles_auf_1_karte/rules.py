"""Turn structure: whose move it is, which moves are legal, and what they do.

Every function here is pure: it takes a :class:`GameState` and returns a new
one (or raises IllegalAction with a reason a player can read).
"""
from __future__ import annotations

from collections import Counter
from functools import partial
from itertools import combinations, combinations_with_replacement

from companion.actions import Action, Handlers
from companion.corrections import Counted, check_correction
from companion.engine import TABLE
from companion.errors import IllegalAction, InvalidAction
from companion.messages import Text, no_such_seat
from companion.alles_auf_1_karte.actions import (
    DICE_COUNT, CorrectMarks, DrawCard, EnterCard, KeepCards, Mark, Pass, RevealCard, Reroll, RollDice,
    TakeDisplayCard)
from companion.alles_auf_1_karte.texts import card_words, colour_word, describe_dice, seat_ref
from companion.alles_auf_1_karte.cards import COLOURS, card_from_id
from companion.alles_auf_1_karte.marking import RULE_ONE_CARD, check_colours, fitting_colours
from companion.alles_auf_1_karte.state import (
    CARDS_TO_END, DEAL, DECIDE, DISPLAY_SIZE, KEEP, MARK, MAX_THROWS, OVER, REPLACE, REVEAL,
    THROW, CardInPlay, Decision, GameState, ScoredCard, SeatState)

RULE_SETUP, RULE_ROLL, RULE_SCORE, RULE_END, RULE_ADVANCED = (
    "§3 setup", "§4.2 rolling", "§4.2 card scoring", "§5 end of game", "§7 advanced variant")


# -- whose move ---------------------------------------------------------------
def to_act(state: GameState) -> tuple[int, ...]:
    phase = state.phase
    if phase in (DEAL, REVEAL, THROW):
        return (TABLE,)
    if phase == KEEP:
        return tuple(s for s in range(state.player_count) if not state.kept[s])
    if phase == DECIDE:
        return (state.active,)
    if phase == MARK:
        return tuple(s for s in state.turn_order() if state.decisions[s] is None)
    if phase == REPLACE:
        return (state.replacements[0],) if state.rules.advanced else (TABLE,)
    return ()


def seats_to_deal(state: GameState) -> tuple[int, ...]:
    """Seats that still need starting cards (deal phase), from the start player
    clockwise; the table may deal to any of them first."""
    want = state.rules.setup_draw
    n = state.player_count
    order = ((state.rules.start + k) % n for k in range(n))
    return tuple(s for s in order if len(state.seats[s].open) < want)


# -- legal actions --------------------------------------------------------------
def legal_actions(state: GameState, seat: int | None = None) -> tuple[Action, ...]:
    actors = to_act(state) if seat is None else (seat,) if seat in to_act(state) else ()
    found: list[Action] = []
    for actor in actors:
        found.extend(_legal_for(state, actor))
    return tuple(found)


def _legal_for(state: GameState, actor: int) -> list[Action]:
    phase = state.phase
    if phase == DEAL:
        return [DrawCard(s, c) for s in seats_to_deal(state) for c in state.pile]
    if phase == REVEAL:
        return [RevealCard(c) for c in state.pile]
    if phase == THROW:
        kept = kept_dice(state)
        thrown = DICE_COUNT - len(kept)
        return [RollDice(kept + combo) for combo in combinations_with_replacement(COLOURS, thrown)]
    if phase == KEEP:
        ids = [c.id for c in state.seats[actor].open]
        return [KeepCards(actor, combo) for combo in combinations(ids, state.rules.open_cards)]
    if phase == DECIDE:
        subsets = {tuple(sorted(sub, key=COLOURS.index))
                   for k in range(DICE_COUNT + 1) for sub in combinations(state.dice, k)}
        return [Reroll(actor, sub) for sub in sorted(subsets, key=lambda s: (len(s), s))]
    if phase == MARK:
        return list(mark_actions(state, actor))
    if phase == REPLACE:
        if state.rules.advanced:
            return [TakeDisplayCard(actor, c.id) for c in state.display]
        return [DrawCard(state.replacements[0], c) for c in state.pile]
    return []


def mark_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    """Pass plus every legal Mark of ``seat`` with the current roll (marking no colour
    on a card is legal too, the same as passing: E-MARK-1)."""
    counts = state.dice_counts()
    found: list[Action] = [Pass(seat)]
    for card in state.seats[seat].open:
        found.append(Mark(seat, card.id, ()))
        fitting = fitting_colours(card, counts)
        if state.rules.must_use_all_fitting_colours:
            if fitting:
                found.append(Mark(seat, card.id, fitting))
            continue
        for k in range(1, len(fitting) + 1):
            found.extend(Mark(seat, card.id, combo) for combo in combinations(fitting, k))
    return tuple(found)


# -- applying -----------------------------------------------------------------
def apply(state: GameState, action: Action) -> GameState:
    if not _HANDLERS.handles(action):
        raise InvalidAction(f"{action!r} is not an Alles auf 1 Karte action")
    if isinstance(action, CorrectMarks):
        return _correct_marks(state, action)             # at any moment: the table always wins
    if state.phase == OVER:
        raise IllegalAction(Text("The game is over."), RULE_END)
    return _HANDLERS.apply(state, action)


def _require_phase(state: GameState, phases: tuple[str, ...], what: Text) -> None:
    if state.phase not in phases:
        raise IllegalAction(Text("{action} is not possible now ({phase}).", action=what,
                                 phase=_phase_text(state)), _PHASE_RULE.get(state.phase))


def _phase_text(state: GameState) -> Text:
    if state.phase == DEAL:
        return Text("the starting cards are being dealt")
    if state.phase == KEEP:
        return Text("players are choosing which 3 cards to keep")
    if state.phase == REVEAL:
        return Text("the display is being laid out")
    if state.phase == THROW:
        return Text("the table must report throw {number}", number=state.throws + 1)
    if state.phase == DECIDE:
        return Text("{seat} decides which dice to re-roll", seat=seat_ref(state.active))
    if state.phase == MARK:
        if state.throws >= MAX_THROWS:
            return Text("the third throw is final; players are marking")
        return Text("the roll is final; players are marking")
    if state.phase == REPLACE:
        return Text("{seat} gets a new card", seat=seat_ref(state.replacements[0]))
    return Text("the game is over")


_PHASE_RULE = {DEAL: RULE_SETUP, KEEP: RULE_ADVANCED, REVEAL: RULE_ADVANCED, THROW: RULE_ROLL,
               DECIDE: RULE_ROLL, MARK: "§4.2 using the roll", REPLACE: RULE_SCORE}


def _check_seat(state: GameState, seat: int) -> None:
    if not 0 <= seat < state.player_count:
        raise IllegalAction(no_such_seat(state.player_count))


def _take_from_pile(state: GameState, card_id: str) -> tuple[CardInPlay, tuple[str, ...]]:
    if card_id not in state.pile:
        if state.card(card_id) is None:
            raise IllegalAction(Text("This game's card list has no {card}.", card=card_words(card_id)))
        raise IllegalAction(Text("The pile no longer holds {card}: it is already on the table.",
                                 card=card_words(card_id)))
    card = state.card(card_id)
    assert card is not None
    return CardInPlay(card), tuple(c for c in state.pile if c != card_id)


def _draw_card(state: GameState, action: DrawCard) -> GameState:
    _require_phase(state, (DEAL, REPLACE), Text("Drawing a card"))
    _check_seat(state, action.seat)
    if state.phase == REPLACE:
        if state.rules.advanced:
            raise IllegalAction(Text("In the advanced variant a new card is taken from the display."),
                                RULE_ADVANCED)
        if action.seat != state.replacements[0]:
            raise IllegalAction(Text("{seat} draws next (turn order).",
                                     seat=seat_ref(state.replacements[0], capitalised=True)),
                                "§4.2 card scoring (AMB-A4)")
    elif action.seat not in seats_to_deal(state):
        raise IllegalAction(Text("{seat} already has its starting cards.",
                                 seat=seat_ref(action.seat, capitalised=True)), RULE_SETUP)
    card, pile = _take_from_pile(state, action.card)
    seat = state.seats[action.seat]
    after = state.with_seat(action.seat, SeatState(seat.open + (card,), seat.scored))
    after = after.evolve(pile=pile)
    if state.phase == REPLACE:
        return _next_replacement(after.evolve(replacements=state.replacements[1:]))
    if seats_to_deal(after):
        return after
    if state.rules.advanced:
        return after.evolve(phase=KEEP, kept=(False,) * state.player_count)
    return _start_round(after, state.rules.start)


def _enter_card(state: GameState, action: EnterCard) -> GameState:
    """A real card that matches no layout of the set takes a pile card's place (not
    offered by legal_actions: the table types no layouts at random)."""
    _require_phase(state, (DEAL, REVEAL, REPLACE), Text("Entering a card from the box"))
    if action.replaces not in state.pile:
        raise IllegalAction(Text("Only a card still in the pile can make room for the card from "
                                 "the box; {card} is not in the pile.", card=card_words(action.replaces)),
                            RULE_SETUP)
    if state.card(action.card) is not None:
        raise IllegalAction(Text("This game's set already has {card}: pick it from the list.",
                                 card=card_words(action.card)), RULE_SETUP)
    real = card_from_id(action.card)
    return state.evolve(
        cards=tuple(real if c.id == action.replaces else c for c in state.cards),
        pile=tuple(real.id if c == action.replaces else c for c in state.pile))


def _keep_cards(state: GameState, action: KeepCards) -> GameState:
    _require_phase(state, (KEEP,), Text("Keeping cards"))
    _check_seat(state, action.seat)
    if state.kept[action.seat]:
        raise IllegalAction(Text("{seat} has already chosen its cards.",
                                 seat=seat_ref(action.seat, capitalised=True)), RULE_ADVANCED)
    want = state.rules.open_cards
    if len(action.cards) != want:
        raise IllegalAction(Text("Keep exactly {count} card, not {given}.",
                                 "Keep exactly {count} cards, not {given}.",
                                 count=want,
                                 given=len(action.cards)), RULE_ADVANCED)
    seat = state.seats[action.seat]
    for card_id in action.cards:
        if seat.open_card(card_id) is None:
            raise IllegalAction(Text("{seat} did not draw {card}.",
                                     seat=seat_ref(action.seat, capitalised=True), card=card_words(card_id)),
                                RULE_ADVANCED)
    kept = tuple(c for c in seat.open if c.id in action.cards)
    returned = {c.id for c in seat.open if c.id not in action.cards}
    pile = tuple(c.id for c in state.cards if c.id in returned or c.id in state.pile)
    after = state.with_seat(action.seat, SeatState(kept, seat.scored))
    flags = tuple(True if s == action.seat else f for s, f in enumerate(state.kept))
    after = after.evolve(pile=pile, kept=flags)
    return after.evolve(phase=REVEAL) if all(flags) else after


def _reveal_card(state: GameState, action: RevealCard) -> GameState:
    _require_phase(state, (REVEAL,), Text("Laying out a display card"))
    card, pile = _take_from_pile(state, action.card)
    after = state.evolve(display=state.display + (card.card,), pile=pile)
    if len(after.display) < DISPLAY_SIZE and after.pile and state.round == 0:
        return after
    if state.round == 0:
        return _start_round(after, state.rules.start)
    return _next_replacement(after)


def kept_dice(state: GameState) -> tuple[str, ...]:
    """Dice that stay on the table during this throw (canonical order)."""
    if state.throws == 0:
        return ()
    rest = Counter(state.dice) - Counter(state.picked_up)
    return tuple(sorted(rest.elements(), key=COLOURS.index))


def _roll_dice(state: GameState, action: RollDice) -> GameState:
    _require_phase(state, (THROW,), Text("A throw"))
    kept = kept_dice(state)
    if Counter(kept) - Counter(action.faces):
        raise IllegalAction(Text("The kept dice ({kept}) must still show the same faces; only {rerolled} "
                                 "were re-rolled.", kept=describe_dice(kept),
                                 rerolled=describe_dice(state.picked_up)), RULE_ROLL)
    throws = state.throws + 1
    after = state.evolve(dice=action.faces, throws=throws, picked_up=())
    return _start_marking(after) if throws >= MAX_THROWS else after.evolve(phase=DECIDE)


def _reroll(state: GameState, action: Reroll) -> GameState:
    _check_seat(state, action.seat)
    if state.phase == DECIDE and action.seat != state.active:
        raise IllegalAction(Text("Only the active player ({seat}) rolls the dice.",
                                 seat=seat_ref(state.active)), RULE_ROLL)
    _require_phase(state, (DECIDE,), Text("Re-rolling"))
    if not action.dice:
        return _start_marking(state)
    missing = Counter(action.dice) - Counter(state.dice)
    if missing:
        raise IllegalAction(Text("Cannot re-roll {dice}: the dice show {shown}.",
                                 dice=describe_dice(action.dice), shown=describe_dice(state.dice)),
                            RULE_ROLL)
    return state.evolve(phase=THROW, picked_up=action.dice)


def _mark(state: GameState, action: Mark) -> GameState:
    seat_no = _check_marker(state, action.seat)
    seat = state.seats[seat_no]
    card = seat.open_card(action.card)
    if card is None:
        if any(s.id == action.card for s in seat.scored):
            raise IllegalAction(Text("The marks on {card} are final: it is already scored.",
                                     card=card_words(action.card)), RULE_SCORE)
        raise IllegalAction(Text("{seat} has no open {card}.",
                                 seat=seat_ref(seat_no, capitalised=True), card=card_words(action.card)),
                            RULE_ONE_CARD)
    counts = state.dice_counts()
    check_colours(card, counts, action.colours, state.rules.must_use_all_fitting_colours)
    marked = card.with_dice(counts, action.colours)
    if not marked.must_score:
        opened = tuple(marked if c.id == card.id else c for c in seat.open)
        after = state.with_seat(seat_no, SeatState(opened, seat.scored))
        return _decided(after, seat_no, Decision(card.id, action.colours))
    scored = ScoredCard(marked, marked.row_points, marked.sun_bonus)
    opened = tuple(c for c in seat.open if c.id != card.id)
    after = state.with_seat(seat_no, SeatState(opened, seat.scored + (scored,)))
    if len(after.seats[seat_no].scored) >= CARDS_TO_END:
        after = after.evolve(final_round=True)
    return _decided(after, seat_no, Decision(card.id, action.colours, scored.score))


def _pass(state: GameState, action: Pass) -> GameState:
    seat_no = _check_marker(state, action.seat)
    return _decided(state, seat_no, Decision())


def _check_marker(state: GameState, seat: int) -> int:
    _check_seat(state, seat)
    if state.phase == DECIDE and seat == state.active:
        raise IllegalAction(Text("Keep the roll first (re-roll nothing) to make it final."), RULE_ROLL)
    _require_phase(state, (MARK,), Text("Marking"))
    if state.decisions[seat] is not None:
        raise IllegalAction(Text("{seat} has already used this roll.", seat=seat_ref(seat, capitalised=True)),
                            RULE_ONE_CARD)
    return seat


def _decided(state: GameState, seat: int, decision: Decision) -> GameState:
    decisions = tuple(decision if s == seat else d for s, d in enumerate(state.decisions))
    after = state.evolve(decisions=decisions)
    made = tuple(d for d in decisions if d is not None)
    if len(made) < len(decisions):
        return after
    if after.final_round and (not state.rules.equal_turns or is_last_in_rotation(after)):
        return after.evolve(phase=OVER, replacements=())
    scorers = tuple(s for s in after.turn_order() if made[s].scored is not None)
    return _next_replacement(after.evolve(replacements=scorers))


def is_last_in_rotation(state: GameState) -> bool:
    """True when the active seat is the last before the start player."""
    return (state.active + 1) % state.player_count == state.rules.start


def _take_display_card(state: GameState, action: TakeDisplayCard) -> GameState:
    _check_seat(state, action.seat)
    _require_phase(state, (REPLACE,), Text("Taking a display card"))
    if not state.rules.advanced:
        raise IllegalAction(Text("In the basic game a new card is drawn from the pile."), RULE_SCORE)
    if action.seat != state.replacements[0]:
        raise IllegalAction(Text("{seat} chooses next (turn order).",
                                 seat=seat_ref(state.replacements[0], capitalised=True)),
                            "§7 advanced variant (AMB-A4)")
    taken = next((c for c in state.display if c.id == action.card), None)
    if taken is None:
        raise IllegalAction(Text("The display does not hold {card}.", card=card_words(action.card)),
                            RULE_ADVANCED)
    seat = state.seats[action.seat]
    after = state.with_seat(action.seat, SeatState(seat.open + (CardInPlay(taken),),
                                                        seat.scored))
    after = after.evolve(display=tuple(c for c in state.display if c.id != action.card),
                         replacements=state.replacements[1:])
    if after.pile:
        return after.evolve(phase=REVEAL)
    return _next_replacement(after)                       # AMB-A10: no refill


def _correct_marks(state: GameState, action: CorrectMarks) -> GameState:
    """Set the marks of an open card to what is crossed on the table."""
    _check_seat(state, action.seat)
    seat = state.seats[action.seat]
    card = seat.open_card(action.card)
    if card is None:
        raise IllegalAction(Text("{seat} has no open {card}; a scored card is read-only.",
                                 seat=seat_ref(action.seat, capitalised=True), card=card_words(action.card)),
                            RULE_SCORE)
    if len(action.after) != len(card.marks):
        raise IllegalAction(Text("The {card} has {count} row, not {given}.", "The {card} has {count} rows, not {given}.",
                                 card=card_words(action.card),
                                 count=len(card.marks), given=len(action.after)))
    check_correction(card.marks, action.before, action.after)
    for row, marks in zip(card.card.rows, action.after):
        if marks > row.fields:
            raise IllegalAction(Text("The {colour} row of the {card} has only {count} field.",
                                     "The {colour} row of the {card} has only {count} fields.",
                                     colour=colour_word(row.colour), card=card_words(action.card),
                                     count=row.fields))
    corrected = CardInPlay(card.card, action.after)
    if corrected.must_score:
        raise IllegalAction(Text("Three complete rows score the card: correct the marks without the "
                                 "last ones and cross those with the roll."), RULE_SCORE)
    opened = tuple(corrected if c.id == card.id else c for c in seat.open)
    return state.with_seat(action.seat, SeatState(opened, seat.scored))


def counted(state: GameState) -> tuple[Counted, ...]:
    """The fields crossed in each row of every open card, for the "correct the table" screen."""
    found = []
    for seat_no, seat in enumerate(state.seats):
        for position, card in enumerate(seat.open, start=1):
            for index, row in enumerate(card.card.rows):
                found.append(Counted(      # the card as the player's panel numbers it, not its code
                    Text("{name}: card {n}, {colour} row", name=state.names[seat_no], n=position,
                         colour=colour_word(row.colour)),
                    card.marks[index], partial(_row_correction, seat_no, card, index)))
    return tuple(found)


def _row_correction(seat: int, card: CardInPlay, index: int, after: int) -> CorrectMarks:
    marks = card.marks[:index] + (after,) + card.marks[index + 1:]
    return CorrectMarks(seat, card.id, card.marks, marks)


def _next_replacement(state: GameState) -> GameState:
    """Give the next scorer a card, skipping any that cannot get one; else next round."""
    queue = state.replacements
    while queue:
        source = state.display if state.rules.advanced else state.pile
        if source:
            return state.evolve(phase=REPLACE, replacements=queue)
        queue = queue[1:]                                 # AMB-A10: nothing left to take
    return _start_round(state.evolve(replacements=()), (state.active + 1) % state.player_count)


def _start_round(state: GameState, active: int) -> GameState:
    return state.evolve(phase=THROW, round=state.round + 1, active=active, throws=0, dice=(),
                        picked_up=(), decisions=(None,) * state.player_count, replacements=())


def _start_marking(state: GameState) -> GameState:
    return state.evolve(phase=MARK, picked_up=())


_HANDLERS = (Handlers[GameState]()
             .on(DrawCard, _draw_card).on(EnterCard, _enter_card).on(KeepCards, _keep_cards)
             .on(RevealCard, _reveal_card).on(RollDice, _roll_dice).on(Reroll, _reroll).on(Mark, _mark)
             .on(Pass, _pass).on(TakeDisplayCard, _take_display_card).on(CorrectMarks, _correct_marks))
