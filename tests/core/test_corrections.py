"""Corrections ("correct the table"): one per game, journaled, replayed from the
record, shown in the history's words and undone like any other action."""
from __future__ import annotations

import json

import pytest

from companion.alles_auf_1_karte.actions import CorrectMarks
from companion.coloretto.actions import CorrectCards
from companion.corrections import TableCorrection
from companion.engine import GameConfig
from companion.errors import IllegalAction
from companion.games import load_game
from companion.golden_horn.actions import Correct
from companion.i18n import Translator
from tools.catalogues import catalogue
from companion.messages import with_names
from companion.record import GameRecord, record_from_dict, replay
from companion.session import TableSession
from tests.conformance.playout import play

NAMES = ["Ann", "Bea", "Cy"]


def midgame(name: str, seed: int = 7, cut: float = 0.5):
    """A seeded playout's config, actions up to ``cut`` of the game, and the state there."""
    game = load_game(name)
    config = GameConfig.build(name, NAMES)
    run = play(game, config, seed)
    k = int(len(run.actions) * cut)
    return game, config, run.actions[:k], run.states[k]


def coloretto_correction(state) -> CorrectCards:
    colour = state.colours_in_play[0]
    count = state.collections[1].count(colour)
    return CorrectCards(1, colour, count, count + 1)


def golden_horn_correction(state) -> Correct:
    """Bea's hand (every red cube is already somewhere on the table: a warehouse cannot
    gain one without another place losing it)."""
    return Correct("hand", "1", "", state.hand_sizes[1], state.hand_sizes[1] + 2)


def alles_correction(state) -> CorrectMarks:
    card = state.seats[1].open[0]
    row = next(i for i in range(5) if card.free(i) > 0 and i not in card.complete_rows)
    after = tuple(m + 1 if i == row else m for i, m in enumerate(card.marks))
    if len([i for i in range(5) if after[i] >= card.card.rows[i].fields]) >= 3:
        after = tuple(0 if i == row else m for i, m in enumerate(card.marks))
    return CorrectMarks(1, card.id, card.marks, after)


CASES = {"coloretto": coloretto_correction, "golden_horn": golden_horn_correction,
         "alles_auf_1_karte": alles_correction}


@pytest.mark.parametrize("name", CASES)
def test_correction_is_journaled_replayed_shown_and_undone(name, journal):
    game, config, actions, state = midgame(name)
    correction = CASES[name](state)
    assert isinstance(correction, TableCorrection)
    assert correction not in game.legal_actions(state)     # never listed: any count may be entered
    session = TableSession.new(journal, config)
    for action in actions:
        session.submit(action)
    before = session.state
    session.submit(correction)
    corrected = session.state
    assert corrected != before
    # replayed: from the journal and from the record's JSON
    assert TableSession.resume(journal, session.game_id).state == corrected
    record = record_from_dict(json.loads(GameRecord(config, session.actions).to_json()))
    assert record.actions[-1] == correction
    assert replay(game, config, record.actions)[-1] == corrected
    # shown in the players' words: who, what, from before to after, in every language
    text = with_names(correction.text(), NAMES)
    assert str(text).startswith("Correction: ") and "Bea" in str(text)
    assert f"from {correction.before} to {correction.after}".replace("(", "").replace(")", "") \
        .replace(", ", "-") in str(text)
    for lang in ("el", "it", "pl"):
        assert catalogue(lang).get(text.msgid), f"{lang} has no translation of {text.msgid!r}"
        assert "{" not in Translator(lang)(text)
    # play goes on from the corrected state, and undo takes the correction back
    assert game.legal_actions(corrected) or game.is_over(corrected)
    session.undo()
    assert session.state == before


@pytest.mark.parametrize("name", CASES)
def test_a_correction_from_another_moment_is_refused(name):
    game, _, _, state = midgame(name)
    correction = CASES[name](state)
    stale = type(correction)(**{**correction.__dict__, "before": correction.after})
    with pytest.raises(IllegalAction, match="another moment"):
        game.apply(state, stale)
    same = type(correction)(**{**correction.__dict__, "after": correction.before})
    with pytest.raises(IllegalAction, match="Nothing to correct"):
        game.apply(state, same)


