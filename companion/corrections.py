"""Corrections: the table sets right what players count by hand and the app tracks.

A correction is an ordinary action (journaled, replayed, undone like any other)
that says what the app counted (``before``) and what really lies on the table
(``after``).  Corrections are never listed by ``legal_actions`` (any count may be
entered) and apply at any moment, a finished game included: the table always wins.
They are refused only when ``before`` is not what the app counts (so a record
cannot silently change something else) or the new count is impossible: below
zero, or more than the box holds of that kind, counting every place on the table
together (:func:`check_box`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from companion.actions import DescribedAction
from companion.errors import IllegalAction
from companion.messages import Text


class TableCorrection(DescribedAction):
    """Base class of every game's correction action (fields ``before`` and ``after``)."""

    before: Any
    after: Any


class PlayerChoice(DescribedAction):
    """A choice the rules leave to a player (e.g. Coloretto's joker and positive
    colours): like a correction, never listed and applied at any moment."""


@dataclass(frozen=True)
class Counted:
    """One count the table may correct: what it is (``what``, in the players' words),
    the app's ``count``, and ``correct(after)`` building the correction to ``after``."""

    what: Text
    count: int
    correct: Callable[[int], TableCorrection]


def check_correction(counted: Any, before: Any, after: Any) -> None:
    """IllegalAction unless a correction from ``before`` to ``after`` can apply where
    the app counts ``counted`` (whole numbers or tuples of them, never below 0)."""
    values = after if isinstance(after, tuple) else (after,)
    if any(value < 0 for value in values):
        raise IllegalAction(Text("A count cannot be below zero."))
    if counted != before:
        raise IllegalAction(Text("The companion counts {counted} here, not {before}: this correction "
                                 "belongs to another moment of the game.",
                                 counted=_shown(counted), before=_shown(before)))
    if after == before:
        raise IllegalAction(Text("Nothing to correct: the count is already {count}.", count=_shown(after)))


def check_box(what: Text, total: int, box: int, before_total: int) -> None:
    """IllegalAction when a correction would put ``total`` things of one kind on the
    table (every place together; ``before_total`` before it) and the box holds only
    ``box``: a correction may bring an impossible count down, never up."""
    if total > box and total > before_total:
        raise IllegalAction(Text("The box holds only {count} ({what}): with this correction the table "
                                 "would have {total}, counting every place. Correct first the place "
                                 "they came from.", count=box, what=what, total=total))


def _shown(value: Any) -> str:
    return "-".join(str(v) for v in value) if isinstance(value, tuple) else str(value)
