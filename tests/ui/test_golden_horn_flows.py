"""Golden Horn flows played by taps in the real app under Xvfb: the pirate
turn-around (both timings), random ship placement, Modone with 2 and 4 players,
refused attempts with their rule, and declaring the end through the final round."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from companion.golden_horn import GAME
from companion.golden_horn.actions import DrawCubes, Move, PlaceFleet
from ui.games.kit import text_fill  # a square is drawn in its colour shaded for its text

from tests.ui.test_golden_horn import colour_share, pixel, start_golden_horn, tap_gh, view

BANNER_RED = (178, 41, 33)     # the message strip showing a refusal (ui/widgets/message_strip.kv)
BANNER_BLUE = (33, 89, 143)   # the banner of news (signals)


def touch_only(tmp_path):
    data = tmp_path / "touch-only"
    data.mkdir()
    (data / "settings.toml").write_text('camera = "none"\n')   # no camera worker: taps only
    return data


def lit_keep_colour_dim_are_dark(image, seen):
    """Reachable free squares show their colour; the others (free or not, seen at their
    top edge) are dimmed to about a third."""
    nodes = seen["nodes"]
    lit = [n for n in nodes.values() if n["reachable"] and not n["ships"]]
    dim = [n for n in nodes.values() if n["dimmed"]]
    assert lit and dim
    for node in lit:
        assert np.abs(pixel(image, node["centre"], seen["window"]) - node["fill"][::-1]).max() <= 12
    for node in dim:
        expected = np.array(node["fill"][::-1]) * 0.35
        assert np.abs(pixel(image, node["edge"], seen["window"]) - expected).max() <= 12


def test_turn_around_at_the_ships_next_move(run_app, tmp_path):
    run = run_app(turn_around_at_next_move, data_dir=touch_only(tmp_path))
    r = run.result
    assert r["after_raid"]["cargo"] is None and r["after_raid"]["may_turn_around"] is True
    # Bea picks the emptied ship: ahead it can only reach Modone; the toggle offers the turn-around
    assert r["ahead"]["lit"] == ["M"] and r["ahead"]["destinations"] == ["M"]
    assert r["ahead"]["buttons"]["reverse"]["text"] == "Turn around"
    assert r["ahead"]["nodes"]["s3"]["chips"] == ["Ba▶"]
    # turned: the squares back towards Venice light up (the engine's reversed reach), the bow turns
    rev = r["reversed"]
    assert rev["destinations"] == r["reach_reversed"] == ["s2", "s1", "V"]
    assert rev["lit"] == ["V", "s1", "s2"] and rev["nodes"]["M"]["dimmed"]
    assert rev["nodes"]["s3"]["chips"] == ["Ba◀"]
    assert "●" in rev["buttons"]["to_V"]["text"]          # Venice needs a red wind card
    lit_keep_colour_dim_are_dark(run.image("gh_reversed"), rev)
    # the tap on square 1 moved it turned around; the right is used up
    assert r["move"] == "seat 2's ship a sails to square 1, turned around"
    assert r["after_move"]["heading"] == "toV" and r["after_move"]["may_turn_around"] is False
    assert r["after_move_view"]["nodes"]["s1"]["chips"] == ["Ba◀"]
    nxt = r["next_turn"]
    assert "reverse" not in nxt["buttons"] and nxt["lit"] == ["V"]


def test_turn_around_decided_at_once(run_app, tmp_path):
    run = run_app(turn_around_at_once, data_dir=touch_only(tmp_path))
    r = run.result
    asked = r["asked"]
    # during Ann's turn, Bea is asked: her seat is the one to act
    assert asked["prompt"] == "Pirates emptied Bea's ship a: turn it around?"
    assert asked["turn"] == "Bea's turn" and asked["active_seats"] == [1]
    assert set(asked["buttons"]) == {"turn_around", "keep_heading"}
    assert r["after_decision"]["heading"] == "toV" and r["after_decision"]["may_turn_around"] is False
    # then Ann goes on with her turn: her move, no second raid
    again = r["attacker_again"]
    assert again["turn"] == "Ann's turn" and again["buttons"]["pirates"]["disabled"]
    assert again["nodes"]["s3"]["chips"] == ["Ba◀"]
    # on Bea's turn the ship sails towards Venice without a toggle
    victim = r["victim_turn"]
    assert "reverse" not in victim["buttons"] and victim["lit"] == ["V", "s1", "s2"]
    assert r["move"] == "seat 2's ship a sails to Venice, wind cards red 1"
    assert r["hand_sizes"][1] == 5 - 1 + 3                # one wind card; 3 drawn arriving in Venice
    image = run.image("gh_turn_around_now")
    assert image.shape[:2] == (480, 800)
    assert colour_share(image, (56, 102, 148), tolerance=6) > 0.1   # the two big answer buttons


def test_random_ship_placement_entered_by_the_table(run_app, tmp_path):
    run = run_app(random_placement, data_dir=touch_only(tmp_path))
    r = run.result
    placing = r["placing"]
    assert placing["turn"] == "The table: enter what was drawn or rolled" and placing["active_seats"] == []
    assert placing["prompt"] == "Ann: where do ships a, b, c start?"
    assert [placing["buttons"][f"port_{x}"]["text"] for x in "abc"] == [f"{x}: Venice" for x in "abc"]
    assert r["placing_flipped"]["buttons"]["port_b"]["text"] == "b: Constantinople"
    assert r["placing_second"]["prompt"] == "Bea: where do ships a, b, c start?"
    assert r["placing_second"]["nodes"]["C"]["chips"] == ["Ab"]
    placements = r["placements"]
    assert placements[0] == "seat 1 places the ships: ship a in Venice, ship b in Constantinople, ship c in Venice"
    assert placements[1].startswith("seat 2 places the ships")
    assert placements[2] == "seat 3 places the ships: ship a in Constantinople, ship b in Venice, ship c in Constantinople"
    # the route shows where they stand; play begins with the start player
    placed = r["placed"]
    assert placed["turn"] == "Ann's turn" and placed["active_seats"] == [0]
    # a port with more ships than a row holds shows one chip per player ("C2": two of Cy's)
    in_v, in_c = ships_in(placed["nodes"]["V"]["chips"]), ships_in(placed["nodes"]["C"]["chips"])
    assert in_v + in_c == {"A": 3, "B": 3, "C": 3}
    assert in_c["A"] >= 1 and in_c["C"] >= 2          # Ann's b, Cy's a and c
    assert not any(n["clipped"] for n in placed["nodes"].values())   # ports' cubes shown whole
    # play goes on: ship b leaves Constantinople towards Venice
    assert r["first_ship"]["destinations"][0] == "s12"
    assert r["first_move"].startswith("seat 1's ship b sails to square 12")
    assert r["second_turn"]["turn"] == "Bea's turn"
    for name in ("gh_random_place", "gh_random_placed"):
        image = run.image(name)
        assert image.shape[:2] == (480, 800) and image.std() > 20


def test_modone_two_players(run_app, tmp_path):
    run = run_app(modone_two_players, data_dir=touch_only(tmp_path))
    r = run.result
    assert r["reach_0a"]["destinations"][-1] == "M" and r["reach_1c"]["destinations"][-1] == "M"
    assert r["move_0a"].startswith("seat 1's ship a sails to Modone")
    assert r["move_1c"].startswith("seat 2's ship c sails to Modone")
    # no cards at Modone with 2 players: only the two wind cards each left the hands
    assert r["hands_after"] == [3, 3] and r["deck_after"] == r["deck_start"]
    full = r["full"]
    assert full["nodes"]["M"]["title"].replace("\n", " ") == "Modone 2/2"   # whole, on two lines when narrow
    assert "M" not in full["lit"] and full["nodes"]["M"]["dimmed"] and "M" not in full["destinations"]
    assert full["lit"] == r["reach_full"] == ["s1", "s2", "s3", "s4", "s5", "s6", "C"]
    assert r["passed"] == "seat 1's ship c sails to square 4, loading pink, wind cards blue 1"
    assert r["hands_end"] == [2, 3]
    lit_keep_colour_dim_are_dark(run.image("gh_modone_full"), full)


def test_modone_four_players(run_app, tmp_path):
    run = run_app(modone_four_players, size="1280x800",
                 data_dir=touch_only(tmp_path))
    r = run.result
    for seat in range(3):
        assert r[f"reach_{seat}"]["lit"][-1] == "M"        # the 7th stop: a tap on the route
        assert r[f"move_{seat}"].startswith(f"seat {seat + 1}'s ship c sails to Modone")
    # three 3-sail ships arrived: each paid 3 wind cards and drew 1
    assert r["hands_after"] == [3, 3, 3, 5]
    full = r["full"]
    assert full["nodes"]["M"]["title"].replace("\n", " ") == "Modone 3/3" and len(full["nodes"]["M"]["chips"]) == 6
    assert "M" not in full["lit"] and full["nodes"]["M"]["dimmed"]
    assert full["lit"] == r["reach_full"] and full["lit"][6] == "s7"
    assert r["passed"] == "seat 4's ship c sails to square 7, wind cards yellow 1, pink 1, green 1"
    assert r["hands_end"][3] == 2                          # passing a full Modone draws nothing
    assert not any(n["clipped"] for n in full["nodes"].values())
    image = run.image("gh4_modone_full")
    assert image.shape[:2] == (800, 1280)
    lit_keep_colour_dim_are_dark(image, full)


def test_modone_four_players_small_screen(run_app, tmp_path):
    run = run_app(modone_four_players, data_dir=touch_only(tmp_path))
    full = run.result["full"]
    # 4 players at 800 px: titles, ships in Modone and wind cards are not cut short
    assert not any(n["clipped"] for n in full["nodes"].values()), \
        {k: n["clipped"] for k, n in full["nodes"].items() if n["clipped"]}
    lit_keep_colour_dim_are_dark(run.image("gh4_modone_full"), full)


def test_refusals_name_the_rule_and_declaring_ends_the_game(run_app, tmp_path):
    run = run_app(declare_and_final_round, data_dir=touch_only(tmp_path))
    r = run.result
    # declaring without all six colours: refused, the banner red and naming the rulebook heading
    assert r["ann_turn"]["buttons"]["declare"]["disabled"] is False
    refused = r["refused_declare"]
    assert refused["banner"] == ("Declaring needs a cube of each colour in your warehouse; "
                                 "missing: yellow, pink, green (rulebook: “End of the game”)")
    assert refused["banner_is_error"]
    assert colour_share(run.image("gh_refused_declare"), BANNER_RED, tolerance=8) > 0.06
    # a tap on a square she cannot pay for (red outline): refused, citing "Moving a ship"
    assert r["ann_ship_a"]["nodes"]["V"]["reachable"] and not r["ann_ship_a"]["nodes"]["V"]["affordable"]
    moved = r["refused_move"]
    assert moved["banner"] == "Reaching Venice needs wind cards orange 1: Ann holds only 0 cards (rulebook: “Moving a ship”)"
    assert moved["banner_is_error"] and moved["turn"] == "Ann's turn"
    assert colour_share(run.image("gh_refused_move"), BANNER_RED, tolerance=8) > 0.06
    # Bea's delivery completes her six colours: she may declare after her move
    after = r["after_delivery"]
    assert after["prompt"] == "Bea: end the turn, or declare the end of the game"
    assert set(after["buttons"]) == {"end_turn", "declare"}
    final = r["final_round"]
    assert final["turn"] == "Cy's turn" and final["banner"] == "Final round!"
    assert "Final round!" in final["table_info"] and not final["banner_is_error"]
    assert colour_share(run.image("gh_final_round"), BANNER_BLUE, tolerance=8) > 0.06
    # Cy's turn ends the round and the game: the taps did what the sample record did
    assert r["tapped"] == r["sample_tail"]
    assert r["totals"] == [7, 29, 8]
    assert any("Final scores" in t for t in r["scores_texts"])
    assert "[font=DejaVuSans]★[/font] Bea" in r["scores_texts"]


def ships_in(chips: list[str]) -> Counter:
    """Ships per player's initial: "Ab" is one ship, "A2" (one chip per player) two."""
    counts: Counter = Counter()
    for chip in chips:
        counts[chip[0]] += int(chip[1:]) if chip[1:].isdigit() else 1
    return counts


# -- the steps, run in the app --------------------------------------------------------------
# Golden Horn flows by taps (run by tests/ui/test_golden_horn_flows.py): the pirate
# turn-around in both timings, random ship placement, Modone with 2 and 4 players,
# refused attempts and declaring the end through the final round.
#
# Positions are reached by submitting engine actions through ``app.session``
# (noted where done); the flow under test is always tapped on visible controls.


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
