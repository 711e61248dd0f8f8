"""Engine bugs the conformance suite found, each with a way to spot it and to
reproduce it on purpose.  The general tests tolerate exactly these cases (so they
keep checking everything else); tests/conformance/test_known_bugs.py reproduces
each one under ``xfail(strict=True)``, so fixing a bug fails that test until its
entry here is deleted.
"""
from __future__ import annotations

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


#: None today: Alles's empty Mark is listed (E-MARK-1) and Golden Horn's wind cards
#: are kept in one order, so every action that applies is listed.
KNOWN_BUGS: tuple[KnownBug, ...] = ()


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
