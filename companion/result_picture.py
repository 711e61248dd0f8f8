"""A finished game's result picture as a file: where it is kept, how it is written, and
the data that drew it.

The picture (the final score table on the seats' colours, the winners starred, the
game's name, date and duration, the score-over-time chart) is drawn by the app
(``ui/result_picture.py``, with Kivy, off screen) and kept beside the journal as
``results/game-<id>.png`` in the data folder.  The PNG carries the data it was drawn
from as a text chunk (:data:`DATA_KEY`, JSON), so what the picture says can be read
back without reading the pixels.  Standard library only (zlib, struct).
"""
from __future__ import annotations

import json
import os
import struct
import zlib
from pathlib import Path
from typing import Any

#: the folder of the data folder that holds the pictures
FOLDER = "results"
#: the PNG text chunk (iTXt) carrying the data the picture was drawn from
DATA_KEY = "table-companion-result"
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def picture_path(data_dir: Path, game_id: int) -> Path:
    """Where game ``game_id``'s picture is kept."""
    return Path(data_dir) / FOLDER / f"game-{int(game_id)}.png"


def thumbnail_path(data_dir: Path, game_id: int) -> Path:
    """Where its small copy for History's list is kept."""
    return Path(data_dir) / FOLDER / f"game-{int(game_id)}-small.png"


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png_bytes(width: int, height: int, rgb: bytes, text: dict[str, str] | None = None) -> bytes:
    """A PNG of ``rgb`` (rows top to bottom, 3 bytes a pixel), with ``text`` as UTF-8
    text chunks (iTXt)."""
    row = width * 3
    if len(rgb) != row * height:
        raise ValueError(f"{len(rgb)} bytes are not {width}x{height} RGB pixels")
    raw = b"".join(b"\x00" + rgb[y * row:(y + 1) * row] for y in range(height))
    chunks = [_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))]
    for key, value in (text or {}).items():
        chunks.append(_chunk(b"iTXt", key.encode("latin-1") + b"\x00\x00\x00\x00\x00" + value.encode("utf-8")))
    chunks.append(_chunk(b"IDAT", zlib.compress(raw, 6)))
    chunks.append(_chunk(b"IEND", b""))
    return _SIGNATURE + b"".join(chunks)


def png_text(data: bytes) -> dict[str, str]:
    """The uncompressed text chunks (iTXt, tEXt) of a PNG (ValueError if it is not one)."""
    if not data.startswith(_SIGNATURE):
        raise ValueError("not a PNG file")
    found: dict[str, str] = {}
    at = len(_SIGNATURE)
    while at + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + size]
        if kind == b"iTXt":
            key, rest = body.split(b"\x00", 1)
            if rest[:1] == b"\x00":           # not compressed
                _lang, _translated, value = rest[2:].split(b"\x00", 2)
                found[key.decode("latin-1")] = value.decode("utf-8")
        elif kind == b"tEXt":
            key, value = body.split(b"\x00", 1)
            found[key.decode("latin-1")] = value.decode("latin-1")
        at += 12 + size
    return found


def picture_data(path: Path) -> dict[str, Any]:
    """The data a kept picture was drawn from (ValueError when the file has none)."""
    text = png_text(Path(path).read_bytes()).get(DATA_KEY)
    if text is None:
        raise ValueError(f"{path}: no result data in the picture")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: the result data is not an object")
    return data


def write_picture(path: Path, width: int, height: int, rgb: bytes, data: dict[str, Any] | None) -> None:
    """Write the picture atomically (a temporary file, fsync, rename): a power cut leaves
    the old picture or the new one, never half of one.  ``data``: what it was drawn from
    (None: a copy for the screen only, without it)."""
    text = {} if data is None else {DATA_KEY: json.dumps(data, ensure_ascii=False, sort_keys=True)}
    blob = png_bytes(width, height, rgb, text)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as fh:
        fh.write(blob)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
