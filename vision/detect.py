"""Finding and decoding QR tags: candidates on a small image, decoding on crops.

``detect_tags(gray)`` is the fast path used on table frames: zxing-cpp on
the whole frame (or on the changed regions) reads nearly everything for a
sixth of the CPU of anything else; only where it fails (a symbol it found
but could not decode, fewer codes than the caller knows are there, or
nothing at all) it looks for square, high-contrast blobs on a downscaled
copy (or the camera's lores stream), decodes full-resolution crops, and
retries hard crops (upscaled, adaptive threshold, inverted, pyzbar).  A full read (no regions: the first view,
a bumped camera) also decodes the whole frame, and harder variants of it
when nothing was found, so codes the candidate search misses (too large,
curved, low contrast) are still read.  ``decode_image(gray)`` is the
thorough path for single photos (``vision.scan``).  Corners come back in symbol order
(top-left, top-right, bottom-right, bottom-left), so a tag's "up" side gives
a piece's heading.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

import cv2
import numpy as np

from vision.config import DetectConfig
from vision import decoders as _decoders
from vision.decoders import Decoder, RawCode, decoders_for, scan_zxing
from vision.frames import downscale, to_gray
from vision.tags import ForeignCode, Tag, parse_payload

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in full-resolution pixels


@dataclass(frozen=True)
class Detection:
    """One decoded QR code in full-resolution frame pixels."""

    data: bytes
    corners: tuple[tuple[float, float], ...]  # TL, TR, BR, BL of the symbol
    decoder: str
    parsed: Tag | ForeignCode

    @property
    def is_ours(self) -> bool:
        return isinstance(self.parsed, Tag)

    @property
    def center(self) -> tuple[float, float]:
        xs, ys = zip(*self.corners)
        return (sum(xs) / 4.0, sum(ys) / 4.0)

    @property
    def side_px(self) -> float:
        """Mean side length of the symbol (px)."""
        pts = self.corners
        return sum(math.dist(pts[i], pts[(i + 1) % 4]) for i in range(4)) / 4.0

    @property
    def up_vector(self) -> tuple[float, float]:
        """Image vector from the symbol's bottom edge to its top edge."""
        tl, tr, br, bl = self.corners
        return ((tl[0] + tr[0] - bl[0] - br[0]) / 2.0, (tl[1] + tr[1] - bl[1] - br[1]) / 2.0)

    @property
    def text(self) -> str:
        return self.data.decode("utf-8", errors="replace")


