"""Golden Horn's real sails on the setup screen, by taps at 800x480 (run by
tests/ui/test_golden_horn_fleets.py): the first game of a copy asks each player's
sails, then the next game remembers them by the players' colours and warns when the
players sit elsewhere or are more."""
from __future__ import annotations

from kivy.core.window import Window

from tests.ui.scenarios_views_measured import Looks

#: Ann's ships a, b, c as tapped: a sail, its colour; "none" leaves a sail off
ANN_TAPS = ["R", "R", "B", "P", "G", "none", "Y", "none", "none"]


def picker():
    found = [w for w in Window.children if type(w).__name__ == "FleetPicker"]
    return found[0] if found else None


def by_wid(probe, wid: str, root):
    return next(w for w in probe.walk(root) if getattr(w, "test_id", None) == wid)


def fleet_block(probe):
    """The sail pickers standing for the fleets' option on the setup screen."""
    setup = probe.app.manager.get_screen("setup")
    return next(widget for option, widget in setup._option_rows if option.name == "fleet.sails")


def block_state(probe) -> dict:
    block = fleet_block(probe)
    return {"notice": block.notice, "fleets": [list(f) if f else None for f in block.fleets],
            "statuses": [r.status for r in sorted(block.ids.rows.children, key=lambda r: r.seat)]}


async def to_setup(probe, names) -> None:
    app = probe.app
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    await probe.tap(probe.find(text="Golden Horn", cls="GameChoice"))
    await probe.until(lambda: app.manager.get_screen("setup").game_name == "golden_horn")
    probe.find(wid="count").text = str(len(names))
    await probe.frames(2)
    rows = sorted(probe.find(wid="players").children, key=lambda r: r.seat)
    for row, name in zip(rows, names):
        row.ids.name.text = name
    await probe.frames(2)


async def scroll_to_fleets(probe) -> None:
    block = fleet_block(probe)
    scroll = block.parent.parent
    scroll.scroll_to(block, padding=10, animate=False)
    await probe.frames(3)


async def first_game_then_remembered(probe) -> None:
    app, looks = probe.app, Looks(probe)
    await to_setup(probe, ("Ann", "Bea"))
    await scroll_to_fleets(probe)
    probe.record("first", block_state(probe))
    await looks("setup_first")
    # Ann taps her row and enters her ships' sails; Bea chooses the sample sails
    await probe.tap(by_wid(probe, "fleet_0", app.root))
    await probe.until(lambda: picker() is not None)
    popup = picker()
    probe.record("picker_title", popup.title)
    probe.record("save_disabled_blank", popup.ids.save.disabled)
    for colour in ANN_TAPS:
        await probe.tap(by_wid(probe, f"sail_colour_{colour}", popup))
    probe.record("picked", list(popup.fleet()))
    path = probe.out / "picker_popup.png"
    await probe.frames(3)
    popup.export_to_png(str(path))
    probe.results["screenshots"]["picker_popup"] = str(path)
    await probe.tap(popup.ids.save)
    await probe.until(lambda: picker() is None)
    await probe.tap(by_wid(probe, "fleet_1", app.root))
    await probe.until(lambda: picker() is not None)
    probe.record("second_title", picker().title)
    await probe.tap(picker().ids.samples)
    await probe.until(lambda: picker() is None)
    probe.record("entered", block_state(probe))
    await looks("setup_entered")
    await probe.tap_id("start")
    await probe.until(lambda: app.manager.current == "table")
    await probe.frames(2)
    probe.record("start_banner", app.banner)
    probe.record("config_fleets", app.session.config.option("fleet.sails"))
    probe.record("ship_sails", [sorted(s.sail_set) for s in app.session.state.ships])
    # the next game: the same players, in each other's seats (colours swapped)
    await probe.until(lambda: not app.manager.transition.is_active)
    await probe.tap_id("home")
    await probe.until(lambda: app.manager.current == "home")
    await to_setup(probe, ("Bea", "Ann"))
    app.manager.get_screen("setup").choose_colour(0, "blue")    # swaps with seat 2's blue
    await probe.frames(3)
    await scroll_to_fleets(probe)
    probe.record("swapped", block_state(probe))
    await looks("setup_swapped")
    # three players: a new colour is asked for, and the count differs
    probe.find(wid="count").text = "3"
    await probe.frames(3)
    app.manager.get_screen("setup").choose_colour(0, "red")
    await probe.frames(3)
    await scroll_to_fleets(probe)
    probe.record("three", block_state(probe))
    await looks("setup_three")
    looks.save()
