"""Playing through the shell: setup by taps, the simulated panel, scores, history, resume."""
from __future__ import annotations

from tests.ui.steps import play_counter_to_scores, start_counter


def test_counter_game_by_taps_to_scores_and_history(run_app):
    run = run_app(play_counter_to_the_end)
    r = run.result
    assert r["turn_at_start"] == "Ana's turn"
    assert r["turn_after_end_turn"] == "Player 2's turn"
    assert r["leds_after_end_turn"][:2] == [False, True]
    assert any("Final scores" in t for t in r["scores_texts"])
    assert len(r["history_rows"]) == 1 and "Counter" in r["history_rows"][0]
    assert "★" in r["history_rows"][0]
    scores = run.image("scores")
    assert scores.shape[:2] == (480, 800)
    # the winner's column is drawn green
    green = (scores[:, :, 1] > 90) & (scores[:, :, 2] < 80) & (scores[:, :, 0] < 80)
    assert green.mean() > 0.05


def test_unfinished_game_is_offered_and_resumes_exactly(run_app, tmp_path):
    data = tmp_path / "shared-data"
    first = run_app(start_and_leave, data_dir=data, name="first")
    second = run_app(resume_after_restart, data_dir=data, name="second")
    assert len(first.result["actions"]) == 2
    assert "Counter" in second.result["resume_text"] and "Ana" in second.result["resume_text"]
    assert second.result["actions"] == first.result["actions"]
    # one Undo takes back the move together with the table's draw after it
    assert second.result["actions_after_undo"] == []


def test_resume_says_what_was_set_aside(run_app, tmp_path):
    """A damaged last entry is set aside on resume, and the banner says so in words (it
    once read "Something went wrong (ValueError: ...)": a Text where a string was expected)."""
    import sqlite3

    data = tmp_path / "shared-data"
    first = run_app(start_and_leave, data_dir=data, name="first")
    db = sqlite3.connect(data / "journal.sqlite3")
    db.execute("UPDATE events SET crc = crc + 1 WHERE seq = (SELECT MAX(seq) FROM events)")
    db.commit()
    db.close()
    second = run_app(resume_with_moves_set_aside, data_dir=data, name="second")
    assert second.result["actions"] == first.result["actions"][:-1]
    banner = second.result["banner"]
    assert "kept aside in the journal" in banner and "went wrong" not in banner, banner
    assert not second.result["banner_is_error"]


def test_a_match_goes_on_from_home_after_a_restart_between_two_games(run_app, tmp_path):
    """Game 1 of a Coloretto match of 2 ended, then the app was closed: Home offers the
    next game (it was only on the live scores screen), with the totals so far."""
    import random

    from companion.coloretto import GAME
    from companion.engine import TABLE, GameConfig
    from companion.journal import Journal
    from companion.session import TableSession

    data = tmp_path / "data"
    with Journal(data / "journal.sqlite3") as journal:
        session = TableSession.new(journal, GameConfig.build(
            "coloretto", ["Ana", "Bo", "Cy"], match_games=2))
        rng = random.Random(5)
        while not session.is_over:
            state = session.state
            session.submit(GAME.sample_chance(state, rng) if session.to_act == (TABLE,)
                           else rng.choice(list(GAME.legal_actions(state))))
        totals = session.score_sheet().totals
    r = run_app(next_game_of_the_match_from_home, data_dir=data).result
    assert not r["resume_disabled"]
    assert "Next game" in r["resume_text"] and "game 2 of 2" in r["resume_text"], r["resume_text"]
    assert r["players"] == ["Ana", "Bo", "Cy"]
    assert r["so_far"] == ",".join(map(str, totals))


# -- the steps, run in the app ------------------------------------------------------

async def play_counter_to_the_end(probe) -> None:
    """Setup by taps, play with the generic view and the simulated END TURN, see scores."""
    app = probe.app
    await start_counter(probe)
    probe.record("turn_at_start", probe.find(wid="turn").text)
    # the simulated panel's END TURN passes the turn through MockFactory pins
    await probe.tap(probe.find(wid="end_turn", root=app.root))
    await probe.until(lambda: len(app.session.actions) == 1)
    probe.record("turn_after_end_turn", probe.find(wid="turn").text)
    await probe.until(lambda: app.hardware.driver.snapshot()["seat_leds"][1]["on"])
    probe.record("leds_after_end_turn", [l["on"] for l in app.hardware.driver.snapshot()["seat_leds"]])
    await probe.screenshot("table")
    await play_counter_to_scores(probe)
    await probe.screenshot("scores")
    probe.record("scores_texts", probe.texts(probe.screen()))
    probe.record("winner", app.session.score_sheet().winners)
    await probe.tap_id("home")
    await probe.until(lambda: app.manager.current == "home")
    await probe.screenshot("home_after")
    probe.record("history_rows", [w.text for w in probe.find_all(cls="HistoryRow")])


async def start_and_leave(probe) -> None:
    """Two moves, then the app stops as if the power went."""
    app = probe.app
    await start_counter(probe, target="50")
    await probe.tap(probe.find(text="adds 2"))
    await probe.tap(probe.find(text=app.tr("Random draw")))
    probe.record("actions", [str(a) for a in app.session.actions])


async def resume_after_restart(probe) -> None:
    app = probe.app
    resume = probe.find(wid="resume")
    probe.record("resume_text", resume.text)
    await probe.screenshot("home_resume")
    await probe.tap(resume)
    await probe.until(lambda: app.manager.current == "table")
    probe.record("actions", [str(a) for a in app.session.actions])
    await probe.tap_id("undo")
    probe.record("actions_after_undo", [str(a) for a in app.session.actions])


async def resume_with_moves_set_aside(probe) -> None:
    """Resume a game whose last entry was damaged: the banner says what was set aside."""
    app = probe.app
    await probe.tap(probe.find(wid="resume"))
    await probe.until(lambda: app.manager.current == "table")
    await probe.frames(2)
    probe.record("actions", [str(a) for a in app.session.actions])
    probe.record("banner", app.banner)
    probe.record("banner_is_error", app.banner_is_error)


async def next_game_of_the_match_from_home(probe) -> None:
    """The app was closed between two games of a match: Home offers the next game."""
    app = probe.app
    resume = probe.find(wid="resume")
    probe.record("resume_text", resume.text)
    probe.record("resume_disabled", resume.disabled)
    await probe.screenshot("home_next_game")
    await probe.tap(resume)
    await probe.until(lambda: app.manager.current == "table")
    probe.record("players", [p.name for p in app.session.config.players])
    probe.record("so_far", app.session.config.option("match_so_far"))
