"""The Kivy app: the one composition root.

It reads settings, opens the journal, picks the hardware backend (the GPIO
panel on a Pi, the on-screen simulated panel elsewhere), builds the screens
and routes events: panel presses are moved onto the Kivy thread and handed to
the session; session signals go to the LEDs/buzzer and to the screen.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock, mainthread
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.engine import CompanionError, GameConfig
from companion.i18n import N_, Text, Translator, with_names
from companion.journal import Journal
from companion.session import SessionEvent, TableSession
from companion.settings import SETTINGS_FILE, Settings, load_settings, save_settings
from companion.signals import ErrorSignal, Signal
from ui.lifecycle import Lifecycle

KV_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class AppOptions:
    """Command-line choices; ``simulate=None`` means: decide from the machine."""

    data_dir: Path
    simulate: bool | None = None
    fullscreen: bool | None = None
    lang: str | None = None
    size: tuple[int, int] = (800, 480)


class CompanionApp(App):
    """Wires settings, journal, hardware and screens; navigates between screens."""

    lang = StringProperty("en")
    notices = ListProperty([])
    banner = StringProperty("")
    banner_is_error = BooleanProperty(False)
    simulated = BooleanProperty(False)
    session = ObjectProperty(None, allownone=True)

    def __init__(self, options: AppOptions, **kwargs: Any):
        super().__init__(**kwargs)
        self.title = "Table Companion"
        self.options = options
        self.data_dir = Path(options.data_dir)
        self.settings_path = self.data_dir / SETTINGS_FILE
        self.settings: Settings = Settings()
        self.journal: Journal | None = None
        self.hardware: Any = None   # hardware.backend.GpioBackend
        self.camera: Any = None     # ui.camera.CameraFeed while a game has one
        self._translator = Translator("en")
        self._clear_banner_event = None

    # -- translation -------------------------------------------------------
    def tr(self, message: str | Text, _lang: str | None = None, **values: Any) -> str:
        """Translate ``message``; kv passes ``app.lang`` so the text re-binds on switch."""
        return self._translator(message, **values)

    def say(self, text: Text) -> str:
        """An engine's text (a refusal, an action) translated, seats shown as the players' names."""
        if self.session is not None:
            text = with_names(text, [p.name for p in self.session.config.players])
        return self._translator(text)

    def on_lang(self, _app: Any, lang: str) -> None:
        self._translator = Translator(lang)

    def notice_text(self, _lang: str | None = None) -> str:
        """The start-up notices (simulated panel, settings problems), translated."""
        return " · ".join(self.tr(n) for n in self.notices)

    def set_language(self, lang: str) -> None:
        self._translator = Translator(lang)
        self.lang = lang
        self.settings = self.settings.with_changes(language=lang)
        save_settings(self.settings, self.settings_path)

    # -- building ----------------------------------------------------------
    def build(self) -> Any:
        notices = []
        try:
            self.settings = load_settings(self.settings_path)
        except CompanionError as exc:
            notices.append(str(exc))
        lang = self.options.lang or self.settings.language
        self._translator = Translator(lang)
        self.lang = lang
        self.journal = Journal(self.data_dir / "journal.sqlite3")
        from hardware.backend import open_backend

        self.hardware = open_backend(dict(self.settings.pins), self.options.simulate)
        self.simulated = self.hardware.simulated
        notices.extend(self.hardware.notices)
        # the notices hardware/ may give, marked for the catalogues
        N_("Simulated GPIO panel: use the on-screen buttons and LEDs.")
        N_("No Raspberry Pi found: the GPIO panel is simulated on screen.")
        self.hardware.on_press = self._press_from_panel
        self.hardware.muted = not self.settings.sound
        self.notices = notices

        Builder.load_file(str(KV_DIR / "widgets" / "common.kv"))
        from ui.screens import all_screens

        root = Builder.load_file(str(KV_DIR / "root.kv"))
        manager: ScreenManager = root.ids.screens
        manager.transition = NoTransition()
        for screen in all_screens():
            manager.add_widget(screen)
        if self.simulated:
            from ui.widgets.panel import SimulatedPanel

            root.ids.panel_slot.add_widget(SimulatedPanel(hardware=self.hardware))
        return root

    def on_start(self) -> None:
        fullscreen = self.options.fullscreen
        if fullscreen is None:
            fullscreen = self.settings.fullscreen
        if fullscreen:
            from kivy.core.window import Window

            Window.fullscreen = "auto"
        self.lifecycle = Lifecycle(self)  # SIGTERM, watchdog, errors on screen (ui/lifecycle.py)
        self.lifecycle.start()
        self.goto("home")
        if os.environ.get("TABLE_COMPANION_BENCH_START"):  # python -m ui.bench: first frame, then quit
            Clock.schedule_once(lambda _dt: (print("home-ready", flush=True), self.stop()), 0)

    def on_stop(self) -> None:
        if getattr(self, "lifecycle", None) is not None:
            self.lifecycle.stop()
        self._close_camera()
        if self.hardware is not None:
            self.hardware.close()
        if self.journal is not None:
            self.journal.close()

    @property
    def manager(self) -> ScreenManager:
        return self.root.ids.screens

    def goto(self, name: str) -> None:
        screen = self.manager.get_screen(name)
        if hasattr(screen, "refresh"):
            screen.refresh()
        self.manager.current = name

    # -- games -------------------------------------------------------------
    def start_game(self, config: GameConfig) -> TableSession:
        """Set up a new game (may raise ConfigError with a readable reason)."""
        assert self.journal is not None
        session = TableSession.new(self.journal, config)
        self._attach(session)
        return session

    def resume_game(self, game_id: int) -> TableSession:
        assert self.journal is not None
        session = TableSession.resume(self.journal, game_id)
        self._attach(session)
        for notice in session.notices:
            self.show_banner(notice, seconds=12)
        return session

    def _attach(self, session: TableSession) -> None:
        if self.session is not None:
            self.session.remove_listener(self._on_session_event)
        self.session = session
        session.add_listener(self._on_session_event)
        if self.hardware is not None:
            self.hardware.set_seats(session.config.player_count,
                                    [p.colour or None for p in session.config.players])
        self._open_camera(session)
        self.goto("table")
        session.announce_turn()

    def _open_camera(self, session: TableSession) -> None:
        from ui.camera import open_camera

        self._close_camera()
        self.camera, reason = open_camera(session, self.settings, self.simulated,
                                          on_status=lambda text: text and self.show_banner(text, 8))
        if reason:
            self.show_banner(self.tr(reason), seconds=8)

    def _close_camera(self) -> None:
        if self.camera is not None:
            self.camera.close()
            self.camera = None

    def close_game(self) -> None:
        self._close_camera()
        if self.session is not None:
            self.session.remove_listener(self._on_session_event)
        self.session = None
        if self.hardware is not None:
            self.hardware.all_off()
        self.goto("home")

    def _on_session_event(self, event: SessionEvent) -> None:
        if event.kind == "signal":
            self._play(event.payload)
        elif event.kind == "error":
            self.show_banner(sentence(self.say(event.payload)), seconds=6, error=True)
        if event.kind == "changed":
            table = self.manager.get_screen("table")
            table.refresh()

    def _play(self, signal: Signal) -> None:
        if self.hardware is not None:
            self.hardware.play(signal)
        if not isinstance(signal, ErrorSignal):
            self.manager.get_screen("table").on_signal(signal)

    # -- panel -------------------------------------------------------------
    def _press_from_panel(self, button: str) -> None:
        """Called on gpiozero's thread: hop onto the Kivy thread first."""
        Clock.schedule_once(lambda _dt: self.press(button))

    def press(self, button: str) -> None:
        screen = self.manager.current_screen
        handler = getattr(screen, "on_panel_press", None)
        if handler is not None and handler(button):
            return
        if self.session is None or self.manager.current != "table":
            return
        self.session.press(button)

    # -- banner ------------------------------------------------------------
    @mainthread
    def show_banner(self, text: str, seconds: float = 5.0, error: bool = False) -> None:
        """A line across the top: red for a refusal, blue for news (signals, notices)."""
        self.banner = text
        self.banner_is_error = error
        if self._clear_banner_event is not None:
            self._clear_banner_event.cancel()
        self._clear_banner_event = Clock.schedule_once(lambda _dt: self.clear_banner(), seconds)

    def clear_banner(self) -> None:
        self.banner = ""

    def save_settings(self, settings: Settings) -> None:
        save_settings(settings, self.settings_path)
        self.settings = settings
        if self.hardware is not None:
            self.hardware.muted = not settings.sound


def sentence(text: str) -> str:
    """A refusal shown on its own starts with a capital letter (engines write them as clauses)."""
    return text[:1].upper() + text[1:]
