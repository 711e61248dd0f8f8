"""The table session: the one place where inputs become actions.

Taps from the UI, presses of the GPIO panel and camera readings all arrive
here.  A confirmed action is checked by the engine, written to the journal
(durable), and only then applied and shown: listeners receive view changes
and signals after the write.  Camera readings never change state silently:
they become a :class:`Proposal` that a player confirms, adjusts or rejects.

Threading: a session is used from one thread.  gpiozero callbacks arrive on
background threads, so the UI moves them onto its own thread before calling
``press``; the camera worker's readings likewise.

With a :class:`~companion.journal.writer.JournalWriter` (``writer``; the app gives one)
the journal is written on the writer's thread, so a slow disk does not stop the screen:
an action is worked out at once (checked, and what it leads to), but the session goes on
showing the game as it was until the write has returned; only then is the change made
visible and announced (views, scores, LEDs, buzzer).  While a write is on its way
(:attr:`writing`) the screen refuses a player's next tap (:meth:`refuse_while_writing`,
with a message): it was chosen looking at a screen that does not show the last move yet
(a double press of END TURN must end one turn, not two), and the player sees the move
land and taps again.  An action handed over by a program meanwhile (a script, a
handler that plays two actions in a row) waits for the write before it and follows it.
What is not a player's move waits without holding anything up and follows in order:
the clock's marks, camera readings, the proposal's other reading or its rejection.
Without a writer (tests, the command line tools) everything is written before the call
returns, as before.
"""
from __future__ import annotations

import logging
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from companion.actions import Action
from companion.clock import ClockReading, Jump, Mark, Tick, WallWatch, read_clock, seat_to_act, tick_seat
from companion.corrections import TableCorrection
from companion.engine import TABLE, AnyGame, GameConfig, ScoreSheet
from companion.errors import CompanionError, IllegalAction, JournalError
from companion.games import load_game, load_manifest
from companion.messages import Text, untranslated
from companion.journal import Journal, NewEvent
from companion.journal.writer import JournalWriter
from companion.proposals import Proposal, find_readings
from companion.readings import TableReading
from companion.signals import ErrorSignal, GameEnded, TurnStarted
from companion.timeline import Timeline, game_result, recover

BUTTONS = ("end_turn", "confirm", "undo")
#: why a tap is refused while the last move's write is on its way (see refuse_while_writing)
STILL_SAVING = Text("The last move is still being saved: tap again once it shows.")
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SessionEvent:
    """What listeners receive.

    kind: ``changed`` (state, history or proposal changed), ``signal``
    (payload: a Signal), ``error`` (payload: the refusal's reason and rule
    as a translatable :class:`~companion.messages.Text`), ``storage`` (payload:
    the :class:`~companion.journal.JournalError` that keeps moves from being
    saved, or None once every move is on disk again).
    """

    kind: str
    payload: Any = None


Listener = Callable[[SessionEvent], None]


