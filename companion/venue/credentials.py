"""A table's credentials for its venue's broker: a file of its own in the data dir.

``<data dir>/venue/credentials.toml`` (mode 0600, the folder 0700)::

    username = "table-7"
    password = "..."

and, beside it, ``ca.pem``: the venue's certificate authority, to check the broker's
TLS certificate (setup.sh --venue-hub prints both).  They are never written to the
journal, the settings or the logs; :class:`Credentials` hides the password in its repr.
"""
from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

from companion.venue.names import VenueError

FOLDER = "venue"
FILE = "credentials.toml"
CA_FILE = "ca.pem"


@dataclass(frozen=True)
class Credentials:
    username: str
    password: str = field(repr=False)
    ca_file: Path | None = None

    def __repr__(self) -> str:
        return f"Credentials(username={self.username!r}, password='***', ca_file={self.ca_file!r})"


def folder(data_dir: Path) -> Path:
    return Path(data_dir) / FOLDER


def save_credentials(data_dir: Path, username: str, password: str, ca_pem: bytes | None = None) -> Path:
    """Write the credentials (and the venue's CA) readable by this user only; returns the file."""
    if not username or any(ch in username for ch in "\n\r\0") or not password or "\0" in password:
        raise VenueError("the venue's user name and password must both be given")
    where = folder(data_dir)
    where.mkdir(parents=True, exist_ok=True)
    os.chmod(where, 0o700)
    path = where / FILE
    _write_private(path, tomli_w.dumps({"username": username, "password": password}).encode("utf-8"))
    if ca_pem is not None:
        _write_private(where / CA_FILE, ca_pem)
    return path


def _write_private(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)     # an older file of the same name, made with a wider mode
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)


def load_credentials(data_dir: Path) -> Credentials:
    """The table's credentials, or VenueError naming the file and what to do: missing, not
    readable, readable by other users (refused, as ssh refuses such a key), or not
    ``username`` and ``password``."""
    path = folder(data_dir) / FILE
    try:
        mode = path.stat().st_mode
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise VenueError(f"{path} may be read by other users of this computer; "
                             f"make it private (chmod 600 {path}) or enter the password again in Settings")
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise VenueError(f"{path} does not exist: enter the venue's user name and password in Settings") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise VenueError(f"{path} cannot be read ({type(exc).__name__}); "
                         f"enter the venue's user name and password in Settings again") from None
    username, password = document.get("username"), document.get("password")
    if not isinstance(username, str) or not username or not isinstance(password, str) or not password:
        raise VenueError(f"{path} must hold username and password; enter them in Settings again")
    ca = folder(data_dir) / CA_FILE
    return Credentials(username, password, ca if ca.is_file() else None)
