"""One source of truth for dependencies: pyproject.toml, repeated by requirements*.txt for
setup.sh; and what a Raspberry Pi would install from them (CPython 3.11, manylinux aarch64)."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from importlib import metadata

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.system.install import ROOT

RESOLVE = ROOT / "tools" / "check_aarch64_resolve.py"


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def requirement_lines(name: str) -> set[str]:
    lines = (ROOT / name).read_text().splitlines()
    return {str(Requirement(line)) for line in (l.strip() for l in lines) if line and not line.startswith("#")}


def normalised(specs: list[str]) -> set[str]:
    return {str(Requirement(spec)) for spec in specs}


def test_requirements_txt_is_pyproject_dependencies_plus_sheets():
    p = project()
    assert requirement_lines("requirements.txt") == normalised(p["dependencies"] + p["optional-dependencies"]["sheets"])


def test_requirements_dev_txt_is_the_dev_extra():
    assert requirement_lines("requirements-dev.txt") == normalised(project()["optional-dependencies"]["dev"])


def test_tag_sheet_only_packages_are_an_extra():
    names = {canonicalize_name(Requirement(s).name) for s in project()["dependencies"]}
    assert "pillow" not in names
    assert {canonicalize_name(Requirement(s).name) for s in project()["optional-dependencies"]["sheets"]} == {"pillow"}


def test_pins_keep_the_pi_on_numpy_1_and_an_opencv_built_for_it():
    specs = {canonicalize_name(Requirement(s).name): Requirement(s).specifier for s in project()["dependencies"]}
    numpy, opencv = specs["numpy"], specs["opencv-python-headless"]
    assert "1.26.4" in numpy and "2.0.0" not in numpy
    # 4.11.0.86 is the last opencv-python-headless that accepts numpy 1.x; 4.7 brought ArucoDetector.
    assert "4.11.0.86" in opencv and "4.12.0.88" not in opencv and "4.6.0.66" not in opencv


def test_this_venv_runs_what_the_pi_runs():
    """The tests here use the same numpy/OpenCV line as the Pi (not numpy 2 on the laptop only)."""
    for spec in project()["dependencies"]:
        requirement = Requirement(spec)
        try:
            installed = metadata.version(requirement.name)
        except metadata.PackageNotFoundError:
            pytest.fail(f"{requirement.name} is not installed: run ./setup.sh")
        assert installed in requirement.specifier, f"{requirement.name} {installed} is not {requirement.specifier}"


def load_resolver():
    spec = importlib.util.spec_from_file_location("check_aarch64_resolve", RESOLVE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_resolver_finds_numpy_2_an_old_opencv_and_missing_aarch64_wheels():
    """The report reading, on a made-up pip report (no network needed)."""
    resolver = load_resolver()

    def item(name, version, filename):
        return {"metadata": {"name": name, "version": version},
                "download_info": {"url": f"https://files.example/{filename}"}}

    good = {"install": [
        item("numpy", "1.26.4", "numpy-1.26.4-cp311-cp311-manylinux_2_17_aarch64.manylinux2014_aarch64.whl"),
        item("opencv-python-headless", "4.11.0.86",
             "opencv_python_headless-4.11.0.86-cp37-abi3-manylinux_2_17_aarch64.manylinux2014_aarch64.whl"),
        item("gpiozero", "2.0.1", "gpiozero-2.0.1-py3-none-any.whl"),
    ]}
    assert resolver.problems_in(good)[0] == []
    bad = {"install": [
        item("numpy", "2.2.6", "numpy-2.2.6-cp311-cp311-manylinux_2_17_aarch64.manylinux2014_aarch64.whl"),
        item("opencv-python-headless", "4.6.0.66",
             "opencv_python_headless-4.6.0.66-cp37-abi3-manylinux_2_17_aarch64.manylinux2014_aarch64.whl"),
        item("pyzbar", "0.1.9", "pyzbar-0.1.9.tar.gz"),
        item("zxing-cpp", "2.2.0", "zxing_cpp-2.2.0-cp311-cp311-manylinux_2_17_x86_64.whl"),
    ]}
    problems = " | ".join(resolver.problems_in(bad)[0])
    assert "numpy 2.2.6" in problems and "opencv-python-headless 4.6.0.66" in problems
    assert "pyzbar 0.1.9: no aarch64 wheel" in problems and "zxing-cpp 2.2.0: no aarch64 wheel" in problems


def test_requirements_resolve_for_a_raspberry_pi():
    """pip's resolver for CPython 3.11 on manylinux aarch64 (needs the package index)."""
    proc = subprocess.run([sys.executable, str(RESOLVE)], capture_output=True, text=True, timeout=900)
    if proc.returncode == load_resolver().EXIT_UNREACHABLE:
        pytest.skip("package index unreachable, the aarch64 resolve did not run: " + proc.stderr.strip()[-300:])
    print(proc.stdout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "numpy 1." in proc.stdout and "Kivy 2.3" in proc.stdout and "zxing-cpp" in proc.stdout


def test_an_unbounded_opencv_would_bring_numpy_2_to_the_pi(tmp_path):
    """The check can fail: the requirements before issue 11 resolve to numpy 2 on aarch64."""
    old = tmp_path / "requirements.txt"
    old.write_text("numpy>=1.26\nopencv-python-headless>=4.9\n")
    proc = subprocess.run([sys.executable, str(RESOLVE), str(old)], capture_output=True, text=True, timeout=900)
    if proc.returncode == load_resolver().EXIT_UNREACHABLE:
        pytest.skip("package index unreachable, the aarch64 resolve did not run: " + proc.stderr.strip()[-300:])
    assert proc.returncode == 1 and "apt's picamera2/simplejpeg need numpy < 2" in proc.stderr, proc.stderr


def test_kiosk_install_carries_every_package_file(tmp_path):
    """The kiosk's venv gets a regular (not editable) install: the wheel must hold every file of
    the four packages (translations, .kv layouts, catalogues, board profiles)."""
    import shutil
    import zipfile

    src = tmp_path / "src"
    src.mkdir()
    for name in ("companion", "hardware", "vision", "ui"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--disable-pip-version-check",
                           "--retries", "1", "--timeout", "20", "-w", str(tmp_path / "wheel"), str(src)],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0 and any(m in proc.stdout + proc.stderr for m in load_resolver().NETWORK_ERRORS):
        pytest.skip("package index unreachable (the wheel build needs setuptools from it)")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (wheel,) = (tmp_path / "wheel").glob("table_companion-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    files = sorted(str(p.relative_to(src)) for p in src.rglob("*")
                   if p.is_file() and p.parts[len(src.parts)] in {"companion", "hardware", "vision", "ui"})
    assert len(files) > 100
    assert [f for f in files if f not in names] == []


def test_an_unreachable_index_is_reported_not_passed(tmp_path):
    """Without the package index the check says so (exit 75, the reason), never a silent pass."""
    import os
    import socket

    with socket.socket() as closed:  # a loopback port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    env = dict(os.environ, PIP_CONFIG_FILE=os.devnull, PIP_FIND_LINKS="", PIP_EXTRA_INDEX_URL="",
               PIP_INDEX_URL=f"http://127.0.0.1:{port}/simple/")
    proc = subprocess.run([sys.executable, str(RESOLVE)], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == load_resolver().EXIT_UNREACHABLE, proc.stdout + proc.stderr
    assert "the package index cannot be reached, nothing was checked" in proc.stderr
