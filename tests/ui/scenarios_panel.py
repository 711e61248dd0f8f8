"""The panel's CONFIRM and END TURN at every step of a game where the screen has a main
action (the on-screen panel's buttons, which drive gpiozero's MockFactory pins): the
screen's own main button is left alone there.  Run by tests/ui/test_panel.py."""
from __future__ import annotations

import random

from kivy.core.window import Window

from tests.ui import scenarios_alles_auf_1_karte as alles
from tests.ui import scenarios_golden_horn as gh
from tests.ui.scenarios_camera_once import dealt_coloretto
from tests.ui.scenarios_coloretto import draw_and_place


class Panel:
    """Presses the on-screen panel's buttons and keeps what the banner said after each."""

    def __init__(self, probe) -> None:
        self.probe = probe
        self.presses = {"confirm": 0, "end_turn": 0}
        self.refusals: list[str] = []

    def button(self, name: str):
        return self.probe.find(wid=name, root=self.probe.app.root)

    async def press(self, name: str, changes=None) -> None:
        """Press ``name``; wait until ``changes()`` is true (default: the session moved on)."""
        app = self.probe.app
        session = app.session
        before = len(session.actions)
        app.clear_banner()
        self.presses[name] += 1
        await self.probe.tap(self.button(name))
        await self.probe.until(changes or (lambda: len(session.actions) != before))
        if app.banner_is_error and app.banner:
            self.refusals.append(app.banner)

    async def refused(self, name: str) -> str:
        """Press ``name`` where the screen has nothing for it: the refusal's text."""
        app = self.probe.app
        app.clear_banner()
        await self.probe.tap(self.button(name))
        await self.probe.until(lambda: app.banner != "")
        return app.banner

    def record(self, prefix: str = "") -> None:
        self.probe.record(prefix + "presses", self.presses)
        self.probe.record(prefix + "refusals", self.refusals)


# -- Alles auf 1 Karte ------------------------------------------------------------------
async def alles_by_panel(probe) -> None:
    """Two players: the deal by Random, throws by colour taps; keeping the roll and
    Confirm all on the panel (END TURN and CONFIRM in turn), to the game's end."""
    app = probe.app
    panel = Panel(probe)
    await alles.start_game(probe)
    session = app.session
    while session.state.phase == "deal":
        await probe.tap(alles.by_wid(probe, "random_card"))
    rounds, marked = 0, 0
    while not session.is_over and rounds < 40:
        phase = session.state.phase
        if phase == "throw":
            rounds += 1
            await alles.enter_throw(probe, alles.oracle_dice(session.state))
        elif phase == "decide":
            await panel.press("end_turn" if rounds % 2 else "confirm")   # keep the roll
        elif phase == "mark":
            summary = session.summary()
            for seat in summary["to_act"]:
                hint = summary["seats"][seat].get("hint") or {}
                fitting = {o["card"] for o in summary["seats"][seat]["options"] if o["default_colours"]}

                def target(seat=seat, hint=hint, fitting=fitting):
                    if hint.get("best_card") in fitting:
                        return alles.card_view(probe, seat, hint["best_card"])
                    return alles.by_wid(probe, f"pass_{seat}")

                for _ in range(2):   # a tap kept as a swipe's start (under load): a player taps again
                    await alles.scroll_into_view(probe, target)
                    await probe.tap(target())
                    if seat in alles.view(probe).choices:
                        break
                if marked == 0 and seat == 0:   # one still to choose: the panel says who
                    probe.record("refusal_one_waiting", await panel.refused("confirm"))
            if marked == 0:
                probe.record("confirm_all_enabled", not alles.by_wid(probe, "confirm_all").disabled)
                await probe.screenshot("alles_confirm_all")
            await panel.press("confirm" if marked % 2 == 0 else "end_turn")   # Confirm all
            marked += 1
        elif phase in ("replace", "reveal"):
            await probe.tap(alles.by_wid(probe, "random_card"))
        else:
            raise AssertionError(f"unexpected phase {phase}")
    probe.record("over", session.is_over)
    probe.record("rounds", rounds)
    probe.record("marked_by_panel", marked)
    panel.record()


