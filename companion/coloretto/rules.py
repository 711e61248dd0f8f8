"""Coloretto rules: setup, who acts, legal actions and applying them (digest §3–§5).

Every function is pure: states go in, new states (or IllegalAction) come out.
Rows and seats are 0-based; messages name rows and seats as players do
("the first row", the player's name); docs/messages.md has the conventions.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial

from companion.actions import Action, Handlers
from companion.coloretto.actions import (ACTION_CLASSES, ChooseScoring, CorrectCards, Draw, Place, RemoveColour,
                                         Reveal, StartCard, StartPlayer, Take)
from companion.coloretto.texts import KIND_WORDS, card_label, colour_word, row_words
from companion.coloretto.data import CATALOGUE, GOLDEN_JOKER, JOKER, LAST_ROUND, PILE_KINDS, PLUS2
from companion.coloretto.state import (DRAW, OVER, PLACE, REMOVE_COLOURS, START_CARDS, START_PLAYER, TURN,
                                       ColorettoState, Row)
from companion.coloretto.scoring import scoring_problem
from companion.corrections import Counted, check_box, check_correction
from companion.engine import TABLE
from companion.errors import IllegalAction, InvalidAction
from companion.messages import Text, no_such_seat


# -- who acts ---------------------------------------------------------------------------

def next_start_card_seat(state: ColorettoState) -> int:
    return state.start_card_order()[len(state.start_cards)]


def to_act(state: ColorettoState) -> tuple[int, ...]:
    """``(TABLE,)`` for chance and table decisions, the seat on its turn, ``()`` when over."""
    if state.phase in (REMOVE_COLOURS, START_PLAYER, DRAW):
        return (TABLE,)
    if state.phase == START_CARDS:
        if state.rules.start_cards == "chosen":
            return (next_start_card_seat(state),)
        return (TABLE,)
    if state.phase in (TURN, PLACE):
        return (state.current,)
    return ()


# -- legal actions ----------------------------------------------------------------------

def allowed_start_colours(state: ColorettoState, seat: int) -> tuple[str, ...]:
    """Colours ``seat`` may start with: in play, not already its own, and not another
    player's (except with 2 players when the all-distinct option is off, AMB-C1)."""
    own = state.start_colours(seat)
    shared_ok = state.players == 2 and not state.rules.start_colours_all_distinct
    taken = {c for s, c in state.start_cards if s != seat} if not shared_ok else set()
    return tuple(c for c in state.colours_in_play
                 if c not in own and c not in taken and state.left(c) > 0)


def possible_reveals(state: ColorettoState) -> tuple[str, ...]:
    """Every card the next draw can physically be: any card still in the pile.  The
    last-round card should lie exactly 15 cards from the bottom (§3.1 step 6), but a
    table can miscount: it is accepted whenever it comes, and a colour card is
    accepted at the draw where it was foretold (the table always wins)."""
    return tuple(kind for kind in PILE_KINDS if state.left(kind) > 0)


def is_foretold(state: ColorettoState, card: str) -> bool:
    """Whether ``card`` as the next draw agrees with where the last-round card was
    foretold (False means the pile was miscounted)."""
    if state.last_round or not state.last_round_draw:
        return True
    return (card == LAST_ROUND) == (state.next_draw == state.last_round_draw)


def foretold_reveals(state: ColorettoState) -> tuple[str, ...]:
    """The cards the next draw should be if the pile was counted right: only the
    last-round card at its draw, never before it (what simulated tables draw)."""
    cards = tuple(card for card in possible_reveals(state) if is_foretold(state, card))
    return cards or possible_reveals(state)


def can_draw(state: ColorettoState) -> bool:
    return any(row.can_place for row in state.rows) and state.pile_size > 0


def must_take_empty(state: ColorettoState) -> bool:
    """The pile ran out (it was miscounted and the last-round card came up last) and
    no open row holds a card: the player takes an empty row to end the round."""
    return (state.phase == TURN and not can_draw(state)
            and not any(row.can_take for row in state.rows))


