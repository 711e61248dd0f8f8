"""Coloretto (Michael Schacht): rules engine, optimal scoring with jokers, 2–5 players.

Rules digest: docs/rules/coloretto.md (seed 003, Greek rulebook).  ``GAME``
implements :class:`companion.engine.Game`.
"""
from companion.coloretto.game import GAME, Coloretto
from companion.coloretto.setup import OPTIONS
from companion.coloretto.view_model import ColorettoViewModel, view_model

__all__ = ["GAME", "OPTIONS", "Coloretto", "ColorettoViewModel", "view_model"]
