#!/usr/bin/env bash
# Table Companion set-up: from a fresh Debian / Raspberry Pi OS to a runnable app.
#
#   ./setup.sh                   system packages + .venv with the app and its dependencies
#                                (pyproject.toml) + the `companion` command
#   ./setup.sh --dev             ... plus the test tools (pytest, hypothesis, Xvfb, systemd-analyze,
#                                Mosquitto for the venue link's tests, its service left disabled)
#   ./setup.sh --service         the kiosk instead (Raspberry Pi): a root-owned copy of the app in
#                                /opt/table-companion with its own venv, the system user `companion`,
#                                the systemd unit enabled at boot, and console boot (no desktop)
#   ./setup.sh --venue-hub       the back-room machine of a club night: the app's venv, Mosquitto
#                                (TLS, a password per table, the ACL) and the hub with its wall
#                                page on port 8080, both as systemd units; prints what each table
#                                enters (TABLE_COMPANION_VENUE names the venue, default "club";
#                                TABLE_COMPANION_TABLES how many tables, default 10)
#   ./setup.sh ... --dry-run     print every step it would take, change nothing
#
# Runs on Raspberry Pi OS trixie (Debian 13, Python 3.13) and Bookworm "Legacy" (Debian 12,
# Python 3.11), 64-bit only, and on Debian 12/13 laptops (amd64, arm64).
# Idempotent: run it again any time; after `git pull`, `sudo ./setup.sh --service` updates the kiosk.
# For tests: TABLE_COMPANION_DEVICE_MODEL names the device-tree model file read to detect a Pi
# (default /proc/device-tree/model); TABLE_COMPANION_PREFIX replaces /opt/table-companion and
# TABLE_COMPANION_UNIT_DIR /etc/systemd/system; TABLE_COMPANION_ARCH replaces what
# `dpkg --print-architecture` says and TABLE_COMPANION_OS_RELEASE names /etc/os-release;
# TABLE_COMPANION_SYSTEMD_VERSION replaces the version `systemctl --version` reports,
# TABLE_COMPANION_SYSTEM_PTUUID the partition table UUID of the disk / is on (which the USB
# stick rule leaves out).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$ROOT/.venv"
PREFIX="${TABLE_COMPANION_PREFIX:-/opt/table-companion}"
MODEL_FILE="${TABLE_COMPANION_DEVICE_MODEL:-/proc/device-tree/model}"
OS_RELEASE="${TABLE_COMPANION_OS_RELEASE:-/etc/os-release}"
SERVICE_USER="companion"
DATA_DIR="/var/lib/table-companion"
UNIT_DIR="${TABLE_COMPANION_UNIT_DIR:-/etc/systemd/system}"
# Where apt puts Debian's Python packages (Picamera2, lgpio, numpy on a Pi).
APT_SITE=/usr/lib/python3/dist-packages
DEV=0
SERVICE=0
HUB=0
HUB_DIR="${TABLE_COMPANION_HUB_DIR:-/etc/table-companion-venue}"
DRY_RUN=0

say() { printf '==> %s\n' "$*"; }
warn() { printf 'setup.sh: warning: %s\n' "$*" >&2; }
die() { printf 'setup.sh: error: %s\n' "$*" >&2; exit 1; }
trap 'die "failed at line $LINENO: $BASH_COMMAND"' ERR

for arg in "$@"; do
    case "$arg" in
        --dev) DEV=1 ;;
        --service) SERVICE=1 ;;
        --venue-hub) HUB=1 ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option '$arg' (use --dev, --service, --venue-hub, --dry-run or --help)" ;;
    esac
done
if [ "$DEV" -eq 1 ] && [ "$SERVICE" -eq 1 ]; then
    die "--dev and --service do not go together: the kiosk gets no test tools (run them one after the other)"
fi
if [ "$HUB" -eq 1 ] && [ "$SERVICE" -eq 1 ]; then
    die "--venue-hub and --service do not go together: the hub runs in the back room, the kiosk at a table"
fi
if [ "$DRY_RUN" -eq 1 ]; then say "dry run: printing every step, changing nothing"; fi

IS_PI=0
if [ -r "$MODEL_FILE" ]; then
    model="$(tr -d '\0' <"$MODEL_FILE")"
    case "$model" in
        "Raspberry Pi"*) IS_PI=1; say "Raspberry Pi detected: $model" ;;
    esac
