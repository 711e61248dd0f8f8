"""Every shipped game has its rules at a glance: how a turn goes, what scores and how the
game ends, in English, Greek, Italian and Polish, for every option a table may choose; and
every rulebook heading its refusals can cite opens a section."""
from __future__ import annotations

import importlib

import pytest

from companion.engine import GameConfig, option_defaults
from companion.errors import IllegalAction, cited_heading
from companion.games import available_games, load_game, load_manifest
from companion.i18n import LANGUAGE_NAMES, translations
from companion.messages import Text
from companion.quick_reference import PARTS, QuickReference, RuleSection

GAMES = tuple(g for g in available_games() if load_manifest(g).translated)
LANGS = tuple(lang for lang in LANGUAGE_NAMES if lang != "en")


def configs(game: str) -> list[GameConfig]:
    """The default set-up, then each option's other choices one at a time, for the fewest
    and the most players."""
    engine = load_game(game)
    found = []
    for players in sorted({engine.min_players, engine.max_players}):
        names = [f"P{n}" for n in range(players)]
        found.append(GameConfig.build(game, names))
        defaults = option_defaults(engine.options)
        for option in engine.options:
            for choice in option.choices:
                if choice != defaults[option.name]:
                    found.append(GameConfig.build(game, names, **{option.name: choice}))
    return found


def test_the_four_games_are_all_here():
    assert set(GAMES) == {"golden_horn", "caravelas", "coloretto", "alles_auf_1_karte"}


@pytest.mark.parametrize("game", GAMES)
def test_every_configuration_has_turn_scoring_and_end_in_every_language(game):
    quick_reference = load_manifest(game).quick_reference
    assert quick_reference is not None, f"{game} declares no quick reference"
    for config in configs(game):
        reference = quick_reference(config)
        assert reference.parts == frozenset(PARTS), (game, config.options)
        for text in reference.texts():
            assert str(text).strip()
            for lang in LANGS:
                assert translations(lang).gettext(text.msgid) != text.msgid, \
                    f"{game}: {text.msgid!r} is not translated in {lang}"


@pytest.mark.parametrize("game", GAMES)
def test_every_heading_a_refusal_can_cite_opens_a_section(game):
    headings = importlib.import_module(f"companion.{game}.rulebook").HEADINGS
    reference = load_manifest(game).quick_reference(GameConfig.build(game, ["A", "B"]))
    assert reference.uncovered() == []
    for code, heading in headings.items():
        refusal = IllegalAction(Text("not now"), code).citing(headings)
        cited = cited_heading(refusal.explanation)
        assert cited == heading, code
        index = reference.section_for(cited)
        assert index is not None, f"{game}: no section for {code} ({heading})"
        assert code in reference.sections[index].cites or reference.sections[index].heading == heading


@pytest.mark.parametrize("game", GAMES)
def test_the_options_pick_the_rule_of_the_edition_chosen(game):
    """A reference follows the set-up where the game's options change a rule the players read."""
    quick_reference = load_manifest(game).quick_reference
    texts = {quick_reference(config).texts() for config in configs(game)}
    assert len(texts) > 1, f"{game}: no option changes its quick reference"


def test_golden_horn_reads_as_the_greek_or_the_italian_rulebook():
    reference = load_manifest("golden_horn").quick_reference
    italian = {str(t) for t in reference(GameConfig.build("golden_horn", ["A", "B"])).texts()}
    greek = {str(t) for t in reference(GameConfig.build("golden_horn", ["A", "B"], **{
        "loading.mandatory": True, "port.refill": "none", "setup.shipPlacement": "random"})).texts()}
    assert any("may load all the cubes" in t for t in italian) and not any("must load" in t for t in italian)
    assert any("must load all the cubes" in t for t in greek)
    assert any("refilled to 9" in t for t in italian) and any("not refilled" in t for t in greek)
    assert any("placed at random" in t for t in greek)


def test_a_refusal_without_a_heading_cites_nothing_and_a_reference_finds_its_sections():
    assert cited_heading(Text("There is nothing to confirm.")) is None
    assert cited_heading(IllegalAction(Text("no"), "§99").explanation) is None
    turn, other = Text("Turn"), Text("Other")
    reference = QuickReference.of((RuleSection(turn, (Text("a"),), ("§1", "§2"), "turn"),
                                   RuleSection(other, (Text("b"),), ("§3",))),
                                  {"§1": turn, "§2": Text("Moving"), "§3": other, "§4": Text("Lost")})
    assert reference.section_for(Text("Moving")) == 0
    assert reference.section_for(other) == 1
    assert reference.section_for(Text("Lost")) is None
    assert reference.uncovered() == ["§4"]
    with pytest.raises(ValueError):
        QuickReference.of((RuleSection(turn, (Text("a"),), ("§9",)),), {"§1": turn})
    with pytest.raises(ValueError):
        RuleSection(turn, (Text("a"),), part="everything")
