"""Fixtures that break storage on purpose (see storage_faults.py)."""
from __future__ import annotations

import pytest

from tests.reliability.storage_faults import small_disk


@pytest.fixture
def tiny_disk(tmp_path):
    """A 512 KiB filesystem (yields its folder)."""
    with small_disk(tmp_path / "tiny", 512) as folder:
        yield folder
