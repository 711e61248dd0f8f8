"""Every screen in one app run: home, setup for each game, each game's table
mid-game and its scores (Coloretto with 5 players, Golden Horn with 2), the correction
list, the score choice, the history screens, a player, a head-to-head, a game's chart,
settings, the hardware test and the problem screen.  Each look is screenshotted and
measured by tests/ui/measure.py.  Run by tests/ui/test_gallery.py, once per language and size."""
from __future__ import annotations

import random
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Callable

from kivy.core.window import Window

from companion.engine import TABLE, GameConfig, Player
from companion.games import load_game

from tests.ui.measure import measure

#: the seats of each game's table (Coloretto with 5 and Caravelas with 4: the most crowded)
PLAYERS = {
    "coloretto": ("Ana", "Bo", "Cy", "Dov", "Eli"),
    "golden_horn": ("Ann", "Bea"),
    "alles_auf_1_karte": ("Ana", "Bo", "Cy"),
    "caravelas": ("Ana", "Bo", "Cy", "Dov"),   # four seat headers in a column
}
COLOURS = ("red", "blue", "green", "yellow", "purple")


class Gallery:
    """Screenshots by name, and the problems measured on each."""

    def __init__(self, probe) -> None:
        self.probe = probe
        self.problems: dict[str, list[dict]] = {}
        self.unmarked: dict[str, list[str]] = {}

    async def __call__(self, name: str) -> None:
        self.problems[name] = measure(self.probe, Path(await self.probe.screenshot(name)), whole_words=True)
        self.unmarked[name] = unmarked_swatches(self.probe, self.probe.app.root)

    async def popup(self, name: str, popup) -> None:
        """A popup sits on the window, not the app's root: its own picture is placed where
        it is on a window-sized one, and its widgets measured on that."""
        import cv2
        import numpy as np

        probe = self.probe
        await probe.opened(popup)
        path = probe.out / f"{name}.png"
        popup.export_to_png(str(path))
        alone = cv2.imread(str(path))
        window = np.zeros((int(Window.height), int(Window.width), 3), np.uint8)
        x, top = int(popup.x), int(Window.height - popup.top)
        window[top:top + alone.shape[0], x:x + alone.shape[1]] = alone
        cv2.imwrite(str(path), window)
        probe.results["screenshots"][name] = str(path)
        shim = SimpleNamespace(app=SimpleNamespace(root=popup), walk=probe.walk, visible=probe.visible)
        self.problems[name] = measure(shim, path, whole_words=True)
        self.unmarked[name] = unmarked_swatches(probe, popup)

    def save(self) -> None:
        self.probe.record("problems", self.problems)
        self.probe.record("unmarked_swatches", self.unmarked)


SYMBOL_MARKUP = "[font=DejaVuSans]"


def unmarked_swatches(probe, root) -> list[str]:
    """The colour swatches on screen drawn without their colour's symbol ("CardChip green"):
    cards, seat buttons and swatches, colour buttons, players' bands, score columns."""
    from companion.colour_symbols import COLOUR_SYMBOLS

    found = []
    for widget in probe.walk(root):
        if not probe.visible(widget):
            continue
        kind = type(widget).__name__
        colour = getattr(widget, "colour", None)
        if kind in ("CardChip", "CardButton") and widget.card in COLOUR_SYMBOLS:
            if widget.symbol is None:
                found.append(f"{kind} {widget.card}")
        elif kind in ("ColourSwatch", "ScoreName") or _seat_colour_button(widget):
            if getattr(widget, "colour_mark_rect", None) is None:
                found.append(f"{kind} {colour}")
        elif kind in ("GhColourButton", "AaColourButton") and SYMBOL_MARKUP not in widget.text:
            found.append(f"{kind} {widget.text}")
        elif kind in ("PlayerLine", "SeatPanel") and SYMBOL_MARKUP not in widget.title:
            found.append(f"{kind} {widget.title}")
        elif kind == "GhNode" and widget.colour in COLOUR_SYMBOLS:   # a sea square
            if getattr(widget, "colour_mark_rect", None) is None:
                found.append(f"{kind} {widget.colour}")
        elif kind == "GhShipChip" and widget.colour in COLOUR_SYMBOLS:   # a port's cubes, a ship's cargo
            if SYMBOL_MARKUP + COLOUR_SYMBOLS[widget.colour] not in widget.text:
                found.append(f"{kind} {widget.colour}")
        elif kind == "AaSeatPanel" and colour in COLOUR_SYMBOLS:   # its name strip in the seat's colour
            if SYMBOL_MARKUP not in widget.ids.name.text:
                found.append(f"{kind} {colour}")
        elif kind == "AaPanelTab" and isinstance(widget.key, int) and SYMBOL_MARKUP not in widget.text:
            found.append(f"{kind} {widget.text}")
        elif kind == "PanelLed" and colour in COLOUR_SYMBOLS:   # the on-screen panel's seat LEDs
            if widget.text != COLOUR_SYMBOLS[colour]:
                found.append(f"{kind} {colour}")
    return found