fi

# --- which system ----------------------------------------------------------------
# 64-bit only: PyPI has no 32-bit ARM wheels of OpenCV, Kivy or zxing-cpp (pip would spend an
# hour building them and fail), and trixie's 32-bit images are a dead end. dpkg names the
# userland: a 32-bit Raspberry Pi OS runs a 64-bit kernel, so `uname -m` would say aarch64.
ARCH="${TABLE_COMPANION_ARCH:-$(dpkg --print-architecture 2>/dev/null || uname -m)}"
case "$ARCH" in
    amd64|x86_64|arm64|aarch64) ;;
    *)
        if [ "$IS_PI" -eq 1 ]; then
            die "this is a 32-bit Raspberry Pi OS ($ARCH): Table Companion needs the 64-bit one. Flash 'Raspberry Pi OS Lite (64-bit)' with Raspberry Pi Imager (a Pi 3, 4 or 5 runs it) and run setup.sh there"
        fi
        die "this is a 32-bit system ($ARCH): Table Companion needs a 64-bit Debian 12 or 13 (amd64 or arm64)"
        ;;
esac
OS_NAME="unknown system"
OS_CODENAME=""
if [ -r "$OS_RELEASE" ]; then
    OS_NAME="$(. "$OS_RELEASE"; printf '%s' "${PRETTY_NAME:-${NAME:-unknown system}}")"
    OS_CODENAME="$(. "$OS_RELEASE"; printf '%s' "${VERSION_CODENAME:-}")"
fi
case "$OS_CODENAME" in
    bookworm|trixie) say "system: $OS_NAME ($ARCH)" ;;
    *) warn "$OS_NAME ($ARCH) is neither Debian 12 (bookworm) nor 13 (trixie), which setup.sh knows: going on, but expect surprises" ;;
esac

# --- root, asked for once ----------------------------------------------------------
# Raspberry Pi OS images since April 2026 have no passwordless sudo: sudo asks for the
# password once (its ticket then covers the other steps), and says why before it asks.
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then SUDO="sudo"
    elif [ "$DRY_RUN" -eq 1 ]; then SUDO="sudo"
    else die "run as root, or install sudo"; fi
fi
ROOT_ASKED=0
need_root() {  # need_root WHY
    if [ -z "$SUDO" ] || [ "$DRY_RUN" -eq 1 ] || [ "$ROOT_ASKED" -eq 1 ]; then return 0; fi
    ROOT_ASKED=1
    if sudo -n true 2>/dev/null; then return 0; fi  # no password needed (or a ticket left)
    say "root is needed $1: sudo asks for your password once"
    sudo -v || die "sudo did not give root $1: run setup.sh again as a user who may use sudo (or as root)"
}

# run CMD...: do it, or print it in a dry run.  as_root CMD...: the same through sudo.
run() {
    if [ "$DRY_RUN" -eq 1 ]; then printf '[dry-run] %s\n' "$*"; return 0; fi
    "$@"
}
as_root() { run ${SUDO:+"$SUDO"} "$@"; }
# install_file DEST MODE < CONTENT: a root-owned file (printed whole in a dry run).
install_file() {
    local dest=$1 mode=$2 content
    content="$(cat)"
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '[dry-run] write %s (mode %s):\n' "$dest" "$mode"
        printf '%s\n' "$content" | sed 's/^/    | /'
        return 0
    fi
    printf '%s\n' "$content" | ${SUDO:+"$SUDO"} tee "$dest" >/dev/null
    ${SUDO:+"$SUDO"} chmod "$mode" "$dest"
}
if [ "$SERVICE" -eq 1 ]; then need_root "to install the kiosk (/opt, a system user, a systemd unit)"; fi

# --- system packages ---------------------------------------------------------
packages=(python3 python3-venv python3-pip libzbar0 libgl1 libegl1 libgles2 libgl1-mesa-dri
          libmtdev1 libsdl2-2.0-0 libsdl2-image-2.0-0 libsdl2-ttf-2.0-0 libsdl2-mixer-2.0-0)
