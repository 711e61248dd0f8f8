"""Coloretto scenarios, run inside the real app by tests/ui/run.py."""
from __future__ import annotations

import random

from companion.coloretto.actions import Draw, Place, Take
from companion.coloretto.rules import can_draw
from companion.engine import TABLE
from tests.ui.probe import written_at_once

NAMES = ("Ana", "Bo", "Cy")


async def start_coloretto(probe, names=NAMES) -> None:
    """Home → setup (Coloretto, players named) → table."""
    await probe.start_game("Coloretto", "coloretto", names)


def card_button(probe, card: str):
    found = [b for b in probe.find_all(cls="CardButton") if b.card == card]
    assert found, f"no card button {card!r}"
    return found[0]


def row_strip(probe, index: int):
    return [s for s in probe.find_all(cls="RowStrip") if s.index == index][0]


async def tap_card(probe, card: str) -> None:
    await probe.tap(card_button(probe, card))


async def tap_row(probe, index: int) -> None:
    await probe.tap(row_strip(probe, index))


async def draw_and_place(probe, card: str, row: int) -> None:
    before = len(probe.app.session.actions)
    await tap_card(probe, card)
    await probe.until(lambda: len(probe.app.session.actions) == before + 2)
    await tap_row(probe, row)
    await probe.until(lambda: len(probe.app.session.actions) == before + 3)


async def take(probe, row: int) -> None:
    before = len(probe.app.session.actions)
    await tap_row(probe, row)
    await probe.until(lambda: len(probe.app.session.actions) == before + 1)


async def set_up_by_taps(probe) -> None:
    """Grey back in the box, start cards yellow / blue / pink, Ana starts."""
    app = probe.app
    probe.record("prompt_setup", probe.find(wid="prompt").text)
    await probe.screenshot("setup_remove")
    await tap_card(probe, "grey")
    for colour in ("yellow", "blue", "pink"):
        await tap_card(probe, colour)
    await probe.until(lambda: app.session.state.phase == "start_player")
    await probe.tap(probe.find(text="Ana", cls="PickerButton"))
    await probe.until(lambda: app.session.state.phase == "turn")


def chip_rects(probe, row: int) -> list[dict]:
    """Where the cards of a row are drawn (window px, origin bottom left)."""
    out = []
    for chip in row_strip(probe, row).ids.slots.children:
        if getattr(chip, "card", ""):
            x, y = chip.to_window(chip.x, chip.y)
            out.append({"card": chip.card, "rect": [x, y, chip.width, chip.height]})
    return out


def fast_forward(session, rng: random.Random) -> None:
    """Play on (not by taps) until the next draw is the last-round card."""
    with written_at_once(session):
        while True:
            state = session.state
            if state.phase == "turn" and state.draws_until_last_round == 0 and can_draw(state):
                return
            if session.to_act == (TABLE,):
                session.submit(session.game.sample_chance(state, rng))
                continue
            legal = session.legal_actions()
            draws = [a for a in legal if isinstance(a, (Draw, Place))]
            takes = [a for a in legal if isinstance(a, Take)]
            session.submit(rng.choice(draws) if draws and rng.random() < 0.8 else rng.choice(takes or draws))


