"""Tag sheets: the size the generator picks, and sheets that print and scan back."""
from __future__ import annotations

import cv2
import pytest

from vision.detect import detect_tags
from vision.sheets import choose_tag_size, main
from vision.tag_sets import tags_for


def test_tag_size_follows_camera_geometry():
    size = choose_tag_size(2304, 66.0, 600.0)
    assert size.view_width_mm == pytest.approx(779.3, abs=0.5)
    assert size.tag_mm == 39.5 and size.module_mm * 2304 / size.view_width_mm >= 4.0
    # a sharper stream needs half the tag; a tilted camera a bigger one
    assert choose_tag_size(4608, 66.0, 600.0).tag_mm == pytest.approx(size.tag_mm / 2, abs=0.5)
    assert choose_tag_size(2304, 66.0, 600.0, tilt_deg=15).tag_mm > size.tag_mm


def test_sheets_are_written_and_every_tag_scans_back(tmp_path, capsys):
    assert main(["golden_horn", "--out", str(tmp_path), "--profile", "demo", "--camera-height", "600"]) == 0
    out = capsys.readouterr().out
    assert "tag size 39.5 mm" in out and "4 px/module on a 2304 px wide stream" in out
    assert (tmp_path / "golden_horn-tags.pdf").read_bytes().startswith(b"%PDF")
    page = cv2.imread(str(tmp_path / "golden_horn-tags-1.png"), cv2.IMREAD_GRAYSCALE)
    assert page.shape == (3507, 2480)  # A4 at 300 dpi
    found = detect_tags(page)
    assert {d.parsed for d in found} == set(tags_for("golden_horn"))
    module_px = 39.5 / 29 * 300 / 25.4
    assert all(abs(d.side_px - 21 * module_px) < 4 for d in found)  # printed at the chosen size
    anchors = cv2.imread(str(tmp_path / "golden_horn-tags-2.png"), cv2.IMREAD_GRAYSCALE)
    assert anchors is not None


def test_golden_horn_sheets_carry_every_route_tile_marker(tmp_path):
    from vision.board import find_anchors
    from vision.profiles import load_profile

    assert main(["golden_horn", "--out", str(tmp_path)]) == 0
    pages = sorted(tmp_path.glob("golden_horn-tags-*.png"))
    seen = set()
    for page in pages[1:]:
        seen |= {a.id for a in find_anchors(cv2.imread(str(page), cv2.IMREAD_GRAYSCALE))}
    assert seen == set(load_profile("golden_horn").all_anchor_ids()) and len(seen) == 12


@pytest.mark.parametrize("argv, message", [
    (["chess"], "unknown game 'chess'"),
    (["golden_horn", "--seats", "9"], "1-4 seats"),
    (["golden_horn", "--width", "wide"], "invalid int value"),
    (["golden_horn", "--hfov", "0"], "HFOV"),
    (["golden_horn", "--profile", "/nonexistent.json"], "cannot read board profile"),
    ([], "required"),
])
def test_bad_input_exits_non_zero_with_one_line(tmp_path, capsys, argv, message):
    assert main(argv + ["--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_game_without_tags(tmp_path, capsys):
    assert main(["coloretto", "--out", str(tmp_path)]) == 0
    assert "no tagged pieces" in capsys.readouterr().out


def test_tags_are_sized_for_the_camera_height_the_games_board_needs(tmp_path, capsys):
    """Golden Horn's 980 mm board needs the camera about 790 mm up at 66 deg: the sheets are sized
    for that (39.5 mm tags, sized for 600 mm, read 33 of 40 moves from 800 mm), and say so."""
    from vision.sheets import camera_height_for

    height = camera_height_for((980.0, 540.0), 66.0)
    assert 780 < height < 800
    assert 2 * height * 0.6494 >= 980 * 1.05 - 1  # tan(33 deg): the board fits the view
    assert main(["golden_horn", "--out", str(tmp_path), "--profile", "demo"]) == 0
    out = capsys.readouterr().out
    assert f"sized for a camera {height:.0f} mm above the table" in out and "980 x 540 mm board" in out
    assert f"tag size {choose_tag_size(2304, 66.0, height).tag_mm:.1f} mm" in out
    assert choose_tag_size(2304, 66.0, height).tag_mm >= 51.5
    assert "matte paper" in out


def test_sheets_ask_for_matte_paper():
    from vision.sheets import sheet_header

    assert "matte paper" in sheet_header(39.5) and "100 %" in sheet_header(39.5)
