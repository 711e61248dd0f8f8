"""mypy over companion/ (configured in pyproject.toml, [tool.mypy]): no errors."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_over_companion():
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental"], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0 and "Success" in result.stdout, result.stdout + result.stderr
