"""Caravelas's Kivy side, as its manifest (companion/caravelas/manifest.py) names it."""
from __future__ import annotations

from typing import Any

from ui.games import GameUi


def build_view(session: Any) -> Any:
    from ui.games.caravelas import CaravelasView

    return CaravelasView(session=session)


UI = GameUi(build_view=build_view)
