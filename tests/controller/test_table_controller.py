"""The table's controller without a window: a recording shell and panel stand in for the
Kivy app and the GPIO backend; the journal, the sessions and the games are the real ones."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.coloretto.actions import RemoveColour, StartPlayer
from companion.coloretto.data import CATALOGUE
from companion.engine import GameConfig
from companion.games import load_manifest
from companion.i18n import Translator
from companion.messages import Seat, Text
from companion.journal import JournalError
from companion.readings import PieceReading, TableReading
from companion.signals import ErrorSignal, SeatScored, TurnStarted, generic_spec
from companion.storage_problems import NO_SAVING
from tests.coloretto.helpers import A, B, F, G, config as coloretto_config
from ui.table_controller import SAVE_RETRY_SECONDS, MODE_NOTICES, ProposalView, TableController

ROOT = Path(__file__).resolve().parents[2]


class Shell:
    """Records what the controller asks of the window."""

    def __init__(self) -> None:
        self.tr = Translator("en")
        self.banners: list[tuple[str, bool]] = []
        self.rules: list = []            # the rulebook heading each banner cites
        self.screens: list[str] = []
        self.refreshed = 0
        self.signals: list = []
        self.storage = ""
        self.notices: list = []
        self.timers: list[list] = []     # [seconds, callback, cancelled]

    def show_banner(self, text: str, seconds: float = 5.0, error: bool = False, rule=None) -> None:
        self.banners.append((text, error))
        self.rules.append(rule)

    def clear_banner(self) -> None:
        self.banners.append(("", False))

    def goto(self, name: str) -> None:
        self.screens.append(name)

    def table_changed(self) -> None:
        self.refreshed += 1

    def signal_shown(self, shown) -> None:
        self.signals.append(shown)

    def storage_shown(self, text: str) -> None:
        self.storage = text

    def journal_notices(self, notices) -> None:
        self.notices = list(notices)

    def every(self, seconds, callback):
        timer = [seconds, callback, False]
        self.timers.append(timer)
        return lambda: timer.__setitem__(2, True)

    def running_timers(self) -> list[list]:
        return [t for t in self.timers if not t[2]]


class Panel:
    """Records what the controller plays on the LEDs and buzzer."""

    def __init__(self) -> None:
        self.played: list = []
        self.fault = False
        self.seats: tuple = ()
        self.off = 0

    def play(self, signal, cue=None) -> None:
        self.played.append((signal, cue))

    def set_fault(self, on: bool) -> None:
        self.fault = on

    def set_seats(self, count, colours=()) -> None:
        self.seats = (count, tuple(colours))

    def all_off(self) -> None:
        self.off += 1


@pytest.fixture
def table(tmp_path):
    shell, panel = Shell(), Panel()
    controller = TableController(shell, tmp_path / "journal.sqlite3", panel)
    controller.open_journal()
    yield controller
    controller.close()


def counter(table) -> object:
    return table.start_game(GameConfig.build("counter", ("Ann", "Ben"), target=50))


def test_the_controller_imports_no_kivy():
    code = "import sys, ui.table_controller; print(sorted(m for m in sys.modules if m.split('.')[0] == 'kivy'))"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KIVY_NO_ARGS": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_a_started_game_is_attached_to_the_table(table):
    shell, panel = table.shell, table.hardware
    session = counter(table)
    assert table.session is session and shell.screens == ["table"]
    assert ("", False) in shell.banners                  # the last game's news cleared
    assert panel.seats[0] == 2
    assert panel.played and isinstance(panel.played[0][0], TurnStarted)
    assert table.camera is None                          # no camera opener: touch only
    session.submit(session.legal_actions()[0])
    assert shell.refreshed >= 1
    table.close_game()
    assert table.session is None and shell.screens[-1] == "home" and panel.off == 1
    session.submit(session.legal_actions()[0])           # a left game's events reach nobody
    assert shell.screens[-1] == "home"


def test_signals_arrive_with_the_games_cue_resolved(table):
    """The controller resolves the cue from the game's declarations: the panel is handed it
    and never asks back (the backend has no hook to ask through)."""
    from hardware.backend import GpioBackend

    assert not hasattr(GpioBackend, "cue_for")
    scored = SeatScored(0, 3)
    assert table.shown(scored).cue == generic_spec(scored).cue(scored)      # no game: the generic cue
    counter(table)
    manifest = load_manifest("counter")
    shown = table.play(scored)
    assert shown.cue == manifest.signal_spec(scored).cue(scored) and shown.cue.pattern == "none"
    assert table.hardware.played[-1] == (scored, shown.cue)
    assert table.shell.signals[-1] is shown
    error = ErrorSignal("no")
    table.play(error)                                     # the LEDs only: the banner says it already
    assert table.hardware.played[-1][0] == error and table.shell.signals[-1] is shown


def test_a_refusal_is_a_red_banner_and_the_confirm_says_false(table):
    counter(table)
    assert table.confirm() is False                       # nothing to confirm
    text, error = table.shell.banners[-1]
    assert error and text == "There is nothing to confirm."


def test_moves_that_cannot_be_saved_are_retried_until_they_are(table, monkeypatch):
    shell, panel = table.shell, table.hardware
    session = counter(table)
    journal = session.journal
    append = journal.append_many

    def full(*_args, **_kwargs):
        raise JournalError(f"{journal.path}: disk full", "full", journal.path)

    monkeypatch.setattr(journal, "append_many", full)
    session.submit(session.legal_actions()[0])
    assert session.unsaved == 1 and panel.fault
    assert shell.storage and [t[0] for t in shell.running_timers()] == [SAVE_RETRY_SECONDS]
    assert table.unsaved_sessions == (session,)
    retry = shell.running_timers()[0][1]
    retry()                                              # still full: still waiting
    assert session.unsaved == 1 and shell.storage
    session.submit(session.legal_actions()[0])
    assert session.unsaved == 2 and "2" in shell.storage
    monkeypatch.setattr(journal, "append_many", append)
    retry()
    assert session.unsaved == 0 and shell.storage == "" and not panel.fault
    assert shell.running_timers() == []                   # the retries stop
    assert shell.banners[-1] == ("Every move is saved again.", False)
    assert table.unsaved_sessions == ()


def test_a_game_left_while_its_moves_wait_is_saved_later(table, monkeypatch):
    shell = table.shell
    session = counter(table)
    journal = session.journal
    append = journal.append_many
    monkeypatch.setattr(journal, "append_many", lambda *_a, **_k: (_ for _ in ()).throw(
        JournalError(f"{journal.path}: disk full", "full", journal.path)))
    session.submit(session.legal_actions()[0])
    table.close_game()
    assert table.unsaved_sessions == (session,) and shell.storage
    monkeypatch.setattr(journal, "append_many", append)
    shell.running_timers()[0][1]()
    assert session.unsaved == 0 and table.unsaved_sessions == () and shell.storage == ""


def test_a_damaged_journal_waits_for_a_way_on(tmp_path):
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    shell, panel = Shell(), Panel()
    controller = TableController(shell, path, panel)
    controller.open_journal()
    assert controller.journal is None and controller.startup_problem is not None and panel.fault
    controller.resolve_startup_problem(NO_SAVING)
    assert controller.journal is not None and controller.journal_mode == NO_SAVING
    assert controller.startup_problem is None and not panel.fault
    assert shell.screens == ["home"] and MODE_NOTICES[NO_SAVING] in shell.notices
    controller.close()


# -- the camera's proposal -----------------------------------------------------------------------

def card(piece, row=None):
    space = None if row is None else f"row:{row}"
    return PieceReading(tag=f"co:card:{piece}", kind="card", piece=piece, space=space, confidence=1.0)


def reading(*pieces):
    return TableReading(timestamp=1.0, pieces=tuple(pieces), board_found=True)


@pytest.fixture
def coloretto(table):
    session = table.start_game(coloretto_config(3))
    for colour in (G, F)[:CATALOGUE.removed_for(3)]:
        session.submit(RemoveColour(colour))
    while session.state.phase == "start_cards":
        session.submit(session.legal_actions()[0])
    session.submit(StartPlayer(0))
    return session


class Counts:
    """How often the session searches the readings and the engine applies an action."""

    def __init__(self, session, monkeypatch) -> None:
        self.searches = self.applies = 0
        import companion.session

        search, apply = companion.session.find_readings, session.game.apply

        def counted_search(*args, **kwargs):
            self.searches += 1
            return search(*args, **kwargs)

        def counted_apply(*args, **kwargs):
            self.applies += 1
            return apply(*args, **kwargs)

        monkeypatch.setattr(companion.session, "find_readings", counted_search)
        monkeypatch.setattr(session.game, "apply", counted_apply)

    def take(self) -> tuple[int, int]:
        taken = (self.searches, self.applies)
        self.searches = self.applies = 0
        return taken


def test_the_proposal_as_the_strip_shows_it(table, coloretto):
    assert table.proposal_view() == ProposalView()
    coloretto.propose_from_reading(reading(card(A, 1)))
    view = table.proposal_view()
    assert view.has_proposal and not view.has_other_reading and view.camera_note == ""
    assert view.text.startswith("Camera saw: Ann draws a") and view.text.endswith("on the second row")
    table.reject()
    assert table.proposal_view() == ProposalView()


def test_another_reading_is_offered_and_taken(table, coloretto):
    coloretto.submit(coloretto.legal_actions()[0])        # a card drawn: it is revealed next
    coloretto.propose_from_reading(reading(card(A, 0), card(B, 2)))
    assert table.proposal_view().has_other_reading
    first = table.proposal_view().text
    table.other_reading()
    assert table.proposal_view().text != first
    assert table.confirm() is True
    assert coloretto.state.rows[2].cards == (B,)


def test_one_camera_step_is_searched_once_and_each_action_applied_once(table, coloretto, monkeypatch):
    """One card laid: the reading is searched once (each of its three steps applied once);
    Confirm through the controller plays what the search found, applying nothing again,
    and does not search the same reading afresh."""
    counts = Counts(coloretto, monkeypatch)
    seen = reading(card(A, 1))
    proposal = coloretto.propose_from_reading(seen)
    assert len(proposal.steps) == 3
    assert counts.take() == (1, 3)
    before = len(coloretto.actions)
    assert table.confirm() is True
    assert len(coloretto.actions) == before + 3 and coloretto.state.rows[1].cards == (A,)
    assert counts.take() == (0, 0)
    assert coloretto.pending is None and table.proposal_view() == ProposalView()
    assert coloretto.undo_turn() == proposal.steps        # still one Undo for the whole card


def test_the_next_players_change_in_the_same_reading_is_the_next_proposal(table, coloretto, monkeypatch):
    """Two cards laid while the camera was covered: after the first Confirm the reading is
    searched again, from the next player's turn, for what they did."""
    counts = Counts(coloretto, monkeypatch)
    coloretto.propose_from_reading(reading(card(A, 0), card(B, 2)))
    counts.take()
    assert table.confirm() is True
    searches, _ = counts.take()
    assert searches == 1 and coloretto.pending is not None and coloretto.pending.steps[0].seat == 1


