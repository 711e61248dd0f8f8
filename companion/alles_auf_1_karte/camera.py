"""What the camera reads in Alles auf 1 Karte: a throw of the five dice, and a card drawn by
the tag on its sleeve."""
from __future__ import annotations

from companion.actions import Action
from companion.alles_auf_1_karte import rules
from companion.alles_auf_1_karte.actions import DICE_COUNT, DrawCard, RevealCard, RollDice
from companion.alles_auf_1_karte.cards import COLOURS
from companion.alles_auf_1_karte.state import DEAL, REPLACE, REVEAL, THROW, GameState
from companion.errors import IllegalAction
from companion.readings import TableReading


def actions_for_reading(state: GameState, reading: TableReading) -> tuple[Action, ...]:
    """The throw the camera saw: all 5 dice read and still, consistent with the kept dice
    (colour dice carry no tags, so no other game's piece can pass for one)."""
    if state.phase != THROW or not reading.dice_still or len(reading.dice) != DICE_COUNT:
        return ()
    if len({die.die for die in reading.dice}) != DICE_COUNT:   # one die read twice: not a throw
        return ()
    faces = []
    for die in reading.dice:
        face = (die.face or "").strip().lower()
        if face not in COLOURS:
            return ()
        faces.append(face)
    action = RollDice(tuple(faces))
    try:
        rules.apply(state, action)
    except IllegalAction:
        return ()
    return (action,)


def draw_for_tag(state: GameState, tag: str) -> Action | None:
    """The draw (or display reveal) of the card whose sleeve carries ``tag``, when
    the table is due to draw and that card is in the pile; else None."""
    card = next((c for c in state.cards if c.tag is not None and c.tag == tag), None)
    if card is None or card.id not in state.pile:
        return None
    if state.phase == DEAL:
        return DrawCard(rules.seats_to_deal(state)[0], card.id)
    if state.phase == REPLACE and not state.rules.advanced:
        return DrawCard(state.replacements[0], card.id)
    if state.phase == REVEAL:
        return RevealCard(card.id)
    return None
