"""Caravelas refusals name the rulebook's section by its own heading, as the other
games' do: "reason (rulebook: “heading”)", translated; the section code stays in the log."""
from __future__ import annotations

import pytest

from companion.caravelas import GAME
from companion.caravelas.actions import Bid, DrawOrder, PlayCard, Sail
from companion.caravelas.rulebook import HEADINGS
from companion.errors import IllegalAction
from companion.i18n import Translator
from tools.catalogues import catalogue
from companion.messages import with_names
from tests.caravelas.helpers import NAMES, config, started


def refusal(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)
    return caught.value


def test_a_storm_refusal_names_the_card_explanations_section():
    state = started(2)
    seat = state.active
    state = GAME.apply(state, Sail(seat, state.available(seat)))
    exc = refusal(state, PlayCard(seat, "storm4"))
    shown = with_names(exc.explanation, NAMES)
    assert str(shown) == "Storm 4 needs 4 markers available, Ann has 0 (rulebook: “Card explanations”)"
    assert "PL §10" in str(exc)                                  # the log keeps the section
    assert "Objaśnienia kart" in Translator("pl")(shown) and "Ann" in Translator("pl")(shown)


def test_a_bidding_refusal_names_the_turn_order_section():
    state = GAME.setup(config(2))
    state = GAME.apply(state, DrawOrder((0, 1)))
    exc = refusal(state, Bid(0, 99))
    assert exc.heading == HEADINGS["PL §6"]
    assert str(exc.explanation).endswith("(rulebook: “Determining the turn order”)")


def test_every_heading_is_translated_and_shows_no_code():
    for heading in HEADINGS.values():
        for lang in ("el", "it", "pl"):
            assert catalogue(lang).get(heading.msgid), (lang, heading.msgid)
            assert "§" not in Translator(lang)(heading)
