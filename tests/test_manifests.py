"""Every registered game declares itself in every layer, in the declared shape:
its manifest (companion), its Kivy side (ui/games/<game>/, a GameUi) and its vision
side (vision/games/<game>/, a GameVision), each listed by its layer's registry.
Adding a game = its folders + one registry line per layer (docs/adding-a-game.md);
these tests say what is missing."""
from __future__ import annotations

import inspect
import logging
from pathlib import Path

import pytest

from companion import games
from companion.engine import GameConfig
from companion.games import GameEntry, available_games, load_manifest, registered_games
from companion.manifest import CameraExplanation, GameManifest, ManifestError
from tests.fake_game import GAME as COUNTER
from tests.registry import register_game
import ui.games
import vision.games
import vision.registry
from ui.games import GENERIC, GameUi, game_ui
from vision.games import CameraSetup, GameVision, game_vision

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("Ann", "Bea", "Cy", "Dov", "Eve")
GAMES = registered_games()


def arity(function) -> int:
    """How many positional arguments a declared hook takes."""
    return len([p for p in inspect.signature(function).parameters.values()
                if p.default is inspect.Parameter.empty and p.kind is not p.VAR_KEYWORD])


def test_every_registered_game_loads():
    """A registry line whose manifest is missing or broken is a failure here, not a game silently gone."""
    assert available_games() == GAMES and len(GAMES) >= 4


@pytest.mark.parametrize("name", GAMES)
def test_the_registry_line_matches_the_engine(name):
    manifest = load_manifest(name)
    line = games.entry(name)
    assert isinstance(manifest, GameManifest)
    assert (manifest.engine.name, manifest.engine.title) == (line.name, line.title)


@pytest.mark.parametrize("name", GAMES)
def test_the_camera_explanation_has_the_declared_shape(name):
    camera = load_manifest(name).camera
    if camera is None:
        return
    assert isinstance(camera, CameraExplanation)
    assert arity(camera.actions_for_reading) == 2
    assert camera.unexplained_reading is None or arity(camera.unexplained_reading) == 2
    assert camera.describe_reading is None or arity(camera.describe_reading) == 2


@pytest.mark.parametrize("name", GAMES)
def test_the_kivy_side_has_the_declared_shape(name):
    ui = game_ui(name)
    assert isinstance(ui, GameUi)
    assert arity(ui.build_view) == 1
    assert ui.prepare_config is None or arity(ui.prepare_config) == 2
    assert ui.score_extras is None or arity(ui.score_extras) == 2
    assert ui.corrections is None or arity(ui.corrections) == 1
    assert ui.turn_text is None or arity(ui.turn_text) == 2
    option_names = {o.name for o in load_manifest(name).engine.options if o.on_setup}
    for option, make in ui.option_editors.items():
        assert option in option_names, f"{name}: editor of {option!r}, not one of the game's setup options"
        assert arity(make) == 2


@pytest.mark.parametrize("name", GAMES)
def test_the_vision_side_has_the_declared_shape_and_builds_a_camera(name):
    manifest = load_manifest(name)
    vision = game_vision(name)
    if vision is None:
        assert manifest.camera is None, f"{name} explains camera readings but declares no vision side"
        return
    assert isinstance(vision, GameVision)
    assert arity(vision.tags) == 1 and isinstance(vision.tags(vision.max_seats), list)
    if vision.camera_setup is None:
        assert manifest.camera is None, f"{name} explains camera readings but gives the camera nothing to read"
        return
    assert manifest.camera is not None, f"{name} sets up a camera whose readings nothing explains"
    game = manifest.engine
    state = game.setup(GameConfig.build(name, NAMES[:game.min_players]))
    setup = vision.camera_setup(state)
    assert isinstance(setup, CameraSetup) and setup.profile is not None


#: the shipped games: a package in companion/ with a manifest
SHIPPED = sorted(p.parent.name for p in (ROOT / "companion").glob("*/manifest.py"))


@pytest.mark.parametrize("layer", [ui.games, vision.games])
def test_every_game_folder_is_in_its_layer_s_registry(layer):
    """A ui/games/<game>/ or vision/games/<game>/ its registry does not list is a game half
    added; a line for no registered game is one half removed."""
    folder = Path(layer.__file__).parent
    on_disk = {p.parent.name for p in folder.glob("*/__init__.py")}
    registry = ui.games.GAMES if layer is ui.games else {n: e.module for n, e in vision.registry.GAMES.items()}
    shipped = {name: module for name, module in registry.items() if module.startswith(layer.__name__ + ".")}
    assert on_disk == set(shipped) and set(registry) <= set(GAMES)
    assert all(module == f"{layer.__name__}.{name}" for name, module in shipped.items())


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_game_has_a_side_in_each_layer(name):
    """Leaving a layer out is an error, not a silent "no table view" or "no camera"."""
    assert name in ui.games.GAMES and name in vision.registry.GAMES