def _seat_colour_button(widget) -> bool:
    """Set-up's colour button of a player's row (its seat's colour, drawn in it)."""
    from companion.colour_symbols import COLOUR_SYMBOLS
    from ui.colours import colour_key

    row = widget.parent
    button = getattr(row, "ids", {}).get("colour") if hasattr(row, "colour_key") else None
    return button is not None and button.__self__ is widget and colour_key(row.colour_key) in COLOUR_SYMBOLS


async def _go(probe, wid: str, screen: str) -> None:
    await probe.tap_id(wid)
    await probe.until(lambda: probe.app.manager.current == screen)


def _popup(cls: str):
    return next((w for w in Window.children if type(w).__name__ == cls), None)


async def _close(probe, popup) -> None:
    popup.dismiss()
    await probe.until(lambda: popup.parent is None)   # a closing popup still takes touches


def _playout(game, state, until: Callable[[object], bool], rng: random.Random) -> tuple[object, list, object]:
    """Random legal actions (the table's chance from the game's own sampler) from ``state``
    until ``until(state)`` holds or the next action would end the game; returns the state,
    the actions and that last action (None when ``until`` stopped first)."""
    actions = []
    while not until(state):
        to_act = game.to_act(state)
        action = (game.sample_chance(state, rng) if to_act == (TABLE,)
                  else rng.choice(list(game.legal_actions(state, to_act[0]))))
        after = game.apply(state, action)
        if game.is_over(after):
            return state, actions, action
        state = after
        actions.append(action)
    return state, actions, None


async def _resume(probe, config: GameConfig, actions: list) -> int:
    """The game journaled at once (as an imported record, one transaction instead of one per
    action), then resumed on the table as after a restart; returns its id."""
    app = probe.app
    game_id = app.journal.add_played_game(config.game, config.to_dict(), time.time(), None, "playing",
                                          None, [a.to_dict() for a in actions])
    app.resume_game(game_id)
    await probe.until(lambda: app.manager.current == "table" and app.session.game_id == game_id)
    await probe.frames(3)
    return game_id


async def _play_a_game(probe, look: Gallery, name: str, mid: Callable[[object], bool],
                       extras: Callable | None = None) -> None:
    """The game's table mid-game, then (after ``extras``) the end and its scores, then Home."""
    app, rng = probe.app, random.Random(7)
    players = tuple(Player(seat, who, COLOURS[seat]) for seat, who in enumerate(PLAYERS[name]))
    config = GameConfig(name, players)   # the default options
    game = load_game(name)
    state, actions, _last = _playout(game, game.setup(config), mid, rng)
    mid_game = await _resume(probe, config, actions)
    await look(f"table_{name}")
    if extras is not None:
        await extras()
    _state, more, last = _playout(game, state, lambda _state: False, rng)
    app.journal.abandon_game(mid_game)   # the same game goes on below: one unfinished copy less
    await _resume(probe, config, actions + more)
    app.session.submit(last)   # the last move, on the table
    await probe.until(lambda: app.manager.current == "scores")
    await look(f"scores_{name}")
    probe.record(f"scores_{name}", _score_table(probe, app.manager.get_screen("scores")))
    await probe.tap(probe.find(cls="ScoreName"))   # the first player's lines in full
    await probe.until(lambda: _popup("ScoreDetailsPopup") is not None)
    popup = _popup("ScoreDetailsPopup")
    await look.popup(f"score_details_{name}", popup)
    await _close(probe, popup)
    if name == "coloretto":   # the score choice, from the first player's column
        await probe.tap(probe.find(cls="ScoreChoiceButton"))
        await probe.until(lambda: _popup("ScoringChoicePopup") is not None)
        popup = _popup("ScoringChoicePopup")
        await look.popup("score_choice", popup)
        await _close(probe, popup)
    await probe.tap_id("home")
    await probe.until(lambda: app.manager.current == "home")


