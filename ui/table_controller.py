"""The table's logic, without a window: the journal and its problems, the game being
played, the saving retries, the camera's proposal as view data, and the signals with
their LED/buzzer cue resolved.

The Kivy app builds one :class:`TableController` and is its :class:`Shell`: the
controller asks the shell to show a banner, go to a screen or refresh the table,
and never imports Kivy, so it is tested without a window
(tests/ui/test_table_controller.py).  Screens and the message strip call the
controller (confirm, other reading, reject, undo, redo); it calls the session.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Protocol

from companion.clock import ClockReading, CountdownStep, TurnCountdown, clock_face
from companion.engine import GameConfig
from companion.errors import CompanionError, cited_heading
from companion.games import load_manifest
from companion.messages import N_, Text, with_names
from companion.journal import Journal, JournalError, set_aside_and_salvage
from companion.journal.writer import JournalWriter
from companion.quick_reference import QuickReference
from companion.session import STILL_SAVING, SessionEvent, TableSession
from companion.timeline import recover_finished_games
from companion.signals import Cue, ErrorSignal, Signal, SignalSpec, generic_spec
from companion.storage_problems import NO_SAVING, READ_ONLY, REPAIR, StorageProblem, describe, unsaved_text
from companion.venue.messages import idle_state, session_state
from ui.colours import colour_key

JOURNAL_FILE = "journal.sqlite3"
#: seconds between retries of moves that could not be saved
SAVE_RETRY_SECONDS = 5.0
#: what the notice line says while the journal is not the normal, writable one
MODE_NOTICES = {
    READ_ONLY: N_("Read-only: the history can be looked at, nothing new is saved."),
    NO_SAVING: N_("Playing without saving: nothing of this session is kept."),
}

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ProposalView:
    """What the message strip and the table screen show of the camera: the proposal
    ("Camera saw: …", "" without one), whether it has another reading, and what the
    camera sees that nothing explains (shown only without a proposal)."""

    text: str = ""
    has_other_reading: bool = False
    camera_note: str = ""

    @property
    def has_proposal(self) -> bool:
        return bool(self.text)


@dataclass(frozen=True)
class MainAction:
    """What a screen does now when CONFIRM or END TURN is pressed on the panel: the
    screen's own main button (``label``, in the players' words) and what it does."""

    label: str
    run: Callable[[], Any]


@dataclass(frozen=True)
class ShownSignal:
    """A signal as the game being played declares it: the LED/buzzer ``cue`` and the
    banner ``text`` (translated, seats as names; None: no banner)."""

    signal: Signal
    cue: Cue
    text: str | None


@dataclass(frozen=True)
class ClockView:
    """The game clock as the table shows it: its ``face`` ("1:05:12"), the ``note`` under it
    ("Paused", the turn countdown's time left; "" when nothing to add), and whether a tap
    ``paused`` it."""

    face: str = ""
    note: str = ""
    paused: bool = False


class Shell(Protocol):
    """What the controller asks of the window around it (the Kivy app)."""

    def tr(self, message: str | Text) -> str:
        """``message`` in the players' language."""

    def show_banner(self, text: str, seconds: float = 5.0, error: bool = False,
                    rule: Text | None = None) -> None:
        """A line of news (or, ``error``, a refusal) for ``seconds``; ``rule``: the rulebook
        heading the refusal cites (its quick reference opens there)."""

    def clear_banner(self) -> None: ...

    def goto(self, name: str) -> None:
        """Show the screen ``name`` (refreshed)."""

    def table_changed(self) -> None:
        """The session changed: the table screen and the message strip show it again."""

    def signal_shown(self, shown: ShownSignal) -> None:
        """A signal for the table screen (its banner, the game's view, the scores at the end)."""

    def storage_shown(self, text: str) -> None:
        """The bar saying which moves wait in memory ("" once every move is saved)."""

    def journal_notices(self, notices: list[Text]) -> None:
        """The journal's notices (and the mode's) for the notice line, replacing the last ones."""

    def every(self, seconds: float, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` every ``seconds`` on the UI thread; returns what cancels it."""


#: opens the camera of a session: (the feed or None, the reason there is none, "" when none is wanted)
CameraOpener = Callable[[TableSession], "tuple[Any, str]"]


class TableController:
    """The journal, the game being played and its camera, for one table."""

    def __init__(self, shell: Shell, journal_path: Path, hardware: Any = None,
                 open_camera: CameraOpener | None = None,
                 post: Callable[[Callable[[], None]], None] | None = None):
        self.shell = shell
        #: writes the sessions' journal on its own thread when ``post`` (from any thread: run this
        #: on the UI thread soon) is given, so a slow disk never stops the screen; None: every
        #: write returns before the tap's handler does (the tests without a window)
        self.writer = JournalWriter(post) if post is not None else None
        self.journal_path = Path(journal_path)
        self.hardware = hardware        # hardware.backend.GpioBackend, or None
        self.open_camera = open_camera
        self.journal: Journal | None = None
        #: "normal", or READ_ONLY / NO_SAVING when the players chose a way around a problem
        self.journal_mode = "normal"
        #: a StorageProblem while the journal cannot be opened (the problem screen shows it)
        self.startup_problem: StorageProblem | None = None
        self.session: TableSession | None = None
        self.camera: Any = None         # ui.camera.CameraFeed while the game has one
        #: sessions whose moves wait in memory (also after leaving the table)
        self._unsaved: list[TableSession] = []
        self._cancel_retry: Callable[[], None] | None = None
        #: seconds of a game's turn countdown (0: off) by the game's id, from the settings
        self.countdown_for: Callable[[str], float] = lambda _game: 0.0
        self._countdown: TurnCountdown | None = None
        self._hurrying: int | None = None
        #: the venue link (venue.publisher.VenueLink) when a venue is set, else None
        self.venue: Any = None
        self.table_id = ""
        #: opens the venue link on the journal in use and returns it (None: no venue, or it
        #: cannot be opened); the app sets it once its first link is open, so a journal
        #: repaired or opened again gets a link of its own
        self.venue_opener: Callable[[], Any] | None = None
        #: told when the link lets go of a journal being set aside (the indicator says nothing then)
        self.on_venue_released: Callable[[], None] | None = None
        #: the link that lets go of a journal being set aside (closed on a thread of its own)
        self._venue_closing: threading.Thread | None = None
        #: the banner says a tap was refused because the last move is being saved
        self._still_saving_shown = False

    # -- words ---------------------------------------------------------------
    def say(self, text: Text | str) -> str:
        """An engine's text translated, seats shown as the players' names."""
        if isinstance(text, Text) and self.session is not None:
            text = with_names(text, [p.name for p in self.session.config.players])
        return self.shell.tr(text)

    # -- the journal -----------------------------------------------------------
    def open_journal(self) -> None:
        """Open the journal; on failure, remember the problem for the problem screen."""
        try:
            journal = Journal(self.journal_path)
        except JournalError as exc:
            self._journal_failed(exc)
            return
        self._use_journal(journal, "normal")

    def _use_journal(self, journal: Journal, mode: str) -> None:
        if self.journal is not None and self.journal is not journal:
            self.journal.close()
        self.journal = journal
        self.journal_mode = mode
        self.startup_problem = None
        self._set_fault(False)
        self.shell.journal_notices(list(journal.notices) + ([MODE_NOTICES[mode]] if mode in MODE_NOTICES else []))
        for notice in journal.notices:
            log.warning("journal: %s", notice)
        if mode == "normal" and self.venue is None and self.venue_opener is not None:
            self.venue = self.venue_opener()   # the link reads and marks this journal's file
        if mode == "normal":
            try:
                recovered = recover_finished_games(journal)
            except JournalError as exc:
                log.error("recovering finished games failed: %s", exc)
            else:
                if recovered:
                    log.warning("%d games left unfinished by a stop were marked finished", recovered)

    def _journal_failed(self, exc: JournalError) -> None:
        """The journal cannot be used: log it, light the status LED, and keep
        the players' words for the problem screen."""
        log.error("journal problem (%s): %s", exc.problem, exc)
        self._release_venue()
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        self.startup_problem = describe(exc, self.journal_path)
        self._set_fault(True)

    def _release_venue(self) -> None:
        """The journal is about to be set aside or replaced: the venue link lets go of it
        (its own connection to the file would go on reading and marking the old one).  It
        is closed on a thread of its own (a connect may be under way); a way on waits for it."""
        if self.venue is None:
            return
        link, self.venue = self.venue, None
        self._venue_closing = threading.Thread(target=link.let_go, name="venue-let-go", daemon=True)
        self._venue_closing.start()
        if self.on_venue_released is not None:
            self.on_venue_released()

    def _venue_released(self, timeout: float = 20.0) -> None:
        """Wait until the link closed by :meth:`_release_venue` has let go of the file."""
        if self._venue_closing is not None:
            self._venue_closing.join(timeout)
            if self._venue_closing.is_alive():
                log.warning("the venue link still holds the journal after %.0f s; going on", timeout)
            self._venue_closing = None

    def resolve_startup_problem(self, way: str) -> None:
        """A way on, chosen on the problem screen (see companion.storage_problems)."""
        path = self.journal_path
        self._venue_released()
        try:
            if way == REPAIR:
                journal, report = set_aside_and_salvage(path)
                log.warning("journal repaired: %s", report)
                self.shell.show_banner(self.shell.tr(Text(
                    "A fresh journal was started: {count} game copied; the damaged file is kept as {file}.",
                    "A fresh journal was started: {count} games copied; the damaged file is kept as {file}.",
                    count=report.games, file=report.kept_as.name)), seconds=15)
                mode = "normal"
            elif way == READ_ONLY:
                journal, mode = Journal(path, read_only=True), READ_ONLY
            elif way == NO_SAVING:
                journal, mode = Journal.in_memory_journal(), NO_SAVING
            else:
                journal, mode = Journal(path), "normal"
        except JournalError as exc:
            self._journal_failed(exc)
            self.shell.goto("problem")
            return
        self._use_journal(journal, mode)
        self.shell.goto("home")

    def storage_failed(self, exc: JournalError) -> str:
        """A journal error while using the app: logged, on the status LED; the
        sentence to show.  A damaged or newer file opens the problem screen."""
        log.error("journal problem (%s): %s", exc.problem, exc)
        self._set_fault(True)
        problem = describe(exc, self.journal_path)
        if exc.problem in ("damaged", "newer"):
            self._journal_failed(exc)
            self.shell.goto("problem")
        return f"{self.shell.tr(problem.title)}. {self.shell.tr(problem.advice)}"

    def checkpoint(self) -> None:
        """An idle checkpoint of the journal (the log keeps everything when it fails); on the
        writer's thread when there is one (copying the log into the file waits for the disk)."""
        journal = self.journal
        if journal is None:
            return
        if self.writer is None:
            _checkpoint(journal)
        elif self.writer.idle:
            self.writer.write(lambda: _checkpoint(journal), lambda _: None)

    # -- moves that wait in memory ---------------------------------------------
    def _storage_changed(self, session: TableSession) -> None:
        """A session's moves stopped (or started again) being saved."""
        if session.storage_problem is not None:
            if session not in self._unsaved:
                self._unsaved.append(session)
                log.error("moves of game #%d kept in memory: %s", session.game_id,
                          session.storage_problem)
            if self._cancel_retry is None:
                self._cancel_retry = self.shell.every(SAVE_RETRY_SECONDS, self.retry_saving)
        elif session in self._unsaved:
            self._unsaved.remove(session)
            log.warning("every move of game #%d is saved again", session.game_id)
            if not self._unsaved:
                self.shell.show_banner(self.shell.tr("Every move is saved again."), seconds=8)
        self.show_unsaved()

    def show_unsaved(self) -> None:
        """The storage bar and the status LED as the waiting moves are now."""
        waiting = [s for s in self._unsaved if s.storage_problem is not None]
        if waiting:
            first = waiting[0]
            self.shell.storage_shown(self.shell.tr(unsaved_text(
                first.storage_problem, sum(s.unsaved for s in waiting), self.journal_path)))
        else:
            self.shell.storage_shown("")
            if self._cancel_retry is not None:
                self._cancel_retry()
                self._cancel_retry = None
        self._set_fault(bool(waiting) or self.startup_problem is not None)

    def retry_saving(self) -> None:
        """Write the moves that wait in memory, of every session that has some."""
        for session in list(self._unsaved):
            session.save_waiting(lambda saved, session=session: self._saved_again(session, saved))

    def _saved_again(self, session: TableSession, saved: bool) -> None:
        if saved and session is not self.session:
            self._storage_changed(session)  # a game left while it waited: no listener

    @property
    def unsaved_sessions(self) -> tuple[TableSession, ...]:
        return tuple(self._unsaved)

    def close(self) -> None:
        """The app stops: the camera closed, a last try at saving, the journal closed."""
        self._close_camera()
        if self.session is not None:   # stopping: nothing more is shown (the window may be gone)
            self.session.remove_listener(self._on_session_event)
            self._leave_table()
        if self.writer is not None:   # what is on its way is written, and what waited for it
            self.writer.drain()
        for session in list(self._unsaved):   # a last try, before returning
            if session.flush() and session is not self.session:
                self._storage_changed(session)
        if self.writer is not None:   # from here on (a second close) every write returns before the call
            self.writer.close()
            self.writer = None
            for session in (self.session, *self._unsaved):
                if session is not None:
                    session.writer = None
        for session in self._unsaved:
            log.error("stopping with %d moves of game #%d not saved: %s", session.unsaved,
                      session.game_id, session.storage_problem)
        if self._cancel_retry is not None:
            self._cancel_retry()
            self._cancel_retry = None
        if self.venue is not None:
            self.venue.close()
            self.venue = None
        if self.journal is not None:
            self.journal.close()

    # -- the game --------------------------------------------------------------
    def start_game(self, config: GameConfig) -> TableSession:
        """Set up a new game (may raise ConfigError with a readable reason)."""
        assert self.journal is not None
        try:
            session = TableSession.new(self.journal, config)
        except JournalError as exc:
            raise CompanionError(self.storage_failed(exc)) from exc
        self.attach(session)
        return session

    def resume_game(self, game_id: int) -> TableSession:
        assert self.journal is not None
        try:
            session = TableSession.resume(self.journal, game_id)
        except JournalError as exc:
            raise CompanionError(self.storage_failed(exc)) from exc
        self.attach(session)
        for notice in session.notices:
            self.shell.show_banner(self.say(notice), seconds=12)
        return session

    def attach(self, session: TableSession) -> None:
        """Play ``session`` at the table: its events heard, its seats on the panel, its camera open."""
        self.shell.clear_banner()   # the last game's news ("Game over") is not this table's
        if self.session is not None:
            self.session.remove_listener(self._on_session_event)
            self._leave_table()
        self.session = session
        session.writer = self.writer
        session.add_listener(self._on_session_event)
        limit = float(self.countdown_for(session.config.game))
        self._countdown = TurnCountdown(limit) if limit > 0 else None
        self._safely(session.table_shown)   # the game clock may run again
        if self.hardware is not None:
            self.hardware.set_seats(session.config.player_count,   # colours, never their labels
                                    [colour_key(p.colour) or p.colour or None for p in session.config.players])
        self._close_camera()
        if self.open_camera is not None:
            self.camera, reason = self.open_camera(session)
            if reason:
                self.shell.show_banner(self.shell.tr(reason), seconds=8)
        self.shell.goto("table")
        session.announce_turn()
        self.tell_venue()

    def close_game(self) -> None:
        """Leave the table (the game stays in the journal)."""
        self._close_camera()
        if self.session is not None:
            self.session.remove_listener(self._on_session_event)
            self._leave_table()
        self.session = None
        self.tell_venue()
        if self.hardware is not None:
            self.hardware.all_off()
        self.shell.goto("home")

    # -- the game clock --------------------------------------------------------
    def _leave_table(self) -> None:
        """The game at the table is left (Home, another game, the app stops): its clock stops."""
        session = self.session
        if session is not None and not session.is_over:
            self._safely(session.table_left)
            if session.storage_problem is not None:   # its next start counts up to the last record kept
                log.warning("game #%d: the clock's stop could not be saved: %s", session.game_id,
                            session.storage_problem)
        if session is not None and session.writing:   # a write that fails after we left is still told
            session.when_written(lambda: self._left_written(session))
        self._countdown, self._hurrying = None, None

    def _left_written(self, session: TableSession) -> None:
        """A game left while its last write was on its way: the write has returned."""
        if session is not self.session and session.storage_problem is not None and session not in self._unsaved:
            self._storage_changed(session)

    def clock_tick(self) -> ClockView:
        """Read the game clock (about once a second): the turn countdown's light and buzzer
        on the panel, and what the table shows of the clock."""
        session = self.session
        if session is None:
            return ClockView()
        reading = session.clock()
        step = self._countdown.update(reading) if self._countdown is not None else CountdownStep()
        if self.hardware is not None:
            if step.hurry != self._hurrying:
                self.hardware.hurry(step.hurry)
            if step.time_up is not None:
                self.hardware.time_up(step.time_up)
        self._hurrying = step.hurry
        return self.clock_view(reading)

    def clock_view(self, reading: ClockReading) -> ClockView:
        if not reading.started:
            return ClockView(clock_face(0), self.shell.tr(Text("Paused")) if reading.paused else "",
                             reading.paused)
        note = ""
        left = self._countdown.remaining(reading) if self._countdown is not None else None
        if reading.paused:
            note = self.shell.tr(Text("Paused"))
        elif left is not None:
            note = self.shell.tr(Text("Time is up")) if left <= 0 else \
                self.shell.tr(Text("Left: {time}", time=clock_face(left, up=True)))
        return ClockView(clock_face(reading.seconds), note, reading.paused)

    def toggle_clock(self) -> ClockView:
        """A tap on the clock: pause it, or let it run again."""
        session = self.session
        if session is not None and not session.is_over:
            self._safely(session.resume_clock if session.clock_paused else session.pause_clock)
        return self.clock_tick()

    def abandon_game(self, game_id: int | None = None, then: Callable[[], None] | None = None) -> bool:
        """The players give up a game (the one at the table, or ``game_id``): it is marked
        abandoned in the journal (nothing is deleted; History lists it under Unfinished,
        where it can still be resumed, and the statistics leave it out); a game at the
        table is then left, and ``then()`` follows.  With the journal's writer the mark is
        written there, after the moves before it, and the table is left once it is on disk.
        False when the journal could not mark it (the banner says why; with the writer that
        is known only later, and then neither happens)."""
        session = self.session if game_id is None or (
            self.session is not None and self.session.game_id == game_id) else None
        journal = self.journal
        if journal is None or (session is None and game_id is None):
            return False
        target = session.game_id if session is not None else game_id
        assert target is not None

        def mark() -> JournalError | None:
            try:
                journal.abandon_game(target)
            except JournalError as exc:
                return exc
            return None

        def marked(failure: JournalError | None) -> bool:
            if failure is not None:
                self.shell.show_banner(self.storage_failed(failure), seconds=10, error=True)
                return False
            log.info("game #%d abandoned by the players", target)
            if session is not None and session is self.session:
                self.close_game()
            if then is not None:
                then()
            return True

        if self.writer is None:
            return marked(mark())
        self.writer.write(mark, marked)
        return True

    def _close_camera(self) -> None:
        if self.camera is not None:
            self.camera.close()
            self.camera = None

    def tell_venue(self) -> None:
        """The venue (when one is set) learns the table's state and sends the new journal rows;
        it only hands them to the link's thread, never waits."""
        if self.venue is None:
            return
        try:
            self.venue.update_state(session_state(self.table_id, self.session) if self.session is not None
                                    else idle_state(self.table_id))
        except CompanionError as exc:   # a state the summary cannot give: the rows still go
            log.warning("the venue is not told the table's state: %s", exc)
        self.venue.wake()

    def _on_session_event(self, event: SessionEvent) -> None:
        if event.kind == "changed":
            self.tell_venue()
        if event.kind == "signal":
            self.play(event.payload)
        elif event.kind == "error":
            self._still_saving_shown = event.payload == STILL_SAVING
            self.shell.show_banner(sentence(self.say(event.payload)), seconds=6, error=True,
                                   rule=cited_heading(event.payload))
        elif event.kind == "storage" and self.session is not None:
            self._storage_changed(self.session)
        elif event.kind == "undone":   # a refusal about the undone move is stale now
            done = "; ".join(self.say(action.text()) for action in event.payload)
            self.shell.show_banner(self.shell.tr(Text("Undone: {actions}", actions=done)), seconds=6)
        elif event.kind == "changed":
            if self._still_saving_shown:   # the move that was being saved shows: the refusal is stale
                self._still_saving_shown = False
                self.shell.clear_banner()
            if self._unsaved:
                self.show_unsaved()
            self.shell.table_changed()

    # -- the rules at a glance ----------------------------------------------------
    def quick_reference(self) -> QuickReference | None:
        """The rules at a glance of the game being played, as its set-up chose them."""
        if self.session is None:
            return None
        make = load_manifest(self.session.config.game).quick_reference
        if make is None:
            return None
        try:
            return make(self.session.config)
        except CompanionError as exc:   # a set-up the reference cannot read: the game plays on without it
            log.error("the rules at a glance of %s cannot be shown: %s", self.session.config.game, exc)
            return None

    def rule_section(self, heading: Text | None) -> int | None:
        """The section of the quick reference that explains the rulebook ``heading``."""
        reference = self.quick_reference()
        if reference is None or heading is None:
            return None
        return reference.section_for(heading)

    # -- signals ---------------------------------------------------------------
    def signal_spec(self, signal: Signal) -> SignalSpec:
        """How ``signal`` shows: as the game being played declares it (its manifest)."""
        if self.session is None:
            return generic_spec(signal)
        return load_manifest(self.session.config.game).signal_spec(signal)

    def shown(self, signal: Signal) -> ShownSignal:
        """``signal`` with its cue and its banner text resolved."""
        spec = self.signal_spec(signal)
        text = spec.text(signal)
        return ShownSignal(signal, spec.cue(signal), None if text is None else self.say(text))

    def play(self, signal: Signal) -> ShownSignal:
        """``signal`` on the LEDs and buzzer and, unless it is a refusal's, on the table screen."""
        shown = self.shown(signal)
        if self.hardware is not None:
            self.hardware.play(signal, shown.cue)
        if not isinstance(signal, ErrorSignal):
            self.shell.signal_shown(shown)
        return shown

    # -- the camera's proposal and the table's buttons -----------------------------
    def proposal_view(self) -> ProposalView:
        session = self.session
        if session is None:
            return ProposalView()
        pending = session.pending
        if pending is not None:
            return ProposalView(self.shell.tr(Text("Camera saw: {action}", action=self.say(pending.text))),
                                bool(pending.alternatives))
        return ProposalView(camera_note=" · ".join(self.say(t) for t in session.unexplained))

    def confirm(self, choice: int = 0) -> bool:
        """Confirm the proposal (or its other reading ``choice``); False when refused
        (the session said why in a banner)."""
        return self._tapped(lambda: self.session.confirm(choice))

    def other_reading(self) -> None:
        """The next reading of what the camera saw."""
        if self.session is not None:
            self.session.other_reading()

    def reject(self) -> None:
        if self.session is not None:
            self.session.reject()

    def undo(self) -> bool:
        """One player's action and the table's entries after it (the session says what)."""
        return self._tapped(lambda: self.session.undo_turn())

    def redo(self) -> bool:
        return self._tapped(lambda: self.session.redo_turn())

    def press(self, button: str, main: MainAction | None = None, waiting_for: str = "") -> None:
        """A panel button at the table.  UNDO is the session's; CONFIRM and END TURN
        confirm what the camera proposed first, else do the screen's ``main`` action
        (its main button now), else the game's own END TURN; with nothing to do the
        refusal says what the screen is ``waiting_for`` (its prompt)."""
        session = self.session
        if session is None or session.refuse_while_writing():
            return
        if button != "undo" and session.pending is None and main is not None:
            log.info("panel %s: %s", button, main.label)
            main.run()
            return
        session.press(button, waiting_for)

    def _tapped(self, call: Callable[[], Any]) -> bool:
        """A player's tap that plays an action: refused while the last one is being saved."""
        if self.session is None or self.session.refuse_while_writing():
            return False
        return self._safely(call)

    def _safely(self, call: Callable[[], Any]) -> bool:
        if self.session is None:
            return False
        try:
            call()
        except CompanionError:
            return False   # the session reported the reason as a banner
        return True

    def _set_fault(self, on: bool) -> None:
        if self.hardware is not None:
            self.hardware.set_fault(on)


def _checkpoint(journal: Journal) -> None:
    try:
        journal.checkpoint_if_dirty()
    except JournalError as exc:
        log.warning("idle checkpoint failed (the log keeps everything): %s", exc)


def sentence(text: str) -> str:
    """A refusal shown on its own starts with a capital letter (engines write them as clauses)."""
    return text[:1].upper() + text[1:]
