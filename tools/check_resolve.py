"""What each supported system would install from pyproject.toml, wheels only.

    python tools/check_resolve.py [--target NAME ...] [--pyproject FILE]

Runs pip's resolver (``pip install --dry-run --report --only-binary=:all:``) for every system
setup.sh supports, from any machine:

- Raspberry Pi OS trixie (Debian 13, CPython 3.13, aarch64) and Bookworm "Legacy" (Debian 12,
  CPython 3.11, aarch64), held to apt's numpy as setup.sh holds them (a constraint on the version
  apt's Picamera2 and simplejpeg are built against, ``APT_NUMPY``);
- Debian 12 and 13 laptops, amd64 and arm64 (CPython 3.11 and 3.13), as pip chooses.

It fails when any system would build a package from source (no wheel for it), get a numpy of
another generation than its apt (numpy 1 with 3.11, numpy 2 with 3.12+; on a Pi exactly apt's),
or an OpenCV without ``cv2.aruco.ArucoDetector`` (before 4.7).  Prints what each would install.
The dependencies' environment markers are evaluated here for each target (pip would evaluate
them for the Python running it).

Exit status: 0 all good, 1 a problem (printed), 2 a bad argument, 75 the package index cannot be
reached (the check could not run; the reason is printed).  Needs pip >= 22.2 and ``packaging``.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

try:
    from packaging.markers import default_environment
    from packaging.requirements import Requirement
except ImportError:  # a bare interpreter: pip's own copy
    from pip._vendor.packaging.markers import default_environment  # type: ignore[no-redef]
    from pip._vendor.packaging.requirements import Requirement  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[1]
EXIT_UNREACHABLE = 75  # EX_TEMPFAIL

#: The numpy in each Raspberry Pi OS generation's apt (Debian's python3-numpy, which the Raspberry
#: Pi archive does not replace), the one its python3-picamera2 and python3-simplejpeg are built
#: against.  tools/arm64_check.py reads the real one in Debian arm64 roots and compares.
APT_NUMPY = {"bookworm": "1.24.2", "trixie": "2.2.4"}


@dataclass(frozen=True)
class Target:
    name: str
    python: str  # "3.13"
    machine: str  # "aarch64" / "x86_64"
    glibc_minor: int  # 36 = glibc 2.36 (Debian 12), 41 = 2.41 (Debian 13)
    apt_numpy: str | None = None  # a Pi: held to apt's numpy

    @property
    def platforms(self) -> list[str]:
        return [f"manylinux2014_{self.machine}"] + [
            f"manylinux_2_{m}_{self.machine}" for m in range(17, self.glibc_minor + 1)]

    @property
    def abi(self) -> str:
        return "cp" + self.python.replace(".", "")

    def environment(self) -> dict[str, str]:
        env = default_environment()
        env.update(python_version=self.python, python_full_version=self.python + ".0",
                   platform_machine=self.machine, sys_platform="linux", platform_system="Linux",
                   os_name="posix", implementation_name="cpython",
                   platform_python_implementation="CPython")
        return env


TARGETS = [
    Target("pi-trixie", "3.13", "aarch64", 41, APT_NUMPY["trixie"]),
    Target("pi-bookworm", "3.11", "aarch64", 36, APT_NUMPY["bookworm"]),
    Target("debian13-amd64", "3.13", "x86_64", 41),
    Target("debian12-amd64", "3.11", "x86_64", 36),
    Target("debian13-arm64", "3.13", "aarch64", 41),
    Target("debian12-arm64", "3.11", "aarch64", 36),
]

#: pip's words when it cannot reach the index (as opposed to finding no suitable file).
NETWORK_ERRORS = ("NewConnectionError", "Temporary failure in name resolution", "Network is unreachable",
                  "ConnectTimeoutError", "ReadTimeoutError", "ProxyError", "SSLError",
                  "Name or service not known", "Connection refused", "No route to host")


def declared(pyproject: Path, extras: tuple[str, ...] = ("sheets",)) -> list[Requirement]:
    """The project's runtime dependencies and the extras setup.sh installs, as declared."""
    project = tomllib.loads(pyproject.read_text())["project"]
    specs = list(project["dependencies"])
    for extra in extras:
        specs += project.get("optional-dependencies", {}).get(extra, [])
    return [Requirement(spec) for spec in specs]


def requirements_for(target: Target, requirements: list[Requirement]) -> list[str]:
    """The requirement lines that apply on TARGET (markers evaluated there, then dropped)."""
    env = target.environment()
    lines = []
    for req in requirements:
        if req.marker is not None and not req.marker.evaluate(env):
            continue
        extras = f"[{','.join(sorted(req.extras))}]" if req.extras else ""
        lines.append(f"{req.name}{extras}{req.specifier}")
    return lines


def pip_target_options(target: Target, lines: list[str], folder: Path) -> list[str]:
    """pip's options that ask for TARGET's wheels only (its Python, ABI, platforms, and a
    Pi's apt numpy as a constraint) for the requirement ``lines``, written into ``folder``."""
    requirements = folder / "requirements.txt"
    requirements.write_text("\n".join(lines) + "\n")
    options = ["--only-binary=:all:", "--implementation", "cp", "--python-version", target.python,
               "--abi", target.abi, "--abi", "abi3", "--abi", "none", "-r", str(requirements)]
    for platform in target.platforms:
        options += ["--platform", platform]
    if target.apt_numpy:
        constraints = folder / "apt-constraints.txt"
        constraints.write_text(f"numpy=={target.apt_numpy}\n")
        options += ["-c", str(constraints)]
    return options


