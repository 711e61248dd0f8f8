"""Alles auf 1 Karte's Kivy side: the table view, the card catalogue the players corrected
added to a new game's config, and the counts the table may correct."""
from __future__ import annotations

from typing import Any

from companion.alles_auf_1_karte import GAME
from companion.engine import GameConfig
from ui.games import GameUi


def build_view(session: Any) -> Any:
    from ui.games.alles_auf_1_karte.view import AllesView

    return AllesView(session=session)


def prepare_config(config: GameConfig, app: Any) -> GameConfig:
    """New games deal from the effective (player-corrected) catalogue; the layouts
    are pinned in the config so the record replays whatever is edited later."""
    from companion.alles_auf_1_karte.catalogue import load_effective_catalogue
    from ui.games.alles_auf_1_karte.view import catalogue_dir

    catalogue = load_effective_catalogue(catalogue_dir(app))
    options = dict(config.options)
    options["cards"] = GAME.with_catalogue(catalogue).cards_option()
    return GameConfig(config.game, config.players, tuple(sorted(options.items())))


UI = GameUi(build_view=build_view, prepare_config=prepare_config, corrections=GAME.counted)