# -- Coloretto ----------------------------------------------------------------------------
async def coloretto_by_panel(probe) -> None:
    """The camera's card confirmed by the panel's CONFIRM; a rejected reading is no dead
    end (the card can be laid again, END TURN confirms it); with nothing proposed the
    panel says what to tap; a forced move is END TURN's."""
    app = probe.app
    panel = Panel(probe)
    session, table = await dealt_coloretto(probe)
    lay = lambda: probe.find(text="Lay a card (camera)", cls="PickerWrap")   # noqa: E731

    async def laid_and_proposed() -> None:
        await probe.tap(lay())
        await probe.until(lambda: bool(table.loose))
        await probe.step_camera()
        await probe.until_session(lambda: session.pending is not None)

    await laid_and_proposed()
    await panel.press("confirm")
    probe.record("after_confirm_pending", session.pending is not None)
    await laid_and_proposed()
    probe.record("rejected", app.proposal_text)
    await probe.tap_id("reject_proposal")
    await probe.until(lambda: session.pending is None and not table.loose)
    await probe.screenshot("coloretto_after_reject")
    probe.record("after_reject_refusal", await panel.refused("confirm"))
    await laid_and_proposed()            # the card laid again: no "confirm or reject first"
    probe.record("proposed_again", app.proposal_text)
    await panel.press("end_turn")
    # every row full but one: the drawn card fits one row only, END TURN places it
    while session.state.phase != "turn" or sum(r.can_place for r in session.state.rows) != 1:
        state = session.state
        if state.phase == "turn" and any(r.can_place for r in state.rows):
            kinds = [b.card for b in probe.find_all(cls="CardButton")
                     if not b.disabled and b.card not in ("last_round", "joker", "plus2")]
            row = next(i for i, r in enumerate(state.rows) if r.can_place)
            await draw_and_place(probe, random.Random(len(session.actions)).choice(kinds), row)
        else:
            raise AssertionError(f"no forced place reached: {state.phase}")
    kinds = [b.card for b in probe.find_all(cls="CardButton") if not b.disabled and b.card != "last_round"]
    await probe.tap(next(b for b in probe.find_all(cls="CardButton") if b.card == kinds[0]))
    await probe.until(lambda: session.state.phase == "place")
    probe.record("forced_place_prompt", alles.view(probe).prompt)
    await panel.press("end_turn")
    probe.record("phase_after_forced", session.state.phase)
    panel.record()


# -- Golden Horn --------------------------------------------------------------------------
async def golden_horn_by_panel(probe) -> None:
    """Cubes and cards drawn by colour taps then the panel (Enter), fleets placed by the
    panel, turns ended by END TURN or CONFIRM, pirates sent by CONFIRM."""
    app = probe.app
    panel = Panel(probe)
    await gh.start_golden_horn(probe, 2, hands="open")
    session = app.session
    for colour in "YYPGGRROB":                    # Venice's cubes, then CONFIRM enters them
        await gh.tap_gh(probe, f"colour_{colour}")
    await panel.press("confirm")
    await gh.tap_gh(probe, "random")              # Constantinople
    for colour in "YYRRB":                        # Ann's hand, END TURN enters it
        await gh.tap_gh(probe, f"colour_{colour}")
    await panel.press("end_turn")
    await gh.tap_gh(probe, "random")              # Bea's
    await probe.until(lambda: not session.table_to_act)
    await panel.press("confirm")                  # Ann's fleet placed
    await panel.press("end_turn")                 # Bea's
    probe.record("placed", sum(1 for a in session.actions if type(a).__name__ == "PlaceFleet"))
    turns, attacked, ended = 0, False, 0
    while not session.is_over and turns < gh.MAX_TURNS:
        if session.table_to_act:
            await gh.tap_gh(probe, "random")
            continue
        phase = session.summary()["phase"]
        if phase == "after_move":
            await panel.press("end_turn" if ended % 2 else "confirm")
            ended += 1
            continue
        if phase == "turn_around":
            await gh.tap_gh(probe, "keep_heading")
            continue
        if not attacked and gh.gh(probe, "pirates") is not None and not gh.gh(probe, "pirates").disabled:
            seat = session.state.current
            target = next(a for a in session.legal_actions(seat) if type(a).__name__ == "Attack")
            await gh.tap_gh(probe, "pirates")
            await gh.tap_gh(probe, f"target_{target.ship}")
            for colour in target.cards:
                await gh.tap_gh(probe, f"colour_{colour}")
            await panel.press("confirm")           # Send the pirates
            attacked = True
            continue
        await gh.play_one_turn(probe, attack=False, nearest=turns < 4)
        turns += 1
    # the end: from the table again, CONFIRM opens the final scores
    await probe.until(lambda: app.manager.current == "scores")
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "table")
    await panel.press("confirm", changes=lambda: app.manager.current == "scores")
    probe.record("turns", turns)
    probe.record("ended_by_panel", ended)
    probe.record("attacked", attacked)
    probe.record("over", session.is_over)
    panel.record()