def test_a_proposal_made_before_the_game_moved_on_is_checked_again(table, coloretto):
    """A proposal confirmed after something else was played is applied by the rules again."""
    proposal = coloretto.propose_from_reading(reading(card(A, 1)))
    coloretto.pending = None
    coloretto.propose(proposal.steps)                     # a proposal with no search behind it
    assert table.confirm() is True
    assert coloretto.state.rows[1].cards == (A,)


def test_words_of_the_session_are_said_with_the_players_names(table):
    counter(table)
    assert table.say(Text("{seat} wins", seat=Seat(1))) == "Ben wins"


def test_a_refusal_cites_its_rulebook_heading_and_the_quick_reference_has_its_section(table, coloretto):
    """The red banner carries the heading the refusal quotes, and the game's quick
    reference (as set up) opens on the section that explains it."""
    from companion.coloretto.actions import Take
    from companion.coloretto.rulebook import HEADINGS
    from companion.errors import CompanionError

    seat = 1 - coloretto.to_act[0] if coloretto.to_act[0] in (0, 1) else 0
    with pytest.raises(CompanionError):
        coloretto.submit(Take(seat, 0))                # not this player's turn: "How to play"
    text, error = table.shell.banners[-1]
    assert error and text.endswith("(rulebook: “How to play”)")
    assert table.shell.rules[-1] == HEADINGS["§4"]
    reference = table.quick_reference()
    index = table.rule_section(table.shell.rules[-1])
    assert index is not None and reference.sections[index].heading == HEADINGS["§4"]
    assert table.confirm() is False                    # a refusal of the session's: no rulebook heading
    assert table.shell.rules[-1] is None and table.rule_section(None) is None


