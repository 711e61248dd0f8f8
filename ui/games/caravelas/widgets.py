"""Caravelas table view pieces: a seat's panel (markers, fleet, score, monuments,
tiles, hands), the searchable port list, and the Lisbon panel (the three ways for
each cube and the result)."""
from __future__ import annotations

from typing import Any, Callable

from kivy.factory import Factory
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.caravelas.actions import StopInLisbon
from companion.caravelas.texts import good_word, port_name
from companion.caravelas.data import GOODS_VP, PEPPER, PORTS
from companion.caravelas.view_model import SeatView
from companion.errors import CompanionError, IllegalAction
from companion.messages import N_
from ui.colours import seat_rgb
from ui.games.kit import escape, reuse, tag

SELL, UPGRADE, TILE = "sell", "upgrade", "tile"
#: how each way for a cube reads on its button
WAYS = {SELL: N_("Sell +{vp}"), UPGRADE: N_("Upgrade"), TILE: N_("Tile")}
ON = [0.13, 0.33, 0.55, 1]
OFF = [0.25, 0.28, 0.32, 1]


class SeatPanel(BoxLayout):
    """One player: a band in the seat's colour (name, score) and the lines below it."""

    seat = NumericProperty(0)
    title = StringProperty("")
    score = StringProperty("")
    body = StringProperty("")
    band = ListProperty([0.3, 0.3, 0.3, 1])
    current = NumericProperty(0)
    glow = NumericProperty(0.0)

    def paint(self, colour: str) -> None:
        """The seat's colour as a stripe beside white text (readable on every colour)."""
        self.band = [*seat_rgb(colour, self.seat), 1]


def seat_lines(app: Any, seat: SeatView) -> str:
    """A seat's markers, fleet, monuments, tiles and hands, one fact per line."""
    lines = [app.tr("Markers: {free} free · {spent} spent · {locked} aside", free=seat.available,
                    spent=seat.spent, locked=seat.locked)]
    ships = []
    for ship in seat.ships:
        if ship.locked:
            state = app.tr("locked")
        elif ship.wrecked:
            state = app.tr("wrecked")
        else:
            state = ", ".join(app.say(good_word(g)) for g in ship.cargo) or "–"
        ships.append(f"{ship.number}: {state}")
    lines.append(app.tr("Ships") + " " + " · ".join(ships))
    lines.append(app.tr("Monuments {placed} · tiles {tiles}", placed=seat.monuments,
                        tiles=", ".join(str(t) for t in seat.tiles) or "–"))
    lines.append(app.tr("Cards {hand} · destinations {cards}", hand=seat.hand, cards=seat.destinations))
    return "\n".join(escape(line) for line in lines)


def seat_score(app: Any, seat: SeatView) -> str:
    if seat.laps:
        return app.tr("{score} VP (lap {laps})", score=seat.score, laps=seat.laps)
    return app.tr("{score} VP", score=seat.score)


def matching_ports(query: str) -> list[str]:
    """Port ids whose name contains ``query`` (any case), in the board's order."""
    query = query.strip().lower()
    return [p.id for p in PORTS if query in p.name.lower()]


class PortList(BoxLayout):
    """A search field over the 32 ports and the ports that match it, as buttons."""

    def __init__(self, on_port: Callable[[str], None], **kwargs: Any):
        super().__init__(**kwargs)
        self.on_port = on_port
        self.owners: dict[str, str] = {}
        self.first: tuple[str, ...] = ()
        self.hidden: frozenset[str] = frozenset()

    def show(self, owners: dict[str, str], first: tuple[str, ...] = (),
             hidden: frozenset[str] = frozenset()) -> None:
        """The matching ports; ``owners`` names the discoverer of each discovered port;
        ``first`` come before the others, ``hidden`` are left out (destination cards
        already shown)."""
        self.owners, self.first, self.hidden = owners, first, hidden
        matching = [p for p in matching_ports(self.ids.search.text) if p not in hidden]
        ports = [p for p in first if p in matching] + [p for p in matching if p not in first]
        buttons = reuse(self.ids.ports, len(ports), self._new_button)
        for button, port in zip(buttons, ports):
            button.port = port
            owner = owners.get(port)
            button.text = port_name(port) + (f" ({owner})" if owner else "")
            tag(button, f"port_{port}")

    def _new_button(self, _index: int) -> Any:
        button = Factory.CaravelasButton(size_hint_x=1)
        button.bind(on_release=lambda b: self.on_port(b.port))
        return button

    def on_search(self) -> None:
        self.show(self.owners, self.first, self.hidden)

    def clear_search(self) -> None:
        self.ids.search.text = ""


