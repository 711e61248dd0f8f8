"""Caravelas's summary of a state: the phase, the turn order, scores, ports discovered and
each player's ship, as JSON-able data (for ``companion replay``, the history and the screens)."""
from __future__ import annotations

from typing import Any

from companion.caravelas.scoring import total
from companion.caravelas.state import CaravelasState


def summary(state: CaravelasState) -> dict[str, Any]:
    return {
        "phase": state.phase, "round": state.round, "pending": state.pending,
        "order": list(state.order),
        "scores": [total(state, s) for s in range(len(state.players))],
        "tiles_left": list(state.tiles_left), "deck": state.deck, "discard": state.discard,
        "discovered": {port: seat for port, seat in state.discovered},
        "players": [{"spent": p.spent, "capacity": p.capacity, "cargo": list(p.cargo),
                     "wrecks": list(p.wrecks), "tiles": list(p.tiles), "hand": p.hand,
                     "where": p.where, "upgraded": p.upgraded} for p in state.players],
    }
