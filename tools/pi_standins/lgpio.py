"""Stand-in for python3-lgpio (Raspberry Pi archive) under qemu, where no GPIO chip exists.

Like lgpio 0.2: importing it opens the notification pipe ``.lgd-nfy0`` in ``$LG_WD``, else in
the working directory (so an unwritable one fails the import with OSError), and opening a chip
that the kernel does not offer raises ``lgpio.error("can not open gpiochip")``."""
import os

LGPIO_PY_VERSION = 0x00020200
OUTPUT = 0
INPUT = 0
SET_PULL_UP = 32
SET_PULL_DOWN = 64
SET_PULL_NONE = 128
RISING_EDGE = 1
FALLING_EDGE = 2
BOTH_EDGES = 3


class error(Exception):  # noqa: N801 - lgpio's own name
    pass


_notify = open(os.path.join(os.environ.get("LG_WD") or os.getcwd(), ".lgd-nfy0"), "a")


def error_text(code):
    return {-78: "can not open gpiochip"}.get(code, f"unknown error {code}")


def gpiochip_open(gpiochip):
    if not os.path.exists(f"/dev/gpiochip{int(gpiochip)}"):
        raise error(error_text(-78))
    raise error("the stand-in opens no chip")
