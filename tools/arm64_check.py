"""The README's set-up on arm64 Debian 12 and 13 roots under qemu-user: the nearest thing to a Pi here.

    sudo python3 tools/arm64_check.py [--suite bookworm|trixie ...] [--path pi|plain ...]
                                      [--arch arm64|amd64] [--tests smoke|all] [--cache DIR] [--keep]
                                      [--online]

For each Debian suite (bookworm = Raspberry Pi OS "Legacy", trixie = today's Raspberry Pi OS) and
each path (``pi``: a Raspberry Pi as setup.sh sees it; ``plain``: an arm64 Debian laptop), in a
fresh root filesystem:

1. builds (once, cached in ``--cache``) a Debian root with mmdebstrap (``--variant=apt`` plus
   python3, sudo, systemd, udev, ca-certificates: a Lite image's base) for ``--arch``, entered
   through qemu-user-static's binfmt handler when the arch is not this machine's;
2. on the Pi path, builds (once per suite) stand-ins for the Raspberry Pi archive's packages that
   Debian lacks (python3-picamera2 with python3-libcamera and python3-simplejpeg, python3-lgpio,
   Raspberry Pi OS's python3-gpiozero: tools/pi_standins/README.md says how faithful they are;
   simplejpeg's compiled part is built in a copy of the root against that suite's apt numpy),
   serves them from a local apt repository in the root, and gives setup.sh a Raspberry Pi 5
   device-tree model file (TABLE_COMPANION_DEVICE_MODEL);
3. under qemu, downloads on this machine (natively) the wheels setup.sh will ask pip for, for the
   root's Python and machine (the dependencies as pyproject.toml declares them, markers evaluated
   for the root, a Pi held to apt's numpy as setup.sh holds it; wheels only), and lets pip in the
   root take them from there without contacting the index (``PIP_NO_INDEX``, ``PIP_FIND_LINKS``):
   emulated TLS is slow enough that this machine's TLS-inspecting proxy resets pip's connections,
   which lost four runs. ``--online`` lets pip in the root use the index as a Pi's would;
4. copies the checkout (its git-tracked files, as a clone has them) to /home/pi/table-companion
   and runs the README's ``./setup.sh --dev`` there as the user ``pi`` (sudo without a password,
   as the Bookworm images had it), or as root with ``--as-root`` (as CI runs);
5. starts the app under Xvfb to its home screen and stops it as systemd would
   (tools/clean_start.py: READY=1, SIGTERM, exit 0, no CRITICAL and no traceback on stderr); on
   the Pi path without --simulate, so the app takes its Pi camera and GPIO paths and falls back;
6. runs the tests: a smoke subset (``SMOKE``) or the whole suite (``--tests all``).

Prints each step's time and a table at the end; exit status 0 when every step of every run
passed, 1 otherwise (each run's log is kept in the cache folder and named), 2 on bad arguments
or a machine that cannot run the check.  Needs root, mmdebstrap, qemu-user-static and
binfmt-support (installed with apt when missing), and the network to Debian's archive and PyPI.
Under qemu the full set-up takes tens of minutes per run: it proves installation and behaviour,
not speed.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STANDINS = ROOT / "tools" / "pi_standins"
SUITES = ("bookworm", "trixie")
PATHS = ("pi", "plain")
#: What a Lite image has that mmdebstrap's apt variant lacks, and what entering it needs.
BASE_PACKAGES = ("python3", "ca-certificates", "sudo", "passwd", "systemd", "udev", "procps", "xz-utils")
#: The Pi's device-tree model, as /proc/device-tree/model has it (NUL-terminated).
PI_MODEL = b"Raspberry Pi 5 Model B Rev 1.0\x00"
#: The smoke subset: the Pi stack check on the real apt numpy, the journal, an engine's rules,
#: the GPIO panel on mock pins, tag reading on rendered frames, and a game played in the app.
SMOKE = (
    "tests/system/test_check_pi_stack.py",
    "tests/system/test_logging_journal.py",
    "tests/core/test_journal.py",
    "tests/coloretto/test_scoring.py",
    "tests/hardware/test_panel.py",
    "tests/vision/test_detect.py",
    "tests/ui/test_play.py::test_counter_game_by_taps_to_scores_and_history",
)
#: This machine's way to trust its network (a TLS-inspecting proxy has its own CA): the CAs added
#: under /usr/local/share/ca-certificates go into each root's trust store, and these variables,
#: where set here, are passed on (a Pi on an ordinary network needs neither).
HOST_CA_DIR = Path("/usr/local/share/ca-certificates")
HOST_TRUST_ENV = ("PIP_CERT", "SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE")
#: Seconds for the app to reach its home screen under qemu (about 20x slower than native).
QEMU_START_TIMEOUT = 900
#: How much longer the tests' own time limits are under qemu (tests/ui/conftest.py SLOWDOWN).
QEMU_SLOWDOWN = 10
USER = "pi"
CHECKOUT = f"/home/{USER}/table-companion"
REPO_IN_ROOT = "/srv/rpi-archive-standin"
WHEELS_IN_ROOT = "/srv/pip-wheels"
#: each suite's Python (the roots' python3)
SUITE_PYTHON = {"bookworm": "3.11", "trixie": "3.13"}
MACHINES = {"arm64": "aarch64", "amd64": "x86_64"}
#: One line on what the venv runs: Python, numpy (and whether apt's), OpenCV, Kivy.
ROOT_FACTS = ("-c 'import sys, numpy, cv2, kivy; print(\"Python %d.%d\" % sys.version_info[:2], "
              "\"numpy\", numpy.__version__, \"(apt)\" if numpy.__file__.startswith(\"/usr/lib/python3/\") "
              "else \"(pip)\", \"OpenCV\", cv2.__version__, \"Kivy\", kivy.__version__)' 2>/dev/null")


#: Change it when make_debs() changes what it packs: cached stand-ins are then built again.
STANDIN_LAYOUT = "1"


class CheckFailed(Exception):
    pass


@dataclass
class Step:
    name: str
    seconds: float
    ok: bool
    note: str = ""


@dataclass
class Run:
    suite: str
    path: str
    steps: list[Step] = field(default_factory=list)
    log: Path | None = None

    @property
    def ok(self) -> bool:
        return bool(self.steps) and all(step.ok for step in self.steps)


def say(text: str) -> None:
    print(f"==> {text}", flush=True)


def sh(argv: list[str], log: Path | None = None, check: bool = True, **kwargs) -> subprocess.CompletedProcess:
    """Run a host command; its output goes to LOG (appended) or is captured."""
    if log is not None:
        with open(log, "a") as out:
            out.write(f"\n$ {' '.join(argv)}\n")
            out.flush()
            proc = subprocess.run(argv, stdout=out, stderr=subprocess.STDOUT, text=True, **kwargs)
    else:
        proc = subprocess.run(argv, capture_output=True, text=True, **kwargs)
    if check and proc.returncode != 0:
        where = f" (log: {log})" if log else f": {(proc.stdout or '') + (proc.stderr or '')}".rstrip()
        raise CheckFailed(f"{' '.join(argv[:3])}... exited {proc.returncode}{where}")
    return proc


# --- the host --------------------------------------------------------------------------
def host_arch() -> str:
    return {"x86_64": "amd64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())


def prepare_host(arch: str) -> None:
    """mmdebstrap, and qemu-user-static registered with binfmt_misc for a foreign arch."""
    if os.geteuid() != 0:
        raise SystemExit("arm64_check: run as root (it builds root filesystems and chroots into them)")
    needed = ["mmdebstrap"]
    if arch != host_arch():
        needed += ["qemu-user-static", "binfmt-support"]
    missing = [pkg for pkg in needed
               if sh(["dpkg-query", "-W", "-f=${Status}", pkg], check=False).stdout.find("ok installed") < 0]
    if missing:
        say(f"installing {' '.join(missing)} with apt")
        sh(["apt-get", "update", "-qq"])
        sh(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing],
           env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    if arch == host_arch():
        return
    binfmt = Path("/proc/sys/fs/binfmt_misc")
    if not (binfmt / "status").exists():
        sh(["mount", "-t", "binfmt_misc", "binfmt_misc", str(binfmt)])
    qemu = {"arm64": "qemu-aarch64", "armhf": "qemu-arm"}.get(arch, f"qemu-{arch}")
    if not (binfmt / qemu).exists():
        sh(["update-binfmts", "--enable", qemu])
    if not (binfmt / qemu).exists():
        raise SystemExit(f"arm64_check: {qemu} is not registered with binfmt_misc; this machine cannot run {arch} binaries")
    ensure_credentials_flag(binfmt / qemu)


def ensure_credentials_flag(entry: Path) -> None:
    """sudo is set-uid: under qemu-user it runs as root only when the handler has binfmt_misc's
    C flag (credentials from the binary, which implies O), which Debian's registration lacks.
    Registers the handler again with it (same magic, mask and interpreter)."""
    fields = dict(line.split(" ", 1) for line in entry.read_text().splitlines() if " " in line)
    flags = fields.get("flags:", "").strip()
    if "C" in flags:
        return
    magic, mask = bytes.fromhex(fields["magic"]), bytes.fromhex(fields["mask"])
    escape = lambda data: "".join(f"\\x{b:02x}" for b in data)  # noqa: E731
    line = (f":{entry.name}:M:{fields.get('offset', '0')}:{escape(magic)}:{escape(mask)}:"
            f"{fields['interpreter']}:{''.join(sorted(set(flags + 'OC')))}")
    say(f"registering {entry.name} again with binfmt_misc's C flag, so set-uid sudo works in the roots")
    entry.write_text("-1")
    (entry.parent / "register").write_text(line)


# --- roots -----------------------------------------------------------------------------
def base_tarball(cache: Path, suite: str, arch: str) -> Path:
    """The suite's base root as a tarball, built once."""
    key = hashlib.sha256(" ".join(BASE_PACKAGES).encode()).hexdigest()[:8]
    tarball = cache / f"{suite}-{arch}-base-{key}.tar"
    if tarball.exists():
        return tarball
    log = tarball.with_suffix(".log")
    log.write_text("")
    partial = tarball.with_suffix(".partial.tar")
    sh(["mmdebstrap", f"--architectures={arch}", "--variant=apt", f"--include={','.join(BASE_PACKAGES)}",
        suite, str(partial)], log=log)
    partial.rename(tarball)
    return tarball


