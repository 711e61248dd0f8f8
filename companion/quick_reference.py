"""A game's rules at a glance: a few sections, each with the rulebook's heading and a few
short sentences, shown on one screen beside the table (ui/screens/rules.py).

A game declares its reference as data (``GameManifest.quick_reference``): a function of
the game's configuration, so a rule that differs between the rulebook editions reads as
the option chosen at set-up.  Each section names the rulebook references it sums up
(the digest codes of the game's ``HEADINGS``, the ones its refusals cite), so a refusal
"(rulebook: “Moving a ship”)" opens the section that explains that rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from companion.messages import Text

#: the parts every game's reference has: how a turn goes, what scores, how the game ends
TURN, SCORING, END = "turn", "scoring", "end"
PARTS = (TURN, SCORING, END)


@dataclass(frozen=True)
class RuleSection:
    """One entry: the rulebook's ``heading``, its rule in a few ``lines``, the rulebook
    references it sums up (``cites``: codes of the game's HEADINGS) and which of the
    :data:`PARTS` it is (``""``: another rule, such as pirates or preparation)."""

    heading: Text
    lines: tuple[Text, ...]
    cites: tuple[str, ...] = ()
    part: str = ""

    def __post_init__(self) -> None:
        if self.part not in PARTS + ("",):
            raise ValueError(f"unknown part {self.part!r}: one of {PARTS} or ''")
        if not self.lines:
            raise ValueError(f"section {self.heading} has no text")


@dataclass(frozen=True)
class QuickReference:
    """A game's sections, in the order they are read, and its rulebook ``headings``
    (digest code → heading, what its refusals cite)."""

    sections: tuple[RuleSection, ...]
    headings: tuple[tuple[str, Text], ...] = ()

    @classmethod
    def of(cls, sections: tuple[RuleSection, ...], headings: Mapping[str, Text]) -> "QuickReference":
        reference = cls(tuple(sections), tuple(headings.items()))
        cited = {code for section in sections for code in section.cites}
        unknown = cited - set(headings)
        if unknown:
            raise ValueError(f"sections cite references the rulebook does not have: {sorted(unknown)}")
        return reference

    @property
    def parts(self) -> frozenset[str]:
        return frozenset(section.part for section in self.sections if section.part)

    def section_for(self, heading: Text) -> int | None:
        """The index of the section a refusal citing ``heading`` opens: the one that cites a
        reference with that heading (the first, in reading order), else one whose own heading
        it is; None when no section explains it."""
        codes = {code for code, cited in self.headings if cited == heading}
        for index, section in enumerate(self.sections):
            if codes & set(section.cites):
                return index
        for index, section in enumerate(self.sections):
            if section.heading == heading:
                return index
        return None

    def uncovered(self) -> list[str]:
        """The rulebook references no section sums up (each must have one)."""
        cited = {code for section in self.sections for code in section.cites}
        return [code for code, _ in self.headings if code not in cited]

    def texts(self) -> tuple[Text, ...]:
        """Every text shown, headings first in each section."""
        return tuple(t for s in self.sections for t in (s.heading, *s.lines))
