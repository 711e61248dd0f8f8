"""The control rows of the Golden Horn table view: what the table or the seat
to act can do now, step by step (cubes or cards drawn, fleets placed, a ship
picked and sailed with its load and wind cards, pirates, the end of a turn).

:class:`GhControls` is mixed into :class:`ui.games.golden_horn.view.GoldenHornView`;
it reads the view model (``self.vm``) and the taps not yet confirmed (``mode``,
``picked_ship``, ``picked``…).  The rows change with every step, so they are
laid out again on each refresh (a handful of buttons).
"""
from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from companion.golden_horn.actions import (Attack, DeclareEnd, DrawCards, DrawCubes, EndTurn, Move,
                                           PlaceFleet, TurnAround)
from companion.golden_horn.view_model import COLOURS, GoldenHornViewModel
from companion.messages import N_
from companion.golden_horn.data import COLOUR_NAMES as ENGLISH_NAMES
from ui.games.golden_horn.widgets import COLOUR_NAMES, COLOUR_RGBA, dots, heading_mark, make
from ui.widgets.colour_mark import with_symbol
from ui.games.kit import tag
from ui.table_controller import MainAction

PORT_TITLES = {"V": N_("Venice"), "C": N_("Constantinople"), "M": N_("Modone")}
#: more destinations than this go on a strip that scrolls sideways
MAX_DESTINATIONS = 6
MIN_TARGET_DP = 72


