"""The rules at a glance: the quick reference a game declares (its manifest's
``quick_reference``), one section under the other, scrolled by a finger; opened from the
table's Rules button at the top, or from a refusal's "See the rule" at the section that
explains it.  Back returns to the table as it was: nothing here touches the game (the
panel's buttons, too, wait for the table)."""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.quick_reference import END, SCORING, TURN, QuickReference
from companion.messages import Text
from ui.app_screen import AppScreen
from ui.table_controller import MainAction
from ui.kv import load_kv

load_kv(__file__)

#: the jump buttons, in reading order, by the part of the rules they open
PART_WORDS = ((TURN, Text("Turn")), (SCORING, Text("Scoring")), (END, Text("End")))


class RuleSectionView(BoxLayout):
    """One section: the rulebook's heading and its lines; ``marked`` when a refusal opened it."""

    heading = StringProperty("")
    body = StringProperty("")
    marked = NumericProperty(0)


class RulesScreen(AppScreen):
    title = StringProperty("")
    #: (part, index of its first section) for the jump buttons
    parts = ListProperty([])
    shown_section = NumericProperty(-1)

    def main_action(self, button: str) -> MainAction | None:
        """The panel's CONFIRM / END TURN: Back."""
        return self.button_action("back")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.reference: QuickReference | None = None
        self.game_title = ""

    def show(self, reference: QuickReference, game_title: str, section: int = -1) -> None:
        """Fill the screen with ``reference`` (in the app's language) and scroll to ``section``."""
        self.reference, self.game_title, self.shown_section = reference, game_title, section
        self.fill()

    def fill(self) -> None:
        app = App.get_running_app()
        reference = self.reference
        if reference is None:
            return
        self.title = app.tr(Text("Rules at a glance: {game}", game=app.tr(self.game_title)))
        box = self.ids.sections
        box.clear_widgets()
        for index, section in enumerate(reference.sections):
            box.add_widget(RuleSectionView(
                heading=app.tr(section.heading),
                body="\n".join(f"• {app.tr(line)}" for line in section.lines),
                marked=1 if index == self.shown_section else 0))
        firsts = {}
        for index, section in enumerate(reference.sections):
            firsts.setdefault(section.part, index)
        self.parts = [(app.tr(words), firsts[part]) for part, words in PART_WORDS if part in firsts]
        self.ids.scroll.scroll_y = 1
        if self.shown_section >= 0:
            Clock.schedule_once(lambda _dt: self.scroll_to_section(self.shown_section), 0)

    def on_pre_enter(self, *_args) -> None:
        self.fill()          # the language may have changed since it was filled

    def scroll_to_section(self, index: int) -> None:
        """Bring section ``index`` to the top of the view (as far as the list scrolls)."""
        box = self.ids.sections
        views = list(reversed(box.children))
        if not 0 <= index < len(views):
            return
        box.do_layout()
        scroll = self.ids.scroll
        room = box.height - scroll.height
        if room <= 0:
            return
        top_offset = box.top - views[index].top             # from the list's top to the section's
        effect = scroll.effect_y
        if effect is not None:                 # a flick still gliding would carry it off
            effect.velocity = 0
            effect.is_manual = False
        scroll.scroll_y = max(0.0, min(1.0, 1 - top_offset / room))
        if effect is not None:                 # the effect goes on from here, not from the flick
            effect.value = effect.max * scroll.scroll_y

    def section_in_view(self, index: int) -> bool:
        """Whether section ``index``'s heading is inside the scrolled view."""
        views = list(reversed(self.ids.sections.children))
        scroll = self.ids.scroll
        view = views[index]
        top = view.to_window(view.x, view.top)[1]
        bottom = scroll.to_window(scroll.x, scroll.y)[1]
        return bottom <= top - dp(20) and top <= bottom + scroll.height + 1

    def back(self) -> None:
        App.get_running_app().goto("table")