class LisbonPanel(BoxLayout):
    """The stop in Lisbon: each cube aboard with its three ways (sell, fleet upgrade,
    monastery tile), the hand exchange, and the result before it is confirmed."""

    result = StringProperty("")

    def __init__(self, view: Any, **kwargs: Any):
        super().__init__(**kwargs)
        self.view = view
        self.ways: list[str] = []
        self.exchange = False
        self._cargo: tuple[str, ...] = ()
        self.seat: int | None = None

    def show(self, seat: int, cargo: tuple[str, ...]) -> None:
        app = self.view.app
        if cargo != self._cargo or seat != self.seat:
            self.ways = [SELL] * len(cargo)
            self._cargo, self.seat = cargo, seat
        rows = reuse(self.ids.cubes, len(cargo), self._new_row)
        for index, (row, good) in enumerate(zip(rows, cargo)):
            row.ids.good.text = app.say(good_word(good))
            for way in (SELL, UPGRADE, TILE):
                button = row.ids[way]
                button.text = app.tr(WAYS[way], vp=GOODS_VP[good])
                button.background_color = ON if self.ways[index] == way else OFF
                button.opacity = 0 if way == TILE and good != PEPPER else 1
                button.disabled = way == TILE and good != PEPPER
                tag(button, f"lisbon_{index}_{way}")
        if not cargo:
            self.ids.empty.text = app.tr("No cargo: the stop repairs wrecks and refills the hand")
        else:
            self.ids.empty.text = ""
        exchange = self.ids.exchange
        tag(exchange, "lisbon_exchange").text = app.tr("Exchange the hand")
        tag(self.ids.stop, "lisbon_stop").text = app.tr("Stop in Lisbon")
        tag(self.ids.sail_through, "lisbon_pass").text = app.tr("Sail through Lisbon")
        exchange.background_color = ON if self.exchange else OFF
        session = self.view.session
        self.result = lisbon_result(app, session.game, session.state, self.action())

    def _new_row(self, index: int) -> Any:
        row = Factory.LisbonCube()
        for way in (SELL, UPGRADE, TILE):
            row.ids[way].bind(on_release=lambda _b, w=way, i=index: self.choose(i, w))
        return row

    def choose(self, index: int, way: str) -> None:
        self.ways[index] = way
        self.show(self.seat, self._cargo)

    def toggle_exchange(self) -> None:
        self.exchange = not self.exchange
        self.show(self.seat, self._cargo)

    def action(self) -> StopInLisbon:
        upgrade = tuple(sorted(g for g, w in zip(self._cargo, self.ways) if w == UPGRADE))
        tile = any(w == TILE for w in self.ways)
        return StopInLisbon(self.seat, upgrade, tile, self.exchange)


def lisbon_result(app: Any, game: Any, state: Any, action: StopInLisbon) -> str:
    """What the stop would give (VP, upgrade, tile), or why the rules refuse it."""
    try:
        after = game.apply(state, action)
    except CompanionError as exc:
        reason = exc.reason if isinstance(exc, IllegalAction) else None
        return app.say(reason) if reason is not None else str(exc)
    before, now = state.players[action.seat], after.players[action.seat]
    parts = [app.tr("+{vp} VP", vp=now.running_score - before.running_score)]
    if now.upgraded and not before.upgraded:
        parts.append(app.tr("fleet upgraded: 12 markers, ship 4 unlocked"))
    for tile in now.tiles[len(before.tiles):]:
        parts.append(app.tr("monastery tile {n}", n=tile))
    if before.wrecks and not now.wrecks:
        parts.append(app.tr("wrecks repaired"))
    return " · ".join(parts)
