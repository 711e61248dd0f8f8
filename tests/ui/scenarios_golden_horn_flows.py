"""Golden Horn flows by taps (run by tests/ui/test_golden_horn_flows.py): the pirate
turn-around in both timings, random ship placement, Modone with 2 and 4 players,
refused attempts and declaring the end through the final round.

Positions are reached by submitting engine actions through ``app.session``
(noted where done); the flow under test is always tapped on visible controls."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.golden_horn import GAME
from companion.golden_horn.actions import DrawCubes, Move, PlaceFleet
from tests.ui.scenarios_golden_horn import start_golden_horn, tap_gh, view
from ui.games.kit import text_fill   # a square is drawn in its colour shaded for its text
from tests.ui.probe import written_at_once

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "records" / "golden_horn-sample.json"


def route_cell(probe, node_id: str):
    return next(c for c in view(probe).ids.route.children if c.node_id == node_id)


async def tap_node(probe, node_id: str) -> None:
    """A finger on a route space (a square, Modone or a port)."""
    await probe.tap(route_cell(probe, node_id))


def lit_nodes(probe) -> list[str]:
    """The route spaces shown as reachable, V→C."""
    return [c.node_id for c in reversed(view(probe).ids.route.children) if c.reachable]


def destinations(probe) -> list[str]:
    """The destination buttons under the route (``to_s3`` → "s3"), in order."""
    def in_order(widget):   # display order, into the strip that scrolls past six
        for child in reversed(widget.children):
            yield child
            yield from in_order(child)

    buttons = [w for w in in_order(view(probe).ids.row2) if str(getattr(w, "test_id", "")).startswith("to_")]
    return [b.test_id[3:] for b in buttons]


def nodes(probe) -> dict[str, dict[str, Any]]:
    """Each route space as drawn: its centre and top edge in the window, fill, lit/dimmed,
    title, ship chips, and the texts cut short (Kivy's ``is_shortened``)."""
    return {c.node_id: {"centre": list(c.to_window(c.center_x, (c.ids.title.y + c.ids.extra.top) / 2)), "reachable": c.reachable,
                        "edge": list(c.to_window(c.center_x, c.top - 1)),   # the fill above the title
                        "affordable": c.affordable, "dimmed": c.dimmed, "title": c.ids.title.text,
                        "fill": [round(v * 255) for v in text_fill(c.fill[:3])], "ships": len(c.ids.ships.children) > 1,
                        "chips": [w.text for w in probe.walk(c.ids.ships) if getattr(w, "text", "")],
                        "clipped": [w.text for w in probe.walk(c) if getattr(w, "is_shortened", False)]}
            for c in view(probe).ids.route.children}


def ship(probe, ship_id: str) -> dict[str, Any]:
    return next(s for s in probe.app.session.summary()["ships"] if s["id"] == ship_id)


def look(probe, key: str) -> None:
    """Record what the player sees now: prompt, turn line, route, buttons, banner."""
    app = probe.app
    probe.record(key, {
        "prompt": view(probe).ids.prompt.text,
        "turn": app.manager.get_screen("table").turn_text,
        "lit": lit_nodes(probe), "destinations": destinations(probe), "nodes": nodes(probe),
        "buttons": {w.test_id: {"text": w.text, "disabled": w.disabled} for w in probe.walk(view(probe))
                    if getattr(w, "test_id", "") and probe.visible(w)},
        "active_seats": [i for i, s in enumerate(reversed(view(probe).ids.seats.children)) if s.active],
        "table_info": view(probe).ids.table_info.text,
        "banner": app.banner, "banner_is_error": app.banner_is_error,
        "window": [app.root.width, app.root.height]})


def submit_all(probe, actions) -> None:
    """Set-up only: actions straight to the session (not the flow under test)."""
    with written_at_once(probe.app.session):
        for action in actions:
            probe.app.session.submit(action)


async def attack_by_taps(probe, target: str, cards: str) -> None:
    await tap_gh(probe, "pirates")
    await tap_gh(probe, f"target_{target}")
    for colour in cards:
        await tap_gh(probe, f"colour_{colour}")
    await tap_gh(probe, "attack")


# 2 players, route V s1R s2B s3Y M s4O s5P s6G C; Ann's ships a{R} b{PB} c{GRY}, Bea's a{B} b{OY} c{BGP}.
RAID_SETUP = (DrawCubes("V", "YRRRRGGGG"), DrawCubes("C", "OOOPPPBBB"), PlaceFleet(0, "VVV"),
              PlaceFleet(1, "VVV"), Move(0, "0a", "s1"), Move(1, "1a", "s3", "Y"))


async def raid_empties_a_ship(probe, timing: str) -> None:
    """Set-up through the session: Bea's ship a sails to s3 with 1 yellow cube.
    Then by taps: Ann sends pirates at it (B+B): it is empty."""
    await start_golden_horn(probe, 2, options={"pirates.turnAroundTiming": timing})
    submit_all(probe, RAID_SETUP)
    await probe.frames(2)
    await attack_by_taps(probe, "1a", "BB")
    probe.record("after_raid", ship(probe, "1a"))


async def turn_around_at_next_move(probe) -> None:
    """untilNextMove: the victim decides at the start of that ship's next move."""
    app = probe.app
    await raid_empties_a_ship(probe, "untilNextMove")
    await tap_gh(probe, "ship_a")            # Ann sails on: a (red sails) pays blue at s2 into Modone
    await tap_node(probe, "M")
    await probe.until(lambda: app.session.state.current == 1)
    await tap_gh(probe, "ship_a")
    look(probe, "ahead")
    await tap_gh(probe, "reverse")
    look(probe, "reversed")
    probe.record("reach_reversed", [r.to for r in GAME.reachable(app.session.state, "1a", True)])
    await probe.screenshot("gh_reversed")
    await tap_node(probe, "s1")
    probe.record("move", str(app.session.actions[-1]))
    probe.record("after_move", ship(probe, "1a"))
    look(probe, "after_move_view")
    await tap_gh(probe, "ship_b")            # Ann: any move, then Bea's ship a again
    await tap_gh(probe, "to_s2")
    await probe.until(lambda: app.session.state.current == 1)
    await tap_gh(probe, "ship_a")
    look(probe, "next_turn")


async def turn_around_at_once(probe) -> None:
    """immediateOnly: the victim decides during the attacker's turn."""
    app = probe.app
    await raid_empties_a_ship(probe, "immediateOnly")
    look(probe, "asked")
    await probe.screenshot("gh_turn_around_now")
    await tap_gh(probe, "turn_around")
    probe.record("after_decision", ship(probe, "1a"))
    look(probe, "attacker_again")
    await tap_gh(probe, "ship_a")
    await tap_node(probe, "M")
    await probe.until(lambda: app.session.state.current == 1)
    await tap_gh(probe, "ship_a")
    look(probe, "victim_turn")
    await probe.screenshot("gh_turned_ship")
    await tap_node(probe, "V")
    probe.record("move", str(app.session.actions[-1]))
    probe.record("hand_sizes", list(app.session.state.hand_sizes))


async def random_placement(probe) -> None:
    """setup.shipPlacement = random: the table enters where the drawn ships stand."""
    app = probe.app
    await start_golden_horn(probe, 3, options={"setup.shipPlacement": "random"})
    await tap_gh(probe, "random")
    await tap_gh(probe, "random")
    look(probe, "placing")
    await tap_gh(probe, "port_b")
    look(probe, "placing_flipped")
    await probe.screenshot("gh_random_place")
    await tap_gh(probe, "place")
    look(probe, "placing_second")
    await tap_gh(probe, "random")            # Bea's ships: the table's random draw
    await tap_gh(probe, "port_a")
    await tap_gh(probe, "port_c")
    await tap_gh(probe, "place")
    probe.record("placements", [str(a) for a in app.session.actions if isinstance(a, PlaceFleet)])
    look(probe, "placed")
    await probe.screenshot("gh_random_placed")
    await tap_gh(probe, "ship_b")            # play goes on: Ann's ship b leaves Constantinople
    look(probe, "first_ship")
    await tap_gh(probe, f"to_{destinations(probe)[0]}")
    probe.record("first_move", str(app.session.actions[-1]))
    look(probe, "second_turn")


def fill_and_place(players: int) -> list:
    return [DrawCubes("V", "YYPPGGRRO"), DrawCubes("C", "OOPPGGBBY")] + \
        [PlaceFleet(seat, "VVV") for seat in range(players)]


async def modone_two_players(probe) -> None:
    """Modone holds 2: two ships sail in (no cards drawn), a third passes it by."""
    app = probe.app
    await start_golden_horn(probe, 2)
    submit_all(probe, fill_and_place(2))
    await probe.frames(2)
    probe.record("deck_start", app.session.state.deck_size)
    for seat, letter in ((0, "a"), (1, "c")):
        await tap_gh(probe, f"ship_{letter}")
        look(probe, f"reach_{seat}{letter}")
        await tap_gh(probe, "to_M")
        probe.record(f"move_{seat}{letter}", str(app.session.actions[-1]))
    probe.record("hands_after", list(app.session.state.hand_sizes))
    probe.record("deck_after", app.session.state.deck_size)
    await tap_gh(probe, "ship_c")
    look(probe, "full")
    probe.record("reach_full", [r.to for r in GAME.reachable(app.session.state, "0c")])
    await probe.screenshot("gh_modone_full")
    await tap_gh(probe, "to_s4")
    probe.record("passed", str(app.session.actions[-1]))
    probe.record("hands_end", list(app.session.state.hand_sizes))


async def modone_four_players(probe) -> None:
    """Modone holds 3: three ships sail in (each owner draws 4 − sail colours),
    the fourth player's ship passes it by."""
    app = probe.app
    await start_golden_horn(probe, 4)
    submit_all(probe, fill_and_place(4))
    await probe.frames(2)
    for seat in range(3):
        await tap_gh(probe, "ship_c")
        look(probe, f"reach_{seat}")
        await tap_node(probe, "M")               # the 7th destination: no button, a tap on the route
        probe.record(f"move_{seat}", str(app.session.actions[-1]))
    probe.record("hands_after", list(app.session.state.hand_sizes))
    await tap_gh(probe, "ship_c")
    look(probe, "full")
    probe.record("reach_full", [r.to for r in GAME.reachable(app.session.state, "3c")])
    await probe.screenshot("gh4_modone_full")
    await tap_node(probe, "s7")
    probe.record("passed", str(app.session.actions[-1]))
    probe.record("hands_end", list(app.session.state.hand_sizes))


async def declare_and_final_round(probe) -> None:
    """The sample game (3 players, defaults) replayed through the session to round 25;
    then by taps: two refused attempts, Bea's raid, delivery and declaration, and the
    final round to the scores."""
    app = probe.app
    await start_golden_horn(probe, 3, refill="toNine")
    record = json.loads(SAMPLE.read_text())
    actions = [GAME.parse_action(a) for a in record["actions"]]
    submit_all(probe, actions[:99])
    await probe.frames(2)
    look(probe, "ann_turn")
    await tap_gh(probe, "declare")               # Ann lacks three colours
    await probe.frames(2)
    look(probe, "refused_declare")
    await probe.screenshot("gh_refused_declare")
    await tap_gh(probe, "ship_a")
    look(probe, "ann_ship_a")
    await tap_node(probe, "V")                   # red outline: a wind card she does not have
    await probe.frames(2)
    look(probe, "refused_move")
    await probe.screenshot("gh_refused_move")
    await tap_node(probe, "s1")
    await attack_by_taps(probe, "0c", "GG")      # Bea
    await tap_gh(probe, "ship_c")
    await tap_node(probe, "V")
    look(probe, "after_delivery")
    await probe.screenshot("gh_may_declare")
    await tap_gh(probe, "declare")
    await probe.frames(2)
    look(probe, "final_round")
    await probe.screenshot("gh_final_round")
    await tap_gh(probe, "ship_a")                # Cy, the last seat of the round
    await tap_node(probe, "s8")
    await probe.until(lambda: app.manager.current == "scores")
    await probe.screenshot("gh_declared_scores")
    probe.record("scores_texts", probe.texts(probe.screen()))
    probe.record("tapped", [a.to_dict() for a in app.session.actions[99:]])
    probe.record("sample_tail", record["actions"][99:])
    probe.record("totals", list(app.session.score_sheet().totals))
