"""The decoder chain: zxing-cpp first, pyzbar as the fallback, and decoders that raise."""
from __future__ import annotations

import sys

import numpy as np
import pytest

from vision import decoders
from vision.config import DetectConfig
from vision.detect import detect_tags
from vision.qr import qr_image
from vision.tags import ship

from tests.vision.scenes import ship_table, SHIPS


def _two_codes() -> np.ndarray:
    image = np.full((400, 400), 255, np.uint8)
    for text, (y, x) in (("first", (40, 40)), ("second", (230, 200))):
        tag = qr_image(text, 4)
        image[y:y + tag.shape[0], x:x + tag.shape[1]] = tag
    return image


def test_zxing_comes_first_and_pyzbar_is_the_fallback():
    assert decoders.zxing_available()
    assert decoders.decoders_for() == (decoders.decode_zxing, decoders.decode_pyzbar)
    assert DetectConfig().use_zxing
    assert decoders.decoders_for(False) == (decoders.decode_pyzbar,)


def test_pyzbar_orientation_error_keeps_every_symbol(monkeypatch):
    """pyzbar.decode raises ValueError for an orientation zbar does not know: both codes are kept."""
    from pyzbar import pyzbar

    monkeypatch.setattr(pyzbar, "zbar_symbol_get_orientation", lambda symbol: 7)
    with pytest.raises(ValueError):
        pyzbar.decode(_two_codes())  # what the pipeline used to call: every symbol lost
    found = decoders.decode_pyzbar(_two_codes())
    assert sorted(r.data for r in found) == [b"first", b"second"]


def test_decoder_raising_mid_image_keeps_what_it_read(monkeypatch):
    from pyzbar import wrapper

    real = wrapper.zbar_symbol_get_loc_size
    calls = []

    def fails_on_second(symbol):
        calls.append(symbol)
        if len(calls) == 2:
            raise ValueError("odd symbol")
        return real(symbol)

    monkeypatch.setattr(wrapper, "zbar_symbol_get_loc_size", fails_on_second)
    before = decoders.failure_count("pyzbar")
    found = decoders.decode_pyzbar(_two_codes())
    assert len(found) == 1 and found[0].data in (b"first", b"second")
    assert decoders.failure_count("pyzbar") == before + 1


def test_chain_moves_on_when_the_first_decoder_raises(monkeypatch):
    import zxingcpp

    def broken(*args, **kwargs):
        raise RuntimeError("zxing broke")

    monkeypatch.setattr(zxingcpp, "read_barcodes", broken)
    found = detect_tags(_two_codes())
    assert sorted(d.data for d in found) == [b"first", b"second"]
    assert {d.decoder for d in found} == {"pyzbar"}


def test_pyzbar_alone_when_zxing_is_not_installed(monkeypatch, demo_profile):
    monkeypatch.setitem(sys.modules, "zxingcpp", None)  # `import zxingcpp` now raises ImportError
    assert not decoders.zxing_available()
    assert decoders.decoders_for() == (decoders.decode_pyzbar,)
    found = detect_tags(ship_table(demo_profile).render())
    assert {d.parsed for d in found} == {ship("golden_horn", seat, name) for seat, name, _, _ in SHIPS}
    assert {d.decoder for d in found} == {"pyzbar"}


def test_zxing_reports_no_micro_qr(monkeypatch):
    """zxing-cpp 3 returns Micro QR codes for the QRCode format (a false read seen in a finder
    pattern half under a hand): only full QR codes are ours."""
    import zxingcpp

    real = zxingcpp.read_barcodes
    micro = next(iter(real(_two_codes(), formats=zxingcpp.BarcodeFormat.QRCode)))

    class Micro:
        valid, bytes, position = True, b"774012", micro.position
        format = zxingcpp.BarcodeFormat.MicroQRCode

    monkeypatch.setattr(zxingcpp, "read_barcodes", lambda *a, **k: [*real(*a, **k), Micro()])
    assert sorted(r.data for r in decoders.decode_zxing(_two_codes())) == [b"first", b"second"]
