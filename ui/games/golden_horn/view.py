"""The Golden Horn table view: the route with its ships and ports, the seats,
and every action by touch (cubes drawn from the bag, placing fleets, pirates,
moves with loading colour and wind cards, declaring the end, ending the turn).

Behaviour here, layout in ``view.kv``, the control rows in
``controls.py``, the pieces in ``widgets.py``; the view
renders the game's view model and hands actions to ``session.submit`` (never
the engine).  Route cells and seat boxes are reused from refresh to refresh.
"""
from __future__ import annotations

import random
from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout

from companion.golden_horn import view_model
from companion.golden_horn.actions import Move
from companion.golden_horn.view_model import GoldenHornViewModel, Reach
from companion.messages import N_, Text
from ui.games.golden_horn.controls import PORT_TITLES, GhControls
from ui.games.golden_horn.widgets import (COLOUR_RGBA, PORT_RGBA, cube_markup, dots, fill_cubes,
                                          fill_node, fit_title, heading_mark, make, mark_square, seat_rgba)
from ui.colours import colour_key, seat_rgb
from ui.widgets.colour_mark import symbols_shown, with_symbol
from ui.games.kit import TableKit, reuse
from ui.widgets.table_camera import TableCameraView

WIDE_DP = 1000       # from this width on, the camera view stays beside the controls
# wind cards that fit a square's line at 800 px with 4 players
NODE_DOTS_PER_LINE = 3
# route cells' widths in squares: "Constantinople" and "Modone 3/3" fit at 1280 px; at 800 px
# with 4 players a square keeps its 48 px (a tap target, SQUARE_MIN_DP), the ports share the rest
# (a port's name then its short one, "Const.", and "Modone 3/3" on two lines)
NODE_WIDTHS = {"main": 2.2, "modone": 2.0}
SQUARE_MIN_DP = 48
#: a port's name in a route cell too narrow for it (its colour band says which port)
SHORT_TITLES = {"C": N_("Const.")}


