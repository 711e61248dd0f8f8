"""``python -m vision.games.golden_horn.bench``: how well and how fast the Golden Horn
route and ships are read from rendered tables.

Prints, per player count, the share of random camera set-ups (turn, tilt,
lamp colour, light gradient, noise, JPEG) in which the route was read exactly,
the median reading time with and without the route, and how many of 12 ships
packed in one port were read.  Figures, not asserts: see the tests for checks.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from vision.games.golden_horn.camera import SIM_CAMERA, SIM_PRINTED, SIM_SIDES, simulated_copy
from vision.games.golden_horn.route import GoldenHornReader
from vision.reader import TableReader
from vision.tags import ship as ship_tag

#: the simulated copy is laid so that every tile is travelled in its printed order
#: (tests/golden_horn/test_route_reading.py checks that by hand)
EXPECTED = {players: " ".join(SIM_PRINTED[side] for side in SIM_SIDES[players]) for players in (2, 3, 4)}


def random_camera(rng: random.Random):
    return replace(SIM_CAMERA, yaw_deg=rng.uniform(-4, 4), tilt_deg=rng.uniform(0, 10),
                   height_mm=rng.uniform(800, 860),
                   light_rgb=(1.0, rng.uniform(0.85, 1.0), rng.uniform(0.7, 1.0)),
                   gradient=rng.uniform(0.0, 0.4), gradient_angle_deg=rng.uniform(0, 360),
                   noise_sigma=rng.uniform(1.0, 4.0), jpeg_quality=rng.choice((75, 85, 95)))


def bench(trials: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    figures: dict[str, object] = {}
    for players in (2, 3, 4):
        exact, with_route, without = 0, [], []
        for trial in range(trials):
            table = simulated_copy(players, seed=trial)
            table.set_camera(random_camera(rng))
            frame = table.render()
            reader = GoldenHornReader(table.profile, players)
            start = time.perf_counter()
            reader.read(frame)
            with_route.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            TableReader(table.profile).read(frame)
            without.append((time.perf_counter() - start) * 1000)
            exact += reader.route.complete and reader.route.text == EXPECTED[players]
        figures[f"{players}p"] = {"route_exact": exact / trials, "ms_with_route": round(statistics.median(with_route), 1),
                                  "ms_without_route": round(statistics.median(without), 1)}
    table = simulated_copy(4)
    cells = table.spots_on("V", 12)
    for i, spot in enumerate(cells):
        table.place_piece(ship_tag("golden_horn", i // 3, "ABC"[i % 3]), spot, 90.0, 58.0, base_scale=1.1)
    pieces = GoldenHornReader(table.profile, 4).read(table.render()).pieces
    figures["ships_in_one_port"] = sum(p.space == "V" for p in pieces)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.games.golden_horn.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=40, help="camera set-ups per player count (default 40)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    figures = bench(args.trials, args.seed)
    for key, value in figures.items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
