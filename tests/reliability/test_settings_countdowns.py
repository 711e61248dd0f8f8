"""The turn countdown per game in the settings file: an older file's single value is
every game's until each game has its own; each game's value is checked, kept and written."""
from __future__ import annotations

import tomllib

import pytest

from companion.errors import SettingsError
from companion.games import registered_games
from companion.settings import MAX_COUNTDOWN, Settings, read_settings, save_settings


def write(tmp_path, text: str):
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_off_for_every_game_by_default():
    assert all(Settings().countdown_for(game) == 0 for game in registered_games())


def test_an_older_single_value_is_every_games_and_stays_for_the_games_not_named(tmp_path):
    path = write(tmp_path, "turn_countdown = 60\nsound = false\n")
    loaded = read_settings(path)
    assert loaded.ok
    assert {game: loaded.settings.countdown_for(game) for game in registered_games()} == \
        dict.fromkeys(registered_games(), 60)
    # Settings saves every game's own: Golden Horn off, the others as they were
    games = {game: loaded.settings.countdown_for(game) for game in registered_games()}
    save_settings(loaded.settings.per_game_countdowns({**games, "golden_horn": 0}), path)
    written = tomllib.loads(path.read_text(encoding="utf-8"))
    assert written["turn_countdowns"] == {**dict.fromkeys(registered_games(), 60), "golden_horn": 0}
    again = read_settings(path).settings
    assert again.countdown_for("golden_horn") == 0 and again.countdown_for("coloretto") == 60
    assert again.countdown_for("a_game_installed_later") == 60   # the older value, still every other game's
    assert written["sound"] is False


def test_each_games_own_value_round_trips(tmp_path):
    path = write(tmp_path, "[turn_countdowns]\ncaravelas = 90\n")
    settings = read_settings(path).settings
    assert settings.countdown_for("caravelas") == 90 and settings.countdown_for("coloretto") == 0
    save_settings(settings.per_game_countdowns({"coloretto": 30}), path)
    again = read_settings(path).settings
    assert dict(again.turn_countdowns) == {"caravelas": 90, "coloretto": 30}


@pytest.mark.parametrize(("text", "said"), [
    ('turn_countdowns = 60\n', "turn_countdowns must be a table"),
    ('[turn_countdowns]\ncaravelas = -5\n', "caravelas must be whole seconds"),
    (f'[turn_countdowns]\ncaravelas = {MAX_COUNTDOWN + 1}\n', "caravelas must be whole seconds"),
    ('[turn_countdowns]\ncaravelas = true\n', "caravelas must be whole seconds"),
    ('[turn_countdowns]\n"Golden Horn" = 60\n', "is not a game's id"),
])
def test_a_value_that_cannot_be_used_is_named_takes_off_and_stays_in_the_file(tmp_path, text, said):
    path = write(tmp_path, text)
    loaded = read_settings(path)
    assert loaded.bad_keys == {"turn_countdowns"}
    assert any(said in p and str(path) in p for p in loaded.problems), loaded.problems
    assert all(loaded.settings.countdown_for(game) == 0 for game in registered_games())
    save_settings(loaded.settings.with_changes(language="pl"), path)
    written = tomllib.loads(path.read_text(encoding="utf-8"))
    assert written["turn_countdowns"] == tomllib.loads(text)["turn_countdowns"]   # kept as the user wrote it
    assert written["language"] == "pl"


def test_per_game_countdowns_refuses_a_value_it_cannot_use():
    with pytest.raises(SettingsError, match="turn_countdowns: coloretto"):
        Settings().per_game_countdowns({"coloretto": -1})
