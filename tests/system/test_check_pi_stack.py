"""tools/check_pi_stack.py, which setup.sh runs in the venv on a Pi, against stand-in modules
(put ahead of the venv's on PYTHONPATH) for Picamera2, lgpio and a numpy 2."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.system.install import ROOT

CHECK = ROOT / "tools" / "check_pi_stack.py"

PICAMERA2_ABI_CLASH = '''
raise ValueError("numpy.dtype size changed, may indicate binary incompatibility. "
                 "Expected 96 from C header, got 88 from PyObject")
'''
PICAMERA2_WITH = '''
class Picamera2:
    @staticmethod
    def global_camera_info():
        return {cameras!r}
'''
# lgpio opens its notification pipe in $LG_WD, else the working directory, on import.
LGPIO = '''
import os
LGPIO_PY_VERSION = "stand-in"
open(os.path.join(os.environ.get("LG_WD") or os.getcwd(), ".lgd-nfy0"), "w").close()
'''


def numpy_site() -> str:
    """The folder this venv's numpy lives in: it plays apt's dist-packages in these tests."""
    import numpy

    return str(Path(numpy.__file__).resolve().parent.parent)


def run_check(tmp_path: Path, modules: dict[str, str], apt_site: str | None = None) -> subprocess.CompletedProcess[str]:
    standins = tmp_path / "standins"
    for name, source in modules.items():
        (standins / name).mkdir(parents=True)
        (standins / name / "__init__.py").write_text(source)
    workdir = tmp_path / "cwd"
    workdir.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "LG_WD"}
    env["PYTHONPATH"] = str(standins)
    env["TABLE_COMPANION_APT_SITE"] = apt_site or numpy_site()
    return subprocess.run([sys.executable, str(CHECK)], env=env, cwd=workdir, capture_output=True,
                          text=True, timeout=120)


def test_picamera2_that_does_not_import_stops_setup(tmp_path):
    proc = run_check(tmp_path, {"picamera2": PICAMERA2_ABI_CLASH, "lgpio": LGPIO})
    assert proc.returncode == 1
    assert "Picamera2 does not import (ValueError: numpy.dtype size changed" in proc.stderr
    assert "--system-site-packages" in proc.stderr  # says what to do


def test_working_stack_passes_and_names_the_camera(tmp_path):
    proc = run_check(tmp_path, {"picamera2": PICAMERA2_WITH.format(cameras=[{"Model": "imx708_wide", "Num": 0}]),
                                "lgpio": LGPIO})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "camera: imx708_wide" in proc.stdout and "numpy " in proc.stdout
    assert "OpenCV 4." in proc.stdout and "lgpio stand-in" in proc.stdout
    # lgpio's pipe went to a temporary LG_WD, not into the working directory.
    assert not (tmp_path / "cwd" / ".lgd-nfy0").exists()


def test_no_camera_and_no_lgpio_only_warn(tmp_path):
    proc = run_check(tmp_path, {"picamera2": PICAMERA2_WITH.format(cameras=[]),
                                "lgpio": "raise ImportError('No module named _lgpio')"})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no camera is listed" in proc.stderr and "rpicam-hello --list-cameras" in proc.stderr
    assert "lgpio does not import (ImportError" in proc.stderr


def test_a_numpy_other_than_apts_stops_setup(tmp_path):
    """A numpy of pip's own ahead of apt's (numpy 2 on Bookworm, numpy 1 on trixie, or even the same
    version from PyPI) is what breaks apt's Picamera2: it must come from apt's dist-packages."""
    apt_site = tmp_path / "dist-packages"
    (apt_site / "numpy").mkdir(parents=True)
    (apt_site / "numpy-1.24.2.dist-info").mkdir()
    (apt_site / "numpy-1.24.2.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: numpy\nVersion: 1.24.2\n")
    proc = run_check(tmp_path, {"numpy": "__version__ = '2.1.3'\n",
                                "picamera2": PICAMERA2_WITH.format(cameras=[]), "lgpio": LGPIO},
                     apt_site=str(apt_site))
    assert proc.returncode == 1
    assert "numpy 2.1.3 from" in proc.stderr and "shadows apt's numpy 1.24.2" in proc.stderr
    assert "pip uninstall numpy" in proc.stderr
