"""The Caravelas table view, bookkeeping mode (no board file): the players tell
what happened, the engine keeps the books.

Layout (``view.kv``): a prompt line; the seats (left: markers, fleet, score,
monuments, tiles, hands) beside the entries (right: a row of tabs — Sail, Port,
Goods, Card, Lisbon — over the chosen tab's buttons); a strip at the bottom for
the table's chance, END TURN and the free move's end.  Bidding, placement, the red
die, wrecks and the destination cards use the entry area without tabs.  The
widgets are in ``widgets.py``; everything done goes through the session.
"""
from __future__ import annotations

from typing import Any, Callable

from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.caravelas.actions import (Bid, ChooseWreck, CrossCape, DrawEvent, DrawOrder, EndBonus, EndTurn,
                                         EnterEvent, Load, PassBid, PassLisbon, Pirate, PlayCard,
                                         Reach, RevealCard, RollDice, RollDie, Sail, TakePosition)
from companion.caravelas.texts import card_text, good_word, port_name
from companion.caravelas.data import GOODS, KNOWN_PORT_VP, SHIELD_VALUES
from companion.caravelas.view_model import CaravelasView as Model, view_model
from companion.engine import TABLE
from companion.messages import N_, Text
from ui.colours import colour_key
from ui.widgets.colour_mark import with_symbol
from ui.games.caravelas.widgets import OFF, ON, LisbonPanel, PortList, SeatPanel, seat_lines, seat_score
from ui.table_controller import MainAction
from ui.games.kit import TableKit, escape, reuse, tag

TABS = {"sail": N_("Sail"), "port": N_("Port"), "goods": N_("Goods"), "card": N_("Card"),
        "lisbon": N_("Lisbon")}
#: the tabs each moment offers (the first is shown when the moment begins)
MOMENT_TABS = {"": ("sail", "port", "goods", "card", "lisbon"), "bonus": ("goods", "port"),
               "compass": ("goods", "port")}
PHASES = {"order": N_("Setup"), "bid": N_("Bidding: highest bid {high}"), "place": N_("Turn order"),
          "turn": N_("Round {round}: sailing"), "reveal": N_("Destination cards"), "over": N_("Game over")}
MOMENTS = {"bonus": N_("bonus moves"), "lisbon": N_("Lisbon"), "compass": N_("compass storm"),
           "die": N_("red die"), "blue": N_("event card"), "wreck": N_("wreck")}


