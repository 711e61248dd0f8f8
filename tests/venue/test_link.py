"""A table's link to a real Mosquitto (TLS, passwords, the ACL of venue.broker): rows are sent
once acknowledged, the backlog after the broker comes back, refusals said once."""
from __future__ import annotations

import logging
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import paho.mqtt.client as mqtt

from companion.engine import GameConfig
from companion.i18n import Translator
from companion.journal import Journal
from companion.session import TableSession
from companion.settings import Settings
from companion.venue.credentials import Credentials, load_credentials, save_credentials
from companion.venue.messages import session_state
from companion.venue.outbox import Outbox
from tests.fake_game import Add, Roll
from tests.venue.listener import Listener, client_for
from venue.publisher import CONNECTED, OFFLINE_STATE, REFUSED, VenueLink

CONFIG = GameConfig.build("counter", ["Ann", "Bo"], ["red", "blue"], target=10)
REST = (Roll(0), Add(1, 3), Roll(0), Add(0, 3), Roll(1))


def settings_for(broker, table="t1") -> Settings:
    return Settings(venue="club", venue_broker=f"127.0.0.1:{broker.port}", table_id=table)


def credentials_for(broker, tmp_path, table="t1", password=None) -> Credentials:
    save_credentials(tmp_path / "data", table, password or broker.passwords[table], broker.files.ca.read_bytes())
    return load_credentials(tmp_path / "data")


def seqs(events, game_id):
    return sorted(e["seq"] for e in events if e["game"] == game_id)


def test_a_table_publishes_its_game_and_marks_only_what_the_broker_acknowledged(broker, tmp_path):
    hub = Listener(broker)
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        session = TableSession.new(journal, CONFIG)
        with VenueLink(path, settings_for(broker), credentials_for(broker, tmp_path)) as link:
            assert link.wait_until(lambda s: s.state == CONNECTED, 20), link.status
            session.submit(Add(0, 3))
            link.update_state(session_state("t1", session))
            link.wake()
            for action in REST:
                session.submit(action)
                link.wake()
            link.update_state(session_state("t1", session))
            assert hub.wait_for(lambda m: seqs(hub.events(), session.game_id) == [-1, 0, 1, 2, 3, 4, 5])
            assert link.wait_sent(20), link.status
            assert hub.wait_for(lambda m: any(t.endswith("/state") and body["scores"]["final"] for t, body, _ in m))
        events = hub.events()
        # the game was set up before the link came up: its start is history, the moves are live
        assert [e["history"] for e in events] == [True] + [False] * 6
        assert events[0]["kind"] == "started" and [s["name"] for s in events[0]["seats"]] == ["Ann", "Bo"]
        assert events[-1]["result"]["scores"]["winners"] == [0]
        outbox = Outbox(path, "t1")
        assert outbox.backlog() == 0
        outbox.close()
    availability = [body["status"] for t, body, _ in hub.messages if t.endswith("/availability")]
    assert availability[0] == "online" and hub.wait_for(
        lambda m: [b["status"] for t, b, _ in m if t.endswith("/availability")][-1] == "offline")
    hub.close()
    late = Listener(broker)     # retained: a hub that comes later sees the table's state and availability
    assert late.wait_for(lambda m: {t.rsplit("/", 1)[1] for t, _, r in m if r} >= {"state", "availability"})
    late.close()


def test_moves_played_while_the_broker_is_down_are_sent_when_it_returns(broker, tmp_path):
    hub = Listener(broker)
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        session = TableSession.new(journal, CONFIG)
        with VenueLink(path, settings_for(broker), credentials_for(broker, tmp_path)) as link:
            session.submit(Add(0, 3))
            link.wake()
            assert hub.wait_for(lambda m: seqs(hub.events(), session.game_id) == [-1, 0])
            hub.close()
            broker.kill()
            assert link.wait_until(lambda s: s.state == OFFLINE_STATE, 20), link.status
            for action in REST:
                session.submit(action)     # play goes on, nothing waits for the link
                link.wake()
            assert link.wait_until(lambda s: s.backlog == 5, 20), link.status
            broker.start()
            hub = Listener(broker)
            assert link.wait_sent(40), link.status
            assert hub.wait_for(lambda m: seqs(hub.events(), session.game_id)[-5:] == [1, 2, 3, 4, 5])
    late = [e for e in hub.events() if e["seq"] >= 1]
    assert all(e["history"] for e in late)
    hub.close()


def test_a_wrong_password_is_refused_and_said_once(broker, tmp_path, caplog):
    path = tmp_path / "journal.sqlite3"
    Journal(path).close()
    seen = []
    with caplog.at_level(logging.INFO, logger="venue.link"):
        link = VenueLink(path, settings_for(broker), credentials_for(broker, tmp_path, password="wrong-one"),
                         on_status=seen.append)
        with link:
            assert link.wait_until(lambda s: s.state == REFUSED, 20), link.status
            assert "user name or password" in str(link.status.text)
            threading.Event().wait(2.5)     # paho tries again every second or two: still said once
    refusals = [r for r in caplog.records if "refused" in r.getMessage()]
    assert len(refusals) == 1, [r.getMessage() for r in caplog.records]
    assert "wrong-one" not in caplog.text and "wrong-one" not in repr(seen)
    assert sum(1 for s in seen if s.state == REFUSED) == 1


