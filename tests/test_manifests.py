"""Every registered game declares itself in every layer, in the declared shape:
its manifest (companion), its Kivy side (ui/games, a GameUi) and its vision side
(vision/games, a GameVision).  Adding a game = its packages + one registry line
(docs/adding-a-game.md); these tests say what is missing."""
from __future__ import annotations

import inspect
import logging
from pathlib import Path

import pytest

from companion import games
from companion.engine import GameConfig
from companion.games import GameEntry, available_games, load_manifest, register_game, registered_games
from companion.manifest import CameraExplanation, GameManifest, ManifestError
from tests.fake_game import GAME as COUNTER
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
    option_names = {o.name for o in load_manifest(name).engine.options}
    for option, read in ui.camera_options.items():
        assert option in option_names, f"{name}: camera option {option!r} is not one of the game's options"
        assert arity(read) == 2   # (players, settings)


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


def declared_modules() -> set[str]:
    """Every layer declaration the registered manifests name."""
    return {m for name in GAMES for m in (load_manifest(name).ui, load_manifest(name).vision) if m}


def test_no_declaration_is_left_out_of_the_registry():
    """A ui/games/*_manifest.py or vision/games/<game>.py no manifest names is a game half added."""
    on_disk = {f"ui.games.{p.stem}" for p in (ROOT / "ui" / "games").glob("*_manifest.py")}
    on_disk |= {f"vision.games.{p.stem}" for p in (ROOT / "vision" / "games").glob("*.py")
                if "VISION = GameVision(" in p.read_text(encoding="utf-8")}
    assert on_disk - declared_modules() == set()


def test_a_manifest_must_name_both_layers():
    """Leaving out ``ui`` or ``vision`` is an error, not a silent "no table view"."""
    with pytest.raises(TypeError):
        GameManifest(engine=COUNTER, vision=None)   # type: ignore[call-arg]
    with pytest.raises(TypeError):
        GameManifest(engine=COUNTER, ui=None)       # type: ignore[call-arg]


@pytest.mark.parametrize("kwargs, problem", [
    ({"engine": object()}, "does not implement"),
    ({"camera": COUNTER.apply}, "CameraExplanation"),
    ({"ui": "vision.games.counter"}, "ui must name a module outside companion, hardware, vision"),
    ({"vision": "ui.games.counter"}, "vision must name a module outside companion, hardware, ui"),
    ({"vision": "companion.counter"}, "vision must name a module outside"),
])
def test_a_manifest_of_the_wrong_shape_is_refused(kwargs, problem):
    declared = {"engine": COUNTER, "ui": None, "vision": None, **kwargs}
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
    assert game_ui("pebbles") is GENERIC and game_vision("pebbles").camera_setup is None


@pytest.mark.parametrize("build", [
    lambda: GameUi(build_view="ui.games.generic"),                       # type: ignore[arg-type]
    lambda: GameUi(build_view=print, camera_options={"route.tiles": "read"}),  # type: ignore[dict-item]
    lambda: GameVision(tags=None, max_seats=4),                          # type: ignore[arg-type]
    lambda: GameVision(tags=list, max_seats=0),
])
def test_a_layer_declaration_of_the_wrong_shape_is_refused(build):
    with pytest.raises(ManifestError):
        build()
