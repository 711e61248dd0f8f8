"""Caravelas's options on the setup screen: the few a table sets every time, the rest
behind one tap per group, the copy's die and deck as counts (− and +), no codes."""
from __future__ import annotations

from tests.ui.measure import measure
from tests.ui.scenarios_caravelas import by_id
from tests.ui.scenarios_setup import new_game, setup_screen


def _labels(probe) -> list[str]:
    """The options' sentences shown, from the top of the column down."""
    rows = [row for row in probe.find_all(cls="OptionRow") + probe.find_all(cls="TextOptionRow")
            + probe.find_all(cls="CopyPicker") if probe.visible(row)]
    return [row.ids.label.text for row in sorted(rows, key=lambda r: -r.to_window(*r.pos)[1])]


async def options_grouped_with_pickers(probe) -> None:
    app = probe.app
    await new_game(probe, "Caravelas", "caravelas")
    await probe.frames(3)
    setup = setup_screen(probe)
    probe.record("shown_at_first", _labels(probe))
    folds = sorted(probe.find_all(cls="OptionFold"), key=lambda f: -f.to_window(*f.pos)[1])
    probe.record("folds", [f.ids.toggle.text for f in folds])
    await probe.screenshot("options_closed")
    probe.record("measure_closed", measure(probe, probe.out / "options_closed.png"))
    copy = next(f for f in probe.find_all(cls="OptionFold") if f.group == "For your copy of the game")
    await probe.tap(copy.ids.toggle)
    probe.record("shown_with_copy", _labels(probe))
    await probe.screenshot("options_open")
    probe.record("text_fields", [w.text for w in probe.walk(probe.find(wid="options"))
                                 if type(w).__name__ == "TextInput" and probe.visible(w)])
    probe.record("die_total", by_id(probe, "copy.die_1_plus").parent.parent.parent.ids.total.text)
    await probe.tap(by_id(probe, "copy.die_red_minus"))
    await probe.tap(by_id(probe, "copy.die_1_plus"))          # 3 red faces, 3 with a wreck
    await probe.tap(by_id(probe, "copy.deck_calm_minus"))
    await probe.tap(by_id(probe, "copy.deck_wind_plus"))      # 9 Dead Calm, 17 Favourable Wind
    probe.record("deck_total", by_id(probe, "copy.deck_wind_plus").parent.parent.parent.ids.total.text)
    await probe.screenshot("options_copy")
    probe.record("measure_copy", measure(probe, probe.out / "options_copy.png"))
    # a new player count rebuilds the options: what was picked and the open group are kept
    probe.find(wid="count").text = "3"
    await probe.frames(3)
    probe.record("kept_open", len(copy.ids.rows.children) > 0 or any(
        f.ids.rows.children for f in probe.find_all(cls="OptionFold") if f.group == copy.group))
    probe.record("every_text", probe.texts(probe.screen()))
    await probe.tap_id("start")
    await probe.until(lambda: app.manager.current == "table")
    config = app.session.config
    probe.record("die", config.option("copy.die"))
    probe.record("deck", config.option("copy.deck"))
    probe.record("rules_die", list(app.session.state.rules.die))
    probe.record("storm_option_set", any(name == "storm.checkBeforeStep" for name, _v in config.options))
    del setup