def legal_actions(state: ColorettoState, seat: int | None = None) -> tuple[Action, ...]:
    actors = to_act(state)
    if seat is not None and seat not in actors:
        return ()
    phase = state.phase
    if phase == REMOVE_COLOURS:
        return tuple(RemoveColour(c) for c in state.colours_in_play)
    if phase == START_CARDS:
        receiver = next_start_card_seat(state)
        return tuple(StartCard(receiver, c) for c in allowed_start_colours(state, receiver))
    if phase == START_PLAYER:
        return tuple(StartPlayer(s) for s in range(state.players))
    if phase == DRAW:
        return tuple(Reveal(card) for card in possible_reveals(state))
    if phase == TURN:
        acts: list[Action] = [Draw(state.current)] if can_draw(state) else []
        empty_ok = must_take_empty(state)
        acts += [Take(state.current, i) for i, row in enumerate(state.rows)
                 if row.can_take or (empty_ok and row.is_open)]
        return tuple(acts)
    if phase == PLACE:
        return tuple(Place(state.current, i) for i, row in enumerate(state.rows) if row.can_place)
    return ()


# -- applying ---------------------------------------------------------------------------

def apply(state: ColorettoState, action: Action) -> ColorettoState:
    """The state after ``action``; InvalidAction if it is not a Coloretto action,
    IllegalAction (with the rule) if the rules forbid it now."""
    if not isinstance(action, ACTION_CLASSES):
        raise InvalidAction(f"not a Coloretto action: {action!r}")
    if isinstance(action, CorrectCards):
        return _correct_cards(state, action)
    if isinstance(action, ChooseScoring):
        return _choose_scoring(state, action)
    if state.phase == OVER:
        raise IllegalAction(Text("the game is over"), "§5")
    handlers = _HANDLERS[state.phase]
    if not handlers.handles(action):
        if isinstance(action, RemoveColour) and state.phase == START_CARDS:
            raise IllegalAction(_no_colour_removed(state), "§3.1 step 3")
        raise IllegalAction(_WAITING_FOR[state.phase](state))
    return handlers.apply(state, action)


def _name(state: ColorettoState, seat: int) -> str:
    return state.names[seat]


def _check_seat_exists(state: ColorettoState, seat: int) -> None:
    if not 0 <= seat < state.players:
        raise IllegalAction(no_such_seat(state.players))


def _check_turn(state: ColorettoState, seat: int) -> None:
    _check_seat_exists(state, seat)
    if seat == state.current:
        return
    if seat in state.out:
        raise IllegalAction(Text("{name} has taken a row and sits out the rest of this round",
                                 name=_name(state, seat)), "§4.3 B")
    raise IllegalAction(Text("it is {name}'s turn, not {other}'s", name=_name(state, state.current),
                             other=_name(state, seat)), "§4.1")


def _row(state: ColorettoState, index: int) -> Row:
    if not 0 <= index < len(state.rows):
        raise IllegalAction(Text("there is no such row: this game has {count} row",
                                 "there is no such row: this game has {count} rows", count=len(state.rows)))
    row = state.rows[index]
    if row.taken_by is not None:
        raise IllegalAction(Text("{row} was already taken this round by {name}",
                                 row=row_words(index), name=_name(state, row.taken_by)), "§4.3 B")
    return row


def _remove_colour(state: ColorettoState, action: RemoveColour) -> ColorettoState:
    if action.colour in state.removed:
        raise IllegalAction(Text("{colour} is already out of the game", colour=colour_word(action.colour)),
                            "§3.1 step 3")
    removed = state.removed + (action.colour,)
    done = len(removed) == CATALOGUE.removed_for(state.players)
    return replace(state, removed=removed,
                   pile=state.without_from_pile(action.colour, state.left(action.colour)),
                   phase=START_CARDS if done else REMOVE_COLOURS)


