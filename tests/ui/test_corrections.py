"""Correct the table under Xvfb: the list opens from the table screen, a tap corrects
a count (journaled, in the players' words) and Undo takes it back."""
from __future__ import annotations


def test_correct_a_players_cards_by_taps_and_undo(run_ui):
    run = run_ui("scenarios_corrections:correct_coloretto_by_taps")
    r = run.result
    assert any(what.startswith("Ana: ") for what in r["rows"]) and len(r["rows"]) >= 15
    what, count = r["row_before"]
    assert r["row_after"] == str(int(count) + 1)
    assert r["last_action"] == f"Correction: Ana's cards, {what.split(': ')[1]}: from {count} to {int(count) + 1}"
    assert r["undone"] is True
    assert float(run.image("correction_popup").std()) > 15


def test_setup_says_the_alles_card_layouts_are_samples(run_ui):
    r = run_ui("scenarios_corrections:alles_setup_notice").result
    [notice] = r["notices_alles_auf_1_karte"]
    assert notice.startswith("The card set shipped is a sample") and "Not in the list" in notice
    assert "Start player" in r["texts_alles_auf_1_karte"]
    assert r["notices_coloretto"] == []


def test_coloretto_players_choose_their_own_positive_colours_on_the_scores_screen(run_ui):
    run = run_ui("scenarios_corrections:coloretto_own_colours")
    r = run.result
    assert len(r["toggles"]) >= 4
    given = r["best"] - r["own"]
    assert given > 0
    assert r["warnings"] == [f"Own colours: {given} points fewer than the best colours"]
    assert r["warnings_after_best"] == []
