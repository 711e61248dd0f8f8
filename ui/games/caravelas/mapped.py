"""The Caravelas table view on a board file (mapped mode): the map drawn from the
file beside the seats and the entries.

The active player taps the cells of the path one by one.  Each tapped step is
checked by the engine on the state the path has reached so far (nothing is
applied): a refused step goes to the session, which refuses it again with the
engine's reason in the banner and the error signal.  The line above the entries
shows the running cost ("2 of 6 markers", from ``view_model.path_view``) and what
the path does (discoveries, goods loaded); a pirate cell asks first whether the pirates are paid or met with
Favourable Wind.  A cell whose effect needs an answer (an event card, the red die,
the Lisbon stop) or where the turn ends closes the path: Confirm path plays it
(all steps or none), then the bookkeeping view's entries ask for the effect.
Bonus moves and compass storms are tapped cell by cell and played at once.  While a
path is tapped, the panel's CONFIRM / END TURN / UNDO act on it.
Everything else (bidding, seats, the die, Lisbon, the strip) is the bookkeeping
view's, in ``view.py``.

On a laptop (the simulated camera) a Camera toggle shows the camera's view in the
map's place: a pawn dragged there by hand is read by the real pipeline and the
session proposes its path, as a pawn moved on a real board would be.
"""
from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, StringProperty

from companion.caravelas.actions import BonusStep, EndTurn, Step
from companion.caravelas.texts import good_word, port_name
from companion.caravelas.view_model import CaravelasView as Model, PathView, next_cells, path_view
from companion.engine import TABLE
from companion.errors import CompanionError
from companion.messages import Text
from ui.colours import seat_rgb
from ui.games.caravelas.view import CaravelasView
from ui.games.caravelas.map import BoardMap, MapState, Ship
from ui.widgets.table_camera import TableCameraView

FREE_MOVES = ("bonus", "compass")
#: a cell's side at least (px): a finger's touch target
MIN_CELL = dp(50)
#: the map's largest share of the view's width
MAP_SHARE = 0.55


