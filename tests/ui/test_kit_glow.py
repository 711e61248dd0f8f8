"""The glow on signals lives once, in TableKit: it follows the game's declared cue."""
from __future__ import annotations

import inspect

from companion.signals import (ALERT, BLINK_UNTIL_ANSWERED, CELEBRATE, CHASE, FLASH, FLASH_ALL, REST, Cue)
from ui.games.kit import TableKit, glowing


def test_the_seats_a_cue_flashes_glow():
    assert glowing(Cue(FLASH, (2,)), 4) == {2}
    assert glowing(Cue(ALERT, (1, 3)), 4) == {1, 3}
    assert glowing(Cue(FLASH_ALL), 3) == {0, 1, 2}
    assert glowing(Cue(CHASE, (0,)), 4) == {0}          # the next round's starter
    assert glowing(Cue(CHASE), 4) == set()               # the last round: nobody starts
    assert glowing(Cue(REST, (1,)), 4) == set()          # a turn is the header's, not a glow
    assert glowing(Cue(BLINK_UNTIL_ANSWERED, (1,)), 4) == set()
    assert glowing(Cue(CELEBRATE, (0, 2)), 4) == {0, 2}     # the winners at the end


def test_every_view_glows_as_its_game_declares():
    from ui.games.alles_auf_1_karte.view import AllesView
    from ui.games.caravelas.view import CaravelasView
    from ui.games.coloretto.view import ColorettoView
    from ui.games.golden_horn.view import GoldenHornView

    for view in (CaravelasView, ColorettoView, GoldenHornView):
        assert view.on_signal is TableKit.on_signal, view.__name__
    # Alles adds only its simulated table's reaction to a round end (the dice picked up)
    assert "super().on_signal(signal)" in inspect.getsource(AllesView.on_signal)