class GhControls:
    """The prompt and the two rows of controls (mixin of the Golden Horn view)."""

    vm: GoldenHornViewModel

    def _draw_controls(self, vm: GoldenHornViewModel) -> None:
        row1, row2 = self.ids.row1, self.ids.row2
        row1.clear_widgets()
        row2.clear_widgets()
        if vm.is_over:
            self._prompt(self.tr("Game over"))
            self._button(row1, self.tr("Final scores"), self.app.manager.get_screen("table").show_scores,
                         ident="final_scores")
        elif vm.chance is not None:
            self._chance_controls(vm)
        elif vm.placing_seat is not None:
            self._placement_controls(vm)
        elif vm.phase == "turn_around":
            self._turn_around_controls(vm)
        elif vm.phase == "after_move":
            self._after_move_controls(vm)
        elif self.mode == "ship" and self.picked_ship:
            self._ship_controls(vm)
        elif self.mode == "pirates_target":
            self._pirate_target_controls(vm)
        elif self.mode == "pirates_cards" and self.target:
            self._pirate_card_controls(vm)
        else:
            self._turn_controls(vm)

    def main_action(self, button: str) -> MainAction | None:
        """The panel's CONFIRM and END TURN do the step's main button: Enter once every
        cube or card drawn is tapped, Place the ships, End turn after the move, Send the
        pirates once both cards are tapped, Final scores at the end."""
        vm = self.vm
        if vm.is_over:
            return MainAction(self.tr("Final scores"), self.app.manager.get_screen("table").show_scores)
        if vm.chance is not None:
            kind, target, count = vm.chance.kind, vm.chance.target, vm.chance.count
            if len(self.picked) >= count:
                return MainAction(self.tr("Enter"), lambda: self.enter_chance(kind, target))
            return None
        if vm.placing_seat is not None:
            owner = vm.placing_seat
            return MainAction(self.tr("Place the ships"), lambda: self.place(owner))
        if vm.phase == "after_move":
            seat = vm.active_seat
            return MainAction(self.tr("End turn"), lambda: self.submit(EndTurn(seat)))
        if self.mode == "pirates_cards" and self.target and len(self.picked) == 2:
            seat, target, picked = vm.active_seat, self.target, "".join(self.picked)
            return MainAction(self.tr("Send the pirates"), lambda: self.submit(Attack(seat, target, picked)))
        return None

    def waiting_for(self) -> str:
        return self.ids.prompt.text

    def _prompt(self, text: str) -> None:
        self.ids.prompt.text = text

    def _button(self, row: Any, text: str, on_press: Any, ident: str = "", enabled: bool = True,
                cls: str = "GhButton", **kw: Any) -> Any:
        button = tag(make(cls, text=text, disabled=not enabled, **kw), ident)
        button.bind(on_release=lambda _b: on_press())
        row.add_widget(button)
        return button

    @staticmethod
    def _sideways(row: Any) -> Any:
        """A strip in ``row`` that scrolls sideways, for more buttons than the row holds."""
        box = BoxLayout(size_hint_x=None, spacing=dp(3))
        box.bind(minimum_width=box.setter("width"))
        scroller = ScrollView(do_scroll_y=False, bar_width=dp(4), scroll_type=["bars", "content"])
        scroller.add_widget(box)
        row.add_widget(scroller)
        return box

    def _colour_buttons(self, row: Any, label: Any, on_colour: Any, enabled: Any = lambda c: True) -> None:
        for colour in COLOURS:
            self._button(row, with_symbol(label(colour), ENGLISH_NAMES[colour]), lambda c=colour: on_colour(c),
                         ident=f"colour_{colour}",
                         enabled=enabled(colour), cls="GhColourButton", colour_rgba=COLOUR_RGBA[colour])

    # chance: cubes from the bag, cards drawn (open hands)
    def _chance_controls(self, vm: GoldenHornViewModel) -> None:
        kind, target, count = vm.chance.kind, vm.chance.target, vm.chance.count
        picked = "".join(self.picked)
        if kind == "cubes":
            port = self.tr(PORT_TITLES["VC"[target]])
            self._prompt(self.tr("Cubes drawn from the bag into {port}: {done}/{count}",
                                 port=port, done=len(picked), count=count))
            left = vm.bag
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

    def random_chance(self, *_: Any) -> bool:
        """Laptop play: the table's draw made by a random generator."""
        self.picked = []
        return super().random_chance()

    # setup: where each fleet starts
    def _placement_controls(self, vm: GoldenHornViewModel) -> None:
        by_table = vm.table_to_act
        owner = vm.placing_seat
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

    def _turn_around_controls(self, vm: GoldenHornViewModel) -> None:
        ship_id = vm.turn_around_ship
        seat = int(ship_id[0])
        self._prompt(self.tr("Pirates emptied {ship}: turn it around?", ship=self.ship_text(ship_id)))
        self._button(self.ids.row1, self.tr("Turn around"),
                     lambda: self.submit(TurnAround(seat, ship_id, True)), "turn_around")
        self._button(self.ids.row1, self.tr("Keep heading"),
                     lambda: self.submit(TurnAround(seat, ship_id, False)), "keep_heading")

    def _after_move_controls(self, vm: GoldenHornViewModel) -> None:
        seat = vm.active_seat
        self._prompt(self.tr("{name}: end the turn, or declare the end of the game", name=self.name(seat)))
        self._button(self.ids.row1, self.tr("End turn"), lambda: self.submit(EndTurn(seat)), "end_turn")
        self._declare_button(self.ids.row1, seat, vm.seats[seat].can_declare)

    # the turn: pick a ship, pirates, declare
    def _turn_controls(self, vm: GoldenHornViewModel) -> None:
        seat = vm.active_seat
        self._prompt(self.tr("{name}: pick a ship to move (pirates first, if you like)", name=self.name(seat)))
        for ship in vm.ships:
            if ship.owner != seat:
                continue
            where = self.node_title(ship.at) if ship.at else "?"
            text = f"{ship.name} {dots(ship.sail_set)}"
            if ship.cargo:
                text += f" · {ship.cargo[1]}{dots(ship.cargo[0])}"
            # the place on a line of its own: "Κωνσταντινούπολη" whole beside two other ships
            text += f"\n{where} {heading_mark(ship.heading)}".rstrip()
            self._button(self.ids.row1, text, lambda s=ship.id: self.pick_ship(s), f"ship_{ship.name}",
                         font_name="DejaVuSans", markup=True, shorten=False)
        self._button(self.ids.row2, self.tr("Pirates"), self.start_pirates, "pirates", enabled=bool(vm.attacks))
        self._declare_button(self.ids.row2, seat, vm.seats[seat].can_declare)

    def _declare_button(self, row: Any, seat: int, allowed: bool) -> None:
        """Declaring the end (E2). Not greyed out when the rules forbid it: a tap is
        then refused with the reason and the rule (e.g. a colour missing)."""
        button = self._button(row, self.tr("Declare the end"), lambda: self.submit(DeclareEnd(seat)),
                              "declare")
        if not allowed:   # a quieter fill, but full-contrast text: it is still tappable
            button.background_color = (0.2, 0.26, 0.32, 1)

    def pick_ship(self, ship_id: str) -> None:
        ship = self.vm.ship(ship_id)
        self.mode, self.picked_ship, self.reverse = "ship", ship_id, False
        self.load = (ship.loads or ("",))[0] if ship is not None else ""
        self.refresh()

    def _ship_controls(self, vm: GoldenHornViewModel) -> None:
        ship = vm.ship(self.picked_ship)
        reach = self.reach_by_node()
        self._prompt(self.tr("{ship}: tap where it sails (wind cards shown)", ship=self.ship_text(ship.id)))
        row1, row2 = self.ids.row1, self.ids.row2
        loads = list(ship.loads) or [""]
        if ship.at in ("V", "C") and loads != [""]:
            port = vm.ports[ship.at]
            for load in loads:
                text = (self.tr("Load {count} {colour}", count=port[load], colour=self.tr(COLOUR_NAMES[load]))
                        if load else self.tr("Load nothing"))
                toggle = make("GhToggle", text=text, group="gh_load",
                              state="down" if load == self.load else "normal", allow_no_selection=False)
                tag(toggle, f"load_{load or 'none'}")
                toggle.bind(on_release=lambda _b, l=load: self.set_load(l))
                row1.add_widget(toggle)
        if ship.reversed is not None:
            toggle = make("GhToggle", text=self.tr("Turn around"), state="down" if self.reverse else "normal")
            tag(toggle, "reverse")
            toggle.bind(on_release=lambda _b: self.toggle_reverse())
            row1.add_widget(toggle)
        self._button(row2, self.tr("Back"), self.back, "back", size_hint_x=0.7)
        box = row2 if len(reach) <= MAX_DESTINATIONS else self._sideways(row2)
        for node_id, r in reach.items():   # every reachable destination
            text = self.node_title(node_id) + (f" {dots(r.wind)}" if r.wind else "")
            button = self._button(box, text, lambda n=node_id: self.move_to(n), f"to_{node_id}",
                                  enabled=r.affordable, font_name="DejaVuSans", markup=True,
                                  background_color=(0.25, 0.28, 0.32, 1))
            if box is not row2:   # as wide as its whole text on the strip that scrolls
                button.size_hint_x = None
                button.text_size = (None, None)
                button.texture_update()
                button.width = max(dp(MIN_TARGET_DP), button.texture_size[0] + dp(16))
                button.text_size = (button.width - dp(6), None)
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
        reach = self.reach_by_node().get(node_id)
        if reach is None or self.picked_ship is None:
            return
        self.submit(Move(self.vm.active_seat, self.picked_ship, node_id, self.load or "", self.reverse,
                         reach.wind))

    # pirates: a target, then two card colours
    def start_pirates(self) -> None:
        self.mode, self.target, self.picked = "pirates_target", None, []
        self.refresh()

    def _pirate_target_controls(self, vm: GoldenHornViewModel) -> None:
        self._prompt(self.tr("Pirates: which ship do they raid?"))
        for ship_id in dict.fromkeys(a.ship for a in vm.attacks):
            ship = vm.ship(ship_id)
            text = f"{self.name(ship.owner)} {ship.name} · {self.node_title(ship.at)}"
            self._button(self.ids.row1, text, lambda s=ship_id: self.pick_target(s), f"target_{ship_id}")
        self._button(self.ids.row2, self.tr("Back"), self.back, "back")

    def pick_target(self, ship_id: str) -> None:
        self.mode, self.target, self.picked = "pirates_cards", ship_id, []
        self.refresh()

    def _pirate_card_controls(self, vm: GoldenHornViewModel) -> None:
        picked = "".join(self.picked)
        self._prompt(self.tr("Pirates on {ship}: the two cards played ({done}/2)",
                             ship=self.ship_text(self.target), done=len(picked)))
        usable = {c for a in vm.attacks if a.ship == self.target for c in a.cards}
        self._colour_buttons(self.ids.row1, lambda c: f"{self.tr(COLOUR_NAMES[c])} {picked.count(c)}",
                             self.pick_colour, lambda c: len(picked) < 2 and c in usable)
        self._button(self.ids.row2, self.tr("Back"), self.back, "back")
        self._button(self.ids.row2, self.tr("Take one back"), self.unpick, "unpick", enabled=bool(picked))
        self._button(self.ids.row2, self.tr("Send the pirates"),
                     lambda: self.submit(Attack(vm.active_seat, self.target, picked)), "attack",
                     enabled=len(picked) == 2)

