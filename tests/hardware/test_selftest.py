"""The hardware self-test, driven through mock pins."""
from __future__ import annotations

import threading

from hardware.panel import Panel
from hardware.pins import PinMap
from hardware.selftest import SelfTest, main, self_test_steps
from hardware.simulated import SimulatedPanel
from tests.hardware.conftest import pin

WAIT = 5.0


def presser(panel, wrong: dict[str, str] | None = None):
    """An on_step callback pressing the asked button (or a wrong one) like a player would."""
    sim = SimulatedPanel(panel)
    wrong = wrong or {}

    def on_step(step):
        if step.kind == "button":
            sim.click(wrong.get(step.part, step.part))
    return on_step


def test_steps_cover_every_part(panel):
    steps = self_test_steps(panel)
    assert [(s.kind, s.part, s.gpio) for s in steps] == [
        ("button", "end_turn", 21), ("button", "confirm", 20), ("button", "undo", 16),
        ("led", "seat 1", 17), ("led", "seat 2", 27), ("led", "seat 3", 22),
        ("led", "seat 4", 23), ("led", "seat 5", 24), ("led", "status", 25),
        ("buzzer", "buzzer", 18)]
    assert steps[0].prompt == "Press END TURN"


def test_everything_passes_on_a_working_panel(mock_factory, panel):
    test = SelfTest(panel, press_timeout=WAIT, light_seconds=0.001)
    results = []
    report = test.run(presser(panel), results.append)
    assert report.passed and not report.failures and not report.cancelled
    assert [r.outcome for r in results] == ["passed"] * 10
    assert report.results[0].detail == "END TURN pressed"
    data = report.to_dict()
    assert data["passed"] and data["results"][3]["part"] == "seat 1"
    assert not any(pin(mock_factory, g).state for g in (17, 27, 22, 23, 24, 25, 18))


def test_each_output_is_lit_alone(mock_factory, panel):
    lit_during = {}

    def record_switch(original):
        def switch(step, on):
            result = original(step, on)
            if on:
                lit_during[step.part] = [g for g in (17, 27, 22, 23, 24, 25, 18)
                                         if pin(mock_factory, g).state]
            return result
        return switch

    test = SelfTest(panel, light_seconds=0.001)
    test._switch = record_switch(test._switch)
    assert test.run(presser(panel)).passed
    assert lit_during == {"seat 1": [17], "seat 2": [27], "seat 3": [22], "seat 4": [23],
                          "seat 5": [24], "status": [25], "buzzer": [18]}


def test_the_game_does_not_see_self_test_presses(panel):
    game = []
    panel.when_end_turn = lambda: game.append("end_turn")
    assert SelfTest(panel, light_seconds=0.001).run(presser(panel)).passed
    assert game == []
    SimulatedPanel(panel).click("end_turn")
    assert game == ["end_turn"]


def test_swapped_wires_are_reported(panel):
    test = SelfTest(panel, press_timeout=0.05, light_seconds=0.001)
    report = test.run(presser(panel, wrong={"end_turn": "confirm"}))
    first = report.results[0]
    assert first.outcome == "failed"
    assert first.detail == ("END TURN was not pressed, CONFIRM was instead: "
                            "are the END TURN and CONFIRM wires swapped?")
    assert report.results[1].passed  # CONFIRM itself still works
    assert not report.passed and report.failures == (first,)


def test_no_press_times_out(panel):
    report = SelfTest(panel, press_timeout=0.05, light_seconds=0.001).run()
    assert report.results[0].detail == (
        "no press of END TURN (GPIO 21) within 0.05 s: check the button's wire to GND")
    assert [r.outcome for r in report.results[:3]] == ["failed"] * 3
    assert all(r.passed for r in report.results[3:])


def test_a_press_before_the_prompt_does_not_count(panel):
    test = SelfTest(panel, press_timeout=0.05, light_seconds=0.001)
    test._presses.put("end_turn")  # pressed before the prompt was shown
    report = test.run()
    assert report.results[0].outcome == "failed"


