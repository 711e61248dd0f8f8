"""The start-up problem screen: shown instead of Home when the game journal
cannot be used (damaged, newer, read-only, full, already in use).  It says
what is wrong in the players' words and offers the ways on that fit the
problem: repair (a fresh journal, the damaged one kept aside), the history
read-only, playing without saving, or trying again.  Never a blank kiosk."""
from __future__ import annotations

from kivy.app import App
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from ui.app_screen import AppScreen

from companion.messages import N_
from companion.storage_problems import NO_SAVING, READ_ONLY, REPAIR, RETRY
from ui.kv import load_kv

load_kv(__file__)

#: the button label of each way on
WAY_LABELS = {
    REPAIR: N_("Repair: start a fresh journal"),
    READ_ONLY: N_("Look at the history (read-only)"),
    NO_SAVING: N_("Play without saving"),
    RETRY: N_("Try again"),
}


class ProblemScreen(AppScreen):
    """Renders ``app.startup_problem`` (a :class:`~companion.storage_problems.StorageProblem`)."""

    problem = ObjectProperty(None, allownone=True)
    title = StringProperty("")
    advice = StringProperty("")
    detail = StringProperty("")
    ways = ListProperty([])

    def refresh(self) -> None:
        app = App.get_running_app()
        self.problem = app.startup_problem
        if self.problem is None:
            return
        self.title = app.tr(self.problem.title)
        self.advice = app.tr(self.problem.advice)
        self.detail = self.problem.detail
        self.ways = list(self.problem.ways)

    def on_ways(self, _screen: "ProblemScreen", ways: list) -> None:
        from kivy.factory import Factory

        box = self.ids.ways
        box.clear_widgets()
        app = App.get_running_app()
        for way in ways:
            button = Factory.BigButton(text=app.tr(WAY_LABELS[way]))
            button.way = way
            button.bind(on_release=lambda _b, w=way: app.resolve_startup_problem(w))
            box.add_widget(button)

    def on_pre_enter(self, *_args) -> None:
        self.refresh()
