"""The rules at a glance: one tap from every game's table, in the players' language,
readable and scrolled by a finger at 800x480 and 1280x800; a refusal's "See the rule"
opens the section for it; Back leaves the table as it was."""
from __future__ import annotations

import pytest

from companion.engine import GameConfig
from companion.games import load_manifest
from companion.i18n import Translator

GAMES = ("golden_horn", "caravelas", "coloretto", "alles_auf_1_karte")


@pytest.mark.parametrize(("lang", "size"), [("en", "800x480"), ("pl", "800x480"), ("el", "1280x800")])
def test_the_rules_open_from_each_table_and_a_refusal_opens_its_rule(run_ui, lang, size):
    run = run_ui("scenarios_rules:open_from_every_table", size=size, lang=lang)
    tr = Translator(lang)
    for game in GAMES:
        seen = run.result[game]
        reference = load_manifest(game).quick_reference(GameConfig.build(game, ["A", "B", "C"][:2]))
        assert seen["headings"] == [tr(s.heading) for s in reference.sections], game
        assert all(body.startswith("• ") for body in seen["bodies"])
        if lang != "en":      # the language of the table, not English
            assert not any(str(s.lines[0]) in body for s, body in zip(reference.sections, seen["bodies"]))
        assert len(seen["parts"]) == 3
        assert seen["problems"] == [], (game, seen["problems"])
        assert seen["dragged"] and seen["end_in_view"], (game, seen["dragged"], seen["end_in_view"])
        assert seen["table_unchanged"]
        refusal = seen["refusal"]
        assert refusal["section"] >= 0, (game, refusal["text"])
        assert refusal["marked"] == [refusal["heading"]] and refusal["in_view"]
        assert refusal["heading"] in refusal["text"]          # the heading the refusal quotes
        assert refusal["table_unchanged"]
