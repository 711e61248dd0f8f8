"""Layout files: a module's ``.kv`` beside it (``home.py`` → ``home.kv``), loaded once."""
from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder


def load_kv(module_file: str) -> None:
    """Load the ``.kv`` file beside a module (``home.py`` → ``home.kv``) once."""
    path = str(Path(module_file).resolve().with_suffix(".kv"))
    if path not in Builder.files:
        Builder.load_file(path)