def test_the_panel_does_the_screens_main_action_after_the_cameras_proposal(table, coloretto):
    """CONFIRM and END TURN: what the camera proposed first, then the screen's main button;
    UNDO is never a screen's."""
    from ui.table_controller import MainAction

    ran: list[str] = []
    main = MainAction("Confirm all", lambda: ran.append("main"))
    coloretto.propose_from_reading(reading(card(A, 1)))
    before = len(coloretto.actions)
    table.press("confirm", main, "Ann: tap the card drawn")
    assert ran == [] and len(coloretto.actions) == before + 3      # the camera's card first
    table.press("end_turn", main)
    table.press("confirm", main)
    assert ran == ["main", "main"]
    table.press("undo", main)
    assert ran == ["main", "main"] and len(coloretto.actions) == before


def test_a_panel_button_with_nothing_to_do_says_what_the_screen_asks_for(table, coloretto):
    """No proposal and no main button: the refusal names the next step, never only
    "nothing to confirm" (a dead end at the table)."""
    table.press("confirm", None, "Ann: tap the card drawn, or tap a row to take it")
    text, error = table.shell.banners[-1]
    assert error and text == "Nothing to confirm now. Ann: tap the card drawn, or tap a row to take it"
    table.press("end_turn", None, "Ann: tap the card drawn, or tap a row to take it")
    assert table.shell.banners[-1][0] == ("END TURN does nothing now. "
                                          "Ann: tap the card drawn, or tap a row to take it")


