"""The Golden Horn table view: the route with its ships and ports, the seats,
and every action by touch (cubes drawn from the bag, placing fleets, pirates,
moves with loading colour and wind cards, declaring the end, ending the turn).

Behaviour here, layout in ``golden_horn.kv``; the view only renders the
session's summary and hands actions to ``session.submit`` (never the engine).
"""
from __future__ import annotations

import random
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout

from companion.engine import CompanionError
from companion.golden_horn.actions import (Attack, DeclareEnd, DrawCards, DrawCubes, EndTurn, Move,
                                           PlaceFleet, TurnAround)
from companion.i18n import N_
from companion.signals import FinalRound, GameEnded, PirateAttack, Signal
from ui.games.golden_horn_widgets import (COLOUR_NAMES, COLOUR_RGBA, COLOURS, PORT_RGBA, GhCameraView,
                                          cube_markup, dots, fill_node, heading_mark, make,
                                          seat_rgba)
from ui.screens import load_kv

load_kv(__file__)

PORT_TITLES = {"V": N_("Venice"), "C": N_("Constantinople"), "M": N_("Modone")}
WIDE_DP = 1000       # from this width on, the camera view stays beside the controls
MAX_DESTINATIONS = 6
# lines that fit the route's cells at 800 px with 4 players: a port's cubes, a square's wind cards
PORT_COLOURS_PER_LINE = 3
NODE_DOTS_PER_LINE = 3
# route cells' widths in squares: "Constantinople" and "Modone 3/3" fit at 800 px with 4 players
NODE_WIDTHS = {"main": 2.1, "modone": 1.8}