class Chroot:
    """A root filesystem unpacked in WHERE; commands run in it with /proc, /sys and /dev mounted in a
    private mount namespace (gone when the command ends, whatever happens)."""

    def __init__(self, where: Path, log: Path):
        self.where = where
        self.log = log

    def unpack(self, tarball: Path) -> None:
        if self.where.exists():
            shutil.rmtree(self.where)
        self.where.mkdir(parents=True)
        sh(["tar", "-xf", str(tarball), "-C", str(self.where)], log=self.log)
        shutil.copy("/etc/resolv.conf", self.where / "etc" / "resolv.conf")

    def run(self, script: str, user: str = "root", env: dict[str, str] | None = None,
            check: bool = True, timeout: float | None = None) -> subprocess.CompletedProcess:
        """Run a bash SCRIPT in the root as USER with a clean environment (plus ENV)."""
        environment = {"HOME": "/root" if user == "root" else f"/home/{user}", "USER": user,
                       "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                       "LANG": "C.UTF-8", "TERM": "dumb", **(env or {})}
        assignments = [f"{k}={v}" for k, v in environment.items()]
        enter = ["chroot", str(self.where), "/usr/sbin/runuser", "-u", user, "--",
                 "/usr/bin/env", "-i", *assignments, "/bin/bash", "-euo", "pipefail", "-c", script]
        mounts = (f"mount -t proc proc {self.where}/proc && mount -t sysfs sysfs {self.where}/sys && "
                  f"mount --rbind /dev {self.where}/dev && mount --make-rslave {self.where}/dev && "
                  f"mount -t tmpfs -o mode=1777 tmpfs {self.where}/dev/shm && exec \"$@\"")
        return sh(["unshare", "--mount", "--propagation", "private", "--", "sh", "-c", mounts, "sh", *enter],
                  log=self.log, check=check, timeout=timeout)


# --- stand-ins for the Raspberry Pi archive ----------------------------------------------
def standin_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted(STANDINS.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(STANDINS)).encode() + b"\0" + path.read_bytes())
    digest.update(STANDIN_LAYOUT.encode())
    return digest.hexdigest()[:12]


