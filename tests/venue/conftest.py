from __future__ import annotations

import pytest

from tests.venue.broker import Broker

TABLES = ("t1", "t2", "t3")


@pytest.fixture
def broker(tmp_path):
    b = Broker(tmp_path / "broker", "club", TABLES)
    b.start()
    yield b
    b.stop()
