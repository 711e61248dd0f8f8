"""What every game's table view model shares: the typed data a view renders.

Each game declares ``view_model(state, config)`` in ``companion/<game>/view_model.py``
returning a frozen subclass of :class:`TableViewModel`; the view reads only
that (plus the game's actions to submit), never the rules or the state.
``summary()`` stays the JSON projection for replay and the journal.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from companion.engine import TABLE


@dataclass(frozen=True)
class TableViewModel:
    """The fields named the same in every game.

    ``to_act`` holds seats and :data:`companion.engine.TABLE` (-1) when the
    table owes a chance outcome; ``active_seat`` is the seat whose turn it is
    (None in setup or when nobody's turn is shown); ``scores_now`` are the
    totals if the game ended now, per seat.
    """

    game: str
    phase: str
    round: int
    names: tuple[str, ...]
    to_act: tuple[int, ...]
    active_seat: int | None
    final_round: bool
    is_over: bool
    scores_now: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def table_to_act(self) -> bool:
        """The table (chance, physical draws) must answer next."""
        return TABLE in self.to_act

    def name(self, seat: int | None) -> str:
        """A seat's player name; "?" for no seat."""
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"


#: the shared field names, for tests that check every game's model
SHARED_FIELDS = tuple(f.name for f in fields(TableViewModel))
