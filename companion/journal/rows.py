"""The journal's rows as values, their checksums, and the checks a row read back must pass."""
from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from companion.dates import sane_time
from companion.journal.schema import EVENT_KINDS


@dataclass(frozen=True)
class JournalEvent:
    """One journal row: ``kind`` is do/undo/redo; ``payload`` the action dict for do;
    ``joined``: a do confirmed together with the do before it (one player action)."""

    seq: int
    kind: str
    payload: dict[str, Any] | None
    at: float
    joined: bool = False


@dataclass(frozen=True)
class NewEvent:
    """An event to write (:meth:`Journal.append_many`): ``finish`` (the result) marks
    the game finished, ``reopen`` marks it played again, with the event; ``joined``
    (a do only): one more step of the player action begun by the do before."""

    kind: str
    payload: dict[str, Any] | None = None
    finish: dict[str, Any] | None = None
    reopen: bool = False
    joined: bool = False
    #: when it was played (seconds since the epoch; None: when it is written)
    at: float | None = None


@dataclass(frozen=True)
class QuarantinedEvent:
    """A row set aside by recovery: kept in the file, never deleted.

    ``payload`` is the row's text as it was stored (it may not be JSON)."""

    game_id: int
    seq: Any
    kind: Any
    payload: Any
    at: Any
    reason: str
    batch: float


@dataclass(frozen=True)
class GameEntry:
    """A game as listed on the home screen (resume and history).

    ``damage`` says why the stored config or result could not be read (they
    are then empty); such an entry is listed but cannot be resumed."""

    id: int
    game: str
    config: dict[str, Any]
    started: float
    finished: float | None
    status: str
    result: dict[str, Any] | None
    damage: str = ""


@dataclass(frozen=True)
class PlayedRow:
    """A finished game as the statistics read it (:meth:`Journal.played`): seat
    ``totals`` and ``winners`` from its result, ``start_seat`` when the game's
    summary names it; ``damage`` says why a row has no scores."""

    id: int
    game: str
    config: dict[str, Any]
    started: float
    finished: float
    totals: tuple[Any, ...]
    winners: tuple[Any, ...]
    start_seat: int | None = None
    damage: str = ""
    #: the game clock's seconds and each seat's thinking seconds, when the result keeps them
    clock_seconds: float | None = None
    thinking: tuple[float, ...] = ()


@dataclass(frozen=True)
class LoadedEvents:
    """The whole events of a game, and what was damaged at the tail."""

    events: tuple[JournalEvent, ...]
    damaged_from: int | None = None   # seq of the first damaged row, if any
    damage: str = ""


def event_crc(game_id: int, seq: int, kind: str, payload: str | None, joined: bool = False) -> int:
    """A row's checksum; ``joined`` counts only when set, so version-1 rows keep theirs."""
    mark = "|joined" if joined else ""
    return zlib.crc32(f"{game_id}|{seq}|{kind}|{payload or ''}{mark}".encode("utf-8"))


def game_crc(game_id: Any, game: Any, config: Any, status: Any, result: Any) -> int:
    """The checksum of a games row (what :data:`GAME_CRC_SQL` computes in SQL)."""
    return zlib.crc32(f"{game_id}|{game}|{config}|{status}|{result or ''}".encode("utf-8"))


def sql_crc(text: Any) -> int | None:
    return None if text is None else zlib.crc32(str(text).encode("utf-8"))


def check_rows(game_id: int, rows: Sequence[tuple], unreadable: str, first: int = 0) -> LoadedEvents:
    good: list[JournalEvent] = []
    for expected, (seq, kind, text, crc, at, joined) in enumerate(rows, start=first):
        problem = _check_row(game_id, expected, seq, kind, text, crc, joined)
        payload = None
        if problem is None:
            payload = json_or_none(text) if text is not None else None
            if text is not None and not isinstance(payload, dict):
                problem = "payload is not a JSON object"
        if problem is not None:
            return LoadedEvents(tuple(good), damaged_from=seq if isinstance(seq, int) else expected,
                                damage=f"entry {expected}: {problem}")
        good.append(JournalEvent(seq, kind, payload, sane_time(at) or 0.0, bool(joined)))
    if unreadable:
        after = first + len(good)
        return LoadedEvents(tuple(good), damaged_from=after, damage=f"entry {after}: {unreadable}")
    return LoadedEvents(tuple(good))


def _check_row(game_id: int, expected: int, seq: Any, kind: Any, text: Any, crc: Any,
               joined: Any) -> str | None:
    if seq != expected:
        return f"sequence number {seq!r} where {expected} was expected"
    if kind not in EVENT_KINDS:
        return f"unknown kind {kind!r}"
    if text is not None and not isinstance(text, str):
        return "payload is not text"
    if joined not in (0, 1):
        return f"joined is {joined!r}, not 0 or 1"
    if crc != event_crc(game_id, seq, kind, text, bool(joined)):
        return "checksum does not match (torn or altered entry)"
    if joined and kind != "do":
        return f"a joined {kind} entry (only actions are joined)"
    if kind == "do" and text is None:
        return "an action entry without its action"
    return None


def json_or_none(text: Any) -> Any:
    if not isinstance(text, str):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def game_entry(row: Iterable[Any]) -> GameEntry:
    gid, game, config_text, started, finished, status, result_text, crc = row
    config = json_or_none(config_text)
    damage = ""
    if crc is not None and crc != game_crc(gid, game, config_text, status, result_text):
        config, damage = {}, "its record was altered or damaged (checksum)"
    elif status not in ("playing", "finished", "abandoned"):
        damage = "its status is not readable"
    if not isinstance(config, dict):
        config, damage = {}, damage or "its set-up is not readable"
    result = None
    if result_text is not None:
        result = json_or_none(result_text)
        if not isinstance(result, dict):
            result, damage = None, damage or "its result is not readable"
    return GameEntry(id=gid, game=str(game), config=config,
                     started=sane_time(started) or 0.0, finished=sane_time(finished),
                     status=str(status), result=result, damage=damage)
