"""Golden Horn scenarios, run inside the real app by tests/ui/run.py."""
from __future__ import annotations

from typing import Any

from companion.golden_horn import GAME
from companion.golden_horn.actions import Attack, Move, PlaceFleet
from ui.games.kit import text_fill   # a square is drawn in its colour shaded for its text

MAX_TURNS = 60


def gh(probe, ident: str):
    """The view's control whose ``test_id`` is ``ident`` (None when absent)."""
    for widget in probe.walk(probe.screen()):
        if getattr(widget, "test_id", None) == ident and probe.visible(widget):
            return widget
    return None


async def tap_gh(probe, ident: str) -> None:
    widget = gh(probe, ident)
    assert widget is not None, f"no control {ident!r}; prompt: {view(probe).ids.prompt.text!r}"
    await probe.tap(widget)


def view(probe):
    return probe.app.manager.get_screen("table").view


async def start_golden_horn(probe, players: int = 2, refill: str = "none", hands: str = "hidden",
                            options: dict[str, Any] | None = None) -> None:
    """New game by taps in the setup screen: Golden Horn, ``players``, refill and hands, and
    any other ``options`` (engine option name -> value) chosen in their rows."""
    app = probe.app
    chosen = {"port.refill": refill, "cards.hands": hands, **(options or {})}

    def configure() -> None:
        rows = {row.ids.label.text: row for row in probe.find_all(cls="OptionRow")}
        for option in GAME.options:
            if option.name in chosen:
                rows[app.tr(option.label)].ids.choice.text = app.tr(option.label_for(chosen[option.name]))

    await probe.start_game("Golden Horn", "golden_horn", ("Ann", "Bea", "Cy", "Dov")[:players], configure)
    await probe.frames(3)
    config = app.session.config
    assert all(config.option(name) == value for name, value in chosen.items()), config.options


async def fill_port_by_taps(probe, cubes: str) -> None:
    """Enter the cubes drawn from the bag colour by colour, then Enter."""
    for colour in cubes:
        await tap_gh(probe, f"colour_{colour}")
    await tap_gh(probe, "enter_chance")


async def play_one_turn(probe, attack: bool, nearest: bool) -> str:
    """The current player's turn by taps: maybe pirates, then the first ship with a
    destination sails to its farthest affordable one.  Returns what was done."""
    app = probe.app
    done = []
    if attack and gh(probe, "pirates") is not None and not gh(probe, "pirates").disabled:
        seat = app.session.state.current
        attacks = [a for a in app.session.legal_actions(seat) if isinstance(a, Attack)]
        target = attacks[0]
        await tap_gh(probe, "pirates")
        await tap_gh(probe, f"target_{target.ship}")
        for colour in target.cards:
            await tap_gh(probe, f"colour_{colour}")
        await tap_gh(probe, "attack")
        done.append("attack")
        probe.record("raid_flash", sorted(view(probe).flashing))
    seat = app.session.state.current
    at = {s["name"]: s["at"] for s in app.session.summary()["ships"] if s["owner"] == seat}
    for letter in sorted("abc", key=lambda l: at[l] not in ("V", "C")):   # leave a port first: it drains
        button = gh(probe, f"ship_{letter}")
        if button is None:
            continue
        await probe.tap(button)
        targets = [w for w in probe.walk(probe.screen())
                   if str(getattr(w, "test_id", "")).startswith("to_") and not w.disabled and probe.visible(w)]
        if targets:
            before = len(app.session.actions)
            ports = [w for w in targets if w.test_id in ("to_V", "to_C")]
            await probe.tap(targets[0] if nearest else (ports or targets)[-1])
            await probe.until(lambda: len(app.session.actions) > before)
            done.append("move")
            break
        await tap_gh(probe, "back")
    return "+".join(done)


