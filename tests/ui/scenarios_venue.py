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


async def venue_entered_in_settings(probe) -> None:
    """Settings → Venue…: the organiser's details typed in; the link starts at once."""
    import json
    import stat

    from tests.ui.scenarios_alles_auf_1_karte import shot

    app = probe.app
    details = json.loads((app.data_dir / "venue-details.json").read_text())
    probe.record("state_before", app.venue_state)
    await probe.tap_id("open_settings")
    await probe.until(lambda: app.manager.current == "settings")
    await probe.settled()
    await probe.screenshot("settings_with_venue_button")
    await probe.tap(app.manager.get_screen("settings").ids.venue)
    await probe.until(lambda: probe.tagged("venue_popup") is not None)
    popup = probe.tagged("venue_popup")
    fields = {ident: probe.tagged(ident, popup) for ident in ("venue_name", "venue_server", "venue_table",
                                                              "venue_user", "venue_password")}
    fields["venue_table"].text = "t/1"                  # a wildcard: refused, said in the popup
    fields["venue_name"].text = "club"
    fields["venue_server"].text = details["server"]
    await probe.tap(probe.tagged("venue_save", popup))
    said = lambda: [t for t in probe.texts(popup) if "t/1" in t and t != "t/1"]   # noqa: E731
    await probe.until(lambda: bool(said()))
    probe.record("refusal", [probe.tagged("venue_popup") is not None, said()])
    fields["venue_table"].text = "t1"
    fields["venue_password"].text = details["password"]
    await shot(probe, popup, "venue_popup")
    await probe.tap(probe.tagged("venue_save", popup))
    await probe.until(lambda: probe.tagged("venue_popup") is None)
    await probe.until(lambda: app.venue_state == "connected", timeout=60)
    await probe.screenshot("settings_after_venue")
    creds = app.data_dir / "venue" / "credentials.toml"
    probe.record("after", [app.venue_state, app.settings.venue, app.settings.table_id,
                           oct(stat.S_IMODE(creds.stat().st_mode)),
                           details["password"] in app.settings_path.read_text()])


async def venue_card_read(probe) -> None:
    """Settings → Venue… → the organiser's table card read with the camera (a picture of the
    card as the camera's video file): a bad card is said; the good one fills every field, and
    Save keeps the password in the private credentials file only (not the settings, not the log)."""
    import json
    import logging
    import stat

    from tests.ui.scenarios_alles_auf_1_karte import shot

    app = probe.app
    details = json.loads((app.data_dir / "venue-card.json").read_text())
    logged: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            logged.append(record.getMessage())

    logging.getLogger().addHandler(Keep())
    await probe.tap_id("open_settings")
    await probe.until(lambda: app.manager.current == "settings")
    await probe.settled()
    await probe.tap(app.manager.get_screen("settings").ids.venue)
    await probe.until(lambda: probe.tagged("venue_popup") is not None)
    popup = probe.tagged("venue_popup")
    fields = {ident: probe.tagged(ident, popup) for ident in ("venue_name", "venue_server", "venue_table",
                                                              "venue_user", "venue_password")}
    button = probe.tagged("venue_read_card", popup)
    app.settings = app.settings.with_changes(camera_device=details["bad"])
    await probe.tap(button)
    await probe.until(lambda: not button.disabled, timeout=60)      # the camera has looked
    probe.record("bad", [t for t in probe.texts(popup) if "organiser" in t or "διοργανωτ" in t])
    probe.record("bad_fields", [f.text for f in fields.values()])
    await shot(probe, popup, "venue_card_bad")
    app.settings = app.settings.with_changes(camera_device=details["good"])
    await probe.tap(button)
    await probe.until(lambda: fields["venue_name"].text == "club", timeout=60)
    probe.record("filled", [fields["venue_name"].text, fields["venue_server"].text, fields["venue_table"].text,
                            fields["venue_user"].text, fields["venue_password"].text == details["password"]])
    await shot(probe, popup, "venue_card_read")
    await probe.tap(probe.tagged("venue_save", popup))
    await probe.until(lambda: probe.tagged("venue_popup") is None)
    await probe.until(lambda: app.venue_state != "")
    creds = app.data_dir / "venue" / "credentials.toml"
    probe.record("saved", [app.settings.venue, app.settings.table_id, oct(stat.S_IMODE(creds.stat().st_mode)),
                           details["password"] in creds.read_text(),
                           details["password"] in app.settings_path.read_text(),
                           any(details["password"] in line for line in logged)])


async def venue_seating_offered(probe) -> None:
    """The hub assigned this table's seating for a round: set-up offers it in one tap (the game,
    the seats, the names), imposes nothing, and the players may still change it."""
    app = probe.app
    await probe.until(lambda: app.venue_state == "connected", timeout=60)
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    setup = app.manager.get_screen("setup")
    await probe.until(lambda: setup.seating_text != "", timeout=60)
    await probe.settled()
    rows = lambda: [r.ids.name.text for r in sorted(probe.find(wid="players").children, key=lambda r: r.seat)]  # noqa: E731
    probe.record("offered", [setup.seating_text, setup.game_name, rows()])
    await probe.screenshot("setup_offer")
    await probe.tap(setup.ids.seating)
    await probe.until(lambda: setup.game_name == "coloretto" and len(rows()) == 3)
    await probe.settled()
    probe.record("taken", [setup.game_name, setup.player_count, rows()])
    await probe.screenshot("setup_seated")
    sorted(probe.find(wid="players").children, key=lambda r: r.seat)[2].ids.name.text = "Cyd"   # the table wins
    await probe.frames(2)
    await probe.tap_id("start")
    await probe.until(lambda: app.manager.current == "table")
    probe.record("started", [p.name for p in app.session.config.players])
