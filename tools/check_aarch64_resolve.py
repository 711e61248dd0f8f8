"""Resolve requirements.txt as a Raspberry Pi would: CPython 3.11, manylinux aarch64 wheels only.

    python tools/check_aarch64_resolve.py [REQUIREMENTS]

Runs pip's resolver (``pip install --dry-run --report``) for Raspberry Pi OS Bookworm 64-bit
(Python 3.11, glibc 2.36, aarch64) from any machine, and fails when the Pi would get numpy 2
(apt's Picamera2 and simplejpeg are built against numpy 1.x), an OpenCV without
``cv2.aruco.ArucoDetector`` (before 4.7), or a package with no aarch64 wheel (pip would try to
build it on the Pi).  Prints what the Pi would install.

Exit status: 0 all good, 1 a problem (printed), 75 the package index cannot be reached (the
check could not run; the reason is printed).  Standard library only; needs pip >= 22.2.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON_VERSION = "3.11"  # Raspberry Pi OS Bookworm
GLIBC_MINOR = 36  # Bookworm's glibc 2.36: manylinux_2_17 ... manylinux_2_36 wheels install
PLATFORMS = ["manylinux2014_aarch64"] + [f"manylinux_2_{m}_aarch64" for m in range(17, GLIBC_MINOR + 1)]
EXIT_UNREACHABLE = 75  # EX_TEMPFAIL

#: pip's words when it cannot reach the index (as opposed to finding no suitable file).
NETWORK_ERRORS = ("NewConnectionError", "Temporary failure in name resolution", "Network is unreachable",
                  "ConnectTimeoutError", "ReadTimeoutError", "ProxyError", "SSLError",
                  "Name or service not known", "Connection refused", "No route to host")


def resolve(requirements: Path) -> tuple[int, str, dict | None]:
    """Run pip's resolver; (return code, pip's output, the JSON report or None)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        command = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed",
                   "--quiet", "--disable-pip-version-check", "--retries", "1", "--timeout", "20",
                   "--report", str(report), "--target", str(Path(tmp) / "target"),
                   "--only-binary=:all:", "--implementation", "cp",
                   "--python-version", PYTHON_VERSION, "--abi", "cp311", "--abi", "abi3", "--abi", "none"]
        for platform in PLATFORMS:
            command += ["--platform", platform]
        command += ["-r", str(requirements)]
        proc = subprocess.run(command, capture_output=True, text=True, timeout=600)
        data = json.loads(report.read_text()) if report.exists() else None
    return proc.returncode, proc.stdout + proc.stderr, data


def wheel_platform_ok(filename: str) -> bool:
    """True for a wheel that installs on aarch64 Linux (a pure-Python or an aarch64 wheel)."""
    if not filename.endswith(".whl"):
        return False
    platform_tag = filename[:-4].split("-")[-1]
    return all(tag == "any" or tag.endswith("_aarch64") for tag in platform_tag.split("."))


def problems_in(report: dict) -> tuple[list[str], list[str]]:
    """(problems, lines listing what would be installed) for a pip --report."""
    problems: list[str] = []
    listing: list[str] = []
    versions: dict[str, str] = {}
    for item in report.get("install", []):
        name = item["metadata"]["name"]
        version = item["metadata"]["version"]
        filename = item.get("download_info", {}).get("url", "").rsplit("/", 1)[-1]
        versions[re.sub(r"[-_.]+", "-", name).lower()] = version
        listing.append(f"{name} {version}  {filename}")
        if not wheel_platform_ok(filename):
            problems.append(f"{name} {version}: no aarch64 wheel ({filename or 'no file'}); pip would build it on the Pi")
    numpy = versions.get("numpy")
    if numpy is None:
        problems.append("numpy is not in the resolved set")
    elif int(numpy.split(".")[0]) >= 2:
        problems.append(f"numpy {numpy}: apt's picamera2/simplejpeg need numpy < 2 ('numpy.dtype size changed')")
    opencv = versions.get("opencv-python-headless")
    if opencv is None:
        problems.append("opencv-python-headless is not in the resolved set")
    elif tuple(int(p) for p in opencv.split(".")[:2]) < (4, 7):
        problems.append(f"opencv-python-headless {opencv} has no cv2.aruco.ArucoDetector (4.7 or newer)")
    return problems, listing


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    requirements = Path(args[0]) if args else ROOT / "requirements.txt"
    code, output, report = resolve(requirements)
    if code != 0 or report is None:
        if any(marker in output for marker in NETWORK_ERRORS):
            print("check_aarch64_resolve: the package index cannot be reached, nothing was checked:\n"
                  + output.strip(), file=sys.stderr)
            return EXIT_UNREACHABLE
        print(f"check_aarch64_resolve: pip cannot resolve {requirements} for aarch64 / CPython "
              f"{PYTHON_VERSION}:\n{output.strip()}", file=sys.stderr)
        return 1
    problems, listing = problems_in(report)
    print(f"A Raspberry Pi (aarch64, CPython {PYTHON_VERSION}) would install from {requirements.name}:")
    for line in listing:
        print(f"    {line}")
    for problem in problems:
        print(f"check_aarch64_resolve: error: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