def test_without_the_venues_certificate_the_table_says_so(broker, tmp_path):
    path = tmp_path / "journal.sqlite3"
    Journal(path).close()
    save_credentials(tmp_path / "data", "t1", broker.passwords["t1"])       # no ca.pem beside them
    link = VenueLink(path, settings_for(broker), load_credentials(tmp_path / "data"))
    with link:
        assert link.wait_until(lambda s: s.state == OFFLINE_STATE, 20), link.status
        assert "ca.pem" in str(link.status.reason)
        said = Translator("it")(link.status.text)           # what the strip says, translated whole
        assert "ca.pem" in said and said.startswith("Locale: non in linea")


def test_a_table_cannot_write_another_tables_topics(broker):
    hub = Listener(broker)
    acks = []
    done = threading.Event()
    intruder = client_for(broker, "t1", protocol=mqtt.MQTTv5)
    intruder.on_publish = lambda c, u, mid, rc, p: (acks.append(rc), done.set())
    intruder.connect("127.0.0.1", broker.port, 5)
    intruder.loop_start()
    intruder.publish("tc/club/table/t2/state", b'{"v":1,"table":"t2","game":null}', qos=1, retain=True).wait_for_publish(10)
    assert done.wait(10) and acks[0].is_failure and "authori" in str(acks[0]).lower()
    intruder.publish("tc/club/table/t1/state", b'{"v":1,"table":"t1","game":null}', qos=1).wait_for_publish(10)
    assert hub.wait_for(lambda m: any(t.endswith("t1/state") for t, _, _ in m))
    assert not any("/t2/" in t for t, _, _ in hub.messages)
    intruder.disconnect()
    intruder.loop_stop()
    hub.close()


def test_the_listener_speaks_tls_only_with_the_venues_certificate(broker):
    stranger = client_for(broker, "t1", ca=False)     # the system's CAs do not know the venue's
    try:
        stranger.connect("127.0.0.1", broker.port, 5)
        raised = None
    except Exception as exc:     # ssl.SSLCertVerificationError
        raised = exc
    assert raised is not None and "certificate verify failed" in str(raised)


CHILD = """
import sys, threading
from pathlib import Path
from companion.settings import Settings
from companion.venue.credentials import load_credentials
from venue.publisher import CONNECTED, VenueLink
link = VenueLink(Path(sys.argv[1]), Settings(venue="club", venue_broker="127.0.0.1:" + sys.argv[2], table_id="t1"),
                 load_credentials(Path(sys.argv[3])))
link.start()
assert link.wait_until(lambda s: s.state == CONNECTED, 20)
print("connected", flush=True)
threading.Event().wait()
"""


def test_a_table_killed_shows_offline_by_its_last_will(broker, tmp_path):
    path = tmp_path / "journal.sqlite3"
    Journal(path).close()
    credentials_for(broker, tmp_path)
    hub = Listener(broker)
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(broker.port), str(tmp_path / "data")],
                             stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[2])
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "connected"
        assert hub.wait_for(lambda m: any(t.endswith("/availability") and b["status"] == "online" for t, b, _ in m))
        os.kill(child.pid, signal.SIGKILL)
        assert hub.wait_for(lambda m: [b["status"] for t, b, _ in m if t.endswith("/availability")][-1] == "offline")
    finally:
        child.kill()
        child.wait()
    hub.close()


def test_a_backlog_is_marked_one_transaction_per_acknowledged_batch(broker, tmp_path):
    """Moves saved while the link was down are sent in batches, and each batch the broker
    acknowledged is marked in one write (not one write per move), each move exactly once."""
    from venue.publisher import BATCH

    hub = Listener(broker)
    path = tmp_path / "journal.sqlite3"
    big = GameConfig.build("counter", ["Ann", "Bo"], target=10000)
    with Journal(path) as journal:
        session = TableSession.new(journal, big)
        for n in range(2 * BATCH + 19):
            actions = session.legal_actions()
            session.submit(actions[n % len(actions)])
        rows = 2 * BATCH + 20          # the moves and the game's start
        with VenueLink(path, settings_for(broker), credentials_for(broker, tmp_path)) as link:
            assert link.wait_sent(60), link.status
    db = sqlite3.connect(path)
    marks, writes = db.execute("SELECT COUNT(*), COUNT(DISTINCT at) FROM published").fetchone()
    db.close()
    assert marks == rows
    assert writes <= -(-rows // BATCH), f"{rows} marks written in {writes} transactions"
    assert hub.wait_for(lambda m: len(hub.events()) == rows)
    assert len({(e["game"], e["seq"]) for e in hub.events()}) == rows
    hub.close()
