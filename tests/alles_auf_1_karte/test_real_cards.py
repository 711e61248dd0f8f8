"""A real card that matches no sample layout: tapped into a grid, checked in the players'
words, entered into the game in place of a sample still in the pile, replayed and undone."""
from __future__ import annotations

import pytest

from companion.alles_auf_1_karte import GAME
from companion.alles_auf_1_karte.actions import DrawCard, EnterCard, KeepCards, RevealCard
from companion.alles_auf_1_karte.catalogue import (
    blank_rows, card_of, load_effective_catalogue, problems, replace_card, stand_in_for,
    with_colour, with_fields, with_sun)
from companion.alles_auf_1_karte.invariants import check_state
from companion.engine import GameConfig
from companion.errors import IllegalAction, InvalidAction
from companion.record import replay

REAL = "G:R3s-P4-B5-O6s-Y2"        # a layout no sample has


def tap(rows, layout):
    """Tap ``layout`` = [(colour, fields, sun), …] into the grid, row by row."""
    for index, (colour, fields, sun) in enumerate(layout):
        rows = with_colour(rows, index, colour)
        rows = with_fields(rows, index, fields)
        if sun:
            rows = with_sun(rows, index)
    return rows


LAYOUT = [("red", 3, True), ("purple", 4, False), ("blue", 5, False), ("orange", 6, True),
          ("yellow", 2, False)]


def test_tapped_rows_make_the_card_and_its_id():
    rows = tap(blank_rows(), LAYOUT)
    assert problems(rows) == ()
    card = card_of(rows)
    assert card.id == REAL and card.status == "checked"
    assert [(r.colour, r.fields, r.points, r.sun) for r in card.rows] == [
        (c, f, f, s) for c, f, s in LAYOUT]


def test_what_is_missing_is_said_in_the_players_words():
    said = [str(p) for p in problems(blank_rows())]
    assert said[:2] == ["Row 1: tap its colour.", "Row 1: tap its last field."]
    assert said[-1] == "A card has 2 suns; 0 rows have one now."
    rows = with_fields(tap(blank_rows(), LAYOUT), 4, 1)
    assert [str(p) for p in problems(rows)] == ["Row 5 has 1 field: a row has 2 to 6."]
    rows = with_sun(tap(blank_rows(), LAYOUT), 1)
    assert [str(p) for p in problems(rows)] == ["A card has 2 suns; 3 rows have one now."]


def test_a_colour_tapped_on_a_second_row_leaves_the_first():
    rows = with_colour(with_colour(blank_rows(), 0, "red"), 2, "red")
    assert [r.colour for r in rows] == ["", "", "red", "", ""]


def test_the_stand_in_is_the_most_alike_unchecked_card_in_the_pile():
    cards = GAME.catalogue.cards
    real = card_of(tap(blank_rows(), LAYOUT))
    chosen = stand_in_for(real, cards, [c.id for c in cards])
    assert chosen is not None
    best = min(sum((x.colour, x.fields, x.sun) != (y.colour, y.fields, y.sun)
                   for x, y in zip(real.rows, c.rows)) + (real.missing_colour != c.missing_colour)
               for c in cards)
    picked = next(c for c in cards if c.id == chosen)
    assert sum((x.colour, x.fields, x.sun) != (y.colour, y.fields, y.sun)
               for x, y in zip(real.rows, picked.rows)) + (real.missing_colour != picked.missing_colour) == best
    # a checked card is kept while an unchecked one is left
    only = cards[5].id
    assert stand_in_for(real, cards, [only]) == only
    assert stand_in_for(real, (), []) is None


def setup(players=("Ann", "Bea", "Cy")):
    return GAME.setup(GameConfig.build("alles_auf_1_karte", list(players)))


def test_the_real_card_takes_a_pile_cards_place_and_is_drawn():
    state = setup()
    sample = state.pile[3]
    state = GAME.apply(state, EnterCard(REAL, sample))
    check_state(state)
    assert REAL in state.pile and sample not in state.pile and len(state.cards) == 30
    state = GAME.apply(state, DrawCard(2, REAL))
    assert state.seats[2].open[0].id == REAL
    assert str(EnterCard(REAL, sample).text()).startswith("The real card red 3, purple 4")


def test_entering_a_card_is_refused_when_it_cannot_be():
    state = setup()
    with pytest.raises(IllegalAction, match="already has"):
        GAME.apply(state, EnterCard(state.pile[0], state.pile[1]))
    dealt = GAME.apply(state, DrawCard(0, state.pile[0]))
    with pytest.raises(IllegalAction, match="not in the pile"):
        GAME.apply(dealt, EnterCard(REAL, state.pile[0]))
    with pytest.raises(InvalidAction):
        EnterCard("not a card", state.pile[0])
    assert EnterCard(REAL, state.pile[0]) not in GAME.legal_actions(state)


def test_advanced_display_takes_a_real_card_too():
    state = GAME.setup(GameConfig.build("alles_auf_1_karte", ["Ann", "Bea"], variant="advanced"))
    while state.phase == "deal":
        state = GAME.apply(state, DrawCard(GAME.summary(state)["seats_to_deal"][0], state.pile[0]))
    for seat in range(2):
        state = GAME.apply(state, KeepCards(seat, tuple(c.id for c in state.seats[seat].open[:3])))
    assert state.phase == "reveal"
    state = GAME.apply(state, EnterCard(REAL, state.pile[-1]))
    state = GAME.apply(state, RevealCard(REAL))
    assert state.display[0].id == REAL


def test_a_record_with_a_real_card_replays_and_undoes():
    config = GameConfig.build("alles_auf_1_karte", ["Ann", "Bea"],
                              cards=",".join(GAME.cards_option()))
    start = GAME.setup(config)
    actions = [EnterCard(REAL, start.pile[7]), DrawCard(1, REAL)]
    data = [a.to_dict() for a in actions]
    assert data[0] == {"type": "enter_card", "card": REAL, "replaces": start.pile[7]}
    states = replay(GAME, config, [GAME.parse_action(d) for d in data])
    assert states[-1].seats[1].open[0].id == REAL
    assert states[-2].seats[1].open == () and REAL in states[-2].pile   # undo the draw: still entered
    assert states[0] == start                                           # undo both: the samples


def test_the_copys_catalogue_remembers_the_real_card(tmp_path):
    cat = load_effective_catalogue(tmp_path)
    real = card_of(tap(blank_rows(), LAYOUT))
    sample = stand_in_for(real, cat.cards, cat.unchecked)
    saved = replace_card(tmp_path, sample, real)
    assert REAL in saved.ids and sample not in saved.ids
    again = load_effective_catalogue(tmp_path)
    assert again.card(REAL).status == "checked" and len(again.cards) == 30
    assert len(again.unchecked) == 29