# -- Caravelas ----------------------------------------------------------------------------
async def caravelas_by_panel(probe) -> None:
    """Bids passed by END TURN; Ana's free move ended by CONFIRM; on Bo's turn CONFIRM,
    which never ends a turn, says what the screen asks for, and END TURN ends it."""
    from tests.ui.scenarios_caravelas import tap

    app = probe.app
    panel = Panel(probe)
    await probe.start_game("Caravelas", "caravelas", ("Ana", "Bo"))
    session = app.session
    await tap(probe, "order_0", grows=False)
    await tap(probe, "order_1")
    await tap(probe, "raise_1")
    await tap(probe, "raise_2")
    await panel.press("end_turn")          # Ana passes
    await panel.press("end_turn")          # Bo passes: Bo chooses first
    probe.record("phase_after_bids", session.state.phase)
    await tap(probe, "space_0")
    await tap(probe, "space_1")
    await tap(probe, "sail_2")             # Bo: Madeira, then Favourable Wind
    await tap(probe, "tab_port", grows=False)
    probe.find(wid="search").text = "mad"
    await probe.frames(3)
    await tap(probe, "port_madeira", grows=False)
    await tap(probe, "shield_3")
    await tap(probe, "tab_card", grows=False)
    await tap(probe, "card_wind")
    probe.record("pending_bonus", session.state.pending)
    await panel.press("confirm")           # Ana ends her free move on the panel
    probe.record("pending_after_confirm", session.state.pending)
    probe.record("to_act_after_confirm", list(session.to_act))
    probe.record("confirm_refusal", await panel.refused("confirm"))
    probe.record("to_act_after_refusal", list(session.to_act))
    await panel.press("end_turn")          # Bo's turn ends
    probe.record("to_act_after_end_turn", list(session.to_act))
    panel.record()


# -- which panel: said once -----------------------------------------------------------------
async def panel_notice_said_once(probe) -> None:
    """No Pi here: which panel is used is news at start, then leaves the strip; the
    Hardware test and Settings say it."""
    app = probe.app
    strip = app.root.ids.strip
    probe.record("said_once", [app.tr(n) for n in app.hardware.said_once])
    probe.record("banner_at_start", app.banner)
    probe.record("banner_is_error", app.banner_is_error)
    probe.record("strip_kind_at_start", strip.kind)
    probe.record("notices_at_start", app.notice_text())
    await probe.screenshot("home_at_start")
    app.show_banner("Round over. Bo starts the next round")       # news comes: it has the strip
    await probe.frames(2)
    probe.record("strip_with_news", strip.text)
    app.clear_banner()                                             # its time is up
    await probe.frames(2)
    probe.record("strip_after", [strip.kind, strip.text])
    await probe.tap_id("open_hwtest")
    await probe.until(lambda: app.manager.current == "hwtest")
    probe.record("hwtest_results", list(app.manager.get_screen("hwtest").results))
    await probe.screenshot("hwtest")
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "home")
    await probe.tap_id("open_settings")
    await probe.until(lambda: app.manager.current == "settings")
    probe.record("settings_notice", app.manager.get_screen("settings").panel_notice)
    await probe.screenshot("settings")


