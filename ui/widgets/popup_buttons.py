"""The row a form popup ends with: Cancel (closes it) and the popup's own button."""
from __future__ import annotations

from typing import Any, Callable

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.popup import Popup


def cancel_and_ok(app: Any, popup: Popup, ok_text: str, on_ok: Callable[..., Any], prefix: str) -> BoxLayout:
    """Cancel and ``ok_text`` (translated here), test ids ``<prefix>_cancel`` / ``<prefix>_<ok>``."""
    buttons = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(8))
    cancel = Factory.BigButton(text=app.tr("Cancel"), background_color=(0.3, 0.32, 0.36, 1))
    cancel.test_id = f"{prefix}_cancel"
    cancel.bind(on_release=lambda *_a: popup.dismiss())
    ok = Factory.BigButton(text=app.tr(ok_text), background_color=(0.1, 0.45, 0.28, 1))
    ok.test_id = f"{prefix}_{ok_text.lower()}"
    ok.bind(on_release=on_ok)
    buttons.add_widget(cancel)
    buttons.add_widget(ok)
    return buttons