def resolve(target: Target, lines: list[str]) -> tuple[int, str, dict | None]:
    """Run pip's resolver for TARGET; (return code, pip's output, the JSON report or None)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        command = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed",
                   "--quiet", "--disable-pip-version-check", "--retries", "1", "--timeout", "20",
                   "--report", str(report), "--target", str(Path(tmp) / "target"),
                   *pip_target_options(target, lines, Path(tmp))]
        proc = subprocess.run(command, capture_output=True, text=True, timeout=600)
        data = json.loads(report.read_text()) if report.exists() else None
    return proc.returncode, proc.stdout + proc.stderr, data


def wheel_platform_ok(filename: str, machine: str) -> bool:
    """True for a wheel that installs on MACHINE's Linux (a pure-Python wheel or one for MACHINE)."""
    if not filename.endswith(".whl"):
        return False
    platform_tag = filename[:-4].split("-")[-1]
    return all(tag == "any" or tag.endswith("_" + machine) for tag in platform_tag.split("."))


def version_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", version)[:3])


def problems_in(report: dict, target: Target) -> tuple[list[str], list[str]]:
    """(problems, lines listing what would be installed) for a pip --report on TARGET."""
    problems: list[str] = []
    listing: list[str] = []
    versions: dict[str, str] = {}
    for item in report.get("install", []):
        name = item["metadata"]["name"]
        version = item["metadata"]["version"]
        filename = item.get("download_info", {}).get("url", "").rsplit("/", 1)[-1]
        versions[re.sub(r"[-_.]+", "-", name).lower()] = version
        listing.append(f"{name} {version}  {filename}")
        if not wheel_platform_ok(filename, target.machine):
            problems.append(f"{name} {version}: no {target.machine} wheel ({filename or 'no file'}); "
                            "pip would build it from source")
    numpy = versions.get("numpy")
    generation = 1 if version_tuple(target.python) < (3, 12) else 2
    if numpy is None:
        problems.append("numpy is not in the resolved set")
    elif target.apt_numpy and numpy != target.apt_numpy:
        problems.append(f"numpy {numpy}, but apt's Picamera2 and simplejpeg are built against apt's "
                        f"numpy {target.apt_numpy}")
    elif version_tuple(numpy)[0] != generation:
        problems.append(f"numpy {numpy} on Python {target.python}: this Debian's apt has numpy "
                        f"{generation}.x, which a Pi's Picamera2 is built against")
    opencv = versions.get("opencv-python-headless")
    if opencv is None:
        problems.append("opencv-python-headless is not in the resolved set")
    elif version_tuple(opencv)[:2] < (4, 7):
        problems.append(f"opencv-python-headless {opencv} has no cv2.aruco.ArucoDetector (4.7 or newer)")
    return problems, listing


def check(target: Target, requirements: list[Requirement]) -> tuple[int, list[str]]:
    """(status, printed lines) for one target: 0 good, 1 problems, EXIT_UNREACHABLE."""
    where = (f"{target.name} (CPython {target.python}, {target.machine}, glibc 2.{target.glibc_minor}"
             + (f", apt's numpy {target.apt_numpy}" if target.apt_numpy else "") + ")")
    code, output, report = resolve(target, requirements_for(target, requirements))
    if code != 0 or report is None:
        if any(marker in output for marker in NETWORK_ERRORS):
            return EXIT_UNREACHABLE, [f"check_resolve: {where}: the package index cannot be reached, "
                                      f"nothing was checked:\n{output.strip()}"]
        return 1, [f"check_resolve: error: {where}: pip cannot resolve the dependencies from wheels "
                   f"(it would build from source, or nothing fits):\n{output.strip()}"]
    problems, listing = problems_in(report, target)
    lines = [f"{where} would install:"] + [f"    {line}" for line in listing]
    lines += [f"check_resolve: error: {target.name}: {problem}" for problem in problems]
    return (1 if problems else 0), lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/check_resolve.py", description=__doc__.split("\n\n")[1])
    parser.add_argument("--target", action="append", choices=[t.name for t in TARGETS],
                        help="check only this system (repeatable; default: all)")
    parser.add_argument("--pyproject", type=Path, default=ROOT / "pyproject.toml")
    args = parser.parse_args(argv)
    targets = [t for t in TARGETS if not args.target or t.name in args.target]
    requirements = declared(args.pyproject)
    with ThreadPoolExecutor(max_workers=3) as pool:
        results = list(pool.map(lambda t: check(t, requirements), targets))
    for status, lines in results:
        print("\n".join(lines), file=sys.stdout if status == 0 else sys.stderr)
    statuses = {status for status, _ in results}
    if 1 in statuses:
        return 1
    return EXIT_UNREACHABLE if EXIT_UNREACHABLE in statuses else 0


if __name__ == "__main__":
    sys.exit(main())
