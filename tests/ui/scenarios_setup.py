"""Setup scenarios: what was entered is kept until Start or Cancel (Home and a language
switch, the board mapper and back), defaults follow the language, colours are picked
on a row of swatches, known players are seated in one tap."""
from __future__ import annotations

from tests.ui.measure import measure


def setup_screen(probe):
    return probe.app.manager.get_screen("setup")


def rows_seen(probe) -> list[list[str]]:
    rows = sorted(probe.find(wid="players").children, key=lambda r: r.seat)
    return [[r.ids.name.text, r.ids.colour.text] for r in rows]


async def new_game(probe, title: str, game: str) -> None:
    app = probe.app
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    await probe.settled()
    if setup_screen(probe).game_name != game:
        await probe.tap(probe.find(text=title, cls="GameChoice"))
        await probe.until(lambda: setup_screen(probe).game_name == game)


async def pick_colour(probe, seat: int, label: str) -> None:
    """The seat's colour button, then the swatch named ``label`` (two taps)."""
    rows = sorted(probe.find(wid="players").children, key=lambda r: r.seat)
    await probe.tap(rows[seat].ids.colour.__self__)
    picker = setup_screen(probe)._picker
    await probe.opened(picker)
    swatch = next(s for s in picker.ids.swatches.children if s.text.split("\n")[0] == label)
    await probe.tap(swatch)
    await probe.until(lambda: picker.parent is None)


async def kept_across_language_and_mapper(probe) -> None:
    """Greek screen: Ann typed at seat 1 in purple, seat 2 left "Παίκτης 2", a rule
    chosen; Home, Polish, New game: all kept, defaults now Polish; Caravelas, "Map your
    board", Back: the Caravelas names kept; Coloretto started: colours as keys, LEDs in
    the seats' colours; the next New game starts afresh, and Cancel forgets."""
    app = probe.app
    await new_game(probe, "Coloretto", "coloretto")
    probe.find(wid="count").text = "3"
    await probe.frames(2)
    rows = sorted(probe.find(wid="players").children, key=lambda r: r.seat)
    rows[0].ids.name.text = "Ann"
    await pick_colour(probe, 0, app.tr("purple"))
    await probe.screenshot("setup_greek")
    probe.record("greek", rows_seen(probe))
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "home")
    await probe.tap_id("lang_pl")
    await probe.until(lambda: app.lang == "pl")
    await new_game(probe, "Coloretto", "coloretto")
    probe.record("polish", rows_seen(probe))
    await probe.screenshot("setup_polish")
    # the board mapper and back, on Caravelas
    await probe.tap(probe.find(text="Caravelas", cls="GameChoice"))
    await probe.until(lambda: setup_screen(probe).game_name == "caravelas")
    rows = sorted(probe.find(wid="players").children, key=lambda r: r.seat)
    rows[1].ids.name.text = "Bo"
    board = next(r for r in probe.find_all(cls="TextOptionRow") if r.ids.camera.text == app.tr("Map your board"))
    board.ids.choice.text = "/media/stick/our-board.json"
    probe.record("caravelas_before", rows_seen(probe))
    await probe.tap(board.ids.camera.__self__)
    await probe.until(lambda: app.manager.current == "board_mapper")
    await probe.settled()
    await probe.tap_id("opening_back")           # a first visit: the mapper's opening
    await probe.until(lambda: app.manager.current == "setup")
    await probe.settled()
    probe.record("caravelas_after", rows_seen(probe))
    board = next(r for r in probe.find_all(cls="TextOptionRow") if r.ids.camera.text == app.tr("Map your board"))
    probe.record("board_after", board.ids.choice.text)
    # back to Coloretto: start; the panel's LEDs light in the seats' colours
    await probe.tap(probe.find(text="Coloretto", cls="GameChoice"))
    await probe.until(lambda: setup_screen(probe).game_name == "coloretto")
    await probe.tap_id("start")
    await probe.until(lambda: app.manager.current == "table")
    config = app.session.config
    probe.record("started", [[p.name, p.colour] for p in config.players])
    panel = probe.find(cls="SimulatedPanel", root=app.root)
    await probe.until(lambda: len(panel.leds) == 3)
    probe.record("leds", [[round(c, 2) for c in led[:3]] for led in panel.leds])
    # after Start: a fresh setup
    await probe.settled()
    await probe.tap_id("home")
    await probe.until(lambda: app.manager.current == "home")
    await new_game(probe, "Coloretto", "coloretto")
    probe.record("after_start", rows_seen(probe))
    # Cancel forgets what was entered
    rows = sorted(probe.find(wid="players").children, key=lambda r: r.seat)
    rows[2].ids.name.text = "Cy"
    await probe.tap_id("cancel")
    await probe.until(lambda: app.manager.current == "home")
    await new_game(probe, "Coloretto", "coloretto")
    probe.record("after_cancel", rows_seen(probe))


