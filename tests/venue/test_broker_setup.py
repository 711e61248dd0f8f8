"""setup.sh --venue-hub: the broker's files by venue.broker (the code the tests start Mosquitto
with), the units, what each table enters; read through its --dry-run and run for real in a folder."""
from __future__ import annotations

import getpass
import os
import socket
import stat
import subprocess
import time
import tomllib

from tests.system.install import SETUP, steps, written_files
from tests.venue.broker import MOSQUITTO, free_port
from venue.broker import main


def hub_dry_run(tmp_path, *args, **env):
    full = dict(os.environ, TABLE_COMPANION_DEVICE_MODEL=str(tmp_path / "none"),
                TABLE_COMPANION_UNIT_DIR=str(tmp_path / "units"), **env)
    return subprocess.run(["bash", str(SETUP), "--venue-hub", *args, "--dry-run"], env=full, capture_output=True,
                          text=True, timeout=120)


def test_venue_hub_dry_run_configures_mosquitto_and_the_hub_as_units(tmp_path):
    proc = hub_dry_run(tmp_path, TABLE_COMPANION_VENUE="boardgame-cafe", TABLE_COMPANION_TABLES="12")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = steps(proc.stdout)
    assert any(" -m venue.broker /etc/table-companion-venue --venue boardgame-cafe --tables 12 " in line
               and line.endswith("--run-as mosquitto") for line in lines), lines
    files = written_files(proc.stdout)
    hub = files[str(tmp_path / "units" / "table-companion-hub.service")]
    broker = files[str(tmp_path / "units" / "table-companion-broker.service")]
    assert "--venue boardgame-cafe" in hub and "LoadCredential=hub.password:/etc/table-companion-venue/hub.password" in hub
    assert "mosquitto -c /etc/table-companion-venue/mosquitto.conf" in broker
    assert "systemctl disable --now mosquitto.service" in lines
    assert "systemctl enable --now table-companion-broker.service table-companion-hub.service" in lines


def test_venue_hub_refuses_a_venue_name_with_wildcards_and_the_kiosk(tmp_path):
    proc = hub_dry_run(tmp_path, TABLE_COMPANION_VENUE="club/#")
    assert proc.returncode == 1 and "without +, #, /" in proc.stderr
    proc = hub_dry_run(tmp_path, "--service")
    assert proc.returncode == 1 and "do not go together" in proc.stderr


def test_the_broker_command_writes_what_the_tables_need_and_keeps_passwords_on_a_second_run(tmp_path, capsys):
    folder = tmp_path / "venue"
    assert main([str(folder), "--venue", "club", "--tables", "3", "--host", "backroom.local",
                 "--run-as", getpass.getuser()]) == 0
    out = capsys.readouterr().out
    users = tomllib.loads((folder / "tables.toml").read_text())["users"]
    assert set(users) == {"hub", "table-1", "table-2", "table-3"}
    assert f'table_id = "table-2"; username = "table-2", password = "{users["table-2"]}"' in out
    assert 'venue_broker = "backroom.local:8883"' in out
    for secret in ("tables.toml", "hub.password", "passwd", "tls/server.key", "tls/ca.key"):
        assert stat.S_IMODE((folder / secret).stat().st_mode) == 0o600, secret
    assert (folder / "hub.password").read_text().strip() == users["hub"]
    acl = (folder / "acl").read_text()
    assert "user table-2\ntopic write tc/club/table/table-2/#\n" in acl and "user hub\ntopic read tc/club/#" in acl
    assert "log_dest stderr" in (folder / "mosquitto.conf").read_text()
    ca = (folder / "tls" / "ca.pem").read_bytes()
    main([str(folder), "--venue", "club", "--tables", "3", "--run-as", getpass.getuser()])
    assert tomllib.loads((folder / "tables.toml").read_text())["users"] == users
    assert (folder / "tls" / "ca.pem").read_bytes() == ca      # the tables' copies still check the broker
    signed = subprocess.run(["openssl", "verify", "-CAfile", str(folder / "tls" / "ca.pem"),
                             str(folder / "tls" / "server.crt")], capture_output=True, text=True)
    assert signed.returncode == 0, signed.stdout + signed.stderr
    hashed = (folder / "passwd").read_text()
    assert users["table-2"] not in hashed and "table-2:$" in hashed     # hashed in place, never plain
    # and Mosquitto takes the configuration as written
    port = free_port()
    conf = (folder / "mosquitto.conf").read_text().replace("listener 8883", f"listener {port} 127.0.0.1")
    (folder / "test.conf").write_text(conf)
    proc = subprocess.Popen([MOSQUITTO, "-c", str(folder / "test.conf")], stderr=subprocess.PIPE, text=True)
    try:
        end = time.monotonic() + 20
        while time.monotonic() < end and proc.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.05)
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
    finally:
        proc.terminate()
        proc.wait(10)
