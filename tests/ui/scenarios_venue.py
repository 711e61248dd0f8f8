"""A table with a venue (settings and credentials written by tests/ui/test_venue.py, a real
Mosquitto on 127.0.0.1): the indicator beside the message strip says the link's state, the
game reaches the broker, and a change of state moves nothing on screen."""
from __future__ import annotations

from tests.ui.scenarios_coloretto import set_up_by_taps, start_coloretto


def geometry(probe) -> dict:
    """Where the strip's parts and the table screen's buttons are (window pixels)."""
    found = {}
    for widget in probe.walk():
        ident = getattr(widget, "test_id", "") or ""
        if ident:
            found[ident] = [round(v) for v in (*widget.to_window(*widget.pos), *widget.size)]
    strip = probe.app.root.ids.strip
    for name in ("message", "venue_indicator"):
        w = strip.ids[name]
        found[f"strip.{name}"] = [round(v) for v in (*w.to_window(*w.pos), *w.size)]
    return found


async def venue_indicator(probe) -> None:
    app = probe.app
    await probe.until(lambda: app.venue_state == "connected", timeout=60)
    probe.record("home_indicator", [app.venue_state, app.venue_short])
    await probe.screenshot("home_venue")
    await start_coloretto(probe)
    await set_up_by_taps(probe)
    await probe.until(lambda: app.venue_state == "connected", timeout=60)
    probe.record("game", app.session.game_id)
    await probe.screenshot("table_connected")
    before = geometry(probe)
    app.controller.venue.client.disconnect()      # the link drops: the indicator says so
    await probe.until(lambda: app.venue_state == "offline", timeout=60)
    await probe.screenshot("table_offline")
    after = geometry(probe)
    probe.record("indicator", [app.venue_state, app.venue_short, before["strip.venue_indicator"]])
    probe.record("moved", sorted(k for k in before if before[k] != after.get(k)))
