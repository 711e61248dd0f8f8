"""QR decoders behind one tiny interface: grey image in, raw codes out.

zxing-cpp comes first (it reads more real photos and is faster; it has
aarch64 wheels for the Pi's CPython 3.11), pyzbar second; when zxing-cpp is
not installed the chain is pyzbar alone.  A decoder can raise on odd images:
these wrappers turn that into "nothing found" plus a count, so a bad frame
never breaks the worker, and pyzbar's symbols are read one by one so that one
odd symbol never loses the others of the same image.
"""
from __future__ import annotations

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
    """Whether zxing-cpp is installed and loads (a default dependency; pyzbar alone works without it)."""
    try:
        import zxingcpp  # noqa: F401
    except ImportError:
        return False
    return True


def decode_pyzbar(gray: np.ndarray) -> list[RawCode]:
    """Decode QR codes with pyzbar (zbar); corners are *not* in symbol order."""

    return _guarded("pyzbar", np.ascontiguousarray(gray), _pyzbar_symbols)


def _pyzbar_symbols(image: np.ndarray) -> list[RawCode]:
    """pyzbar's ``decode`` without its all-or-nothing loop.

    ``pyzbar.decode`` converts every symbol's orientation to an enum and
    raises ValueError for one zbar does not know, losing every symbol of the
    image; here each symbol is read on its own (data and polygon only) and
    one that fails is counted and skipped.
    """
    from ctypes import c_void_p, cast, string_at

    from pyzbar import pyzbar
    from pyzbar.wrapper import (ZBarConfig, ZBarSymbol, zbar_image_scanner_set_config, zbar_image_set_data,
                                zbar_image_set_format, zbar_image_set_size, zbar_scan_image,
                                zbar_symbol_get_data, zbar_symbol_get_data_length, zbar_symbol_get_loc_size,
                                zbar_symbol_get_loc_x, zbar_symbol_get_loc_y)

    height, width = image.shape[:2]
    pixels = np.ascontiguousarray(image, dtype=np.uint8).tobytes()
    found: list[RawCode] = []
    with pyzbar._image_scanner() as scanner:
        zbar_image_scanner_set_config(scanner, ZBarSymbol.NONE, ZBarConfig.CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBarSymbol.QRCODE, ZBarConfig.CFG_ENABLE, 1)
        with pyzbar._image() as img:
            zbar_image_set_format(img, pyzbar._FOURCC["L800"])
            zbar_image_set_size(img, width, height)
            zbar_image_set_data(img, cast(pixels, c_void_p), len(pixels), None)
            if zbar_scan_image(scanner, img) < 0:
                raise pyzbar.PyZbarError("Unsupported image format")
            for symbol in pyzbar._symbols_for_image(img):
                try:
                    data = string_at(zbar_symbol_get_data(symbol), zbar_symbol_get_data_length(symbol))
                    pts = tuple((float(zbar_symbol_get_loc_x(symbol, k)), float(zbar_symbol_get_loc_y(symbol, k)))
                                for k in range(zbar_symbol_get_loc_size(symbol)))
                except Exception as exc:  # noqa: BLE001 - one odd symbol must not lose the others
                    _failures["pyzbar"] = _failures.get("pyzbar", 0) + 1
                    log.warning("pyzbar symbol skipped on a %s image: %s", image.shape, exc)
                    continue
                if len(pts) == 4:
                    found.append(RawCode(data, pts, False, "pyzbar"))
    return found


def decode_zxing(gray: np.ndarray) -> list[RawCode]:
    """Decode QR codes with zxing-cpp; corners come in symbol order."""

    def call(image: np.ndarray) -> list[RawCode]:
        import zxingcpp

        found = []
        for res in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode):
            if not res.valid or res.format != zxingcpp.BarcodeFormat.QRCode:
                continue  # zxing-cpp 3 reads Micro QR under "QRCode" too: a finder alone can decode as one
            p = res.position
            pts = tuple((float(c.x), float(c.y)) for c in (p.top_left, p.top_right, p.bottom_right, p.bottom_left))
            found.append(RawCode(bytes(res.bytes), pts, True, "zxing"))
        return found

    return _guarded("zxing", np.ascontiguousarray(gray), call)


@dataclass(frozen=True)
class FailedSymbol:
    """A symbol zxing-cpp found but could not decode: its corners, and whether it looked like a
    Micro QR code (often the finder corner of a bigger QR code it could not finish)."""

    corners: tuple[tuple[float, float], ...]
    micro: bool


def scan_zxing(gray: np.ndarray) -> tuple[list[RawCode], list[FailedSymbol]]:
    """zxing-cpp on a whole image: (the codes read, the symbols it found but could not decode).
    The second list says where a crop, its variants and pyzbar are worth trying."""
    failed: list[FailedSymbol] = []

    def call(image: np.ndarray) -> list[RawCode]:
        import zxingcpp

        try:
            results = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode, return_errors=True)
        except TypeError:  # a zxing-cpp without return_errors: only what it read
            results = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        found = []
        for res in results:
            p = res.position
            pts = tuple((float(c.x), float(c.y)) for c in (p.top_left, p.top_right, p.bottom_right, p.bottom_left))
            if not res.valid:  # a QR code that failed can come back as a Micro QR code: look there too
                failed.append(FailedSymbol(pts, res.format != zxingcpp.BarcodeFormat.QRCode))
                continue
            if res.format != zxingcpp.BarcodeFormat.QRCode:
                continue  # zxing-cpp 3 reads Micro QR under "QRCode" too: a finder alone can decode as one
            found.append(RawCode(bytes(res.bytes), pts, True, "zxing"))
        return found

    return _guarded("zxing", np.ascontiguousarray(gray), call), failed


def decoders_for(use_zxing: bool = True) -> Sequence[Decoder]:
    """The decoder chain: zxing-cpp (when asked for and installed), then pyzbar as the fallback."""
    chain: list[Decoder] = []
    if use_zxing and zxing_available():
        chain.append(decode_zxing)
    chain.append(decode_pyzbar)
    return tuple(chain)