def _start_card(state: ColorettoState, action: StartCard) -> ColorettoState:
    _check_seat_exists(state, action.seat)
    receiver = next_start_card_seat(state)
    if action.seat != receiver:
        raise IllegalAction(Text("the next start card goes to {name}, not {other}",
                                 name=_name(state, receiver), other=_name(state, action.seat)),
                            "§3.1 step 5")
    colour = action.colour
    if colour in state.removed:
        raise IllegalAction(Text("{colour} was removed from this game", colour=colour_word(colour)),
                            "§3.1 step 3")
    if colour in state.start_colours(action.seat):
        raise IllegalAction(Text("{name} already starts with {colour}; the two start cards differ",
                                 name=_name(state, action.seat), colour=colour_word(colour)), "§3.3")
    if colour not in allowed_start_colours(state, action.seat):
        raise IllegalAction(Text("another player already starts with {colour}; start colours must all "
                                 "differ", colour=colour_word(colour)), "§3.1 step 5")
    collections = list(state.collections)
    collections[action.seat] = collections[action.seat].add(colour)
    start_cards = state.start_cards + ((action.seat, colour),)
    done = len(start_cards) == len(state.start_card_order())
    return replace(state, start_cards=start_cards, collections=tuple(collections),
                   pile=state.without_from_pile(colour),
                   phase=START_PLAYER if done else START_CARDS)


def _start_player(state: ColorettoState, action: StartPlayer) -> ColorettoState:
    _check_seat_exists(state, action.seat)
    return replace(state, phase=TURN, current=action.seat, round=1,
                   last_round_draw=state.pile_size - CATALOGUE.cards_under_last_round)


def _draw(state: ColorettoState, action: Draw) -> ColorettoState:
    _check_turn(state, action.seat)
    if not any(row.can_place for row in state.rows):
        raise IllegalAction(Text("every open row is full, so you must take a row"), "§4.3 A")
    if state.pile_size == 0:
        raise IllegalAction(Text("the draw pile is empty"), "§4.4")
    return replace(state, phase=DRAW)


def _reveal(state: ColorettoState, action: Reveal) -> ColorettoState:
    card, number = action.card, state.next_draw
    if state.left(card) <= 0:
        if card in state.removed:
            raise IllegalAction(Text("{colour} was removed from this game", colour=colour_word(card)),
                                "§3.1 step 3")
        raise IllegalAction(Text("{card} cannot be drawn: every copy is already out of the pile",
                                 card=card_label(card)), "§2")
    after = replace(state, pile=state.without_from_pile(card), draws=number)
    if state.bonus_for is not None:
        return _golden_bonus(after, card, number - state.last_round_draw)
    if card == LAST_ROUND:
        # The card goes to the side and the same player draws again (§4.3, AMB-C10).
        phase = DRAW if state.rules.after_last_round_card == "draw_again" and after.pile_size else TURN
        return replace(after, last_round=True, phase=phase, miscount=number - state.last_round_draw)
    return replace(after, drawn=card, phase=PLACE)


def _place(state: ColorettoState, action: Place) -> ColorettoState:
    _check_turn(state, action.seat)
    row = _row(state, action.row)
    if row.room <= 0:
        raise IllegalAction(Text("{row} is full: it holds only {count} card",
                                 "{row} is full: it holds {count} cards", row=row_words(action.row),
                                 count=row.capacity), "§4.3 A")
    assert state.drawn is not None   # the PLACE phase holds the drawn card
    rows = list(state.rows)
    rows[action.row] = replace(row, cards=row.cards + (state.drawn,))
    placed = replace(state, rows=tuple(rows), drawn=None, phase=TURN)
    return replace(placed, current=placed.next_active_after(action.seat))


def _take(state: ColorettoState, action: Take) -> ColorettoState:
    _check_turn(state, action.seat)
    row = _row(state, action.row)
    if not row.cards and not must_take_empty(state):
        raise IllegalAction(Text("{row} has no cards to take", row=row_words(action.row)), "§4.3 B")
    collection = state.collections[action.seat]
    for card in row.cards:
        collection = collection.add(card)
    collections = list(state.collections)
    collections[action.seat] = collection
    rows = list(state.rows)
    rows[action.row] = Row(row.capacity, (), action.seat)
    after = replace(state, rows=tuple(rows), collections=tuple(collections),
                    out=state.out + (action.seat,), last_taker=action.seat)
    if GOLDEN_JOKER in row.cards and after.pile_size:
        # the golden joker also brings its taker the top card of the pile (AMB-C13)
        return replace(after, phase=DRAW, bonus_for=action.seat)
    return _after_take(after, action.seat)


