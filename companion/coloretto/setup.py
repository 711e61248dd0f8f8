"""Coloretto's options (the rulebook's ambiguities as visible settings, each with the
recommended reading as its default) and the state before the setup actions (§3.1)."""
from __future__ import annotations

from companion import match
from companion.coloretto.data import CATALOGUE, GOLDEN_JOKER, JOKER, PILE_KINDS
from companion.coloretto.state import REMOVE_COLOURS, START_CARDS, Collection, ColorettoState, Row, Rules
from companion.engine import Option

OPTIONS = (
    # AMB-C4, AMB-C9
    Option("side", "Scoring side", "brown", ("brown", "grey"),
           "Which side of the scoring card everyone uses. Brown (recommended, and for a first "
           "game): 1, 3, 6, 10, 15, 21 points. Grey: 1, 4, 8, 7, 6, 5 points, and 7 or more cards "
           "score like 6.", labels=("Brown side", "Grey side")),
    # AMB-C3
    Option("joker_colours", "Joker colours", "in_play", ("in_play", "any_colour", "optional"),
           "At the end each joker joins a colour. Recommended: a colour still in the game. "
           "Or: any colour, even one set aside at the start. Or: a joker may also stay without "
           "a colour.", labels=("A colour still in the game (recommended)", "Any colour",
                                "May stay without a colour")),
    # AMB-C1
    Option("start_cards", "Start cards", "dealt", ("dealt", "chosen"),
           "Recommended: the start cards are dealt at random. Or: each player picks their own.",
           labels=("Dealt at random (recommended)", "Each player picks")),
    # AMB-C1
    Option("start_colours_all_distinct", "2 players: all 4 start colours differ", True,
           (False, True),
           "With 2 players each has two start cards of different colours. Recommended: yes, all "
           "four colours differ. No: the two players may share a colour."),
    # AMB-C10
    Option("after_last_round_card", "After the last-round card", "draw_again",
           ("draw_again", "choose_again"),
           "When the last-round card comes up it is set aside. Recommended: the same player "
           "then draws another card and places it. Or: that player may instead take a row.",
           labels=("Draw again (recommended)", "Draw or take a row")),
    # AMB-C13
    Option("jokers", "Jokers", "three", ("three", "golden"),
           "Recommended, as the rulebook: three jokers. Or, as in some editions: two jokers and "
           "a golden joker; whoever takes the golden joker also takes the top card of the pile "
           "at once. A golden joker scores like any joker: a card of the colour its owner gives it.",
           labels=("Three jokers (recommended)", "Two jokers and a golden joker")),
    # AMB-C9
    Option("scoring_sides", "Scoring side for each player", "together", ("together", "each_player"),
           "Recommended: everyone scores with the side chosen above. Or: each player may score "
           "with the other side, chosen on the score screen.",
           labels=("Everyone the same side (recommended)", "Each player chooses")),
    # digest §5: several games added together (not in the rulebook)
    Option(match.GAMES_OPTION, "Games added together", 1, (1, 2, 3, 4),
           "Recommended: one game, as the rulebook scores it. Or: play several games with the "
           "same seats and add up the scores; the score screen keeps the running total.",
           labels=("One game (recommended)", "2 games", "3 games", "4 games")),
    Option(match.OPTION, "Earlier games of this match", "", (),
           "Filled in by the companion when the next game of a match starts: the scores of the "
           "earlier games.", on_setup=False),
)


def initial_state(names: tuple[str, ...], rules: Rules) -> ColorettoState:
    """Rows out, full pile, nothing dealt: the state before the setup actions (§3.1)."""
    n = len(names)
    pile = [CATALOGUE.copies(kind) for kind in CATALOGUE.card_kinds] + [0]
    if rules.jokers == "golden":   # one of the three jokers is the golden one (AMB-C13)
        pile[PILE_KINDS.index(JOKER)] -= 1
        pile[PILE_KINDS.index(GOLDEN_JOKER)] += 1
    return ColorettoState(
        names=names,
        rules=rules,
        phase=REMOVE_COLOURS if CATALOGUE.removed_for(n) else START_CARDS,
        rows=tuple(Row(capacity) for capacity in CATALOGUE.rows_for(n)),
        collections=tuple(Collection() for _ in range(n)),
        pile=tuple(pile),
    )
