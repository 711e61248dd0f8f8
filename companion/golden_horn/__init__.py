"""Golden Horn: rules engine (setup, pirates, movement, loading, cards, end, scoring)."""
from companion.golden_horn.game import GAME, GoldenHorn
from companion.golden_horn.state import GoldenHornState

__all__ = ["GAME", "GoldenHorn", "GoldenHornState"]
