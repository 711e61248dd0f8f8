"""Caravelas's Kivy side, as its manifest (companion/caravelas/manifest.py) names it."""
from __future__ import annotations

from typing import Any

from ui.games import GameUi


def build_view(session: Any) -> Any:
    """The mapped view on a board file, else the bookkeeping view."""
    if session.state.rules.mapped:
        from ui.games.caravelas_mapped import CaravelasMapView

        return CaravelasMapView(session=session)
    from ui.games.caravelas import CaravelasView

    return CaravelasView(session=session)


UI = GameUi(build_view=build_view)
