"""hardware/ imports companion value types and gpiozero, never ui, vision, Kivy or OpenCV."""
from __future__ import annotations

import ast
from pathlib import Path

import hardware

FORBIDDEN = {"ui", "vision", "kivy", "cv2", "numpy", "pyzbar", "picamera2"}


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_hardware_never_imports_ui_vision_or_kivy():
    files = sorted(Path(hardware.__file__).parent.glob("*.py"))
    assert len(files) >= 7
    offenders = {
        f"{path.name}: {name}"
        for path in files for name in imported_modules(path)
        if name.split(".")[0] in FORBIDDEN
    }
    assert offenders == set()


def test_companion_imports_are_value_modules_only():
    allowed = {"companion.engine", "companion.signals"}
    for path in Path(hardware.__file__).parent.glob("*.py"):
        used = {n for n in imported_modules(path) if n.split(".")[0] == "companion"}
        assert used <= allowed, path.name
