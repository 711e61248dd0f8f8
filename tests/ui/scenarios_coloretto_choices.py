"""Coloretto's rule choices in the real app (run by tests/ui/run.py): the setup
options, the golden joker's top card by taps, a player's own scoring side on the
scores screen, and a match of two games with its running total (scores, history)."""
from __future__ import annotations

import random

from kivy.core.window import Window

from companion.engine import TABLE
from tests.ui.scenarios_coloretto import draw_and_place, set_up_by_taps, take
from tests.ui.probe import written_at_once

NAMES = ("Ana", "Bo", "Cy")


def choose_options(probe, **labels: str):
    """A ``configure`` for probe.start_game: set each option's spinner to its label."""
    def configure() -> None:
        rows = dict((option.name, row) for option, row in probe.app.manager.get_screen("setup")._option_rows)
        for name, label in labels.items():
            assert label in rows[name].ids.choice.values, (name, rows[name].ids.choice.values)
            rows[name].ids.choice.text = label
    return configure


def play_on(session, seed: int) -> None:
    """Play the rest of the game (not by taps) with seeded random choices."""
    rng = random.Random(seed)
    with written_at_once(session):
        while not session.is_over:
            if session.to_act == (TABLE,):
                session.submit(session.game.sample_chance(session.state, rng))
            else:
                session.submit(rng.choice(session.legal_actions()))


async def golden_joker_by_taps(probe) -> None:
    """The setup screen's new options; a golden-joker game: Ana lays the golden joker,
    Bo takes it and the top card of the pile is entered by a tap."""
    app = probe.app
    await probe.tap_id("new_game")
    await probe.until(lambda: app.manager.current == "setup")
    await probe.tap(probe.find(text="Coloretto", cls="GameChoice"))
    await probe.until(lambda: app.manager.get_screen("setup").game_name == "coloretto")
    options = probe.find(wid="options")
    probe.record("option_texts", [str(w.text) for w in probe.walk(options)
                                  if isinstance(getattr(w, "text", None), str) and w.text])
    scroll = options.parent
    scroll.scroll_y = 0                      # the new options are at the end of the list
    await probe.screenshot("setup_options")
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "home")
    await probe.start_game("Coloretto", "coloretto", NAMES,
                           configure=choose_options(probe, jokers="Two jokers and a golden joker"))
    session = app.session
    probe.record("jokers_option", session.config.option("jokers"))
    await set_up_by_taps(probe)
    probe.record("golden_button", [b.card for b in probe.find_all(cls="CardButton") if not b.disabled])
    await draw_and_place(probe, "golden_joker", 0)            # Ana
    await probe.screenshot("golden_in_row")
    await take(probe, 0)                                      # Bo takes it
    # the state shows once the move is on disk; the strip says it once the Kivy thread has shown it
    await probe.until(lambda: session.state.bonus_for == 1 and app.banner != "")
    probe.record("prompt_golden", probe.find(wid="prompt").text)
    probe.record("banner_golden", app.banner)
    await probe.screenshot("golden_top_card")
    before = len(session.actions)
    await probe.tap([b for b in probe.find_all(cls="CardButton") if b.card == "green"][0])
    await probe.until(lambda: len(session.actions) == before + 1)
    hand = session.state.collections[1]
    probe.record("bo_after", {"jokers": hand.jokers, "green": hand.count("green")})
    probe.record("turn_after", session.state.current)
    probe.record("prompt_after", probe.find(wid="prompt").text)


async def match_with_own_side(probe) -> None:
    """A match of two games where each player chooses a side: Bo scores game 1 on the
    grey side by taps; "Next game" starts game 2 with the same seats; the scores
    screen and the history show the running total."""
    app = probe.app
    await probe.start_game("Coloretto", "coloretto", NAMES, configure=choose_options(
        probe, scoring_sides="Each player chooses", match_games="2 games"))
    session = app.session
    play_on(session, 11)
    await probe.until(lambda: app.manager.current == "scores")
    await probe.until(lambda: probe.find_all(cls="MatchBlock"))
    probe.record("match_first", probe.find(cls="MatchBlock").ids.text.text)
    probe.record("next_buttons", len(probe.find_all(text="Next game")))
    choose = probe.find_all(text="Choose colours")[1]
    await probe.until(lambda: probe.visible(choose))      # once the screen has slid in
    await probe.tap(choose)
    await probe.until(lambda: any(type(w).__name__ == "ScoringChoicePopup" for w in Window.children))
    popup = next(w for w in Window.children if type(w).__name__ == "ScoringChoicePopup")
    probe.record("side_toggles", [(t.text, t.state) for t in reversed(popup.ids.sides.children)])
    await probe.screenshot("side_popup")
    await probe.tap(next(t for t in popup.ids.sides.children if t.side == "grey"))
    await probe.tap(popup.ids.best)
    await probe.until(lambda: session.summary()["players"][1]["side"] == "grey")
    await probe.until(lambda: any("grey side" in t for t in probe.texts(probe.screen())))
    probe.record("scores_grey", probe.texts(probe.screen()))
    probe.record("totals_first", list(session.score_sheet().totals))
    await probe.screenshot("scores_first_game")
    probe.record("banner_first_over", app.banner)
    await probe.tap(probe.find(text="Next game"))
    await probe.until(lambda: app.session is not session and app.manager.current == "table")
    second = app.session
    probe.record("banner_second_start", app.banner)   # the first game's news are not the second's
    probe.record("second_players", [p.name for p in second.config.players])
    probe.record("second_so_far", second.config.option("match_so_far"))
    probe.record("second_phase", second.state.phase)
    play_on(second, 12)
    await probe.until(lambda: app.manager.current == "scores")
    await probe.until(lambda: probe.find_all(cls="MatchBlock"))
    probe.record("match_last", probe.find(cls="MatchBlock").ids.text.text)
    probe.record("next_buttons_last", len(probe.find_all(text="Next game")))
    probe.record("totals_second", list(second.score_sheet().totals))
    await probe.screenshot("scores_match_over")
    await probe.tap_id("home")
    await probe.until(lambda: app.manager.current == "home")
    await probe.tap_id("open_history")
    await probe.until(lambda: app.manager.current == "history")
    await probe.until(lambda: len(probe.find_all(cls="HistoryRow")) >= 2)
    probe.record("history_rows", [w.text for w in probe.find_all(cls="HistoryRow")])
    await probe.screenshot("history_match")