def _after_take(state: ColorettoState, seat: int) -> ColorettoState:
    """The next active player's turn, or the round ends when everyone has taken a row."""
    if len(state.out) < state.players:
        return replace(state, current=state.next_active_after(seat))
    return _end_round(state)


def _golden_bonus(state: ColorettoState, card: str, miscount: int) -> ColorettoState:
    """The top card the golden joker's taker receives: it joins their cards; the
    last-round card goes to the side instead and they take the next one."""
    seat = state.bonus_for
    assert seat is not None
    if card == LAST_ROUND:
        state = replace(state, last_round=True, miscount=miscount)
        return state if state.pile_size else _after_take(replace(state, bonus_for=None, phase=TURN), seat)
    collections = list(state.collections)
    collections[seat] = collections[seat].add(card)
    return _after_take(replace(state, collections=tuple(collections), bonus_for=None, phase=TURN), seat)


def _correct_cards(state: ColorettoState, action: CorrectCards) -> ColorettoState:
    """Set ``seat``'s count of one card kind to what lies on the table (at any moment)."""
    _check_seat_exists(state, action.seat)
    hand = state.collections[action.seat]
    counted = {JOKER: hand.jokers, PLUS2: hand.plus2}.get(action.card)
    if counted is None:
        counted = hand.count(action.card)
    check_correction(counted, action.before, action.after)
    if action.card in CATALOGUE.colours and action.card not in state.colours_in_play \
            and action.after > action.before:
        raise IllegalAction(Text("{colour} was removed from this game", colour=colour_word(action.card)),
                            "§3")
    change = action.after - action.before
    if action.card == JOKER:
        hand = replace(hand, jokers=action.after)
    elif action.card == PLUS2:
        hand = replace(hand, plus2=action.after)
    else:
        index = CATALOGUE.colours.index(action.card)
        hand = replace(hand, counts=hand.counts[:index] + (action.after,) + hand.counts[index + 1:])
    collections = state.collections[:action.seat] + (hand,) + state.collections[action.seat + 1:]
    discarded = state.discarded + (action.card,) * max(-change, 0)
    after = replace(state, collections=collections, discarded=discarded)
    wanted = max(change, 0)
    for kind in (JOKER, GOLDEN_JOKER) if action.card == JOKER else (action.card,):
        from_pile = min(wanted, after.left(kind))     # a joker added may be the golden one
        after = replace(after, pile=after.without_from_pile(kind, from_pile))
        wanted -= from_pile
    check_box(KIND_WORDS.get(action.card) or Text("{colour} cards", colour=colour_word(action.card)),
              on_the_table(after, action.card), CATALOGUE.copies(action.card), on_the_table(state, action.card))
    return after


def on_the_table(state: ColorettoState, kind: str) -> int:
    """Cards of ``kind`` (a colour, joker or +2; the golden joker counts as a joker) in every
    place of the table: the players' cards, the rows, the card just drawn and the pile."""
    same = (JOKER, GOLDEN_JOKER) if kind == JOKER else (kind,)
    held = {JOKER: lambda hand: hand.jokers, PLUS2: lambda hand: hand.plus2}.get(kind)
    in_hands = sum(held(hand) if held else hand.count(kind) for hand in state.collections)
    in_rows = sum(card in same for row in state.rows for card in row.cards)
    return in_hands + in_rows + (state.drawn in same) + sum(state.left(k) for k in same)


def _choose_scoring(state: ColorettoState, action: ChooseScoring) -> ColorettoState:
    """A player's own joker and positive colours (checked against the hand now)."""
    _check_seat_exists(state, action.seat)
    if action.side and action.side != state.side_of(action.seat):
        state = _choose_side(state, action.seat, action.side)
    others = tuple(entry for entry in state.scoring if entry[0] != action.seat)
    if action.is_optimum:
        return replace(state, scoring=others)
    problem = scoring_problem(state, action.seat, action.jokers, action.positive)
    if problem is not None:
        raise IllegalAction(problem)
    return replace(state, scoring=others + ((action.seat, action.jokers, action.positive),))