async def play_three_players(probe) -> None:
    """Setup and a round by taps, a jump to the last round, the final round by taps."""
    app = probe.app
    await start_coloretto(probe)
    await set_up_by_taps(probe)
    probe.record("turn_at_start", probe.find(wid="turn").text)
    probe.record("prompt_turn", probe.find(wid="prompt").text)
    await draw_and_place(probe, "green", 0)
    probe.record("chips_after_first", chip_rects(probe, 0))
    await probe.screenshot("first_card")
    await draw_and_place(probe, "joker", 1)
    await draw_and_place(probe, "green", 0)
    await take(probe, 0)                       # Ana takes two greens
    probe.record("ana_line", [l.score for l in probe.find_all(cls="PlayerLine") if l.seat == 0])
    await draw_and_place(probe, "plus2", 2)    # Bo
    await take(probe, 1)                       # Cy takes the joker
    probe.record("row_status_taken", row_strip(probe, 1).status)
    await probe.screenshot("before_round_end")
    await take(probe, 2)                       # Bo takes the +2: round over, Bo starts
    probe.record("round_after", app.session.state.round)
    probe.record("banner_round_end", app.banner)
    # after the round-end chase only the next starter's LED stays lit
    await probe.until(lambda: [l["on"] for l in app.hardware.driver.snapshot()["seat_leds"]][:3]
                      == [False, True, False])
    probe.record("leds_round_two", [l["on"] for l in app.hardware.driver.snapshot()["seat_leds"]])
    probe.record("prompt_round_two", probe.find(wid="prompt").text)
    await probe.screenshot("round_two")
    # a breakdown popup for Ana
    await probe.tap([l for l in probe.find_all(cls="PlayerLine") if l.seat == 0][0])
    await probe.frames(3)
    probe.record("popup_texts", probe.texts(app.root.get_root_window()))
    await probe.screenshot("breakdown_popup")
    await probe.tap(probe.find(text="Close", root=app.root.get_root_window()))
    fast_forward(app.session, random.Random(7))
    await probe.frames(3)
    probe.record("buttons_before_last", [b.card for b in probe.find_all(cls="CardButton")
                                         if not b.disabled])
    await tap_card(probe, "last_round")
    await probe.until(lambda: app.session.state.last_round)
    probe.record("info_final", probe.find(wid="info").text)
    await probe.screenshot("final_round")
    rng = random.Random(3)
    while not app.session.is_over:
        state = app.session.state
        if state.phase in ("turn", "draw") and (state.phase == "draw" or not any(
                r.can_take for r in state.rows) or (can_draw(state) and rng.random() < 0.3)):
            kinds = [b.card for b in probe.find_all(cls="CardButton") if not b.disabled]
            before = len(app.session.actions)
            await tap_card(probe, rng.choice(kinds))
            await probe.until(lambda: len(app.session.actions) > before)
        elif state.phase == "place":
            await tap_row(probe, rng.choice([i for i, r in enumerate(state.rows) if r.can_place]))
        else:
            await tap_row(probe, rng.choice([i for i, r in enumerate(state.rows) if r.can_take]))
    await probe.until(lambda: app.manager.current == "scores")
    await probe.screenshot("scores")
    probe.record("scores_texts", probe.texts(probe.screen()))
    probe.record("winners", list(app.session.score_sheet().winners))
    probe.record("totals", list(app.session.score_sheet().totals))
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "table")
    await probe.screenshot("final_table")
    probe.record("final_texts", probe.texts(probe.screen()))
    probe.record("breakdowns", [b.title for b in probe.find_all(cls="Breakdown")])


async def greek_table(probe) -> None:
    """In Greek: setup by taps, a card placed, a row to take; screenshots."""
    app = probe.app
    await start_coloretto(probe)
    await tap_card(probe, "grey")
    for colour in ("yellow", "blue", "pink"):
        await tap_card(probe, colour)
    await probe.until(lambda: app.session.state.phase == "start_player")
    await probe.tap(probe.find(text="Ana", cls="PickerButton"))
    await probe.until(lambda: app.session.state.phase == "turn")
    await draw_and_place(probe, "orange", 1)
    await draw_and_place(probe, "joker", 1)
    await draw_and_place(probe, "plus2", 0)
    await probe.screenshot("table_el")
    probe.record("texts_el", probe.texts(probe.screen()))
    # an illegal tap: Ana takes the empty third row; the refusal banner is Greek
    probe.record("actions_before_refusal", len(app.session.actions))
    await tap_row(probe, 2)
    await probe.until(lambda: app.banner != "")
    await probe.screenshot("refusal_el")
    probe.record("refusal_banner_el", app.banner)
    probe.record("refusal_is_error", app.banner_is_error)
    probe.record("actions_after_refusal", len(app.session.actions))
    # a proposal (as the camera makes them; "test" so the mat does not drop it), in Greek with the name
    app.session.propose(Take(0, 1), source="test")
    await probe.frames(2)
    probe.record("proposal_el", app.manager.get_screen("table").proposal_text)
    app.session.reject()
    await probe.frames(2)
    await tap_card(probe, "blue")
    await probe.until(lambda: app.session.state.phase == "place")
    await probe.screenshot("place_el")
    probe.record("texts_place_el", probe.texts(probe.screen()))
