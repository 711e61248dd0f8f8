"""Alles auf 1 Karte (Benndorf, NSV 2021): rules engine and card catalogue.

``GAME`` is the engine (see :class:`companion.engine.Game`); the card catalogue
lives in :mod:`companion.alles_auf_1_karte.catalogue`.
"""
from companion.alles_auf_1_karte.game import GAME, AllesAuf1Karte
from companion.alles_auf_1_karte.view_model import AllesViewModel, view_model

__all__ = ["GAME", "AllesAuf1Karte", "AllesViewModel", "view_model"]
