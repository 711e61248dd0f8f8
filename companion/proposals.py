"""Proposals: what the camera suggests, and the pure search for the sequences of actions that
explain a camera reading (no journal, no session: a game, its camera, a state and a reading)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from companion.actions import Action, DescribedAction
from companion.engine import TABLE, AnyGame
from companion.errors import CompanionError
from companion.messages import Text, untranslated
from companion.readings import TableReading


@dataclass(frozen=True)
class Proposal:
    """What the camera suggests for one physical change.

    ``steps`` are the actions that explain it (a card drawn, revealed and placed), confirmed
    by one Confirm and taken back by one Undo; ``alternatives`` are the other readings of the
    same change, each its own steps ending in a different game; ``words`` say the whole
    change in table words ("Ann draws a green card and places it on the second row")."""

    steps: tuple[Action, ...]
    alternatives: tuple[tuple[Action, ...], ...] = ()
    source: str = "camera"
    words: Text | None = None
    #: what the camera's search already played out, so a Confirm applies nothing again: ``base``
    #: the state it searched from, ``ends`` the states each choice's steps lead to, ``more``
    #: whether the reading may explain more after each choice (another player's change)
    base: Any = field(default=None, compare=False, repr=False)
    ends: tuple[tuple[Any, ...], ...] = field(default=(), compare=False, repr=False)
    more: tuple[bool, ...] = field(default=(), compare=False, repr=False)

    @property
    def action(self) -> Action:
        """The first step (the one the players make on the table)."""
        return self.steps[0]

    @property
    def choices(self) -> tuple[tuple[Action, ...], ...]:
        return (self.steps,) + self.alternatives

    @property
    def text(self) -> Text:
        return self.words if self.words is not None else steps_text(self.steps)


def steps_text(steps: Sequence[Action]) -> Text:
    """The actions' own texts, in order (when the game has no words for them together)."""
    texts = tuple(a.text() if isinstance(a, DescribedAction) else untranslated(str(a)) for a in steps)
    if len(texts) == 1:
        return texts[0]
    return Text("{first}, then {rest}", first=texts[0], rest=texts[1:])


#: how far the camera's readings are followed: steps in one reading (more when the game's
#: camera says the reading needs them, up to STEP_CAP), readings offered
MAX_STEPS = 8
STEP_CAP = 48
MAX_READINGS = 6


def find_readings(game: AnyGame, camera: Any, state: Any, reading: TableReading
                  ) -> list[tuple[tuple[Action, ...], tuple[Any, ...], bool]]:
    """Every sequence of actions that explains ``reading`` from ``state`` (at most MAX_READINGS,
    each at most MAX_STEPS long, or as long as the game's camera asks up to STEP_CAP), most likely
    first; of two that end in the same game, the first.  Each with the states its steps lead
    to, and whether the reading may explain more after it.
    A sequence is one player's change: it stops where another player would act (what
    they did is the next proposal)."""
    found: list[tuple[tuple[Action, ...], tuple[Any, ...], bool]] = []
    limit = min(STEP_CAP, max(MAX_STEPS, camera.steps(state, reading)))

    def follow(now: Any, steps: tuple[Action, ...], states: tuple[Any, ...],
               player: tuple[int, ...] | None) -> None:
        if len(found) >= MAX_READINGS:
            return
        acting = tuple(game.to_act(now))
        if acting != (TABLE,):
            player = acting if player is None else player
        over = game.is_over(now)
        done = len(steps) >= limit or over or acting not in (player, (TABLE,))
        followed = False
        for action in () if done else tuple(camera.actions_for_reading(now, reading)):
            try:
                after = game.apply(now, action)
            except CompanionError:
                continue    # the game proposed what its rules refuse: not a reading
            followed = True
            follow(after, steps + (action,), states + (after,), player)
        if steps and not followed and all(ends[-1] != now for _, ends, _ in found):
            # stopped short (another player acts, or the step limit): the reading may hold more
            more = done and not over and (len(steps) >= limit or bool(
                tuple(camera.actions_for_reading(now, reading))))
            found.append((steps, states, more))

    follow(state, (), (), None)
    return found
