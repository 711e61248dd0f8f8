"""The scan and bench command lines, and the package's import boundaries."""
from __future__ import annotations

import json
import os

import cv2
import numpy as np
import pytest

from vision import bench, scan
from vision.qr import qr_image
from vision.synthetic import SimulatedTable
from vision.tags import ship

from tests.vision.scenes import ship_table



def test_scan_json_lists_every_code(tmp_path, capsys, demo_profile):
    table = ship_table(demo_profile)
    table.add_foreign_code("wifi", "WIFI:S:home;T:WPA;P:secret;;", (540, 110), 60)
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), table.render())
    assert scan.main([str(path), "--profile", "demo", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["board_found"] and len(report["codes"]) == 7
    ours = {c["tag"]: c for c in report["codes"] if c["ours"]}
    assert ours["gh:ship:0:b"]["space"] == "C1" and len(ours["gh:ship:0:b"]["corners"]) == 4
    foreign = [c for c in report["codes"] if not c["ours"]]
    assert foreign[0]["payload"].startswith("WIFI:") and foreign[0]["reason"] == "no TC prefix"


def test_scan_decodes_as_the_worker_does(tmp_path, capsys, demo_profile, monkeypatch):
    """zxing-cpp first when it is installed (the worker's default), pyzbar alone on request
    or without zxing-cpp; every tag read either way."""
    from vision import decoders
    from vision.config import DetectConfig

    path = tmp_path / "table.png"
    cv2.imwrite(str(path), ship_table(demo_profile).render())
    assert DetectConfig().use_zxing and decoders.zxing_available()   # a dependency (requirements.txt)

    def used(argv):
        assert scan.main([str(path), "--json", *argv]) == 0
        codes = json.loads(capsys.readouterr().out)["codes"]
        assert len(codes) == 6
        return {c["decoder"] for c in codes}

    assert "zxing" in used([])
    assert "zxing" in {c["decoder"] for c in scan.scan(str(path))["codes"]}   # the function's default too
    assert used(["--pyzbar-only"]) == {"pyzbar"}
    monkeypatch.setattr(decoders, "zxing_available", lambda: False)   # zxing-cpp missing on this machine
    assert used([]) == {"pyzbar"}


def test_scan_bad_files(tmp_path, capsys):
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"\xff\xd8\xff\xe0 not really")
    assert scan.main([str(bad)]) == 2
    assert scan.main([str(tmp_path / "missing.png")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert "not a readable image" in err[0] and "no such file" in err[1]


def test_bench_prints_table_and_last_json_line(tmp_path, capsys):
    photos = tmp_path / "photos" / "set"
    photos.mkdir(parents=True)
    frame = np.full((200, 200), 255, np.uint8)
    code = qr_image("hello table", 4)
    frame[30:30 + code.shape[0], 30:30 + code.shape[1]] = code
    cv2.imwrite(str(photos / "1.png"), frame)
    (photos / "1.txt").write_text("hello table\n")
    cv2.imwrite(str(photos / "2.png"), np.full((50, 50), 128, np.uint8))
    (photos / "2.txt").write_text("unreadable")
    assert bench.main(["--scenes", "1", "--moves", "2", "--bumps", "1", "--photos", str(tmp_path / "photos"),
                       "--fps", "15", "30", "--pi-fps", "15", "--pi-fraction", "0.5"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert any("pyzbar full frame (baseline)" in line for line in lines)
    summary = json.loads(lines[-1])
    for key in ("recall", "false_reads", "still_cpu_ratio", "pi_lores_gate_ms", "settle_latency_ms", "real_photo_rate",
                "cpu_vs_zxing_full_frame", "cpu_vs_pyzbar_full_frame", "cpu_tags_known_vs_zxing_full_frame"):
        assert key in summary
    assert summary["real_photo_rate"] == 0.5
    latency = summary["first_still_latency_ms"]
    assert set(latency) == {"15", "30"}
    assert all(row["right"] + row["wrong"] >= 1 and row["moves"] == 2 for row in latency.values())
    pi = summary["pi_class"]
    assert pi["fps"] == 15 and pi["fraction"] == 0.5 and pi["right"] + pi["wrong"] >= 1
    assert 0 < pi["cpu_share"] <= 1.0 and len(summary["load_average"]) == 3
    assert all(row["moves"] == 2 and row["wrong"] == 0 for row in summary["hands"].values())
    assert 0 <= summary["recall"] <= 1 and summary["false_reads"] >= 0
    assert summary["bumped_ships"] == 18 and 0 <= summary["bumped_ships_right"] <= 18


def test_bench_fails_loudly_without_its_photos(tmp_path):
    with pytest.raises(SystemExit, match="real-photo folder .* is missing"):
        bench.main(["--scenes", "1", "--moves", "1", "--photos", str(tmp_path / "nowhere")])
    (tmp_path / "empty").mkdir()
    with pytest.raises(SystemExit, match="no labelled photos"):
        bench.main(["--scenes", "1", "--moves", "1", "--photos", str(tmp_path / "empty")])


def test_bench_finds_the_shared_photos_from_the_repo_root():
    assert bench.DEFAULT_PHOTOS == os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(bench.__file__))),
                                                "..", "shared", "data", "qr-photos")


def test_bench_compares_photo_texts_strictly():
    assert bench.same_text("hello\r\nworld \n", "hello\nworld")
    # pyzbar reads half-width katakana as other characters: the ASCII around them must not make it right
    assert not bench.same_text("ABC \uff71\uff72 123", "ABC \u00b1\u00b2 123")
    assert not bench.same_text("hello  world", "hello world")


def test_bench_scene_ground_truth_matches_render():
    import random

    scene = bench.make_scene(1280, 720, random.Random(1), 12)
    assert len(scene.truth) == 12 and scene.image.shape == (720, 1280, 3)
    assert bench.score([b"TC1:XX:S:0:A0", bench.FOREIGN.encode(), b"bogus"], {b"TC1:XX:S:0:A0"}) == (1, 1)


def test_simulated_table_is_safe_to_drive_from_another_thread(demo_profile):
    import threading

    table = SimulatedTable(demo_profile)
    table.place_piece(ship("demo", 0, "A"), (100, 100))
    done = threading.Event()

    def drag():
        for x in range(100, 300, 20):
            table.move_piece("xx:ship:0:a", (x, 100))
        done.set()

    worker = threading.Thread(target=drag)
    worker.start()
    for _ in range(3):
        assert table.render().shape == (720, 1280, 3)
    assert done.wait(10)
    worker.join()
    assert table.pieces()[0].position_mm == (280, 100)
