"""What the table screen shows: live optimal scores, the score sheet, the summary."""
from __future__ import annotations

from typing import Any

from companion.coloretto.data import CATALOGUE, PILE_KINDS
from companion.match import match_of
from companion.coloretto.rules import legal_actions, scoring_problem, to_act
from companion.coloretto.scoring import HandScore, best_hand, joker_choices, score_assignment
from companion.coloretto.state import OVER, ColorettoState
from companion.coloretto.actions import SIDE_WORDS, Place, colour_word
from companion.engine import ScoreLine, ScoreSheet, json_text, winners_by_total
from companion.messages import Text, trn


def best_score(state: ColorettoState, seat: int) -> HandScore:
    """``seat``'s optimal score if the game ended now (§6.3)."""
    hand = state.collections[seat]
    choices = joker_choices(state.rules.joker_colours, state.colours_in_play)
    return best_hand(hand.counts, hand.jokers, hand.plus2, state.side_of(seat), choices)


def hand_score(state: ColorettoState, seat: int) -> HandScore:
    """``seat``'s score if the game ended now: with the player's own joker and positive
    colours while they still fit the hand (AMB-C5), else the optimum."""
    chosen = next((entry for entry in state.scoring if entry[0] == seat), None)
    if chosen is None or scoring_problem(state, seat, chosen[1], chosen[2]) is not None:
        return best_score(state, seat)
    hand = state.collections[seat]
    jokers = tuple(colour or None for colour in chosen[1])
    return score_assignment(hand.counts, hand.plus2, jokers, state.side_of(seat), chosen[2])


def _assignment_words(assignment: tuple[str | None, ...]) -> tuple[Text | str, ...]:
    return tuple(colour_word(CATALOGUE.colour_name(c)) if c is not None else Text("unassigned")
                 for c in assignment)


def score_lines(seat: int, hand: HandScore) -> tuple[ScoreLine, ...]:
    """Labelled lines: one per colour (positive ones first), +2 cards, joker colours."""
    lines = []
    for colour in hand.colours:
        role = Text("one of the 3 scoring colours") if colour.positive else Text("counts against")
        detail = role
        if colour.jokers:
            detail = Text("{cards} + {jokers}; {role}", role=role,
                          cards=trn("{count} card", "{count} cards", colour.cards),
                          jokers=Text("{count} joker", "{count} jokers", count=colour.jokers))
        label = Text("{colour}: {count} card", "{colour}: {count} cards", count=colour.total_cards,
                     colour=colour_word(CATALOGUE.colour_name(colour.colour)))
        lines.append(ScoreLine(seat, label, colour.points, detail))
    if hand.plus2:
        lines.append(ScoreLine(seat, Text("{count} +2 card", "{count} +2 cards", count=hand.plus2),
                               hand.plus2_points))
    if hand.assignment:
        others = sum(1 for a in hand.optimal if a != hand.assignment)
        detail = Text("joker colours: {colours}", colours=_assignment_words(hand.assignment))
        if others:
            detail = Text("{choice}; {count} other choice scores the same",
                          "{choice}; {count} other choices score the same", choice=detail, count=others)
        lines.append(ScoreLine(seat, Text("{count} joker", "{count} jokers", count=len(hand.assignment)),
                               0, detail))
    return tuple(lines)


def side_line(state: ColorettoState, seat: int) -> tuple[ScoreLine, ...]:
    """A line naming the side ``seat`` scores with, when it is not the table's (AMB-C9)."""
    side = state.side_of(seat)
    if side == state.rules.side:
        return ()
    return (ScoreLine(seat, Text("Scored with {side}", side=SIDE_WORDS[side]), 0),)


def score_sheet(state: ColorettoState) -> ScoreSheet:
    """Final scores when over; before that, the live "if the game ended now" sheet."""
    hands = [hand_score(state, seat) for seat in range(state.players)]
    lines = tuple(line for seat, hand in enumerate(hands)
                  for line in side_line(state, seat) + score_lines(seat, hand))
    totals = tuple(hand.total for hand in hands)
    return ScoreSheet(lines, totals, winners_by_total(totals), final=state.phase == OVER)


def _row_view(state: ColorettoState, index: int) -> dict[str, Any]:
    row = state.rows[index]
    return {"index": index, "capacity": row.capacity, "cards": list(row.cards),
            "room": row.room if row.is_open else 0, "taken_by": row.taken_by,
            "can_place": row.can_place, "can_take": row.can_take}


def _match_view(state: ColorettoState, totals: tuple[int, ...]) -> dict[str, Any] | None:
    """Game k of N, the earlier games' totals and the running total (None: one game)."""
    match = match_of(state.rules.match_games, state.rules.match_so_far, totals)
    if match is None:
        return None
    return {"games": match.games, "number": match.number, "earlier": [list(t) for t in match.earlier],
            "running": list(match.running), "is_last": match.is_last}


def summary(state: ColorettoState) -> dict[str, Any]:
    """JSON-able view data: rows, collections, whose turn, round, scores so far."""
    legal = legal_actions(state)
    sheet = score_sheet(state)
    players = []
    for seat, name in enumerate(state.names):
        hand = state.collections[seat]
        score = hand_score(state, seat)
        players.append({
            "seat": seat, "name": name,
            "colours": hand.by_colour(), "jokers": hand.jokers, "plus2": hand.plus2,
            "cards": hand.size, "start_colours": list(state.start_colours(seat)),
            "took_row": next((i for i, r in enumerate(state.rows) if r.taken_by == seat), None),
            "out": seat in state.out,
            "score": score.total,
            "best_score": best_score(state, seat).total,
            "points_given_away": best_score(state, seat).total - score.total,
            "side": state.side_of(seat),
            "joker_colours": list(score.assignment),
            "positive_colours": [c.colour for c in score.colours if c.positive],
            "lines": [{"label": json_text(l.label), "points": l.points, "detail": json_text(l.detail)}
                      for l in score_lines(seat, score)],
        })
    return {
        "game": "coloretto",
        "phase": state.phase,
        "round": state.round,
        "side": state.rules.side,
        "sides_per_player": state.rules.scoring_sides == "each_player",
        "match": _match_view(state, sheet.totals),
        "to_act": list(to_act(state)),
        "current": state.current if state.current >= 0 else None,
        "drawn_card": state.drawn,
        "rows": [_row_view(state, i) for i in range(len(state.rows))],
        "place_targets": [a.row for a in legal if isinstance(a, Place)],
        "take_targets": [i for i, r in enumerate(state.rows) if r.can_take],
        "legal": [a.to_dict() for a in legal],
        "players": players,
        "colours_in_play": list(state.colours_in_play),
        "removed_colours": list(state.removed),
        "pile": {"size": state.pile_size,
                 "cards": dict(zip(PILE_KINDS, state.pile))},
        "draws": state.draws,
        "draws_until_last_round": state.draws_until_last_round,
        "final_round": state.last_round,
        "last_round_overdue": state.last_round_overdue,
        "miscount": state.miscount,
        "discarded": list(state.discarded),
        "over": state.phase == OVER,
        "scores": list(sheet.totals),
        "winners": list(sheet.winners),
    }