async def swatches_measured(probe) -> None:
    """The row of swatches at this size: every swatch whole on the screen."""
    app = probe.app
    await new_game(probe, "Coloretto", "coloretto")
    probe.find(wid="count").text = "5"
    await probe.frames(2)
    rows = sorted(probe.find(wid="players").children, key=lambda r: r.seat)
    await probe.tap(rows[-1].ids.colour.__self__)
    picker = setup_screen(probe)._picker
    await probe.opened(picker)
    probe.record("measured", measure(probe, await probe.screenshot("swatches_under")))
    from tests.ui.scenarios_keyboard import window_shot

    await window_shot(probe, "swatches")      # the popup is on the Window, above the app's root
    from kivy.core.window import Window

    boxes = []
    for swatch in picker.ids.swatches.children:
        x, y = swatch.to_window(*swatch.pos)
        boxes.append([x, y, swatch.width, swatch.height, swatch.texture_size[0], swatch.texture_size[1]])
    probe.record("swatches", boxes)
    probe.record("window", [Window.width, Window.height])
    probe.record("labels", [s.text for s in reversed(picker.ids.swatches.children)])
    await probe.tap(next(s for s in picker.ids.swatches.children if s.colour == "red"))
    await probe.until(lambda: picker.parent is None)
    probe.record("after_swap", setup_screen(probe).draft.colours(5))


async def known_players_four(probe) -> None:
    """A 4-player Coloretto with the people of History, counting the taps."""
    app = probe.app
    taps = 0
    original = probe.tap

    async def counted(widget, frames: int = 3) -> None:
        nonlocal taps
        taps += 1
        await original(widget, frames)

    probe.tap = counted
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    await probe.settled()
    if setup_screen(probe).game_name != "coloretto":
        await probe.tap(probe.find(text="Coloretto", cls="GameChoice"))
        await probe.until(lambda: setup_screen(probe).game_name == "coloretto")
    chips = list(reversed(probe.find(wid="known").children))
    probe.record("known", [[c.person, list(c.background_color)] for c in chips])
    await probe.screenshot("known_players")
    for person in ("Dan", "Eve", "Ann", "Bea"):
        chip = next(c for c in probe.find(wid="known").children if c.person == person)
        await probe.tap(chip)
    probe.record("seated", rows_seen(probe))
    probe.record("seated_colours", setup_screen(probe).draft.colours(setup_screen(probe).player_count))
    probe.record("measured", measure(probe, await probe.screenshot("known_seated")))
    # a second tap frees the seat; a third seats them again
    chip = next(c for c in probe.find(wid="known").children if c.person == "Eve")
    await original(chip)
    probe.record("freed", rows_seen(probe))
    await original(chip)
    await probe.tap_id("start")
    await probe.until(lambda: app.manager.current == "table")
    probe.record("taps", taps)
    probe.record("started", [[p.name, p.colour] for p in app.session.config.players])
