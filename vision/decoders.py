"""QR decoders behind one tiny interface: grey image in, raw codes out.

pyzbar is the decoder the design names; zxing-cpp is optional and faster.
A decoder can raise on odd images: these wrappers turn that into "nothing
found" plus a count, so a bad frame never breaks the worker.
"""
from __future__ import annotations

import importlib.util
import logging
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RawCode:
    """A decoded QR code in the coordinates of the image it was decoded from.

    ``corners`` are four (x, y) points; ``ordered`` tells whether they are
    already in symbol order (top-left, top-right, bottom-right, bottom-left).
    """

    data: bytes
    corners: tuple[tuple[float, float], ...]
    ordered: bool
    decoder: str


Decoder = Callable[[np.ndarray], list[RawCode]]

_failures: dict[str, int] = {}


def failure_count(name: str) -> int:
    """How often decoder ``name`` raised (for the benchmark and diagnostics)."""
    return _failures.get(name, 0)


def _guarded(name: str, gray: np.ndarray, call: Callable[[np.ndarray], list[RawCode]]) -> list[RawCode]:
    if gray.size == 0 or min(gray.shape[:2]) < 8:
        return []
    try:
        return call(gray)
    except Exception as exc:  # noqa: BLE001 - a decoder must never break the worker
        _failures[name] = _failures.get(name, 0) + 1
        log.warning("%s decoder failed on a %s image: %s", name, gray.shape, exc)
        return []


def zxing_available() -> bool:
    """Whether the optional zxing-cpp reader is installed."""
    return importlib.util.find_spec("zxingcpp") is not None


def decode_pyzbar(gray: np.ndarray) -> list[RawCode]:
    """Decode QR codes with pyzbar (zbar); corners are *not* in symbol order."""

    def call(image: np.ndarray) -> list[RawCode]:
        from pyzbar import pyzbar

        found = []
        for sym in pyzbar.decode(image, symbols=[pyzbar.ZBarSymbol.QRCODE]):
            pts = tuple((float(p.x), float(p.y)) for p in sym.polygon)
            if len(pts) == 4:
                found.append(RawCode(bytes(sym.data), pts, False, "pyzbar"))
        return found

    return _guarded("pyzbar", np.ascontiguousarray(gray), call)


def decode_zxing(gray: np.ndarray) -> list[RawCode]:
    """Decode QR codes with zxing-cpp; corners come in symbol order."""

    def call(image: np.ndarray) -> list[RawCode]:
        import zxingcpp

        found = []
        for res in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode):
            if not res.valid:
                continue
            p = res.position
            pts = tuple((float(c.x), float(c.y)) for c in (p.top_left, p.top_right, p.bottom_right, p.bottom_left))
            found.append(RawCode(bytes(res.bytes), pts, True, "zxing"))
        return found

    return _guarded("zxing", np.ascontiguousarray(gray), call)


def decoders_for(use_zxing: bool) -> Sequence[Decoder]:
    """The decoder chain: pyzbar, preceded by zxing-cpp when asked for and installed."""
    chain: list[Decoder] = []
    if use_zxing and zxing_available():
        chain.append(decode_zxing)
    chain.append(decode_pyzbar)
    return tuple(chain)
