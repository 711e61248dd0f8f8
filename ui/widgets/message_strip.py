"""The message strip: one place, of one fixed height, for everything the app has
to say while players tap (refusals, news, what the camera saw, storage problems,
start-up notices).

It never changes size, so nothing below it moves when a message comes or goes:
a tap lands on what was under the finger when it went down.  One
message shows at a time, chosen by ``strip_message``; a message too long for
its two lines ends in "…" and opens in full on a tap.
"""
from __future__ import annotations

from dataclasses import dataclass

from kivy.app import App
from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.popup import Popup

from ui.kv import load_kv

load_kv(__file__)

#: what kind of message, most urgent first; each has its own colour (ui/widgets/message_strip.kv)
ERROR, PROPOSAL, STORAGE, NEWS, CAMERA_NOTE, NOTICE, NONE = (
    "error", "proposal", "storage", "news", "camera_note", "notice", "")
LINES = 2
ELLIPSIS = "…"


@dataclass(frozen=True)
class StripMessage:
    kind: str
    text: str


def strip_message(*, banner: str = "", banner_is_error: bool = False, proposal: str = "",
                  storage: str = "", camera_note: str = "", notice: str = "") -> StripMessage:
    """The one message the strip shows: a refusal first (the player just tapped), then
    what the camera proposes (its Confirm is the next tap), a storage problem, news,
    the camera's note, and the start-up notices last."""
    for kind, text in ((ERROR, banner if banner_is_error else ""), (PROPOSAL, proposal),
                       (STORAGE, storage), (NEWS, "" if banner_is_error else banner),
                       (CAMERA_NOTE, camera_note), (NOTICE, notice)):
        if text:
            return StripMessage(kind, text)
    return StripMessage(NONE, "")


def fit_lines(text: str, width: float, font_size: float, lines: int = LINES) -> tuple[str, bool]:
    """``text`` as it fits in ``lines`` lines of ``width`` px, cut at a word with "…";
    and whether it was cut."""
    if not text or width <= 0:
        return text, False

    def height(candidate: str) -> float:
        label = CoreLabel(text=candidate, font_size=font_size, text_size=(width, None))
        label.refresh()
        return label.texture.size[1]

    line = height("Ag")
    if height(text) <= line * lines + 1:
        return text, False
    words = text.split(" ")
    low, high = 0, len(words)  # the longest prefix of words (plus "…") that fits
    while low < high:
        mid = (low + high + 1) // 2
        if height(" ".join(words[:mid]) + ELLIPSIS) <= line * lines + 1:
            low = mid
        else:
            high = mid - 1
    shown = " ".join(words[:low]).rstrip(" ,.;:") if low else text[: max(1, int(width / font_size))]
    return shown + ELLIPSIS, True


class MessageStrip(BoxLayout):
    """Bound in ui/root.kv to the app's banner, storage text, notices and the table
    screen's proposal and camera note."""

    message = ObjectProperty(StripMessage(NONE, ""))
    kind = StringProperty(NONE)
    text = StringProperty("")
    shown = StringProperty("")
    cut = BooleanProperty(False)

    def on_message(self, _strip, message: StripMessage) -> None:
        self.kind, self.text = message.kind, message.text
        self.fit()

    def fit(self, *_args) -> None:
        label = self.ids.get("message")
        if label is None:
            return
        self.shown, self.cut = fit_lines(self.text, label.width - 2 * dp(8), label.font_size)

    def on_message_tap(self) -> None:
        """A cut message opens in full; a whole banner is dismissed."""
        app = App.get_running_app()
        if self.cut:
            self.read_all()
        elif self.kind in (ERROR, NEWS):
            app.clear_banner()

    def read_all(self) -> None:
        app = App.get_running_app()
        body = BoxLayout(orientation="vertical", spacing=dp(8), padding=dp(8))
        text = Label(text=self.text, font_size="18sp", halign="left", valign="top")
        text.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
        body.add_widget(text)
        close = Button(text=app.tr("Close", app.lang), size_hint_y=None, height=dp(56), font_size="18sp")
        body.add_widget(close)
        popup = Popup(title=app.tr("Message", app.lang), content=body, size_hint=(0.9, 0.8))
        close.bind(on_release=lambda *_a: popup.dismiss())
        popup.open()