# On a Pi, from apt (the Raspberry Pi archive): Picamera2, and numpy, which it and simplejpeg
# are built against (1.24 on Bookworm, 2.2 on trixie: the venv keeps that one, see below);
# lgpio (PyPI has no wheel for Python 3.13) and Raspberry Pi OS's gpiozero, which uses it.
pi_packages=(python3-numpy python3-picamera2 python3-libcamera python3-lgpio python3-gpiozero)
if [ "$IS_PI" -eq 1 ]; then packages+=("${pi_packages[@]}"); fi
# systemd brings systemd-analyze, which the unit's tests use.
# mosquitto: the venue link's tests start their own broker on 127.0.0.1 (openssl makes their
# certificates); the broker's own service is disabled again (see below). Chromium and its
# driver: the wall page's test reads the page in a real headless browser.
if [ "$DEV" -eq 1 ]; then packages+=(xvfb xauth systemd gcc libc6-dev mosquitto openssl chromium chromium-driver); fi
if [ "$SERVICE" -eq 1 ]; then packages+=(systemd rsync); fi
if [ "$HUB" -eq 1 ]; then packages+=(mosquitto openssl systemd); fi

# apt_has PKG: apt can install PKG (its policy names a candidate). The output is read whole
# first: `apt-cache policy | grep -q` fails under pipefail when grep stops reading early.
apt_has() {
    local policy
    policy="$(apt-cache policy "$1" 2>/dev/null)" || return 1
    case "$policy" in
        *"Candidate: (none)"*) return 1 ;;
        *"Candidate: "*) return 0 ;;
        *) return 1 ;;
    esac
}
is_pi_package() {
    local pkg
    for pkg in "${pi_packages[@]}"; do [ "$pkg" = "$1" ] && return 0; done
    return 1
}

missing=()
for pkg in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
    command -v apt-get >/dev/null || die "apt-get not found: install ${missing[*]} by hand"
    need_root "to install system packages with apt-get (${missing[*]})"
    say "installing system packages: ${missing[*]}"
    as_root apt-get update -qq
    # A Pi running plain Debian has no Raspberry Pi archive: no Picamera2 there (the camera
    # falls back to a USB webcam or the simulated table), and no lgpio (the on-screen panel).
    if [ "$IS_PI" -eq 1 ] && [ "$DRY_RUN" -eq 0 ]; then
        available=()
        for pkg in "${missing[@]}"; do
            if is_pi_package "$pkg" && ! apt_has "$pkg"; then
                warn "apt has no $pkg (is this Raspberry Pi OS? its archive brings it): without it the Pi camera or the GPIO panel stay unused"
            else
                available+=("$pkg")
            fi
        done
        missing=(${available[@]+"${available[@]}"})
    fi
    # sudo drops DEBIAN_FRONTEND from the environment: pass it through env.
    if [ "${#missing[@]}" -gt 0 ]; then
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
    # Debian's mosquitto package enables and starts a broker on port 1883: a table (or a
    # developer's laptop) runs none, so the one --dev brought in is stopped and disabled.
    for pkg in "${missing[@]}"; do
        if [ "$pkg" = "mosquitto" ] && [ "$HUB" -eq 0 ]; then
            say "mosquitto: installed for the tests only; its service is disabled (no broker runs here)"
            if [ "$DRY_RUN" -eq 1 ] || command -v systemctl >/dev/null; then
                as_root systemctl disable --now mosquitto.service || warn "could not disable mosquitto.service: run 'sudo systemctl disable --now mosquitto'"
            fi
        fi
    done
else
    say "system packages: all present"
fi

# --- Python virtual environment ------------------------------------------------
# The kiosk, and any venv on a Pi, use Debian's own Python: apt's Picamera2 and lgpio are built
# for it (--system-site-packages shows a venv its interpreter's packages only), and the service
# user can run it (a pyenv or conda Python in a home directory is out of its reach).
if [ "$SERVICE" -eq 1 ]; then
    PYTHON=/usr/bin/python3
elif [ "$IS_PI" -eq 1 ]; then
    PYTHON="${PYTHON:-/usr/bin/python3}"
else
    PYTHON="${PYTHON:-python3}"
fi
if command -v "$PYTHON" >/dev/null; then
    "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "Python 3.11 or newer is needed ($("$PYTHON" --version 2>&1))"
elif [ "$DRY_RUN" -eq 0 ]; then
    die "$PYTHON not found"
fi

