"""QR module matrices for rendering and printing (via the pure-Python ``qrcode`` package)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

QUIET_ZONE = 4  # modules of white around a printed or rendered tag


@lru_cache(maxsize=512)
def qr_modules(text: str) -> np.ndarray:
    """Module matrix (True = dark) of ``text``; version 1 at level M when it fits, else the smallest."""
    import qrcode
    from qrcode.exceptions import DataOverflowError

    for version, fit in ((1, False), (None, True)):
        q = qrcode.QRCode(version=version, error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
        q.add_data(text)
        try:
            q.make(fit=fit)
        except DataOverflowError:
            continue
        matrix = np.array(q.get_matrix(), dtype=bool)
        matrix.setflags(write=False)
        return matrix
    raise ValueError(f"cannot encode {text!r} as a QR code")


@lru_cache(maxsize=512)
def qr_image(text: str, px_per_module: int = 8, quiet: int = QUIET_ZONE) -> np.ndarray:
    """A grey (uint8) image of the code with its quiet zone, ``px_per_module`` px per module."""
    m = qr_modules(text)
    n = m.shape[0] + 2 * quiet
    cells = np.full((n, n), 255, dtype=np.uint8)
    cells[quiet:quiet + m.shape[0], quiet:quiet + m.shape[1]][m] = 0
    image = np.kron(cells, np.ones((px_per_module, px_per_module), dtype=np.uint8))
    image.setflags(write=False)
    return image
