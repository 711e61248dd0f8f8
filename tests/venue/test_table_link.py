"""The table's controller with a venue: its game reaches a real broker as it is played; no
venue, nothing opened; a venue set without its details says what to enter, and play goes on."""
from __future__ import annotations

from companion.engine import GameConfig
from companion.settings import Settings
from companion.venue.credentials import save_credentials
from tests.controller.test_table_controller import Shell
from tests.fake_game import Add, Roll
from tests.venue.listener import Listener
from ui.table_controller import TableController
from venue.opening import open_link
from venue.publisher import CONNECTED

CONFIG = GameConfig.build("counter", ["Ann", "Bo"], ["red", "blue"], target=10)


def test_no_venue_opens_nothing(tmp_path):
    assert open_link(Settings(), tmp_path, tmp_path / "journal.sqlite3") == (None, None)


def test_a_venue_without_its_details_says_what_to_enter(tmp_path):
    link, problem = open_link(Settings(venue="club"), tmp_path, tmp_path / "journal.sqlite3")
    assert link is None and "check them in Settings" in str(problem)
    settings = Settings(venue="club", table_id="t1", venue_broker="127.0.0.1:1")
    link, problem = open_link(settings, tmp_path, tmp_path / "journal.sqlite3")
    assert link is None and "user name and password" in str(problem) and "Play goes on" in str(problem)


def test_the_game_at_the_table_reaches_the_venue_as_it_is_played(broker, tmp_path):
    hub = Listener(broker)
    data = tmp_path / "data"
    save_credentials(data, "t1", broker.passwords["t1"], broker.files.ca.read_bytes())
    controller = TableController(Shell(), data / "journal.sqlite3")
    controller.open_journal()
    settings = Settings(venue="club", table_id="t1", venue_broker=f"127.0.0.1:{broker.port}")
    controller.venue, problem = open_link(settings, data, controller.journal_path)
    controller.table_id = "t1"
    assert problem is None and controller.venue.wait_until(lambda s: s.state == CONNECTED, 20)
    session = controller.start_game(CONFIG)
    session.submit(Add(0, 3))
    session.submit(Roll(0))

    def state(m):
        found = [b for t, b, _ in m if t == "tc/club/table/t1/state"]
        return found[-1] if found else None

    assert hub.wait_for(lambda m: (state(m) or {}).get("to_act") == [1])
    assert [s["name"] for s in state(hub.messages)["seats"]] == ["Ann", "Bo"]
    assert hub.wait_for(lambda m: sorted(e["seq"] for e in hub.events()) == [-1, 0, 1])
    controller.close_game()
    assert hub.wait_for(lambda m: (state(m) or {"game": 1})["game"] is None)
    controller.close()
    assert controller.venue is None
    hub.close()


def test_a_journal_repaired_while_the_link_runs_is_sent_from_and_nothing_twice(broker, tmp_path):
    """The journal found damaged mid-game and repaired: the link lets go of the file set aside
    and a new one reads the repaired journal; what the broker acknowledged is not sent again,
    the moves played after the repair are sent."""
    from companion.journal import JournalError
    from companion.storage_problems import REPAIR

    hub = Listener(broker)
    data = tmp_path / "data"
    save_credentials(data, "t1", broker.passwords["t1"], broker.files.ca.read_bytes())
    controller = TableController(Shell(), data / "journal.sqlite3")
    controller.open_journal()
    settings = Settings(venue="club", table_id="t1", venue_broker=f"127.0.0.1:{broker.port}")
    controller.venue, _ = open_link(settings, data, controller.journal_path)
    controller.venue_opener = lambda: open_link(settings, data, controller.journal_path)[0]
    controller.table_id = "t1"
    released: list[bool] = []
    controller.on_venue_released = lambda: released.append(True)     # the app's indicator goes blank
    first_link = controller.venue
    session = controller.start_game(CONFIG)
    session.submit(Add(0, 3))
    assert first_link.wait_sent(20)
    controller.storage_failed(JournalError("a page of the file is damaged", "damaged", controller.journal_path))
    assert controller.venue is None and released == [True]
    controller.resolve_startup_problem(REPAIR)
    assert controller.journal is not None and controller.venue is not None and controller.venue is not first_link
    session = controller.resume_game(session.game_id)
    session.submit(Roll(0))
    assert controller.venue.wait_sent(20)
    assert hub.wait_for(lambda m: sorted(e["seq"] for e in hub.events()) == [-1, 0, 1])
    controller.close()
    hub.close()
    events = [(e["game"], e["seq"]) for e in hub.events()]
    assert sorted(events) == sorted(set(events)), "a row acknowledged before the repair was sent again"
