"""Replay a folder of recorded frames (PNG/JPEG), in name order."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from vision.errors import CameraUnavailable
from vision.frames import read_image
from vision.sources.base import EndOfStream, FrameSource

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")


class ImageFolderSource(FrameSource):
    """Frames from image files; unreadable files raise :class:`vision.errors.FrameError` naming them."""

    name = "replay"

    def __init__(self, folder: str | Path, loop: bool = False, repeat_each: int = 1):
        super().__init__()
        self.folder = Path(folder)
        self.loop = loop
        self.repeat_each = max(1, repeat_each)
        self._files: list[Path] = []
        self._position = 0

    def _open(self) -> None:
        if not self.folder.is_dir():
            raise CameraUnavailable(f"{self.folder}: no such folder of frames")
        self._files = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self._files:
            raise CameraUnavailable(f"{self.folder}: no image files")
        self._position = 0

    def _close(self) -> None:
        self._files = []

    def _grab(self) -> tuple[np.ndarray, np.ndarray | None]:
        total = len(self._files) * self.repeat_each
        if self._position >= total:
            if not self.loop:
                raise EndOfStream(f"{self.folder}: all {len(self._files)} frames replayed")
            self._position = 0
        path = self._files[self._position // self.repeat_each]
        self._position += 1
        return read_image(str(path)), None
