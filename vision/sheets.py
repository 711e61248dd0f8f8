"""Printable tag sheets (PDF + PNG) sized for the camera: ``companion tags GAME``.

The tag size is chosen so every QR module covers at least ``px_per_module``
pixels of the stream it is decoded from, at the far side of a tilted view:

    mm_per_px = camera_height * 2 * tan(hfov / 2) / width      (view centre)
    module_mm = px_per_module * mm_per_px / cos(tilt)^2        (far side margin)
    tag_mm    = 29 modules (version 1 + 4-module quiet zone) * module_mm, rounded up to 0.5 mm

The camera height is, unless given, the one at which the lens sees the game's
whole board (its profile's size) with 5 % to spare, on the stream's aspect:
Golden Horn's 980 mm board needs about 790 mm at 66 deg, not the 600 mm a
small board does, and tags sized for 600 mm read 33 of 40 moves from there.
"""
from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from vision.errors import ProfileError, TagError
from vision.profiles import load_profile
from vision.qr import QUIET_ZONE, qr_modules
from vision.tag_sets import anchor_profile, tag_sets, tags_for
from vision.tags import Tag

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAGE_MARGIN_MM = 10.0
LABEL_MM = 5.0
GAP_MM = 6.0


@dataclass(frozen=True)
class TagSize:
    """The chosen tag size and the numbers behind it."""

    tag_mm: float
    module_mm: float
    mm_per_px: float
    view_width_mm: float
    px_per_module: float
    tilt_deg: float

    def explain(self, width_px: int, height_mm: float, hfov_deg: float) -> str:
        return (f"tag size {self.tag_mm:.1f} mm (29 modules x {self.module_mm:.2f} mm): "
                f"{self.px_per_module:g} px/module on a {width_px} px wide stream seeing {self.view_width_mm:.0f} mm "
                f"({self.mm_per_px:.3f} mm/px) from {height_mm:.0f} mm at {hfov_deg:g} deg HFOV, "
                f"x {1 / math.cos(math.radians(self.tilt_deg)) ** 2:.2f} for {self.tilt_deg:g} deg tilt")


BOARD_MARGIN = 0.05   # the view holds the board and this much more, a fraction of its size
DEFAULT_HEIGHT_MM = 600.0  # a game without a board profile: a camera this high
SHEET_NOTE = "print at 100 % (no scaling) on matte paper (gloss reflects the lamp over the tags)"


def camera_height_for(board_mm: tuple[float, float], hfov_deg: float, aspect: float = 9 / 16,
                      margin: float = BOARD_MARGIN) -> float:
    """The camera height (mm) at which a lens of ``hfov_deg`` sees the whole board (w, h mm) with
    ``margin`` to spare, on a stream ``aspect`` (height / width) as tall as it is wide."""
    if not 1 <= hfov_deg < 179:
        raise TagError("camera HFOV must be 1-179 deg")
    half = math.tan(math.radians(hfov_deg) / 2.0)
    width_needed = max(board_mm[0], board_mm[1] / aspect) * (1.0 + margin)
    return width_needed / (2.0 * half)


def board_size_for(game: str) -> tuple[float, float] | None:
    """The size (mm) of ``game``'s board from its profile; None when it has none."""
    name = anchor_profile(game) or game
    try:
        return load_profile(name).size_mm
    except (ProfileError, OSError):
        return None


def choose_tag_size(width_px: int, hfov_deg: float, height_mm: float, tilt_deg: float = 0.0,
                    px_per_module: float = 4.0, modules: int = 21 + 2 * QUIET_ZONE) -> TagSize:
    """The smallest printable tag giving ``px_per_module`` on the decode stream (see module docstring)."""
    if width_px <= 0 or height_mm <= 0 or not 1 <= hfov_deg < 179 or not 0 <= tilt_deg < 60 or px_per_module <= 0:
        raise TagError("camera width, height, HFOV (1-179 deg), tilt (0-60 deg) and px/module must be positive")
    view = 2.0 * height_mm * math.tan(math.radians(hfov_deg) / 2.0)
    mm_per_px = view / width_px
    module = px_per_module * mm_per_px / math.cos(math.radians(tilt_deg)) ** 2
    tag = math.ceil(modules * module * 2.0) / 2.0
    return TagSize(tag, tag / modules, mm_per_px, view, px_per_module, tilt_deg)


