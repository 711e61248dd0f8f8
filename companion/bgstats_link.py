"""A finished game as BG Stats' "create play" link, for a QR code a player scans with
their phone (no network at the table: the phone opens the link and BG Stats fills in
the play, which the player saves).

The link is ``https://app.bgstatsapp.com/createPlay.html?data=<JSON, URL-encoded>``;
the JSON has ``sourceName``, ``sourcePlayId``, ``playDate`` (UTC), ``durationMin``,
``location``, ``game`` (``name``, ``bggId``, ``highestWins``, ``noPoints``,
``sourceGameId``) and ``players`` (``name``, ``sourcePlayerId``, ``score``, ``rank``,
``winner``, ``startPlayer``, ``role``).  Apps that ship this link found that BG Stats'
Android app fails on a play whose ``bggId`` is not a number or which leaves out a
boolean, so every boolean is always there and ``bggId`` is always a number (0: the
game is not linked to BoardGameGeek).  A long link makes a dense QR code: past
:data:`MAX_FULL_LINK` characters the optional fields are left out.

Also here: the BoardGameGeek id of each game (:data:`BGG_IDS`), which the BG Stats file
of ``companion export`` uses too.
"""
from __future__ import annotations

import json
import time
import uuid
from typing import Any, Sequence
from urllib.parse import parse_qs, quote, urlsplit

from companion.games import game_title
from companion.stats import Play

#: BoardGameGeek ids, only those a public source confirms (Coloretto: the rules digest's
#: BoardGameGeek page, boardgamegeek.com/boardgame/5782).  No public source we could read names
#: the ids of Golden Horn (Colovini), Alles auf 1 Karte (Benndorf) or Caravelas (d'Orey): they
#: are sent as 0 (not linked; the player links the game in BG Stats once).
BGG_IDS: dict[str, int] = {"coloretto": 5782}
APP = "Table Companion"
LINK = "https://app.bgstatsapp.com/createPlay.html"
#: uuids are derived from this namespace, so a game has the same ids in the link and in the
#: BG Stats file of ``companion export`` (BG Stats updates a play instead of adding it twice)
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://table-companion.invalid/bgstats")
#: the longest link sent with every field; a longer one leaves out what is optional
#: (location, roles, player and game ids): five players with long names stay a QR code of
#: version 25 or less at low error correction (117 modules, 3 px each on an 800x480 screen)
MAX_FULL_LINK = 1200
#: what JavaScript's encodeURIComponent leaves as it is (BG Stats' page reads the data with
#: the browser's own decoding)
_SAFE = "-_.!~*'()"


def stable_uuid(*parts: Any) -> str:
    return str(uuid.uuid5(NAMESPACE, "/".join(str(p) for p in parts))).upper()


def short_id(*parts: Any) -> str:
    """A short id, the same for the same parts (the first 12 hex digits of their uuid: a few
    characters of the QR code instead of 36)."""
    return stable_uuid(*parts).replace("-", "")[:12].lower()


def ranks(totals: Sequence[int], winners: Sequence[int]) -> list[int]:
    """1 for the winners, then by total (shared totals share a rank)."""
    found = []
    for seat, total in enumerate(totals):
        if seat in winners:
            found.append(1)
        else:
            ahead = {s for s, t in enumerate(totals) if t > total} | set(winners)
            found.append(len(ahead) + 1)
    return found


def utc_text(seconds: float) -> str:
    """``seconds`` since 1970 as BG Stats writes a play's date, in UTC."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(seconds))


def play_data(play: Play, full: bool = True) -> dict[str, Any]:
    """The play as the JSON of the link; ``full=False`` leaves out the optional fields."""
    order = ranks(play.totals, play.winners)
    game: dict[str, Any] = {"name": game_title(play.game), "bggId": int(BGG_IDS.get(play.game, 0)),
                            "highestWins": True, "noPoints": False}
    players = []
    for seat, name in enumerate(play.names):
        player: dict[str, Any] = {"name": name, "score": play.totals[seat], "rank": order[seat],
                                  "winner": seat in play.winners,
                                  "startPlayer": play.start_seat == seat}
        if full:
            player.update(sourcePlayerId=short_id("player", name), role="")
        players.append(player)
    data: dict[str, Any] = {"sourceName": APP, "sourcePlayId": short_id("play", play.game, play.started),
                            "playDate": utc_text(play.started), "durationMin": round(play.duration / 60)}
    if full:
        data["location"] = APP
        game["sourceGameId"] = play.game
    data["game"] = game
    data["players"] = players
    return data


def link_for(data: dict[str, Any]) -> str:
    """The "create play" link carrying ``data`` (compact JSON, URL-encoded)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"{LINK}?data={quote(text, safe=_SAFE)}"


def play_link(play: Play) -> str:
    """The link for ``play``: every field, or the required ones when that is too long."""
    link = link_for(play_data(play))
    return link if len(link) <= MAX_FULL_LINK else link_for(play_data(play, full=False))


def data_of_link(link: str) -> dict[str, Any]:
    """The JSON a "create play" link carries (ValueError when it carries none)."""
    parts = urlsplit(link)
    if f"{parts.scheme}://{parts.netloc}{parts.path}" != LINK:
        raise ValueError(f"not a BG Stats create-play link: {link[:60]}")
    values = parse_qs(parts.query, keep_blank_values=True).get("data")
    if not values:
        raise ValueError("the link carries no data")
    data = json.loads(values[0])
    if not isinstance(data, dict):
        raise ValueError("the link's data is not an object")
    return data
