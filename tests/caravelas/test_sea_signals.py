"""What the table sees when a ship meets pirates or the rocks: a pirate
toll is not a wreck, and Favourable Wind against the pirates raises no alarm."""
from __future__ import annotations

import pytest

from companion.caravelas import GAME
from companion.caravelas.actions import ChooseWreck, DrawOrder, PassBid, Pirate, RollDie, Step
from companion.caravelas.manifest import MANIFEST
from companion.caravelas.signals import PiratesPaid, PiratesWarded, Wrecked
from companion.engine import GameConfig
from companion.i18n import Translator
from companion.messages import with_names
from companion.session import TableSession
from companion.signals import ALERT, NO_LIGHT, Cue, Signal

from tests.caravelas.helpers import NAMES, _mini_path, mapped, put, run, started


def banner(signal: Signal, lang: str = "en") -> str | None:
    """The banner as the table screen shows it (ui/screens/table.py: the declared text, names in)."""
    text = MANIFEST.signal_spec(signal).text(signal)
    return None if text is None else Translator(lang)(with_names(text, NAMES))


def sea(state, action) -> list[Signal]:
    """The pirate and wreck signals of ``action`` on ``state``."""
    after = GAME.apply(state, action)
    return [s for s in GAME.signals(state, action, after) if isinstance(s, (PiratesPaid, PiratesWarded, Wrecked))]


def test_a_pirate_cell_on_the_board_costs_a_toll_not_a_wreck():
    state = put(mapped(2), 0, where="C1")
    [signal] = sea(state, Step(0, "C2"))
    assert signal == PiratesPaid.by(0)
    assert MANIFEST.signal_spec(signal).cue(signal) == Cue(ALERT, (0,))
    assert banner(signal) == "Ann pays the pirates 1 marker"
    assert banner(signal, "it") == "Ann paga 1 segnalino ai pirati"


def test_favourable_wind_against_the_pirates_is_a_quiet_note():
    state = put(mapped(2), 0, where="C1", hand=2)
    [signal] = sea(state, Step(0, "C2", defend=True))
    assert signal == PiratesWarded(0)
    assert MANIFEST.signal_spec(signal).cue(signal) == Cue(NO_LIGHT, None)
    assert banner(signal) == "Ann plays Favourable Wind: the pirates take nothing"


def test_a_cell_without_pirates_says_nothing_of_them():
    assert sea(put(mapped(2), 0, where="C0"), Step(0, "C1")) == []


@pytest.mark.parametrize("defend, expected", [(False, PiratesPaid.by(0)), (True, PiratesWarded(0))])
def test_without_a_board_file_the_pirate_report_says_the_same(defend, expected):
    state = put(started(2), 0, hand=2)
    assert sea(state, Pirate(0, defend=defend)) == [expected]


def test_a_wreck_with_cargo_says_the_cargo_is_lost():
    state = put(mapped(2), 0, where="C4", cargo=("brazilwood", "chilli", "silk"),
                voyage=("brazilwood", "chilli", "silk"))
    state = run(state, Step(0, "C5"), RollDie("1"))
    [signal] = sea(state, ChooseWreck(0, 1))
    assert signal == Wrecked(0, 1, lost=2)
    assert MANIFEST.signal_spec(signal).cue(signal) == Cue(ALERT, (0,))
    assert banner(signal) == "Wreck! Ann's ship 1 loses its cargo"


def test_a_wreck_of_an_empty_ship_says_it_is_out_until_lisbon():
    state = run(put(mapped(2), 0, where="C4"), Step(0, "C5"), RollDie("1"))
    [signal] = sea(state, ChooseWreck(0, 2))
    assert signal == Wrecked(0, 2, lost=0)
    assert banner(signal) == "Wreck! Ann's ship 2 is out until a Lisbon stop"
    assert banner(signal, "pl") == "Katastrofa! Statek 2 (Ann) jest rozbity do postoju w Lizbonie"


def test_the_session_shows_the_toll_banner_when_a_ship_enters_pirates(journal):
    config = GameConfig.build("caravelas", NAMES[:2], **{"board.file": str(_mini_path())})
    session = TableSession.new(journal, config)
    heard: list[Signal] = []
    session.add_listener(lambda event: heard.append(event.payload) if event.kind == "signal" else None)
    session.submit_all((DrawOrder((0, 1)), PassBid(0), PassBid(1), Step(0, "C0"), Step(0, "C1")))
    assert not [s for s in heard if banner(s) and "pirates" in banner(s)]
    session.submit(Step(0, "C2"))
    shown = [banner(s) for s in heard if banner(s) is not None]
    assert shown[-1] == "Ann pays the pirates 1 marker"
    assert not any("Wreck" in text for text in shown)