def test_an_abandoned_game_is_recorded_as_such_and_the_table_left(table):
    """Abandon marks the game in the journal (not deleted, not offered for resume) and
    leaves the table; a game parked earlier is abandoned by its id."""
    parked = counter(table)
    parked.submit(parked.legal_actions()[0])
    session = counter(table)                     # a new game: the first one is still "playing"
    assert table.journal.unfinished().id == session.game_id
    assert table.abandon_game() is True
    assert table.session is None and table.shell.screens[-1] == "home" and table.hardware.off == 1
    assert table.journal.game(session.game_id).status == "abandoned"
    assert table.journal.unfinished().id == parked.game_id
    assert table.abandon_game(parked.game_id) is True
    assert table.journal.unfinished() is None
    assert [e.status for e in table.journal.abandoned()] == ["abandoned", "abandoned"]
    assert len(table.journal.game(parked.game_id).config["players"]) == 2     # kept whole
    assert table.journal.played() == []                                       # no statistics


@pytest.fixture
def threaded(tmp_path):
    """A controller with the journal's writer (its outcomes delivered when the test drains it)."""
    shell, panel = Shell(), Panel()
    controller = TableController(shell, tmp_path / "journal.sqlite3", panel, post=lambda _deliver: None)
    controller.open_journal()
    yield controller
    controller.close()


def test_with_the_writer_a_press_meanwhile_is_refused_and_a_failure_after_leaving_is_told(threaded, monkeypatch):
    import threading

    table, shell = threaded, threaded.shell
    session = counter(table)
    table.writer.drain()                                  # the clock's "table shown" mark
    journal = session.journal
    append, hold = journal.append_many, threading.Event()

    def slow_and_full(*_args, **_kwargs):
        assert hold.wait(10)
        raise JournalError(f"{journal.path}: disk full", "full", journal.path)

    monkeypatch.setattr(journal, "append_many", slow_and_full)
    table.press("end_turn")
    assert session.writing and session.actions == ()      # not shown before it is written
    table.press("end_turn")                               # a double press
    assert shell.banners[-1] == ("The last move is still being saved: tap again once it shows.", True)
    table.close_game()                                    # Home before the write returned
    hold.set()
    table.writer.drain()
    assert table.unsaved_sessions == (session,) and shell.storage and table.hardware.fault
    assert len(session.actions) == 1                      # kept in memory, as a failed write always was
    monkeypatch.setattr(journal, "append_many", append)
    shell.running_timers()[0][1]()                        # the retry, on the writer
    table.writer.drain()
    assert session.unsaved == 0 and table.unsaved_sessions == () and shell.storage == ""
    assert [e.kind for e in journal.events(session.game_id).events] == ["do"]
