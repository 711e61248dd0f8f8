"""The Kivy app: the one composition root.

It reads settings, opens the journal, picks the hardware backend (the GPIO
panel on a Pi, the on-screen simulated panel elsewhere), builds the screens
and routes events: panel presses are moved onto the Kivy thread and handed to
the session; session signals go to the LEDs/buzzer and to the screen.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock, mainthread
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.engine import GameConfig
from companion.errors import CompanionError, JournalError
from companion.games import load_manifest
from companion.i18n import N_, Text, Translator, with_names
from companion.journal import Journal, set_aside_and_salvage
from companion.session import SessionEvent, TableSession
from companion.timeline import recover_finished_games
from companion.storage_problems import NO_SAVING, READ_ONLY, REPAIR, describe, unsaved_text
from companion.settings import SETTINGS_FILE, LoadedSettings, Settings, read_settings, save_settings
from companion.signals import ErrorSignal, Signal, SignalSpec, generic_spec
from ui.colours import colour_key
from ui.lifecycle import Lifecycle

KV_DIR = Path(__file__).resolve().parent
JOURNAL_FILE = "journal.sqlite3"
#: seconds between retries of moves that could not be saved, and between idle checkpoints
SAVE_RETRY_SECONDS = 5.0
CHECKPOINT_SECONDS = 30.0
#: what the notice line says while the journal is not the normal, writable one
MODE_NOTICES = {
    READ_ONLY: N_("Read-only: the history can be looked at, nothing new is saved."),
    NO_SAVING: N_("Playing without saving: nothing of this session is kept."),
}

log = logging.getLogger(__name__)


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
    #: a StorageProblem while the journal cannot be opened (the problem screen shows it)
    startup_problem = ObjectProperty(None, allownone=True)
    #: "normal", or READ_ONLY / NO_SAVING when the players chose a way around a problem
    journal_mode = StringProperty("normal")
    #: the bar shown while confirmed moves wait in memory for the storage to work again
    storage_text = StringProperty("")
    #: what the camera proposes and notes, for the message strip (set by the table screen)
    proposal_text = StringProperty("")
    has_other_reading = BooleanProperty(False)
    camera_note = StringProperty("")

    def __init__(self, options: AppOptions, **kwargs: Any):
        super().__init__(**kwargs)
        self.title = "Table Companion"
        self.options = options
        self.data_dir = Path(options.data_dir)
        self.settings_path = self.data_dir / SETTINGS_FILE
        self.settings: Settings = Settings()
        self.settings_pin_problems: tuple[str, ...] = ()
        self._settings_notice_list: list[Text] = []
        self.journal: Journal | None = None
        self.hardware: Any = None   # hardware.backend.GpioBackend
        self.camera: Any = None     # ui.camera.CameraFeed while a game has one
        self._translator = Translator("en")
        self._clear_banner_event = None
        #: sessions whose moves wait in memory (also after leaving the table)
        self._unsaved: list[TableSession] = []
        self._retry_event: Any = None

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
        try:
            self.save_settings(self.settings.with_changes(language=lang))
        except CompanionError as exc:   # the language still changes for this run
            self.show_banner(self.tr(Text("Settings not saved: {reason}", reason=str(exc))), 10, error=True)
            if self.hardware is not None:   # the status LED and the low beep too
                self.hardware.play(ErrorSignal(str(exc)))

    # -- building ----------------------------------------------------------
    def build(self) -> Any:
        notices = []
        loaded = read_settings(self.settings_path)   # never raises: problems are reported per key
        self.settings, self.settings_pin_problems = loaded.settings, loaded.pin_problems
        notices.extend(self._settings_notices(loaded))
        if "pins" in loaded.bad_keys:   # [pins] unreadable: never drive unknown wiring with default pins
            self.options = replace(self.options, simulate=True)
        lang = self.options.lang or self.settings.language
        self._translator = Translator(lang)
        self.lang = lang
        from hardware.backend import open_backend

        self.hardware = open_backend(dict(self.settings.pins), self.options.simulate)
        self.hardware.cue_for = lambda signal: self.signal_spec(signal).cue(signal)
        self.simulated = self.hardware.simulated
        notices.extend(self.hardware.notices)
        # the notices hardware/ may give, marked for the catalogues
        N_("Simulated GPIO panel: use the on-screen buttons and LEDs.")
        N_("No Raspberry Pi found: the GPIO panel is simulated on screen.")
        self.hardware.on_press = self._press_from_panel
        self.hardware.muted = not self.settings.sound
        self.notices = notices
        self._open_journal()

        scale_to_window()
        import ui.widgets.steady  # noqa: F401  (the buttons common.kv builds on)

        Builder.load_file(str(KV_DIR / "widgets" / "common.kv"))
        import ui.widgets.message_strip  # noqa: F401  (root.kv's strip)
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
        from ui.widgets.keyboard import install as install_keyboard

        install_keyboard(self)  # the docked on-screen keyboard; closes when the screen changes
        fullscreen = self.options.fullscreen
        if fullscreen is None:
            fullscreen = self.settings.fullscreen
        if fullscreen:
            from kivy.core.window import Window

            Window.fullscreen = "auto"
        self.lifecycle = Lifecycle(self)  # SIGTERM, watchdog, errors on screen (ui/lifecycle.py)
        self.lifecycle.start()
        Clock.schedule_interval(lambda _dt: self._checkpoint(), CHECKPOINT_SECONDS)
        self.goto("problem" if self.startup_problem is not None else "home")
        if os.environ.get("TABLE_COMPANION_BENCH_START"):  # python -m ui.bench: first frame, then quit
            Clock.schedule_once(lambda _dt: (print("home-ready", flush=True), self.stop()), 0)

    def on_stop(self) -> None:
        if self._clear_banner_event is not None:      # a banner timer must not fire into a stopped app
            self._clear_banner_event.cancel()
        if getattr(self, "lifecycle", None) is not None:
            self.lifecycle.stop()
        self._close_camera()
        self._retry_saving()
        for session in self._unsaved:
            log.error("stopping with %d moves of game #%d not saved: %s", session.unsaved,
                      session.game_id, session.storage_problem)
        if self.hardware is not None:
            self.hardware.close()
        if self.journal is not None:
            self.journal.close()

    # -- the journal ---------------------------------------------------------
    @property
    def journal_path(self) -> Path:
        return self.data_dir / JOURNAL_FILE

    def _open_journal(self) -> None:
        """Open the journal; on failure, remember the problem for the problem screen."""
        try:
            journal = Journal(self.journal_path)
        except JournalError as exc:
            self._journal_failed(exc)
            return
        self._use_journal(journal, "normal")

    def _use_journal(self, journal: Journal, mode: str) -> None:
        if self.journal is not None and self.journal is not journal:
            self.journal.close()
        self.journal = journal
        self.journal_mode = mode
        self.startup_problem = None
        if self.hardware is not None:
            self.hardware.set_fault(False)
        kept = [n for n in self.notices if n not in MODE_NOTICES.values()]
        self.notices = kept + list(journal.notices) + ([MODE_NOTICES[mode]] if mode in MODE_NOTICES else [])
        for notice in journal.notices:
            log.warning("journal: %s", notice)
        if mode == "normal":
            try:
                recovered = recover_finished_games(journal)
            except JournalError as exc:
                log.error("recovering finished games failed: %s", exc)
            else:
                if recovered:
                    log.warning("%d games left unfinished by a stop were marked finished", recovered)

    def _journal_failed(self, exc: JournalError) -> None:
        """The journal cannot be used: log it, light the status LED, and keep
        the players' words for the problem screen."""
        log.error("journal problem (%s): %s", exc.problem, exc)
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        self.startup_problem = describe(exc, self.journal_path)
        if self.hardware is not None:
            self.hardware.set_fault(True)

    def resolve_startup_problem(self, way: str) -> None:
        """A way on, chosen on the problem screen (see companion.storage_problems)."""
        path = self.journal_path
        try:
            if way == REPAIR:
                journal, report = set_aside_and_salvage(path)
                log.warning("journal repaired: %s", report)
                self.show_banner(self.tr(Text(
                    "A fresh journal was started: {count} game copied; the damaged file is kept as {file}.",
                    "A fresh journal was started: {count} games copied; the damaged file is kept as {file}.",
                    count=report.games, file=report.kept_as.name)), seconds=15)
                mode = "normal"
            elif way == READ_ONLY:
                journal, mode = Journal(path, read_only=True), READ_ONLY
            elif way == NO_SAVING:
                journal, mode = Journal.in_memory_journal(), NO_SAVING
            else:
                journal, mode = Journal(path), "normal"
        except JournalError as exc:
            self._journal_failed(exc)
            self.goto("problem")
            return
        self._use_journal(journal, mode)
        self.goto("home")

    def storage_failed(self, exc: JournalError) -> str:
        """A journal error while using the app: logged, on the status LED; the
        sentence to show.  A damaged or newer file opens the problem screen."""
        log.error("journal problem (%s): %s", exc.problem, exc)
        if self.hardware is not None:
            self.hardware.set_fault(True)
        problem = describe(exc, self.journal_path)
        if exc.problem in ("damaged", "newer"):
            self._journal_failed(exc)
            self.goto("problem")
        return f"{self.tr(problem.title)}. {self.tr(problem.advice)}"

    def _checkpoint(self) -> None:
        if self.journal is None:
            return
        try:
            self.journal.checkpoint_if_dirty()
        except JournalError as exc:
            log.warning("idle checkpoint failed (the log keeps everything): %s", exc)

    def _storage_changed(self, session: TableSession) -> None:
        """A session's moves stopped (or started again) being saved."""
        if session.storage_problem is not None:
            if session not in self._unsaved:
                self._unsaved.append(session)
                log.error("moves of game #%d kept in memory: %s", session.game_id,
                          session.storage_problem)
            if self._retry_event is None:
                self._retry_event = Clock.schedule_interval(
                    lambda _dt: self._retry_saving(), SAVE_RETRY_SECONDS)
        elif session in self._unsaved:
            self._unsaved.remove(session)
            log.warning("every move of game #%d is saved again", session.game_id)
            if not self._unsaved:
                self.show_banner(self.tr("Every move is saved again."), seconds=8)
        self._show_unsaved()

    def _show_unsaved(self) -> None:
        waiting = [s for s in self._unsaved if s.storage_problem is not None]
        if waiting:
            first = waiting[0]
            self.storage_text = self.tr(unsaved_text(first.storage_problem,
                                                     sum(s.unsaved for s in waiting), self.journal_path))
        else:
            self.storage_text = ""
            if self._retry_event is not None:
                self._retry_event.cancel()
                self._retry_event = None
        if self.hardware is not None:
            self.hardware.set_fault(bool(waiting) or self.startup_problem is not None)

    def _retry_saving(self) -> None:
        for session in list(self._unsaved):
            if session.flush() and session is not self.session:
                self._storage_changed(session)  # a game left while it waited: no listener

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
        try:
            session = TableSession.new(self.journal, config)
        except JournalError as exc:
            raise CompanionError(self.storage_failed(exc)) from exc
        self._attach(session)
        return session

    def resume_game(self, game_id: int) -> TableSession:
        assert self.journal is not None
        try:
            session = TableSession.resume(self.journal, game_id)
        except JournalError as exc:
            raise CompanionError(self.storage_failed(exc)) from exc
        self._attach(session)
        for notice in session.notices:
            self.show_banner(self.say(notice), seconds=12)
        return session

    def _attach(self, session: TableSession) -> None:
        self.clear_banner()   # the last game's news ("Game over") is not this table's
        if self.session is not None:
            self.session.remove_listener(self._on_session_event)
        self.session = session
        session.add_listener(self._on_session_event)
        if self.hardware is not None:
            self.hardware.set_seats(session.config.player_count,   # colours, never their labels
                                    [colour_key(p.colour) or p.colour or None for p in session.config.players])
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
        elif event.kind == "storage" and self.session is not None:
            self._storage_changed(self.session)
        elif event.kind == "undone":   # a refusal about the undone move is stale now
            done = "; ".join(self.say(action.text()) for action in event.payload)
            self.show_banner(self.tr(Text("Undone: {actions}", actions=done)), seconds=6)
        if event.kind == "changed":
            if self._unsaved:
                self._show_unsaved()
            table = self.manager.get_screen("table")
            table.refresh()

    def signal_spec(self, signal: Signal) -> SignalSpec:
        """How ``signal`` shows: as the game being played declares it (its manifest)."""
        if self.session is None:
            return generic_spec(signal)
        return load_manifest(self.session.config.game).signal_spec(signal)

    def _play(self, signal: Signal) -> None:
        if self.hardware is not None:
            self.hardware.play(signal)   # as the game declares it: cue_for, set in build()
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
    def show_banner(self, text: str | Text, seconds: float = 5.0, error: bool = False) -> None:
        """A line across the top: red for a refusal, blue for news (signals, notices);
        a Text is translated (seats shown as the players' names)."""
        self.banner = self.say(text) if isinstance(text, Text) else str(text)
        self.banner_is_error = error
        if self._clear_banner_event is not None:
            self._clear_banner_event.cancel()
        self._clear_banner_event = Clock.schedule_once(lambda _dt: self.clear_banner(), seconds)

    def clear_banner(self) -> None:
        self.banner = ""
        if self._clear_banner_event is not None:
            self._clear_banner_event.cancel()
            self._clear_banner_event = None

    # -- the camera's proposal, answered in the message strip ------------------
    def confirm_proposal(self) -> None:
        self.manager.get_screen("table").confirm()

    def other_reading(self) -> None:
        self.manager.get_screen("table").other_reading()

    def reject_proposal(self) -> None:
        self.manager.get_screen("table").reject()

    def save_settings(self, settings: Settings) -> None:
        """Save ``settings`` (merged into the file: what it could not read is kept);
        raises CompanionError with the reason when nothing could be written."""
        try:
            result = save_settings(settings, self.settings_path)
        except CompanionError as exc:
            log.warning("settings not saved: %s", exc)
            raise
        self.settings = settings
        if self.hardware is not None:
            self.hardware.muted = not settings.sound
        old = set(map(id, self._settings_notice_list))
        others = [n for n in self.notices if id(n) not in old]
        fresh = self._settings_notices(read_settings(self.settings_path), signal=False)
        if result.moved_aside is not None:
            fresh.insert(0, Text("The settings file could not be read: it was kept as {file} "
                                 "and a new one was saved.", file=result.moved_aside.name))
            self.show_banner(self.tr(fresh[0]), seconds=12)
        self._settings_notice_list = fresh
        self.notices = fresh + others

    def _settings_notices(self, loaded: LoadedSettings, signal: bool = True) -> list[Text]:
        """The settings file's problems as notices for the line under the banner, logged and
        (``signal``: at start) shown on the status LED; pin problems are in hardware/'s own
        notice and on the Settings screen."""
        if signal:
            for problem in loaded.problems + loaded.pin_problems:
                log.warning("settings: %s", problem)
        notices: list[Text] = []
        if loaded.damaged:
            notices.append(Text("The settings file {file} cannot be read ({reason}): the defaults are "
                                "used. It is kept as a .damaged copy when settings are next saved.",
                                file=loaded.path.name, reason=loaded.damaged))
        elif loaded.problems:
            details = tuple(p.removeprefix(f"{loaded.path}: ") for p in loaded.problems)
            notices.append(Text("Some settings in {file} were not used: {problems}. The file keeps "
                                "what you wrote.", file=loaded.path.name, problems=details))
        self._settings_notice_list = notices
        if notices and signal:   # the status LED too; on the next tick, once build() has the hardware
            reason = str(notices[0])
            Clock.schedule_once(lambda _dt: self.hardware is not None
                                and self.hardware.play(ErrorSignal(reason)))
        return notices


def scale_to_window() -> None:
    """Draw the 800×480 layout larger on a larger window (ui.kiosk.ui_scale), before any
    widget exists: dp/sp sizes are taken once, when a widget is built.
    KIVY_METRICS_DENSITY, when set, wins."""
    from kivy.core.window import Window
    from kivy.metrics import Metrics

    from ui.kiosk import ui_scale

    if not os.environ.get("KIVY_METRICS_DENSITY"):
        Metrics.density = ui_scale(*Window.size)
    log.info("window %dx%d, layout scale %.2f", *Window.size, Metrics.density)


def sentence(text: str) -> str:
    """A refusal shown on its own starts with a capital letter (engines write them as clauses)."""
    return text[:1].upper() + text[1:]