def _choose_side(state: ColorettoState, seat: int, side: str) -> ColorettoState:
    """``seat`` scores with ``side`` (the table's side again removes the choice)."""
    if state.rules.scoring_sides != "each_player":
        raise IllegalAction(Text("Everyone scores with the same side of the scoring card: choose "
                                 "“Each player chooses” for the setup option “Scoring side for each "
                                 "player” to let {name} score with the other side.",
                                 name=_name(state, seat)), "§3")
    sides = tuple(entry for entry in state.sides if entry[0] != seat)
    if side != state.rules.side:
        sides += ((seat, side),)
    return replace(state, sides=sides)


def counted(state: ColorettoState) -> tuple[Counted, ...]:
    """Every player's cards of each kind, for the "correct the table" screen."""
    found = []
    for seat in range(state.players):
        hand = state.collections[seat]
        held = {JOKER: hand.jokers, PLUS2: hand.plus2}
        for kind in state.colours_in_play + (JOKER, PLUS2):
            count = held.get(kind, hand.count(kind) if kind in CATALOGUE.colours else 0)
            sample = CorrectCards(seat, kind, count, count)
            found.append(Counted(Text("{name}: {card}", name=state.names[seat], card=sample.kind_word()),
                                 count, partial(CorrectCards, seat, kind, count)))
    return tuple(found)


def _end_round(state: ColorettoState) -> ColorettoState:
    """Everyone has taken a row: cards left in an untaken row leave the game (2 players,
    AMB-C6); the game ends if the last-round card came up, else the last taker starts."""
    leftovers = tuple(card for row in state.rows if row.is_open for card in row.cards)
    discarded = state.discarded + leftovers
    if state.last_round:
        rows = tuple(replace(row, cards=()) for row in state.rows)
        return replace(state, rows=rows, discarded=discarded, phase=OVER, current=-1)
    assert state.last_taker is not None   # the round ends when the last seat has taken a row
    rows = tuple(Row(row.capacity) for row in state.rows)
    return replace(state, rows=rows, discarded=discarded, out=(), round=state.round + 1,
                   current=state.last_taker, phase=TURN)


_HANDLERS: dict[str, Handlers[ColorettoState]] = {
    REMOVE_COLOURS: Handlers[ColorettoState]().on(RemoveColour, _remove_colour),
    START_CARDS: Handlers[ColorettoState]().on(StartCard, _start_card),
    START_PLAYER: Handlers[ColorettoState]().on(StartPlayer, _start_player),
    TURN: Handlers[ColorettoState]().on(Draw, _draw).on(Take, _take),
    DRAW: Handlers[ColorettoState]().on(Reveal, _reveal),
    PLACE: Handlers[ColorettoState]().on(Place, _place),
}

_WAITING_FOR = {
    REMOVE_COLOURS: lambda s: Text("first remove the colours that are out of this game"),
    START_CARDS: lambda s: Text("first give {name} a start card", name=_name(s, next_start_card_seat(s))),
    START_PLAYER: lambda s: Text("first choose who starts"),
    TURN: lambda s: Text("{name} must draw a card or take a row", name=_name(s, s.current)),
    DRAW: lambda s: (Text("first say which card was drawn") if s.bonus_for is None else
                     Text("first say which card {name} took from the pile with the golden joker",
                          name=_name(s, s.bonus_for))),
    PLACE: lambda s: Text("{name} must place the drawn {card} card on a row", name=_name(s, s.current),
                          card=_drawn_word(s.drawn)),
}


def _no_colour_removed(state: ColorettoState) -> Text:
    """Why no colour may be taken out now: 4–5 players keep them all (2–3 have removed theirs)."""
    name = _name(state, next_start_card_seat(state))
    if CATALOGUE.removed_for(state.players):
        return _WAITING_FOR[START_CARDS](state)
    return Text("with {count} player every colour stays in the game: first give {name} a start card",
                "with {count} players every colour stays in the game: first give {name} a start card",
                count=state.players, name=name)


def _drawn_word(card: str | None) -> Text | str:
    """The drawn card as a word: a colour, "joker" or "+2"."""
    if card == "joker":
        return Text("joker")
    if card == "plus2":
        return "+2"
    return colour_word(card or "")
