"""The table session: the one place where inputs become actions.

Taps from the UI, presses of the GPIO panel and camera readings all arrive
here.  A confirmed action is checked by the engine, written to the journal
(durable), and only then applied and shown: listeners receive view changes
and signals after the write.  Camera readings never change state silently:
they become a :class:`Proposal` that a player confirms, adjusts or rejects.

Threading: a session is used from one thread.  gpiozero callbacks arrive on
background threads, so the UI moves them onto its own thread before calling
``press``; the camera worker's readings likewise.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from companion.actions import Action
from companion.engine import TABLE, CompanionError, Game, GameConfig, IllegalAction, ScoreSheet
from companion.games import load_game
from companion.i18n import Text, untranslated
from companion.journal import Journal, JournalEvent
from companion.readings import TableReading
from companion.signals import ErrorSignal, GameEnded, TurnStarted

BUTTONS = ("end_turn", "confirm", "undo")


@dataclass(frozen=True)
class Proposal:
    """An action the camera suggests; ``alternatives`` are the other readings of it."""

    action: Action
    alternatives: tuple[Action, ...] = ()
    source: str = "camera"

    @property
    def choices(self) -> tuple[Action, ...]:
        return (self.action,) + self.alternatives


@dataclass(frozen=True)
class SessionEvent:
    """What listeners receive.

    kind: ``changed`` (state, history or proposal changed), ``signal``
    (payload: a Signal), ``error`` (payload: the refusal's reason and rule
    as a translatable :class:`~companion.i18n.Text`).
    """

    kind: str
    payload: Any = None


Listener = Callable[[SessionEvent], None]


@dataclass
class _Timeline:
    states: list[Any]
    actions: list[Action] = field(default_factory=list)
    redo: list[Action] = field(default_factory=list)


class TableSession:
    """A game in progress, backed by the journal."""

    def __init__(self, journal: Journal, game_id: int, game: Game, config: GameConfig,
                 timeline: _Timeline, notices: tuple[str, ...] = ()):
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
        self.notices: list[str] = list(notices)
        self._reading: TableReading | None = None

    # -- creation ----------------------------------------------------------
    @classmethod
    def new(cls, journal: Journal, config: GameConfig) -> "TableSession":
        """Set up a new game (checked by the engine) and journal it."""
        game = load_game(config.game)
        initial = game.setup(config)
        game_id = journal.start_game(config.game, config.to_dict())
        return cls(journal, game_id, game, config, _Timeline([initial]))

    @classmethod
    def resume(cls, journal: Journal, game_id: int) -> "TableSession":
        """Rebuild a game from its journal, recovering up to the last whole entry."""
        entry = journal.game(game_id)
        config = GameConfig.from_dict(entry.config)
        game = load_game(config.game)
        timeline = _Timeline([game.setup(config)])
        loaded = journal.events(game_id)
        notices: list[str] = []
        damaged_from, damage = loaded.damaged_from, loaded.damage
        for event in loaded.events:
            problem = _replay_event(game, timeline, event)
            if problem is not None:
                damaged_from, damage = event.seq, f"entry {event.seq}: {problem}"
                break
        if damaged_from is not None:
            dropped = journal.truncate(game_id, damaged_from)
            notices.append(
                f"The journal was damaged ({damage}). The game was recovered up to action "
                f"{len(timeline.actions)}; {dropped} damaged entr{'y' if dropped == 1 else 'ies'} dropped.")
        if entry.status == "finished" and not game.is_over(timeline.states[-1]):
            journal.reopen_game(game_id)
        return cls(journal, game_id, game, config, timeline, tuple(notices))

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
        for listener in list(self._listeners):
            listener(event)

    def announce_turn(self) -> None:
        """Emit the current turn (after resume, or when a screen attaches)."""
        seats = [s for s in self.to_act if s != TABLE]
        if len(seats) == 1:
            self._emit("signal", TurnStarted(seats[0]))

    # -- acting ------------------------------------------------------------
    def submit(self, action: Action | dict[str, Any]) -> None:
        """Check, journal, apply and announce one action.

        Raises the engine's InvalidAction/IllegalAction (and emits an error
        signal first) when the rules refuse it; nothing is written then.
        """
        with self._lock:
            if isinstance(action, dict):
                action = self._parse(action)
            before = self.state
            try:
                after = self.game.apply(before, action)
            except CompanionError as exc:
                self._refuse(_reason_of(exc))
                raise
            self.journal.append(self.game_id, "do", action.to_dict())
            self._timeline.states.append(after)
            self._timeline.actions.append(action)
            self._timeline.redo.clear()
            self.pending, self.unexplained = None, ()
            self._after_change(before, action, after)

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

    def _after_change(self, before: Any, action: Action, after: Any) -> None:
        signals = list(self.game.signals(before, action, after))
        if self.game.is_over(after):
            sheet = self.game.score_sheet(after)
            self.journal.finish_game(self.game_id, {
                "summary": self.game.summary(after), "scores": sheet.to_dict()})
            if not any(isinstance(s, GameEnded) for s in signals):
                signals.append(GameEnded(sheet.winners))
        self._emit("changed")
        for signal in signals:
            self._emit("signal", signal)

    def undo(self) -> Action:
        """Take back the last confirmed action (journaled like any other)."""
        with self._lock:
            if not self._timeline.actions:
                raise self._refused(Text("Nothing to undo."))
            was_over = self.is_over
            self.journal.append(self.game_id, "undo")
            action = self._timeline.actions.pop()
            self._timeline.states.pop()
            self._timeline.redo.append(action)
            self.pending, self.unexplained = None, ()
            if was_over:
                self.journal.reopen_game(self.game_id)
            self._emit("changed")
            self.announce_turn()
            return action

    def redo(self) -> Action:
        with self._lock:
            if not self._timeline.redo:
                raise self._refused(Text("Nothing to redo."))
            action = self._timeline.redo[-1]
            before = self.state
            after = self.game.apply(before, action)
            self.journal.append(self.game_id, "redo")
            self._timeline.redo.pop()
            self._timeline.states.append(after)
            self._timeline.actions.append(action)
            self._after_change(before, action, after)
            return action

    # -- camera ------------------------------------------------------------
    def propose_from_reading(self, reading: TableReading) -> Proposal | None:
        """Turn a settled camera reading into a proposal the players can confirm.

        Some things the camera sees take several actions to explain (a card
        drawn, revealed and placed); after each confirm the same reading is
        asked again, until the state explains it and nothing is proposed.
        """
        explain = getattr(self.game, "actions_for_reading", None)
        if explain is None or self.is_over:
            return None
        with self._lock:
            self._reading = reading
            candidates = tuple(explain(self.state, reading))
            if not candidates:
                unexplained = getattr(self.game, "unexplained_reading", None)
                seen = tuple(unexplained(self.state, reading)) if unexplained is not None else ()
                changed = seen != self.unexplained
                self.unexplained = seen
                if self.pending is not None and self.pending.source == "camera":
                    self.pending = None
                    changed = True
                if changed:
                    self._emit("changed")
                return None
            self.unexplained = ()
            self.pending = Proposal(candidates[0], candidates[1:])
            self._emit("changed")
            return self.pending

    def propose(self, action: Action, alternatives: tuple[Action, ...] = (),
                source: str = "camera") -> Proposal:
        with self._lock:
            self.pending = Proposal(action, alternatives, source)
            self._emit("changed")
            return self.pending

    def confirm(self, choice: int = 0) -> Action:
        """Confirm the pending proposal (or one of its alternatives)."""
        with self._lock:
            if self.pending is None:
                raise self._refused(Text("There is nothing to confirm."))
            choices = self.pending.choices
            if not 0 <= choice < len(choices):
                raise self._refused(Text("There is no choice {number}.", number=choice + 1))
            action = choices[choice]
            from_camera = self.pending.source == "camera"
            self.submit(action)
            if from_camera and self._reading is not None:
                self.propose_from_reading(self._reading)
            return action

    def reject(self) -> None:
        """Drop the proposal; the reading it came from is not asked again."""
        with self._lock:
            self._reading = None
            if self.pending is not None:
                self.pending = None
                self._emit("changed")

    # -- panel -------------------------------------------------------------
    def press(self, button: str) -> None:
        """A press of the GPIO panel (or its on-screen twin): end_turn, confirm or undo.

        Refusals are reported to listeners (error signal), never raised, since
        a button press has no caller to show an exception to.
        """
        if button not in BUTTONS:
            raise ValueError(f"unknown button {button!r}")
        try:
            if button == "undo":
                self.undo()
            elif button == "confirm" or self.pending is not None:
                self.confirm()
            else:
                action = self.game.end_turn_action(self.state)
                if action is None:
                    self._refuse(Text("END TURN does nothing now."))
                    return
                self.submit(action)
        except CompanionError:
            pass  # already reported through the error signal

    def abandon(self) -> None:
        self.journal.abandon_game(self.game_id)


def _reason_of(exc: CompanionError) -> Text:
    """What a refusal tells the players: an illegal action's reason and rule
    (translatable); any other error's English message."""
    if isinstance(exc, IllegalAction):
        return exc.explanation
    return untranslated(str(exc))


def _replay_event(game: Game, timeline: _Timeline, event: JournalEvent) -> str | None:
    """Apply one journal event to the timeline; a reason when it cannot be."""
    try:
        if event.kind == "do":
            action = game.parse_action(event.payload or {})
            timeline.states.append(game.apply(timeline.states[-1], action))
            timeline.actions.append(action)
            timeline.redo.clear()
        elif event.kind == "undo":
            if not timeline.actions:
                return "an undo with nothing to undo"
            timeline.redo.append(timeline.actions.pop())
            timeline.states.pop()
        elif event.kind == "redo":
            if not timeline.redo:
                return "a redo with nothing to redo"
            action = timeline.redo.pop()
            timeline.states.append(game.apply(timeline.states[-1], action))
            timeline.actions.append(action)
    except CompanionError as exc:
        return str(exc)
    return None
