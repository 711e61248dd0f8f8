"""A remembered copy (the last game's tiles and fleets, from the journal)
of any shape is used where it can be and otherwise ignored with a reason, never a crash."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from companion.golden_horn import GAME
from companion.record import remembered_options
from tests.reliability.test_fuzz_records import json_values
from tests.ui.conftest import display, run_ui  # noqa: F401  (fixtures)

TEXT_OPTIONS = [o.name for o in GAME.options if not o.choices]


def test_golden_horn_has_text_options_to_remember():
    assert TEXT_OPTIONS


def test_a_good_copy_is_offered_again():
    name = TEXT_OPTIONS[0]
    assert remembered_options({"game": "golden_horn", "options": {name: "RGBY"}}, TEXT_OPTIONS) == ({name: "RGBY"}, ())
    assert remembered_options(None, TEXT_OPTIONS) == ({}, ())


@pytest.mark.parametrize("last, words", [
    ({"options": [["route", "RGBY"]]}, "its options are a list, not an object"),
    ({"options": "route"}, "its options are text, not an object"),
    ([1, 2], "the remembered game is a list"),
    ({"options": {TEXT_OPTIONS[0]: ["R", "G"]}}, f"option {TEXT_OPTIONS[0]!r} is a list, not text"),
    ({"options": {TEXT_OPTIONS[0]: {"a": 1}}}, "is an object, not text"),
    ({"options": {TEXT_OPTIONS[0]: True}}, "is true/false, not text"),
])
def test_a_copy_of_the_wrong_shape_is_ignored_with_a_reason(last, words):
    found, problems = remembered_options(last, TEXT_OPTIONS)
    assert found == {} and any(words in p for p in problems), problems


def test_good_values_survive_beside_a_bad_one():
    if len(TEXT_OPTIONS) < 2:
        pytest.skip("one text option")
    found, problems = remembered_options({"options": {TEXT_OPTIONS[0]: [1], TEXT_OPTIONS[1]: "x"}}, TEXT_OPTIONS)
    assert found == {TEXT_OPTIONS[1]: "x"} and len(problems) == 1


@settings(max_examples=200, deadline=None)
@given(st.one_of(json_values, st.dictionaries(st.sampled_from(["options", "game", "players"]), json_values),
                 st.builds(lambda o: {"options": o},
                           st.dictionaries(st.sampled_from(TEXT_OPTIONS + ["other"]), json_values))))
def test_any_remembered_config_gives_text_or_a_reason(last):
    found, problems = remembered_options(last, TEXT_OPTIONS)
    assert all(isinstance(v, str) and k in TEXT_OPTIONS for k, v in found.items())
    assert all(isinstance(p, str) for p in problems)


def test_the_setup_screen_shows_a_notice_and_still_starts(run_ui, tmp_path):
    """The real app (Xvfb): the last 2-player Golden Horn game in the journal has its
    options as a list."""
    from companion.journal import Journal

    data = tmp_path / "data"
    data.mkdir()
    with Journal(data / "journal.sqlite3") as journal:
        game_id = journal.start_game("golden_horn", {
            "game": "golden_horn", "players": [{"seat": 0, "name": "A"}, {"seat": 1, "name": "B"}],
            "options": [["route.tiles", "RGBYOP"]]})
        journal.abandon_game(game_id)
    result = run_ui("scenarios_settings:remembered_copy_of_the_wrong_shape", data_dir=data).result
    assert "its options are a list, not an object" in result["banner"]
    assert result["signals"] == ["its options are a list, not an object"]     # status LED + beep
    assert result["text_options"] == [""]      # the tiles; the fleets are pickers (setup_fleets)
    assert result["started"] == "golden_horn"
