"""The turn countdown on the MockFactory pins, driven by a fake clock through the table's
controller: the seat's LED blinks faster in the last 10 s, the buzzer sounds once at zero,
and the turn goes on (the table ends it, never the countdown)."""
from __future__ import annotations

import pytest

from companion.engine import GameConfig
from companion.i18n import Translator
from companion.settings import Settings
from hardware.backend import GpioBackend
from hardware.factory import PinFactoryChoice
from hardware.panel import Panel
from hardware.pins import PinMap
from tests.fake_game import Add, Roll
from tests.hardware.conftest import FAST, history, pin
from ui.table_controller import TableController

WAIT = 5.0
SEAT_PINS = (17, 27, 22, 23, 24)
BUZZER = 18
CONFIG = GameConfig.build("counter", ["Ana", "Bo"], target=50)


class Shell:
    """The window around the controller, reduced to what a countdown needs."""

    def __init__(self) -> None:
        self.tr = Translator("en")

    def show_banner(self, *_args, **_kw) -> None: ...
    def clear_banner(self) -> None: ...
    def goto(self, _name: str) -> None: ...
    def table_changed(self) -> None: ...
    def signal_shown(self, _shown) -> None: ...
    def storage_shown(self, _text: str) -> None: ...
    def journal_notices(self, _notices) -> None: ...
    def every(self, _seconds, _callback):
        return lambda: None


class FakeClock:
    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def table(mock_factory, tmp_path):
    backend = GpioBackend(PinFactoryChoice(mock_factory, True, ""), Panel(PinMap(), mock_factory), FAST)
    controller = TableController(Shell(), tmp_path / "journal.sqlite3", hardware=backend)
    controller.open_journal()
    clock = FakeClock()
    controller.journal.now = clock
    controller.countdown_for = Settings(turn_countdowns={"counter": 60}).countdown_for   # this game's own
    session = controller.start_game(CONFIG)
    session.submit(Add(0, 1))
    session.submit(Roll(0))            # Bo's turn starts now
    assert backend.player.wait_idle(WAIT)
    yield controller, backend, clock
    controller.close()
    backend.player.close()


def buzzes(factory) -> int:
    """How many times the buzzer went on since its pin's history was cleared."""
    row = history(factory, BUZZER)
    return sum(1 for before, after in zip([0.0, *row], row) if after and not before)


def test_the_seat_blinks_faster_in_the_last_ten_seconds_and_the_buzzer_sounds_once(table, mock_factory):
    controller, backend, clock = table
    player = backend.player
    for second in range(50):           # 50 s of Bo's turn: the LED stays steady
        clock.t += 1 if second else 0
        view = controller.clock_tick()
    assert player.hurrying_seats == frozenset() and pin(mock_factory, SEAT_PINS[1]).state == 1
    assert view.note == "Left: 0:11"
    clock.t += 1                       # 10 s left: Bo's light hurries
    view = controller.clock_tick()
    assert view.note == "Left: 0:10"
    assert player.hurrying_seats == frozenset({1}) and player.blink_half == FAST.hurry_half < FAST.blink_half
    pin(mock_factory, SEAT_PINS[1]).clear_states()
    assert player.wait_blinks(6, WAIT)
    row = history(mock_factory, SEAT_PINS[1])
    assert sum(1 for a, b in zip(row, row[1:]) if a != b) >= 5          # on, off, on ...
    assert all(not pin(mock_factory, g).states or history(mock_factory, g)[-1] == 0
               for g in (SEAT_PINS[0], *SEAT_PINS[2:]))                  # nobody else lights
    pin(mock_factory, BUZZER).clear_states()
    for _ in range(10):                # zero: one buzz, then it waits for the table
        clock.t += 1
        view = controller.clock_tick()
    assert view.note == "Time is up"
    assert player.wait_idle(WAIT)
    for _ in range(30):                # more ticks after zero never sound again
        clock.t += 1
        controller.clock_tick()
    assert player.wait_idle(WAIT)
    assert buzzes(mock_factory) == 1 and pin(mock_factory, BUZZER).state == 0
    assert player.hurrying_seats == frozenset() and pin(mock_factory, SEAT_PINS[1]).state == 1   # steady again
    assert controller.session.to_act == (1,)                            # still Bo's turn


def test_a_paused_clock_holds_the_countdown_and_the_next_turn_starts_its_own(table, mock_factory):
    controller, backend, clock = table
    clock.t += 55
    controller.clock_tick()
    assert backend.player.hurrying_seats == frozenset({1})
    controller.toggle_clock()          # a tap: paused
    assert backend.player.hurrying_seats == frozenset()
    pin(mock_factory, BUZZER).clear_states()
    clock.t += 600
    assert controller.clock_tick().note == "Paused" and buzzes(mock_factory) == 0
    controller.toggle_clock()
    controller.session.submit(Add(1, 1))
    controller.session.submit(Roll(0))  # Ana's turn: a new countdown
    clock.t += 30
    assert controller.clock_tick().note == "Left: 0:30"
    assert backend.player.wait_idle(WAIT) and buzzes(mock_factory) == 0


def test_no_countdown_by_default(mock_factory, tmp_path):
    backend = GpioBackend(PinFactoryChoice(mock_factory, True, ""), Panel(PinMap(), mock_factory), FAST)
    controller = TableController(Shell(), tmp_path / "journal.sqlite3", hardware=backend)
    controller.open_journal()
    clock = FakeClock()
    controller.journal.now = clock
    session = controller.start_game(CONFIG)
    session.submit(Add(0, 1))
    session.submit(Roll(0))
    pin(mock_factory, BUZZER).clear_states()
    for _ in range(200):
        clock.t += 1
        view = controller.clock_tick()
    assert view.note == "" and view.face == "3:20"
    assert backend.player.wait_idle(WAIT) and buzzes(mock_factory) == 0
    controller.close()
    backend.close()


@pytest.mark.parametrize(("settings", "note"), [
    (Settings(turn_countdowns={"golden_horn": 60}), ""),                    # another game's: none here
    (Settings(turn_countdowns={"golden_horn": 60, "counter": 90}), "Left: 1:00"),
    (Settings(turn_countdown=60), "Left: 0:30"),                             # an older file's one value: every game's
    (Settings(turn_countdown=60, turn_countdowns={"counter": 0}), ""),       # ... unless the game has its own
], ids=["other-game", "own", "older-single-value", "own-off"])
def test_each_game_has_its_own_countdown(mock_factory, tmp_path, settings, note):
    backend = GpioBackend(PinFactoryChoice(mock_factory, True, ""), Panel(PinMap(), mock_factory), FAST)
    controller = TableController(Shell(), tmp_path / "journal.sqlite3", hardware=backend)
    controller.open_journal()
    clock = FakeClock()
    controller.journal.now = clock
    controller.countdown_for = settings.countdown_for
    session = controller.start_game(CONFIG)
    session.submit(Add(0, 1))
    session.submit(Roll(0))            # Bo's turn starts now
    clock.t += 30
    assert controller.clock_tick().note == note
    controller.close()
    backend.close()
