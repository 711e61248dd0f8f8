"""Caravelas's Kivy side: the table view (the map on a board file), and the board file on
the setup screen with the board mapper that makes one."""
from __future__ import annotations

from typing import Any

from companion.engine import Option
from ui.games import GameUi
from ui.games.editors import OptionEditor, SetupForm


def build_view(session: Any) -> Any:
    """The mapped view on a board file, else the bookkeeping view."""
    if session.state.rules.mapped:
        from ui.games.caravelas.mapped import CaravelasMapView

        return CaravelasMapView(session=session)
    from ui.games.caravelas.view import CaravelasView

    return CaravelasView(session=session)


def turn_text(app: Any, session: Any) -> str | None:
    """A bonus move says whose it is and whose turn goes on after it (the header would
    otherwise call it the bonus mover's turn, inside another player's)."""
    state = session.state
    if state.phase != "turn" or state.pending != "bonus" or not state.bonus or not state.bonus.queue:
        return None
    names = [player.name for player in session.config.players]
    return app.tr("Bonus move: {mover} · then {active} plays on", mover=names[state.bonus.queue[0]],
                  active=names[state.active])


def board_file_editor(option: Option, form: SetupForm) -> OptionEditor:
    from ui.games.caravelas.mapper import BoardFileEditor

    return BoardFileEditor(option, form)


def copy_editor(option: Option, form: SetupForm) -> OptionEditor:
    """The copy's die, deck, ship goods and goods ports as pickers."""
    from ui.games.caravelas.options import EDITORS

    return EDITORS[option.name](option, form)


UI = GameUi(build_view=build_view, turn_text=turn_text,
            option_editors={"board.file": board_file_editor, "copy.die": copy_editor, "copy.deck": copy_editor,
                            "copy.slots": copy_editor, "copy.goodsPorts": copy_editor})
