"""A game's story: each seat's "score if the game ended now" turn after turn,
with the round ends and the notable events marked, for the score-over-time chart.

Built by replaying the game's actions through its engine (``score_sheet`` after
every action, ``signals`` for the events), so it works for every registered game
and for the game being played as well as for a finished one.  A turn is counted
at each ``TurnStarted`` signal; a game whose engine sends none gets a point per
action.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Any, Sequence

from companion.actions import Action
from companion.engine import AnyGame, GameConfig, ScoreSheet
from companion.errors import CompanionError, JournalError, RecordError
from companion.games import load_game, load_manifest
from companion.messages import N_
from companion.journal import Journal, JournalEvent
from companion.signals import (ALERT, CHASE, FLASH, FLASH_ALL, PirateAttack, SeatScored, Signal, SignalSpec,
                               TurnStarted)

#: event kinds marked on the chart, and what the legend calls them
EVENT_LABELS = {
    "round": N_("Round end"),
    "final": N_("Last round"),
    "pirates": N_("Pirate attack"),
    "scored": N_("Points scored"),
}


@dataclass(frozen=True)
class StoryPoint:
    """The totals by seat after ``step`` actions, at turn number ``turn``."""

    turn: int
    step: int
    totals: tuple[int, ...]


@dataclass(frozen=True)
class StoryEvent:
    """Something worth marking at ``turn``: ``kind`` is a key of EVENT_LABELS; ``seats``
    the seats it concerns (the attacker first for a pirate attack)."""

    turn: int
    step: int
    kind: str
    seats: tuple[int, ...] = ()
    points: int = 0


@dataclass(frozen=True)
class Story:
    game: str
    names: tuple[str, ...]
    points: tuple[StoryPoint, ...]
    events: tuple[StoryEvent, ...]
    sheet: ScoreSheet

    def series(self, seat: int) -> list[tuple[int, int]]:
        """(turn, total) of one seat, for a chart line."""
        return [(p.turn, p.totals[seat]) for p in self.points]

    @property
    def turns(self) -> int:
        return self.points[-1].turn if self.points else 0

    @property
    def low(self) -> int:
        return min((min(p.totals) for p in self.points if p.totals), default=0)

    @property
    def high(self) -> int:
        return max((max(p.totals) for p in self.points if p.totals), default=0)


#: the chart's event kind of a signal, by the LED pattern its game declares for it
PATTERN_EVENTS = {CHASE: "round", FLASH_ALL: "final"}


def _event(spec: SignalSpec, signal: Signal, turn: int, step: int) -> StoryEvent | None:
    """The chart mark of ``signal``, from how its game declares it shows at the table:
    a chase is a round end, every seat flashing the last round; an alarm that is a
    pirate attack (any game's) is marked on the seats it names, a scoring flash as
    points scored.  Other signals (a wreck, a notice) are not charted."""
    cue = spec.cue(signal)
    if cue.pattern in PATTERN_EVENTS:
        return StoryEvent(turn, step, PATTERN_EVENTS[cue.pattern])
    if cue.pattern == ALERT and isinstance(signal, PirateAttack):
        return StoryEvent(turn, step, "pirates", tuple(dict.fromkeys(cue.seats or ())))
    if cue.pattern == FLASH and isinstance(signal, SeatScored) and signal.points:
        return StoryEvent(turn, step, "scored", (signal.seat,), signal.points)
    return None


def build_story(game: AnyGame, config: GameConfig, actions: Sequence[Action]) -> Story:
    """Replay ``actions`` from ``config`` and collect the story (RecordError naming the
    first action the rules refuse)."""
    try:
        state = game.setup(config)
    except CompanionError as exc:
        raise RecordError(f"bad config: {exc}") from exc
    totals = [tuple(game.score_sheet(state).totals)]      # after 0, 1, ... actions
    turn_starts: list[int] = []                            # steps after which a turn began
    found: list[tuple[int, Signal]] = []
    for step, action in enumerate(actions, start=1):
        try:
            after = game.apply(state, action)
        except CompanionError as exc:
            raise RecordError(f"action {step - 1} ({action}): {exc}") from exc
        signals = game.signals(state, action, after)
        totals.append(tuple(game.score_sheet(after).totals))
        if any(isinstance(s, TurnStarted) for s in signals):
            turn_starts.append(step)
        found += [(step, s) for s in signals]
        state = after
    # one point per turn (a game that sends no TurnStarted: one per action)
    steps = turn_starts if turn_starts else list(range(1, len(actions) + 1))
    steps = [0] + [s for s in steps if s > 0]
    if steps[-1] != len(actions):
        steps.append(len(actions))
    points = tuple(StoryPoint(turn, step, totals[step]) for turn, step in enumerate(steps))
    manifest = load_manifest(config.game)
    events = []
    for step, signal in found:
        turn = bisect_left(steps, step)  # the point that first shows it
        event = _event(manifest.signal_spec(signal), signal, turn, step)
        if event is not None:
            events.append(event)
    return Story(config.game, tuple(p.name for p in config.players), points, tuple(events),
                 game.score_sheet(state))


def effective_payloads(events: Sequence[JournalEvent]) -> list[dict[str, Any]]:
    """The actions a game's journal events leave standing (undo drops the last,
    redo puts the last undone one back), as stored; ValueError on an undo or redo
    with nothing to act on."""
    done: list[dict[str, Any]] = []
    undone: list[dict[str, Any]] = []
    for event in events:
        if event.kind == "do":
            done.append(event.payload or {})
            undone.clear()
        elif event.kind == "undo":
            if not done:
                raise ValueError(f"entry {event.seq}: an undo with nothing to undo")
            undone.append(done.pop())
        elif event.kind == "redo":
            if not undone:
                raise ValueError(f"entry {event.seq}: a redo with nothing to redo")
            done.append(undone.pop())
    return done


def journal_actions(journal: Journal, game_id: int) -> tuple[AnyGame, GameConfig, list[Action]]:
    """A journal game's engine, config and standing actions (RecordError when its stored
    parts cannot be read, or an entry is damaged)."""
    entry = journal.game(game_id)
    if entry.damage:
        raise RecordError(f"game #{game_id}: {entry.damage}")
    try:
        config = GameConfig.from_dict(entry.config)
        game = load_game(config.game)
        loaded = journal.events(game_id)
        if loaded.damaged_from is not None:  # said, not cut short silently
            raise RecordError(f"game #{game_id}: {loaded.damage}")
        payloads = effective_payloads(loaded.events)
        actions = [game.parse_action(p) for p in payloads]
    except (CompanionError, ValueError) as exc:
        if isinstance(exc, JournalError):
            raise
        raise RecordError(f"game #{game_id}: {exc}") from exc
    return game, config, actions


def journal_story(journal: Journal, game_id: int) -> Story:
    """The story of a game in the journal (finished or still being played)."""
    game, config, actions = journal_actions(journal, game_id)
    return build_story(game, config, actions)
