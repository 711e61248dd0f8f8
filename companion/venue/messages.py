"""The messages a table publishes, as JSON-able dicts (``encode`` makes the bytes).

Every message carries ``v`` (this layout's version, :data:`VERSION`) and ``table``.
Players are named as they typed their names; games by their registry name and title;
no internal codes are needed to show a message.
"""
from __future__ import annotations

import json
import time
from typing import Any, Mapping, Sequence

from companion.engine import TABLE, GameConfig
from companion.games import game_title

VERSION = 1
#: ``kind`` of the event a game's start publishes (its sequence number is :data:`START_SEQ`)
STARTED = "started"
#: a game's start comes before the journal's first row (sequence 0)
START_SEQ = -1
#: ``kind`` of the event a game abandoned by the players publishes (its sequence number is
#: :data:`ABANDON_SEQ`; it is sent after every row of the game)
ABANDONED = "abandoned"
ABANDON_SEQ = -2
ONLINE = "online"
OFFLINE = "offline"


def encode(message: Mapping[str, Any]) -> bytes:
    """A message as the UTF-8 JSON published (keys sorted: the same message, the same bytes)."""
    return json.dumps(message, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def seats_of(config: GameConfig) -> list[dict[str, Any]]:
    """The seats as published: number, the player's name and colour."""
    return [{"seat": p.seat, "name": p.name, "colour": p.colour} for p in config.players]


def availability_message(table_id: str, status: str, at: float | None = None) -> dict[str, Any]:
    """``online`` (published on connecting) or ``offline`` (the last will, and on a clean stop).
    The will is fixed when the client connects, so it carries no time: the hub notes when it
    arrived."""
    if status not in (ONLINE, OFFLINE):
        raise ValueError(f"availability is online or offline, not {status!r}")
    message: dict[str, Any] = {"v": VERSION, "table": table_id, "status": status}
    if at is not None:
        message["at"] = at
    return message


def idle_state(table_id: str, at: float | None = None) -> dict[str, Any]:
    """The state of a table with no game on it."""
    return {"v": VERSION, "table": table_id, "at": time.time() if at is None else at, "game": None}


def state_message(table_id: str, game_id: int, config: GameConfig, summary: Mapping[str, Any],
                  to_act: Sequence[int], totals: Sequence[int], winners: Sequence[int], is_over: bool,
                  at: float | None = None) -> dict[str, Any]:
    """The retained state of a table playing game number ``game_id``: the game, its round
    (when the game has rounds), the seats, whose turn (seat numbers; empty when the table
    must draw or roll), and the scores as they stand (``final`` once the game is over)."""
    round_number = summary.get("round")
    return {
        "v": VERSION, "table": table_id, "at": time.time() if at is None else at,
        "game": {"number": game_id, "name": config.game, "title": game_title(config.game)},
        "round": round_number if isinstance(round_number, int) and not isinstance(round_number, bool) else None,
        "seats": seats_of(config),
        "to_act": [seat for seat in to_act if seat != TABLE],
        "scores": {"totals": list(totals), "winners": list(winners), "final": bool(is_over)},
    }


def session_state(table_id: str, session: Any) -> dict[str, Any]:
    """:func:`state_message` of a :class:`~companion.session.TableSession` (read on the
    thread that owns it)."""
    sheet = session.score_sheet()
    return state_message(table_id, session.game_id, session.config, session.summary(), session.to_act,
                         sheet.totals, sheet.winners, session.is_over)


def started_message(table_id: str, game_id: int, game: str, config: Mapping[str, Any], started: float,
                    history: bool = False) -> dict[str, Any]:
    """The event of a game started: its players and seats (from the journal's games row)."""
    players = config.get("players")
    seats = [{"seat": p.get("seat"), "name": p.get("name"), "colour": p.get("colour", "")}
             for p in players if isinstance(p, dict)] if isinstance(players, list) else []
    return {"v": VERSION, "table": table_id, "game": game_id, "seq": START_SEQ, "kind": STARTED,
            "name": game, "title": game_title(game), "seats": seats, "at": started, "history": history}


def abandoned_message(table_id: str, game_id: int, at: float, history: bool = False) -> dict[str, Any]:
    """The event of a game the players abandoned (from the journal's games row): the table is
    free, and the game counts in no standings."""
    return {"v": VERSION, "table": table_id, "game": game_id, "seq": ABANDON_SEQ, "kind": ABANDONED, "at": at,
            "history": history}


def event_message(table_id: str, game_id: int, seq: int, kind: str, payload: Mapping[str, Any] | None,
                  at: float, history: bool = False, result: Mapping[str, Any] | None = None
                  ) -> dict[str, Any]:
    """The event of one journal row: ``do`` (the action as the journal holds it), ``undo`` or
    ``redo``.  ``history``: sent from the backlog (after the link came back), not as it was
    played.  ``result``: the game's final summary and score sheet, on the row that ended it."""
    message: dict[str, Any] = {"v": VERSION, "table": table_id, "game": game_id, "seq": seq, "kind": kind,
                               "action": dict(payload) if payload is not None else None, "at": at,
                               "history": history}
    if result is not None:
        message["result"] = dict(result)
    return message


def round_message(table_id: str, round_number: int, names: Sequence[str], game: str = "") -> dict[str, Any]:
    """A tournament round's seating for one table: who sits there, in seat order, and the game
    to play when the round names one."""
    clean = [" ".join(str(n).split()) for n in names]
    if not all(clean) or len(set(clean)) != len(clean):
        raise ValueError(f"a table's seating names each player once: {list(names)!r}")
    return {"v": VERSION, "table": table_id, "round": int(round_number), "players": clean, "game": game}


def decode(data: bytes) -> dict[str, Any]:
    """A published message back as a dict; ValueError when it is not one of ours."""
    try:
        message = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ValueError(f"not a venue message ({exc})") from None
    if not isinstance(message, dict) or message.get("v") != VERSION or not isinstance(message.get("table"), str):
        raise ValueError("not a venue message of this version")
    return message
