"""One source of truth for dependencies: pyproject.toml (requirements*.txt only name the project);
and what each supported system would install from it (tools/check_resolve.py, wheels only)."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from importlib import metadata

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

from tests.system.install import ROOT

RESOLVE = ROOT / "tools" / "check_resolve.py"


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def requirement_lines(name: str) -> list[str]:
    lines = (ROOT / name).read_text().splitlines()
    return [line for line in (l.strip() for l in lines) if line and not line.startswith("#")]


def test_requirements_files_install_the_project_not_a_copy_of_its_list():
    """One declaration (pyproject.toml): the requirements files name the project and its extras."""
    assert requirement_lines("requirements.txt") == ["-e .[sheets]"]
    assert requirement_lines("requirements-dev.txt") == ["-e .[sheets,dev]"]


def test_tag_sheet_only_packages_are_an_extra():
    names = {canonicalize_name(Requirement(s).name) for s in project()["dependencies"]}
    assert "pillow" not in names
    assert {canonicalize_name(Requirement(s).name) for s in project()["optional-dependencies"]["sheets"]} == {"pillow"}


def specifiers_on(python: str) -> dict[str, SpecifierSet]:
    """The dependencies that apply with PYTHON (markers evaluated), by name."""
    env = dict(default_environment(), python_version=python, python_full_version=python + ".0")
    out: dict[str, SpecifierSet] = {}
    for spec in project()["dependencies"]:
        req = Requirement(spec)
        if req.marker is None or req.marker.evaluate(env):
            assert canonicalize_name(req.name) not in out, f"{req.name} applies twice on {python}"
            out[canonicalize_name(req.name)] = req.specifier
    return out


def test_numpy_and_opencv_follow_the_python_of_each_os_generation():
    """3.11 (Bookworm): apt's numpy 1.24.2 allowed, numpy 2 not, an OpenCV that takes numpy 1.
    3.13 (trixie): apt's numpy 2.2.4 allowed, numpy 1 not (no 3.13 wheel: pip would build it),
    an OpenCV built for numpy 2 (4.10+)."""
    resolver = load_resolver()
    bookworm, trixie = specifiers_on("3.11"), specifiers_on("3.13")
    assert resolver.APT_NUMPY == {"bookworm": "1.24.2", "trixie": "2.2.4"}
    assert "1.24.2" in bookworm["numpy"] and "1.26.4" in bookworm["numpy"] and "2.0.0" not in bookworm["numpy"]
    assert "2.2.4" in trixie["numpy"] and "1.26.4" not in trixie["numpy"]
    # 4.11.0.86 is the last opencv-python-headless that accepts numpy 1.x; 4.7 brought ArucoDetector.
    assert "4.11.0.86" in bookworm["opencv-python-headless"] and "4.12.0.88" not in bookworm["opencv-python-headless"]
    assert "4.6.0.66" not in bookworm["opencv-python-headless"]
    assert "4.14.0.94" in trixie["opencv-python-headless"] and "4.9.0.80" not in trixie["opencv-python-headless"]
    # Everything else is the same on both.
    assert {k: v for k, v in bookworm.items() if k not in {"numpy", "opencv-python-headless"}} == \
        {k: v for k, v in trixie.items() if k not in {"numpy", "opencv-python-headless"}}


def test_this_venv_runs_what_its_os_generation_runs():
    """The tests here use the numpy/OpenCV line this Python's Pi would have (numpy 1 with 3.11)."""
    python = "%d.%d" % sys.version_info[:2]
    for name, specifier in specifiers_on(python).items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            pytest.fail(f"{name} is not installed: run ./setup.sh")
        assert installed in specifier, f"{name} {installed} is not {specifier}"


def load_resolver():
    if "check_resolve" in sys.modules:
        return sys.modules["check_resolve"]
    spec = importlib.util.spec_from_file_location("check_resolve", RESOLVE)
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_resolve"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def target(name: str):
    resolver = load_resolver()
    return resolver, next(t for t in resolver.TARGETS if t.name == name)


