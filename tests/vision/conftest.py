"""Fixtures for the vision tests."""
from __future__ import annotations

import pytest

from vision.profiles import BoardProfile, load_profile


@pytest.fixture(scope="session")
def demo_profile() -> BoardProfile:
    return load_profile("demo")


@pytest.fixture(scope="session")
def tiles_profile() -> BoardProfile:
    return load_profile("demo-tiles")
