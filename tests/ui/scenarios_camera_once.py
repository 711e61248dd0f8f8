"""One Confirm per camera change: a card laid on the simulated Coloretto mat,
read by the real pipeline through the stepped simulated camera, is one proposal in the
message strip, in table words; one Confirm plays it, one Undo takes it back."""
from __future__ import annotations

import random

from tests.ui.scenarios_coloretto import set_up_by_taps, start_coloretto
from tests.ui.probe import written_at_once


async def dealt_coloretto(probe):
    """A Coloretto game set up by taps, the camera settled on the mat as dealt: (session, table)."""
    await start_coloretto(probe)
    await set_up_by_taps(probe)
    await probe.step_camera()                  # the mat as dealt: the camera settles on it
    return probe.app.session, probe.app.camera.setup.simulated_table


async def coloretto_card_seen_once(probe) -> None:
    app = probe.app
    session, table = await dealt_coloretto(probe)
    before = len(session.actions)
    await probe.tap(probe.find(text="Lay a card (camera)", cls="PickerWrap"))
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


class Counts:
    """Counts the session's proposal searches and the engine's applies."""

    def __init__(self, session) -> None:
        self.searches = self.applies = self.proposes = 0
        import companion.session

        game, propose = session.game, session.propose_from_reading
        search, apply = companion.session.find_readings, game.apply

        def counted_apply(*args, **kwargs):
            self.applies += 1
            return apply(*args, **kwargs)

        def counted_search(*args, **kwargs):
            self.searches += 1
            return search(*args, **kwargs)

        def counted_propose(*args, **kwargs):
            self.proposes += 1
            return propose(*args, **kwargs)

        game.apply = counted_apply
        companion.session.find_readings = counted_search
        session.propose_from_reading = counted_propose

    def take(self) -> dict:
        taken = {"searches": self.searches, "applies": self.applies, "proposes": self.proposes}
        self.searches = self.applies = self.proposes = 0
        return taken


async def coloretto_card_counted(probe) -> None:
    session, table = await dealt_coloretto(probe)
    await probe.frames(10)
    counts = Counts(session)
    await probe.tap(probe.find(text="Lay a card (camera)", cls="PickerWrap"))
    await probe.until(lambda: bool(table.loose))
    counts.take()
    await probe.step_camera()
    await probe.until_session(lambda: session.pending is not None)
    await probe.frames(10)
    probe.record("steps", len(session.pending.steps))
    probe.record("camera_step", counts.take())
    before = len(session.actions)
    await probe.tap_id("confirm_proposal")
    await probe.until(lambda: len(session.actions) > before)
    await probe.frames(10)
    probe.record("confirm", counts.take())
    probe.record("pending_after_confirm", session.pending is not None)


def _box(widget) -> tuple[float, float, float, float]:
    x, y = widget.to_window(*widget.pos)
    return x, y, x + widget.width, y + widget.height


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


async def golden_horn_camera_beside_controls(probe) -> None:
    """Golden Horn with the camera view shown (behind its toggle on a narrow screen, always
    on a wide one): the move controls stay visible, uncovered and working, and everything
    measures clean."""
    from tests.ui.measure import measure
    from tests.ui.scenarios_golden_horn import set_up_by_random, start_golden_horn, tap_gh, view

    await start_golden_horn(probe, 3, refill="toNine")
    await set_up_by_random(probe, 3)
    gh = view(probe)
    if not gh.wide:
        await probe.tap_id("camera_toggle")
    await probe.until(lambda: gh.camera_view is not None and probe.visible(gh.camera_view))
    await probe.step_camera()
    await probe.until(lambda: gh.camera_view.ids.frame.texture is not None)
    await probe.frames(3)
    camera = _box(gh.camera_view)
    controls = [w for w in probe.walk(gh.ids.controls)
                if str(getattr(w, "test_id", "")).startswith("ship_") and probe.visible(w)]
    probe.record("camera_box", camera)
    probe.record("controls", {w.test_id: [_box(w), w.disabled] for w in controls})
    probe.record("covered", [w.test_id for w in controls if _overlap(_box(w), camera)])
    rows = measure(probe, await probe.screenshot("gh_camera_and_controls"))
    probe.record("problems", rows)
    # the controls work with the camera shown: a ship picked offers its destinations
    await tap_gh(probe, "ship_a")
    await probe.until(lambda: gh.mode == "ship")
    probe.record("camera_still_shown", probe.visible(gh.camera_view))
    probe.record("destinations", sorted(w.test_id for w in probe.walk(gh.ids.controls)
                                        if str(getattr(w, "test_id", "")).startswith("to_")
                                        and probe.visible(w)))
    await probe.screenshot("gh_camera_ship_picked")
    probe.record("problems_ship", measure(probe, await probe.screenshot("gh_camera_ship_measured")))


async def golden_horn_crowded_port(probe) -> None:
    """Four fleets placed in Constantinople: 12 ships in one port.  The chips' rectangles,
    their font sizes and the size their text needs, in window px, and the whole screen
    measured: first as on the Pi (the GPIO panel is the real one, not drawn on the screen),
    then as on a laptop or kiosk without buttons, the on-screen panel taking 60 px under it."""
    app = probe.app
    app.simulated = False
    from tests.ui.measure import measure
    from tests.ui.scenarios_golden_horn import start_golden_horn, view

    from companion.engine import TABLE
    from companion.golden_horn.actions import PlaceFleet

    await start_golden_horn(probe, 4, refill="toNine")
    session, rng = app.session, random.Random(3)
    with written_at_once(session):
        while session.summary()["phase"] != "play":      # every fleet placed in Constantinople
            if session.to_act == (TABLE,):
                session.submit(session.game.sample_chance(session.state, rng))
            else:
                session.submit(PlaceFleet(session.to_act[0], "CCC"))
    await probe.frames(3)
    gh = view(probe)
    probe.record("ships_in_port", sum(1 for s in session.summary()["ships"] if s["at"] == "C"))
    for panel in (False, True):
        app.simulated = panel
        if panel:
            await probe.until(lambda: gh.ids.route.height < route_height)   # the panel took its room
            await probe.frames(3)
        route_height = gh.ids.route.height
        port = next(cell for cell in gh.ids.route.children if cell.node_id == "C")
        chips = [w for w in probe.walk(port.ids.ships) if type(w).__name__ == "GhShipChip" and w.text]
        shot = await probe.screenshot("gh_crowded_port_panel" if panel else "gh_crowded_port")
        probe.record("panel" if panel else "no_panel", {
            "port_box": _box(port), "title_box": _box(port.ids.title),
            "chips": [{"text": w.text, "box": _box(w), "font": w.font_size, "needs": list(w.texture_size)}
                      for w in chips],
            "problems": measure(probe, shot)})
