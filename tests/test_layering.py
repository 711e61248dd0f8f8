"""The layering of DESIGN.md. The import-linter contracts in pyproject.toml
(``[tool.importlinter]``) hold the arrows: ui -> (vision | hardware) -> companion,
vision and hardware independent, companion free of kivy/cv2/numpy/gpiozero, and
no import circles; ``lint-imports`` runs here. The checks the contracts cannot
express stay as walks over the imports (also the lazy ones inside functions):
companion/ is standard library only; the table views in ui/games see a game only
through its view model, actions and public API; ui/games holds only Kivy code and
reaches vision/ only through vision/games (a game's vision side). And no circle
between modules, counting that importing ``a.b.c`` first runs ``a`` and ``a.b``
(their ``__init__``), which import-linter's sibling contracts do not see."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "hardware", "vision", "ui", "venue")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


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


def lint_imports(*contracts: str) -> subprocess.CompletedProcess[str]:
    args = [str(LINT_IMPORTS), "--no-cache"] + [a for c in contracts for a in ("--contract", c)]
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=240,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


#: the contracts that hold today; "acyclic-outer" (circles in ui/ and vision/) is below
KEPT_CONTRACTS = ("layers", "pure-core", "hardware-libraries", "vision-libraries", "venue-libraries",
                  "pure-core-network", "acyclic-core", "acyclic-outer")


def test_the_import_contracts_are_kept():
    result = lint_imports(*KEPT_CONTRACTS)
    assert result.returncode == 0, result.stdout + result.stderr


def import_graph(*packages: str) -> dict[str, set[str]]:
    """Module -> modules it imports (also lazily), plus the packages whose ``__init__``
    such an import runs first (not the importer's own packages: those already run)."""
    graph = grimp.build_graph(*packages, exclude_type_checking_imports=True, cache_dir=None)
    edges: dict[str, set[str]] = {m: set() for m in graph.modules}
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            edges[module].add(imported)
            parts = imported.split(".")
            for i in range(1, len(parts)):
                package = ".".join(parts[:i])
                if package in edges and package != module and not module.startswith(package + "."):
                    edges[module].add(package)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two or more modules that import each other (strongly connected)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_module_circles_anywhere():
    """Package ``__init__`` imports included (import-linter's acyclic_siblings does not see a
    package's ``__init__`` importing its own children)."""
    assert circles(import_graph("companion", "hardware", "vision", "ui")) == []


def test_the_circle_finder_sees_a_package_init(tmp_path, monkeypatch):
    """``lib.a`` imports ``pkg.rules``, which first runs ``pkg/__init__``, which imports
    ``lib.a``: a circle no single import statement shows."""
    for folder in ("pkg", "lib"):
        (tmp_path / folder).mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("from lib.a import helper\n")
    (tmp_path / "pkg" / "rules.py").write_text("")
    (tmp_path / "lib" / "__init__.py").write_text("")
    (tmp_path / "lib" / "a.py").write_text("def helper():\n    from pkg import rules\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert circles(import_graph("pkg", "lib")) == [["lib.a", "pkg"]]


#: The tiny pure-Python helpers companion/ may use besides the standard library.
#: tomli_w writes settings.toml (the standard library reads TOML but cannot write it);
#: it is one small pure module with no dependencies, in requirements.txt.
PURE_HELPERS = {"tomli_w"}


def test_companion_is_standard_library_only():
    allowed = set(sys.stdlib_module_names) | {"companion", "__future__"} | PURE_HELPERS
    offenders = {f"{path}: {name}" for path, names in package_imports("companion").items()
                 for name in names if name not in allowed}
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
#: API: GAME, view_model), its actions and the words they are told in (texts), its view
#: model, and its data and card catalogue, and the models of what the setup screen enters
#: (Golden Horn's fleets, Caravelas's board file and its mapper); never the rules, the state
#: or the scoring (those reach the view through the view model).
GAME_MODULES_FOR_VIEWS = {"", "actions", "texts", "view_model", "data", "cards", "catalogue", "fleets", "board",
                          "mapper"}


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
