"""The panel does the screen's main action: each game played (in part) pressing the
on-screen panel's CONFIRM and END TURN (gpiozero MockFactory pins) where the screen has
a main button; where it has none the refusal says what to tap (scenarios_panel.py)."""
from __future__ import annotations


def test_alles_auf_1_karte_confirm_all_and_keep_roll_on_the_panel(run_ui):
    r = run_ui("scenarios_panel:alles_by_panel").result
    assert r["over"] and r["refusals"] == []
    assert r["marked_by_panel"] >= 3 and r["presses"]["confirm"] >= 2 and r["presses"]["end_turn"] >= 2
    assert r["confirm_all_enabled"]   # the screen's own button was there, left untouched
    assert r["refusal_one_waiting"] == "Nothing to confirm now. Still to choose: Bo"


def test_coloretto_camera_confirmed_and_rejected_without_a_dead_end(run_ui):
    r = run_ui("scenarios_panel:coloretto_by_panel").result
    assert r["refusals"] == []
    assert not r["after_confirm_pending"]
    assert r["after_reject_refusal"] == ("Nothing to confirm now. "
                                         "Bo: tap the card drawn, or tap a row to take it")
    assert r["proposed_again"].startswith("Camera saw: Bo")
    assert r["phase_after_forced"] == "turn"
    assert r["presses"] == {"confirm": 1, "end_turn": 2}


def test_golden_horn_draws_fleets_turns_and_pirates_on_the_panel(run_ui):
    r = run_ui("scenarios_panel:golden_horn_by_panel").result
    assert r["refusals"] == []
    assert r["placed"] == 2 and r["attacked"] and r["over"]
    assert r["presses"]["confirm"] >= 3   # cubes, a fleet, the pirates, the final scores


def test_caravelas_bids_free_move_and_turn_on_the_panel(run_ui):
    r = run_ui("scenarios_panel:caravelas_by_panel").result
    assert r["refusals"] == []
    assert r["phase_after_bids"] == "place"
    assert r["pending_bonus"] == "bonus" and r["pending_after_confirm"] == ""
    assert r["to_act_after_confirm"] == [1] and r["to_act_after_refusal"] == [1]
    assert r["confirm_refusal"].startswith("Nothing to confirm now. Bo: ")
    assert r["to_act_after_end_turn"] != [1]


def test_which_panel_is_used_is_said_once_and_news_has_the_strip(run_ui):
    """"No Raspberry Pi found" is start-up news, not a notice kept on the strip all evening."""
    run = run_ui("scenarios_panel:panel_notice_said_once")
    r = run.result
    [said] = r["said_once"]
    assert "GPIO panel" in said
    assert r["banner_at_start"] == said and not r["banner_is_error"] and r["strip_kind_at_start"] == "news"
    assert said not in r["notices_at_start"]
    assert r["strip_with_news"] == "Round over. Bo starts the next round"
    assert r["strip_after"] == ["", ""]           # the strip is free for the evening's news
    assert said in r["hwtest_results"] and r["settings_notice"] == said


def test_every_screen_answers_the_panel_and_a_question_holds_it(run_ui):
    """Away from the table the panel does each screen's main button; a question waits."""
    r = run_ui("scenarios_panel:every_screen_by_panel").result
    banner, still_open, nothing_done = r["question_open"]
    assert banner == "Answer the question on the screen first: Leave Coloretto with Player 1, Player 2, Player 3?"
    assert still_open and nothing_done
    assert r["correction_open"] == ["Close what is open on the screen first.", True]
    assert r["resumed"]
    assert r["settings_end_turn"] == ["settings", "Settings are saved with Save (or the panel's CONFIRM)."]
    assert r["settings_confirm"][0] == "home"
    assert r["hwtest_prompt"].startswith("Press ")