def test_coloretto_correction_after_the_end_changes_the_final_score():
    game = load_game("coloretto")
    config = GameConfig.build("coloretto", NAMES)
    final = play(game, config, 3).final
    plus2 = final.collections[0].plus2      # (all three jokers are taken in this game)
    after = game.apply(final, CorrectCards(0, "plus2", plus2, plus2 + 1))
    assert game.is_over(after) and after.collections[0].plus2 == plus2 + 1
    assert game.score_sheet(after).totals[0] == game.score_sheet(final).totals[0] + 2


def test_coloretto_cards_added_by_a_correction_leave_the_pile():
    _, _, _, state = midgame("coloretto", cut=0.2)
    colour = state.colours_in_play[1]
    count, left = state.collections[2].count(colour), state.left(colour)
    game = load_game("coloretto")
    added = game.apply(state, CorrectCards(2, colour, count, count + 2))
    assert added.left(colour) == max(0, left - 2)
    removed = game.apply(added, CorrectCards(2, colour, count + 2, count))
    assert removed.discarded[-2:] == (colour, colour)


@pytest.mark.parametrize("what, at, colour", [("warehouse", "0", "Y"), ("bag", "", "B"),
                                              ("port", "C", "G"), ("hand", "2", "")])
def test_golden_horn_counts_each_corrected(what, at, colour):
    game, _, _, state = midgame("golden_horn")
    read = {"warehouse": lambda s: s.warehouses[0][0], "bag": lambda s: s.bag[5],
            "port": lambda s: s.ports[1][2], "hand": lambda s: s.hand_sizes[2]}[what]
    if colour:       # all 15 cubes of a colour are on the table: one place gives a cube first
        state = game.apply(state, _one_cube_less(state, colour, (what, at)))
    after = game.apply(state, Correct(what, at, colour, read(state), read(state) + 1))
    assert read(after) == read(state) + 1


def _one_cube_less(state, colour: str, but: tuple[str, str]) -> Correct:
    """A correction taking one ``colour`` cube off a place other than ``but``."""
    index = "YPGROB".index(colour)
    places = [("bag", "", state.bag), ("port", "V", state.ports[0]), ("port", "C", state.ports[1])]
    places += [("warehouse", str(seat), w) for seat, w in enumerate(state.warehouses)]
    what, at, counts = next(p for p in places if p[2][index] and p[:2] != but)
    return Correct(what, at, colour, counts[index], counts[index] - 1)


def test_golden_horn_cargo_correction_keeps_one_colour_per_ship():
    game, _, _, state = midgame("golden_horn")
    ship = state.ships[0]
    other = next(c for c in "YPGROB" if c != ship.cargo_colour)
    if ship.cargo:
        with pytest.raises(IllegalAction, match="one colour"):
            game.apply(state, Correct("cargo", ship.label, other, 0, 1))
        state = game.apply(state, Correct("cargo", ship.label, ship.cargo_colour, ship.cargo, 0))
    for _ in range(2):      # the two cubes come off another place of the table
        state = game.apply(state, _one_cube_less(state, other, ("", "")))
    loaded = game.apply(state, Correct("cargo", ship.label, other, 0, 2))
    moved = loaded.ship_by_id(ship.label)
    assert (moved.cargo, moved.cargo_colour) == (2, other)


def test_alles_correction_cannot_score_a_card_by_hand():
    game, _, _, state = midgame("alles_auf_1_karte")
    card = state.seats[0].open[0]
    full = tuple(row.fields for row in card.card.rows)
    with pytest.raises(IllegalAction, match="Three complete rows"):
        game.apply(state, CorrectMarks(0, card.id, card.marks, full))


@pytest.mark.parametrize("name", CASES)
def test_every_counted_item_can_be_corrected_up_and_back(name):
    """What the "correct the table" screen lists: each count's correction applies."""
    game, _, _, state = midgame(name)
    items = game.counted(state)
    assert len(items) >= 10
    for item in items:
        assert "{" not in str(with_names(item.what, NAMES))
        try:
            up = game.apply(state, item.correct(item.count + 1))
        except IllegalAction as exc:        # a full or a third complete Alles row is refused, and
            if name == "golden_horn":       # a 16th cube of a colour (all 15 are on the table)
                assert str(exc).startswith("The box holds only 15 (")
                continue
            assert name == "alles_auf_1_karte"
            assert "Three complete rows" in str(exc) or "has only" in str(exc)
            continue
        assert up != state
        again = {str(i.what): i.count for i in game.counted(up)}
        assert again[str(item.what)] == item.count + 1
