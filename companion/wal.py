"""Checking SQLite's write-ahead log (``journal.sqlite3-wal``) before SQLite opens it.

SQLite replays a WAL frame by frame and stops, silently, at the first frame
whose checksum does not match: a single flipped bit drops every later
transaction.  :func:`check_wal` finds such damage so the journal can say so
and keep a copy of the damaged file aside.

WAL format (https://www.sqlite.org/fileformat.html#the_write_ahead_log): a
32-byte header (magic 0x377f0682/3 — the low bit gives the byte order of the
checksums —, version, page size, checkpoint number, two salts, a checksum of
the first 24 bytes), then frames of a 24-byte header (page number, database
size after a commit or 0, the two salts, a cumulative checksum over the first
8 header bytes and the page) and one page.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

WAL_MAGIC = (0x377F0682, 0x377F0683)
HEADER = 32
FRAME_HEADER = 24


@dataclass(frozen=True)
class WalCheck:
    """What a WAL holds: ``valid_commits`` SQLite will replay; ``lost_commits``
    whole transactions after a damaged frame that SQLite would drop."""

    frames: int = 0
    valid_commits: int = 0
    lost_commits: int = 0
    problem: str = ""

    @property
    def damaged(self) -> bool:
        return bool(self.problem)


def _checksum(data: bytes, big_endian: bool, s0: int = 0, s1: int = 0) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    mask = 0xFFFFFFFF
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & mask
        s1 = (s1 + words[i + 1] + s0) & mask
    return s0, s1


def check_wal(path: str | Path) -> WalCheck:
    """Read the WAL at ``path`` (missing or empty: nothing to check)."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return WalCheck()
    if len(data) < HEADER:
        return WalCheck()
    magic, _version, page_size, _ckpt, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:HEADER])
    if magic not in WAL_MAGIC:
        if any(data):
            return WalCheck(problem="the file does not start like a write-ahead log")
        return WalCheck()
    big = magic & 1 == 1
    frame_size = FRAME_HEADER + page_size
    frames = (len(data) - HEADER) // frame_size if page_size else 0
    if _checksum(data[:24], big) != (c0, c1):
        lost = sum(1 for i in range(frames)
                   if struct.unpack(">I", data[HEADER + i * frame_size + 4:HEADER + i * frame_size + 8])[0])
        if lost:
            return WalCheck(frames, 0, lost, "the log's header is damaged")
        return WalCheck(frames)
    s0, s1 = c0, c1
    valid_commits = 0
    broken_at: int | None = None
    for i in range(frames):
        start = HEADER + i * frame_size
        header = data[start:start + FRAME_HEADER]
        _page, commit, f_salt1, f_salt2, f0, f1 = struct.unpack(">6I", header)
        if (f_salt1, f_salt2) != (salt1, salt2):
            break  # frames of an earlier generation: legitimately ignored
        s0, s1 = _checksum(header[:8] + data[start + FRAME_HEADER:start + frame_size], big, s0, s1)
        if (s0, s1) != (f0, f1):
            broken_at = i
            break
        if commit:
            valid_commits += 1
    if broken_at is None:
        return WalCheck(frames, valid_commits)
    # After a bad frame SQLite stops.  Frames further on that are sound in
    # themselves (checked against the checksum stored in their predecessor)
    # mean data was damaged, not a write torn by a power cut.
    lost = 0
    previous = struct.unpack(">2I", data[HEADER + broken_at * frame_size + 16:
                                          HEADER + broken_at * frame_size + 24])
    for i in range(broken_at + 1, frames):
        start = HEADER + i * frame_size
        header = data[start:start + FRAME_HEADER]
        _page, commit, f_salt1, f_salt2, f0, f1 = struct.unpack(">6I", header)
        if (f_salt1, f_salt2) != (salt1, salt2):
            break
        sound = _checksum(header[:8] + data[start + FRAME_HEADER:start + frame_size], big,
                          *previous) == (f0, f1)
        if not sound:
            break
        if commit:
            lost += 1
        previous = (f0, f1)
    if lost == 0:
        return WalCheck(frames, valid_commits)  # only a torn last transaction
    return WalCheck(frames, valid_commits, lost,
                    f"frame {broken_at + 1} of the log is damaged; {lost} later "
                    f"transaction{'s' if lost != 1 else ''} would be lost")
