"""Scores (§9): running score by what earned it, destination cards at the end, the
score-track laps beyond 100, and the two tie-breaks."""
from __future__ import annotations

from companion.caravelas.data import DESTINATION_VP, PORT_BY_ID, SCORE_TRACK, TILE_VP
from companion.caravelas.state import OVER, CaravelasState
from companion.engine import ScoreLine, ScoreSheet
from companion.messages import Text


def destination_points(state: CaravelasState, seat: int) -> int:
    """DEST-03: 5 for each card whose port carries the holder's own monument."""
    return DESTINATION_VP * sum(state.owner(port) == seat for port in state.players[seat].revealed)


def scoring_ports(state: CaravelasState, seat: int) -> str:
    """The ports (printed names) of ``seat``'s shown destination cards that score."""
    return ", ".join(PORT_BY_ID[port].name for port in state.players[seat].revealed
                     if state.owner(port) == seat)


def total(state: CaravelasState, seat: int) -> int:
    return state.players[seat].running_score + destination_points(state, seat)


def laps(score: int) -> tuple[int, int]:
    """(space on the track, laps): 105 is space 5 on the second lap (END-04)."""
    return score % SCORE_TRACK, score // SCORE_TRACK


def winners(state: CaravelasState) -> tuple[int, ...]:
    """Highest total; then more monastery tiles (END-05); then the lowest tile (END-06);
    tied players without tiles share the win (AMB-28)."""
    totals = [total(state, s) for s in range(len(state.players))]
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    most = max(len(state.players[s].tiles) for s in tied)
    tied = [s for s in tied if len(state.players[s].tiles) == most]
    if most == 0 or len(tied) == 1:
        return tuple(tied)
    lowest = min(min(state.players[s].tiles) for s in tied)
    return tuple(s for s in tied if min(state.players[s].tiles) == lowest)


def score_sheet(state: CaravelasState) -> ScoreSheet:
    lines = []
    for seat, p in enumerate(state.players):
        lines += [ScoreLine(seat, Text("Discoveries"), p.discoveries),
                  ScoreLine(seat, Text("Goods sold in Lisbon"), p.sales),
                  ScoreLine(seat, Text("Monastery tiles"), TILE_VP * len(p.tiles),
                            Text("tiles {numbers}", numbers=", ".join(map(str, p.tiles)))
                            if p.tiles else "")]
        if p.revealed:
            lines.append(ScoreLine(seat, Text("Destination cards"), destination_points(state, seat),
                                   Text("scoring: {ports}", ports=scoring_ports(state, seat))
                                   if scoring_ports(state, seat) else Text("no card scores")))
    totals = tuple(total(state, s) for s in range(len(state.players)))
    return ScoreSheet(tuple(lines), totals, winners(state), final=state.phase == OVER)
