"""Golden Horn corrections: warehouse, bag, port and cargo cubes and hands set to
what lies on the table (see :mod:`companion.corrections`)."""
from __future__ import annotations

from dataclasses import replace
from functools import partial

from companion.corrections import Counted, check_box, check_correction
from companion.errors import IllegalAction
from companion.golden_horn import cubes
from companion.golden_horn.actions import Correct
from companion.golden_horn.data import CARDS_PER_COLOUR, COLOURS, CUBES_PER_COLOUR
from companion.golden_horn.state import GoldenHornState, evolve
from companion.golden_horn.texts import colour_word
from companion.messages import Seat, Text


def apply_correct(state: GoldenHornState, action: Correct) -> GoldenHornState:
    """The state with one count set from ``action.before`` to ``action.after``, never
    more cubes or cards than the box holds (every place on the table together)."""
    if action.what in ("warehouse", "hand") and int(action.at) >= state.players:
        raise IllegalAction(Text("There is no player {number} at this table.", number=int(action.at) + 1))
    after = _corrected(state, action)
    if action.what != "hand":
        check_box(Text("{colour} cubes", colour=colour_word(action.colour)),
                  cubes_on_the_table(after, action.colour), CUBES_PER_COLOUR,
                  cubes_on_the_table(state, action.colour))
    elif action.colour:
        check_box(Text("{colour} cards", colour=colour_word(action.colour)),
                  cards_on_the_table(after, action.colour), CARDS_PER_COLOUR,
                  cards_on_the_table(state, action.colour))
    else:
        check_box(Text("cards"), cards_on_the_table(after), CARDS_PER_COLOUR * len(COLOURS),
                  cards_on_the_table(state))
    return after


def cubes_on_the_table(state: GoldenHornState, colour: str) -> int:
    """Cubes of ``colour`` in every place: the bag, both ports, the warehouses and the ships."""
    places = (state.bag,) + tuple(state.ports) + tuple(state.warehouses)
    return (sum(cubes.get(place, colour) for place in places)
            + sum(ship.cargo for ship in state.ships if ship.cargo_colour == colour))


def cards_on_the_table(state: GoldenHornState, colour: str = "") -> int:
    """Cards (of ``colour``; "" every colour) in the players' hands and the discard pile
    (the draw pile is what is left of the box's cards)."""
    if not colour:
        return sum(state.hand_sizes) + sum(state.discard)
    assert state.hands is not None
    return sum(cubes.get(hand, colour) for hand in state.hands) + cubes.get(state.discard, colour)


def _corrected(state: GoldenHornState, action: Correct) -> GoldenHornState:
    if action.what == "warehouse":
        seat = int(action.at)
        return evolve(state, warehouses=_set(state.warehouses, seat, action))
    if action.what == "bag":
        check_correction(cubes.get(state.bag, action.colour), action.before, action.after)
        return evolve(state, bag=cubes.put(state.bag, action.colour, action.after))
    if action.what == "port":
        port = 0 if action.at == "V" else 1
        return evolve(state, ports=_set(state.ports, port, action))
    if action.what == "cargo":
        return _correct_cargo(state, action)
    return _correct_hand(state, action)


def _set(multisets: tuple[cubes.Counts, ...], index: int, action: Correct) -> tuple[cubes.Counts, ...]:
    old = multisets[index]
    check_correction(cubes.get(old, action.colour), action.before, action.after)
    new = cubes.put(old, action.colour, action.after)
    return multisets[:index] + (new,) + multisets[index + 1:]


def _correct_cargo(state: GoldenHornState, action: Correct) -> GoldenHornState:
    ship = state.ship_by_id(action.at)
    if ship is None:
        raise IllegalAction(Text("{seat} has no ship {ship} in this game.", seat=Seat(int(action.at[0])),
                                 ship=action.at[1]))
    if ship.cargo and ship.cargo_colour != action.colour:
        raise IllegalAction(Text("{seat}'s ship {ship} carries {colour} cubes: set them to 0 first, a ship "
                                 "carries one colour.", seat=Seat(ship.owner), ship=ship.name,
                                 colour=colour_word(ship.cargo_colour)))
    check_correction(ship.cargo, action.before, action.after)
    colour = action.colour if action.after else ""
    return state.with_ship(replace(ship, cargo=action.after, cargo_colour=colour))


def _correct_hand(state: GoldenHornState, action: Correct) -> GoldenHornState:
    seat = int(action.at)
    sizes = state.hand_sizes
    if state.hands is None:
        if action.colour:
            raise IllegalAction(Text("Hands are hidden in this game: correct the number of cards only."))
        check_correction(sizes[seat], action.before, action.after)
        return evolve(state, hand_sizes=sizes[:seat] + (action.after,) + sizes[seat + 1:])
    if not action.colour:
        raise IllegalAction(Text("Hands are open in this game: correct the cards of one colour."))
    hands = _set(state.hands, seat, action)
    size = sizes[seat] + action.after - action.before
    return evolve(state, hands=hands, hand_sizes=sizes[:seat] + (size,) + sizes[seat + 1:])


def counted(state: GoldenHornState) -> tuple[Counted, ...]:
    """Every count the players keep by hand, for the "correct the table" screen:
    warehouses, cargo, hands, the two ports and the bag."""
    found: list[Counted] = []

    def add(what: str, at: str, colour: str, count: int) -> None:
        sample = Correct(what, at, colour, count, count)
        label = sample.place() if not colour else Text("{place}, {colour}", place=sample.place(),
                                                        colour=colour_word(colour))
        found.append(Counted(label, count, partial(Correct, what, at, colour, count)))

    for seat in range(state.players):
        for colour in COLOURS:
            add("warehouse", str(seat), colour, cubes.get(state.warehouses[seat], colour))
    for ship in state.ships:
        if ship.cargo:
            add("cargo", ship.label, ship.cargo_colour, ship.cargo)
    for seat in range(state.players):
        if state.hands is None:
            add("hand", str(seat), "", state.hand_sizes[seat])
        else:
            for colour in COLOURS:
                add("hand", str(seat), colour, cubes.get(state.hands[seat], colour))
    for port, at in ((0, "V"), (1, "C")):
        for colour in COLOURS:
            add("port", at, colour, cubes.get(state.ports[port], colour))
    for colour in COLOURS:
        add("bag", "", colour, cubes.get(state.bag, colour))
    return tuple(found)