def test_resolver_finds_a_wrong_numpy_an_old_opencv_and_missing_wheels():
    """The report reading, on made-up pip reports (no network needed)."""
    resolver, pi = target("pi-bookworm")

    def item(name, version, filename):
        return {"metadata": {"name": name, "version": version},
                "download_info": {"url": f"https://files.example/{filename}"}}

    good = {"install": [
        item("numpy", "1.24.2", "numpy-1.24.2-cp311-cp311-manylinux_2_17_aarch64.manylinux2014_aarch64.whl"),
        item("opencv-python-headless", "4.11.0.86",
             "opencv_python_headless-4.11.0.86-cp37-abi3-manylinux_2_17_aarch64.manylinux2014_aarch64.whl"),
        item("gpiozero", "2.0.1", "gpiozero-2.0.1-py3-none-any.whl"),
    ]}
    assert resolver.problems_in(good, pi)[0] == []
    bad = {"install": [
        item("numpy", "1.26.4", "numpy-1.26.4-cp311-cp311-manylinux_2_17_aarch64.manylinux2014_aarch64.whl"),
        item("opencv-python-headless", "4.6.0.66",
             "opencv_python_headless-4.6.0.66-cp37-abi3-manylinux_2_17_aarch64.manylinux2014_aarch64.whl"),
        item("pyzbar", "0.1.9", "pyzbar-0.1.9.tar.gz"),
        item("zxing-cpp", "2.2.0", "zxing_cpp-2.2.0-cp311-cp311-manylinux_2_17_x86_64.whl"),
    ]}
    problems = " | ".join(resolver.problems_in(bad, pi)[0])
    assert "numpy 1.26.4, but apt's Picamera2 and simplejpeg are built against apt's numpy 1.24.2" in problems
    assert "opencv-python-headless 4.6.0.66" in problems
    assert "pyzbar 0.1.9: no aarch64 wheel" in problems and "zxing-cpp 2.2.0: no aarch64 wheel" in problems
    # A laptop on 3.13 with numpy 1: the other generation; an amd64 laptop takes x86_64 wheels.
    _, laptop = target("debian13-amd64")
    old = {"install": [item("numpy", "1.26.4", "numpy-1.26.4-cp313-cp313-manylinux_2_17_x86_64.whl"),
                       item("opencv-python-headless", "4.11.0.86",
                            "opencv_python_headless-4.11.0.86-cp37-abi3-manylinux_2_17_x86_64.whl")]}
    assert resolver.problems_in(old, laptop)[0] == [
        "numpy 1.26.4 on Python 3.13: this Debian's apt has numpy 2.x, which a Pi's Picamera2 is built against"]


def test_markers_are_evaluated_for_each_target():
    resolver, trixie = target("pi-trixie")
    _, bookworm = target("pi-bookworm")
    declared = resolver.declared(ROOT / "pyproject.toml")
    assert "numpy<3,>=2.1" in resolver.requirements_for(trixie, declared)
    assert "numpy<2,>=1.24" in resolver.requirements_for(bookworm, declared)
    assert "pillow>=10" in [line.lower() for line in resolver.requirements_for(trixie, declared)]


def run_resolver(*args: str, timeout: int = 900) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, str(RESOLVE), *args], capture_output=True, text=True, timeout=timeout)
    if proc.returncode == load_resolver().EXIT_UNREACHABLE:
        pytest.skip("package index unreachable, the resolve did not run: " + proc.stderr.strip()[-300:])
    return proc


def test_dependencies_resolve_from_wheels_on_every_supported_system():
    """pip's resolver for both Pi OS generations and Debian 12/13 laptops (needs the package index)."""
    proc = run_resolver()
    print(proc.stdout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for name in ("pi-trixie", "pi-bookworm", "debian13-amd64", "debian12-amd64", "debian13-arm64", "debian12-arm64"):
        assert f"{name} (CPython" in proc.stdout
    assert "numpy 2.2.4  numpy-2.2.4-cp313" in proc.stdout and "numpy 1.24.2  numpy-1.24.2-cp311" in proc.stdout
    assert "Kivy 2.3" in proc.stdout and "zxing-cpp" in proc.stdout


def write_pyproject(tmp_path, *dependencies: str):
    path = tmp_path / "pyproject.toml"
    path.write_text("[project]\nname = 'x'\nversion = '0'\ndependencies = [%s]\n"
                    % ", ".join(repr(d) for d in dependencies))
    return path


def test_the_old_pins_would_build_numpy_from_source_on_trixie(tmp_path):
    """The check can fail: the old pin numpy<2 has no wheel for Python 3.13."""
    old = write_pyproject(tmp_path, "numpy>=1.26,<2", "opencv-python-headless>=4.8,<4.12")
    proc = run_resolver("--pyproject", str(old), "--target", "debian13-amd64")
    assert proc.returncode == 1 and "pip cannot resolve the dependencies from wheels" in proc.stderr, proc.stderr
    proc = run_resolver("--pyproject", str(old), "--target", "pi-trixie")
    assert proc.returncode == 1 and "pi-trixie" in proc.stderr, proc.stderr


def test_an_unbounded_opencv_would_bring_numpy_2_to_a_bookworm_laptop(tmp_path):
    """The check can fail: numpy 2 where the OS generation (and its Pi's Picamera2) has numpy 1."""
    unbounded = write_pyproject(tmp_path, "numpy>=1.24", "opencv-python-headless>=4.9")
    proc = run_resolver("--pyproject", str(unbounded), "--target", "debian12-amd64")
    assert proc.returncode == 1 and "on Python 3.11: this Debian's apt has numpy 1.x" in proc.stderr, proc.stderr


def test_kiosk_install_carries_every_package_file(tmp_path):
    """The kiosk's venv gets a regular (not editable) install: the wheel must hold every file of
    the five packages (translations, .kv layouts, catalogues, board profiles)."""
    import shutil
    import zipfile

    src = tmp_path / "src"
    src.mkdir()
    for name in ("companion", "hardware", "vision", "ui", "venue"):
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
                   if p.is_file() and p.parts[len(src.parts)] in {"companion", "hardware", "vision", "ui", "venue"})
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
    proc = subprocess.run([sys.executable, str(RESOLVE), "--target", "debian12-amd64"], env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == load_resolver().EXIT_UNREACHABLE, proc.stdout + proc.stderr
    assert "the package index cannot be reached, nothing was checked" in proc.stderr
