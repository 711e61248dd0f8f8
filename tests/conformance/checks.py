"""The properties every engine must keep, checked on one playout: used by the
conformance tests (random configs and seeds) and printable for one failing case."""
from __future__ import annotations

import dataclasses
import json
import math
import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterator

from companion.actions import Action
from companion.corrections import TableCorrection
from companion.engine import TABLE, Game, ScoreSheet
from companion.errors import IllegalAction, InvalidAction
from companion.messages import Text
from companion.record import GameRecord, record_from_dict, replay, replay_record
from companion.signals import Signal
from tests.conformance.known_bugs import known_bug
from tests.conformance.playout import Playout

#: States per playout checked in depth (every listed action sampled, illegal attempts).
DEEP_STATES = 12
#: Listed legal actions applied per deep state, and attempts at actions not listed.
LEGAL_SAMPLE = 6
ATTEMPTS = 12


@dataclass
class Findings:
    """What a playout showed the players: texts met, by where they come from."""

    described: set[Text] = field(default_factory=set)        # action.text() of actions met
    refusals: set[Text] = field(default_factory=set)         # IllegalAction.explanation
    sheets: list[ScoreSheet] = field(default_factory=list)   # score sheets met
    attempts: int = 0                                        # actions tried that were not listed
    refused: int = 0                                         # ... and refused
    known: int = 0                                           # ... applied by a known bug


def check_state(game: Game, state: Any, players: int) -> None:
    """``to_act`` agrees with ``is_over``; only real seats or the table (alone) act."""
    acting = game.to_act(state)
    assert isinstance(acting, tuple), f"to_act must give a tuple, not {acting!r}"
    assert (acting == ()) == game.is_over(state), f"to_act={acting} but is_over={game.is_over(state)}"
    if TABLE in acting:
        assert acting == (TABLE,), f"the table acts alone, not with seats: {acting}"
    else:
        assert all(0 <= seat < players for seat in acting), f"no such seat in to_act={acting}"
        assert len(set(acting)) == len(acting), f"a seat listed twice in to_act={acting}"


def check_step(game: Game, before: Any, action: Action, after: Any, players: int) -> None:
    check_state(game, after, players)
    signals = game.signals(before, action, after)
    assert isinstance(signals, tuple) and all(isinstance(s, Signal) for s in signals), signals


def check_json_safe(value: Any, where: str = "summary") -> None:
    """Only JSON values: str-keyed objects, lists (tuples), str, finite numbers, bool, None.
    (json.dumps would quietly turn an int key into a string.)"""
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{where}: key {key!r} is not a string"
            check_json_safe(item, f"{where}.{key}")
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            check_json_safe(item, f"{where}[{index}]")
    elif isinstance(value, float):
        assert math.isfinite(value), f"{where}: {value} is not JSON"
    else:
        assert value is None or isinstance(value, (str, int, bool)), \
            f"{where}: {type(value).__name__} {value!r} is not JSON"


def check_summary(game: Game, state: Any) -> None:
    summary = game.summary(state)
    assert isinstance(summary, dict), f"summary must be a dict, not {type(summary).__name__}"
    check_json_safe(summary)
    text = json.dumps(summary, allow_nan=False)
    assert json.dumps(json.loads(text), allow_nan=False) == text


def check_sheet(game: Game, state: Any, players: int) -> ScoreSheet:
    sheet = game.score_sheet(state)
    assert isinstance(sheet, ScoreSheet)
    assert len(sheet.totals) == players, sheet.totals
    assert set(sheet.winners) <= set(range(players)), sheet.winners
    assert all(0 <= line.seat < players for line in sheet.lines)
    assert all(isinstance(line.label, (str, Text)) and str(line.label) for line in sheet.lines)
    check_json_safe(sheet.to_dict(), "score sheet")
    if game.is_over(state):
        assert sheet.final, "the score sheet of a finished game is final"
        assert sheet.winners, "a finished game has a winner (ties share it)"
    return sheet


def check_action_json(game: Game, action: Action) -> None:
    data = action.to_dict()
    check_json_safe(data, f"{action!r}.to_dict()")
    again = game.parse_action(json.loads(json.dumps(data)))
    assert again == action and type(again) is type(action), (action, again)
    assert str(action), f"{action!r} has no readable str"
    assert isinstance(action.text(), Text)


def _tweaks(value: Any) -> Iterator[Any]:
    """Nearby wrong values of a field: off by one, the table's seat, empty, reversed."""
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield from (value + 1, value - 1, TABLE, 99)
    elif isinstance(value, str):
        yield from ("", value + value[:1], value[::-1])
    elif isinstance(value, tuple):
        yield from ((), value[::-1], value + value[:1])


def mutations(action: Action, seen: dict[str, list], rng: random.Random, count: int) -> Iterator[Action]:
    """Copies of ``action`` with one field changed: to a value met in another action
    with a field of that name, or to a nearby wrong value."""
    fields = [f.name for f in dataclasses.fields(action)]  # type: ignore[arg-type]
    if not fields:
        return
    for _ in range(count):
        name = rng.choice(fields)
        candidates = list(_tweaks(getattr(action, name))) + seen.get(name, [])[-20:]
        if not candidates:
            continue
        try:
            yield dataclasses.replace(action, **{name: rng.choice(candidates)})  # type: ignore[type-var]
        except (ValueError, TypeError):
            continue


