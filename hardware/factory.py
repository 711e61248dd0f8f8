"""Choosing the gpiozero pin factory: real pins on a Raspberry Pi, mock pins elsewhere.

On a Pi the ``lgpio`` factory is built and passed explicitly to every device
(gpiozero's automatic choice can land on a library that does not work on a
Pi 5).  Anywhere else, or when asked to simulate, a :class:`MockFactory` with
PWM-capable mock pins is used so ``TonalBuzzer`` and RGB LEDs work and the
on-screen panel can drive the very same ``hardware/`` code.

gpiozero's own knobs are honoured: ``GPIOZERO_PIN_FACTORY`` names the
factory (resolved by gpiozero through its ``gpiozero_pin_factories`` entry
points, as ``Device._default_pin_factory`` does; ``mock`` means the
on-screen panel), and the board is recognised from its revision code as gpiozero's
``pi_info()`` does (``PiBoardInfo.from_revision``; the revision read by
``gpiozero.pins.local.get_pi_revision``), besides the device-tree model.

lgpio needs a writable work directory *when it is imported*: its Python
module opens the notification FIFO ``.lgd-nfy<N>`` that the C library
creates in ``$LG_WD``, or in the current directory when unset
(lgpio_extra.py ``_callback_thread``; lgNotify.c, lguGetWorkDir in lgUtil.c,
which also chdir()s to ``$LG_WD``).  Under the kiosk unit the current
directory is read-only, so the import raised FileNotFoundError ('.lgd-nfy-3',
joan2937/lg#22, gpiozero/gpiozero#1106).  :func:`default_lgpio_workdir` sets
``LG_WD`` to the app's data dir when unset, and the import restores the
working directory afterwards.

:func:`make_pin_factory` never leaves the app without a panel: when the Pi's
pins cannot be opened, for *any* reason, it falls back to mock pins and says
why in ``PinFactoryChoice.notice``, which the UI shows.
"""
from __future__ import annotations

import contextlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, MutableMapping

from gpiozero import Factory
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.errors import CompanionError

log = logging.getLogger(__name__)

#: Where the firmware publishes the board name, e.g. "Raspberry Pi 5 Model B Rev 1.0".
DEVICE_TREE_MODEL = Path("/proc/device-tree/model")

#: lgpio's work directory variable (lgpio.h ``LG_WD``).
LG_WD = "LG_WD"
#: gpiozero's factory choice variable.
PIN_FACTORY_ENV = "GPIOZERO_PIN_FACTORY"


class GpioUnavailable(CompanionError, RuntimeError):
    """The Pi's GPIO pins cannot be opened; ``reason`` says why and what to do."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class PinFactoryChoice:
    """The factory to build devices with, and what the UI should tell the players.

    ``notice`` is None when real pins are in use; otherwise a sentence for the
    screen (simulated on purpose, no Pi found, or the Pi's pins failed).
    ``error`` keeps the failure when the fallback was forced by one.
    """

    factory: Factory
    simulated: bool
    model: str | None = None
    notice: str | None = None
    error: GpioUnavailable | None = None


def pi_model(model_path: Path | str = DEVICE_TREE_MODEL) -> str | None:
    """The board name from the device tree, or None when there is none (not a Pi)."""
    try:
        raw = Path(model_path).read_bytes()
    except OSError:
        return None
    model = raw.replace(b"\x00", b"").decode("utf-8", "replace").strip()
    return model or None


def pi_revision(model_path: Path | str = DEVICE_TREE_MODEL) -> int:
    """The board's revision code; raises when there is none (not a Pi).

    For the real device tree this is gpiozero's own reader (device tree, else
    /proc/cpuinfo); for a test's stand-in tree, ``system/linux,revision``
    beside its ``model`` file (4 bytes, big-endian, as in the device tree).
    """
    if Path(model_path) == DEVICE_TREE_MODEL:
        from gpiozero.pins.local import get_pi_revision

        return get_pi_revision()
    raw = (Path(model_path).parent / "system" / "linux,revision").read_bytes()
    return int.from_bytes(raw[:4], "big")


def board_info(model_path: Path | str = DEVICE_TREE_MODEL) -> Any | None:
    """gpiozero's ``PiBoardInfo`` for this board (what ``pi_info(revision)`` returns), or None.

    ``pi_info()`` without a revision would build gpiozero's default pin
    factory (importing lgpio) just to answer, so the revision is passed.
    """
    try:
        from gpiozero.pins.pi import PiBoardInfo

        return PiBoardInfo.from_revision(pi_revision(model_path))
    except Exception:  # noqa: BLE001 - no revision, unknown revision: not a Pi we know
        return None


def is_raspberry_pi(model_path: Path | str = DEVICE_TREE_MODEL) -> bool:
    """A Pi by gpiozero's board table (revision code) or by the device-tree model."""
    model = pi_model(model_path)
    if model is not None and model.startswith("Raspberry Pi"):
        return True
    return board_info(model_path) is not None


def default_lgpio_workdir(data_dir: Path | str, environ: MutableMapping[str, str] | None = None) -> str:
    """Point lgpio at a writable work dir (``LG_WD``) unless one is set; call before lgpio is imported."""
    environ = os.environ if environ is None else environ
    if not environ.get(LG_WD):
        environ[LG_WD] = str(Path(data_dir).absolute())
    return environ[LG_WD]


@contextlib.contextmanager
def _keep_working_directory() -> Iterator[None]:
    """lgpio chdir()s into ``$LG_WD`` when imported: give the program its directory back."""
    try:
        previous: str | None = os.getcwd()
    except OSError:
        previous = None
    try:
        yield
    finally:
        if previous is not None:
            with contextlib.suppress(OSError):
                os.chdir(previous)


