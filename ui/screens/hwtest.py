"""Hardware self-test: press each button, confirm each LED and the buzzer."""
from __future__ import annotations

from kivy.app import App
from kivy.clock import mainthread
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from ui.app_screen import AppScreen
from ui.table_controller import MainAction

from companion.messages import Text
from hardware.selftest import BUTTON_LABELS, SelfTestStep, StepResult
from ui.kv import load_kv

load_kv(__file__)


def step_prompt(app, step: SelfTestStep) -> str:
    if step.kind == "button":
        return app.tr("Press {button} on the panel", button=app.tr(BUTTON_LABELS[step.part]))
    if step.kind == "buzzer":
        return app.tr("Does the buzzer sound?")
    if step.seat is None:
        return app.tr("Is the status LED on?")
    if step.channel:
        return app.tr("Does the LED of seat {n} glow {colour}?", n=step.seat + 1, colour=app.tr(step.channel))
    return app.tr("Is the LED of seat {n} on?", n=step.seat + 1)


class HardwareTestScreen(AppScreen):
    prompt = StringProperty("")
    running = BooleanProperty(False)
    asks_answer = BooleanProperty(False)
    results = ListProperty([])

    def on_panel_press(self, button: str) -> bool:
        """While the self-test runs, its steps take the panel's buttons."""
        return self.running

    def main_action(self, button: str) -> MainAction | None:
        """The panel's CONFIRM / END TURN: Start test."""
        return self.button_action("run")

    def refresh(self) -> None:
        if not self.running:
            app = App.get_running_app()
            self.prompt = app.tr("Checks every button, LED and the buzzer of the panel, one by one.")
            # which panel this is (no Pi here: the on-screen one), and any problem with its pins
            self.results = [app.tr(n) for n in (app.hardware.notices if app.hardware is not None else ())]

    def start(self) -> None:
        app = App.get_running_app()
        self.results = []
        self.running = True
        self._test = app.hardware.self_test(confirm_outputs=True, press_timeout=30.0,
                                            answer_timeout=30.0)
        self._test.start(on_step=self._on_step, on_result=self._on_result)
        self._test_done()

    def _test_done(self) -> None:
        import threading

        def wait() -> None:
            self._test.finished.wait()
            self._finished()

        threading.Thread(target=wait, name="selftest-wait", daemon=True).start()

    @mainthread
    def _on_step(self, step: SelfTestStep) -> None:
        self.prompt = step_prompt(App.get_running_app(), step)
        self.asks_answer = step.kind != "button"

    @mainthread
    def _on_result(self, result: StepResult) -> None:
        mark = {"passed": "✓", "failed": "✗", "cancelled": "–"}[result.outcome]
        self.results = self.results + [f"{mark} {result.step.part} (GPIO {result.step.gpio})"
                                       + ("" if result.passed else f": {result.detail}")]

    @mainthread
    def _finished(self) -> None:
        app = App.get_running_app()
        self.running = False
        self.asks_answer = False
        report = self._test.report
        failed = len(report.failures) if report else 0
        self.prompt = app.tr("All parts work.") if report and report.passed else \
            app.tr(Text("{count} part failed: check its wiring.", "{count} parts failed: check their wiring.",
                        count=failed)) \
            if failed else app.tr("Self-test stopped.")

    def answer(self, seen: bool) -> None:
        if self.running:
            self._test.answer(seen)

    def cancel(self) -> None:
        if self.running:
            self._test.cancel()

    def on_leave(self, *_args) -> None:
        self.cancel()