class GoldenHornView(GhControls, TableKit, BoxLayout):
    """Route, seats and controls for one Golden Horn session."""

    has_camera = BooleanProperty(False)
    show_camera = BooleanProperty(False)
    wide = BooleanProperty(False)
    #: a narrow screen with the camera shown: its view is an inset over the route and seats
    inset_shown = BooleanProperty(False)
    build_model = staticmethod(view_model)
    table_needs = "sync"

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.mode = "ships"            # ships | ship | pirates_target | pirates_cards
        self.picked_ship: str | None = None
        self.load: str | None = None
        self.reverse = False
        self.target: str | None = None
        self.picked: list[str] = []    # colours tapped: cubes or cards drawn, pirate cards
        self.placement: dict[str, str] = {}
        self.camera_view: TableCameraView | None = None
        self.vm: GoldenHornViewModel = self.model()
        self._synced: Any = None
        self._had_proposal = False
        self._state_seen: Any = None
        self.rng = random.Random(self.session.game_id)
        self.bind(size=lambda *_: self._on_size())
        self.bind(has_camera=self._update_inset, show_camera=self._update_inset, wide=self._update_inset)
        self._route_warned: str | None = None
        self._route_check = Clock.schedule_interval(lambda _dt: self.check_route(), 2.0)

    def on_parent(self, _view: Any, parent: Any) -> None:
        """Taken off the table screen (another game): stop refreshing the camera preview."""
        if parent is None:
            self._route_check.cancel()
            if self.camera_view is not None:
                self.camera_view.stop()

    def check_route(self) -> None:
        """Say once when the tiles the camera sees differ from this game's route
        (ships on squares would then be read on the wrong nodes)."""
        reader = getattr(getattr(getattr(self.app, "camera", None), "setup", None), "reader", None)   # no app, no camera or no reader: None
        seen = getattr(reader, "mismatch", None)   # only the route reader checks the tiles
        if seen and seen != self._route_warned:
            self.app.show_banner(self.tr("The tiles on the table read {seen}; this game's route is {route}.",
                                         seen=seen, route=reader.expected), seconds=10)
        self._route_warned = seen

    # -- helpers -------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.vm.name(seat)

    def ship_text(self, ship_id: str) -> str:
        """How players call a ship: "Ann's ship b"."""
        return self.tr("{name}'s ship {letter}", name=self.name(int(ship_id[0])), letter=ship_id[1])

    def node_title(self, node_id: str) -> str:
        return self.tr(PORT_TITLES[node_id]) if node_id in PORT_TITLES else node_id[1:]

    def _on_size(self) -> None:
        wide = self.width >= dp(WIDE_DP)
        if wide != self.wide:
            self.wide = wide
            self._place_camera()

    # -- refresh -------------------------------------------------------------
    def refresh(self) -> None:
        session = self.session
        if session.state is not self._state_seen:
            self._state_seen = session.state
            self.vm = self.model()
            self.mode, self.picked_ship, self.target, self.picked = "ships", None, None, []
            self.reverse, self.load, self.placement = False, None, {}
        self._sync_camera(session.pending is not None)
        self._draw_route(self.vm)
        self._draw_seats(self.vm)
        self._draw_controls(self.vm)

    def show_flashing(self) -> None:
        for item in self.ids.seats.children:
            item.flashing = item.seat in self.flashing

    # -- route ---------------------------------------------------------------
    def reach_by_node(self) -> dict[str, Reach]:
        """Where the picked ship can sail (with the turn-around being tried)."""
        ship = self.vm.ship(self.picked_ship) if self.mode == "ship" else None
        return {r.to: r for r in ship.reach(self.reverse)} if ship is not None else {}

    def _draw_route(self, vm: GoldenHornViewModel) -> None:
        players = list(self.session.config.players)
        ships = {s.id: s for s in vm.ships}
        reach = self.reach_by_node()
        pending = self.session.pending
        proposed = pending.action.to if pending is not None and isinstance(pending.action, Move) else None
        cells = reuse(self.ids.route, len(vm.route), self._new_node)
        for cell, node in zip(cells, vm.route):
            cell.node_id = node.id
            cell.size_hint_x = NODE_WIDTHS.get(node.kind, 1)
            cell.size_hint_min_x = None if node.kind in NODE_WIDTHS else dp(SQUARE_MIN_DP)
            cell.fill = COLOUR_RGBA[node.colour] if node.colour else PORT_RGBA[node.id]
            mark_square(cell, node.colour)
            title = self.node_title(node.id)
            if node.kind == "modone":
                title += f" {len(node.ships)}/{node.capacity}"
            cell.short_text = self.tr(SHORT_TITLES[node.id]) if node.id in SHORT_TITLES else ""
            cell.title_text = title
            target = reach.get(node.id)
            cell.dimmed = bool(reach) and target is None
            cell.reachable = target is not None or node.id == proposed
            cell.affordable = target.affordable if target is not None else True
            if target is not None:
                cell.ids.extra.text = dots(target.wind, per_line=NODE_DOTS_PER_LINE) or "✓"
            else:
                cell.ids.extra.text = ""
            chips = []
            for ship_id in node.ships:
                ship = ships[ship_id]
                heading = ship.heading
                if ship_id == self.picked_ship and self.reverse:   # the turn-around being tried
                    heading = {"toC": "toV", "toV": "toC"}.get(heading or "", heading)
                text = f"{self.name(ship.owner)[:1]}{ship.name}{heading_mark(heading)}"
                cargo = {"colour": ship.cargo[0], "count": ship.cargo[1]} if ship.cargo else None
                chips.append((text, seat_rgba(players, ship.owner), ship.sail_set, cargo,
                              ship_id == self.picked_ship))
            shown = (chips, 2 if node.kind == "main" else 1, symbols_shown())
            if cell.shown != shown:   # ships are laid out again only when they change
                fill_node(cell, *shown[:2])
                cell.shown = shown
            # a port offered as a destination shows the wind cards it costs in its cubes' place
            # (after the ships: the cubes take the room the ships leave)
            fill_cubes(cell, vm.ports[node.id] if node.kind == "main" and target is None else {})

    def _new_node(self, _index: int) -> Any:
        cell = make("GhNode")
        cell.bind(title_text=fit_title)
        cell.bind(size=lambda c, _size: fill_cubes(c))   # the room for the cubes' symbols changed
        cell.ids.title.bind(width=lambda _label, _width: fit_title(cell))
        cell.bind(on_release=lambda c: self.tap_node(c.node_id))
        return cell

    def tap_node(self, node_id: str) -> None:
        """A tap on the route: move the picked ship there, or pick one's own ship there."""
        if node_id in self.reach_by_node():
            self.move_to(node_id)
            return
        own = [s for s in self.vm.ships if s.at == node_id and s.movable]
        if own and not self.vm.table_to_act:
            self.pick_ship(own[0].id)

    # -- seats ---------------------------------------------------------------
    def _draw_seats(self, vm: GoldenHornViewModel) -> None:
        players = list(self.session.config.players)
        items = reuse(self.ids.seats, len(vm.seats), lambda _i: make("GhSeat"))
        for item, seat in zip(items, vm.seats):
            number = seat.seat
            item.seat = number
            item.back = seat_rgba(players, number)
            item.active = number in vm.to_act
            item.flashing = number in self.flashing
            cards = (Text("{count} card", "{count} cards", count=seat.hand_size) if seat.hand is None
                     else Text("cards: {cards}", cards=dots(seat.hand) or "0"))
            item.ids.head.text = with_symbol(self.tr(Text("[b]{name}[/b] {points} VP · {cards}", name=self.name(number),
                                                          points=seat.score, cards=cards)),
                                             colour_key(players[number].colour) if number < len(players) else None)
            item.ids.cubes.text = cube_markup(seat.warehouse) or self.tr("empty warehouse")
        if vm.final_round:   # the final round names itself in place of the round's number
            info = "[color=ff6050][b]" + self.tr("Final round!") + "[/b][/color] · " + self.tr(
                "deck {deck} · discard {discard} · bag {bag}", deck=vm.deck_size,
                discard=vm.discard_total, bag=vm.bag_total)
        else:
            info = self.tr("Round {round} · deck {deck} · discard {discard} · bag {bag}", round=vm.round,
                           deck=vm.deck_size, discard=vm.discard_total, bag=vm.bag_total)
        self.ids.table_info.text = info

    # -- camera ----------------------------------------------------------------
    def _sync_camera(self, has_proposal: bool) -> None:
        """Keep the simulated table's ships where the game has them: after every
        change of state, and when a proposal was rejected (the ship goes back)."""
        table = self.simulated_table()
        self.has_camera = table is not None
        if table is None:
            return
        if self.camera_view is None or self.camera_view.table is not table:
            self._make_camera_view(table)
        state = self.session.state
        rejected = self._had_proposal and not has_proposal and state is self._synced
        self._had_proposal = has_proposal
        dragging = self.camera_view is not None and self.camera_view.dragging
        if (state is not self._synced or rejected) and not dragging:
            table.sync(state)
            self._synced = state

    def _make_camera_view(self, table: Any) -> None:
        if self.camera_view is not None:
            self.camera_view.stop()
        self.camera_view = TableCameraView()
        self.camera_view.table = table
        self.camera_view.hint = self.tr("Camera: drag a ship to move it")
        self.camera_view.label_for = self.camera_label
        self._place_camera()

    def camera_label(self, tag: Any) -> tuple[str, Any] | None:
        """A ship on the camera's view: "Bea's ship a", on Bea's colour."""
        players = self.session.config.players
        if tag.kind != "ship" or tag.seat is None or not 0 <= tag.seat < len(players):
            return None
        player = players[tag.seat]
        return (self.tr("{name}'s ship {letter}", name=player.name, letter=tag.name.lower()),
                seat_rgb(player.colour, player.seat))

    def _update_inset(self, *_args: Any) -> None:
        self.inset_shown = self.has_camera and self.show_camera and not self.wide

    def _place_camera(self) -> None:
        """Beside the controls on a wide screen, else in the inset over the route."""
        for slot in (self.ids.camera_slot, self.ids.camera_inset):
            slot.clear_widgets()
        if self.camera_view is not None:
            (self.ids.camera_slot if self.wide else self.ids.camera_inset).add_widget(self.camera_view)

