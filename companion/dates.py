"""Dates as the journal and the records keep them: seconds since 1970 (UTC).

A date comes from outside (an imported record, a hand-edited or damaged journal)
and may be anything: 1e300, infinity, a text.  :func:`date_problem` says what is
wrong with one at the door; :func:`sane_time` is what a stored value is read as
(None when it is not a usable date); :func:`local_text` formats one and never
raises, so no stored value can stop a screen from showing.
"""
from __future__ import annotations

import math
import time
from typing import Any

#: the earliest and latest date taken in (1970-01-01 and 2100-01-01, UTC): a Pi
#: without a clock starts at 1970, and nothing played is later than 2100
EARLIEST = 0.0
LATEST = 4_102_444_800.0


def date_problem(value: Any) -> str | None:
    """Why ``value`` is not a usable date (seconds since 1970), or None when it is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"is {type(value).__name__}, not a number of seconds"
    try:
        seconds = float(value)
    except OverflowError:
        return "is too large to be a date"
    if not math.isfinite(seconds):
        return f"is {value!r}, not a date"
    if not EARLIEST <= seconds <= LATEST:
        return f"is {value!r}, outside the dates taken (1970 to 2100)"
    return None


def sane_time(value: Any) -> float | None:
    """``value`` as a date, or None when it is not a usable one (see :func:`date_problem`)."""
    return float(value) if date_problem(value) is None else None


def local_text(seconds: Any, pattern: str, unknown: str = "?") -> str:
    """``seconds`` as local time in ``pattern`` (time.strftime); ``unknown`` for a
    value that is not a usable date."""
    value = sane_time(seconds)
    if value is None:
        return unknown
    try:
        return time.strftime(pattern, time.localtime(value))
    except (OverflowError, ValueError, OSError):
        return unknown