# apt_pins: "name==version" for each package apt's Picamera2 is built against (numpy), as apt
# installed it; the venv is held to exactly these, so pip keeps apt's and never adds its own.
apt_pins() {
    if [ "$DRY_RUN" -eq 1 ] && [ ! -d "$APT_SITE/numpy" ]; then
        printf 'numpy==<version-from-apt>\n'; return 0
    fi
    /usr/bin/python3 - "$APT_SITE" <<'PY'
import sys
from importlib import metadata
found = {d.metadata["Name"].lower(): d.version for d in metadata.distributions(path=[sys.argv[1]])}
if "numpy" not in found:
    sys.exit(f"apt's numpy is not in {sys.argv[1]}: install python3-numpy")
print(f"numpy=={found['numpy']}")
PY
}

# python_minor PYTHON / venv_python_minor VENV: "3.13" (empty when unknown).
python_minor() { "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true; }
venv_python_minor() {
    sed -n 's/^version\(_info\)\{0,1\} *= *\([0-9]*\.[0-9]*\).*/\2/p' "$1/pyvenv.cfg" 2>/dev/null | head -n 1
}

# compile_catalogues VENV SRC RUNNER: SRC's companion/locale/*/LC_MESSAGES/*.po to .mo (git-ignored).
compile_catalogues() {
    local venv=$1 src=$2 runner=$3
    say "compiling the translations ($src/companion/locale)"
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '[dry-run] (cd %s && %s -m tools.catalogues compile)\n' "$src" "$venv/bin/python"
    else
        (cd "$src" && $runner "$venv/bin/python" -m tools.catalogues compile >/dev/null) \
            || die "the translations in $src/companion/locale did not compile (above)"
    fi
}

# build_venv VENV SRC EDITABLE RUNNER: the venv, with Picamera2, lgpio and numpy from apt
# visible on a Pi (an older venv without them is made again), the app from SRC with its
# dependencies as pyproject.toml declares them (on a Pi held to apt's numpy).
build_venv() {
    local venv=$1 src=$2 editable=$3 runner=$4
    local pip=("$venv/bin/python" -m pip install -q --disable-pip-version-check)
    local venv_args=() extras="sheets"
    if [ "$IS_PI" -eq 1 ]; then venv_args+=(--system-site-packages); fi
    if [ "$DEV" -eq 1 ]; then extras="sheets,dev"; fi
    if [ ! -x "$venv/bin/python" ]; then
        say "creating $venv ${venv_args[*]}"
        $runner "$PYTHON" -m venv ${venv_args[@]+"${venv_args[@]}"} "$venv"
    elif [ "$IS_PI" -eq 1 ] && ! grep -qiE '^include-system-site-packages *= *true' "$venv/pyvenv.cfg" 2>/dev/null; then
        say "recreating $venv with --system-site-packages: it cannot see Picamera2 and lgpio from apt"
        $runner "$PYTHON" -m venv --clear --system-site-packages "$venv"
    elif [ "$SERVICE" -eq 1 ] && ! grep -qE '^home *= */usr/bin/?$' "$venv/pyvenv.cfg" 2>/dev/null; then
        say "recreating $venv with $PYTHON: the kiosk must not depend on another Python"
        $runner "$PYTHON" -m venv --clear ${venv_args[@]+"${venv_args[@]}"} "$venv"
    elif [ "$(venv_python_minor "$venv")" != "$(python_minor "$PYTHON")" ]; then
        # An upgrade from Bookworm to trixie (3.11 -> 3.13) leaves a venv of a Python that is gone.
        say "recreating $venv: it was made with Python $(venv_python_minor "$venv"), this is $(python_minor "$PYTHON")"
        $runner "$PYTHON" -m venv --clear ${venv_args[@]+"${venv_args[@]}"} "$venv"
    fi
    local constraints=()
    if [ "$IS_PI" -eq 1 ]; then
        # A numpy of pip's own in the venv (left by an older set-up) would shadow apt's.
        local shadow
        for shadow in "$venv"/lib/python3*/site-packages/numpy; do
            if [ -d "$shadow" ]; then
                say "removing the venv's own numpy ($shadow): apt's numpy is the one Picamera2 is built against"
                $runner "$venv/bin/python" -m pip uninstall -y -q numpy
            fi
        done
        local pins
        pins="$(apt_pins)" || die "could not read apt's numpy: install python3-numpy with apt, then run setup.sh again"
        say "holding the venv to apt's $pins ($venv/apt-constraints.txt)"
        if [ "$DRY_RUN" -eq 1 ]; then
            printf '[dry-run] write %s: %s\n' "$venv/apt-constraints.txt" "$pins"
        else
            printf '%s\n' "$pins" | $runner tee "$venv/apt-constraints.txt" >/dev/null
        fi
        constraints=(-c "$venv/apt-constraints.txt")
    fi
    say "installing the app and its Python packages ($src/pyproject.toml, [$extras])"
    local pip_failed="pip could not install the Python packages (its message is above). 'Connection' or 'No matching distribution' there means PyPI could not be reached: check the network (or proxy) and run setup.sh again; it goes on from where it stopped"
    # The translations: Babel (a dependency) compiles SRC's .po catalogues to the .mo files the
    # app reads; before the app is copied into a venv that is not editable.
    if [ "$editable" -eq 1 ]; then
        $runner "${pip[@]}" ${constraints[@]+"${constraints[@]}"} -e "$src[$extras]" || die "$pip_failed"
        compile_catalogues "$venv" "$src" "$runner"
    else
        $runner "${pip[@]}" ${constraints[@]+"${constraints[@]}"} "$src[$extras]" || die "$pip_failed"
        compile_catalogues "$venv" "$src" "$runner"
        # The same version number as the copy before: reinstall the app itself from SRC.
        $runner "${pip[@]}" --no-deps --force-reinstall "$src" || die "$pip_failed"
    fi
    if [ "$DRY_RUN" -eq 1 ]; then
        run "$venv/bin/python" -c 'import kivy, gpiozero, cv2, pyzbar.pyzbar'
    else
        local out
        out="$(env KIVY_NO_ARGS=1 KIVY_NO_CONFIG=1 KIVY_NO_FILELOG=1 KIVY_NO_CONSOLELOG=1 \
               "$venv/bin/python" -c 'import kivy, gpiozero, cv2, pyzbar.pyzbar' 2>&1)" \
            || { printf '%s\n' "$out" >&2; die "the Python packages in $venv did not import (above)"; }
    fi
    if [ "$IS_PI" -eq 1 ]; then
        say "checking Picamera2, numpy, OpenCV and lgpio in $venv"
        $runner "$venv/bin/python" "$src/tools/check_pi_stack.py" \
            || die "Picamera2 does not work in $venv (see above): the camera would stay dark. Fix it, then run setup.sh again"
    fi
}

# install_hub: the back room of a club night (--venue-hub): Mosquitto configured by the same
# code the tests start it with (python -m venue.broker: TLS, passwords, ACL), run by its own
# unit (Debian's mosquitto.service, on port 1883 without TLS, is disabled), and the hub.
install_hub() {
    local venue="${TABLE_COMPANION_VENUE:-club}" tables="${TABLE_COMPANION_TABLES:-10}" host hub_user
    case "$venue" in ''|*[+#/\ ]*) die "TABLE_COMPANION_VENUE must be a name without +, #, / or spaces, not '$venue'" ;; esac
    case "$tables" in ''|*[!0-9]*) die "TABLE_COMPANION_TABLES must be a number of tables, not '$tables'" ;; esac
    host="$(hostname 2>/dev/null || echo localhost)"
    hub_user="${SUDO_USER:-$(id -un)}"
    need_root "to configure Mosquitto and the hub (/etc, systemd units)"
    say "venue hub: Mosquitto for venue '$venue' with $tables tables, configured in $HUB_DIR"
    as_root install -d -m 0755 "$HUB_DIR"
    as_root "$VENV/bin/python" -m venue.broker "$HUB_DIR" --venue "$venue" --tables "$tables" \
        --host "$host.local" --host "$host" --host localhost --run-as mosquitto
    as_root chown mosquitto:mosquitto "$HUB_DIR/passwd" "$HUB_DIR/acl" "$HUB_DIR/tls/server.key" "$HUB_DIR/data"
    local unit
    for unit in table-companion-broker.service table-companion-hub.service; do
        sed -e "s#@HUB_DIR@#$HUB_DIR#g" -e "s#@VENV@#$VENV#g" -e "s#@VENUE@#$venue#g" \
            -e "s#@HUB_USER@#$hub_user#g" "$ROOT/systemd/$unit" | install_file "$UNIT_DIR/$unit" 0644
    done
    if [ "$DRY_RUN" -eq 1 ] || [ -d /run/systemd/system ]; then
        as_root systemctl daemon-reload
        as_root systemctl disable --now mosquitto.service || warn "could not disable Debian's mosquitto.service"
        as_root systemctl enable --now table-companion-broker.service table-companion-hub.service
    else
        warn "systemd is not running here (a container?): the units are written to $UNIT_DIR but not started; on the back-room machine run: sudo systemctl enable --now table-companion-broker table-companion-hub"
    fi
    say "done. The wall page: http://$host.local:8080/ ; the tables' settings and their QR codes are printed above (to print: $HUB_DIR/cards/<table>.svg; one again: sudo $VENV/bin/python -m venue.broker $HUB_DIR --card table-3), their CA certificate is $HUB_DIR/tls/ca.pem"
}

if [ "$SERVICE" -eq 0 ]; then
    build_venv "$VENV" "$ROOT" 1 run
    if [ "$HUB" -eq 1 ]; then install_hub; exit 0; fi
    say "done. Run the app: $VENV/bin/companion"
    exit 0
fi

# --- kiosk service -------------------------------------------------------------
# The service user cannot read a home directory (0700 on Bookworm): the kiosk runs from a
# root-owned copy in $PREFIX with its own venv, and writes only $DATA_DIR.
umask 022
say "installing the kiosk in $PREFIX (user $SERVICE_USER, data in $DATA_DIR)"
as_root install -d -m 0755 -o root -g root "$PREFIX" "$PREFIX/src"
as_root rsync -a --delete --chown=root:root --chmod=D0755,F0644 \
    --exclude=__pycache__ --exclude='*.pyc' --exclude='*.egg-info' --exclude=/build \
    "$ROOT/companion" "$ROOT/hardware" "$ROOT/vision" "$ROOT/ui" "$ROOT/venue" "$ROOT/tools" "$ROOT/systemd" \
    "$ROOT/docs" "$ROOT/pyproject.toml" "$ROOT/requirements.txt" "$ROOT/requirements-dev.txt" \
    "$ROOT/README.md" "$PREFIX/src/"
build_venv "$PREFIX/venv" "$PREFIX/src" 0 as_root

if id -u "$SERVICE_USER" >/dev/null 2>&1; then
    say "system user $SERVICE_USER: present"
else
    as_root useradd --system --user-group --home-dir "$DATA_DIR" --no-create-home \
        --shell /usr/sbin/nologin "$SERVICE_USER"
fi
# Device access is by group: gpio (/dev/gpiochip*), video (camera, /dev/dri/card*),
# input (touch), render (/dev/dri/renderD*). Only groups that exist go into the unit.
groups=()
for group in gpio video input render; do
    if getent group "$group" >/dev/null; then
        groups+=("$group")
    else
        case "$group" in
            gpio) why="the GPIO panel falls back to the screen" ;;
            video) why="no camera and no display" ;;
            input) why="no touch" ;;
            *) why="slower graphics" ;;
        esac
        warn "group '$group' does not exist here, so the unit leaves it out: without it, $why"
    fi
