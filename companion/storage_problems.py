"""What the players are told when the journal cannot be used, and what they
can do about it: one title, one sentence of advice and the ways on for each
kind of :class:`~companion.journal.JournalError` problem.

Pure data and texts (translated on screen); the UI's start-up problem screen
and the bar shown during play render them."""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from companion.messages import Text
from companion.errors import JournalError

#: the ways on, in the order offered (the UI maps each to a button)
RETRY, REPAIR, READ_ONLY, NO_SAVING = "retry", "repair", "read_only", "no_saving"

_WAYS = {
    "damaged": (REPAIR, READ_ONLY, NO_SAVING, RETRY),
    "newer": (READ_ONLY, REPAIR, NO_SAVING),
    "readonly": (READ_ONLY, NO_SAVING, RETRY),
    "full": (RETRY, READ_ONLY, NO_SAVING),
    "busy": (RETRY,),
    "io": (RETRY, READ_ONLY, NO_SAVING),
}


@dataclass(frozen=True)
class StorageProblem:
    title: Text
    advice: Text
    ways: tuple[str, ...]
    detail: str          # the technical cause, for the log and small print


def free_megabytes(path: Path) -> int | None:
    """Free space where ``path`` lives (MB), None when it cannot be measured."""
    for folder in (path, *path.parents):
        try:
            return shutil.disk_usage(folder).free // 1_000_000
        except OSError:
            continue
    return None


def describe(exc: JournalError, path: Path) -> StorageProblem:
    """The players' words for ``exc`` about the journal at ``path``."""
    folder = str(path.parent)
    problem = exc.problem
    if problem == "damaged":
        title = Text("The game journal is damaged")
        advice = Text("Repair starts a fresh journal, copies every game that can still be read, "
                      "and keeps the damaged file beside it ({file}). Nothing is deleted.",
                      file=path.name)
    elif problem == "newer":
        title = Text("The game journal was written by a newer version")
        advice = Text("Update Table Companion (git pull, then ./setup.sh) to use it. You can look "
                      "at its history now, or start a fresh journal: this one is kept beside it.")
    elif problem == "readonly":
        title = Text("The data folder cannot be written")
        advice = Text("Nothing can be saved in {folder}: the SD card or USB stick may be failing "
                      "or read-only. You can look at the history, or play without saving.",
                      folder=folder)
    elif problem == "full":
        free = free_megabytes(path)
        title = Text("The storage is full")
        advice = Text("Free some space on the SD card ({free} MB free now), then tap Try again. "
                      "Until then moves are kept in memory only.",
                      free="?" if free is None else free)
    elif problem == "busy":
        title = Text("Table Companion is already running")
        advice = Text("Another copy of the app is using this journal. Close it (or restart the "
                      "table), then tap Try again.")
    else:
        title = Text("The game journal cannot be used")
        advice = Text("Reading or writing {folder} failed. Check the SD card, then tap Try again.",
                      folder=folder)
    return StorageProblem(title, advice, _WAYS.get(problem, _WAYS["io"]), str(exc))


def unsaved_text(exc: JournalError, unsaved: int, path: Path) -> Text:
    """The bar shown during play while moves wait in memory (the app retries by itself)."""
    if exc.problem == "full":
        free = free_megabytes(path)
        hint = Text("Free some space on the SD card ({free} MB free now).",
                    free="?" if free is None else free)
    elif exc.problem == "readonly":
        hint = Text("The SD card cannot be written: it may be failing.")
    else:
        hint = Text("Check the SD card.")
    return Text("Moves not saved yet: {count}. {title}. {hint} The app keeps trying and saves "
                "them as soon as it can; do not switch it off.",
                count=unsaved, title=describe(exc, path).title, hint=hint)