async def play_two_players_to_the_end(probe) -> None:
    """A short 2-player game (ports not refilled) played by taps to the final scores."""
    app = probe.app
    await start_golden_horn(probe, 2, hands="open")
    await probe.screenshot("gh_start")
    probe.record("prompt_at_start", view(probe).ids.prompt.text)
    await fill_port_by_taps(probe, "YYPGGRROB")
    probe.record("venice_after_taps", dict(app.session.summary()["ports"]["V"]))
    await tap_gh(probe, "random")  # Constantinople: the random draw (laptop play)
    probe.record("prompt_cards", view(probe).ids.prompt.text)
    await fill_port_by_taps(probe, "YYRRB")   # Ann's five cards (open hands), by taps
    await tap_gh(probe, "random")             # Bea's
    probe.record("hands", [s["hand"] for s in app.session.summary()["seats"]])
    await probe.until(lambda: not app.session.table_to_act)
    await tap_gh(probe, "port_c")             # Ann: ship c starts in Constantinople
    await tap_gh(probe, "place")
    await tap_gh(probe, "place")              # Bea: all in Venice
    probe.record("placements", [str(a) for a in app.session.actions if isinstance(a, PlaceFleet)])
    await probe.screenshot("gh_first_turn")
    # pick ship a and look at the reachable squares
    await tap_gh(probe, "ship_a")
    await probe.screenshot("gh_ship_picked")
    probe.record("reachable_nodes", sorted(c.node_id for c in view(probe).ids.route.children if c.reachable))
    probe.record("nodes", {c.node_id: {"centre": list(c.to_window(c.center_x, (c.ids.title.y + c.ids.extra.top) / 2)), "reachable": c.reachable,
                                       "dimmed": c.dimmed, "fill": [round(v * 255) for v in text_fill(c.fill[:3])],
                                       "ships": len(c.ids.ships.children) > 1} for c in view(probe).ids.route.children})
    probe.record("window", [app.root.width, app.root.height])
    probe.record("load_buttons", [w.text for w in probe.walk(probe.screen())
                                  if str(getattr(w, "test_id", "")).startswith("load_")])
    await tap_gh(probe, "back")
    # an illegal attempt: a move the rules forbid is refused with its reason
    try:
        app.session.game.apply(app.session.state, Move(0, "0a", "C"))
    except Exception as exc:  # what the engine says; the view must show it with the rule
        probe.record("illegal_reason", str(exc.reason))
        probe.record("illegal_rule", exc.rule)
    probe.record("accepted", view(probe).submit(Move(0, "0a", "C")))
    await probe.frames(2)
    probe.record("banner", app.banner)
    turns = []
    attacked = False
    while not app.session.is_over and len(turns) < MAX_TURNS:
        if app.session.table_to_act:
            await tap_gh(probe, "random")
            continue
        phase = app.session.summary()["phase"]
        if phase == "after_move":
            await tap_gh(probe, "end_turn")
            continue
        if phase == "turn_around":
            await tap_gh(probe, "keep_heading")
            continue
        done = await play_one_turn(probe, attack=not attacked, nearest=len(turns) < 4)
        attacked = attacked or "attack" in done
        if "attack" in done and "raid" not in probe.results:
            probe.record("raid", next(a.to_dict() for a in app.session.actions if isinstance(a, Attack)))
        turns.append(done)
        if len(turns) == 2:
            await probe.screenshot("gh_midgame")
    probe.record("turns", turns)
    probe.record("over", app.session.is_over)
    await probe.until(lambda: app.manager.current == "scores")
    await probe.screenshot("gh_scores")
    probe.record("scores_texts", probe.texts(probe.screen()))
    probe.record("score_lines", [app.tr(line["label"]) for line in app.session.score_sheet().to_dict()["lines"]])
    probe.record("actions", [a.to_dict() for a in app.session.actions])
    probe.record("config", app.session.config.to_dict())


async def drag_ship(probe, identity: str, to_mm: tuple[float, float]) -> None:
    """Drag a ship on the camera view with a finger, from where it stands to ``to_mm``."""
    await probe.drag_piece(view(probe).camera_view, identity, to_mm)


async def set_up_by_random(probe, players: int) -> None:
    app = probe.app
    await tap_gh(probe, "random")
    await tap_gh(probe, "random")
    for _ in range(players):
        await tap_gh(probe, "port_c")
        await tap_gh(probe, "place")
    await probe.until(lambda: app.session.summary()["phase"] == "play")


async def camera_move(probe, screen_name: str) -> None:
    """Drag ship a of the player to move from Venice to square 1 on the camera view;
    the real pipeline reads it and the session proposes the move, then Confirm."""
    app = probe.app
    session = app.session
    seat = session.state.current
    camera = view(probe).camera_view
    await probe.step_camera()                # the table as set up: the camera settles on it
    await probe.until(lambda: camera.ids.frame.texture is not None)
    before = len(session.actions)
    # first where no legal move of ship a ends: shown as such, nothing proposed
    ends = {a.to for a in session.legal_actions(seat) if isinstance(a, Move) and a.ship == f"{seat}a"}
    wrong = next(n.id for n in reversed(session.state.route) if n.kind == "square" and n.id not in ends)
    await drag_ship(probe, f"gh:ship:{seat}:a", camera.table.node_centres()[wrong])
    table_screen = app.manager.get_screen("table")
    await probe.step_camera()
    await probe.until_session(lambda: table_screen.camera_note != "")
    probe.record("camera_note", table_screen.camera_note)
    probe.record("note_pending", session.pending is not None)
    await probe.screenshot(screen_name + "_unexplained")
    await drag_ship(probe, f"gh:ship:{seat}:a", camera.table.node_centres()["s1"])
    await probe.step_camera()
    await probe.until_session(lambda: session.pending is not None)
    probe.record("proposal", str(session.pending.action))
    probe.record("proposal_text", probe.find(wid="message").text)
    await probe.screenshot(screen_name)
    await probe.tap_id("confirm_proposal")
    await probe.until(lambda: len(session.actions) > before)
    probe.record("confirmed", str(session.actions[before]))
    probe.record("confirmed_count", len(session.actions) - before)   # before the table refills
    probe.record("has_other_reading", app.has_other_reading)
    probe.record("pending_after_confirm", session.pending is not None)
    probe.record("ship_after", next(s["at"] for s in session.summary()["ships"] if s["id"] == f"{seat}a"))