def build_standins(cache: Path, suite: str, arch: str, tarball: Path) -> Path:
    """A flat apt repository of stand-in .debs for SUITE, built once per stand-in source."""
    repo = cache / f"{suite}-{arch}-standins-{standin_digest()}"
    if (repo / "Packages").exists():
        return repo
    log = cache / f"{suite}-{arch}-standins.log"
    log.write_text("")
    builder = Chroot(cache / f"{suite}-{arch}-builder", log)
    builder.unpack(tarball)
    try:
        shutil.copytree(STANDINS / "simplejpeg", builder.where / "tmp" / "simplejpeg")
        builder.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "
                    "--no-install-recommends gcc libc6-dev python3-dev python3-numpy")
        builder.run(
            "cd /tmp/simplejpeg && gcc -shared -fPIC -O2 $(python3-config --includes) "
            "-I$(python3 -c 'import numpy; print(numpy.get_include())') _jpeg.c "
            "-o _jpeg$(python3-config --extension-suffix) && "
            "python3 -c 'import sys; print(\"%d.%d\" % sys.version_info[:2])' > python-version && "
            "dpkg-query -W -f='${Provides}' python3-numpy > numpy-provides && "
            "python3 -c 'import numpy; print(numpy.__version__)' > numpy-version && "
            "cd /tmp && PYTHONPATH=/tmp python3 -c 'import simplejpeg; print(simplejpeg.built_against_numpy())'")
        built = builder.where / "tmp" / "simplejpeg"
        python = (built / "python-version").read_text().strip()
        abi = next((p.strip().split()[0] for p in (built / "numpy-provides").read_text().split(",")
                    if "-abi" in p), None)
        if abi is None:
            raise CheckFailed(f"apt's python3-numpy on {suite} provides no numpy ABI package")
        extension = next(built.glob("_jpeg.cpython-*.so"))
        numpy_version = (built / "numpy-version").read_text().strip()
        partial = repo.with_name(repo.name + ".partial")
        if partial.exists():
            shutil.rmtree(partial)
        partial.mkdir()
        make_debs(partial, arch, python, abi, extension, log)
        write_packages_index(partial)
        (partial / "BUILT-AGAINST").write_text(f"python {python}\nnumpy {numpy_version} ({abi})\n")
        partial.rename(repo)
    finally:
        shutil.rmtree(builder.where, ignore_errors=True)
    return repo