def _lgpio_start_failure(exc: BaseException) -> "GpioUnavailable":
    text = f"the lgpio library failed to start ({type(exc).__name__}: {exc})"
    if not isinstance(exc, OSError):
        return GpioUnavailable(f"{text}; reinstall python3-lgpio")
    work_dir = os.environ.get(LG_WD) or f"unset, so the current directory {os.getcwd()!r}"
    return GpioUnavailable(f"{text}; it needs a writable work directory for its notification pipe: "
                           f"LG_WD is {work_dir}")


def pi_generation(model: str | None) -> int | None:
    """4 for "Raspberry Pi 4 Model B Rev 1.4", 5 for a Pi 5; None when unknown."""
    if not model or not model.startswith("Raspberry Pi"):
        return None
    words = model.split()
    if len(words) > 2 and words[2].isdigit():
        return int(words[2])
    return None


def mock_pin_factory() -> MockFactory:
    """Mock pins that support PWM (for TonalBuzzer and RGB LEDs)."""
    return MockFactory(pin_class=MockPWMPin)


def lgpio_pin_factory(chip: int | None = None) -> Factory:
    """gpiozero's lgpio factory; raises GpioUnavailable with advice when it cannot open.

    ``chip`` None lets gpiozero pick the header's gpiochip (it differs on a Pi 5).
    """
    try:
        with _keep_working_directory():
            from gpiozero.pins.lgpio import LGPIOFactory
    except ImportError as exc:
        raise GpioUnavailable(
            f"the lgpio library is missing ({exc}); install python3-lgpio and create "
            "the virtualenv with --system-site-packages (setup.sh does both)") from exc
    except Exception as exc:  # noqa: BLE001 - e.g. FileNotFoundError '.lgd-nfy-3' (see above)
        raise _lgpio_start_failure(exc) from exc
    try:
        return LGPIOFactory(chip=chip)
    except PermissionError as exc:
        raise GpioUnavailable(
            f"no permission to open the GPIO chip ({exc}); add the user to the 'gpio' group") from exc
    except Exception as exc:  # lgpio raises its own lgpio.error, among others
        text = str(exc) or type(exc).__name__
        hint = "; add the user to the 'gpio' group" if "open" in text.lower() else ""
        raise GpioUnavailable(f"cannot open the GPIO pins: {text}{hint}") from exc


def named_pin_factory(name: str) -> Factory:
    """The factory ``GPIOZERO_PIN_FACTORY`` names, found as gpiozero finds it: in its
    ``gpiozero_pin_factories`` entry points, the name as given, then lower-cased
    (gpiozero/devices.py, ``Device._default_pin_factory``)."""
    from importlib.metadata import entry_points

    try:
        group = list(entry_points(group="gpiozero_pin_factories"))
        for wanted in (name, name.lower()):
            for entry in group:
                if entry.name == wanted:
                    with _keep_working_directory():
                        return entry.load()()
        from gpiozero.exc import BadPinFactory

        raise BadPinFactory(f"Unable to find pin factory {name!r}")
    except Exception as exc:  # noqa: BLE001 - BadPinFactory, lgpio's errors, OSError...
        if name.lower() == "lgpio" and isinstance(exc, OSError):
            raise _lgpio_start_failure(exc) from exc
        raise GpioUnavailable(f"{PIN_FACTORY_ENV}={name} could not be used: "
                              f"{type(exc).__name__}: {exc}") from exc


def make_pin_factory(
    simulate: bool | None = None,
    *,
    model_path: Path | str = DEVICE_TREE_MODEL,
    real_factory: Callable[[], Factory] | None = None,
    environ: Mapping[str, str] | None = None,
) -> PinFactoryChoice:
    """Pick the pin factory.

    ``simulate`` True: mock pins.  False: real pins or GpioUnavailable (the user
    insisted, so no silent fallback).  None (the default): real pins on a
    Raspberry Pi, mock pins elsewhere, and mock pins with a notice when the
    Pi's pins fail.  ``GPIOZERO_PIN_FACTORY`` (in ``environ``) names the real
    factory — ``mock`` means the simulated panel — and is trusted on any
    board.  ``real_factory`` is injectable for tests.
    """
    environ = os.environ if environ is None else environ
    model = pi_model(model_path)
    named = (environ.get(PIN_FACTORY_ENV) or "").strip()
    if simulate or (simulate is None and named.lower() == "mock"):
        return PinFactoryChoice(mock_pin_factory(), True, model,
                                "Simulated GPIO panel: use the on-screen buttons and LEDs.")
    if real_factory is None:
        real_factory = (lambda: named_pin_factory(named)) if named else lgpio_pin_factory
    if simulate is False:
        return PinFactoryChoice(real_factory(), False, model)
    if not named and not is_raspberry_pi(model_path):
        return PinFactoryChoice(mock_pin_factory(), True, model,
                                "No Raspberry Pi found: the GPIO panel is simulated on screen.")
    if model is None:
        info = board_info(model_path)
        model = f"Raspberry Pi {info.model} rev {info.pcb_revision}" if info is not None else None
    try:
        factory = real_factory()
    except Exception as exc:  # noqa: BLE001 - any failure to open real pins: on-screen panel
        if not isinstance(exc, GpioUnavailable):
            exc = GpioUnavailable(f"cannot open the GPIO pins: {type(exc).__name__}: {exc}")
        log.warning("GPIO unavailable, using the simulated panel: %s", exc.reason)
        return PinFactoryChoice(mock_pin_factory(), True, model,
                                f"GPIO panel unavailable ({exc.reason}); using the on-screen panel.",
                                exc)
    return PinFactoryChoice(factory, False, model)