def try_apply(game: Game, state: Any, attempt: Action, legal: set[Action], findings: Findings) -> None:
    """``attempt`` applies only when listed; otherwise it is refused with a precise error."""
    findings.attempts += 1
    try:
        game.apply(state, attempt)
    except IllegalAction as exc:
        assert attempt not in legal, f"listed legal action {attempt!r} refused: {exc}"
        assert isinstance(exc.reason, Text) and str(exc).startswith(str(exc.reason))
        findings.refusals.add(exc.explanation)
        findings.refused += 1
    except InvalidAction as exc:
        assert attempt not in legal, f"listed legal action {attempt!r} is invalid: {exc}"
        findings.refused += 1
    else:
        if attempt not in legal and known_bug(game.name, attempt, frozenset(legal)) is not None:
            findings.known += 1
            return
        assert attempt in legal, f"{attempt!r} applies but legal_actions does not list it"


def check_deep(game: Game, state: Any, players: int, pool: list[Action], seen: dict[str, list],
               rng: random.Random, findings: Findings, unlisted: bool) -> None:
    """Every sampled listed action applies (and never changes ``state``); actions not
    listed are refused; the per-seat lists split the whole list; END TURN is legal."""
    acting = game.to_act(state)
    listed = tuple(game.legal_actions(state))
    legal = set(listed)
    assert len(legal) == len(listed), "legal_actions lists an action twice"
    if acting and acting != (TABLE,):
        assert listed, f"seats {acting} must act but have no legal action"
    if not acting:
        assert not listed, "a finished game has no legal actions"
    by_seat: set[Action] = set()
    for seat in acting:
        by_seat |= set(game.legal_actions(state, seat))
    assert by_seat == legal, "legal_actions(state, seat) over to_act differs from legal_actions(state)"
    for seat in set(range(players)) - set(acting):
        assert not game.legal_actions(state, seat), f"seat {seat} does not act but has legal actions"
    before = repr(state)
    for action in rng.sample(listed, min(LEGAL_SAMPLE, len(listed))):
        game.apply(state, action)
        findings.described.add(action.text())
        check_action_json(game, action)
    button = game.end_turn_action(state) if acting else None
    if button is not None:
        assert button in legal or acting == (TABLE,), f"END TURN means {button!r}, which is not listed"
        game.apply(state, button)
    check_correction(game, state, players, rng, findings)
    if not unlisted:
        assert repr(state) == before, "apply changed the state it was given"
        return
    attempts = rng.sample(pool, min(ATTEMPTS // 2, len(pool)))
    if listed:
        attempts += list(mutations(rng.choice(listed), seen, rng, ATTEMPTS - len(attempts)))
    for attempt in attempts:
        findings.described.add(attempt.text())
        try_apply(game, state, attempt, legal, findings)
    assert repr(state) == before, "apply changed the state it was given"


def check_correction(game: Game, state: Any, players: int, rng: random.Random,
                     findings: Findings) -> None:
    """Table corrections are declared, not listed: a game that offers them (``counted``)
    corrects any listed count by one, the correction round-trips through JSON, the
    corrected state keeps the protocol, and it is never among the legal actions."""
    counted = getattr(game, "counted", None)
    if counted is None:
        return
    items = counted(state)
    if not items:
        return
    item = rng.choice(items)
    correction = item.correct(item.count + 1)
    assert isinstance(correction, TableCorrection), f"{correction!r} is not a TableCorrection"
    assert correction not in set(game.legal_actions(state)), f"{correction!r} is listed as legal"
    check_action_json(game, correction)
    findings.described.add(correction.text())
    try:
        after = game.apply(state, correction)
    except IllegalAction as exc:          # e.g. an Alles row already full
        findings.refusals.add(exc.explanation)
        return
    check_state(game, after, players)
    check_summary(game, after)


def check_playout(game: Game, run: Playout, seed: int, unlisted: bool = False) -> Findings:
    """Every property over one finished playout (``seed`` picks the states looked at);
    with ``unlisted``, also that actions not listed as legal are refused."""
    rng = random.Random(seed ^ 0x5EED)
    players = run.config.player_count
    findings = Findings()
    assert game.is_over(run.final)
    for state in run.states:
        check_state(game, state, players)
    pool = list(run.actions)
    seen: dict[str, list] = defaultdict(list)
    for action in pool:
        for f in dataclasses.fields(action):  # type: ignore[arg-type]
            seen[f.name].append(getattr(action, f.name))
    # chance outcomes sampled as the table draws them are listed outcomes
    for state, action, after in zip(run.states, run.actions, run.states[1:]):
        check_step(game, state, action, after, players)
        findings.described.add(action.text())
        if game.to_act(state) == (TABLE,):
            assert action in set(game.legal_actions(state)), f"sample_chance gave unlisted {action!r}"
    # deep checks on sampled states, the first and the last among them
    picks = sorted({0, len(run.states) - 1} | set(rng.sample(range(len(run.states)),
                                                             min(DEEP_STATES, len(run.states)))))
    for index in picks:
        check_deep(game, run.states[index], players, pool, seen, rng, findings, unlisted)
        check_summary(game, run.states[index])
        findings.sheets.append(check_sheet(game, run.states[index], players))
    # actions, config and the record survive JSON; the state's JSON form is its record
    for action in set(run.actions):
        check_action_json(game, action)
    record = GameRecord(run.config, tuple(run.actions))
    again = record_from_dict(json.loads(record.to_json()))
    assert again == record
    assert replay_record(again)[-1] == run.final, "the state read back from JSON differs"
    # replay equals play; undo (replaying one action less) restores the state before
    assert replay(game, run.config, run.actions) == run.states, "replay differs from play"
    if run.actions:
        assert replay(game, run.config, run.actions[:-1])[-1] == run.states[-2], "undo of the last action"
        cut = rng.randrange(1, len(run.actions) + 1)
        assert replay(game, run.config, run.actions[:cut - 1])[-1] == run.states[cut - 1], f"undo at {cut}"
    return findings