def make_debs(repo: Path, arch: str, python: str, numpy_abi: str, extension: Path, log: Path) -> None:
    major, minor = (int(p) for p in python.split("."))
    python_range = f"python3 (>= {major}.{minor}~), python3 (<< {major}.{minor + 1})"
    site = Path("usr/lib/python3/dist-packages")
    with tempfile.TemporaryDirectory() as tmp:
        wheel_dir = Path(tmp) / "wheel"
        sh([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
            "--disable-pip-version-check", "gpiozero==2.0.1", "-d", str(wheel_dir)], log=log)
        packages = {
            "python3-libcamera": ("0.5.0+rpt20250429-1", arch, python_range,
                                  {"libcamera": STANDINS / "libcamera"}),
            "python3-simplejpeg": ("1.8.2-1+rpt1", arch, f"{python_range}, {numpy_abi}, libc6",
                                   {"simplejpeg": STANDINS / "simplejpeg"}),
            "python3-picamera2": ("0.3.30-1+rpt1", "all",
                                  "python3:any, python3-numpy, python3-pil, python3-simplejpeg, python3-libcamera",
                                  {"picamera2": STANDINS / "picamera2"}),
            "python3-lgpio": ("0.2.2-1~rpt1", arch, python_range, {"lgpio.py": STANDINS / "lgpio.py"}),
            "python3-gpiozero": ("2.0.1-0+rpt1", "all", "python3:any, python3-colorzero", {}),
        }
        for name, (version, architecture, depends, files) in packages.items():
            tree = Path(tmp) / name
            target = tree / site
            target.mkdir(parents=True)
            for dest, source in files.items():
                if source.is_dir():
                    shutil.copytree(source, target / dest, ignore=shutil.ignore_patterns("*.c", "__pycache__"))
                else:
                    shutil.copy(source, target / dest)
            if name == "python3-simplejpeg":
                shutil.copy(extension, target / "simplejpeg" / extension.name)
            if name == "python3-gpiozero":
                (wheel,) = wheel_dir.glob("gpiozero-*.whl")
                sh(["python3", "-m", "zipfile", "-e", str(wheel), str(target)], log=log)
            control = tree / "DEBIAN" / "control"
            control.parent.mkdir()
            control.write_text(
                f"Package: {name}\nVersion: {version}\nArchitecture: {architecture}\n"
                f"Maintainer: Table Companion arm64 check <nobody@invalid>\nSection: python\n"
                f"Priority: optional\nDepends: {depends}\n"
                f"Description: stand-in for the Raspberry Pi archive's {name}\n"
                f" Built by tools/arm64_check.py; see tools/pi_standins/README.md.\n")
            sh(["dpkg-deb", "--root-owner-group", "--build", str(tree), str(repo / f"{name}_{architecture}.deb")],
               log=log)