class GoldenHornView(BoxLayout):
    """Route, seats and controls for one Golden Horn session."""

    session = ObjectProperty(None)
    has_camera = BooleanProperty(False)
    show_camera = BooleanProperty(False)
    wide = BooleanProperty(False)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.mode = "ships"            # ships | ship | pirates_target | pirates_cards
        self.picked_ship: str | None = None
        self.load: str | None = None
        self.reverse = False
        self.target: str | None = None
        self.picked: list[str] = []    # colours tapped: cubes or cards drawn, pirate cards
        self.placement: dict[str, str] = {}
        self.flashing: set[int] = set()
        self.camera_view: GhCameraView | None = None
        self._synced: Any = None
        self._had_proposal = False
        self._state_seen: Any = None
        self.rng = random.Random(kwargs.get("session").game_id if kwargs.get("session") else None)
        self.bind(size=lambda *_: self._on_size())
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
        reader = getattr(getattr(getattr(self.app, "camera", None), "setup", None), "reader", None)
        seen = getattr(reader, "mismatch", None)
        if seen and seen != self._route_warned:
            self.app.show_banner(self.tr("The tiles on the table read {seen}; this game's route is {route}.",
                                         seen=seen, route=reader.expected), seconds=10)
        self._route_warned = seen

    # -- helpers -------------------------------------------------------------
    @property
    def app(self) -> Any:
        return App.get_running_app()

    def tr(self, message: str, **values: Any) -> str:
        return self.app.tr(message, **values)

    def name(self, seat: int) -> str:
        players = self.session.config.players
        return players[seat].name if 0 <= seat < len(players) else "?"

    def ship_text(self, ship_id: str) -> str:
        """How players call a ship: "Ann's ship b"."""
        return self.tr("{name}'s ship {letter}", name=self.name(int(ship_id[0])), letter=ship_id[1])

    def node_title(self, node_id: str) -> str:
        return self.tr(PORT_TITLES[node_id]) if node_id in PORT_TITLES else node_id[1:]

    def submit(self, action: Any) -> bool:
        """Hand an action to the session; the app shows a refusal with the rule that forbids it."""
        try:
            self.session.submit(action)
        except CompanionError:
            return False
        return True

    def _on_size(self) -> None:
        wide = self.width >= dp(WIDE_DP)
        if wide != self.wide:
            self.wide = wide
            self._place_camera()

    # -- refresh -------------------------------------------------------------
    def refresh(self) -> None:
        session = self.session
        summary = session.summary()
        if session.state is not self._state_seen:
            self._state_seen = session.state
            self.mode, self.picked_ship, self.target, self.picked = "ships", None, None, []
            self.reverse, self.load, self.placement = False, None, {}
        self._sync_camera(session.pending is not None)
        self._draw_route(summary)
        self._draw_seats(summary)
        self._draw_controls(summary)

    def on_signal(self, signal: Signal) -> None:
        """A visible cue: the seats involved in a pirate raid flash; the final round is marked."""
        if isinstance(signal, PirateAttack):
            self.flash({signal.attacker, signal.victim})
        elif isinstance(signal, (FinalRound, GameEnded)):
            self.flash(set(range(self.session.config.player_count)))

    def flash(self, seats: set[int], seconds: float = 2.5) -> None:
        self.flashing = set(seats)
        self._draw_seats(self.session.summary())
        if seats:
            Clock.schedule_once(lambda _dt: self.flash(set()), seconds)

    # -- route ---------------------------------------------------------------
    def _reach_by_node(self, summary: dict[str, Any]) -> dict[str, dict[str, Any]]:
        if self.mode != "ship" or self.picked_ship is None:
            return {}
        ship = next((s for s in summary["ships"] if s["id"] == self.picked_ship), None)
        moves = (ship or {}).get("moves") or {}
        reaches = moves.get("reversed" if self.reverse else "ahead") or []
        return {r["to"]: r for r in reaches}

    def _draw_route(self, summary: dict[str, Any]) -> None:
        route = self.ids.route
        route.clear_widgets()
        players = list(self.session.config.players)
        ships = {s["id"]: s for s in summary["ships"]}
        reach = self._reach_by_node(summary)
        pending = self.session.pending
        proposed = pending.action.to if pending is not None and isinstance(pending.action, Move) else None
        for node in summary["route"]:
            node_id, kind = node["id"], node["kind"]
            cell = make("GhNode", size_hint_x=NODE_WIDTHS.get(kind, 1))
            cell.node_id = node_id
            cell.fill = COLOUR_RGBA[node["colour"]] if node["colour"] else PORT_RGBA[node_id]
            title = self.node_title(node_id)
            if kind == "modone":
                title += f" {len(node['ships'])}/{node['capacity']}"
            cell.ids.title.text = title
            target = reach.get(node_id)
            cell.dimmed = bool(reach) and target is None
            cell.reachable = target is not None or node_id == proposed
            cell.affordable = bool(target["affordable"]) if target is not None else True
            if target is not None:
                cell.ids.extra.text = dots(target["wind"], per_line=NODE_DOTS_PER_LINE) or "✓"
            elif kind == "main":
                cell.ids.extra.text = cube_markup(summary["ports"][node_id], per_line=PORT_COLOURS_PER_LINE)
            chips = []
            for ship_id in node["ships"]:
                ship = ships[ship_id]
                heading = ship["heading"]
                if ship_id == self.picked_ship and self.reverse:   # the turn-around being tried
                    heading = {"toC": "toV", "toV": "toC"}.get(heading, heading)
                text = f"{self.name(ship['owner'])[:1]}{ship['name']}{heading_mark(heading)}"
                chips.append((text, seat_rgba(players, ship["owner"]), ship["sail_set"], ship["cargo"],
                              ship_id == self.picked_ship))
            fill_node(cell, chips, (3 if len(chips) > 4 else 2) if kind == "main" else 1)
            cell.bind(on_release=lambda c: self.tap_node(c.node_id))
            route.add_widget(cell)

    def tap_node(self, node_id: str) -> None:
        """A tap on the route: move the picked ship there, or pick one's own ship there."""
        summary = self.session.summary()
        reach = self._reach_by_node(summary)
        if node_id in reach:
            self.move_to(node_id)
            return
        seat = summary["current"]
        own = [s for s in summary["ships"] if s["at"] == node_id and s["owner"] == seat and "moves" in s]
        if own and summary["phase"] == "play" and not self.session.table_to_act:
            self.pick_ship(own[0]["id"])

    # -- seats ---------------------------------------------------------------
    def _draw_seats(self, summary: dict[str, Any]) -> None:
        box = self.ids.seats
        box.clear_widgets()
        players = list(self.session.config.players)
        acting = set(self.session.to_act)
        for seat in summary["seats"]:
            number = seat["seat"]
            item = make("GhSeat", back=seat_rgba(players, number))
            item.active = number in acting
            item.flashing = number in self.flashing
            cards = str(seat["hand_size"]) if seat["hand"] is None else dots(seat["hand"]) or "0"
            item.ids.head.text = self.tr("[b]{name}[/b] {points} VP · {cards} cards", name=self.name(number),
                                         points=seat["score"], cards=cards)
            item.ids.cubes.text = cube_markup(seat["warehouse"]) or self.tr("empty warehouse")
            box.add_widget(item)
        info = self.tr("Round {round} · deck {deck} · discard {discard} · bag {bag}",
                       round=summary["round"], deck=summary["deck_size"],
                       discard=summary["discard_total"], bag=summary["bag_total"])
        if summary["final_round"]:
            info = "[color=ff6050][b]" + self.tr("Final round!") + "[/b][/color]  " + info
        self.ids.table_info.text = info

    # -- controls ------------------------------------------------------------
    def _draw_controls(self, summary: dict[str, Any]) -> None:
        row1, row2 = self.ids.row1, self.ids.row2
        row1.clear_widgets()
        row2.clear_widgets()
        session = self.session
        state = session.state
        if session.is_over:
            self._prompt(self.tr("Game over"))
            self._button(row1, self.tr("Final scores"), self.app.manager.get_screen("table").show_scores,
                         ident="final_scores")
        elif session.table_to_act and state.pending:
            task = state.pending[0]
            self._chance_controls(summary, task.kind, task.target, task.count)
        elif session.table_to_act or summary["phase"] == "setup":
            self._placement_controls(summary)
        elif summary["phase"] == "turn_around":
            self._turn_around_controls(summary)
        elif summary["phase"] == "after_move":
            self._after_move_controls(summary)
        elif self.mode == "ship" and self.picked_ship:
            self._ship_controls(summary)
        elif self.mode == "pirates_target":
            self._pirate_target_controls(summary)
        elif self.mode == "pirates_cards" and self.target:
            self._pirate_card_controls(summary)
        else:
            self._turn_controls(summary)

    def _prompt(self, text: str) -> None:
        self.ids.prompt.text = text

    def _button(self, row: Any, text: str, on_press: Any, ident: str = "", enabled: bool = True,
                cls: str = "GhButton", **kw: Any) -> Any:
        button = make(cls, text=text, disabled=not enabled, **kw)
        button.gh_id = ident
        button.bind(on_release=lambda _b: on_press())
        row.add_widget(button)
        return button

    def _colour_buttons(self, row: Any, label: Any, on_colour: Any, enabled: Any = lambda c: True) -> None:
        for colour in COLOURS:
            self._button(row, label(colour), lambda c=colour: on_colour(c), ident=f"colour_{colour}",
                         enabled=enabled(colour), cls="GhColourButton", colour_rgba=COLOUR_RGBA[colour])

    # chance: cubes from the bag, cards drawn (open hands)
    def _chance_controls(self, summary: dict[str, Any], kind: str, target: int, count: int) -> None:
        picked = "".join(self.picked)
        if kind == "cubes":
            port = self.tr(PORT_TITLES["VC"[target]])
            self._prompt(self.tr("Cubes drawn from the bag into {port}: {done}/{count}",
                                 port=port, done=len(picked), count=count))
            left = summary["bag"]
        else:
            self._prompt(self.tr("Cards {name} draws: {done}/{count}", name=self.name(target),
                                 done=len(picked), count=count))
            left = {c: 99 for c in COLOURS}
        full = len(picked) >= count
        self._colour_buttons(self.ids.row1, lambda c: f"{self.tr(COLOUR_NAMES[c])} {picked.count(c)}",
                             self.pick_colour,
                             lambda c: not full and picked.count(c) < left.get(c, 0))
        row2 = self.ids.row2
        self._button(row2, self.tr("Take one back"), self.unpick, "unpick", enabled=bool(picked))
        self._button(row2, self.tr("Random draw"), self.random_chance, "random")
        self._button(row2, self.tr("Enter"), lambda: self.enter_chance(kind, target), "enter_chance",
                     enabled=full)

    def pick_colour(self, colour: str) -> None:
        self.picked.append(colour)
        self.refresh()

    def unpick(self) -> None:
        if self.picked:
            self.picked.pop()
        self.refresh()

    def enter_chance(self, kind: str, target: int) -> None:
        picked = "".join(self.picked)
        self.submit(DrawCubes("VC"[target], picked) if kind == "cubes" else DrawCards(target, picked))

    def random_chance(self) -> None:
        """Laptop play: the table's draw made by a random generator."""
        self.picked = []
        self.submit(self.session.game.sample_chance(self.session.state, self.rng))

    # setup: where each fleet starts
    def _placement_controls(self, summary: dict[str, Any]) -> None:
        state = self.session.state
        by_table = self.session.table_to_act
        owner = (state.placed.index(False) if False in state.placed else 0) if by_table \
            else self.session.to_act[0]
        self._prompt(self.tr("{name}: where do ships a, b, c start?", name=self.name(owner)))
        for letter in "abc":
            port = self.placement.get(letter, "V")
            self._button(self.ids.row1, f"{letter}: {self.tr(PORT_TITLES[port])}",
                         lambda l=letter: self.flip_port(l), ident=f"port_{letter}")
        if by_table:
            self._button(self.ids.row2, self.tr("Random draw"), self.random_chance, "random")
        self._button(self.ids.row2, self.tr("Place the ships"), lambda: self.place(owner), "place")

    def flip_port(self, letter: str) -> None:
        self.placement[letter] = "C" if self.placement.get(letter, "V") == "V" else "V"
        self.refresh()

    def place(self, owner: int) -> None:
        self.submit(PlaceFleet(owner, "".join(self.placement.get(l, "V") for l in "abc")))

    def _turn_around_controls(self, summary: dict[str, Any]) -> None:
        ship_id = summary["turn_around"]
        seat = int(ship_id[0])
        self._prompt(self.tr("Pirates emptied {ship}: turn it around?", ship=self.ship_text(ship_id)))
        self._button(self.ids.row1, self.tr("Turn around"),
                     lambda: self.submit(TurnAround(seat, ship_id, True)), "turn_around")
        self._button(self.ids.row1, self.tr("Keep heading"),
                     lambda: self.submit(TurnAround(seat, ship_id, False)), "keep_heading")

    def _after_move_controls(self, summary: dict[str, Any]) -> None:
        seat = summary["current"]
        self._prompt(self.tr("{name}: end the turn, or declare the end of the game", name=self.name(seat)))
        self._button(self.ids.row1, self.tr("End turn"), lambda: self.submit(EndTurn(seat)), "end_turn")
        self._declare_button(self.ids.row1, seat, summary["seats"][seat]["can_declare"])

    # the turn: pick a ship, pirates, declare
    def _turn_controls(self, summary: dict[str, Any]) -> None:
        seat = summary["current"]
        self._prompt(self.tr("{name}: pick a ship to move (pirates first, if you like)", name=self.name(seat)))
        for ship in summary["ships"]:
            if ship["owner"] != seat:
                continue
            where = self.node_title(ship["at"]) if ship["at"] else "?"
            cargo = ship["cargo"]
            text = f"{ship['name']} {dots(ship['sail_set'])} · {where} {heading_mark(ship['heading'])}"
            if cargo:
                text += f" · {cargo['count']}{dots(cargo['colour'])}"
            self._button(self.ids.row1, text, lambda s=ship["id"]: self.pick_ship(s), f"ship_{ship['name']}",
                         font_name="DejaVuSans", markup=True)
        attacks = [a for a in self.session.legal_actions(seat) if isinstance(a, Attack)]
        self._button(self.ids.row2, self.tr("Pirates"), self.start_pirates, "pirates", enabled=bool(attacks))
        self._declare_button(self.ids.row2, seat, summary["seats"][seat]["can_declare"])

    def _declare_button(self, row: Any, seat: int, allowed: bool) -> None:
        """Declaring the end (E2). Not greyed out when the rules forbid it: a tap is
        then refused with the reason and the rule (e.g. a colour missing)."""
        button = self._button(row, self.tr("Declare the end"), lambda: self.submit(DeclareEnd(seat)),
                              "declare")
        if not allowed:
            button.color = (1, 1, 1, 0.45)
            button.background_color = (0.2, 0.26, 0.32, 1)

    def pick_ship(self, ship_id: str) -> None:
        summary = self.session.summary()
        ship = next(s for s in summary["ships"] if s["id"] == ship_id)
        self.mode, self.picked_ship, self.reverse = "ship", ship_id, False
        loads = ship.get("loads") or [""]
        self.load = loads[0]
        self.refresh()

    def _ship_controls(self, summary: dict[str, Any]) -> None:
        ship = next(s for s in summary["ships"] if s["id"] == self.picked_ship)
        reach = self._reach_by_node(summary)
        self._prompt(self.tr("{ship}: tap where it sails (wind cards shown)", ship=self.ship_text(ship["id"])))
        row1, row2 = self.ids.row1, self.ids.row2
        loads = ship.get("loads") or [""]
        if ship["at"] in ("V", "C") and loads != [""]:
            port = summary["ports"][ship["at"]]
            for load in loads:
                text = (self.tr("Load {count} {colour}", count=port[load], colour=self.tr(COLOUR_NAMES[load]))
                        if load else self.tr("Load nothing"))
                toggle = make("GhToggle", text=text, group="gh_load",
                              state="down" if load == self.load else "normal", allow_no_selection=False)
                toggle.gh_id = f"load_{load or 'none'}"
                toggle.bind(on_release=lambda _b, l=load: self.set_load(l))
                row1.add_widget(toggle)
        if (ship.get("moves") or {}).get("reversed") is not None:
            toggle = make("GhToggle", text=self.tr("Turn around"), state="down" if self.reverse else "normal")
            toggle.gh_id = "reverse"
            toggle.bind(on_release=lambda _b: self.toggle_reverse())
            row1.add_widget(toggle)
        self._button(row2, self.tr("Back"), self.back, "back", size_hint_x=0.7)
        for node_id, r in list(reach.items())[:MAX_DESTINATIONS]:
            text = self.node_title(node_id) + (f" {dots(r['wind'])}" if r["wind"] else "")
            self._button(row2, text, lambda n=node_id: self.move_to(n), f"to_{node_id}", enabled=r["affordable"],
                         font_name="DejaVuSans", markup=True, background_color=(0.25, 0.28, 0.32, 1))
        if not reach:
            row2.add_widget(make("GhPrompt", text=self.tr("This ship cannot move.")))
        if not row1.children:
            row1.add_widget(make("GhPrompt", text=self.tr("Or tap a highlighted square on the route.")))

    def set_load(self, load: str) -> None:
        self.load = load
        self.refresh()

    def toggle_reverse(self) -> None:
        self.reverse = not self.reverse
        self.refresh()

    def back(self) -> None:
        self.mode, self.picked_ship, self.target, self.picked = "ships", None, None, []
        self.refresh()

    def move_to(self, node_id: str) -> None:
        summary = self.session.summary()
        reach = self._reach_by_node(summary).get(node_id)
        if reach is None or self.picked_ship is None:
            return
        self.submit(Move(summary["current"], self.picked_ship, node_id, self.load or "", self.reverse,
                         reach["wind"]))

    # pirates: a target, then two card colours
    def start_pirates(self) -> None:
        self.mode, self.target, self.picked = "pirates_target", None, []
        self.refresh()

    def _attacks(self, summary: dict[str, Any]) -> list[Attack]:
        return [a for a in self.session.legal_actions(summary["current"]) if isinstance(a, Attack)]

    def _pirate_target_controls(self, summary: dict[str, Any]) -> None:
        self._prompt(self.tr("Pirates: which ship do they raid?"))
        targets = list(dict.fromkeys(a.ship for a in self._attacks(summary)))
        ships = {s["id"]: s for s in summary["ships"]}
        for ship_id in targets:
            ship = ships[ship_id]
            text = f"{self.name(ship['owner'])} {ship['name']} · {self.node_title(ship['at'])}"
            self._button(self.ids.row1, text, lambda s=ship_id: self.pick_target(s), f"target_{ship_id}")
        self._button(self.ids.row2, self.tr("Back"), self.back, "back")

    def pick_target(self, ship_id: str) -> None:
        self.mode, self.target, self.picked = "pirates_cards", ship_id, []
        self.refresh()

    def _pirate_card_controls(self, summary: dict[str, Any]) -> None:
        picked = "".join(self.picked)
        self._prompt(self.tr("Pirates on {ship}: the two cards played ({done}/2)",
                             ship=self.ship_text(self.target), done=len(picked)))
        usable = {c for a in self._attacks(summary) if a.ship == self.target for c in a.cards}
        self._colour_buttons(self.ids.row1, lambda c: f"{self.tr(COLOUR_NAMES[c])} {picked.count(c)}",
                             self.pick_colour, lambda c: len(picked) < 2 and c in usable)
        self._button(self.ids.row2, self.tr("Back"), self.back, "back")
        self._button(self.ids.row2, self.tr("Take one back"), self.unpick, "unpick", enabled=bool(picked))
        self._button(self.ids.row2, self.tr("Send the pirates"),
                     lambda: self.submit(Attack(summary["current"], self.target, picked)), "attack",
                     enabled=len(picked) == 2)

    # -- camera ----------------------------------------------------------------
    def simulated_table(self) -> Any:
        camera = getattr(self.app, "camera", None)
        setup = getattr(camera, "setup", None)
        table = getattr(setup, "simulated_table", None)
        return table if hasattr(table, "sync") else None

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
        self.camera_view = GhCameraView(on_drop=lambda _i, _mm: None)
        self.camera_view.table = table
        self.camera_view.hint = self.tr("Camera: drag a ship to move it")
        self._place_camera()

    def _place_camera(self) -> None:
        slot = self.ids.camera_slot
        slot.clear_widgets()
        if self.camera_view is not None:
            slot.add_widget(self.camera_view)

