"""A tag of another game, or a second copy of a real tag, never becomes
a move; a copy is named to the players."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from companion.alles_auf_1_karte import GAME as ALLES
from companion.coloretto import GAME as COLORETTO
from companion.golden_horn import GAME
from companion.readings import DieReading, PieceReading, TableReading
from tests.coloretto.helpers import A, C, set_up, with_rows
from tests.golden_horn.helpers import put_ship, table, with_hand, with_port
from vision.registry import game_codes
from vision.tags import Tag, parse_payload


def reading(*pieces, dice=()):
    return TableReading(timestamp=1.0, pieces=tuple(pieces), dice=tuple(dice), board_found=True)


def ship_tag(code: str, seat: int, piece: str, space: str | None) -> PieceReading:
    """As vision/reader.py makes it from ``TC1:<CODE>:S:<seat>:<piece>``."""
    return PieceReading(tag=f"{code}:ship:{seat}:{piece}", kind="ship", seat=seat, piece=piece, space=space)


def ready_to_move():
    state = with_port(table(2), "V", "B2 P1 G3 Y2 R1")
    state = put_ship(state, "0a", "V", sails="GYR")
    return with_hand(state, 0, "O")


def test_the_real_tag_on_a_reachable_square_is_a_move():
    """The control: what the foreign and copied tags below must not do."""
    assert GAME.actions_for_reading(ready_to_move(), reading(ship_tag("gh", 0, "a", "s2")))


@pytest.mark.parametrize("code", sorted(c.lower() for c in game_codes() if c != "GH"))
def test_another_games_ship_tag_is_not_a_move(code):
    state = ready_to_move()
    seen = reading(ship_tag(code, 0, "a", "s2"))
    assert GAME.actions_for_reading(state, seen) == ()
    assert GAME.unexplained_reading(state, seen) == ()       # not ours: ignored, not shown


def test_a_copy_of_a_real_tag_is_not_a_move_and_is_named():
    state = ready_to_move()
    seen = reading(ship_tag("gh", 0, "a", "V"), ship_tag("gh", 0, "a", "s2"))
    assert GAME.actions_for_reading(state, seen) == ()
    assert [str(t) for t in GAME.unexplained_reading(state, seen)] == [
        "Two tags of seat 1's ship a are on the table: remove the copy."]
    # the copy alone, off the board, is still a copy
    seen = reading(ship_tag("gh", 0, "a", "s2"), ship_tag("gh", 0, "a", None))
    assert GAME.actions_for_reading(state, seen) == ()


def test_a_copy_shown_by_the_session_with_the_players_name_and_end_turn_applies_nothing(journal):
    from companion.engine import GameConfig
    from companion.i18n import Translator
    from companion.messages import with_names
    from companion.session import TableSession
    from tests.golden_horn.test_camera_reading import new_session

    session = new_session(journal, 2)
    seat = session.state.current
    ship = session.state.ship_by_id(f"{seat}a")
    target = next(r.to for r in GAME.reachable(session.state, ship.label))
    home = session.state.route[ship.at].id
    before = len(session.actions)
    seen = reading(ship_tag("gh", seat, "a", home), ship_tag("gh", seat, "a", target))
    assert session.propose_from_reading(seen) is None and session.pending is None
    names = [p.name for p in session.config.players]
    assert [Translator("en")(with_names(t, names)) for t in session.unexplained] == [
        f"Two tags of {names[seat]}'s ship a are on the table: remove the copy."]
    session.press("end_turn")
    assert session.actions[before:] == [] or all(a.type != "move" for a in session.actions[before:])
    # the copy removed: the move is proposed again
    assert session.propose_from_reading(reading(ship_tag("gh", seat, "a", target))) is not None


def test_a_printed_copy_on_the_simulated_table_is_flagged_end_to_end(journal):
    """The real pipeline: the copy is a QR code rendered beside the board, read by the reader."""
    from tests.golden_horn.test_camera_reading import new_session, read, reader_for
    from vision.games.golden_horn.camera import simulated_table

    session = new_session(journal, 2)
    seat = session.state.current
    target, other = [r.to for r in GAME.reachable(session.state, f"{seat}a")][:2]
    sim = simulated_table(session.state)
    reader = reader_for(sim)
    centres = sim.node_centres()
    sim.add_foreign_code("copy", f"TC1:GH:S:{seat}:A", centres[target], size_mm=40.0)
    sim.add_foreign_code("other", f"TC1:CV:S:{seat}:B", centres[other], size_mm=40.0)
    seen = read(sim, reader)
    assert [p.space for p in seen.pieces if p.tag == f"gh:ship:{seat}:a"].count(target) == 1
    assert [p.space for p in seen.pieces if p.tag == f"cv:ship:{seat}:b"] == [other]
    assert session.propose_from_reading(seen) is None
    assert [str(t) for t in session.unexplained] == [f"Two tags of seat {seat + 1}'s ship a are on the table: "
                                                     "remove the copy."]


def test_coloretto_ignores_other_games_card_tags():
    state = with_rows(set_up(4), ["A", "", "", ""], current=1)
    row0 = PieceReading(tag=f"co:card:{A}", kind="card", piece=A, space="row:0")
    ours = PieceReading(tag=f"co:card:{C}", kind="card", piece=C, space="row:2")
    assert COLORETTO.actions_for_reading(state, reading(row0)) == ()      # nothing new
    assert COLORETTO.actions_for_reading(state, reading(row0, ours))      # the control: a drawn card
    for code in ("gh", "cv", "aa", "xx"):
        theirs = replace(ours, tag=f"{code}:card:{C}")
        assert COLORETTO.actions_for_reading(state, reading(row0, theirs)) == ()


def test_coloretto_two_tagged_cards_alike_are_two_cards():
    """Coloretto has nine cards of a colour: the same tag twice is not a copy."""
    state = with_rows(set_up(4), [A, "", "", ""], current=1)
    card = PieceReading(tag=f"co:card:{A}", kind="card", piece=A, space="row:0")
    assert COLORETTO.actions_for_reading(state, reading(card, card))


def test_alles_ignores_a_die_read_twice():
    """Colour dice carry no tags; five readings of which two are the same die are not a throw."""
    from tests.alles_auf_1_karte.test_flow import dealt

    state = dealt()
    dice = tuple(DieReading(f"tray:{i}", face) for i, face in enumerate(["red", "blue", "red", "green", "blue"]))
    assert ALLES.actions_for_reading(state, reading(dice=dice))          # the control
    twice = dice[:4] + (DieReading("tray:3", "blue"),)
    assert ALLES.actions_for_reading(state, reading(dice=twice)) == ()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(game_codes()) + ["GX", "ZZ"]), st.integers(0, 3),
                          st.sampled_from("ABCD"), st.sampled_from(["V", "s1", "s2", "s3", "M", "C", None])),
                max_size=6))
def test_fuzzed_tags_only_move_golden_horn_ships_seen_once(seen_tags):
    """Random ship payloads of every game code: whatever is proposed moves a ship whose
    Golden Horn tag was seen exactly once, to where that tag was seen."""
    state = ready_to_move()
    pieces = []
    for code, seat, name, space in seen_tags:
        parsed = parse_payload(f"TC1:{code}:S:{seat}:{name}")
        if isinstance(parsed, Tag):
            pieces.append(PieceReading(parsed.identity, parsed.kind, parsed.seat, parsed.name.lower(), space))
    seen = reading(*pieces)
    found = GAME.actions_for_reading(state, seen)
    for move in found:
        mine = [p for p in pieces if p.tag == f"gh:ship:{move.ship[0]}:{move.ship[1]}"]
        assert len(mine) == 1 and mine[0].space == move.to
