"""Each game's Kivy side, one package per game (``ui/games/<game>/``), listed in
:data:`GAMES` by the game's name.  The package declares ``UI = GameUi(...)``: its
table view and what the generic screens (setup, scores, table, correction) need
from it.  A game not listed is played on the generic view (every legal action as
a button).

Loading a game's Kivy side loads every ``.kv`` file in its package folder, so a
game's layout travels with its folder and its modules load none themselves.

``ui/games`` holds only Kivy code; a game's camera code is in ``vision/games``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from companion.corrections import Counted
from companion.engine import GameConfig, Option
from companion.manifest import ManifestError
from companion.session import TableSession

#: the Kivy side of each game, by the game's name: the package holding its ``UI``
GAMES: dict[str, str] = {
    "golden_horn": "ui.games.golden_horn",
    "coloretto": "ui.games.coloretto",
    "alles_auf_1_karte": "ui.games.alles_auf_1_karte",
    "caravelas": "ui.games.caravelas",
}


@dataclass(frozen=True)
class ScoreRow:
    """A row a game adds to the scores screen's table: its heading and one widget per
    seat (None: an empty cell); each widget has a ``need`` (its height)."""

    heading: str
    cells: Sequence[Any]
    #: with the choices below the totals (True) or after the score lines (False)
    below_totals: bool = False


#: builds a game's editor of one setup option: (the option, the setup form) -> an
#: :class:`ui.games.editors.OptionEditor`
EditorFactory = Callable[[Option, Any], Any]


@dataclass(frozen=True)
class GameUi:
    """One game's Kivy side: its table view, and what the generic screens ask of it."""

    #: the table screen's view for a game in progress (a :class:`ui.games.kit.TableKit` widget)
    build_view: Callable[[TableSession], Any]
    #: what the setup screen adds to the config before the game starts (e.g. the
    #: card catalogue the players corrected): (config, app) -> config
    prepare_config: Callable[[GameConfig, Any], GameConfig] | None = None
    #: the game's own editors of setup options, by option name, in place of the generic
    #: row (the fleets' sail pickers, the board file with its mapper, a text the camera reads)
    option_editors: Mapping[str, EditorFactory] = field(default_factory=dict)
    #: rows the scores screen adds for a game in progress (a player's own scoring choice):
    #: (session, show the scores again) -> rows
    score_extras: Callable[[TableSession, Callable[[], None]], Sequence[ScoreRow]] | None = None
    #: score lines whose words differ from seat to seat (a colour, a count), by their
    #: label's msgid: the heading of their row (the seat's own words go in its cell)
    score_headings: Mapping[str, str] = field(default_factory=dict)
    #: what the players count by hand and may correct ("Correct the table"): state -> counts;
    #: None: the game offers no corrections, and the table screen shows no Correct button
    #: (Caravelas: every count there follows from the moves entered; Undo sets one right)
    corrections: Callable[[Any], Sequence[Counted]] | None = None
    #: the table header's words when the game's own moment says it better than "Ana's
    #: turn" (a bonus move inside another player's turn): (app, session) -> text; None
    #: from it: the usual header
    turn_text: Callable[[Any, TableSession], str | None] | None = None

    def __post_init__(self) -> None:
        hooks = [self.build_view, *self.option_editors.values()]
        hooks += [h for h in (self.prepare_config, self.score_extras, self.corrections, self.turn_text)
                  if h is not None]
        if not all(callable(h) for h in hooks):
            raise ManifestError(f"GameUi hooks must be callables, got {self!r}")
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in self.score_headings.items()):
            raise ManifestError(f"GameUi.score_headings maps msgids to msgids, got {self.score_headings!r}")


def _generic_view(session: TableSession) -> Any:
    from ui.games.generic import GenericView

    load_kv_folder(Path(__file__).parent)    # generic.kv
    return GenericView(session=session)


#: the Kivy side of a game that declares none
GENERIC = GameUi(build_view=_generic_view)

_kv_loaded: set[Path] = set()


def load_kv_folder(folder: Path) -> None:
    """Load every ``.kv`` file in ``folder`` once (a game's package folder), each after the
    ``.kv`` of the modules its own module imports: Kivy applies a class's rules in the
    order they were loaded, so a view's rules come before those of a view built on it
    (Caravelas: ``view.kv`` before ``mapped.kv``)."""
    folder = folder.resolve()
    if folder in _kv_loaded:
        return
    from kivy.lang import Builder

    for path in _kv_order(folder):
        if str(path) not in Builder.files:
            Builder.load_file(str(path))
    _kv_loaded.add(folder)


def _kv_order(folder: Path) -> list[Path]:
    """The folder's ``.kv`` files, each after those of the sibling modules its module imports."""
    import ast

    files = {p.stem: p for p in sorted(folder.glob("*.kv"))}
    needs: dict[str, set[str]] = {}
    for stem in files:
        module = folder / f"{stem}.py"
        tree = ast.parse(module.read_text(encoding="utf-8")) if module.exists() else ast.Module([], [])
        imported = {node.module.rsplit(".", 1)[-1] for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.module}
        imported |= {alias.name.rsplit(".", 1)[-1] for node in ast.walk(tree)
                     if isinstance(node, ast.Import) for alias in node.names}
        needs[stem] = (imported & set(files)) - {stem}
    ordered: list[Path] = []

    def visit(stem: str, seen: tuple[str, ...] = ()) -> None:
        if files[stem] in ordered or stem in seen:
            return
        for other in sorted(needs[stem]):
            visit(other, seen + (stem,))
        ordered.append(files[stem])

    for stem in files:
        visit(stem)
    return ordered


def game_ui(name: str) -> GameUi:
    """The Kivy side of game ``name`` (GENERIC when it has none), its ``.kv`` files loaded."""
    module_name = GAMES.get(name)
    if module_name is None:
        return GENERIC
    module = importlib.import_module(module_name)
    ui = getattr(module, "UI", None)   # the declaration's one name, checked below
    if not isinstance(ui, GameUi):
        raise ManifestError(f"{module_name}.UI is a {type(ui).__name__}, not a GameUi")
    load_kv_folder(Path(module.__file__).parent)
    return ui


def view_for(session: TableSession) -> Any:
    return game_ui(session.config.game).build_view(session)
