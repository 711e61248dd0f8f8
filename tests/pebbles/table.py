"""Pebbles' Kivy side (docs/adding-a-game.md, step 6): the generic view."""
from ui.games import GENERIC

UI = GENERIC