def test_a_stuck_button_is_reported(mock_factory, panel):
    pin(mock_factory, 20).drive_low()  # CONFIRM shorted to ground
    sim = SimulatedPanel(panel)

    def on_step(step):
        if step.part in ("end_turn", "undo"):
            sim.click(step.part)

    report = SelfTest(panel, press_timeout=WAIT, light_seconds=0.001).run(on_step)
    pin(mock_factory, 20).drive_high()
    confirm = report.results[1]
    assert confirm.outcome == "failed"
    assert confirm.detail == ("CONFIRM (GPIO 20) reads as pressed before anyone pressed it: "
                              "check the wiring for a short to ground")
    assert report.results[0].passed and report.results[2].passed


def test_player_confirms_outputs(panel):
    test = SelfTest(panel, press_timeout=WAIT, confirm_outputs=True, answer_timeout=WAIT)
    press = presser(panel)

    def on_step(step):
        press(step)
        if step.kind != "button":
            test.answer(step.part != "seat 3")  # seat 3's LED is dead

    report = test.run(on_step)
    by_part = {r.step.part: r for r in report.results}
    assert by_part["seat 3"].outcome == "failed"
    assert by_part["seat 3"].detail == "seat 3 was switched on (GPIO 22) but not seen or heard"
    assert by_part["seat 2"].detail == "seat 2 on (GPIO 27), confirmed"
    assert report.failures == (by_part["seat 3"],)


def test_unanswered_output_fails(panel):
    test = SelfTest(panel, press_timeout=WAIT, confirm_outputs=True, answer_timeout=0.01)
    report = test.run(presser(panel))
    assert report.results[3].detail == "no answer for seat 1 within 0.01 s"


def test_cancel_from_another_thread(panel):
    test = SelfTest(panel, press_timeout=60.0)
    prompted = threading.Event()
    thread = test.start(on_step=lambda step: prompted.set())
    assert prompted.wait(WAIT)
    test.cancel()
    assert test.finished.wait(WAIT)
    thread.join(WAIT)
    report = test.report
    assert report.cancelled and not report.passed
    assert {r.outcome for r in report.results} == {"cancelled"}
    assert len(report.results) == len(test.steps)


def test_cancel_during_an_output_step(panel):
    test = SelfTest(panel, light_seconds=60.0)
    press = presser(panel)

    def on_step(step):
        press(step)
        if step.part == "seat 1":
            threading.Timer(0.0, test.cancel).start()

    report = test.run(on_step)
    outcomes = [r.outcome for r in report.results]
    assert outcomes[:3] == ["passed"] * 3
    assert set(outcomes[3:]) == {"cancelled"}
    assert report.results[3].seconds < 30


def test_rgb_leds_are_tested_per_colour(mock_factory):
    with Panel(PinMap(seat_leds=((5, 6, 13),)), mock_factory) as panel:
        steps = self_test_steps(panel)
        assert [(s.part, s.gpio) for s in steps if s.kind == "led"] == [
            ("seat 1 red", 5), ("seat 1 green", 6), ("seat 1 blue", 13), ("status", 25)]
        assert SelfTest(panel, light_seconds=0.001).run(presser(panel)).passed


def test_muted_buzzer_still_sounds_in_the_self_test(mock_factory, panel):
    panel.muted = True
    buzzer = pin(mock_factory, 18)
    buzzer.clear_states()
    assert SelfTest(panel, light_seconds=0.001).run(presser(panel)).passed
    assert [s.state for s in buzzer.states] == [0, 1, 0]


def test_command_line_dry_run(capsys):
    assert main(["--simulate", "--press-timeout", "5", "--light-seconds", "0.001", "--json"]) == 0
    out = capsys.readouterr().out
    assert "Press END TURN (GPIO 21)" in out
    assert '"passed": true' in out and out.rstrip().endswith("all parts work")


def test_command_line_bad_pins(tmp_path, capsys):
    settings = tmp_path / "settings.toml"
    settings.write_text("[pins]\nconfirm = 22\n")
    assert main(["--simulate", "--settings", str(settings)]) == 2
    assert "pins.confirm and pins.seat_leds[2] (seat 3) both use GPIO 22" in capsys.readouterr().out