@pytest.mark.parametrize("kwargs, problem", [
    ({"engine": object()}, "does not implement"),
    ({"camera": COUNTER.apply}, "CameraExplanation"),
])
def test_a_manifest_of_the_wrong_shape_is_refused(kwargs, problem):
    declared = {"engine": COUNTER, **kwargs}
    with pytest.raises(ManifestError, match=problem):
        GameManifest(**declared)


def test_a_game_without_a_table_view_gets_the_generic_one():
    assert game_ui("counter") is GENERIC and game_vision("counter") is None


@pytest.fixture
def scratch_registry():
    before = list(games.GAMES)
    yield
    games.GAMES[:] = before
    games._loaded.clear()
    games._broken.clear()


def test_a_broken_game_is_logged_and_leaves_the_others_playable(scratch_registry, caplog):
    register_game("ghost", "tests.no_such_manifest", "Ghost")
    with caplog.at_level(logging.ERROR, logger="companion.games"):
        found = available_games()
    assert "ghost" not in found and set(GAMES) <= set(found)
    assert "ghost" in caplog.text and "tests.no_such_manifest" in caplog.text


def test_a_registry_line_that_disagrees_with_its_engine_is_refused(scratch_registry):
    games.GAMES.append(GameEntry("counter2", "Counter", "tests.fake_game"))
    with pytest.raises(ManifestError, match="registry line"):
        load_manifest("counter2")


def test_the_checklist_s_proof_game_is_picked_up_everywhere():
    """Pebbles (tests/pebbles/) was added only by following docs/adding-a-game.md:
    the registry-driven suites include it without a line of their own."""
    from tests.conformance.test_conformance import GAMES as CONFORMANCE
    from tests.test_rules_references import FILES

    assert "pebbles" in CONFORMANCE and "pebbles" in GAMES and "pebbles" in FILES
    pebbles = game_ui("pebbles")
    assert pebbles.build_view is GENERIC.build_view and set(pebbles.option_editors) == {"pile"}
    assert pebbles.score_extras is not None and game_vision("pebbles").camera_setup is None


#: what wires a game in, by its module names (a file that merely tests or describes it does not)
WIRING_SUFFIXES = {".py", ".kv", ".po", ".toml", ".cfg", ".ini", ".sh", ".txt"}


def test_pebbles_needs_nothing_outside_its_folder_but_one_registry_line_per_layer():
    """docs/adding-a-game.md: a fifth game touches only its own folders, one registry line
    per layer and its catalogue entries.  Pebbles (tests/pebbles/, no catalogue: translated
    is False) is named outside its folder by tests/registry.py alone, once per layer; the
    product's packages and catalogues never name it."""
    folder = ROOT / "tests" / "pebbles"
    module = "tests." + "pebbles"
    naming = set()
    tops = [top for top in ROOT.iterdir() if not top.name.startswith(".")]   # not .venv, .git
    for path in (p for top in tops for p in ([top] if top.is_file() else top.rglob("*"))):
        parts = path.relative_to(ROOT).parts
        if (path.suffix not in WIRING_SUFFIXES or not path.is_file() or folder in path.parents
                or "__pycache__" in parts or path == Path(__file__)):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if module in text:
            naming.add("/".join(parts))
        if parts[0] in ("companion", "ui", "vision", "hardware"):
            assert "pebbles" not in text.lower(), f"{'/'.join(parts)} names Pebbles"
    assert naming == {"tests/registry.py"}
    lines = [line.strip() for line in (ROOT / "tests" / "registry.py").read_text(encoding="utf-8").splitlines()
             if module in line]
    assert len(lines) == 3
    assert [line.split("(")[0].split("[")[0] for line in lines] == [
        "register_game", "ui.games.GAMES", "vision.registry.GAMES"]
    assert not load_manifest("pebbles").translated


@pytest.mark.parametrize("build", [
    lambda: GameUi(build_view="ui.games.generic"),                       # type: ignore[arg-type]
    lambda: GameUi(build_view=print, option_editors={"route.tiles": "read"}),  # type: ignore[dict-item]
    lambda: GameUi(build_view=print, score_headings={"{count} joker": 3}),     # type: ignore[dict-item]
    lambda: GameVision(tags=None, max_seats=4),                          # type: ignore[arg-type]
    lambda: GameVision(tags=list, max_seats=0),
])
def test_a_layer_declaration_of_the_wrong_shape_is_refused(build):
    with pytest.raises(ManifestError):
        build()