class CaravelasMapView(CaravelasView):
    path_text = StringProperty("")
    legend = StringProperty("")
    #: laptop play: the simulated camera's view can be shown in the map's place
    has_camera = BooleanProperty(False)
    show_camera = BooleanProperty(False)
    table_needs = "put_pawn"

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.path: list[Step] = []
        self._base: Any = None       # the state the path was tapped from
        self._tip: Any = None        # the state at the path's end (not applied)
        self._pirate = ""            # a pirate cell tapped: pay, or Favourable Wind?
        self._map: BoardMap | None = None
        self._focus = ""
        self._synced: Any = None     # the state the simulated table's pawns show
        self._proposing = False      # a camera proposal was pending at the last refresh
        self._spot = ""              # a cell ringed: a port found from the map's key
        self.camera_view: TableCameraView | None = None

    def on_show_camera(self, *_: Any) -> None:
        self.path_text = self._path_line(self.app, self.vm)

    def on_parent(self, _view: Any, parent: Any) -> None:
        """Taken off the table screen (another game): stop refreshing the camera's view."""
        if parent is None and self.camera_view is not None:
            self.camera_view.stop()

    @property
    def board_map(self) -> BoardMap:
        if self._map is None:
            self._map = BoardMap(self.session.state.rules.board, self.tap_cell, size_hint=(None, None))
            self.ids.map_area.add_widget(self._map)
            self.bind(size=self._fit_map)
            self._fit_map()
        return self._map

    def _fit_map(self, *_: Any) -> None:
        """The whole map beside the entries when its cells are at least MIN_CELL there;
        else the map at that size in its scrolling area (dragged, and following the ship)."""
        board_map, area = self.board_map, self.ids.map_area
        room = self.width * MAP_SHARE
        scale = board_map.scale_for(room, self.height, MIN_CELL)
        board_map.size = (board_map.span[0] * scale, board_map.span[1] * scale)
        bar = area.bar_width if board_map.height > self.height + 1 else 0
        area.width = min(board_map.width + bar, room)
        self._focus = ""

    def _follow(self, cell: str) -> None:
        """Scroll the map to ``cell`` (the ship, or the path's end) when it changes."""
        if cell and cell != self._focus and cell in self.board_map.cells:
            self._focus = cell
            self.ids.map_area.scroll_to(self.board_map.cells[cell], padding=MIN_CELL, animate=False)

    # -- refresh -----------------------------------------------------------------------
    def refresh(self) -> None:
        if self._base is not None and self.session.state is not self._base:
            self.clear_path()          # the game moved on (a confirm, an undo, a camera move)
        if self.session.state is not getattr(self, "_spotted_in", None):
            self._spot, self._spotted_in = "", self.session.state
        super().refresh()
        if self._lisbon_panel is not None:      # a free mover moves on by tapping, not "sail through";
            ids = self._lisbon_panel.ids        # a bonus mover keeps the hand (it is not their turn)
            for button, hidden in ((ids.sail_through, self.vm.pending in FREE_MOVES),
                                   (ids.exchange, self.vm.pending == "bonus")):
                button.disabled, button.opacity = hidden, 0 if hidden else 1
        self.ids.map_key.text = self.tr("Map key")             # in the language now shown
        self._sync_camera()
        self._fit_entries()
        self._show_map(self.vm)
        self.path_text = self._path_line(self.app, self.vm)
        self.legend = self.tr("Gold: Lisbon · white disc: a port's points · black flag: pirates · "
                              "blue or red disc: event · arrows: currents · white outline: where the ship may go")

    def _sync_camera(self) -> None:
        """Laptop play: the simulated table's pawns follow the game (a path tapped on the
        map moves the pawn too, or the camera would see it left behind and propose the
        way back), and go back to their cells when the camera's proposal is rejected;
        a pawn under a finger on the camera's view stays there."""
        table = self.simulated_table()
        self.has_camera = table is not None
        if table is None:
            return
        self.ids.camera_toggle.text = self.tr("Camera")      # in the language now shown
        if self.camera_view is None or self.camera_view.table is not table:
            if self.camera_view is not None:
                self.camera_view.stop()
            self.camera_view = TableCameraView(table=table, hint=self.tr("Camera: drag a pawn to move it"))
            self.ids.camera_slot.clear_widgets()
            self.ids.camera_slot.add_widget(self.camera_view)
        state, pending = self.session.state, self.session.pending
        proposing = pending is not None and pending.source == "camera"
        rejected = self._proposing and not proposing
        if (state is not self._synced or rejected) and not self.camera_view.dragging:
            table.sync(state)
            self._synced = state
        self._proposing = proposing

    def spot_cell(self, cell: str) -> None:
        """Ring ``cell`` on the map and bring it into view (until the next tap or move)."""
        self._spot = cell
        self._show_map(self.vm)

    def open_map_key(self) -> None:
        from ui.games.caravelas.map_key import MapKeyPopup

        self.map_key = MapKeyPopup(self)
        self.map_key.open()

    def _fit_entries(self) -> None:
        """Buttons take the rows they need (up to three); a panel (Lisbon, the port list)
        takes the column's room, the seats then stepping aside; nothing to enter, no room.
        The strip's row takes no room when it has no button and no Camera toggle."""
        controls = self.ids.controls      # the map's key is always there
        controls.height, controls.opacity = dp(50), 1
        area, seats = self.ids.entries, self.ids.seats_area
        child = area.children[0] if area.children else None
        panel = child is not None and child in (self._port_list, self._lisbon_panel)
        buttons = len(child.children) if child is not None and not panel else 0
        rows = min(3, -(-buttons // child.cols)) if buttons else 0
        area.size_hint_y = 1 if panel else None
        area.height = rows * dp(48) + max(0, rows - 1) * dp(4)
        seats.opacity, seats.size_hint_y = (0, None) if panel else (1, 1)
        seats.height = 0

    def state_now(self) -> Any:
        """The state at the end of the tapped path (the session's when nothing is tapped)."""
        return self._tip if self._tip is not None else self.session.state

    def _show_map(self, vm: Model) -> None:
        state, players = self.state_now(), self.session.config.players
        colour = {s.seat: seat_rgb(players[s.seat].colour, s.seat) for s in vm.seats}
        ships = tuple(Ship(s.seat, state.players[s.seat].where, colour[s.seat],
                           s.seat in vm.to_act or s.seat in vm.bonus_seats) for s in vm.seats)
        preview = self.preview()
        path = preview.cells if preview else ()
        targets = (self._pirate,) if self._pirate else () if self.path_closed() else next_cells(state)
        shown = MapState(ships, {port: colour[owner] for port, owner in state.discovered}, path, frozenset(targets),
                         spot=self._spot)
        pending = self.session.pending        # the camera's proposal: drawn so Confirm holds no surprise
        moves = [s for s in pending.steps if isinstance(s, (Step, BonusStep))] \
            if pending is not None and pending.source == "camera" else []
        if moves:
            seat = moves[0].seat
            shown.proposed = (state.players[seat].where,) + tuple(s.cell for s in moves if s.seat == seat)
            shown.proposed_rgb = colour[seat]
        self.board_map.show(shown)
        mover = next((s for s in vm.to_act if s != TABLE), vm.active_seat)
        self._follow(self._spot or (path[-1] if path else state.players[mover].where if mover is not None else ""))

    def _path_line(self, app: Any, vm: Model) -> str:
        if self._pirate:
            return app.tr("Pirates: pay 1 marker or play Favourable Wind")
        if vm.phase != "turn" or vm.pending or TABLE in vm.to_act:
            return ""
        preview = self.preview()
        if preview is None:
            available = self.session.state.available(vm.active_seat)
            if self.show_camera:
                return app.tr(Text("Drag the ship's pawn on the camera's view · {count} marker available",
                                   "Drag the ship's pawn on the camera's view · {count} markers available",
                                   count=available))
            return app.tr(Text("Tap the cells of the path one by one · {count} marker available",
                               "Tap the cells of the path one by one · {count} markers available", count=available))
        parts = [app.tr(Text("{cost} of {count} marker", "{cost} of {count} markers", cost=preview.cost,
                             count=preview.available))]
        if preview.discovered:
            parts.append(app.tr("discovered: {ports}", ports=", ".join(map(port_name, preview.discovered))))
        if preview.loaded:
            goods = ", ".join(app.say(good_word(g)) for g in preview.loaded)
            parts.append(app.tr("loaded: {goods}", goods=goods))
        if preview.closed:
            after = app.say(preview.then) if preview.then is not None else app.tr("the turn ends")
            parts.append(app.tr("confirm, then: {next}", next=after))
        return " · ".join(parts)

    def preview(self) -> PathView | None:
        """What the tapped path does (None: nothing tapped)."""
        if not self.path:
            return None
        return path_view(self._base, self._tip, self.path[0].seat, tuple(step.cell for step in self.path))

    # -- what the entries offer on a board file -----------------------------------------------
    def _show_tabs(self, app: Any, vm: Model) -> None:
        """No tabs: the map is the way to sail; ports and goods follow from the cells."""

    def _turn_entries(self, app: Any, vm: Model, state: Any, seat: int | None) -> tuple[list, Any]:
        if seat is not None and vm.pending in FREE_MOVES:
            if state.rules.lisbon_in_free_move and state.players[seat].where == state.rules.board.lisbon:
                return [], self._lisbon          # AMB-14 option: the stop offered (or move on)
            return [], None
        if seat is None or vm.pending:
            return super()._turn_entries(app, vm, state, seat)
        if self._pirate:
            cell = self._pirate
            return [("pirate_pay", app.tr("Pirates: pay 1"), lambda: self.add_step(Step(seat, cell))),
                    ("pirate_wind", app.tr("Pirates: Favourable Wind"),
                     lambda: self.add_step(Step(seat, cell, defend=True)))], None
        if not self.path:
            return [], None
        return [("path_undo", app.tr("Undo step"), self.undo_step),
                ("path_confirm", app.tr("Confirm path"), self.confirm_path)], None

    # -- taps ---------------------------------------------------------------------------
    def tap_cell(self, cell: str) -> None:
        self._spot = ""
        vm, state = self.vm, self.session.state
        mover = next((s for s in vm.to_act if s != TABLE), state.active)
        if vm.pending in FREE_MOVES:
            self.submit(BonusStep(mover, cell).named(state.rules.board))
            return
        if vm.phase != "turn" or vm.pending or TABLE in vm.to_act:
            self.submit(Step(mover, cell).named(state.rules.board))      # the engine says why not now
            return
        if self.path_closed():
            self.app.show_banner(self.tr("Confirm the path first: this cell's effect comes before "
                                         "sailing on"), seconds=6, error=True)
            return
        if not self.path:
            self._withdraw_proposal()      # the player adjusts the camera's path by tapping cells
        tip = self.state_now()
        if (state.rules.board.cells[cell].pirate and state.rules.hands and tip.players[mover].hand
                and cell in next_cells(tip)):
            self._pirate = cell
            self._base = self._base or state
            self.refresh()
            return
        self.add_step(Step(mover, cell))

    def _withdraw_proposal(self) -> None:
        """A path tapped by hand replaces the camera's proposal (a panel CONFIRM must not
        play the camera's path, e.g. paying pirates the player meets with a card)."""
        pending = self.session.pending
        if pending is not None and pending.source == "camera":
            self.session.reject()

    def add_step(self, step: Step) -> None:
        step = step.named(self.session.state.rules.board)     # texts name the cell as on the board
        self._pirate = ""
        if not self._extend(step):
            self.submit_all([*self.path, step])    # refused: the session shows why and signals it
        self.refresh()

    def _extend(self, step: Step) -> bool:
        """``step`` added to the path when the engine takes it (nothing applied)."""
        try:
            tip = self.session.game.apply(self.state_now(), step)
        except CompanionError:
            return False
        if not self.path:
            self._base = self.session.state
            self._withdraw_proposal()
        self.path.append(step)
        self._tip = tip
        return True

    def path_closed(self) -> bool:
        """The path reached a cell whose effect needs an answer, or where the turn ends."""
        preview = self.preview()
        return preview is not None and preview.closed

    def undo_step(self) -> None:
        steps = self.path[:-1]
        self.clear_path()
        for step in steps:
            self._extend(step)
        self.refresh()

    def clear_path(self) -> None:
        self.path, self._base, self._tip, self._pirate = [], None, None, ""

    def confirm_path(self) -> bool:
        if self.submit_all(list(self.path)):
            self.clear_path()
            self.refresh()
            return True
        return False

    def on_panel_press(self, button: str) -> bool:
        """While a path is tapped the panel works on it: CONFIRM plays it, END TURN plays
        it and ends the turn, UNDO drops its last cell.  False: not taken (no path)."""
        if not self.path:
            return False
        if button == "confirm":
            self.confirm_path()
        elif button == "end_turn":
            self.end_turn(self.path[0].seat)
        else:
            self.undo_step()
        return True

    def end_turn(self, seat: int) -> bool:
        """END TURN plays the tapped path first (all or nothing)."""
        if self.submit_all([*self.path, EndTurn(seat)]):
            self.clear_path()
            return True
        return False
