"""The venue link's pure part: names and topics, the messages, the settings, the credentials."""
from __future__ import annotations

import json
import os
import stat

import pytest

from companion.engine import GameConfig
from companion.session import TableSession
from companion.settings import DEFAULTS, read_settings, save_settings
from companion.venue import VenueError, availability_topic, check_name, event_topic, state_topic
from companion.venue.credentials import load_credentials, save_credentials
from companion.venue.messages import (availability_message, decode, encode, session_state, started_message)
from companion.venue.names import check_broker
from tests.fake_game import Add, Pass, Roll


@pytest.mark.parametrize("bad", ["a+b", "#", "table/7", "+", "x#"])
def test_table_ids_with_mqtt_wildcards_or_levels_are_refused_with_one_clear_error(bad):
    with pytest.raises(VenueError, match=r"may not contain .*\+, # and / have a meaning in MQTT topics"):
        check_name(bad)


@pytest.mark.parametrize("bad", ["", " t1", "t1 ", "$SYS", "a\nb", "x" * 65, 7, None])
def test_other_unusable_names_are_refused(bad):
    with pytest.raises(VenueError):
        check_name(bad)


def test_topics_of_a_table():
    assert state_topic("club", "table-7") == "tc/club/table/table-7/state"
    assert event_topic("club", "table-7") == "tc/club/table/table-7/event"
    assert availability_topic("club", "Τραπέζι 3") == "tc/club/table/Τραπέζι 3/availability"
    with pytest.raises(VenueError):
        state_topic("club/x", "t1")


def test_broker_addresses():
    assert check_broker("backroom.local:8883") == ("backroom.local", 8883)
    assert check_broker("10.0.0.2") == ("10.0.0.2", 8883)
    assert check_broker("[::1]:1883") == ("::1", 1883)
    for bad in ("", "host:0", "host:x", "ho st:1", ":1883"):
        with pytest.raises(VenueError):
            check_broker(bad)


def test_no_venue_by_default_and_venue_settings_are_checked(tmp_path):
    assert not DEFAULTS.has_venue and DEFAULTS.venue_tls
    path = tmp_path / "settings.toml"
    path.write_text('venue = "club"\ntable_id = "t/1"\nventue_broker = "x"\n', encoding="utf-8")
    loaded = read_settings(path)
    assert loaded.settings.venue == "club" and loaded.settings.table_id == ""
    assert any("table_id" in p and "may not contain /" in p for p in loaded.problems)
    settings = loaded.settings.with_changes(table_id="t1", venue_broker="backroom:8883")
    save_settings(settings, path)
    again = read_settings(path).settings
    assert (again.venue, again.table_id, again.venue_broker) == ("club", "t1", "backroom:8883")
    with pytest.raises(ValueError, match="venue_broker"):
        settings.with_changes(venue_broker="backroom:70000")


def test_credentials_are_private_and_never_shown(tmp_path):
    path = save_credentials(tmp_path, "table-7", "s3cret-pass", b"-----BEGIN CERTIFICATE-----\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE((path.parent / "ca.pem").stat().st_mode) == 0o600
    creds = load_credentials(tmp_path)
    assert (creds.username, creds.password, creds.ca_file) == ("table-7", "s3cret-pass", path.parent / "ca.pem")
    assert "s3cret" not in repr(creds) and "s3cret" not in str(creds)
    assert not (tmp_path / "settings.toml").exists()
    os.chmod(path, 0o644)
    with pytest.raises(VenueError, match="chmod 600"):
        load_credentials(tmp_path)
    path.unlink()
    with pytest.raises(VenueError, match="enter the venue's user name and password in Settings"):
        load_credentials(tmp_path)


def test_saving_credentials_again_narrows_a_wide_file(tmp_path):
    path = save_credentials(tmp_path, "t", "p")
    os.chmod(path, 0o666)
    save_credentials(tmp_path, "t", "q")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and load_credentials(tmp_path).password == "q"


def test_the_state_of_a_table_names_players_round_turn_and_scores(journal):
    config = GameConfig.build("counter", ["Ann", "Bo"], ["red", "blue"], target=10)
    session = TableSession.new(journal, config)
    session.submit(Add(0, 3))
    assert session_state("t1", session)["to_act"] == []     # the table rolls
    session.submit(Roll(0))
    state = decode(encode(session_state("t1", session)))
    assert state["game"] == {"number": session.game_id, "name": "counter", "title": "Counter"}
    assert state["seats"] == [{"seat": 0, "name": "Ann", "colour": "red"},
                              {"seat": 1, "name": "Bo", "colour": "blue"}]
    assert state["to_act"] == [1] and state["round"] is None
    assert state["scores"] == {"totals": [3, 0], "winners": [], "final": False}
    session.submit(Pass(1))
    assert session_state("t1", session)["to_act"] == [0]


def test_availability_and_decoding():
    assert availability_message("t1", "offline") == {"v": 1, "table": "t1", "status": "offline"}
    with pytest.raises(ValueError):
        availability_message("t1", "gone")
    for bad in (b"\xff", b"[]", b'{"v": 2, "table": "t"}', json.dumps({"v": 1}).encode()):
        with pytest.raises(ValueError):
            decode(bad)
    started = started_message("t1", 3, "counter", {"players": [{"seat": 0, "name": "Ann"}]}, 5.0)
    assert started["seq"] == -1 and started["seats"] == [{"seat": 0, "name": "Ann", "colour": ""}]