class CaravelasView(TableKit, BoxLayout):
    prompt = StringProperty("")
    info = StringProperty("")
    build_model = staticmethod(view_model)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.tab = "sail"
        self._moment = None
        self._order: list[int] = []
        self._shield_port = ""
        self._panels: list[SeatPanel] = []
        self._port_list: PortList | None = None
        self._lisbon_panel: LisbonPanel | None = None

    @property
    def _ports(self) -> PortList:
        """The port list, made when first shown (its search field needs the running app)."""
        if self._port_list is None:
            self._port_list = PortList(self.reach_port)
        return self._port_list

    @property
    def _lisbon(self) -> LisbonPanel:
        if self._lisbon_panel is None:
            self._lisbon_panel = LisbonPanel(self)
        return self._lisbon_panel

    # -- refresh ---------------------------------------------------------------------
    def refresh(self) -> None:
        app = self.app
        vm = self.vm = self.model()
        state = self.session.state
        moment = (vm.phase, vm.pending, vm.to_act)
        if moment != self._moment:      # a new player or a new moment starts on its first tab
            tabs = MOMENT_TABS.get(vm.pending, ())
            self.tab = tabs[0] if tabs else self.tab
            self._moment, self._shield_port = moment, ""
        self.prompt = self._prompt_text(app, vm)
        self.info = self._info_text(app, vm, state)
        self._show_seats(app, vm)
        self._show_tabs(app, vm)
        self._show_entries(app, vm, state)
        self._show_strip(app, vm)

    def name(self, seat: int) -> str:
        return self.session.config.players[seat].name

    def _prompt_text(self, app: Any, vm: Model) -> str:
        text = app.say(vm.prompt)
        acting = [s for s in vm.to_act if s != TABLE]
        if vm.phase == "order":
            return app.tr("Who sits first on the turn-order track? Tap the players in order")
        if vm.phase == "reveal":
            seat = self.revealing_seat()
            player = self.session.state.players[seat]
            return app.tr("{name}: destination card {n} of {count} · tap its port", name=self.name(seat),
                          n=len(player.revealed) + 1, count=player.destinations)
        return f"{self.name(acting[0])}: {text}" if acting else text

    def _info_text(self, app: Any, vm: Model, state: Any) -> str:
        phase = app.tr(PHASES[vm.phase], round=vm.round, high=state.high)
        parts = [phase]
        if vm.pending in MOMENTS:
            parts.append(app.tr(MOMENTS[vm.pending]))
        parts += [app.tr("deck {cards}", cards=vm.deck),
                  app.tr("tiles left {tiles}", tiles=", ".join(map(str, vm.tiles_left)) or "–")]
        face = self.last_die_face()
        if face is not None:        # the die was rolled (or read by the camera) this turn: its face
            parts.append("[b]" + (app.tr("Red die: the red face, no wreck") if face == "red" else
                                  app.tr(Text("Red die: {count} wreck", "Red die: {count} wrecks",
                                              count=int(face)))) + "[/b]")
        if state.last_tile_round:
            parts.append("[color=ff8877][b]" + app.tr("Final round!") + "[/b][/color]")
        parts += [app.say(n) for n in vm.notices]
        return " · ".join(parts)

    def last_die_face(self) -> str | None:
        """The red die's face rolled in the turn now played (None: not rolled in it)."""
        if self.vm.phase != "turn":
            return None
        for action in reversed(self.session.actions):
            if isinstance(action, RollDie):
                return action.face
            if isinstance(action, (EndTurn, DrawOrder)):
                return None
        return None

    def _show_seats(self, app: Any, vm: Model) -> None:
        self._panels = reuse(self.ids.seats, len(vm.seats), lambda s: SeatPanel(seat=s))
        acting = set(vm.to_act) | set(vm.bonus_seats)
        for panel, seat in zip(self._panels, vm.seats):
            panel.paint(self.session.config.players[seat.seat].colour)
            place = app.tr("space {n}", n=seat.position + 1) if seat.position is not None else ""
            bid = app.tr("bid {n}", n=seat.bid) if vm.phase in ("bid", "place") else ""
            facts = " · ".join(x for x in (place, bid) if x)   # a second, smaller line
            panel.title = with_symbol(escape(seat.name), colour_key(self.session.config.players[seat.seat].colour)) \
                + (f"\n[size=14sp]{escape(facts)}[/size]" if facts else "")
            panel.score = seat_score(app, seat)
            panel.body = seat_lines(app, seat)
            panel.current = 1 if seat.seat in acting else 0
            tag(panel, f"seat_{seat.seat}")

    # -- tabs and entries -------------------------------------------------------------------
    def _show_tabs(self, app: Any, vm: Model) -> None:
        tabs = MOMENT_TABS.get(vm.pending, ()) if vm.phase == "turn" else ()
        buttons = reuse(self.ids.tabs, len(tabs), self._new_tab)
        for button, tab in zip(buttons, tabs):
            button.tab = tab
            button.text = app.tr(TABS[tab])
            button.background_color = ON if tab == self.tab else OFF
            tag(button, f"tab_{tab}")
        self.ids.tabs.size_hint_x = len(tabs) or 0.001

    def _new_tab(self, _index: int) -> Any:
        button = Factory.CaravelasButton()
        button.bind(on_release=lambda b: self.show_tab(b.tab))
        return button

    def show_tab(self, tab: str) -> None:
        self.tab, self._shield_port = tab, ""
        self.refresh()

    def _show_entries(self, app: Any, vm: Model, state: Any) -> None:
        """The entry area: the chosen tab's buttons, or the moment's choice."""
        area = self.ids.entries
        shown = area.children[0] if area.children else None   # (ids are proxies: compare children)
        seat = next((s for s in vm.to_act if s != TABLE), None)
        buttons: list[tuple[str, str, Callable[[], Any]]] = []
        panel: Any = None
        if vm.phase == "order":
            chosen = ", ".join(self.name(s) for s in self._order)
            buttons = [(f"order_{s.seat}", s.name, lambda s=s.seat: self.pick_order(s))
                       for s in vm.seats if s.seat not in self._order]
            if chosen:
                buttons.append(("order_clear", app.tr("Start again ({names})", names=chosen),
                                self.clear_order))
        elif vm.phase == "bid":
            high = state.high
            top = state.totals[seat] + state.available(seat)
            buttons = [(f"raise_{k}", app.tr("Raise to {total} (+{k})", total=high + k, k=k),
                        lambda k=k: self.submit(Bid(seat, high + k)))
                       for k in (1, 2, 3) if high + k <= top]
            buttons.append(("pass", app.tr("Pass"), lambda: self.submit(PassBid(seat))))
        elif vm.phase == "place":
            taken = dict((p, s) for s, p in state.positions)
            buttons = [(f"space_{p}", app.tr("Turn-order space {n}", n=p + 1),
                        lambda p=p: self.submit(TakePosition(seat, p)))
                       for p in range(len(vm.seats)) if p not in taken]
        elif vm.phase == "reveal":
            panel = self._ports
        elif vm.phase == "turn":
            buttons, panel = self._turn_entries(app, vm, state, seat)
        if panel is not None:
            if shown is not panel:
                area.clear_widgets()
                area.add_widget(panel)
            if panel is self._ports:
                owners = {port: self.name(owner) for port, owner in vm.discovered}
                if vm.phase == "reveal":     # the player's own ports first (only they score), shown ones gone
                    revealing = self.revealing_seat()
                    own = tuple(port for port, owner in vm.discovered if owner == revealing)
                    shown = frozenset(port for p in state.players for port in p.revealed)
                    panel.show(owners, own, shown)
                else:
                    panel.show(owners)
            else:
                panel.show(seat, state.players[seat].cargo)
            return
        if shown is None or shown in (self._port_list, self._lisbon_panel):
            area.clear_widgets()
            area.add_widget(Factory.EntryGrid())
        grid = area.children[0]
        widgets = reuse(grid, len(buttons), lambda _i: self._new_entry())
        for button, (ident, text, handler) in zip(widgets, buttons):
            button.text, button.handler = text, handler
            tag(button, ident)

    def _new_entry(self) -> Any:
        button = Factory.CaravelasButton()
        button.bind(on_release=lambda b: b.handler())
        return button

    def _turn_entries(self, app: Any, vm: Model, state: Any, seat: int | None) -> tuple[list, Any]:
        pending = vm.pending
        if seat is None:      # the table: the red die, a card drawn, two dice
            if pending == "die":
                faces = sorted(set(state.rules.die))
                return [(f"die_{f}", app.tr("Red face") if f == "red"
                         else app.tr(Text("{count} wreck", "{count} wrecks", count=int(f))),
                         lambda f=f: self.submit(RollDie(f))) for f in faces], None
            if pending == "draw":
                return self._card_buttons(app, state, lambda c: self.submit(DrawEvent(c))), None
            return [(f"dice_{t}", str(t), lambda t=t: self.submit(RollDice(t))) for t in range(2, 13)], None
        if pending == "blue":
            return self._card_buttons(app, state, lambda c: self.submit(PlayCard(seat, c))), None
        if pending == "wreck":
            return [(f"wreck_{n}", app.tr("Ship {n}", n=n), lambda n=n: self.submit(ChooseWreck(seat, n)))
                    for n in (1, 2, 3, 4)], None
        if pending == "lisbon" or self.tab == "lisbon":
            return [], self._lisbon
        if self.tab == "port":
            if self._shield_port:
                port = self._shield_port
                return [(f"shield_{v}", app.tr("{port}: shield {vp}", port=port_name(port), vp=v),
                         lambda v=v: self.submit(Reach(seat, port, v))) for v in SHIELD_VALUES], None
            return [], self._ports
        if self.tab == "goods":
            return [(f"load_{g}", app.tr("Load {good}", good=app.say(good_word(g))),
                     lambda g=g: self.submit(Load(seat, g))) for g in GOODS], None
        if self.tab == "card":
            return self._card_buttons(app, state, lambda c: self.submit(PlayCard(seat, c))), None
        entries = [(f"sail_{k}", app.tr("{n} spent", n=k), lambda k=k: self.submit(Sail(seat, k)))
                   for k in range(1, state.available(seat) + 1)]
        entries += [("pirate_pay", app.tr("Pirates: pay 1"), lambda: self.submit(Pirate(seat))),
                    ("pirate_wind", app.tr("Pirates: Favourable Wind"), lambda: self.submit(Pirate(seat, True))),
                    ("red_cell", app.tr("Red event cell"), lambda: self.submit(EnterEvent(seat, "red"))),
                    ("cape", app.tr("Crossed the Cape"), lambda: self.submit(CrossCape(seat)))]
        if not state.rules.hands:
            entries.append(("blue_cell", app.tr("Blue event cell"), lambda: self.submit(EnterEvent(seat, "blue"))))
        return entries, None

    def _card_buttons(self, app: Any, state: Any, handler: Callable[[str], Any]) -> list:
        kinds = [card for card, count in state.rules.deck if count]
        return [(f"card_{c}", app.say(card_text(c)), lambda c=c: handler(c)) for c in kinds]

    def _show_strip(self, app: Any, vm: Model) -> None:
        strip = self.ids.strip
        items: list[tuple[str, str, Callable[[], Any]]] = []
        seat = next((s for s in vm.to_act if s != TABLE), None)
        if TABLE in vm.to_act:
            items.append(("random", app.tr("Random"), self.random_chance))
        if vm.phase == "turn" and seat is not None:
            if vm.pending in ("bonus", "compass"):
                items.append(("end_bonus", app.tr("End the free move"), lambda: self.submit(EndBonus(seat))))
            if vm.pending == "":
                items.append(("end_turn", app.tr("END TURN"), lambda: self.end_turn(seat)))
        if vm.phase == "over":
            items.append(("score_sheet", app.tr("Score sheet"), self.open_score_sheet))
        strip.size_hint_x = len(items) or 0.001
        buttons = reuse(strip, len(items), lambda _i: self._new_entry())
        for button, (ident, text, handler) in zip(buttons, items):
            button.text, button.handler = text, handler
            tag(button, ident)

    # -- the panel's CONFIRM and END TURN ---------------------------------------------
    def main_action(self, button: str) -> MainAction | None:
        """During a free move both panel buttons end it (the strip's "End the free move");
        at the end CONFIRM opens the score sheet.  Otherwise END TURN is the game's own
        (pass a bid, end the turn) and CONFIRM, which must never end a turn by habit,
        says what the screen asks for."""
        vm = self.vm
        seat = next((s for s in vm.to_act if s != TABLE), None)
        if vm.phase == "turn" and seat is not None and vm.pending in ("bonus", "compass"):
            return MainAction(self.tr("End the free move"), lambda: self.submit(EndBonus(seat)))
        if vm.phase == "over" and button == "confirm":
            return MainAction(self.tr("Score sheet"), self.open_score_sheet)
        return None

    def waiting_for(self) -> str:
        return self.prompt

    # -- handlers ------------------------------------------------------------------------
    def pick_order(self, seat: int) -> None:
        self._order.append(seat)
        if len(self._order) == len(self.vm.seats):
            order, self._order = tuple(self._order), []
            self.submit(DrawOrder(order))
        else:
            self.refresh()

    def clear_order(self) -> None:
        self._order = []
        self.refresh()

    def reach_port(self, port: str) -> None:
        """A port tapped in the list: reached (discovered with its shield when new),
        or in the end the destination card shown."""
        vm = self.vm
        if vm.phase == "reveal":
            if self.submit(RevealCard(self.revealing_seat(), port)):
                self._ports.clear_search()      # the next card starts from the whole list
            return
        seat = vm.to_act[0]
        if port in dict(vm.discovered):
            self.submit(Reach(seat, port, 0))
        elif port in KNOWN_PORT_VP:
            self.submit(Reach(seat, port, KNOWN_PORT_VP[port]))
        else:
            self._shield_port = port
            self.refresh()

    def revealing_seat(self) -> int:
        """The player whose destination card the table shows next."""
        return self.session.game.legal_actions(self.session.state)[0].seat

    def end_turn(self, seat: int) -> bool:
        return self.submit(EndTurn(seat))

    def stop_in_lisbon(self) -> None:
        self.submit(self._lisbon.action())

    def pass_lisbon(self) -> None:
        self.submit(PassLisbon(self.vm.to_act[0]))

    def random_chance(self, *_: Any) -> bool:
        self._order = []
        return super().random_chance()

    def open_score_sheet(self) -> None:
        app = self.app
        app.manager.get_screen("scores").show_session(self.session)
        app.goto("scores")

    # -- signals --------------------------------------------------------------------------
    def show_flashing(self) -> None:
        self.glow_fading(self._panels)
