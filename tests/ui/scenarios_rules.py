"""The rules at a glance, opened from each game's table and from a refusal's "See the
rule"; Back returns to the table as it was.  Run by tests/ui/test_rules.py."""
from __future__ import annotations

import random
from pathlib import Path

from kivy.tests.common import UnitTestTouch

from companion.engine import GameConfig, Player
from companion.errors import CompanionError, IllegalAction
from companion.games import load_game
from tests.ui.measure import measure
from tests.ui.scenarios_gallery import COLOURS, PLAYERS, _playout, _resume

GAMES = ("golden_horn", "caravelas", "coloretto", "alles_auf_1_karte")
#: moves played before the table is opened (mid-game, and earlier moves to be refused now)
MOVES = 15


def _table(probe) -> tuple:
    """What the table holds: the game's state, its moves and the header."""
    app = probe.app
    screen = app.manager.get_screen("table")
    return app.session.state, len(app.session.actions), screen.turn_text


async def open_from_every_table(probe) -> None:
    app = probe.app
    for name in GAMES:
        rng = random.Random(3)
        players = tuple(Player(seat, who, COLOURS[seat]) for seat, who in enumerate(PLAYERS[name]))
        config = GameConfig(name, players)
        game = load_game(name)
        played = iter(range(MOVES + 1))
        _state, actions, _last = _playout(game, game.setup(config), lambda _s: next(played) == MOVES, rng)
        await _resume(probe, config, actions)
        before = _table(probe)
        await probe.tap_id("rules")
        await probe.until(lambda: app.manager.current == "rules")
        await probe.settled()
        screen = app.manager.get_screen("rules")
        views = list(reversed(screen.ids.sections.children))
        record = {"title": screen.title, "headings": [v.heading for v in views],
                  "bodies": [v.body for v in views], "parts": [p[0] for p in screen.parts]}
        shot = await probe.screenshot(f"rules_{name}")
        record["problems"] = measure(probe, Path(shot), whole_words=True)
        scroll = screen.ids.scroll
        record["fits_without_scrolling"] = screen.ids.sections.height <= scroll.height
        top = scroll.scroll_y
        await probe.finger_drag(scroll, 200)
        record["dragged"] = scroll.scroll_y < top or record["fits_without_scrolling"]
        await probe.tap_id(f"jump_{len(screen.parts) - 1}")       # the end of the game
        await probe.frames(3)
        record["end_in_view"] = screen.section_in_view(screen.parts[-1][1])
        await probe.tap_id("back")
        await probe.until(lambda: app.manager.current == "table")
        await probe.settled()
        record["table_unchanged"] = _table(probe) == before
        record["refusal"] = await _refuse_and_open(probe, name)
        probe.record(name, record)


def _refused_with_a_heading(session):
    """A move made earlier in this game that the rules refuse now, naming its rulebook heading
    (the same ship sailing from where it was, a card already placed, a row taken again)."""
    game, state = session.game, session.game.setup(session.config)
    earlier = []
    for action in session.actions:          # what could have been played before, too
        earlier += [a for seat in game.to_act(state) if seat >= 0 for a in game.legal_actions(state, seat)]
        state = game.apply(state, action)
    for action in (*reversed(session.actions), *reversed(earlier)):
        try:
            session.game.apply(session.state, action)
        except IllegalAction as exc:
            if exc.heading is not None:
                return action
    raise AssertionError(f"no move of this game is refused with a rulebook heading now")


async def _refuse_and_open(probe, name: str) -> dict:
    """A move by a player whose turn it is not: refused with its rulebook heading; "See the
    rule" opens the quick reference at the section for it, Back returns to the table."""
    app, session = probe.app, probe.app.session
    before = _table(probe)
    strip = app.root.ids.strip
    try:
        session.submit(_refused_with_a_heading(session))
    except CompanionError:
        pass
    await probe.until(lambda: strip.kind == "error")
    found = {"text": strip.text, "section": app.refusal_rule}
    if app.refusal_rule < 0:
        return found
    await probe.screenshot(f"refusal_{name}")
    await probe.tap(strip.ids.see_rule)
    await probe.until(lambda: app.manager.current == "rules")
    await probe.settled()
    await probe.frames(3)
    screen = app.manager.get_screen("rules")
    views = list(reversed(screen.ids.sections.children))
    found.update(heading=views[app.refusal_rule].heading if app.refusal_rule >= 0 else "",
                 marked=[v.heading for v in views if v.marked],
                 in_view=screen.section_in_view(screen.shown_section))
    await probe.screenshot(f"rule_of_refusal_{name}")
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "table")
    found["table_unchanged"] = _table(probe) == before
    app.clear_banner()
    await probe.until(lambda: strip.kind != "error")
    return found
