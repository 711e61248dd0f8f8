"""Golden Horn's simulated camera view under Xvfb: large enough to drag a ship, each
ship labelled with the table's names in its seat's colour."""
from __future__ import annotations

import pytest

from ui.colours import seat_rgb


@pytest.mark.parametrize("size", ["800x480", "1280x800"])
def test_the_camera_view_is_large_and_names_every_ship_in_its_seats_colour(run_ui, size):
    run = run_ui("scenarios_golden_horn_camera:camera_view_labelled", size=size)
    r = run.result
    width, height = r["image_size"]
    # was 256 x 145 px at 800x480: now as tall as the move controls leave (they stay uncovered,
    # tests/ui/test_camera_once.py)
    assert width >= (320 if size == "800x480" else 400) and height >= 180, r["image_size"]
    assert r["labels"] == ["Bea's ship a", "Bea's ship b", "Bea's ship c",
                           "Marco's ship a", "Marco's ship b", "Marco's ship c"]
    assert r["label_colours"]["Marco's ship a"] == [round(c, 2) for c in seat_rgb("yellow", 1)]
    assert r["label_colours"]["Bea's ship b"] == [round(c, 2) for c in seat_rgb("blue", 0)]
    x0, y0, w0, h0 = r["camera_box"]
    boxes = r["label_boxes"]
    for x, y, w, h in boxes:                            # every label inside the camera's view
        assert x0 - 1 <= x and x + w <= x0 + w0 + 1 and y0 - 1 <= y and y + h <= y0 + h0 + 1
    for i, (x, y, w, h) in enumerate(boxes):            # and none over another
        for bx, by, bw, bh in boxes[i + 1:]:
            assert x + w <= bx + 0.5 or bx + bw <= x + 0.5 or y + h <= by + 0.5 or by + bh <= y + 0.5
    assert run.image("gh_camera").shape[:2] == tuple(int(v) for v in reversed(size.split("x")))
