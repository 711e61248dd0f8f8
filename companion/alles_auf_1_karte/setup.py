"""Options and the starting state."""
from __future__ import annotations

from typing import Any

from companion.engine import GameConfig, Option
from companion.errors import ConfigError
from companion.alles_auf_1_karte.cards import Card, CardIdError, card_from_id
from companion.alles_auf_1_karte.catalogue import CARD_COUNT, Catalogue
from companion.alles_auf_1_karte.state import DEAL, GameState, Rules, SeatState

OPTIONS: tuple[Option, ...] = (
    # digest §7
    Option("variant", "Variant", "basic", ("basic", "advanced"),
           "Basic game (recommended): 2 cards each, a new card comes from the pile. Advanced "
           "variant: keep 3 of 5 cards, and take each new card from 3 face-up cards beside the pile.",
           labels=("Basic game", "Advanced variant")),
    # AMB-A2
    Option("must_use_all_fitting_colours", "Use every fitting colour", False, (False, True),
           "No (recommended, as the rulebook says): a player may use some colours of the roll and "
           "leave others. Yes (a stricter reading): whoever marks must use every colour that fits."),
    # AMB-A3
    Option("equal_turns", "Equal turns", False, (False, True),
           "No (recommended, as the rulebook says): the game ends right after the roll in which "
           "someone scores a 4th card. Yes (a house rule): play on until everyone has rolled as "
           "often."),
    Option("start_player", "Start player", 1, (1, 2, 3, 4),
           "Who rolls first: the first name entered (recommended, as the rulebook's seating), or "
           "another player; play then goes clockwise. The starting cards may be dealt in any order.",
           labels=("The first name", "The second name", "The third name", "The fourth name")),
)

#: A config option that is not shown in the setup screen: the ids of the 30 card
#: layouts in play, written from the card catalogue when the game starts so the
#: record replays without the catalogue.  Absent: the game's catalogue.
CARDS_OPTION = "cards"


def split_options(config: GameConfig) -> tuple[GameConfig, Any]:
    """The config without the hidden ``cards`` option, and that option's value."""
    visible = tuple((k, v) for k, v in config.options if k != CARDS_OPTION)
    return GameConfig(config.game, config.players, visible), config.option(CARDS_OPTION)


def cards_from_option(value: Any, catalogue: Catalogue) -> tuple[Card, ...]:
    """The layouts of this game: from the ``cards`` option, else the catalogue."""
    if value is None:
        return catalogue.cards
    if isinstance(value, str):                  # typed or pasted: ids split by commas/spaces
        value = tuple(v for v in value.replace(",", " ").split() if v)
    if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
        raise ConfigError("option 'cards' must be a list of card ids")
    if len(value) != CARD_COUNT:
        raise ConfigError(f"option 'cards' lists {len(value)} cards, the game has {CARD_COUNT}")
    if len(set(value)) != len(value):
        raise ConfigError("option 'cards' lists a card twice")
    cards = []
    for card_id in value:
        try:
            cards.append(card_from_id(card_id))
        except CardIdError as exc:
            raise ConfigError(f"option 'cards': {exc}") from None
    return tuple(cards)


def initial_state(config: GameConfig, options: dict[str, Any], cards: tuple[Card, ...]
                  ) -> GameState:
    rules = Rules(advanced=options["variant"] == "advanced",
                  must_use_all_fitting_colours=options["must_use_all_fitting_colours"],
                  equal_turns=options["equal_turns"], start=options["start_player"] - 1)
    n = config.player_count
    if rules.start >= n:
        raise ConfigError(f"start player {rules.start + 1} is not at a table of {n} players")
    return GameState(
        names=tuple(p.name for p in config.players),
        rules=rules,
        cards=cards,
        seats=(SeatState(),) * n,
        pile=tuple(card.id for card in cards),
        phase=DEAL,
        kept=(False,) * n,
    )
