"""Alles auf 1 Karte's table view under Xvfb: 2-player games by taps to the final
scores (basic and advanced), the camera's dice proposal, the card picker and editor,
screenshots checked."""
from __future__ import annotations

import re

import numpy as np

from companion.alles_auf_1_karte import GAME
from companion.alles_auf_1_karte.actions import RollDice
from companion.engine import GameConfig
from companion.record import replay
from ui.games.alles_auf_1_karte.cards import BEST_RGB, COLOUR_RGB, SELECTED_RGB


def colour_share(image, rgb, tolerance=40) -> float:
    """Fraction of pixels within ``tolerance`` of ``rgb`` (0..1 floats); image is BGR."""
    target = np.array([rgb[2], rgb[1], rgb[0]]) * 255
    return float((np.abs(image.astype(int) - target).max(axis=2) < tolerance).mean())


def test_two_players_by_taps_to_the_final_scores(run_ui):
    run = run_ui("scenarios_alles_auf_1_karte:play_two_players_to_the_end")
    r = run.result
    assert r["view_class"] == "AllesView"
    # the picker's filter shows only cards missing that colour, and the picked cards were dealt
    assert r["picker_filtered_orange"] and all(i.startswith("O:") for i in r["picker_filtered_orange"])
    assert r["picker_notes_orange"] == [""] * len(r["picker_filtered_orange"])    # no card codes under cards
    assert r["open_after_deal"][0] == ["O:P5-Y3s-G2-B4s-R6", "Y:R4s-O4-B4s-G4-P4"]
    assert len(r["open_after_deal"][1]) == 2
    # the camera read the simulated throw and proposed it; confirming entered it
    assert sorted(r["camera_faces"]) == r["sim_faces"]
    assert r["camera_proposal"] == str(RollDice(tuple(r["camera_faces"])))
    assert r["phase_after_camera"] == "decide"
    assert r["reroll_text"] == "Re-roll 2"
    assert r["after_reroll_dice"] == r["after_reroll_expected"]
    # marking: both seats chose a card (or passed) and the hint text was shown
    assert set(r["choices"]) == {"0", "1"}
    assert any("Best: card" in t or "Card " in t for t in r["mark_texts"])
    # the game ended because someone scored a 4th card
    assert max(r["scored_counts"]) >= 4
    assert any("Final scores" in t for t in r["scores_texts"])
    assert str(max(r["totals"])) in r["scores_texts"]
    mark = run.image("table_mark")
    assert mark.shape[:2] == (480, 800)
    # the cards' colour rows are drawn: each dice colour covers part of the screen
    for colour in ("red", "blue", "green", "purple"):
        assert colour_share(mark, COLOUR_RGB[colour]) > 0.001, colour   # smaller cards: the hint has its own line
    # the chosen cards have the gold selection border
    assert colour_share(mark, (1.0, 0.78, 0.1), tolerance=25) > 0.001
    proposal = run.image("table_camera_proposal")
    # the message strip shows the proposal (blue-grey, 56 px high) above the table
    target = np.array([0.42, 0.27, 0.16]) * 255
    bar_rows = (np.abs(proposal.astype(int) - target).max(axis=2) < 12).mean(axis=1) > 0.5
    assert bar_rows.sum() >= 40
    scores = run.image("scores")
    green = (scores[:, :, 1] > 90) & (scores[:, :, 2] < 80) & (scores[:, :, 0] < 80)
    assert green.mean() > 0.02


def _check_tour(run, size):
    r = run.result
    w, h = size
    assert run.image("table_throw").shape[:2] == (h, w)
    assert "Card id" not in r["form_text"] and not re.search(r"[A-Z]:[A-Z]\d", r["form_text"])
    assert "sun" in r["error_text"] and "card 1" in r["error_text"]
    assert r["save_disabled"] is True
    saved = r["saved_first_card"]
    assert saved is not None and saved["status"] == "checked"
    assert [row["fields"] for row in saved["rows"][:2]] == [6, 2]
    assert saved["id"].startswith("O:P6-Y2s")
    assert r["list_note"].startswith("Card 1 saved;") and saved["id"] not in r["list_note"]
    for name in ("table_throw", "table_decide", "table_mark", "picker", "editor_form"):
        image = run.image(name)
        assert image.std() > 20, name     # not a blank screen


def test_screens_at_800x480(run_ui):
    run = run_ui("scenarios_alles_auf_1_karte:screens_at_size", size="800x480")
    _check_tour(run, (800, 480))


def test_screens_at_1280x800(run_ui):
    run = run_ui("scenarios_alles_auf_1_karte:screens_at_size", size="1280x800")
    _check_tour(run, (1280, 800))
    assert run.result["view_size"][0] > 1200


