"""Golden Horn flows played by taps in the real app under Xvfb: the pirate
turn-around (both timings), random ship placement, Modone with 2 and 4 players,
refused attempts with their rule, and declaring the end through the final round."""
from __future__ import annotations

from collections import Counter

import numpy as np

from tests.ui.test_golden_horn import colour_share, pixel

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


def test_turn_around_at_the_ships_next_move(run_ui, tmp_path):
    run = run_ui("scenarios_golden_horn_flows:turn_around_at_next_move", data_dir=touch_only(tmp_path))
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
    assert "[color=cc3333]♥[/color]" in rev["buttons"]["to_V"]["text"]   # Venice needs a red wind card (its symbol, in red)
    lit_keep_colour_dim_are_dark(run.image("gh_reversed"), rev)
    # the tap on square 1 moved it turned around; the right is used up
    assert r["move"] == "seat 2's ship a sails to square 1, turned around"
    assert r["after_move"]["heading"] == "toV" and r["after_move"]["may_turn_around"] is False
    assert r["after_move_view"]["nodes"]["s1"]["chips"] == ["Ba◀"]
    nxt = r["next_turn"]
    assert "reverse" not in nxt["buttons"] and nxt["lit"] == ["V"]


def test_turn_around_decided_at_once(run_ui, tmp_path):
    run = run_ui("scenarios_golden_horn_flows:turn_around_at_once", data_dir=touch_only(tmp_path))
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


def test_random_ship_placement_entered_by_the_table(run_ui, tmp_path):
    run = run_ui("scenarios_golden_horn_flows:random_placement", data_dir=touch_only(tmp_path))
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


def test_modone_two_players(run_ui, tmp_path):
    run = run_ui("scenarios_golden_horn_flows:modone_two_players", data_dir=touch_only(tmp_path))
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


def test_modone_four_players(run_ui, tmp_path):
    run = run_ui("scenarios_golden_horn_flows:modone_four_players", size="1280x800",
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


def test_modone_four_players_small_screen(run_ui, tmp_path):
    run = run_ui("scenarios_golden_horn_flows:modone_four_players", data_dir=touch_only(tmp_path))
    full = run.result["full"]
    # 4 players at 800 px: titles, ships in Modone and wind cards are not cut short
    assert not any(n["clipped"] for n in full["nodes"].values()), \
        {k: n["clipped"] for k, n in full["nodes"].items() if n["clipped"]}
    lit_keep_colour_dim_are_dark(run.image("gh4_modone_full"), full)


def test_refusals_name_the_rule_and_declaring_ends_the_game(run_ui, tmp_path):
    run = run_ui("scenarios_golden_horn_flows:declare_and_final_round", data_dir=touch_only(tmp_path))
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
