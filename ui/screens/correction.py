"""Correct the table: a popup listing what players count by hand and the app tracks
(cards, cubes, marks), each with − and + to set it to what lies on the table.

Each tap submits one correction through the session (journaled, shown in the
history, undone with UNDO); the game's ``GameUi.corrections`` says what is listed.
"""
from __future__ import annotations

from kivy.app import App
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.popup import Popup

from companion.corrections import Counted
from companion.errors import CompanionError
from ui.games import game_ui
from ui.kv import load_kv

load_kv(__file__)


class CorrectionRow(BoxLayout):
    """One count: what it is, − count +."""

    what = StringProperty("")
    count = StringProperty("")
    item = ObjectProperty(None)
    popup = ObjectProperty(None)

    def change(self, step: int) -> None:
        self.popup.correct(self.item, self.item.count + step)


class CorrectionPopup(Popup):
    """The list of counts of the running game; refreshed after every correction."""

    def open_for_session(self) -> None:
        self.title = App.get_running_app().tr("Correct the table")
        self.refresh()
        self.open()

    def refresh(self) -> None:
        app = App.get_running_app()
        rows = self.ids.rows
        rows.clear_widgets()
        for item in counted_items(app.session):
            rows.add_widget(CorrectionRow(what=app.say(item.what), count=str(item.count), item=item,
                                          popup=self))

    def correct(self, item: Counted, after: int) -> None:
        session = App.get_running_app().session
        if session.refuse_while_writing():
            return
        try:
            session.submit(item.correct(after))
        except CompanionError:
            pass  # the session reported the reason as a banner, the status LED and the log
        session.when_written(self.refresh)   # the counts as they are once the correction shows


def counted_items(session) -> tuple[Counted, ...]:
    """What the running game lets the table correct (nothing for a game without corrections)."""
    corrections = game_ui(session.config.game).corrections
    return tuple(corrections(session.state)) if corrections is not None else ()