def render_pages(items: Sequence[tuple[str, np.ndarray, str]], tag_mm: float, paper: str = "a4",
                 dpi: int = 300) -> list[Image.Image]:
    """Lay out (kind, module matrix or marker image, label) squares of ``tag_mm`` on pages with cut marks."""
    page_w, page_h = PAPERS[paper]
    px = dpi / 25.4
    cell_w, cell_h = tag_mm + GAP_MM, tag_mm + LABEL_MM + GAP_MM
    cols = max(1, int((page_w - 2 * PAGE_MARGIN_MM) // cell_w))
    rows = max(1, int((page_h - 2 * PAGE_MARGIN_MM - 8) // cell_h))
    if tag_mm > page_w - 2 * PAGE_MARGIN_MM:
        raise TagError(f"tags of {tag_mm:.1f} mm do not fit on {paper} paper")
    font = ImageFont.load_default(size=max(10, int(2.6 * px)))
    pages: list[Image.Image] = []
    per_page = cols * rows
    for start in range(0, len(items), per_page):
        page = Image.new("L", (int(page_w * px), int(page_h * px)), 255)
        draw = ImageDraw.Draw(page)
        draw.text((PAGE_MARGIN_MM * px, 4 * px), sheet_header(tag_mm), fill=0, font=font)
        for k, (kind, pattern, label) in enumerate(items[start:start + per_page]):
            r, c = divmod(k, cols)
            x0 = (PAGE_MARGIN_MM + c * cell_w + GAP_MM / 2) * px
            y0 = (PAGE_MARGIN_MM + 8 + r * cell_h + GAP_MM / 2) * px
            side = tag_mm * px
            if kind == "qr":
                n = pattern.shape[0] + 2 * QUIET_ZONE
                m = side / n
                for (i, j) in zip(*np.nonzero(pattern)):
                    xa, ya = x0 + (j + QUIET_ZONE) * m, y0 + (i + QUIET_ZONE) * m
                    draw.rectangle([round(xa), round(ya), round(xa + m) - 1, round(ya + m) - 1], fill=0)
            else:
                marker = Image.fromarray(pattern).resize((round(side), round(side)), Image.NEAREST)
                page.paste(marker, (round(x0), round(y0)))
            _cut_marks(draw, x0, y0, side, px)
            draw.text((x0, y0 + side + 1.0 * px), label, fill=0, font=font)
        pages.append(page)
    return pages


def sheet_header(tag_mm: float) -> str:
    """The line printed at the top of every sheet."""
    return f"Table Companion tags - {tag_mm:.1f} mm - {SHEET_NOTE}"


def _cut_marks(draw: ImageDraw.ImageDraw, x0: float, y0: float, side: float, px: float) -> None:
    tick, gap = 2.0 * px, 0.8 * px
    for cx, cy, sx, sy in ((x0, y0, -1, -1), (x0 + side, y0, 1, -1), (x0, y0 + side, -1, 1), (x0 + side, y0 + side, 1, 1)):
        draw.line([cx + sx * gap, cy, cx + sx * (gap + tick), cy], fill=0, width=1)
        draw.line([cx, cy + sy * gap, cx, cy + sy * (gap + tick)], fill=0, width=1)


def tag_items(tag_list: Sequence[Tag]) -> list[tuple[str, np.ndarray, str]]:
    return [("qr", qr_modules(t.payload()), f"{t.label()}  [{t.payload()}]") for t in tag_list]


def anchor_items(profile_name: str) -> tuple[list[tuple[str, np.ndarray, str]], float]:
    """The profile's ArUco anchors (with a white border of 1 module) and their printed size."""
    profile = load_profile(profile_name)
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, profile.dictionary))
    anchors = [("board", a) for a in profile.anchors] + [(t.name, a) for t in profile.tiles for a in t.anchors]
    items = []
    for where, a in anchors:
        marker = cv2.aruco.generateImageMarker(dictionary, a.id, 240)
        items.append(("marker", marker, f"{where} #{a.id}"))
    return items, max(a.size_mm for _, a in anchors)


class _BadInput(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line, not usage + error
        raise _BadInput(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="companion tags", description="Write printable QR tag sheets (PDF and PNG) for a game.")
    p.add_argument("game", help=f"one of: {', '.join(sorted(tag_sets()))}")
    p.add_argument("--out", default="tags", help="output folder (default: ./tags)")
    p.add_argument("--seats", type=int, default=None, help="number of players (default: the most the game allows)")
    p.add_argument("--width", type=int, default=2304, help="width in px of the stream tags are decoded from (default 2304)")
    p.add_argument("--hfov", type=float, default=66.0, help="horizontal field of view, degrees (Camera Module 3: 66)")
    p.add_argument("--camera-height", type=float, default=None,
                   help="camera height above the table, mm (default: high enough to see the game's whole board; "
                        f"{DEFAULT_HEIGHT_MM:g} for a game without a board)")
    p.add_argument("--tilt", type=float, default=0.0, help="camera tilt from straight down, degrees (default 0)")
    p.add_argument("--px-per-module", type=float, default=4.0, help="pixels per QR module wanted (default 4)")
    p.add_argument("--paper", choices=sorted(PAPERS), default="a4")
    p.add_argument("--dpi", type=int, default=300)
    p.add_argument("--profile", default=None,
                   help="also print this board profile's markers (default: the game's own, e.g. Golden Horn's route tiles)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """CLI entry point; returns the exit status (2 and one line on stderr for bad input)."""
    try:
        args = build_parser().parse_args(argv)
        if not 72 <= args.dpi <= 1200:
            raise _BadInput(f"--dpi must be 72-1200, got {args.dpi}")
        board = board_size_for(args.game)
        height = args.camera_height
        if height is None:
            height = camera_height_for(board, args.hfov) if board else DEFAULT_HEIGHT_MM
        size = choose_tag_size(args.width, args.hfov, height, args.tilt, args.px_per_module)
        tag_list = tags_for(args.game, args.seats)
        pages = render_pages(tag_items(tag_list), size.tag_mm, args.paper, args.dpi) if tag_list else []
        profile = args.profile or anchor_profile(args.game)
        if profile:
            items, anchor_mm = anchor_items(profile)
            pages += render_pages(items, anchor_mm, args.paper, args.dpi)
    except (_BadInput, TagError, ProfileError) as exc:
        print(f"companion tags: error: {exc}", file=sys.stderr)
        return 2
    print(size.explain(args.width, height, args.hfov))
    if args.camera_height is not None:
        print(f"sized for a camera {height:.0f} mm above the table (--camera-height)")
    elif board:
        print(f"sized for a camera {height:.0f} mm above the table: the height at which a {args.hfov:g} deg lens sees "
              f"the whole {board[0]:.0f} x {board[1]:.0f} mm board with {BOARD_MARGIN * 100:.0f} % to spare; "
              f"a camera higher than that needs --camera-height")
    else:
        print(f"sized for a camera {height:.0f} mm above the table (this game has no board profile; "
              f"give --camera-height for yours)")
    print("print on matte paper: gloss reflects the lamp over the tags")
    if not pages:
        print(f"{args.game}: no tagged pieces to print")
        return 0
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        stem = f"{args.game}-tags"
        paths = []
        for i, page in enumerate(pages, 1):
            path = out / f"{stem}-{i}.png"
            page.save(path, dpi=(args.dpi, args.dpi))
            paths.append(path)
        pdf = out / f"{stem}.pdf"
        pages[0].save(pdf, save_all=True, append_images=pages[1:], resolution=float(args.dpi))
    except OSError as exc:
        print(f"companion tags: error: cannot write to {out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"{len(tag_list)} tags on {len(pages)} page(s): {pdf} and {', '.join(str(p) for p in paths)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