done

# The unit's back-off depends on systemd's version: RestartSteps= and RestartMaxDelaySec=
# (a growing pause between restarts) came with systemd 254 (trixie has 257); 252 (Bookworm)
# would warn about them, so its unit keeps a start limit and the retry timer instead.
if [ -n "${TABLE_COMPANION_SYSTEMD_VERSION:-}" ]; then
    systemd_version="$TABLE_COMPANION_SYSTEMD_VERSION"
else
    systemd_version="$(systemctl --version 2>/dev/null | sed -n '1s/^systemd \([0-9][0-9]*\).*/\1/p')" || true
fi
case "$systemd_version" in
    ''|*[!0-9]*)
        warn "could not read systemd's version ('${systemd_version}'): the unit gets systemd 252's back-off (no growing pause)"
        systemd_version=252 ;;
esac
if [ "$systemd_version" -ge 254 ]; then
    unit_keep=SINCE_254 unit_drop=BEFORE_254
    say "systemd $systemd_version: after a crash the kiosk restarts with a growing pause (3 s up to 90 s)"
else
    unit_keep=BEFORE_254 unit_drop=SINCE_254
    say "systemd $systemd_version: after a crash the kiosk restarts in 3 s; after 5 starts in 60 s, in 90 s"
fi

# render TEMPLATE: the unit files with the placeholders filled in and the lines for this
# systemd kept (their marker removed), the others dropped.
render() {
    sed -e "/^@$unit_drop@/d" -e "s/^@$unit_keep@//" \
        -e "s#@PREFIX@#$PREFIX#g" -e "s#@USER@#$SERVICE_USER#g" \
        -e "s#@GROUPS@#${groups[*]}#g" -e "s#@DATA_DIR@#$DATA_DIR#g" "$1"
}
render "$ROOT/systemd/table-companion.service" | install_file "$UNIT_DIR/table-companion.service" 0644
render "$ROOT/systemd/table-companion-retry.timer" | install_file "$UNIT_DIR/table-companion-retry.timer" 0644
as_root systemctl daemon-reload
if [ "$DRY_RUN" -eq 0 ] && command -v systemd-analyze >/dev/null; then
    problems="$(systemd-analyze verify "$UNIT_DIR/table-companion.service" 2>&1 | grep 'table-companion' || true)"
    [ -z "$problems" ] || die "systemd-analyze verify: $problems"
