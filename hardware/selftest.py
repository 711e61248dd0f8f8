"""The hardware self-test: press each button, see each LED and hear the buzzer.

The logic behind the settings screen's "hardware test" (and ``python -m
hardware.selftest`` on a Pi's console).  It steps through the panel:

1. each button: "Press END TURN" — waits (on a queue, no polling) for that
   press made after the prompt; a different button pressed instead is reported, which finds
   swapped wires;
2. each seat LED (each colour of an RGB LED), the status LED, the buzzer:
   switched on alone for ``light_seconds``, read back from its pin, and — when
   ``confirm_outputs`` is set — confirmed by the player with :meth:`answer`.

Results are data (:class:`SelfTestReport`).  While the test runs every press
goes to the test, not to the game (:meth:`Panel.capture_presses`); keep the
:class:`~hardware.signals.SignalPlayer` idle meanwhile (it shares the LEDs).
"""
from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Optional

from gpiozero import RGBLED

from hardware.panel import Panel
from hardware.pins import BUTTONS, RGB_CHANNELS

BUTTON_LABELS = {"end_turn": "END TURN", "confirm": "CONFIRM", "undo": "UNDO"}

_CANCEL = "<cancel>"


@dataclass(frozen=True)
class SelfTestStep:
    """One thing to check: ``kind`` is "button", "led" or "buzzer"; ``part`` names it."""

    kind: str
    part: str
    gpio: int
    prompt: str
    seat: Optional[int] = None
    channel: Optional[str] = None


@dataclass(frozen=True)
class StepResult:
    """``outcome`` is "passed", "failed" or "cancelled"; ``detail`` says what was seen."""

    step: SelfTestStep
    outcome: str
    detail: str
    seconds: float

    @property
    def passed(self) -> bool:
        return self.outcome == "passed"


@dataclass(frozen=True)
class SelfTestReport:
    results: tuple[StepResult, ...]

    @property
    def passed(self) -> bool:
        return bool(self.results) and all(r.passed for r in self.results)

    @property
    def failures(self) -> tuple[StepResult, ...]:
        return tuple(r for r in self.results if r.outcome == "failed")

    @property
    def cancelled(self) -> bool:
        return any(r.outcome == "cancelled" for r in self.results)

    def to_dict(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "results": [
                {"kind": r.step.kind, "part": r.step.part, "gpio": r.step.gpio,
                 "outcome": r.outcome, "detail": r.detail, "seconds": round(r.seconds, 3)}
                for r in self.results
            ],
        }


def self_test_steps(panel: Panel) -> tuple[SelfTestStep, ...]:
    """The steps for this panel, buttons first, then every light, then the buzzer."""
    pin_map = panel.pin_map
    steps = [SelfTestStep("button", name, pin_map.button_pin(name), f"Press {BUTTON_LABELS[name]}")
             for name in BUTTONS]
    for seat, light in enumerate(pin_map.seat_leds):
        if isinstance(light, tuple):
            steps += [SelfTestStep("led", f"seat {seat + 1} {channel}", gpio,
                                   f"Seat {seat + 1} LED glows {channel}?", seat, channel)
                      for channel, gpio in zip(RGB_CHANNELS, light)]
        else:
            steps.append(SelfTestStep("led", f"seat {seat + 1}", light,
                                      f"Seat {seat + 1} LED is on?", seat))
    steps.append(SelfTestStep("led", "status", pin_map.status_led, "Status LED is on?"))
    steps.append(SelfTestStep("buzzer", "buzzer", pin_map.buzzer, "Buzzer sounds?"))
    return tuple(steps)


