"""One Confirm per camera change (issue #13): a card laid on the simulated Coloretto mat,
read by the real pipeline through the stepped simulated camera, is one proposal in the
message strip, in table words; one Confirm plays it, one Undo takes it back."""
from __future__ import annotations

from tests.ui.scenarios_coloretto import set_up_by_taps, start_coloretto


async def coloretto_card_seen_once(probe) -> None:
    app = probe.app
    await start_coloretto(probe)
    await set_up_by_taps(probe)
    session = app.session
    table = app.camera.setup.simulated_table
    await probe.step_camera()                  # the mat as dealt: the camera settles on it
    before = len(session.actions)
    await probe.tap(probe.find(text="Lay a card (camera)", cls="PickerButton"))
    await probe.until(lambda: bool(table.loose))
    probe.record("laid", [[card.card, card.row] for card in table.loose])
    await probe.step_camera()
    await probe.until_session(lambda: session.pending is not None)
    probe.record("steps", [str(a) for a in session.pending.steps])
    probe.record("has_other_reading", app.has_other_reading)
    await probe.until(lambda: probe.find(wid="message").text != "")
    probe.record("strip", probe.find(wid="message").text)
    await probe.screenshot("coloretto_camera_proposal")
    await probe.tap_id("confirm_proposal")
    await probe.until(lambda: len(session.actions) > before)
    await probe.frames(3)
    probe.record("confirmed", [str(a) for a in session.actions[before:]])
    probe.record("pending_after_confirm", session.pending is not None)
    probe.record("strip_after_confirm", probe.find(wid="message").text)
    await probe.tap_id("undo")
    await probe.until(lambda: len(session.actions) < before + 3)
    probe.record("after_undo", len(session.actions) - before)
