"""Golden Horn: rules engine (setup, pirates, movement, loading, cards, end, scoring)."""
from companion.golden_horn.game import GAME, GoldenHorn
from companion.golden_horn.state import GoldenHornState
from companion.golden_horn.view_model import GoldenHornViewModel, view_model

__all__ = ["GAME", "GoldenHorn", "GoldenHornState", "GoldenHornViewModel", "view_model"]