fi
as_root systemctl enable table-companion.service

# --- USB sticks ----------------------------------------------------------------
# The Lite image mounts no USB stick. A udev rule has systemd mount a stick's FAT, exFAT or
# NTFS file system on /media/$SERVICE_USER/<UUID>, owned by the kiosk user, where "Export to
# USB" looks; the unit lets the kiosk write there (ReadWritePaths=). The disk the system
# runs from is left out by its partition table's UUID, in case it is on USB too.
USB_MEDIA="/media/$SERVICE_USER"
system_ptuuid="${TABLE_COMPANION_SYSTEM_PTUUID-}"
if [ -z "$system_ptuuid" ] && command -v findmnt >/dev/null && command -v lsblk >/dev/null; then
    root_device="$(findmnt -n -o SOURCE / 2>/dev/null)" || root_device=""
    case "$root_device" in
        /dev/*) system_ptuuid="$(lsblk -n -d -o PTUUID "$root_device" 2>/dev/null | tr -d '[:space:]')" || system_ptuuid="" ;;
    esac
fi
case "$system_ptuuid" in
    ''|*[!0-9A-Fa-f-]*)
        system_ptuuid=""
        say "USB sticks: no partition table UUID found for the system disk: the rule leaves out only what is not on USB" ;;
esac
say "USB sticks: mounted on $USB_MEDIA/<UUID> for the kiosk (a udev rule and systemd-mount)"
as_root install -d -m 0755 -o root -g root "$USB_MEDIA"
if [ -n "$system_ptuuid" ]; then
    sed -e "s#@USER@#$SERVICE_USER#g" -e "s#@SYSTEM_PTUUID@#$system_ptuuid#g" "$ROOT/systemd/table-companion-usb.rules"
else
    sed -e "s#@USER@#$SERVICE_USER#g" -e "/@SYSTEM_PTUUID@/d" "$ROOT/systemd/table-companion-usb.rules"
fi | install_file /etc/udev/rules.d/80-table-companion-usb.rules 0644
if [ "$DRY_RUN" -eq 1 ] || command -v udevadm >/dev/null; then
    as_root udevadm control --reload
else
    warn "udevadm not found: USB sticks are mounted once udev runs (after a reboot)"
fi

# The kiosk draws on the display through KMS/DRM; a desktop's display manager holds it.
NEED_REBOOT=0
default_target="$(systemctl get-default 2>/dev/null || echo unknown)"
if [ "$default_target" = "graphical.target" ]; then
    say "switching to console boot: the desktop would hold the display the kiosk draws on"
    if [ "$IS_PI" -eq 1 ] && command -v raspi-config >/dev/null; then
        as_root raspi-config nonint do_boot_behaviour B1
    else
        as_root systemctl set-default multi-user.target
    fi
    NEED_REBOOT=1
else
    say "boots to the console already ($default_target)"
fi

if [ "$NEED_REBOOT" -eq 1 ]; then
    say "done. Reboot to start the kiosk: sudo reboot"
else
    as_root systemctl stop table-companion-retry.timer
    as_root systemctl restart table-companion.service \
        || die "the kiosk did not start: see journalctl -u table-companion -e (systemctl status table-companion)"
    say "done. The kiosk is (re)started: systemctl status table-companion; journalctl -u table-companion -f"
fi
