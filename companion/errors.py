"""The errors the companion raises on purpose, in one tree.

::

    CompanionError
    ├── InvalidAction        (also ValueError) a malformed action
    ├── IllegalAction        (also ValueError) an action the rules forbid, with a reason
    ├── ConfigError          (also ValueError) a game configuration or data file that cannot be played
    │   ├── caravelas.board.BoardError              a board file
    │   └── alles_auf_1_karte.catalogue.CatalogueError  a card catalogue
    ├── RecordError          (also ValueError) a record or journal entry that cannot be replayed
    ├── JournalError         the journal cannot be opened, read or written
    ├── SettingsError        (also ValueError) a settings file that cannot be used
    ├── UnknownGame          (also ValueError) a game name that is not registered
    ├── manifest.ManifestError                      (also TypeError) a game declaration
    ├── caravelas.mapper_edits.MapError             (also ValueError) a board-mapping step
    └── alles_auf_1_karte.invariants.InconsistentState  (also ValueError) a broken state

The leaves that belong to one game or one file live beside the code that raises them;
this module imports nothing but the message model, so every module may import it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Mapping

from companion.messages import N_, Text, untranslated


#: how a refusal names the rule that forbids it
CITING = N_("{reason} (rulebook: “{heading}”)")


class CompanionError(Exception):
    """Root of every error the companion raises on purpose."""


class InvalidAction(CompanionError, ValueError):
    """An action that is malformed: unknown type, missing or mistyped fields."""


class IllegalAction(CompanionError, ValueError):
    """A well-formed action that the rules forbid.

    ``reason`` is a sentence a player can read, as a translatable
    :class:`~companion.i18n.Text` (a plain str is English only).  ``rule``
    optionally names the digest section it comes from (e.g. ``"§5.2"``): a code
    for developers, kept in ``str(exc)`` (the log) and never shown to players.
    ``heading`` optionally names the rule as the rulebook's own heading (a Text
    such as "Moving a ship"); players see it after the reason.
    """

    def __init__(self, reason: Text | str, rule: str | None = None, heading: Text | None = None):
        self.reason = reason if isinstance(reason, Text) else untranslated(reason)
        self.rule = rule
        self.heading = heading
        english = str(self.explanation)
        super().__init__(f"{english} [{rule}]" if rule else english)

    @property
    def explanation(self) -> Text:
        """The reason followed by the rulebook's heading, as players see it."""
        if self.heading is None:
            return self.reason
        return Text(CITING, reason=self.reason, heading=self.heading)

    def citing(self, headings: Mapping[str, Text]) -> "IllegalAction":
        """The same refusal naming the rulebook heading of its rule: ``headings`` maps digest
        codes to headings, and the longest code that starts ``rule`` wins (unchanged when
        none does, or when a heading is already named)."""
        if self.heading is not None or not self.rule:
            return self
        codes = [code for code in headings if self.rule == code or self.rule.startswith(code + " ")
                 or self.rule.startswith(code + ".")]
        if not codes:
            return self
        cited = IllegalAction(self.reason, self.rule, headings[max(codes, key=len)])
        return cited.with_traceback(self.__traceback__)


def cited_heading(explanation: Text) -> Text | None:
    """The rulebook heading a refusal's :attr:`IllegalAction.explanation` names (None: none)."""
    if explanation.msgid != CITING:
        return None
    heading = dict(explanation.params).get("heading")
    return heading if isinstance(heading, Text) else None


class ConfigError(CompanionError, ValueError):
    """A game configuration (players, options, data) that cannot be played."""


class RecordError(CompanionError, ValueError):
    """A record file or journal entry that cannot be read or replayed."""


class JournalError(CompanionError):
    """The journal cannot be opened, read or written.

    ``problem`` is one of :data:`companion.journal.PROBLEMS`; ``str()`` names the file
    and the cause.
    """

    def __init__(self, message: str, problem: str = "io", path: Path | None = None):
        super().__init__(message)
        self.problem = problem
        self.path = path


class SettingsError(CompanionError, ValueError):
    """A settings file that cannot be used; the message names file and key."""


class UnknownGame(CompanionError, ValueError):
    """A game name that is not in the registry (or whose module is missing)."""
