"""Golden Horn's simulated camera view at the table's sizes: Bea (blue) and Marco
(yellow) after the set-up, the camera shown; how large the view is and how its ships
are labelled."""
from __future__ import annotations

import random

from companion.engine import GameConfig, Player
from companion.games import load_game
from tests.ui.scenarios_gallery import _playout, _resume
from tests.ui.scenarios_golden_horn import view


async def camera_view_labelled(probe) -> None:
    config = GameConfig("golden_horn", (Player(0, "Bea", "blue"), Player(1, "Marco", "yellow")))
    game = load_game("golden_horn")
    _state, actions, _last = _playout(game, game.setup(config), lambda s: s.phase == "play", random.Random(3))
    await _resume(probe, config, actions)
    gh = view(probe)
    if not gh.wide:
        await probe.tap_id("camera_toggle")
    camera = gh.camera_view
    await probe.step_camera()
    await probe.until(lambda: camera.ids.frame.texture is not None)
    await probe.frames(3)
    image = camera.ids.frame
    probe.record("image_size", list(image.norm_image_size))
    probe.record("view_size", list(camera.size))
    labels = [w for w in camera.children if type(w).__name__ == "ShipLabel"]
    probe.record("labels", sorted(w.text for w in labels if probe.visible(w)))
    probe.record("label_colours", {w.text: [round(c, 2) for c in w.band[:3]] for w in labels})
    boxes = []
    for w in labels:
        x, y = w.to_window(*w.pos)
        boxes.append([x, y, w.width, w.height])
    probe.record("label_boxes", boxes)
    cx, cy = camera.to_window(*camera.pos)
    probe.record("camera_box", [cx, cy, camera.width, camera.height])
    await probe.screenshot("gh_camera")
