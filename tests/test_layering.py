"""The layering of DESIGN.md, checked by walking every import (also the lazy
ones inside functions): companion/ is standard library only; hardware/ and
vision/ never import each other or ui/; nothing imports ui/; the table views
in ui/games see a game only through its view model, actions and public API;
ui/games holds only Kivy code and reaches vision/ only through vision/games
(a game's vision side)."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "hardware", "vision", "ui")


def imports_of(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def package_imports(package: str) -> dict[str, set[str]]:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"{package}/ has no Python files"
    return {str(f.relative_to(ROOT)): imports_of(f) for f in files}


#: The tiny pure-Python helpers companion/ may use besides the standard library.
#: tomli_w writes settings.toml (the standard library reads TOML but cannot write it);
#: it is one small pure module with no dependencies, in requirements.txt.
PURE_HELPERS = {"tomli_w"}


def test_companion_is_standard_library_only():
    allowed = set(sys.stdlib_module_names) | {"companion", "__future__"} | PURE_HELPERS
    offenders = {f"{path}: {name}" for path, names in package_imports("companion").items()
                 for name in names if name not in allowed}
    assert offenders == set()


@pytest.mark.parametrize("package, forbidden", [
    ("hardware", {"vision", "ui", "kivy", "cv2", "numpy"}),
    ("vision", {"hardware", "ui", "kivy", "gpiozero"}),
])
def test_hardware_and_vision_stay_apart(package, forbidden):
    offenders = {f"{path}: {name}" for path, names in package_imports(package).items()
                 for name in names if name in forbidden}
    assert offenders == set()


def test_nothing_imports_ui():
    offenders = {f"{path}: ui" for package in ("companion", "hardware", "vision")
                 for path, names in package_imports(package).items() if "ui" in names}
    assert offenders == set()


def full_imports_of(path: Path) -> set[str]:
    """Dotted module names imported by ``path`` (``from a.b import c`` gives ``a.b``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


#: ui/games modules that declare rather than draw: the registry with GameUi, and each game's UI
UI_DECLARATIONS = ("__init__.py", "*/__init__.py")


def test_ui_games_holds_only_kivy_code():
    """Every table-view module draws with Kivy (or is a part of a view built on Kivy
    widgets, like a controls mixin); Kivy-free code (a game's OpenCV side) belongs in
    vision/games."""
    folder = ROOT / "ui" / "games"
    declarations = {p for pattern in UI_DECLARATIONS for p in folder.glob(pattern)}
    offenders = {str(p.relative_to(ROOT)) for p in folder.rglob("*.py")
                 if p not in declarations and not {"kivy", "ui"} & imports_of(p)}
    assert offenders == set()


def test_ui_games_reach_vision_only_through_vision_games():
    """Detection, reading, the gate and the worker are the camera plumbing's (ui/camera.py),
    not a table view's."""
    offenders = {f"{p.relative_to(ROOT)}: {name}" for p in (ROOT / "ui" / "games").rglob("*.py")
                 for name in full_imports_of(p)
                 if name.split(".")[0] == "vision" and not (name + ".").startswith("vision.games.")}
    assert offenders == set()


def test_the_walker_sees_lazy_imports(tmp_path):
    sample = tmp_path / "m.py"
    sample.write_text("def f():\n    import cv2\n    from kivy.app import App\n")
    assert imports_of(sample) == {"cv2", "kivy"}


#: What ui/games may import from a game package: the package itself (its public
#: API: GAME, view_model), its actions, its view model, and its data and card
#: catalogue, and the models of what the setup screen enters (Golden Horn's fleets,
#: Caravelas's board file and its mapper); never the rules, the state or the scoring
#: (those reach the view through the view model).
GAME_MODULES_FOR_VIEWS = {"", "actions", "view_model", "data", "cards", "catalogue", "fleets", "board", "mapper"}


def game_packages() -> set[str]:
    return {p.parent.name for p in (ROOT / "companion").glob("*/game.py")}


def game_imports(path: Path, games: set[str]) -> set[str]:
    """``companion.<game>[.<module>]`` names imported by ``path`` (also lazily)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        modules = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                   else [node.module] if isinstance(node, ast.ImportFrom) and node.module
                   and node.level == 0 else [])
        found.update(m for m in modules if m.split(".")[:2][-1] in games and m.startswith("companion."))
    return found


def view_offenders(root: Path, games: set[str]) -> set[str]:
    offenders = set()
    for path in sorted(root.rglob("*.py")):
        for module in game_imports(path, games):
            inner = ".".join(module.split(".")[2:])
            if inner not in GAME_MODULES_FOR_VIEWS:
                offenders.add(f"{path.relative_to(root.parent)}: {module}")
    return offenders


def test_table_views_import_no_rules_or_state():
    games = game_packages()
    assert {"golden_horn", "coloretto", "alles_auf_1_karte"} <= games
    assert view_offenders(ROOT / "ui" / "games", games) == set()


def test_the_view_rule_catches_rules_and_state(tmp_path):
    views = tmp_path / "games"
    views.mkdir()
    (views / "v.py").write_text("from companion.coloretto.view_model import view_model\n"
                                "from companion.coloretto import GAME\n"
                                "def f():\n    from companion.coloretto.rules import can_draw\n"
                                "import companion.golden_horn.state\n")
    assert view_offenders(views, {"coloretto", "golden_horn"}) == {
        "games/v.py: companion.coloretto.rules", "games/v.py: companion.golden_horn.state"}