class TableSession:
    """A game in progress, backed by the journal."""

    def __init__(self, journal: Journal, game_id: int, game: AnyGame, config: GameConfig,
                 timeline: Timeline, notices: tuple[Text, ...] = (),
                 ticks: Sequence[Tick] = (), marks: Sequence[Mark] = (), jumps: Sequence[Jump] = ()):
        self.journal = journal
        self.game_id = game_id
        self.game = game
        self.config = config
        self._timeline = timeline
        self._listeners: list[Listener] = []
        self._lock = threading.RLock()
        self.pending: Proposal | None = None
        #: what the camera sees that no legal action explains (the game's Texts), shown instead of a proposal
        self.unexplained: tuple[Any, ...] = ()
        self.notices: list[Text] = list(notices)
        self._reading: TableReading | None = None
        #: journal writes not done yet because the storage failed (or one action is not complete)
        self._unsaved: list[NewEvent] = []
        #: listener events held back until the action being played is on disk (see _one_write)
        self._held: list[SessionEvent] | None = None
        #: why moves are not being saved (None while everything is on disk)
        self.storage_problem: JournalError | None = None
        #: the game clock's records (companion.clock): every event's time and seat to act, the marks
        self._ticks: list[Tick] = list(ticks)
        self._marks: list[Mark] = list(marks)
        self._unsaved_marks: list[Mark] = []
        #: the wall clock's jumps during the game (not played time), and those not on disk yet
        self._jumps: list[Jump] = list(jumps)
        self._unsaved_jumps: list[Jump] = []
        self._watch = WallWatch(lambda: self.journal.now(), lambda: self.journal.steady())
        #: writes the journal on its own thread (None: written before each call returns)
        self.writer: JournalWriter | None = None
        #: a write handed to the writer has not returned yet
        self.writing = False
        #: ... and it holds moves (not only the clock's marks)
        self._moves_on_the_way = False
        #: what waits for that write to return (the clock's marks, readings), in order
        self._later: list[Callable[[], Any]] = []
        #: callbacks for the moment every write so far has returned (:meth:`when_written`)
        self._written_callbacks: list[Callable[[], None]] = []

    # -- creation ----------------------------------------------------------
    @classmethod
    def new(cls, journal: Journal, config: GameConfig) -> "TableSession":
        """Set up a new game (checked by the engine) and journal it."""
        game = load_game(config.game)
        initial = game.setup(config)
        game_id = journal.start_game(config.game, config.to_dict())
        return cls(journal, game_id, game, config, Timeline([initial]))

    @classmethod
    def resume(cls, journal: Journal, game_id: int) -> "TableSession":
        """Rebuild a game from its journal (:func:`companion.timeline.recover`)."""
        ticks: list[Tick] = []
        game, config, timeline, notices = recover(journal, game_id, ticks)
        marks = [Mark(at, kind) for at, kind in journal.clock_marks(game_id)]
        jumps = [Jump(*row) for row in journal.clock_jumps(game_id)]
        return cls(journal, game_id, game, config, timeline, notices, ticks, marks, jumps)

    # -- the clock ---------------------------------------------------------
    def now(self) -> float:
        """The time (seconds since the epoch) of the journal's clock; a jump of it since the
        last reading (the wall clock set: NTP, by hand) is kept, so it adds no played time."""
        with self._lock:
            wall, skipped = self._watch.read()
            if skipped:
                jump = Jump(wall, skipped, len(self._ticks), len(self._marks))
                log.warning("game #%d: the wall clock was set %+.0f s (to %s); the game clock does not "
                            "count it", self.game_id, skipped, time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(wall)))
                self._jumps.append(jump)
                self._unsaved_jumps.append(jump)
                if self._held is None:   # inside an action: written with it
                    if self.writer is None:
                        self.flush()
                    elif self.writing:   # after the write on its way
                        self._later.append(self.save_waiting)
                    else:
                        self.save_waiting()
            return wall

    def clock(self, now: float | None = None) -> ClockReading:
        """The game clock and the thinking times now (see :mod:`companion.clock`)."""
        at = self.now() if now is None else now
        return read_clock(self._ticks, self._marks, at, self.is_over, self._jumps)

    @property
    def clock_paused(self) -> bool:
        """True while a tap has paused the clock."""
        return self.clock().paused

    def pause_clock(self) -> None:
        """A tap pauses the clock (it stays paused across Home and a restart until resumed)."""
        if self._wait_for_write(self.pause_clock):
            return
        if not self.clock_paused:
            self._add_mark("pause")

    def resume_clock(self) -> None:
        if self._wait_for_write(self.resume_clock):
            return
        if self.clock_paused:
            self._add_mark("resume")

    def table_shown(self) -> None:
        """The table screen shows this game (the clock may run)."""
        self._add_mark("back")

    def table_left(self) -> None:
        """The table screen no longer shows this game (Home, another game): the clock stops."""
        self._add_mark("away")

    def _add_mark(self, kind: str, at: float | None = None) -> None:
        at = self.now() if at is None else at
        if self._wait_for_write(lambda: self._add_mark(kind, at)):
            return
        with self._one_write():
            mark = Mark(at, kind)
            self._marks.append(mark)
            self._unsaved_marks.append(mark)
            self._emit("clock")

    def _tick(self, kind: str, at: float, before: Any = None) -> None:
        """The clock's record of an event just played from state ``before`` (None: undone)."""
        seat = seat_to_act(self.to_act) if before is None else tick_seat(self.game.to_act(before), self.to_act)
        self._ticks.append(Tick(at, kind, seat))

    # -- reading -----------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._timeline.states[-1]

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._timeline.actions)

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    @property
    def table_to_act(self) -> bool:
        return self.to_act == (TABLE,)

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def can_undo(self) -> bool:
        return bool(self._timeline.actions)

    @property
    def can_redo(self) -> bool:
        return bool(self._timeline.redo)

    def score_sheet(self) -> ScoreSheet:
        return self.game.score_sheet(self.state)

    def summary(self) -> dict[str, Any]:
        return self.game.summary(self.state)

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        return tuple(self.game.legal_actions(self.state, seat))

    # -- listeners ---------------------------------------------------------
    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _emit(self, kind: str, payload: Any = None) -> None:
        event = SessionEvent(kind, payload)
        if self._held is not None:
            self._held.append(event)
            return
        for listener in list(self._listeners):
            listener(event)

    @contextmanager
    def _one_write(self) -> Iterator[None]:
        """One player's action, possibly made of several journal events (actions that
        belong together, a turn undone or redone): every event saved inside is written
        in one transaction on the way out (all or none after a power cut), and the
        listeners hear of the changes only then.  With a writer the write is handed to
        it and the session shows the game as before until it returns (:meth:`_written`);
        an action that comes while a write is on its way (a program's, not a tap's: see
        :meth:`refuse_while_writing`) waits for that write to return first."""
        with self._lock:
            if self._held is not None:   # already inside one
                yield
                return
            self._follow_writes()
            shown = self._shown()
            waiting = (len(self._unsaved), len(self._unsaved_marks), len(self._unsaved_jumps))
            self._held = []
            try:
                yield
            finally:
                held, self._held = self._held, None
                if self.writer is None:
                    self.flush()
                elif (len(self._unsaved), len(self._unsaved_marks), len(self._unsaved_jumps)) != waiting:
                    made = self._shown()
                    self._show(shown)   # nothing of it shows before it is on disk
                    self._write_later(made, held)
                    held = []
                for event in held:
                    self._emit(event.kind, event.payload)

    def _follow_writes(self) -> None:
        """An action handed over while a write is on its way (not a tap: those are refused)
        waits for it, and is then checked against the game that write leads to."""
        if self.writing and self._held is None:
            assert self.writer is not None
            self.writer.drain()

    def _shown(self) -> tuple[Any, ...]:
        """Everything of the game the screen shows (a copy): the played states, the
        proposal and what the camera saw, the clock's records."""
        return (self._timeline.copy(), self.pending, self.unexplained, self._reading,
                list(self._ticks), list(self._marks))

    def _show(self, shown: tuple[Any, ...]) -> None:
        timeline, self.pending, self.unexplained, self._reading, ticks, marks = shown
        self._timeline, self._ticks, self._marks = timeline, list(ticks), list(marks)

    def _wait_for_write(self, call: Callable[[], Any]) -> bool:
        """While a write is on its way (and not inside an action being worked out), keep
        ``call`` for when it has returned (True); otherwise False: the caller goes on."""
        if self.writing and self._held is None:
            self._later.append(call)
            return True
        return False

    def _write_later(self, made: tuple[Any, ...] | None, held: list[SessionEvent]) -> None:
        """Hand what waits to be written to the writer; ``made`` (what the action leads
        to; None: nothing new to show) shows and ``held`` is announced once it has returned."""
        assert self.writer is not None
        events, marks, jumps = list(self._unsaved), list(self._unsaved_marks), list(self._unsaved_jumps)
        self.writing, self._moves_on_the_way = True, bool(events)
        self.writer.write(lambda: self._write_out(events, marks, jumps),
                          lambda outcome: self._written(made, held, outcome))

    def _written(self, made: tuple[Any, ...] | None, held: list[SessionEvent],
                 outcome: Any) -> None:
        """Back on the session's thread: the write has returned.  The action shows, is
        announced, and what waited for the write follows in order.  A write that failed
        is reported as by :meth:`flush` (the moves wait in memory, the players are told)."""
        with self._lock:
            self.writing = False
            if made is not None:
                self._show(made)
            if isinstance(outcome, BaseException):   # a bug in the writer's job: say so, keep the moves
                outcome = (0, 0, 0, JournalError(f"{self.journal.path}: write failed ({outcome})", "io",
                                              self.journal.path))
            self._settle(outcome)
            for event in held:
                self._emit(event.kind, event.payload)
            while self._later and not self.writing:
                self._later.pop(0)()
            if not self.writing:
                callbacks, self._written_callbacks = self._written_callbacks, []
                for callback in callbacks:
                    callback()

    def refuse_while_writing(self) -> bool:
        """A tap that would play an action: refused (True; the listeners hear why) while the last
        action's write is on its way.  The tap was made looking at a screen that does not show
        that action yet: played, it would act on a game the player has not seen (a double press
        of END TURN would end the next player's turn too).  The player sees the move land and
        taps again; nothing is queued behind their back.  Only the clock's marks on their
        way (a pause, the table shown again): the tap is played once they are written."""
        if not (self.writing and self._moves_on_the_way):
            return False
        self._refuse(STILL_SAVING)
        return True

    def when_written(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once every action so far shows (at once when no write is on its way)."""
        if self.writing or self._later:
            self._written_callbacks.append(callback)
        else:
            callback()

    def announce_turn(self) -> None:
        """Emit the current turn and what the game shows at rest (after resume or an
        undo, or when a screen attaches)."""
        seats = [s for s in self.to_act if s != TABLE]
        if len(seats) == 1:
            self._emit("signal", TurnStarted(seats[0]))
        resting = load_manifest(self.config.game).resting
        for signal in resting(self.state) if resting is not None else ():
            self._emit("signal", signal)

    # -- acting ------------------------------------------------------------
    def submit(self, action: Action | dict[str, Any]) -> None:
        """Check, journal, apply and announce one action.

        Raises the engine's InvalidAction/IllegalAction (and emits an error
        signal first) when the rules refuse it; nothing is written then.
        """
        self._submit(action)

    def _submit(self, action: Action | dict[str, Any], joined: bool = False, after: Any = None) -> None:
        """:meth:`submit`; ``joined``: one more step of the player action before (journaled so);
        ``after``: the state ``action`` leads to, when the rules already said so (a camera search)."""
        with self._lock:
            self._follow_writes()
            if isinstance(action, dict):
                action = self._parse(action)
            before = self.state
            if after is None:
                try:
                    after = self.game.apply(before, action)
                except CompanionError as exc:
                    self._refuse(_reason_of(exc))
                    raise
            with self._one_write():
                self._play(action, before, after, joined)

    def _play(self, action: Action, before: Any, after: Any, joined: bool) -> None:
        """Journal, apply and announce ``action`` (checked: it leads from ``before`` to ``after``)."""
        with self._lock:
            at = self.now()
            self._save("do", action.to_dict(), finish=self._finish_result(after, at), joined=joined, at=at)
            self._timeline.do(after, action, joined)
            self._tick("do", at, before)
            self.pending, self.unexplained = None, ()
            self._after_change(before, action, after)

    def submit_all(self, actions: Sequence[Action]) -> None:
        """Several actions that belong together (a card drawn and what it was),
        all or none: every one is checked before any is journaled, so a refusal
        leaves the game as it was (the error is reported as by :meth:`submit`)."""
        self._submit_all(actions)

    def _submit_all(self, actions: Sequence[Action], joined: bool = False,
                    ends: Sequence[Any] = ()) -> None:
        """:meth:`submit_all`; ``joined``: the actions then undone and redone as one; ``ends``:
        the state each action leads to, when a camera search already applied them here."""
        with self._lock:
            self._follow_writes()
            if not ends:
                state, found = self.state, []
                for action in actions:
                    try:
                        state = self.game.apply(state, action)
                    except CompanionError as exc:
                        self._refuse(_reason_of(exc))
                        raise
                    found.append(state)
                ends = found
            with self._one_write():
                for index, action in enumerate(actions):
                    self._submit(action, joined=joined and index > 0, after=ends[index])

    def _parse(self, data: dict[str, Any]) -> Action:
        try:
            return self.game.parse_action(data)
        except CompanionError as exc:
            self._refuse(_reason_of(exc))
            raise

    def _refuse(self, reason: Text) -> None:
        self._emit("error", reason)
        self._emit("signal", ErrorSignal(str(reason)))

    def _refused(self, reason: Text) -> IllegalAction:
        """Report ``reason`` to listeners; the IllegalAction to raise to the caller."""
        self._refuse(reason)
        return IllegalAction(reason)

    def _finish_result(self, after: Any, at: float) -> dict[str, Any] | None:
        """The result to store with the move (at ``at``) that ends the game (None otherwise),
        with the game clock and the thinking times it ends with."""
        if not self.game.is_over(after):
            return None
        last = Tick(at, "do", tick_seat(self.to_act, self.game.to_act(after)))
        clock = read_clock([*self._ticks, last], self._marks, at, over=True, jumps=self._jumps)
        return {**game_result(self.game, after), "clock": clock.to_result(self.config.player_count)}

    def _after_change(self, before: Any, action: Action, after: Any) -> None:
        signals = list(self.game.signals(before, action, after))
        if self.game.is_over(after) and not any(isinstance(s, GameEnded) for s in signals):
            signals.append(GameEnded(self.game.score_sheet(after).winners))
        self._emit("changed")
        for signal in signals:
            self._emit("signal", signal)

    def undo(self) -> Action:
        """Take back the last confirmed action (journaled like any other)."""
        with self._lock:
            self._follow_writes()
            if not self._timeline.actions:
                raise self._refused(Text("Nothing to undo."))
            with self._one_write():
                at = self.now()
                self._save("undo", reopen=self.is_over, at=at)
                action = self._timeline.undo()
                self._tick("undo", at)
                self.pending, self.unexplained = None, ()
                self._emit("changed")
                self.announce_turn()
                return action

    def undo_turn(self) -> tuple[Action, ...]:
        """Take back one player's action together with what the table entered after
        it (a move and the cubes drawn to refill go together: one press of UNDO).
        Each is journaled as its own undo; returns them in the order they were played,
        and tells the listeners (an ``undone`` event) so the players hear what was undone."""
        self._follow_writes()
        with self._one_write():
            actions, states = self._timeline.actions, self._timeline.states
            # a player's action, a correction of the table (never grouped with another), or
            # the first of the steps of one camera proposal (the others go with it)
            joined = self._timeline.joined
            players = [i for i in range(len(actions)) if i not in joined and (
                       not self._by_table(states[i]) or isinstance(actions[i], TableCorrection)
                       or i + 1 in joined)]
            # the table's entries before any player acted (the setup) are undone one by one
            count = len(actions) - players[-1] if players else 1
            undone = [self.undo() for _ in range(min(count, max(1, len(actions))))]
            played = tuple(reversed(undone))
            self._emit("undone", played)
            return played

    def redo_turn(self) -> tuple[Action, ...]:
        """Redo what :meth:`undo_turn` took back: one player's action and the table's entries after it."""
        self._follow_writes()
        with self._one_write():
            redone = [self.redo()]
            while self._timeline.redo and (
                    len(self._timeline.redo) - 1 in self._timeline.redo_joined
                    or (self._by_table(self.state) and not isinstance(redone[-1], TableCorrection)
                        and not isinstance(self._timeline.redo[-1], TableCorrection))):
                redone.append(self.redo())
            return tuple(redone)

    def _by_table(self, state: Any) -> bool:
        """Is the next action in ``state`` the table's (chance: cards drawn, dice rolled)?"""
        return tuple(self.game.to_act(state)) == (TABLE,)

    def redo(self) -> Action:
        with self._lock:
            self._follow_writes()
            if not self._timeline.redo:
                raise self._refused(Text("Nothing to redo."))
            action = self._timeline.redo[-1]
            before = self.state
            after = self.game.apply(before, action)
            with self._one_write():
                at = self.now()
                self._save("redo", finish=self._finish_result(after, at), at=at)
                self._timeline.redo_last(after)
                self._tick("redo", at, before)
                # what the camera proposed or noted was said of the game before: it no longer holds
                self.pending, self.unexplained = None, ()
                self._after_change(before, action, after)
                return action

    # -- saving ------------------------------------------------------------
    def _save(self, kind: str, payload: dict[str, Any] | None = None, *,
              finish: dict[str, Any] | None = None, reopen: bool = False, joined: bool = False,
              at: float | None = None) -> None:
        """Journal one event (with the game's finish or reopening in the same
        transaction; inside :meth:`_one_write`, with the action's other events).
        When the storage fails the event waits in memory, the players are told
        (a ``storage`` event) and :meth:`flush` retries."""
        self._unsaved.append(NewEvent(kind, payload, finish, reopen, joined, at))
        if self._held is None:
            self.flush()

    @property
    def unsaved(self) -> int:
        """How many confirmed events are still waiting to be written (the clock's marks that
        wait too are not moves: not counted)."""
        return len(self._unsaved)

    def flush(self) -> bool:
        """Write the events that wait in memory, in one transaction, before returning (the
        app stopping, the tools); True when all are on disk.  False at once while a write is
        on its way (:meth:`save_waiting` is the way that does not hold up the screen)."""
        with self._lock:
            if self.writing:
                return False
            return self._settle(self._write_out(list(self._unsaved), list(self._unsaved_marks),
                                                list(self._unsaved_jumps)))

    def save_waiting(self, then: Callable[[bool], None] | None = None) -> None:
        """Try again to write the events that wait in memory (storage failed before); with a
        writer on its thread.  ``then(True when all are on disk)`` follows."""
        with self._lock:
            if self.writer is None:
                saved = self.flush()
                if then is not None:
                    then(saved)
                return
            if self.writing:
                return   # the write on its way takes them (they wait after its events)
            if not self._unsaved and not self._unsaved_marks and not self._unsaved_jumps:
                self._settle((0, 0, 0, None))
                if then is not None:
                    then(True)
                return
            if then is not None:
                self._written_callbacks.append(lambda: then(self.storage_problem is None))
            self._write_later(None, [])

    def _write_out(self, events: list[NewEvent], marks: list[Mark],
                   jumps: list[Jump]) -> tuple[int, int, int, JournalError | None]:
        """Write ``events`` (one transaction), then ``marks``, then the wall clock's
        ``jumps``; only the journal is touched, so this may run on the writer's thread.
        Returns how many events, marks and jumps were written and the failure that stopped
        the rest (None)."""
        if events:
            try:
                self.journal.append_many(self.game_id, events)
            except JournalError as exc:
                return 0, 0, 0, exc
        for count, mark in enumerate(marks):
            try:
                self.journal.add_clock_mark(self.game_id, mark.kind, mark.at)
            except JournalError as exc:
                return len(events), count, 0, exc
        for count, jump in enumerate(jumps):
            try:
                self.journal.add_clock_jump(self.game_id, jump.at, jump.skipped, jump.ticks, jump.marks)
            except JournalError as exc:
                return len(events), len(marks), count, exc
        return len(events), len(marks), len(jumps), None

    def _settle(self, outcome: tuple[int, int, int, JournalError | None]) -> bool:
        """What was written no longer waits; a failure is told to the listeners (once per
        problem), and so is the end of one.  True when nothing waits any more."""
        events, marks, jumps, exc = outcome
        del self._unsaved[:events]
        del self._unsaved_marks[:marks]
        del self._unsaved_jumps[:jumps]
        if exc is not None:
            if self.storage_problem is None or str(exc) != str(self.storage_problem):
                self.storage_problem = exc
                self._emit("storage", exc)
            return False
        if self.storage_problem is not None:
            self.storage_problem = None
            self._emit("storage", None)
        return True

    # -- camera ------------------------------------------------------------
    def propose_from_reading(self, reading: TableReading) -> Proposal | None:
        """Turn a settled camera reading into one proposal the players can confirm.

        What the camera sees may take several actions to explain (a card drawn,
        revealed and placed): the game's explanation is asked again after each
        step, on the state that step leads to, and the whole sequence is one
        proposal.  Other sequences that end in a different game are its other
        readings; sequences that end in the same game are one reading.
        """
        camera = load_manifest(self.config.game).camera
        if self._wait_for_write(lambda: self.propose_from_reading(reading)) or camera is None or self.is_over:
            return None
        with self._lock:
            self._reading = reading
            readings = find_readings(self.game, camera, self.state, reading)
            if not readings:
                seen = camera.unexplained(self.state, reading)
                changed = seen != self.unexplained
                self.unexplained = seen
                if self.pending is not None and self.pending.source == "camera":
                    self.pending = None
                    changed = True
                if changed:
                    self._emit("changed")
                return None
            self.unexplained = ()
            self.pending = self._proposal(readings[0][0], tuple(r[0] for r in readings[1:]), "camera",
                                          ends=tuple(r[1] for r in readings),
                                          more=tuple(r[2] for r in readings))
            self._emit("changed")
            return self.pending

    def _proposal(self, steps: Sequence[Action], alternatives: tuple[tuple[Action, ...], ...],
                  source: str, ends: tuple[tuple[Any, ...], ...] = (),
                  more: tuple[bool, ...] = ()) -> Proposal:
        camera = load_manifest(self.config.game).camera
        words = camera.describe(self.state, tuple(steps)) if camera is not None else None
        return Proposal(tuple(steps), alternatives, source, words, self.state if ends else None, ends, more)

    def propose(self, action: Action | Sequence[Action],
                alternatives: Sequence[Action | Sequence[Action]] = (),
                source: str = "camera") -> Proposal:
        """Propose ``action`` (or several actions confirmed together); each alternative is
        likewise an action or a sequence."""
        def steps(choice: Action | Sequence[Action]) -> tuple[Action, ...]:
            return (choice,) if isinstance(choice, Action) else tuple(choice)

        with self._lock:
            self.pending = self._proposal(steps(action), tuple(steps(a) for a in alternatives), source)
            self._emit("changed")
            return self.pending

    def other_reading(self) -> Proposal | None:
        """Propose the next reading of the same change (the current one goes last)."""
        if self._wait_for_write(self.other_reading):
            return None
        with self._lock:
            pending = self.pending
            if pending is None or not pending.alternatives:
                return pending
            self.pending = self._proposal(pending.alternatives[0], pending.alternatives[1:] + (pending.steps,),
                                          pending.source, _turned(pending.ends), _turned(pending.more))
            self._emit("changed")
            return self.pending

    def confirm(self, choice: int = 0) -> tuple[Action, ...]:
        """Confirm the pending proposal (or one of its other readings): all its steps, as
        one player action (one undo takes them back); returns them."""
        with self._lock:
            self._follow_writes()
            if self.pending is None:
                raise self._refused(Text("There is nothing to confirm."))
            choices = self.pending.choices
            if not 0 <= choice < len(choices):
                raise self._refused(Text("There is no choice {number}.", number=choice + 1))
            pending, steps = self.pending, choices[choice]
            searched = pending.base is self.state and len(pending.ends) == len(choices)
            with self._one_write():   # the next proposal shows with the steps confirmed
                self._submit_all(steps, joined=True, ends=pending.ends[choice] if searched else ())
                if pending.source == "camera" and self._reading is not None:
                    if not searched or pending.more[choice]:
                        self.propose_from_reading(self._reading)   # what the next player did
                    else:   # the search already found nothing after these steps: only what it cannot explain
                        self._note_unexplained(self._reading)
            return steps

    def _note_unexplained(self, reading: TableReading) -> None:
        camera = load_manifest(self.config.game).camera
        if camera is not None and not self.is_over:
            seen = camera.unexplained(self.state, reading)
            if seen != self.unexplained:
                self.unexplained = seen
                self._emit("changed")

    def reject(self) -> None:
        """Drop the proposal; the reading it came from is not asked again."""
        if self._wait_for_write(self.reject):
            return
        with self._lock:
            self._reading = None
            if self.pending is not None:
                self.pending = None
                self._emit("changed")

    # -- panel -------------------------------------------------------------
    def press(self, button: str, waiting_for: str = "") -> None:
        """A press of the GPIO panel (or its on-screen twin): end_turn, confirm or undo.

        Refusals are reported to listeners (error signal), never raised, since
        a button press has no caller to show an exception to; ``waiting_for`` (what
        the table screen asks for now, in the players' words) is added to them.
        """
        if button not in BUTTONS:
            raise ValueError(f"unknown button {button!r}")
        self._follow_writes()
        try:
            if button == "undo":
                self.undo_turn()
            elif button == "confirm" and self.pending is None and waiting_for:
                self._refuse(Text("Nothing to confirm now. {next}", next=waiting_for))
            elif button == "confirm" or self.pending is not None:
                self.confirm()
            else:
                action = self.game.end_turn_action(self.state)
                if action is None:
                    self._refuse(Text("END TURN does nothing now. {next}", next=waiting_for)
                                 if waiting_for else Text("END TURN does nothing now."))
                    return
                self.submit(action)
        except CompanionError:
            pass  # already reported through the error signal

    def abandon(self) -> None:
        self.journal.abandon_game(self.game_id)


def _turned(items: tuple[Any, ...]) -> tuple[Any, ...]:
    """``items`` with the first moved last (the next reading first)."""
    return items[1:] + items[:1]


def _reason_of(exc: CompanionError) -> Text:
    """What a refusal tells the players: an illegal action's reason and rule
    (translatable); any other error's English message."""
    log.info("refused: %s", exc)      # an illegal action's digest code stays here, off the screen
    if isinstance(exc, IllegalAction):
        return exc.explanation
    return untranslated(str(exc))


