#!/usr/bin/env bash
# Table Companion set-up: from a fresh Debian / Raspberry Pi OS to a runnable app.
#
#   ./setup.sh            system packages + .venv with requirements.txt + the `companion` command
#   ./setup.sh --dev      … plus the test tools (pytest, hypothesis, Xvfb)
#   ./setup.sh --service  … plus the kiosk systemd unit (Raspberry Pi), enabled at boot
#
# Idempotent: run it again any time; it only installs what is missing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$ROOT/.venv"
DEV=0
SERVICE=0
SERVICE_USER="companion"
DATA_DIR="/var/lib/table-companion"

say() { printf '==> %s\n' "$*"; }
die() { printf 'setup.sh: error: %s\n' "$*" >&2; exit 1; }
trap 'die "failed at line $LINENO: $BASH_COMMAND"' ERR

for arg in "$@"; do
    case "$arg" in
        --dev) DEV=1 ;;
        --service) SERVICE=1 ;;
        -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option '$arg' (use --dev, --service or --help)" ;;
    esac
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "run as root, or install sudo"
    SUDO="sudo"
fi

IS_PI=0
if [ -r /proc/device-tree/model ] && grep -qa "Raspberry Pi" /proc/device-tree/model; then
    IS_PI=1
    say "Raspberry Pi detected: $(tr -d '\0' </proc/device-tree/model)"
fi

# --- system packages ---------------------------------------------------------
packages=(python3 python3-venv python3-pip libzbar0 libgl1 libegl1 libgles2 libgl1-mesa-dri
          libmtdev1 libsdl2-2.0-0 libsdl2-image-2.0-0 libsdl2-ttf-2.0-0 libsdl2-mixer-2.0-0)
if [ "$IS_PI" -eq 1 ]; then packages+=(python3-picamera2 python3-lgpio python3-libcamera); fi
if [ "$DEV" -eq 1 ]; then packages+=(xvfb xauth); fi
if [ "$SERVICE" -eq 1 ]; then packages+=(systemd); fi

missing=()
for pkg in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
    command -v apt-get >/dev/null || die "apt-get not found: install ${missing[*]} by hand"
    say "installing system packages: ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
    say "system packages: all present"
fi

# --- Python virtual environment ------------------------------------------------
PYTHON="${PYTHON:-python3}"
command -v "$PYTHON" >/dev/null || die "$PYTHON not found"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || die "Python 3.11 or newer is needed ($("$PYTHON" --version 2>&1))"
if [ ! -x "$VENV/bin/python" ]; then
    venv_args=()
    # On the Pi, Picamera2 and lgpio come from apt: let the venv see them.
    if [ "$IS_PI" -eq 1 ]; then venv_args+=(--system-site-packages); fi
    say "creating $VENV"
    "$PYTHON" -m venv ${venv_args[@]+"${venv_args[@]}"} "$VENV"
fi
say "installing Python packages (requirements.txt)"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$ROOT/requirements.txt"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps -e "$ROOT"
if [ "$DEV" -eq 1 ]; then
    say "installing test tools (requirements-dev.txt)"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$ROOT/requirements-dev.txt"
fi
"$VENV/bin/python" -c 'import kivy, gpiozero, cv2, pyzbar.pyzbar' 2>/dev/null \
    || die "the Python packages did not import: see the pip output above"

# --- kiosk service -----------------------------------------------------------
if [ "$SERVICE" -eq 1 ]; then
    say "installing the systemd unit (user $SERVICE_USER, data in $DATA_DIR)"
    if ! id "$SERVICE_USER" >/dev/null 2>&1; then
        $SUDO useradd --system --create-home --shell /usr/sbin/nologin "$SERVICE_USER"
    fi
    for group in gpio video input render; do
        if getent group "$group" >/dev/null; then $SUDO usermod -aG "$group" "$SERVICE_USER"; fi
    done
    sed -e "s#@ROOT@#$ROOT#g" -e "s#@USER@#$SERVICE_USER#g" \
        "$ROOT/systemd/table-companion.service" | $SUDO tee /etc/systemd/system/table-companion.service >/dev/null
    $SUDO systemctl daemon-reload
    $SUDO systemctl enable table-companion.service
    say "enabled: it starts at the next boot (or now: systemctl start table-companion)"
fi

say "done. Run the app: $VENV/bin/companion"
