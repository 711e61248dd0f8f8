"""Engine bugs the conformance suite found, each with a way to spot it and to
reproduce it on purpose.  The general tests tolerate exactly these cases (so they
keep checking everything else); tests/conformance/test_known_bugs.py reproduces
each one under ``xfail(strict=True)``, so fixing a bug fails that test until its
entry here is deleted.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from companion.actions import Action


@dataclass(frozen=True)
class KnownBug:
    game: str
    reason: str
    #: does ``action`` (applied although not listed) show this bug?
    matches: Callable[[Action, frozenset[Action]], bool]
    #: actions that show the bug in a state with these listed actions
    candidates: Callable[[tuple[Action, ...]], Iterator[Action]]


def _empty_marks(listed: tuple[Action, ...]) -> Iterator[Action]:
    for action in listed:
        if type(action).__name__ == "Mark":
            yield dataclasses.replace(action, colours=())  # type: ignore[type-var]


def _reordered_wind(listed: tuple[Action, ...]) -> Iterator[Action]:
    for action in listed:
        wind = getattr(action, "wind", "")
        if type(action).__name__ == "Move" and len(set(wind)) > 1:
            yield dataclasses.replace(action, wind=wind[::-1])  # type: ignore[type-var]


def _is_reordered_wind(action: Action, listed: frozenset[Action]) -> bool:
    if type(action).__name__ != "Move":
        return False
    return any(dataclasses.replace(action, wind=other.wind) == other  # type: ignore[type-var]
               and sorted(other.wind) == sorted(action.wind)  # type: ignore[attr-defined]
               for other in listed if type(other) is type(action))


KNOWN_BUGS: tuple[KnownBug, ...] = (
    KnownBug(
        "alles_auf_1_karte",
        "alles_auf_1_karte: apply accepts Mark(seat, card, colours=()) - legal by the digest "
        "(E-MARK-1/A1: 'the empty set is legal, same as passing', tests/alles_auf_1_karte/"
        "test_vectors.py) - but legal_actions never lists it (rules.mark_actions lists Pass and "
        "only non-empty colour sets), so the listed set and apply disagree",
        lambda action, listed: type(action).__name__ == "Mark" and action.colours == (),  # type: ignore[attr-defined]
        _empty_marks),
    KnownBug(
        "golden_horn",
        "golden_horn: apply accepts a Move whose wind cards are a listed Move's in another order "
        "(turns.py compares cubes.counts(action.wind) with the stop's), so one move has several "
        "action values and only the route-ordered one is listed",
        _is_reordered_wind,
        _reordered_wind),
)


def known_bug(game: str, action: Action, listed: frozenset[Action]) -> KnownBug | None:
    """The known bug that explains ``action`` applying although not listed, if any."""
    for bug in KNOWN_BUGS:
        if bug.game == game and bug.matches(action, listed):
            return bug
    return None


def reproduce(game: Any, bug: KnownBug, states: list[Any]) -> Action | None:
    """The first candidate action of ``bug`` that applies without being listed."""
    for state in states:
        listed = tuple(game.legal_actions(state))
        for action in bug.candidates(listed):
            if action in listed:
                continue
            try:
                game.apply(state, action)
            except ValueError:
                continue
            return action
    return None