def detect_tags(
    gray: np.ndarray,
    small: np.ndarray | None = None,
    config: DetectConfig = DetectConfig(),
    regions: Sequence[Box] | None = None,
    expected: int | None = None,
) -> list[Detection]:
    """Find and decode every QR tag in a frame.

    ``gray``: full-resolution (H, W) uint8 (BGR is converted).  ``small``: an
    optional lower-resolution grey view of the same scene (the camera's lores
    stream); otherwise one is made.  ``regions``: only look inside these boxes
    (full-resolution pixels), e.g. where the change gate saw something move.
    ``expected``: how many different codes the caller knows are there (the last
    reading's, in these regions); fewer read by the cheap pass, or no count
    (the first view: zxing-cpp can miss a code without a word), sends the
    frame through the candidate search too.

    The cheap pass comes first: zxing-cpp on the whole frame (or on each
    region), and a crop with its retries only where zxing-cpp found a symbol it
    could not decode.  The candidate search on the small image, its crops and
    pyzbar run only when that pass read nothing, fewer codes than expected (or
    nothing was expected: a first view), or left such a symbol unread (or
    without zxing-cpp); they skip every code the cheap pass read.
    """
    gray = to_gray(gray)
    decoders = decoders_for(config.use_zxing)
    found: list[Detection] = []
    quick = config.use_zxing and decoders[0] is _decoders.decode_zxing
    if quick:
        found, unresolved = _quick_read(gray, config, decoders, regions)
        if found and not unresolved and expected is not None and len({d.data for d in found}) >= expected:
            return dedupe(found)
    if small is None:
        small = downscale(gray, config.small_width)
    else:
        small = to_gray(small)
    scale = gray.shape[1] / small.shape[1]
    if regions is None:
        finders = _find_finders(small, scale, config)
    else:  # only where something changed: a quarter of each region's size around it, for codes on its edge
        finders = sorted({f for r in regions for f in _finders_in(small, _grown(r, 0.25, gray.shape), scale, config)})
    clusters = _clusters(finders)
    boxes = [_box_around(group, scale, config, gray.shape) for group in _group_finders(clusters)]
    # tags side by side (ships packed in a port) can pair finders wrongly: decode such crowds whole too
    crowds = [(_box_around(c, scale, config, gray.shape), len(c) // 3) for c in clusters if len(c) > 3]
    if regions is not None:
        boxes = [b for b in boxes if any(_overlaps(b, r) for r in regions)]
        crowds = [(b, n) for b, n in crowds if any(_overlaps(b, r) for r in regions)]
    for box in boxes:
        if any(_inside(d.center, box) for d in found):
            continue
        found.extend(decode_crop(gray, box, config, decoders))
    for box, codes in crowds:
        if sum(_inside(d.center, box) for d in found) < codes:   # some of the crowd still missing
            found.extend(decode_crop(gray, box, config, decoders))
    if regions is None and config.full_frame_fallback and not (quick and found):
        # a full read (the first view, a bumped camera, a photo): codes too big, too small or too
        # odd for the candidate search are read whole; harder variants only when nothing was found
        found.extend(_whole_frame(gray, decoders, thorough=not found))
    return dedupe(found)


def _quick_read(gray: np.ndarray, config: DetectConfig, decoders: Sequence[Decoder],
                regions: Sequence[Box] | None) -> tuple[list[Detection], bool]:
    """zxing-cpp on the whole frame (or on each region, grown by a quarter and merged), then a
    crop with retries around each symbol it found but could not decode: (the codes read, whether
    a symbol that looked whole stayed unread: then the candidate search is worth its cost)."""
    areas = [(0, 0, gray.shape[1], gray.shape[0])] if regions is None else _merged(
        [_grown(r, 0.25, gray.shape) for r in regions])
    found: list[Detection] = []
    small: np.ndarray | None = None
    unresolved = False
    for x0, y0, x1, y1 in areas:
        crop = gray[y0:y1, x0:x1]
        raws, failed = scan_zxing(crop)
        found.extend(_finish(raw, crop, (x0, y0), 1.0) for raw in raws)
        for symbol in failed:
            box = _corners_box(symbol.corners, (x0, y0), 0.0, gray.shape)
            if any(_overlaps(box, _corners_box(d.corners, (0, 0), 0.0, gray.shape)) for d in found):
                continue  # a part of a code that was read
            # a QR code zxing-cpp could not finish may come back as its corner (a Micro QR code): look around
            # it, if three finder patterns are there (a code half under a hand has fewer: not worth the retries)
            margin = 1.0 if symbol.micro else config.crop_margin
            crop_box = _corners_box(symbol.corners, (x0, y0), margin, gray.shape)
            if symbol.micro:
                if small is None:
                    small = downscale(gray, config.small_width)
                if len(_finders_in(small, crop_box, gray.shape[1] / small.shape[1], config)) < 3:
                    continue
            read = decode_crop(gray, crop_box, config, decoders, dear_tries=1)
            unresolved = unresolved or not read
            found.extend(read)
    return found, unresolved


def _corners_box(corners: Sequence[tuple[float, float]], origin: tuple[int, int], margin: float,
                 shape: tuple[int, ...]) -> Box:
    """The box around a symbol's corners (crop px from ``origin``), grown by ``margin`` of its size."""
    xs = [x + origin[0] for x, _ in corners]
    ys = [y + origin[1] for _, y in corners]
    pad = margin * max(max(xs) - min(xs), max(ys) - min(ys), 8.0)
    return (max(0, int(min(xs) - pad)), max(0, int(min(ys) - pad)),
            min(shape[1], int(math.ceil(max(xs) + pad))), min(shape[0], int(math.ceil(max(ys) + pad))))


def _merged(boxes: list[Box]) -> list[Box]:
    """Overlapping boxes joined, so no pixel is decoded twice."""
    boxes = list(boxes)
    merged = True
    while merged:
        merged = False
        for i, j in itertools.combinations(range(len(boxes)), 2):
            if _overlaps(boxes[i], boxes[j]):
                a, b = boxes[i], boxes[j]
                boxes[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                del boxes[j]
                merged = True
                break
    return boxes


def _whole_frame(gray: np.ndarray, decoders: Sequence[Decoder], thorough: bool) -> list[Detection]:
    """The decoder chain on the whole image; ``thorough``: on sharpened, rescaled, thresholded,
    contrast-equalised, smoothed and inverted copies too, until one reads."""
    for image, factor in _photo_variants(gray) if thorough else ((gray, 1.0),):
        raws = _decode_chain(image, decoders)
        if raws:
            return [_finish(raw, gray, (0, 0), factor, source=image) for raw in raws]
    return []


def _find_finders(small: np.ndarray, scale: float, config: DetectConfig) -> list[tuple[float, float, float]]:
    """Every finder pattern on the small image: centre x, y and module size (small px).

    A finder pattern is a dark square ring around a dark centre: in the
    contour tree of a locally thresholded image it is a contour with a child
    with a child, with area ratios near 49:25:9.  Finders of similar size
    close together belong to one code (:func:`_group_finders`); the box
    around a group covers the whole code (its fourth corner, the quiet zone,
    and a margin).
    """
    module_min = max(0.8, config.min_module_px / scale * 0.8)
    block = max(3, int(round(config.finder_block_modules * module_min)) | 1)
    binary = cv2.adaptiveThreshold(small, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, config.candidate_c)
    contours, hierarchy = cv2.findContours(binary, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    tree = hierarchy[0]
    finders: list[tuple[float, float, float]] = []  # x, y, module (small px)
    max_module = config.max_tag_px / scale / 21
    for i, contour in enumerate(contours):
        child = tree[i][2]
        if child < 0 or tree[child][2] < 0:
            continue
        grandchild = tree[child][2]
        outer = cv2.contourArea(contour)
        inner = cv2.contourArea(contours[grandchild])
        if outer < (5 * module_min) ** 2 or inner <= 0:
            continue
        if not 0.07 <= inner / outer <= 0.4:
            continue
        x, y, w, h = cv2.boundingRect(contour)
        if max(w, h) > 1.8 * min(w, h):
            continue
        module = math.sqrt(outer) / 7.0
        if module > max_module:
            continue
        m = cv2.moments(contour)
        finders.append((m["m10"] / m["m00"], m["m01"] / m["m00"], module))
    return finders


def _finders_in(small: np.ndarray, box: Box, scale: float, config: DetectConfig) -> list[tuple[float, float, float]]:
    """The finder patterns inside ``box`` (full-resolution px), in small-image px."""
    x0, y0 = int(box[0] / scale), int(box[1] / scale)
    x1, y1 = int(math.ceil(box[2] / scale)), int(math.ceil(box[3] / scale))
    sub = small[y0:y1, x0:x1]
    if min(sub.shape[:2]) < 8:
        return []
    return [(round(x + x0, 2), round(y + y0, 2), round(m, 3)) for x, y, m in _find_finders(sub, scale, config)]


def _grown(box: Box, fraction: float, shape: tuple[int, ...]) -> Box:
    x0, y0, x1, y1 = box
    dx, dy = int((x1 - x0) * fraction), int((y1 - y0) * fraction)
    return (max(0, x0 - dx), max(0, y0 - dy), min(shape[1], x1 + dx), min(shape[0], y1 + dy))


def _group_finders(clusters: list[list[tuple[float, float, float]]]) -> list[list[tuple[float, float, float]]]:
    """Split clusters of finders (:func:`_clusters`) into codes: right-angled triples.

    Finders of one code lie 14-26 modules apart (versions 1-3).  When nearby
    codes make a cluster of more than three, the triples that form a
    right isosceles triangle are taken out one by one; the rest stay single.
    """
    groups: list[list[tuple[float, float, float]]] = []
    for cluster in clusters:
        if len(cluster) <= 3:
            groups.append(cluster)
            continue
        rest = list(cluster)
        while len(rest) >= 3:
            best, best_err = None, 0.3
            for triple in itertools.combinations(range(len(rest)), 3):
                err = _triangle_error([rest[k] for k in triple])
                if err < best_err:
                    best, best_err = triple, err
            if best is None:
                break
            groups.append([rest[k] for k in best])
            rest = [f for k, f in enumerate(rest) if k not in best]
        groups.extend([f] for f in rest)
    return groups


def _clusters(finders: list[tuple[float, float, float]]) -> list[list[tuple[float, float, float]]]:
    """Finders of similar size within one code's reach of each other, chained."""
    parent = list(range(len(finders)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, (xi, yi, mi) in enumerate(finders):
        for j in range(i + 1, len(finders)):
            xj, yj, mj = finders[j]
            if max(mi, mj) > 1.7 * min(mi, mj):
                continue
            if math.hypot(xi - xj, yi - yj) <= 21 * max(mi, mj):
                parent[root(i)] = root(j)
    clusters: dict[int, list[tuple[float, float, float]]] = {}
    for i, f in enumerate(finders):
        clusters.setdefault(root(i), []).append(f)
    return list(clusters.values())


def _triangle_error(three: list[tuple[float, float, float]]) -> float:
    """0 for three finders at the corners of a right isosceles triangle of code size."""
    a, b, c = sorted(math.dist(p[:2], q[:2]) for p, q in itertools.combinations(three, 2))
    module = max(f[2] for f in three)
    if b <= 0 or not 12 * module <= b <= 24 * module:
        return math.inf
    return abs(a - b) / b + abs(c - math.sqrt(2) * b) / c


def _box_around(group: list[tuple[float, float, float]], scale: float, config: DetectConfig,
                full_shape: tuple[int, ...]) -> Box:
    module = max(f[2] for f in group)
    pts = [(x, y) for x, y, _ in group]
    if len(group) == 3:
        # the corner finder is the one opposite the longest side; the 4th corner mirrors it
        d = [math.dist(pts[1], pts[2]), math.dist(pts[0], pts[2]), math.dist(pts[0], pts[1])]
        k = int(np.argmax(d))
        a, b = [p for i, p in enumerate(pts) if i != k]
        pts.append((a[0] + b[0] - pts[k][0], a[1] + b[1] - pts[k][1]))
        reach = (3.5 + 4 + config.crop_margin * 10) * module
    elif len(group) == 2:
        reach = (math.dist(pts[0], pts[1]) + 3.5 + 4 + config.crop_margin * 10 * module)
    else:
        reach = 28 * module
    xs, ys = zip(*pts)
    h, w = full_shape[:2]
    x0 = max(0, int((min(xs) - reach) * scale))
    y0 = max(0, int((min(ys) - reach) * scale))
    x1 = min(w, int(math.ceil((max(xs) + reach) * scale)))
    y1 = min(h, int(math.ceil((max(ys) + reach) * scale)))
    return (x0, y0, x1, y1)


def decode_crop(gray: np.ndarray, box: Box, config: DetectConfig, decoders: Sequence[Decoder],
                dear_tries: int | None = None) -> list[Detection]:
    """Decode one candidate crop, retrying it upscaled, thresholded and inverted; the decoders after
    the first (pyzbar) on the first ``dear_tries`` of those only (None: all)."""
    x0, y0, x1, y1 = box
    crop = gray[y0:y1, x0:x1]
    if crop.size == 0:
        return []
    made: list[tuple[np.ndarray, float]] = []
    variants = _variants(crop, config)
    for rank, decode in enumerate(decoders):  # the cheap decoder on every variant before the dear one on any
        for k in itertools.count():
            if rank > 0 and dear_tries is not None and k >= dear_tries:
                break
            if k == len(made):
                nxt = next(variants, None)
                if nxt is None:
                    break
                made.append(nxt)
            image, factor = made[k]
            raws = decode(image)
            if raws:
                return [_finish(raw, crop, (x0, y0), factor) for raw in raws]
    return []


def _variants(crop: np.ndarray, config: DetectConfig) -> Iterable[tuple[np.ndarray, float]]:
    yield crop, 1.0
    f = config.retry_upscale
    up = cv2.resize(crop, None, fx=f, fy=f, interpolation=cv2.INTER_CUBIC)
    yield up, f
    block = config.adaptive_block | 1
    yield cv2.adaptiveThreshold(up, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY, block, config.adaptive_c), f
    yield 255 - crop, 1.0


def decode_image(gray: np.ndarray, config: DetectConfig = DetectConfig()) -> list[Detection]:
    """Thorough decode of a single photo: whole image with several variants, then candidates."""
    gray = to_gray(gray)
    found = _whole_frame(gray, decoders_for(config.use_zxing), thorough=True)
    found.extend(detect_tags(gray, config=replace(config, full_frame_fallback=False)))
    return dedupe(found)


def _photo_variants(gray: np.ndarray) -> Iterable[tuple[np.ndarray, float]]:
    yield gray, 1.0
    yield cv2.addWeighted(gray, 2.0, cv2.GaussianBlur(gray, (0, 0), 3), -1.0, 0), 1.0
    if max(gray.shape) < 1600:
        up = cv2.resize(gray, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
        yield up, 2.0
        yield cv2.addWeighted(up, 2.0, cv2.GaussianBlur(up, (0, 0), 4), -1.0, 0), 2.0
    else:
        yield cv2.resize(gray, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA), 0.5
    yield cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY, 31, 5), 1.0
    yield cv2.createCLAHE(2.0, (8, 8)).apply(gray), 1.0
    yield cv2.GaussianBlur(gray, (5, 5), 0), 1.0
    yield 255 - gray, 1.0


def _decode_chain(image: np.ndarray, decoders: Sequence[Decoder]) -> list[RawCode]:
    for decode in decoders:
        raws = decode(image)
        if raws:
            return raws
    return []


def _finish(raw: RawCode, crop: np.ndarray, origin: tuple[int, int], factor: float,
            source: np.ndarray | None = None) -> Detection:
    """Map a raw code back to frame pixels, in symbol order."""
    pts = np.array(raw.corners, dtype=np.float32)
    if not raw.ordered:
        image = source if source is not None else crop
        if factor != 1.0 and source is None:
            image = cv2.resize(crop, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
        pts = order_corners(image, pts)
    pts = pts / factor + np.array(origin, dtype=np.float32)
    corners = tuple((float(x), float(y)) for x, y in pts)
    return Detection(raw.data, corners, raw.decoder, parse_payload(raw.data))


def order_corners(gray: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Put a QR code's four outer corners in symbol order (TL, TR, BR, BL).

    The corners are sorted clockwise, the symbol is rectified, and the one
    corner without a finder pattern is the bottom-right.  Tries the module
    counts of versions 1-5 and keeps the clearest answer.
    """
    c = pts.mean(axis=0)
    ring = pts[np.argsort(np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0]))]
    best_index, best_margin = 2, -1.0
    for modules in (21, 25, 29, 33, 37):
        size = modules * 3
        dst = np.array([[0, 0], [size, 0], [size, size], [0, size]], dtype=np.float32)
        m = cv2.getPerspectiveTransform(ring.astype(np.float32), dst)
        warped = cv2.warpPerspective(gray, m, (size, size), flags=cv2.INTER_AREA, borderValue=255)
        cells = cv2.resize(warped, (modules, modules), interpolation=cv2.INTER_AREA)
        _, binary = cv2.threshold(cells, 0, 1, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
        scores = [_finder_score(binary, corner, modules) for corner in range(4)]
        order = np.argsort(scores)
        margin = scores[order[1]] - scores[order[0]]
        if margin > best_margin:
            best_index, best_margin = int(order[0]), float(margin)
    k = best_index  # ring[k] is the bottom-right corner
    return np.array([ring[(k + 2) % 4], ring[(k + 3) % 4], ring[k], ring[(k + 1) % 4]], dtype=np.float32)


_FINDER = np.ones((7, 7), dtype=np.uint8)
_FINDER[1:6, 1:6] = 0
_FINDER[2:5, 2:5] = 1


def _finder_score(binary: np.ndarray, corner: int, modules: int) -> float:
    """Fraction of a 7x7 corner block matching the finder pattern (1 = dark)."""
    r0 = 0 if corner in (0, 1) else modules - 7
    c0 = 0 if corner in (0, 3) else modules - 7
    block = binary[r0:r0 + 7, c0:c0 + 7]
    return float(np.mean(block == _FINDER))


def dedupe(found: Iterable[Detection]) -> list[Detection]:
    """Drop repeated reads of the same code at the same place."""
    kept: list[Detection] = []
    for det in found:
        same = [k for k in kept if k.data == det.data and math.dist(k.center, det.center) < 0.5 * max(k.side_px, 1.0)]
        if not same:
            kept.append(det)
    return kept


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] <= point[0] < box[2] and box[1] <= point[1] < box[3]
