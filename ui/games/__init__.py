"""Table views, one per game.  ``view_for(session)`` picks the game's own view
(module ``ui.games.<game>`` with ``build_view(session)``) and falls back to the
generic list of legal actions for a game that has none yet."""
from __future__ import annotations

import importlib
import importlib.util

from companion.session import TableSession


def view_for(session: TableSession):
    module_name = f"ui.games.{session.config.game}"
    if importlib.util.find_spec(module_name) is not None:
        return importlib.import_module(module_name).build_view(session)
    from ui.games.generic import GenericView

    return GenericView(session=session)