class SelfTest:
    """Runs the steps on ``panel``; :meth:`run` blocks, :meth:`start` runs it on a thread."""

    def __init__(self, panel: Panel, *, press_timeout: float = 20.0, light_seconds: float = 1.0,
                 confirm_outputs: bool = False, answer_timeout: float = 20.0,
                 buzzer_note: str = "A4"):
        self.panel = panel
        self.steps = self_test_steps(panel)
        self.press_timeout = press_timeout
        self.light_seconds = light_seconds
        self.confirm_outputs = confirm_outputs
        self.answer_timeout = answer_timeout
        self.buzzer_note = buzzer_note
        self.report: Optional[SelfTestReport] = None
        self.finished = threading.Event()
        self._presses: "queue.Queue[str]" = queue.Queue()
        self._answers: "queue.Queue[object]" = queue.Queue()
        self._cancelled = threading.Event()
        self._thread: Optional[threading.Thread] = None

    # -- inputs from the screen ------------------------------------------------

    def answer(self, seen: bool) -> None:
        """The player's answer for the output step on show ("yes, it lit")."""
        self._answers.put(bool(seen))

    def cancel(self) -> None:
        """Stop at the current step; it and the remaining ones are reported cancelled."""
        self._cancelled.set()
        self._presses.put(_CANCEL)
        self._answers.put(_CANCEL)

    # -- running -----------------------------------------------------------------

    def start(self, on_step: Callable[[SelfTestStep], None] | None = None,
              on_result: Callable[[StepResult], None] | None = None) -> threading.Thread:
        """Run on a background thread; ``finished`` is set when ``report`` is ready."""
        self._thread = threading.Thread(target=self.run, args=(on_step, on_result),
                                        name="hardware-self-test", daemon=True)
        self._thread.start()
        return self._thread

    def run(self, on_step: Callable[[SelfTestStep], None] | None = None,
            on_result: Callable[[StepResult], None] | None = None) -> SelfTestReport:
        """Every step in order; ``on_step`` before a step starts, ``on_result`` after it."""
        results = []
        try:
            with self.panel.capture_presses(self._presses.put):
                self.panel.all_off()
                for step in self.steps:
                    _drain(self._presses)  # presses and answers from before the prompt
                    _drain(self._answers)  # do not count
                    if on_step is not None:
                        on_step(step)
                    started = time.monotonic()
                    if self._cancelled.is_set():
                        outcome, detail = "cancelled", "the self-test was cancelled"
                    elif step.kind == "button":
                        outcome, detail = self._check_button(step)
                    else:
                        outcome, detail = self._check_output(step)
                    result = StepResult(step, outcome, detail, time.monotonic() - started)
                    results.append(result)
                    if on_result is not None:
                        on_result(result)
        finally:
            self.panel.all_off()
            self.report = SelfTestReport(tuple(results))
            self.finished.set()
        return self.report

    def _check_button(self, step: SelfTestStep) -> tuple[str, str]:
        label = BUTTON_LABELS[step.part]
        if self.panel.is_pressed(step.part):
            return "failed", (f"{label} (GPIO {step.gpio}) reads as pressed before anyone pressed it: "
                              "check the wiring for a short to ground")
        strays: list[str] = []
        deadline = time.monotonic() + self.press_timeout
        while True:
            try:
                name = self._presses.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            if name == _CANCEL:
                return "cancelled", "the self-test was cancelled"
            if name == step.part:
                extra = f" (first {_names(strays)} was pressed)" if strays else ""
                return "passed", f"{label} pressed{extra}"
            strays.append(name)
        if strays:
            return "failed", (f"{label} was not pressed, {_names(strays)} was instead: "
                              f"are the {label} and {_names(strays[:1])} wires swapped?")
        return "failed", (f"no press of {label} (GPIO {step.gpio}) within {self.press_timeout:g} s: "
                          "check the button's wire to GND")

    def _check_output(self, step: SelfTestStep) -> tuple[str, str]:
        pin = self._switch(step, on=True)
        try:
            reads_on = bool(pin.state)
            if self.confirm_outputs:
                try:
                    answer = self._answers.get(timeout=self.answer_timeout)
                except queue.Empty:
                    return "failed", f"no answer for {step.part} within {self.answer_timeout:g} s"
            else:
                answer = None
                if self._cancelled.wait(self.light_seconds):
                    answer = _CANCEL
        finally:
            self._switch(step, on=False)
        if answer == _CANCEL:
            return "cancelled", "the self-test was cancelled"
        if not reads_on:
            return "failed", f"GPIO {step.gpio} did not read back as on"
        if answer is False:
            return "failed", f"{step.part} was switched on (GPIO {step.gpio}) but not seen or heard"
        return "passed", f"{step.part} on (GPIO {step.gpio})" + (", confirmed" if answer else "")

    def _switch(self, step: SelfTestStep, on: bool):
        """Switch the step's output on or off alone; returns its pin (to read back)."""
        panel = self.panel
        if step.kind == "buzzer":
            panel.sound(self.buzzer_note if on else None, even_muted=True)
        elif step.seat is None:
            panel.set_status(on)
        else:
            device = panel.seat_lights[step.seat]
            if isinstance(device, RGBLED):
                setattr(device, step.channel or "red", 1 if on else 0)
            else:
                device.value = 1 if on else 0
        return panel.pin_factory.pin(step.gpio)  # the factory hands out the pin in use


def _drain(q: "queue.Queue[Any]") -> None:
    while True:
        try:
            item = q.get_nowait()
        except queue.Empty:
            return
        if item == _CANCEL:  # a cancel stays visible to the next wait
            q.put(item)
            return


def _names(parts: list[str]) -> str:
    labels = []
    for part in parts:
        if BUTTON_LABELS[part] not in labels:
            labels.append(BUTTON_LABELS[part])
    return " then ".join(labels)


def main(argv: list[str] | None = None) -> int:
    """``python -m hardware.selftest``: the self-test on a console (exit 0 when all passed)."""
    import argparse
    import json
    import tomllib

    from hardware.factory import make_pin_factory
    from hardware.pins import PinMap
    from hardware.simulated import SimulatedPanel

    parser = argparse.ArgumentParser(prog="python -m hardware.selftest", description=main.__doc__)
    parser.add_argument("--settings", help="settings TOML file with a [pins] table (default pins otherwise)")
    parser.add_argument("--simulate", action="store_true",
                        help="mock pins; the buttons are pressed automatically (a dry run)")
    parser.add_argument("--press-timeout", type=float, default=20.0, help="seconds to wait per button")
    parser.add_argument("--light-seconds", type=float, default=1.0, help="seconds each light stays on")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    try:
        table: Any = {}
        if args.settings:
            with open(args.settings, "rb") as file:
                table = tomllib.load(file).get("pins", {})
        pin_map = PinMap.from_dict(table)
        choice = make_pin_factory(True if args.simulate else None)
    except (OSError, tomllib.TOMLDecodeError, ValueError, RuntimeError) as exc:
        print(f"self-test: {exc}")
        return 2
    if choice.notice:
        print(choice.notice)
    with Panel(pin_map, choice.factory) as panel:
        simulated = SimulatedPanel(panel) if choice.simulated else None

        def show(step: SelfTestStep) -> None:
            print(f"{step.prompt} (GPIO {step.gpio})", flush=True)
            if simulated is not None and step.kind == "button":
                simulated.click(step.part)

        def result(outcome: StepResult) -> None:
            print(f"  {outcome.outcome}: {outcome.detail}", flush=True)

        test = SelfTest(panel, press_timeout=args.press_timeout, light_seconds=args.light_seconds)
        report = test.run(show, result)
    choice.factory.close()
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    print("all parts work" if report.passed else f"{len(report.failures)} part{'' if len(report.failures) == 1 else 's'} failed")
    return 0 if report.passed else 1


if __name__ == "__main__":
    raise SystemExit(main())