# -- every screen: the obvious thing ----------------------------------------------------------
async def every_screen_by_panel(probe) -> None:
    """CONFIRM / END TURN away from the table: Home resumes (else New game), set-up starts,
    Rules and Scores go back, Settings saves on CONFIRM, the Hardware test starts; while a
    question is open (leave the game?) the panel waits for the answer by touch."""
    app = probe.app
    panel = Panel(probe)

    async def press(name: str, changes) -> None:
        app.clear_banner()
        await probe.settled()
        await probe.tap(panel.button(name))
        await probe.until(changes)

    await press("confirm", lambda: app.manager.current == "setup")          # Home: New game
    await probe.tap(probe.find(text="Coloretto", cls="GameChoice"))
    await probe.until(lambda: app.manager.get_screen("setup").game_name == "coloretto")
    await press("end_turn", lambda: app.manager.current == "table")         # set-up: Start
    await probe.settled()
    # a correction being edited holds the panel too (END TURN would act under it)
    await probe.tap_id("correct")
    await probe.until(lambda: any(type(w).__name__ == "CorrectionPopup" for w in Window.children))
    await probe.until(probe.popups_at_rest)
    before = len(app.session.actions)
    app.clear_banner()
    app.hardware.driver.press("end_turn")
    app.hardware.driver.release("end_turn")
    await probe.until(lambda: app.banner != "")
    probe.record("correction_open", [app.banner, len(app.session.actions) == before])
    correction = next(w for w in Window.children if type(w).__name__ == "CorrectionPopup")
    correction.dismiss()
    await probe.until(lambda: not any(type(w).__name__ == "CorrectionPopup" for w in Window.children))
    await probe.tap_id("rules")
    await probe.until(lambda: app.manager.current == "rules")
    await press("confirm", lambda: app.manager.current == "table")          # Rules: Back
    await probe.settled()
    await probe.tap_id("scores")
    await probe.until(lambda: app.manager.current == "scores")
    await press("end_turn", lambda: app.manager.current == "table")         # Scores: Back
    await probe.settled()
    before = len(app.session.actions)
    probe.keep_unfinished = False
    await probe.tap_id("home")
    await probe.until(lambda: probe.tagged("leave_popup") is not None)
    await probe.until(probe.popups_at_rest)
    app.clear_banner()                  # a question is open: the panel's pin (a modal view
    app.hardware.driver.press("end_turn")   # takes the on-screen panel's touches)
    app.hardware.driver.release("end_turn")
    await probe.until(lambda: app.banner != "")
    probe.record("question_open", [app.banner, probe.tagged("leave_popup") is not None,
                                   len(app.session.actions) == before])
    await probe.tap(probe.tagged("leave_later"))
    await probe.until(lambda: app.manager.current == "home")
    await press("confirm", lambda: app.manager.current == "table")          # Home: Resume
    probe.record("resumed", app.session.actions is not None and len(app.session.actions) == before)
    await probe.settled()
    await probe.tap_id("home")
    await probe.until(lambda: probe.tagged("leave_popup") is not None)
    await probe.until(probe.popups_at_rest)
    await probe.tap(probe.tagged("leave_later"))
    await probe.until(lambda: app.manager.current == "home")
    await probe.settled()
    await probe.tap_id("open_settings")
    await probe.until(lambda: app.manager.current == "settings")
    await press("end_turn", lambda: app.banner != "")                       # Settings: END TURN says
    probe.record("settings_end_turn", [app.manager.current, app.banner])
    await press("confirm", lambda: app.manager.current != "settings" or app.banner != "")   # Save
    probe.record("settings_confirm", [app.manager.current, app.banner])
    await probe.until(lambda: app.manager.current == "home")
    await probe.settled()
    await probe.tap_id("open_hwtest")
    await probe.until(lambda: app.manager.current == "hwtest")
    hwtest = app.manager.get_screen("hwtest")
    await press("confirm", lambda: hwtest.running)                          # Start test
    probe.record("hwtest_prompt", hwtest.prompt)
    await probe.tap_id("run")                                               # Stop
    await probe.until(lambda: not hwtest.running)
    await probe.tap_id("back")
    await probe.until(lambda: app.manager.current == "home")
    await probe.settled()
    await probe.tap_id("open_history")
    await probe.until(lambda: app.manager.current == "history")
    await press("end_turn", lambda: app.manager.current == "home")          # History: Back
