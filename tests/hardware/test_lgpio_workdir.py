"""lgpio under the kiosk unit: a read-only working directory, LG_WD, and the
fallback to the on-screen panel on any failure.

A stand-in ``lgpio`` module, put first on ``sys.path`` of a child process,
behaves like the real one at import: the C library chdir()s to ``$LG_WD``
when it is set (lguGetWorkDir, lgUtil.c) and creates the notification FIFO
``.lgd-nfy0`` there, or in the working directory; the Python module then
opens ``'.lgd-nfy{}'.format(handle)`` relative to the working directory
(lgpio_extra.py, ``_callback_thread``), so a failed FIFO gives
``FileNotFoundError: '.lgd-nfy-3'``.  The child's working directory is
``/proc``, where nobody, not even root, can create a FIFO (as the unit's
read-only checkout).  gpiozero's real ``LGPIOFactory`` is built on top.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

STAND_IN_LGPIO = '''
import os
import sys

SET_PULL_NONE, SET_PULL_UP, SET_PULL_DOWN = 0, 1, 2
RISING_EDGE, FALLING_EDGE, BOTH_EDGES = 1, 2, 3
FAIL_CHIP = os.environ.get("STAND_IN_LGPIO_FAIL_CHIP")


class error(Exception):
    pass


_work_dir = os.environ.get("LG_WD")
if _work_dir:
    os.chdir(_work_dir)  # lguGetWorkDir(): chdir to LG_WD
_handle = 0
try:
    os.mkfifo(".lgd-nfy0", 0o664)
    _writer = os.open(".lgd-nfy0", os.O_RDWR | os.O_NONBLOCK)
except OSError as exc:
    print(f"xCreatePipe: Can't set permissions (436) for {os.getcwd()}/.lgd-nfy0, {exc.strerror}",
          file=sys.stderr)
    _handle = -3
_file = open(".lgd-nfy{}".format(_handle), "rb")  # as lgpio_extra.py does


def gpiochip_open(chip):
    if FAIL_CHIP:
        raise error("can not open gpiochip")
    return 1 | (chip << 16)


def gpiochip_close(handle):
    return 0
'''

CHILD = '''
import json, os, sys
import gpiozero.pins.local
gpiozero.pins.local.get_pi_revision = lambda: 0xd04170  # a Raspberry Pi 5 (the stand-in tree has no /proc revision)
from hardware.factory import default_lgpio_workdir, lgpio_pin_factory
from hardware.backend import open_backend
data, model, set_wd = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
if set_wd:
    default_lgpio_workdir(data)
result = {"cwd_before": os.getcwd()}
try:
    factory = lgpio_pin_factory()
    result["factory"] = type(factory).__name__
    factory._handle = None  # the stand-in has no chip to close
except Exception as exc:
    result["factory_error"] = f"{type(exc).__name__}: {exc}"
result["cwd_after"] = os.getcwd()
result["fifo_in_data"] = os.path.exists(os.path.join(data, ".lgd-nfy0"))
backend = open_backend({}, None, model_path=model)
result["simulated"] = backend.simulated
result["notices"] = list(backend.notices)
backend.close()
print(json.dumps(result))
'''


def run_child(tmp_path: Path, set_wd: bool, fail_chip: bool = False) -> dict:
    stand_in = tmp_path / "stand_in"
    stand_in.mkdir(exist_ok=True)
    (stand_in / "lgpio.py").write_text(STAND_IN_LGPIO)
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    model = tmp_path / "device-tree" / "model"
    model.parent.mkdir(exist_ok=True)
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    env = {k: v for k, v in os.environ.items() if k not in ("LG_WD", "GPIOZERO_PIN_FACTORY")}
    env["PYTHONPATH"] = os.pathsep.join([str(stand_in), str(ROOT)])
    if fail_chip:
        env["STAND_IN_LGPIO_FAIL_CHIP"] = "1"
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(CHILD), str(data), str(model),
                           "1" if set_wd else "0"], cwd="/proc", env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_read_only_working_directory_cannot_hold_the_pipe():
    with pytest.raises(OSError):
        os.mkfifo("/proc/.lgd-nfy0")


def test_lg_wd_in_the_data_dir_lets_lgpio_start_and_real_pins_open(tmp_path):
    result = run_child(tmp_path, set_wd=True)
    assert result.get("factory") == "LGPIOFactory", result
    assert result["fifo_in_data"]
    assert result["cwd_before"] == result["cwd_after"] == "/proc"  # lgpio's chdir undone


def test_without_lg_wd_the_pins_fall_back_to_the_screen_with_the_reason(tmp_path):
    result = run_child(tmp_path, set_wd=False)
    assert "FileNotFoundError" in result["factory_error"] and "LG_WD" in result["factory_error"]
    assert result["simulated"] is True
    notice = result["notices"][-1]
    assert notice.startswith("GPIO panel unavailable (the lgpio library failed to start (FileNotFoundError")
    assert notice.endswith("using the on-screen panel.")


def test_a_gpio_chip_that_cannot_open_falls_back_with_a_notice(tmp_path):
    result = run_child(tmp_path, set_wd=True, fail_chip=True)
    assert "can not open gpiochip" in result["factory_error"]
    assert result["simulated"] is True and "can not open gpiochip" in result["notices"][-1]
