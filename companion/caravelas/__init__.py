"""Caravelas (Gil d'Orey, MESAboardgames 2011): rules engine, board files, 2–4 players.

Rules digest: shared/rules/caravelas.md (seed 001, Polish rulebook).  ``GAME``
implements :class:`companion.engine.Game`; docs/caravelas.md says what is modelled.
"""
from companion.caravelas.game import GAME, Caravelas

__all__ = ["GAME", "Caravelas"]
