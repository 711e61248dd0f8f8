"""The timeline of a game: the states played, the actions between them and the undone ones;
its replay from the journal, and recovery (a damaged or no longer replayable tail set aside,
a batch set aside earlier put back when it replays again, the finished mark put right)."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from companion.actions import Action
from companion.clock import Tick, seat_to_act, tick_seat
from companion.engine import AnyGame, GameConfig
from companion.errors import CompanionError, JournalError
from companion.games import load_game, load_manifest
from companion.messages import Text
from companion.journal import Journal, JournalEvent, LoadedEvents

log = logging.getLogger("companion.session")


@dataclass
class Timeline:
    """The states played, the actions between them and the undone ones; which actions
    were confirmed together (played and replayed from the journal alike)."""

    states: list[Any]
    actions: list[Action] = field(default_factory=list)
    redo: list[Action] = field(default_factory=list)
    #: indices of actions confirmed together with the one before (one camera proposal's
    #: steps): undone and redone with it.  Journaled (an event's ``joined``): a resume keeps them
    joined: set[int] = field(default_factory=set)
    #: positions in the redo stack of undone actions that were so joined
    redo_joined: set[int] = field(default_factory=set)

    def do(self, after: Any, action: Action, joined: bool = False) -> None:
        """``action`` played, leading to ``after``; ``joined`` to the action before it."""
        self.states.append(after)
        self.actions.append(action)
        self.redo.clear()
        self.redo_joined.clear()
        if joined:
            self.joined.add(len(self.actions) - 1)

    def undo(self) -> Action:
        action = self.actions.pop()
        self.states.pop()
        self.redo.append(action)
        if len(self.actions) in self.joined:
            self.joined.discard(len(self.actions))
            self.redo_joined.add(len(self.redo) - 1)
        return action

    def redo_last(self, after: Any) -> Action:
        """The last undone action played again, leading to ``after``."""
        action = self.redo.pop()
        self.states.append(after)
        self.actions.append(action)
        if len(self.redo) in self.redo_joined:
            self.redo_joined.discard(len(self.redo))
            self.joined.add(len(self.actions) - 1)
        return action

    def copy(self) -> "Timeline":
        return Timeline(list(self.states), list(self.actions), list(self.redo), set(self.joined),
                        set(self.redo_joined))


def recover(journal: Journal, game_id: int, ticks: list[Tick] | None = None
            ) -> tuple[AnyGame, GameConfig, Timeline, tuple[Text, ...]]:
    """Rebuild a game from its journal: the game, its config, its timeline and notices for
    the players about what recovery did; ``ticks`` receives the clock's view of every
    event replayed (its time and the seat to act after it).

    Nothing is deleted: a damaged tail, or actions this version of the
    rules no longer accepts, are moved aside (quarantined) and the game
    goes on from the last entry that replays; a batch set aside earlier
    that replays again (the rules were fixed) is put back.  A game whose
    last move ended it but that is still marked as being played (a stop
    between its last move's write and the finished mark) is marked finished."""
    entry = journal.game(game_id)
    if entry.damage:
        raise JournalError(f"{journal.path}: game #{game_id} cannot be resumed: {entry.damage}",
                           "damaged", journal.path)
    config = GameConfig.from_dict(entry.config)
    game = load_game(config.game)
    timeline = Timeline([game.setup(config)])
    loaded = journal.events(game_id)
    notices: list[Text] = []
    damaged_from, damage = replay_events(game, timeline, loaded, ticks)
    if damaged_from is not None:
        moved = journal.quarantine(game_id, damaged_from, damage)
        log.warning("game #%d: %d entries set aside from seq %d: %s", game_id, moved,
                    damaged_from, damage)
        notices.append(Text(
            "Part of this game's record could not be replayed. The game goes on after move "
            "{moves}; {count} later entry is kept aside in the journal, not deleted.",
            "Part of this game's record could not be replayed. The game goes on after move "
            "{moves}; {count} later entries are kept aside in the journal, not deleted.",
            moves=len(timeline.actions), count=moved))
    else:
        restored = restore_quarantined(journal, game_id, game, timeline, len(loaded.events), ticks)
        if restored:
            notices.append(Text(
                "{count} entry of this game that had been set aside replays again and was restored.",
                "{count} entries of this game that had been set aside replay again and were restored.",
                count=restored))
    over = game.is_over(timeline.states[-1])
    if entry.status == "finished" and not over:
        journal.reopen_game(game_id)
    elif entry.status == "playing" and over:
        journal.finish_game(game_id, game_result(game, timeline.states[-1]))
    return game, config, timeline, tuple(notices)


def game_result(game: AnyGame, state: Any) -> dict[str, Any]:
    """What the journal keeps of a finished game for the history."""
    return {"summary": game.summary(state), "scores": game.score_sheet(state).to_dict()}


def replay_events(game: AnyGame, timeline: Timeline, loaded: LoadedEvents,
                  ticks: list[Tick] | None = None) -> tuple[int | None, str]:
    """Replay journal events onto ``timeline``: (seq of the first that does not
    replay, or of the first damaged row, and why), or (None, ""); each event replayed
    is added to ``ticks`` as the clock sees it."""
    for event in loaded.events:
        problem = _replay_event(game, timeline, event)
        if problem is not None:
            return event.seq, f"entry {event.seq}: {problem}"
        if ticks is not None:
            after = game.to_act(timeline.states[-1])
            seat = tick_seat(game.to_act(timeline.states[-2]), after) \
                if event.kind != "undo" and len(timeline.states) > 1 else seat_to_act(after)
            ticks.append(Tick(event.at, event.kind, seat))
    return loaded.damaged_from, loaded.damage


def restore_quarantined(journal: Journal, game_id: int, game: AnyGame, timeline: Timeline,
                         next_seq: int, ticks: list[Tick] | None = None) -> int:
    """Put back the newest batch set aside from this game when nothing was
    journaled after it and it replays whole now; how many entries came back."""
    batches = sorted({q.batch for q in journal.quarantined(game_id)})
    if not batches:
        return 0
    loaded = journal.quarantined_events(game_id, batches[-1])
    if loaded.damaged_from is not None or not loaded.events or loaded.events[0].seq != next_seq:
        return 0
    trial, replayed = timeline.copy(), list[Tick]()
    if replay_events(game, trial, loaded, replayed)[0] is not None:
        return 0
    count = journal.restore_quarantine(game_id, batches[-1])
    if ticks is not None:
        ticks.extend(replayed)
    vars(timeline).update(vars(trial))     # its states, actions, undone ones and groups
    return count


def recover_finished_games(journal: Journal) -> int:
    """Mark finished every game still marked as being played whose journaled
    moves end it (a stop between the last move's write and the finished mark);
    how many.  Games that cannot be replayed are left for resume to report."""
    count = 0
    for entry in journal.playing():
        if entry.damage:
            continue
        try:
            config = GameConfig.from_dict(entry.config)
            game = load_game(config.game)
            timeline = Timeline([game.setup(config)])
            loaded = journal.events(entry.id)
            if replay_events(game, timeline, loaded)[0] is None and game.is_over(timeline.states[-1]):
                journal.finish_game(entry.id, game_result(game, timeline.states[-1]))
                count += 1
        except JournalError:
            raise
        except CompanionError:
            continue
    return count


def _replay_event(game: AnyGame, timeline: Timeline, event: JournalEvent) -> str | None:
    """Apply one journal event to the timeline; a reason when it cannot be."""
    try:
        if event.kind == "do":
            action = game.parse_action(event.payload or {})
            words = load_manifest(game.name).words
            if words is not None:   # in the table's words, as when it was played
                action = words(timeline.states[-1], action)
            timeline.do(game.apply(timeline.states[-1], action), action, event.joined)
        elif event.kind == "undo":
            if not timeline.actions:
                return "an undo with nothing to undo"
            timeline.undo()
        elif event.kind == "redo":
            if not timeline.redo:
                return "a redo with nothing to redo"
            timeline.redo_last(game.apply(timeline.states[-1], timeline.redo[-1]))
    except CompanionError as exc:
        return str(exc)
    return None
