"""Coloretto at a real table (scenarios_coloretto_table.py): buttons that stay under the
finger, cards that stand out from their row (measured from the pixels drawn), the last
round announced, every line of the final table in view or reachable by touch."""
from __future__ import annotations

import numpy as np

from ui.colours import contrast


def rgb_at(image, x: float, y: float, half: int = 1) -> tuple[float, float, float]:
    """The mean colour (0..1 RGB) around window point (x, y) (origin bottom left)."""
    height = image.shape[0]
    row, col = int(round(height - y)), int(round(x))
    patch = image[row - half:row + half + 1, col - half:col + half + 1].reshape(-1, 3).mean(axis=0)
    b, g, r = patch / 255.0
    return (r, g, b)


def card_against_row(image, rect) -> tuple[float, float]:
    """(the face's contrast with the row, the best the card's edge reaches against the row):
    the edge is sampled in the 3 px just outside and inside the card's left and right sides,
    the row 6 px left of the card."""
    x, y, w, h = rect
    ground = rgb_at(image, x - 6, y + h / 2)
    face = rgb_at(image, x + w / 2, y + h * 0.2, half=2)
    edge = max(contrast(rgb_at(image, x + dx, y + h * f, half=0), ground)
               for dx in (-2, -1, 1, w - 1, w, w + 1) for f in (0.3, 0.5, 0.7))
    return contrast(face, ground), edge


def test_picker_stays_cards_stand_out_and_the_last_round_is_announced(run_ui):
    run = run_ui("scenarios_coloretto_table:picker_stays_cards_stand_out_last_round")
    r = run.result
    places = r["picker_places"]
    # start cards: every button, Random too, stays where it was; a used colour is greyed out
    start = places[1:4]   # before the first start card, after the first and the second
    assert "Random" in start[0]
    for later in start[1:]:
        assert {k: v[0] for k, v in later.items()} == {k: v[0] for k, v in start[0].items()}
    assert start[-1]["yellow"][1] and start[-1]["blue"][1] and not start[-1]["green"][1]
    # a brown card on the brown "take" row and a green card on the green "place here" row
    for name, key, card in (("green_on_place", "green_on_place", "green"),
                            ("brown_on_take", "brown_on_take", "brown")):
        image = run.image(name)
        [chip] = [c for c in r[key] if c["card"] == card]
        face, edge = card_against_row(image, chip["rect"])
        assert face < 3.0, f"{card}: the face alone stands out {face:.2f}:1 (no outline needed?)"
        assert edge >= 3.0, f"{card} on its row: {edge:.2f}:1"
    # the last round: the strip says it (news, long enough to read), every LED flashes
    banner, is_error, kind = r["final_banner"]
    assert banner == "Final round! The last-round card is out: this round is the last."
    assert not is_error and kind == "news"
    assert ["FinalRound", "flash_all"] in r["final_signals"]


def test_every_row_of_the_final_scores_is_in_view_or_reached_by_a_finger(run_ui):
    """800x480, three players: rows hidden below the fold are said ("more rows below"), a
    finger drag (resting first, as fingers do) scrolls to them, and the totals add up
    from the rows a player can see."""
    r = run_ui("scenarios_coloretto_table:final_scores_every_row").result
    seen = r["rows_seen"]
    first = seen[0]
    hidden = [row for row in first if not row["inside"]]
    if hidden:
        assert "more" in r["hints"][0] and str(len(hidden)) in r["hints"][0]
    assert len(seen) == 1 or seen[1] != first, "the first finger drag did not scroll"
    reached = {i for view in seen for i, row in enumerate(view) if row["inside"]}
    assert reached == set(range(len(first))), f"rows never in view: {set(range(len(first))) - reached}"
    assert seen[-1][-1]["inside"] and r["hints"][-1] == "" or "above" in r["hints"][-1]
    for seat, total in enumerate(r["totals"]):
        points = [int(row["points"][seat].replace("−", "-")) for row in first if row["points"][seat]]
        assert sum(points) == total
