"""The Kivy app: the one composition root.

It reads settings, picks the hardware backend (the GPIO panel on a Pi, the
on-screen simulated panel elsewhere), builds the table's controller
(ui/table_controller.py: the journal, the game, its camera and signals) and
the screens, and navigates.  Panel presses are moved onto the Kivy thread and
offered to the screen showing, then to the controller.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock, mainthread
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.engine import GameConfig
from companion.errors import CompanionError
from companion.i18n import Translator
from companion.messages import N_, Text
from companion.journal import Journal, JournalError
from companion.session import TableSession
from companion.settings import SETTINGS_FILE, LoadedSettings, Settings, read_settings, save_settings
from companion.signals import ErrorSignal, Signal, SignalSpec
from companion.storage_problems import StorageProblem
from ui.lifecycle import Lifecycle
from ui.table_controller import JOURNAL_FILE, ShownSignal, TableController

KV_DIR = Path(__file__).resolve().parent
#: how long the start-up news (which panel is used) stays on the message strip
STARTUP_NEWS_SECONDS = 8.0
#: seconds between idle checkpoints of the journal
CHECKPOINT_SECONDS = 30.0
#: how often the game clock is read (its face shows whole seconds; the countdown beeps within one)
CLOCK_SECONDS = 1.0

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
    #: the section of the game's quick reference that explains the refusal shown (-1: none)
    refusal_rule = NumericProperty(-1)
    simulated = BooleanProperty(False)
    #: colours drawn with their symbols (Settings' switch; ui/widgets/colour_mark.py)
    colour_symbols = BooleanProperty(True)
    #: the table's game has a camera: the strip offers "What colour?" (ui/widgets/colour_probe.py)
    can_name_colours = BooleanProperty(False)
    #: "normal", or READ_ONLY / NO_SAVING when the players chose a way around a problem
    journal_mode = StringProperty("normal")
    #: the bar shown while confirmed moves wait in memory for the storage to work again
    storage_text = StringProperty("")
    #: what the camera proposes and notes, for the message strip (the table screen publishes it)
    proposal_text = StringProperty("")
    has_other_reading = BooleanProperty(False)
    camera_note = StringProperty("")
    #: the game clock on the message strip while the table screen shows (it publishes them)
    clock_shown = BooleanProperty(False)
    clock_face = StringProperty("")
    clock_note = StringProperty("")
    clock_paused = BooleanProperty(False)
    #: the venue link's status in words ("" with no venue set), its state for the indicator's
    #: colour ("" with no venue: the indicator takes no room) and its short words
    venue_text = StringProperty("")
    venue_state = StringProperty("")
    venue_short = StringProperty("")
    #: the seating the venue's hub assigned this table for a tournament round ({"round",
    #: "players", "game"}; None: none), offered by the set-up screen, never imposed
    venue_seating = ObjectProperty(None, allownone=True)

    def __init__(self, options: AppOptions, **kwargs: Any):
        super().__init__(**kwargs)
        self.title = "Table Companion"
        self.options = options
        self.data_dir = Path(options.data_dir)
        self.settings_path = self.data_dir / SETTINGS_FILE
        self.settings: Settings = Settings()
        self.settings_pin_problems: tuple[str, ...] = ()
        self._settings_notice_list: list[Text] = []
        self._journal_notice_list: list[Text] = []
        self.hardware: Any = None   # hardware.backend.GpioBackend
        self.lifecycle: Lifecycle | None = None
        self._translator = Translator("en")
        self._clear_banner_event = None
        self._venue_said = ""
        # the journal is written on its own thread; its outcomes come back through the Clock
        self.controller = TableController(self, self.data_dir / JOURNAL_FILE, open_camera=self._open_camera,
                                          post=_on_kivy_thread)

    # -- translation -------------------------------------------------------
    def tr(self, message: str | Text, _lang: str | None = None, **values: Any) -> str:
        """Translate ``message``; kv passes ``app.lang`` so the text re-binds on switch."""
        return self._translator(message, **values)

    def say(self, text: Text) -> str:
        """An engine's text (a refusal, an action) translated, seats shown as the players' names."""
        return self.controller.say(text)

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
        self.colour_symbols = self.settings.colour_symbols
        notices.extend(self._settings_notices(loaded))
        if "pins" in loaded.bad_keys:   # [pins] unreadable: never drive unknown wiring with default pins
            self.options = replace(self.options, simulate=True)
        lang = self.options.lang or self.settings.language
        self._translator = Translator(lang)
        self.lang = lang
        from hardware.backend import open_backend

        self.hardware = open_backend(dict(self.settings.pins), self.options.simulate)
        self.controller.hardware = self.hardware
        self.simulated = self.hardware.simulated
        # which panel is used is said once, at start (and in the hardware test), never kept on
        # the strip all evening; a problem with the pins stays there until it is fixed
        notices.extend(n for n in self.hardware.notices if n not in self.hardware.said_once)
        # the notices hardware/ may give, marked for the catalogues
        N_("Simulated GPIO panel: use the on-screen buttons and LEDs.")
        N_("No Raspberry Pi found: the GPIO panel is simulated on screen.")
        self.hardware.on_press = self._press_from_panel
        self.hardware.muted = not self.settings.sound
        # each game's own, read when a game comes to the table (Settings' changes: from the next game on)
        self.controller.countdown_for = lambda game: self.settings.countdown_for(game)
        self.controller.open_journal()
        notices.extend(self._open_venue())
        self.controller.venue_opener = self._reopen_venue
        self.controller.on_venue_released = self._venue_released
        self.notices = notices

        scale_to_window()
        import ui.widgets.steady  # noqa: F401  (the buttons common.kv builds on)

        Builder.load_file(str(KV_DIR / "widgets" / "common.kv"))
        import ui.widgets.message_strip  # noqa: F401  (root.kv's strip)
        from ui.screens.all import all_screens

        root = Builder.load_file(str(KV_DIR / "root.kv"))
        manager: ScreenManager = root.ids.screens
        manager.transition = NoTransition()
        for screen in all_screens():
            manager.add_widget(screen)
        if self.simulated:
            from ui.widgets.panel import SimulatedPanel

            root.ids.panel_slot.add_widget(SimulatedPanel(hardware=self.hardware))
        return root

    def _open_venue(self) -> list[Text]:
        """The venue link, when a venue is set and the journal is written normally (a problem
        with it is a notice; play goes on without it).  No venue: nothing opens a socket."""
        if not self.settings.has_venue or self.controller.journal is None \
                or self.controller.journal_mode != "normal":
            return []
        from venue.opening import open_link

        link, problem = open_link(self.settings, self.data_dir, self.controller.journal_path,
                                  on_status=lambda status: Clock.schedule_once(
                                      lambda _dt: self._venue_status(status), 0))
        self.controller.venue, self.controller.table_id = link, self.settings.table_id
        if link is not None:
            self._venue_status(link.status)
            # the hub's seating comes on paho's thread (retained: soon after connecting)
            link.on_assignment = lambda seating: Clock.schedule_once(
                lambda _dt: self._venue_seating(link, seating), 0)
            if link.assignment is not None:
                self._venue_seating(link, link.assignment)
        return [problem] if problem is not None else []

    def _venue_released(self) -> None:
        """The link let go of a journal set aside: no indicator and no seating until a new one."""
        self.venue_state = self.venue_short = self.venue_text = ""
        self.venue_seating = None

    def _reopen_venue(self) -> Any:
        """The link on a journal repaired or opened again (a problem is said on the strip)."""
        self.venue_state = self.venue_short = self.venue_text = ""
        self._venue_said = ""
        for problem in self._open_venue():
            self.show_banner(self.tr(problem), seconds=10, error=True)
        return self.controller.venue

    def restart_venue(self) -> None:
        """The venue's settings changed: the link starts again with them (or stops)."""
        if self.controller.venue is not None:
            # closing waits for the sender and paho's threads (a connect or a name lookup may
            # be under way): never on the Kivy thread, the screen would freeze meanwhile
            import threading

            threading.Thread(target=self.controller.venue.close, args=(1.0,), name="venue-close",
                             daemon=True).start()
            self.controller.venue = None
        self.venue_state = self.venue_short = self.venue_text = ""
        self.venue_seating = None
        self._venue_said = ""
        for problem in self._open_venue():
            self.show_banner(self.tr(problem), seconds=10, error=True)
        self.controller.tell_venue()

    def _venue_seating(self, link: Any, seating: Any) -> None:
        """The hub's seating for this table (None: the round is over), from the link in use."""
        if link is self.controller.venue:
            self.venue_seating = seating

    def _venue_status(self, status: Any) -> None:
        """The link's status on the Kivy thread: the indicator's words; a refusal or the first
        loss of the broker said once on the strip, never again while it lasts."""
        self.venue_text = self.tr(status.text)
        self.venue_state = status.state
        self.venue_short = self.tr(status.short)
        if status.state in ("refused", "offline") and status.state != self._venue_said:
            self._venue_said = status.state
            self.show_banner(self.tr(status.text), seconds=8, error=status.state == "refused")
        elif status.state == "connected":
            self._venue_said = ""

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
        Clock.schedule_interval(lambda _dt: self.controller.checkpoint(), CHECKPOINT_SECONDS)
        Clock.schedule_interval(lambda _dt: self.clock_tick(), CLOCK_SECONDS)
        self.goto("problem" if self.startup_problem is not None else "home")
        said_once = self.hardware.said_once if self.hardware is not None else ()
        if said_once:   # news, so it gives way to anything newer and then leaves the strip
            self.show_banner(" · ".join(self.tr(n) for n in said_once), seconds=STARTUP_NEWS_SECONDS)
        if os.environ.get("TABLE_COMPANION_BENCH_START"):  # python -m ui.bench: first frame, then quit
            Clock.schedule_once(lambda _dt: (print("home-ready", flush=True), self.stop()), 0)

    def on_stop(self) -> None:
        if self._clear_banner_event is not None:      # a banner timer must not fire into a stopped app
            self._clear_banner_event.cancel()
        if self.lifecycle is not None:
            self.lifecycle.stop()
        self.controller.close()
        if self.hardware is not None:
            self.hardware.close()

    # -- the table: the controller's, shown here ------------------------------
    @property
    def journal(self) -> Journal | None:
        return self.controller.journal

    @property
    def journal_path(self) -> Path:
        return self.controller.journal_path

    @property
    def session(self) -> TableSession | None:
        return self.controller.session

    @property
    def camera(self) -> Any:
        return self.controller.camera

    @property
    def startup_problem(self) -> StorageProblem | None:
        return self.controller.startup_problem

    @startup_problem.setter
    def startup_problem(self, problem: StorageProblem | None) -> None:
        self.controller.startup_problem = problem

    def resolve_startup_problem(self, way: str) -> None:
        self.controller.resolve_startup_problem(way)
        self.journal_mode = self.controller.journal_mode

    def storage_failed(self, exc: JournalError) -> str:
        return self.controller.storage_failed(exc)

    def start_game(self, config: GameConfig) -> TableSession:
        """Set up a new game (may raise ConfigError with a readable reason)."""
        return self.controller.start_game(config)

    def resume_game(self, game_id: int) -> TableSession:
        return self.controller.resume_game(game_id)

    def close_game(self) -> None:
        self.controller.close_game()

    def signal_spec(self, signal: Signal) -> SignalSpec:
        """How ``signal`` shows: as the game being played declares it (its manifest)."""
        return self.controller.signal_spec(signal)

    def _open_camera(self, session: TableSession) -> tuple[Any, str]:
        from ui.camera import open_camera

        def camera_failed() -> None:   # the status LED and the low beep
            if self.hardware is not None:
                self.hardware.play(ErrorSignal())

        return open_camera(session, self.settings, on_status=lambda text: text and self.show_banner(text, 8),
                           on_error=camera_failed, translate=self.tr)

    # -- the controller's shell (ui.table_controller.Shell) ----------------------
    def journal_notices(self, notices: list[Text]) -> None:
        last = set(map(id, self._journal_notice_list))
        kept = [n for n in self.notices if id(n) not in last]
        self._journal_notice_list = list(notices)
        self.notices = kept + list(notices)
        self.journal_mode = self.controller.journal_mode

    def table_changed(self) -> None:
        self.manager.get_screen("table").refresh()

    def signal_shown(self, shown: ShownSignal) -> None:
        self.manager.get_screen("table").on_signal(shown)

    def storage_shown(self, text: str) -> None:
        self.storage_text = text

    def every(self, seconds: float, callback: Callable[[], None]) -> Callable[[], None]:
        return Clock.schedule_interval(lambda _dt: callback(), seconds).cancel

    @property
    def manager(self) -> ScreenManager:
        return self.root.ids.screens

    def goto(self, name: str) -> None:
        screen = self.manager.get_screen(name)
        screen.refresh()
        self.manager.current = name

    # -- panel -------------------------------------------------------------
    def _press_from_panel(self, button: str) -> None:
        """Called on gpiozero's thread: hop onto the Kivy thread first."""
        Clock.schedule_once(lambda _dt: self.press(button))

    def press(self, button: str) -> None:
        """A panel button: the screen showing takes it first, then its main action (or the
        game at the table, which confirms what the camera proposed first); while a question
        is open (leave the game? resume it?) the panel waits for the answer by touch."""
        from ui.widgets.abandon import QuestionPopup, open_over_screen

        opened = open_over_screen()
        if opened is not None:      # something is open over the screen: answered or closed by touch
            self.show_banner(self.tr("Answer the question on the screen first: {question}", question=opened.title)
                             if isinstance(opened, QuestionPopup) else self.tr("Close what is open on the screen first."))
            return
        screen = self.manager.current_screen
        if screen.on_panel_press(button):
            return
        main = screen.main_action(button) if button != "undo" else None
        if self.manager.current == "table":
            self.controller.press(button, main, screen.waiting_for())
        elif main is not None:
            log.info("panel %s: %s", button, main.label)
            main.run()
        else:
            self.show_banner(screen.waiting_for() or self.tr(
                "The panel has nothing to do on this screen: use the screen's buttons."))

    # -- banner ------------------------------------------------------------
    @mainthread
    def show_banner(self, text: str | Text, seconds: float = 5.0, error: bool = False,
                    rule: Text | None = None) -> None:
        """A line across the top: red for a refusal, blue for news (signals, notices);
        a Text is translated (seats shown as the players' names).  A refusal citing the
        rulebook heading ``rule`` offers its section of the rules at a glance."""
        self.banner = self.say(text) if isinstance(text, Text) else str(text)
        self.banner_is_error = error
        section = self.controller.rule_section(rule) if error else None
        self.refusal_rule = -1 if section is None else section
        if self._clear_banner_event is not None:
            self._clear_banner_event.cancel()
        self._clear_banner_event = Clock.schedule_once(lambda _dt: self.clear_banner(), seconds)

    def clear_banner(self) -> None:
        self.banner = ""
        self.refusal_rule = -1
        if self._clear_banner_event is not None:
            self._clear_banner_event.cancel()
            self._clear_banner_event = None

    # -- the rules at a glance ---------------------------------------------------
    def open_rules(self, section: int = -1) -> None:
        """The quick reference of the game at the table, at ``section`` (-1: the top)."""
        reference = self.controller.quick_reference()
        if reference is None:
            return
        self.manager.get_screen("rules").show(reference, self.session.game.title, section)
        self.goto("rules")

    # -- the camera's proposal, answered in the message strip ------------------
    def clock_tick(self) -> None:
        """The game clock, once a second: the turn countdown on the panel, the clock on the strip."""
        self._show_clock(self.controller.clock_tick())

    def toggle_clock(self) -> None:
        """A tap on the clock: pause it, or let it run again."""
        self._show_clock(self.controller.toggle_clock())

    def _show_clock(self, view: Any) -> None:
        self.clock_face, self.clock_note, self.clock_paused = view.face, view.note, view.paused

    def confirm_proposal(self) -> None:
        self.controller.confirm()

    def other_reading(self) -> None:
        self.controller.other_reading()

    def open_colour_probe(self) -> None:
        """What colour is this? The camera's view with its marked spot, the colour named."""
        feed = self.controller.camera if self.controller is not None else None
        if feed is None:
            self.show_banner(self.tr("This game has no camera: colours can be named only with one."), 6)
            return
        from ui.widgets.colour_probe import ColourProbe, feed_frames

        ColourProbe(feed_frames(feed)).open()

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
        self.colour_symbols = settings.colour_symbols
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


def _on_kivy_thread(callback: Callable[[], None]) -> None:
    """Run ``callback`` on the Kivy thread at its next frame (called from another thread)."""
    Clock.schedule_once(lambda _dt: callback())


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
