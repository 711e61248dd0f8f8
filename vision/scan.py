"""``python -m vision.scan IMAGE [--profile P] [--json]``: every QR code in one image.

For each code: payload, ours or foreign (with the reason), corners (symbol
order TL, TR, BR, BL), centre, the decoder that read it, and with a board
profile the board position, heading and space.  The decoders are the
worker's (:class:`vision.config.DetectConfig`): zxing-cpp first when it is
installed, pyzbar as the fallback; ``--pyzbar-only`` leaves zxing-cpp out.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from vision.board import find_anchors, locate_board, map_piece
from vision.config import DetectConfig
from vision.detect import decode_image
from vision.errors import BoardNotFound, FrameError, ProfileError
from vision.frames import read_image, to_gray
from vision.profiles import load_profile
from vision.tags import Tag


def scan(path: str, profile_name: str | None = None, use_zxing: bool = DetectConfig.use_zxing) -> dict[str, Any]:
    """Scan one image file; returns the JSON-ready report (``use_zxing``: as the worker, by default)."""
    image = read_image(path)
    gray = to_gray(image)
    profile = load_profile(profile_name) if profile_name else None
    detections = decode_image(gray, DetectConfig(use_zxing=use_zxing))
    location, notes = None, []
    if profile is not None:
        try:
            anchors = find_anchors(gray, profile.dictionary, profile.all_anchor_ids())
            location = locate_board(anchors, profile, gray_or_bgr=image)
        except BoardNotFound as exc:
            notes.append(str(exc))
    codes = []
    for det in detections:
        entry: dict[str, Any] = {
            "payload": det.text,
            "ours": det.is_ours,
            "corners": [[round(x, 1), round(y, 1)] for x, y in det.corners],
            "center": [round(det.center[0], 1), round(det.center[1], 1)],
            "decoder": det.decoder,
        }
        if isinstance(det.parsed, Tag):
            entry["tag"] = det.parsed.identity
            entry["kind"] = det.parsed.kind
        else:
            entry["reason"] = det.parsed.reason
        if location is not None and profile is not None:
            place = map_piece(det, location, profile)
            if place is not None:
                entry["position_mm"] = [round(place.position_mm[0], 1), round(place.position_mm[1], 1)]
                entry["heading_deg"] = round(place.heading_deg, 1)
                entry["space"] = place.space
        codes.append(entry)
    return {"image": path, "size": [int(image.shape[1]), int(image.shape[0])],
            "board_found": location is not None, "codes": codes, "notes": notes}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.scan", description=__doc__.splitlines()[0])
    parser.add_argument("image")
    parser.add_argument("--profile", help="board profile file or name (e.g. demo)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--pyzbar-only", action="store_true",
                        help="decode with pyzbar alone (default: zxing-cpp first when installed, as the camera does)")
    args = parser.parse_args(argv)
    try:
        report = scan(args.image, args.profile, use_zxing=not args.pyzbar_only)
    except (FrameError, ProfileError) as exc:
        print(f"scan: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"{report['image']}: {len(report['codes'])} code(s), board {'found' if report['board_found'] else 'not found'}")
    for c in report["codes"]:
        who = c.get("tag") or f"foreign ({c['reason']})"
        where = f" space={c.get('space')} heading={c.get('heading_deg')}" if "position_mm" in c else ""
        print(f"  {c['payload']!r}: {who} at {c['center']}{where}")
    for note in report["notes"]:
        print(f"  note: {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
