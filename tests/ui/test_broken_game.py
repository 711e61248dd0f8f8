"""A broken game is shown, not only logged (tests/ui/scenarios_broken_game.py)."""
from __future__ import annotations


def test_a_broken_game_is_listed_with_its_reason_and_lights_the_status_led(run_ui):
    result = run_ui("scenarios_broken_game:broken_games_are_shown").result
    text = result["unavailable_text"]
    assert "Ghost Ships cannot be played: it is not completely installed" in text
    assert "Run ./setup.sh again" in text
    assert "Mislabelled cannot be played: its declaration does not load" in text
    assert "the registry line says 'mislabelled'" in text
    assert result["label_visible"] and result["status_led_lit"]
    assert "Ghost Ships non si può giocare" in result["unavailable_text_it"]
    assert result["signals"].count("ErrorSignal") == 1      # announced once, listed every time
    assert "Coloretto" in result["setup_texts"] and "Ghost Ships" not in result["setup_texts"]