def test_advanced_variant_by_taps_to_the_final_scores(run_ui, tmp_path):
    data = tmp_path / "touch-only"
    data.mkdir()
    (data / "settings.toml").write_text('camera = "none"\n')   # dice entered by tap only
    run = run_ui("scenarios_alles_auf_1_karte:play_advanced_to_the_end", data_dir=data)
    r = run.result
    assert r["variant"] == "advanced"
    # five cards each, three kept by taps, then a display of three laid out
    assert r["dealt"] == [5, 5] and r["kept"] == [3, 3]
    assert r["keep_info"] == "Everyone keeps 3 of their 5 cards"
    assert r["keep_status"][0] == "Tap the 3 cards to keep (3 chosen)"
    assert r["reveal_info"] == "Lay a card from the pile face up in the display"
    assert len(r["display"]) == 3
    # a scorer takes its new card from the display by a tap on it
    take = r["display_take"]
    assert take["info"] == f"{('Ana', 'Bo')[take['seat']]} takes a new card from the display"
    assert r["takes"] >= 1
    assert {"keep_cards", "reveal_card", "take_display_card"} <= set(r["action_types"])
    assert max(r["scored_counts"]) >= 4
    assert any("Final scores" in t for t in r["scores_texts"])
    # the journaled actions replay to the scores shown
    config = GameConfig.from_dict(r["config"])
    final = replay(GAME, config, [GAME.parse_action(a) for a in r["actions"]])[-1]
    assert GAME.is_over(final) and list(GAME.score_sheet(final).totals) == r["totals"]
    assert str(max(r["totals"])) in r["scores_texts"]
    keep = run.image("advanced_keep")
    assert keep.shape[:2] == (480, 800)
    assert colour_share(keep, SELECTED_RGB, tolerance=25) > 0.002    # the three kept cards' border
    assert colour_share(run.image("advanced_take"), BEST_RGB, tolerance=25) > 0.002   # display cards to take
    scores = run.image("advanced_scores")
    green = (scores[:, :, 1] > 90) & (scores[:, :, 2] < 80) & (scores[:, :, 0] < 80)
    assert green.mean() > 0.02


def test_deal_to_any_seat_and_seat_colours_with_four_players(run_ui):
    """The deal goes to the seat tapped (default: the next seat still short); panels in
    the seats' colours with black or white text; nothing unreadable at 800x480."""
    from ui.colours import ink_on, seat_rgb
    from ui.games.kit import text_fill

    run = run_ui("scenarios_alles_auf_1_karte:deal_out_of_order_four_players")
    r = run.result
    assert r["deal_default"] == ["deal_0"]                    # the next short seat, highlighted
    assert r["deal_chosen_cy"] == ["deal_2"]
    assert "Cy" in r["deal_info_cy"] and r["picker_title"] == "Which card did Cy draw?"
    first, second = r["dealt_first"][:2]
    assert first == {"type": "draw_card", "seat": 2, "card": X12_ID}
    assert second["seat"] == 3
    assert r["deal_seats"][:3] == [2, 3, 2]
    # Bo's card is in no sample: its rows tapped into the grid (13 taps), then drawn
    assert r["entry_title"] == "Which card did Bo draw? Tap its rows"
    assert r["entry_use_disabled_blank"] and r["entry_note_blank"] == "Row 1: tap its colour."
    assert r["entry_taps"] == 13 and r["entry_note_done"] == "The card is complete: tap Use this card"
    enter, draw = r["real_actions"]
    assert enter["type"] == "enter_card" and enter["card"] == REAL_ID
    assert draw == {"type": "draw_card", "seat": 1, "card": REAL_ID}
    assert r["real_open"] == [REAL_ID]
    assert any("kept in your card set" in t for t in r["real_banner"])
    # remembered in the copy's card set, in place of the sample it replaced in the game
    assert [c["id"] for c in r["real_saved"]] == [REAL_ID]
    assert enter["replaces"] not in r["open_after_deal"][1]
    assert r["deal_buttons_after_cy"] == ["deal_0", "deal_1", "deal_3"]
    entry = run.image("card_entry")
    assert entry.std() > 20
    assert r["open_after_deal"][1][0] == REAL_ID
    assert r["open_after_deal"][2][0] == X12_ID and all(len(o) == 2 for o in r["open_after_deal"])
    for seat, colour in enumerate(("red", "blue", "green", "yellow")):
        fill = text_fill(seat_rgb(colour))
        assert r["bands"][seat] == [*fill, 1]
        assert r["inks"][seat] == [*ink_on(fill), 1]
    problems = {look: rows for look, rows in r["problems"].items() if rows}
    assert not problems, problems
    assert set(r["problems"]) == {"deal", "mark_four"}
    mark = run.image("mark_four")
    for colour in ("red", "blue", "green"):   # each seat's strip shows its colour
        assert colour_share(mark, text_fill(seat_rgb(colour)), tolerance=12) > 0.005, colour


X12_ID = "O:P5-Y3s-G2-B4s-R6"
REAL_ID = "G:R3s-P4-B5-O6s-Y2"
