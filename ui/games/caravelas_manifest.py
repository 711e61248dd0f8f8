"""Caravelas's Kivy side, as its manifest (companion/caravelas/manifest.py) names it."""
from __future__ import annotations

from typing import Any

from ui.games import GameUi


def build_view(session: Any) -> Any:
    """The bookkeeping view; a game on a board file is played on the generic view
    (every legal step a button) until the mapped view exists."""
    if session.state.rules.mapped:
        from ui.games.generic import GenericView

        return GenericView(session=session)
    from ui.games.caravelas import CaravelasView

    return CaravelasView(session=session)


UI = GameUi(build_view=build_view)