async def big_screen_with_camera(probe) -> None:
    """4 players at 1280x800: the route, a picked ship, and a move read from the camera view."""
    await start_golden_horn(probe, 4, refill="toNine")
    await probe.screenshot("gh4_fill")
    await set_up_by_random(probe, 4)
    await probe.screenshot("gh4_turn")
    await tap_gh(probe, "ship_a")
    await probe.screenshot("gh4_ship")
    probe.record("texts_ship", probe.texts(probe.screen()))
    await tap_gh(probe, "back")
    probe.record("camera_visible", view(probe).camera_view is not None and probe.visible(view(probe).camera_view))
    await camera_move(probe, "gh4_camera_proposal")
    await probe.screenshot("gh4_after_camera")
    probe.tree("gh4_after_camera")


async def small_screen_in_greek(probe) -> None:
    """800x480 in Greek: the cube entry, a turn, and the camera view behind its toggle."""
    await start_golden_horn(probe, 3, refill="toNine")
    await probe.screenshot("gh_el_fill")
    probe.record("texts_fill", probe.texts(probe.screen()))
    await set_up_by_random(probe, 3)
    await tap_gh(probe, "ship_a")
    await probe.screenshot("gh_el_ship")
    probe.record("texts_ship", probe.texts(probe.screen()))
    await tap_gh(probe, "back")
    await probe.tap_id("camera_toggle")
    await probe.frames(3)
    probe.record("camera_visible", probe.visible(view(probe).camera_view))
    await camera_move(probe, "gh_el_camera")


def _route_row(probe):
    return next(r for r in probe.find_all(cls="TextOptionRow") if r.ids.label.text == "Sea tiles' colours, Venice to Constantinople")


async def route_from_the_camera(probe) -> None:
    """Setup: the route's tile colours read by the camera (first with the camera
    switched off: a readable refusal), then a 4-player game on that route."""
    app = probe.app
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    await probe.tap(probe.find(text="Golden Horn", cls="GameChoice"))
    probe.find(wid="count").text = "4"
    await probe.frames(3)
    row = _route_row(probe)
    row.parent.parent.scroll_to(row, animate=False)
    await probe.frames(3)
    probe.record("camera_button", row.ids.camera.text)
    probe.record("before", row.ids.choice.text)
    settings = app.settings
    app.settings = settings.with_changes(camera="none")
    await probe.tap(row.ids.camera)
    setup = app.manager.get_screen("setup")
    await probe.until(lambda: setup.error != "" and not row.ids.camera.disabled)
    probe.record("error_off", setup.error)
    app.settings = settings
    await probe.tap(row.ids.camera)
    probe.record("help_while_reading", row.ids.help.text)
    await probe.until(lambda: row.ids.choice.text != "" and not row.ids.camera.disabled, timeout=120)
    probe.record("read", row.ids.choice.text)
    probe.record("help_after", row.ids.help.text)
    probe.record("error_after", setup.error)
    await probe.screenshot("gh_setup_route_read")
    await probe.tap_id("start")
    await probe.until(lambda: app.manager.current == "table")
    state = app.session.state
    probe.record("config_route", app.session.config.option("route.tiles"))
    probe.record("route_colours", "".join(n.colour for n in state.route if n.kind == "square"))
    # the next game of 4 remembers this copy's tiles
    await probe.until(lambda: not app.manager.transition.is_active)   # a sliding screen takes no touches
    await probe.tap_id("home")
    await probe.until(lambda: app.manager.current == "home")
    await probe.until(lambda: app.manager.current == "home")
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    await probe.tap(probe.find(text="Golden Horn", cls="GameChoice"))
    probe.find(wid="count").text = "4"
    await probe.frames(3)
    probe.record("remembered", _route_row(probe).ids.choice.text)
    probe.find(wid="count").text = "2"
    await probe.frames(3)
    probe.record("remembered_for_2", _route_row(probe).ids.choice.text)
