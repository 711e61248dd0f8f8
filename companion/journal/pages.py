"""Reading a journal's rows straight from its pages, for Repair when SQLite cannot read the
file's description of its tables (the sqlite_master records on page 1).

The file format (https://www.sqlite.org/fileformat.html): the file is pages of one size (the
header's bytes 16–17); a table's rows are cells of its b-tree's leaf pages (type 13), each a
record: a header of serial types, then the values.  Every leaf page of the file is read, and a
record is taken as a row of a journal table by its shape (how many values, of which kinds):
the tables' own pages need no schema to be found.  The write-ahead log's committed pages are
read over the main file's, as SQLite would; pages on the free list (rows deleted since) are
left out.  Everything is bounded by the file's size: damage ends in fewer rows, never a loop.
"""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.journal.rows import event_crc, game_crc
from companion.journal.schema import EVENT_KINDS
from companion.wal import FRAME_HEADER, HEADER as WAL_HEADER, WAL_MAGIC, _checksum

#: a leaf page of a table's b-tree
TABLE_LEAF = 0x0D
STATUSES = ("playing", "finished", "abandoned")


@dataclass
class FoundRows:
    """The journal's rows found in the pages: games and quarantine rows by their number,
    events by (game, entry)."""

    games: dict[int, tuple] = field(default_factory=dict)
    events: dict[tuple[int, int], tuple] = field(default_factory=dict)
    quarantine: dict[int, tuple] = field(default_factory=dict)


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: (value, the offset after it)."""
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | data[at + 8], at + 9


def _value(serial: int, data: bytes, at: int) -> tuple[Any, int]:
    sizes = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}
    if serial == 0:
        return None, at
    if serial in sizes:
        size = sizes[serial]
        if at + size > len(data):
            raise ValueError("record cut short")
        return int.from_bytes(data[at:at + size], "big", signed=True), at + size
    if serial == 7:
        if at + 8 > len(data):
            raise ValueError("record cut short")
        return struct.unpack(">d", data[at:at + 8])[0], at + 8
    if serial in (8, 9):
        return serial - 8, at
    if serial >= 12:
        size = (serial - 12) // 2
        if at + size > len(data):
            raise ValueError("record cut short")
        raw = data[at:at + size]
        return (raw.decode("utf-8") if serial % 2 else bytes(raw)), at + size
    raise ValueError(f"serial type {serial} is not used")


def record_values(payload: bytes) -> list[Any]:
    """The values of one record (ValueError/IndexError/UnicodeDecodeError when damaged)."""
    size, at = _varint(payload, 0)
    if not 1 <= size <= len(payload):
        raise ValueError("record header out of bounds")
    serials = []
    while at < size:
        serial, at = _varint(payload, at)
        serials.append(serial)
    if at != size:
        raise ValueError("record header overruns")
    values, at = [], size
    for serial in serials:
        value, at = _value(serial, payload, at)
        values.append(value)
    return values


class PageFile:
    """A database file's pages (the log's committed pages over the main file's)."""

    def __init__(self, main: bytes, wal: bytes | None = None):
        size = int.from_bytes(main[16:18], "big") if len(main) >= 100 else 0
        size = 65536 if size == 1 else size
        wal_size = int.from_bytes(wal[8:12], "big") if wal and len(wal) >= WAL_HEADER else 0
        valid = lambda n: 512 <= n <= 65536 and n & (n - 1) == 0   # noqa: E731
        self.page_size = size if valid(size) else wal_size if valid(wal_size) else 4096
        reserved = main[20] if len(main) > 20 else 0
        self.usable = self.page_size - (reserved if reserved < 32 else 0)
        self.pages: dict[int, bytes] = {}
        for number in range(1, len(main) // self.page_size + 1):
            self.pages[number] = main[(number - 1) * self.page_size:number * self.page_size]
        if wal:
            self.pages.update(committed_wal_pages(wal, self.page_size))

    def free_pages(self, main: bytes) -> set[int]:
        """The pages on the free list (their cells are rows deleted since), as far as it reads."""
        if len(main) < 100:
            return set()
        trunk, count = int.from_bytes(main[32:36], "big"), int.from_bytes(main[36:40], "big")
        free: set[int] = set()
        seen: set[int] = set()
        while trunk and trunk in self.pages and trunk not in seen and len(free) <= count:
            seen.add(trunk)
            free.add(trunk)
            page = self.pages[trunk]
            leaves = int.from_bytes(page[4:8], "big")
            for i in range(min(leaves, (self.usable - 8) // 4)):
                free.add(int.from_bytes(page[8 + 4 * i:12 + 4 * i], "big"))
            trunk = int.from_bytes(page[0:4], "big")
        return free

    def cells(self, number: int) -> list[tuple[int, bytes]]:
        """(rowid, payload) of each cell of table leaf page ``number`` (none when it is not one)."""
        page = self.pages[number]
        start = 100 if number == 1 else 0
        if len(page) < start + 8 or page[start] != TABLE_LEAF:
            return []
        count = int.from_bytes(page[start + 3:start + 5], "big")
        found = []
        for i in range(min(count, (self.usable - start - 8) // 2)):
            at = int.from_bytes(page[start + 8 + 2 * i:start + 10 + 2 * i], "big")
            try:
                found.append(self._cell(page, at))
            except (ValueError, IndexError):
                continue   # a damaged cell: the others may still read
        return found

    def _cell(self, page: bytes, at: int) -> tuple[int, bytes]:
        if not 8 <= at < self.usable:
            raise ValueError("cell out of the page")
        size, at = _varint(page, at)
        rowid, at = _varint(page, at)
        if rowid >= 1 << 63:
            rowid -= 1 << 64
        most = self.usable - 35
        if size <= most:
            if at + size > self.usable:
                raise ValueError("cell overruns the page")
            return rowid, page[at:at + size]
        least = (self.usable - 12) * 32 // 255 - 23
        local = least + (size - least) % (self.usable - 4)
        local = local if local <= most else least
        if at + local + 4 > self.usable or size > len(self.pages) * self.usable:
            raise ValueError("cell overruns the page")
        payload = bytearray(page[at:at + local])
        following = int.from_bytes(page[at + local:at + local + 4], "big")
        seen: set[int] = set()
        while len(payload) < size:
            if following not in self.pages or following in seen:
                raise ValueError("overflow chain broken")
            seen.add(following)
            overflow = self.pages[following]
            payload += overflow[4:self.usable][:size - len(payload)]
            following = int.from_bytes(overflow[0:4], "big")
        return rowid, bytes(payload)


def committed_wal_pages(wal: bytes, page_size: int) -> dict[int, bytes]:
    """The pages of the log's committed transactions, newest last (as SQLite replays it)."""
    if len(wal) < WAL_HEADER:
        return {}
    magic, _v, size, _ckpt, salt1, salt2, c0, c1 = struct.unpack(">8I", wal[:WAL_HEADER])
    if magic not in WAL_MAGIC or size != page_size or _checksum(wal[:24], magic & 1 == 1) != (c0, c1):
        return {}
    big = magic & 1 == 1
    s0, s1 = c0, c1
    pages: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    frame = FRAME_HEADER + page_size
    for start in range(WAL_HEADER, len(wal) - frame + 1, frame):
        number, commit, f1, f2, k0, k1 = struct.unpack(">6I", wal[start:start + FRAME_HEADER])
        if (f1, f2) != (salt1, salt2):
            break
        s0, s1 = _checksum(wal[start:start + 8], big, s0, s1)
        s0, s1 = _checksum(wal[start + FRAME_HEADER:start + frame], big, s0, s1)
        if (s0, s1) != (k0, k1):
            break
        pending[number] = wal[start + FRAME_HEADER:start + frame]
        if commit:
            pages.update(pending)
            pending = {}
    return pages


def _real(value: Any) -> float | None:
    """A REAL column's value (SQLite stores a whole one as an integer)."""
    if isinstance(value, int):
        return float(value)
    return value if isinstance(value, float) and math.isfinite(value) else None


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _int(value: Any) -> bool:
    return isinstance(value, int)


def as_game(rowid: int, values: list[Any]) -> tuple | None:
    """A games row (id, game, config, started, finished, status, result, crc), or None."""
    if len(values) not in (7, 8):
        return None
    values = values + [None] * (8 - len(values))
    _id, game, config, started, finished, status, result, crc = values
    started, ended = _real(started), _real(finished)
    if _id is not None or not (_text(game) and _text(config) and started is not None and status in STATUSES):
        return None
    if (finished is not None and ended is None) or not (result is None or _text(result)) \
            or not (crc is None or _int(crc)) or rowid < 1:
        return None
    return rowid, game, config, started, ended, status, result, crc


def as_event(values: list[Any]) -> tuple | None:
    """An events row (game_id, seq, kind, payload, crc, at, joined), or None."""
    if len(values) not in (6, 7):
        return None
    game_id, seq, kind, payload, crc, at, *joined = values
    at = _real(at)
    joined_value = joined[0] if joined else 0
    if not (_int(game_id) and _int(seq) and kind in EVENT_KINDS and (payload is None or _text(payload))
            and _int(crc) and at is not None and joined_value in (0, 1)):
        return None
    return game_id, seq, kind, payload, crc, at, joined_value


def as_quarantined(rowid: int, values: list[Any]) -> tuple | None:
    """A quarantine row (id, game_id, seq, kind, payload, crc, at, reason, batch, joined), or None."""
    if len(values) not in (9, 10):
        return None
    _id, game_id, seq, kind, payload, crc, at, reason, batch, *joined = values
    batch = _real(batch)
    joined_value = joined[0] if joined else 0
    if _id is not None or not (_int(game_id) and (seq is None or _int(seq)) and (kind is None or _text(kind))
                               and (payload is None or _text(payload)) and (crc is None or _int(crc))
                               and _text(reason) and batch is not None and joined_value in (0, 1)):
        return None
    return rowid, game_id, seq, kind, payload, crc, _real(at), reason, batch, joined_value


def _sound_game(row: tuple) -> bool:
    return row[7] is None or row[7] == game_crc(row[0], row[1], row[2], row[5], row[6])


def sound_event(row: tuple) -> bool:
    return row[4] == event_crc(row[0], row[1], row[2], row[3], bool(row[6]))


def find_rows(path: Path) -> FoundRows:
    """Every row of the journal's tables that the pages of ``path`` (and its log) hold."""
    main = path.read_bytes()
    wal_path = path.with_name(path.name + "-wal")
    wal = wal_path.read_bytes() if wal_path.exists() else None
    pages = PageFile(main, wal)
    free = pages.free_pages(main)
    found = FoundRows()
    for number in sorted(pages.pages):
        if number in free:
            continue
        for rowid, payload in pages.cells(number):
            try:
                values = record_values(payload)
            except (ValueError, IndexError, UnicodeDecodeError):
                continue
            game = as_game(rowid, values)
            if game is not None:
                if game[0] not in found.games or _sound_game(game):
                    found.games[game[0]] = game
                continue
            event = as_event(values)
            if event is not None:
                key = (event[0], event[1])
                if key not in found.events or sound_event(event):
                    found.events[key] = event
                continue
            quarantined = as_quarantined(rowid, values)
            if quarantined is not None:
                found.quarantine[rowid] = quarantined
    return found