def _score_table(probe, scores) -> dict:
    """Where the total row is (window box), whether it sits in the scrolling part, and the texts."""
    totals = scores.ids.totals
    x, y = totals.to_window(*totals.pos)
    return {"totals_box": [x, y, totals.width, totals.height],
            "totals_scroll": any(type(w).__name__ == "ScrollView" for w in _ancestors(totals)),
            "totals": [w.text for w in probe.find_all(cls="ScoreTotal")],
            "names": [w.text for w in probe.find_all(cls="ScoreName")],
            "headings": [w.text for w in probe.find_all(cls="ScoreHeading") if w.text],
            "cells": [w.words for w in probe.find_all(cls="ScoreCell") if w.words]}


def _ancestors(widget):
    node = widget.parent
    while node is not None and node.parent is not node:
        yield node
        node = node.parent


async def _open(probe, look: Gallery, name: str, cls: str, tap) -> None:
    """The popup ``tap`` opens, shot and measured, then closed."""
    await tap()
    await probe.until(lambda: _popup(cls) is not None)
    popup = _popup(cls)
    await look.popup(name, popup)
    await _close(probe, popup)


async def _coloretto_popups(probe, look: Gallery) -> None:
    """The correction list, and a player's score if the game ended now (a tap on the player)."""
    await _open(probe, look, "correction", "CorrectionPopup", lambda: probe.tap_id("correct"))
    await _open(probe, look, "breakdown_coloretto", "Popup", lambda: probe.tap(probe.find(cls="PlayerLine")))


def _read_all(probe):
    async def tap() -> None:
        probe.app.root.ids.strip.read_all()
    return tap


async def _history(probe, look: Gallery) -> None:
    app = probe.app
    await _go(probe, "open_history", "history")
    await look("history_games")
    await probe.tap(probe.find(cls="HistoryRow"))
    await probe.until(lambda: app.manager.current == "story")
    await look("story")
    await _go(probe, "back", "history")
    await probe.tap_id("tab_players")
    await look("history_players")
    await probe.tap(probe.find(cls="HistoryRow"))
    await probe.until(lambda: app.manager.current == "player")
    await look("player")
    player = app.manager.get_screen("player")
    probe.find(wid="versus").text = player.others[0]
    await probe.until(lambda: app.manager.current == "headtohead")
    await look("headtohead")
    await _go(probe, "back", "player")
    await _go(probe, "back", "history")
    await probe.tap_id("tab_by_game")
    await look("history_by_game")
    await probe.tap_id("tab_unfinished")   # the games left mid-way above: "Delete?" is asked first
    row = probe.find(cls="UnfinishedRow")
    await _open(probe, look, "confirm_delete", "ConfirmPopup", lambda: probe.tap(probe.find(wid="delete", root=row)))
    await _go(probe, "back", "home")


async def _problem(probe, look: Gallery) -> None:
    """The start-up problem screen, as a damaged journal shows it."""
    from companion.errors import JournalError
    from companion.storage_problems import describe

    app = probe.app
    path = app.journal_path
    app.startup_problem = describe(JournalError(f"{path}: damaged", "damaged", path), path)
    app.goto("problem")
    await probe.until(lambda: app.manager.current == "problem")
    await look("problem")


async def every_screen(probe) -> None:
    app, look = probe.app, Gallery(probe)
    await look("home")
    for wid, screen in (("open_settings", "settings"), ("open_hwtest", "hwtest")):
        await _go(probe, wid, screen)
        await look(screen)
        await _go(probe, "back", "home")
    await _go(probe, "new_game", "setup")
    for game in PLAYERS:
        await probe.tap(next(w for w in probe.find_all(cls="GameChoice") if w.game_name == game))
        await probe.until(lambda: app.manager.get_screen("setup").game_name == game)
        await look(f"setup_{game}")
    await _go(probe, "back", "home")

    await _play_a_game(probe, look, "coloretto",
                       lambda s: s.phase == "turn" and sum(len(r.cards) for r in s.rows) >= 5,
                       lambda: _coloretto_popups(probe, look))
    await _play_a_game(probe, look, "golden_horn", lambda s: s.phase == "play" and s.round >= 2)
    await _play_a_game(probe, look, "alles_auf_1_karte", lambda s: s.phase == "mark" and s.round >= 4)
    await _play_a_game(probe, look, "caravelas", lambda s: s.round >= 3)
    await look("home_after_games")
    app.show_banner(app.tr("It leaves the lists and the figures. Nothing is erased: its moves are kept aside "
                           "in the journal ('companion journal quarantine' shows them).") * 3, seconds=60)
    await _open(probe, look, "message", "Popup", _read_all(probe))   # a message too long for the strip
    app.clear_banner()
    await _history(probe, look)
    await _problem(probe, look)
    look.save()