def write_packages_index(repo: Path) -> None:
    """A flat repository's Packages file (what dpkg-scanpackages writes)."""
    stanzas = []
    for deb in sorted(repo.glob("*.deb")):
        fields = sh(["dpkg-deb", "-f", str(deb)]).stdout.rstrip("\n")
        data = deb.read_bytes()
        stanzas.append(f"{fields}\nFilename: ./{deb.name}\nSize: {len(data)}\n"
                       f"MD5sum: {hashlib.md5(data).hexdigest()}\nSHA256: {hashlib.sha256(data).hexdigest()}\n")
    (repo / "Packages").write_text("\n".join(stanzas))


# --- one run ---------------------------------------------------------------------------
def checkout_files() -> list[str]:
    """The checkout as a clone has it: git's tracked files (plus modified ones), no venv."""
    out = sh(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"]).stdout
    return [name for name in out.split("\0") if name and (ROOT / name).exists()]


def timed(run: Run, name: str, action) -> bool:
    say(f"{run.suite}/{run.path}: {name}")
    started = time.monotonic()
    try:
        note = action() or ""
        ok = True
    except (CheckFailed, subprocess.TimeoutExpired) as exc:
        note, ok = str(exc), False
    step = Step(name, time.monotonic() - started, ok, note)
    run.steps.append(step)
    say(f"{run.suite}/{run.path}: {name}: {'ok' if ok else 'FAILED'} in {step.seconds:.0f} s"
        + (f" ({note})" if note else ""))
    return ok


def wheelhouse(cache: Path, suite: str, arch: str, path: str) -> Path:
    """The wheels ``./setup.sh --dev`` installs in a ``suite``/``arch`` root on ``path``, downloaded
    here with pip's resolver for that root (tools/check_resolve.py's targets and markers); kept
    in the cache and topped up at each run."""
    sys.path.insert(0, str(ROOT))
    from tools.check_resolve import TARGETS, declared, pip_target_options, requirements_for

    python, machine = SUITE_PYTHON[suite], MACHINES[arch]
    target = next(t for t in TARGETS if t.python == python and t.machine == machine
                  and (t.apt_numpy is not None) == (path == "pi"))
    folder = cache / f"{suite}-{arch}-{path}-wheels"
    folder.mkdir(exist_ok=True)
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    lines = requirements_for(target, declared(ROOT / "pyproject.toml", ("sheets", "dev"))) + list(build)
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                   "--dest", str(folder), *pip_target_options(target, lines, Path(tmp))]
        done = subprocess.run(command, capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        raise CheckFailed(f"pip download for {target.name} failed: {done.stderr.strip()[-600:]}")
    return folder


def one_run(cache: Path, suite: str, path: str, arch: str, tests: str, keep: bool, as_root: bool = False,
            online: bool = False) -> Run:
    run = Run(suite, path)
    user = "root" if as_root else USER  # root: as CI runs the suite
    checkout = "/root/table-companion" if as_root else CHECKOUT
    run.log = cache / f"{suite}-{arch}-{path}.log"
    run.log.write_text("")
    foreign = arch != host_arch()
    root = Chroot(cache / f"{suite}-{arch}-{path}-root", run.log)
    tarball: list[Path] = []
    repo: list[Path] = []
    wheels: list[Path] = []
    # pip's 5 quick retries lost a 50-minute emulated run to a proxy resetting connections
    env = {"CI": "", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_RETRIES": "20"}

    def build_base():
        tarball.append(base_tarball(cache, suite, arch))
        return f"{tarball[0].stat().st_size // 2**20} MiB"

    def build_archive():
        repo.append(build_standins(cache, suite, arch, tarball[0]))
        return (repo[0] / "BUILT-AGAINST").read_text().replace("\n", "; ").strip("; ")

    def download_wheels():
        wheels.append(wheelhouse(cache, suite, arch, path))
        return f"{len(list(wheels[0].glob('*.whl')))} wheels in {wheels[0]}"

    def prepare_root():
        root.unpack(tarball[0])
        etc = root.where / "etc"
        (etc / "sudoers.d" / "010_pi-nopasswd").write_text(f"{USER} ALL=(ALL) NOPASSWD: ALL\n")
        (etc / "sudoers.d" / "010_pi-nopasswd").chmod(0o440)
        root.run(f"useradd --create-home --shell /bin/bash --groups sudo {USER}")
        with open(etc / "hosts", "a") as hosts:  # as an image has it: sudo looks its host name up
            hosts.write(f"127.0.1.1\t{platform.node()}\n")
        if HOST_CA_DIR.is_dir():  # what update-ca-certificates would add (it takes minutes under qemu)
            with open(etc / "ssl" / "certs" / "ca-certificates.crt", "a") as bundle:
                for certificate in sorted(HOST_CA_DIR.rglob("*.crt")):
                    bundle.write(certificate.read_text())
        env.update({name: os.environ[name] for name in HOST_TRUST_ENV if name in os.environ})
        if path == "pi":
            shutil.copytree(repo[0], root.where / REPO_IN_ROOT.lstrip("/"))
            (etc / "apt" / "sources.list.d" / "raspi-standin.list").write_text(
                f"deb [trusted=yes] file:{REPO_IN_ROOT} ./\n")
            model = root.where / "etc" / "table-companion-device-model"
            model.write_bytes(PI_MODEL)
            env["TABLE_COMPANION_DEVICE_MODEL"] = "/etc/table-companion-device-model"
        if wheels:
            shutil.copytree(wheels[0], root.where / WHEELS_IN_ROOT.lstrip("/"))
            env.update(PIP_NO_INDEX="1", PIP_FIND_LINKS=WHEELS_IN_ROOT)
        target = root.where / checkout.lstrip("/")
        target.mkdir(parents=True)
        for name in checkout_files():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name, follow_symlinks=False)
        root.run(f"chown -R {user}:{user} {checkout}")
        release = dict(line.split("=", 1) for line in (etc / "os-release").read_text().splitlines() if "=" in line)
        return release.get("PRETTY_NAME", "?").strip('"')

    def setup():
        root.run(f"cd {checkout} && ./setup.sh --dev", user=user, env=env)
        root.run(f"cd {checkout} && .venv/bin/python {ROOT_FACTS}", user=user, env=env)
        return last_line(run.log)

    def home_screen():
        args = "" if path == "pi" else "--simulate "
        timeout = QEMU_START_TIMEOUT if foreign else 240
        root.run(f"cd {checkout} && .venv/bin/python tools/clean_start.py --timeout {timeout} -- "
                 f"{args}--data-dir /tmp/clean-start-data", user=user, env=env)
        return next((line for line in reversed(run.log.read_text().splitlines())
                     if line.startswith("clean_start: READY")), "")

    def test_suite():
        selection = " ".join(SMOKE) if tests == "smoke" else ""
        workers = "-n 0" if tests == "smoke" else ""
        slow = {"TABLE_COMPANION_TEST_SLOWDOWN": str(QEMU_SLOWDOWN)} if foreign else {}
        timeout = f"--timeout={300 * QEMU_SLOWDOWN}" if foreign else ""
        root.run(f"cd {checkout} && .venv/bin/python -m pytest {workers} {timeout} {selection}",
                 user=user, env={**env, **slow}, timeout=5 * 3600)
        return last_line(run.log)

    try:
        for name, action in (("base root (mmdebstrap)", build_base),
                             *((("Raspberry Pi archive stand-ins", build_archive),) if path == "pi" else ()),
                             *((("wheels, downloaded natively", download_wheels),) if foreign and not online else ()),
                             ("fresh root + checkout", prepare_root),
                             ("./setup.sh --dev", setup),
                             ("app to home screen and clean stop", home_screen),
                             (f"tests ({tests})", test_suite)):
            if not timed(run, name, action):
                break
    finally:
        if not keep and run.ok:
            shutil.rmtree(root.where, ignore_errors=True)
    return run


def last_line(log: Path | None) -> str:
    lines = [line for line in log.read_text().splitlines() if line.strip()] if log else []
    return lines[-1].strip()[:160] if lines else ""


def report(runs: list[Run], arch: str) -> None:
    print(f"\narm64_check summary ({arch}, {'qemu-user' if arch != host_arch() else 'native'}):")
    for run in runs:
        total = sum(step.seconds for step in run.steps)
        print(f"  {run.suite:9} {run.path:6} {'PASS' if run.ok else 'FAIL'}  {total / 60:5.1f} min  log: {run.log}")
        for step in run.steps:
            print(f"      {step.name:36} {step.seconds:7.0f} s  {'ok' if step.ok else 'FAILED'}  {step.note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="sudo python3 tools/arm64_check.py",
                                     description="The README's set-up on arm64 Debian roots under qemu-user.")
    parser.add_argument("--suite", action="append", choices=SUITES, help="default: both")
    parser.add_argument("--path", action="append", choices=PATHS, help="default: both")
    parser.add_argument("--arch", default="arm64", help="the roots' Debian architecture (default arm64)")
    parser.add_argument("--tests", choices=("smoke", "all"), default="smoke")
    parser.add_argument("--cache", type=Path, default=Path("/var/cache/table-companion-arm64"),
                        help="roots, stand-ins and logs (default /var/cache/table-companion-arm64)")
    parser.add_argument("--jobs", type=int, default=2, help="runs at a time (default 2)")
    parser.add_argument("--keep", action="store_true", help="keep each run's root (else kept only when it failed)")
    parser.add_argument("--online", action="store_true",
                        help="under qemu too, pip in the root downloads from the index (default: wheels "
                             "downloaded here natively)")
    parser.add_argument("--as-root", action="store_true",
                        help=f"set up and test as root, as CI does (default: as the user {USER!r} with sudo)")
    args = parser.parse_args(argv)
    prepare_host(args.arch)
    args.cache.mkdir(parents=True, exist_ok=True)
    suites, paths = args.suite or list(SUITES), args.path or list(PATHS)
    # Base roots and stand-ins first, one per suite, so parallel runs do not build them twice.
    from concurrent.futures import ThreadPoolExecutor

    def prebuild(suite: str) -> None:  # a failure here is met again, and reported, by the runs
        try:
            tarball = base_tarball(args.cache, suite, args.arch)
            if "pi" in paths:
                build_standins(args.cache, suite, args.arch, tarball)
        except (CheckFailed, OSError) as exc:
            say(f"{suite}: {exc}")

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(prebuild, suites))
        runs = list(pool.map(lambda sp: one_run(args.cache, sp[0], sp[1], args.arch, args.tests, args.keep,
                                                  args.as_root, args.online),
                             [(s, p) for s in suites for p in paths]))
    report(runs, args.arch)
    return 0 if all(run.ok for run in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
