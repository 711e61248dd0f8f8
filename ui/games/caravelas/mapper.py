"""The Caravelas board mapper: map a copy's board once, on a photo, a scan or the
camera's view of it, into a ``caravelas-board/1`` file the setup uses from then on.

The model is :mod:`companion.caravelas.mapper` (edits, undo, findings, export); this
screen shows the board image with the map drawn over it, turns taps into edits by
the chosen tool, saves the progress after every edit and highlights the cells each
problem is about.  Reached from the Caravelas setup ("Map your board").
"""
from __future__ import annotations

import datetime
import json
import logging
import os
import shutil
import threading
from pathlib import Path
from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.core.image import Image as CoreImage
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from ui.app_screen import AppScreen
from ui.table_controller import MainAction
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.caravelas import mapper as M
from companion.caravelas.board import BoardError
from companion.caravelas.data import EAST, GOODS, PORTS, SHIELD_VALUES, WEST
from companion.caravelas.texts import GOOD_WORDS
from companion.inputs import read_bounded_text
from companion.messages import N_, Text
from companion.engine import Option
from companion.signals import ErrorSignal
from companion.usb import find_pictures
from ui.games.editors import SetupForm, TextRowEditor

log = logging.getLogger(__name__)

#: (tool, button label) in the order the tool panel shows them
TOOLS = (("cell", N_("Cells")), ("edge", N_("Land / lane")), ("current", N_("Current")),
         ("dot", N_("Current's end")), ("pirate", N_("Pirates")), ("eventBlue", N_("Blue event")),
         ("eventRed", N_("Red event")), ("port", N_("Port")), ("lisbon", N_("Lisbon")),
         ("west", N_("West")), ("east", N_("East")), ("fillWest", N_("Fill west")),
         ("fillEast", N_("Fill east")), ("corners", N_("Board corners")))
TWO_TAP = ("edge", "current")
NO_GOOD = "–"
PART_RGBA = {WEST: (0.25, 0.55, 0.95, 0.4), EAST: (0.95, 0.6, 0.2, 0.4), None: (0.6, 0.6, 0.6, 0.35)}
SYMBOL_RGBA = {"pirate": (0.1, 0.1, 0.1, 1), "eventBlue": (0.15, 0.4, 0.95, 1), "eventRed": (0.9, 0.15, 0.15, 1)}
#: the straightened board's longer side in pixels (the other follows the board's shape)
RECTIFIED_LONG_SIDE = 1200
#: how often the live view shows the camera's latest frame, and the USB list is looked at again
LIVE_SECONDS = 0.2
USB_SECONDS = 2.0


def mapper_dir(app: Any) -> Path:
    return Path(app.data_dir) / "caravelas"


class MapView(Widget):
    """The board image with the map over it; a tap reports image pixels to ``on_tap``."""

    board_map = ObjectProperty(None, allownone=True)
    highlighted = ListProperty([])
    selected = StringProperty("")
    corners = ListProperty([])
    image_path = StringProperty("")

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.on_tap: Callable[[float, float], None] | None = None
        self._texture = None
        self._redraw = Clock.create_trigger(self.redraw)     # one redraw a frame, however many changes
        self.bind(size=self._redraw, pos=self._redraw, board_map=self._redraw, highlighted=self._redraw,
                  selected=self._redraw, corners=self._redraw)

    def on_image_path(self, _w: Any, path: str) -> None:
        self.reload()

    def reload(self) -> None:
        """Read the picture at ``image_path`` again (a file rewritten under the same
        name shows its new content: Kivy's image cache is not used)."""
        path = self.image_path
        self._texture = None
        if path:
            try:
                self._texture = CoreImage(path, nocache=True).texture
            except Exception as exc:   # Kivy raises bare Exceptions for unreadable images
                log.warning("board image %s not readable: %s", path, exc)
        self._redraw()

    @property
    def image_size(self) -> tuple[float, float]:
        if self._texture is not None:
            return float(self._texture.width), float(self._texture.height)
        cells = self.board_map.state.cells if self.board_map else ()
        if not cells:
            return 800.0, 600.0
        return (max(c.x for c in cells) + min(c.x for c in cells) or 1.0,
                max(c.y for c in cells) + min(c.y for c in cells) or 1.0)

    def _fit(self) -> tuple[float, float, float, float]:
        w, h = self.image_size
        scale = min(self.width / w, self.height / h) if w and h else 1.0
        return scale, self.x + (self.width - w * scale) / 2, self.y + (self.height - h * scale) / 2, h

    def to_image(self, x: float, y: float) -> tuple[float, float]:
        scale, ox, oy, h = self._fit()
        return (x - ox) / scale, h - (y - oy) / scale

    def to_widget(self, ix: float, iy: float) -> tuple[float, float]:
        scale, ox, oy, h = self._fit()
        return ox + ix * scale, oy + (h - iy) * scale

    def image_rect(self) -> tuple[float, float, float, float]:
        """Where the picture is drawn: (x, y, width, height) in window pixels."""
        scale, ox, oy, h = self._fit()
        x, y = self.to_window(ox, oy)
        return x, y, self.image_size[0] * scale, h * scale

    def on_touch_down(self, touch: Any) -> bool:
        if self.disabled:                # the opening shows under it: its buttons take the touch
            return False
        if not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        if self.on_tap is not None:
            self.on_tap(*self.to_image(*touch.pos))
        return True

    def redraw(self, *_a: Any) -> None:
        self.canvas.clear()
        scale, ox, oy, h = self._fit()
        w = self.image_size[0]
        with self.canvas:
            Color(1, 1, 1, 1)
            if self._texture is not None:
                Rectangle(texture=self._texture, pos=(ox, oy), size=(w * scale, h * scale))
            else:
                Color(0.16, 0.2, 0.26, 1)
                Rectangle(pos=(ox, oy), size=(w * scale, h * scale))
            for cx, cy in self.corners:
                Color(1, 0.85, 0.1, 1)
                x, y = self.to_widget(cx, cy)
                Line(circle=(x, y, dp(8)), width=dp(2))
            if self.board_map is None:
                return
            m = self.board_map.state
            where = {c.id: self.to_widget(c.x, c.y) for c in m.cells}
            r = max(dp(5), (m.pitch() or 60.0) * scale * 0.32)
            Color(0.95, 0.95, 0.95, 0.8)
            for a, b in m.adjacency():
                Line(points=[*where[a], *where[b]], width=dp(1))
            Color(0.1, 0.75, 0.7, 1)
            for a, b, _name in m.free_edges:
                (x0, y0), (x1, y1) = where[a], where[b]
                Line(points=[x0, y0, x0 + (x1 - x0) * 0.7, y0 + (y1 - y0) * 0.7], width=dp(2.5))
                Ellipse(pos=(x0 + (x1 - x0) * 0.7 - dp(4), y0 + (y1 - y0) * 0.7 - dp(4)), size=(dp(8), dp(8)))
            ports = m.port_at
            Color(1, 0.2, 0.2, 0.9)
            for cid in self.highlighted:       # a problem's cells: a red halo under the cell
                if cid in where:
                    x, y = where[cid]
                    Ellipse(pos=(x - r - dp(7), y - r - dp(7)), size=(2 * r + dp(14), 2 * r + dp(14)))
            for c in m.cells:
                x, y = where[c.id]
                Color(*PART_RGBA[c.part])
                Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r))
                for k, symbol in enumerate(c.symbols):
                    Color(*SYMBOL_RGBA[symbol])
                    Line(circle=(x, y, r + dp(2) + dp(3) * k), width=dp(1.5))
                if c.dot:
                    Color(0.1, 0.75, 0.7, 1)
                    Ellipse(pos=(x - dp(4), y - r * 0.7 - dp(4)), size=(dp(8), dp(8)))
                if c.id in ports:
                    Color(0.95, 0.75, 0.2, 1)
                    Line(rectangle=(x - r * 0.6, y - r * 0.6, r * 1.2, r * 1.2), width=dp(1.5))
                if c.id == m.lisbon:
                    Color(0.85, 0.1, 0.2, 1)
                    Line(points=[x - r, y - r, x + r, y + r, x, y, x - r, y + r, x + r, y - r], width=dp(2))
                if c.id == self.selected:
                    Color(1, 0.9, 0.1, 1)
                    Line(circle=(x, y, r + dp(5)), width=dp(2.5))


def rectified_size(corners: list[tuple[float, float]]) -> tuple[int, int]:
    """The straightened board's (w, h) in pixels: the shape the four corners (top left,
    top right, bottom right, bottom left) enclose, its longer side RECTIFIED_LONG_SIDE."""
    import math

    tl, tr, br, bl = corners
    width = (math.dist(tl, tr) + math.dist(bl, br)) / 2
    height = (math.dist(tl, bl) + math.dist(tr, br)) / 2
    scale = RECTIFIED_LONG_SIDE / max(width, height, 1.0)
    return max(1, round(width * scale)), max(1, round(height * scale))


class OpeningPanel(BoxLayout):
    """The mapper's opening, drawn over the mapping: while it shows (``choosing``) it
    takes every touch on it, so nothing under it is pressed; hidden, it takes none."""

    choosing = BooleanProperty(False)

    def on_touch_down(self, touch: Any) -> bool:
        if not self.choosing:
            return False
        super().on_touch_down(touch)
        return self.collide_point(*touch.pos)

    def on_touch_up(self, touch: Any) -> bool:
        return super().on_touch_up(touch) if self.choosing else False

    def on_touch_move(self, touch: Any) -> bool:
        return super().on_touch_move(touch) if self.choosing else False


class LiveCamera:
    """The camera the settings choose, read on its own thread while the mapper's opening
    shows it: the latest frame (H, W, 3 BGR) is kept for the screen; ``problem`` says why
    there is none (no camera chosen, or the camera failed)."""

    def __init__(self, make_source: Callable[[], Any]):
        self._make_source = make_source
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._latest: Any = None
        self.problem = ""
        self.ended = False
        self._thread = threading.Thread(target=self._run, name="mapper-live-camera", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            source = self._make_source()
            if source is None:
                self.problem = "none"
                return
            with source:
                while not self._stop.is_set():
                    image = source.read().image
                    with self._lock:
                        self._latest = image
        except Exception as exc:   # any camera failure: said on screen, never taken up to the app
            log.exception("board mapper: the camera's live view stopped")
            self.problem = str(exc) or type(exc).__name__
        finally:
            self.ended = True

    def latest(self) -> Any:
        with self._lock:
            return self._latest

    def stop(self, wait: float = 0.0) -> None:
        """Ask the thread to end (it closes the camera itself); ``wait`` seconds at most
        for it (the app's end waits, so no camera read is cut off as the process ends)."""
        self._stop.set()
        if wait:
            self._thread.join(wait)


class BoardMapperScreen(AppScreen):
    tool = StringProperty("cell")
    status = StringProperty("")
    problems = StringProperty("")
    #: the instruction line: the step the person is on and what is left of it
    step = StringProperty("")
    path_text = StringProperty("")
    board_map = ObjectProperty(None, allownone=True)
    #: the opening shows (the camera's live view and the USB stick's pictures)
    choosing = BooleanProperty(False)
    #: a camera frame is there to take
    frame_ready = BooleanProperty(False)
    camera_note = StringProperty("")
    usb_note = StringProperty("")

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        #: called with the exported file's path (the setup screen's board-file field)
        self.on_export: Callable[[Path], None] | None = None
        #: a board was exported that the setup's board-file field has not taken yet
        self.just_exported = False
        self._first = ""
        self._live: LiveCamera | None = None
        self._live_texture: Any = None
        self._ticks: list[Any] = []
        self._pictures: list[Path] = []
        self._stop_bound = False

    # -- opening ---------------------------------------------------------------------
    def refresh(self) -> None:
        app = App.get_running_app()
        view = self.ids.map
        view.on_tap = self.tap_image
        opening = self.board_map is None
        if self.board_map is None:
            loaded = M.load_map(self.progress_path)
            if loaded.kept_aside is not None:
                self._report(Text("The saved map could not be read; it is kept as {file} and a new map begun.",
                                  file=loaded.kept_aside.name), loaded.problem)
            elif loaded.problem:   # and it could not even be renamed (a read-only folder)
                self._report(Text("The saved map could not be read and stays as {file}; a new map is begun "
                                  "but cannot be saved there.", file=self.progress_path.name), loaded.problem)
            self.board_map = loaded.map
            view.image_path = loaded.map.image if loaded.map.image and Path(loaded.map.image).exists() else ""
        self._build_tools(app)
        if opening and not view.image_path and not self.board_map.state.cells:
            self.open_start()      # nothing to map on yet: the camera's view and the stick's pictures
        self._show()

    def on_leave(self, *_a: Any) -> None:
        self._stop_live()

    def open_start(self) -> None:
        """The opening: the camera's live view with "Take this picture", and the
        pictures on the USB stick, picked by a tap."""
        app = App.get_running_app()
        self.choosing = True
        self.ids.map.corners = []
        self._start_live(app)
        self._list_pictures()
        self._ticks = [Clock.schedule_interval(self._show_frame, LIVE_SECONDS),
                       Clock.schedule_interval(lambda _dt: self._list_pictures(), USB_SECONDS)]
        self._show()

    def close_start(self) -> None:
        """Back to the picture being mapped (the opening's "Keep this picture")."""
        self._stop_live()
        self.choosing = False
        self._show()

    def _start_live(self, app: Any) -> None:
        self._stop_live()
        self.frame_ready = False
        self.camera_note = app.tr("Starting the camera…")
        self._live = LiveCamera(lambda: self._camera_source(app))
        if not self._stop_bound:     # the app's end closes the camera first
            app.bind(on_stop=lambda *_a: self._stop_live(wait=3.0))
            self._stop_bound = True

    def _stop_live(self, wait: float = 0.0) -> None:
        for tick in self._ticks:
            tick.cancel()
        self._ticks = []
        if self._live is not None:
            self._live.stop(wait)
            self._live = None
        self.frame_ready = False

    @staticmethod
    def _camera_source(app: Any) -> Any:
        """The camera the settings choose (with the simulated camera: the demo board)."""
        from companion.caravelas.board import load_board
        from ui.camera import frame_source
        from vision.games import CameraSetup
        from vision.games.caravelas.camera import CaravelasTable

        setup = CameraSetup(profile=None, simulated_table=CaravelasTable(load_board("demo")))
        return frame_source(app.settings, setup)

    def _show_frame(self, _dt: float = 0) -> None:
        live = self._live
        if live is None:
            return
        app = App.get_running_app()
        image = live.latest()
        if image is None:
            if live.problem == "none":
                self.camera_note = app.tr("No camera is chosen in Settings: pick a picture from a USB stick, "
                                          "or choose a camera in Settings.")
            elif live.problem or live.ended:
                self.camera_note = app.tr("The camera cannot be read ({reason}): pick a picture from a USB "
                                          "stick, or check the camera in Settings.", reason=live.problem)
            return
        import cv2

        frame = cv2.flip(image, 0)       # Kivy's textures start at the bottom row
        height, width = frame.shape[:2]
        texture = self._live_texture
        if texture is None or tuple(texture.size) != (width, height):
            texture = self._live_texture = Texture.create(size=(width, height), colorfmt="rgb")
        texture.blit_buffer(frame.tobytes(), colorfmt="bgr", bufferfmt="ubyte")
        self.ids.live.texture = None     # the same texture object, new pixels: shown again
        self.ids.live.texture = texture
        self.camera_note = ""
        self.frame_ready = True

    def take_picture(self) -> None:
        """The live view's frame as the picture to map; then its four corners."""
        live = self._live
        image = live.latest() if live is not None else None
        if image is None:
            return
        import cv2

        app = App.get_running_app()
        path = mapper_dir(app) / "camera-frame.png"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not cv2.imwrite(str(path), image):
                raise OSError(f"{path} could not be written")
        except (OSError, cv2.error) as exc:
            self._report(Text("The picture could not be saved ({reason}).", reason=str(exc)), str(exc))
            return
        self._picture_taken(str(path))

    def _list_pictures(self) -> None:
        from kivy.factory import Factory

        app = App.get_running_app()
        try:
            pictures = find_pictures()
        except OSError as exc:        # a stick pulled out while it is read
            log.warning("board mapper: USB pictures not listed: %s", exc)
            pictures = []
        if pictures == self._pictures and self.ids.usb_files.children:
            return
        self._pictures = pictures
        box = self.ids.usb_files
        box.clear_widgets()
        for picture in pictures:
            button = Factory.MapperButton(text=picture.name)
            button.test_id = "usb_picture"
            button.picture = str(picture)
            button.bind(on_release=lambda _b, p=picture: self.pick_picture(p))
            box.add_widget(button)
        self.usb_note = app.tr("Pictures on the USB stick: tap one.") if pictures else \
            app.tr("No pictures on a USB stick: put in a stick with a photo or scan of the board "
                   "(JPEG or PNG); it shows here by itself.")

    def pick_picture(self, path: Path) -> None:
        """A picture on the stick, copied beside the map first: the map keeps its picture
        when the stick is taken out."""
        if not path.is_file():
            self._report(Text("No image at {file}.", file=str(path)), f"no image at {path}")
            self._list_pictures()
            return
        copy = mapper_dir(App.get_running_app()) / f"stick-picture{path.suffix.lower()}"
        try:
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, copy)
        except OSError as exc:
            self._report(Text("The picture could not be saved ({reason}).", reason=str(exc)), str(exc))
            return
        self._picture_taken(str(copy))

    def _picture_taken(self, path: str) -> None:
        self._stop_live()
        self.choosing = False
        self.status = ""
        self._use_image(path)
        self.choose_tool("corners")
        self.ids.tool_scroll.scroll_y = 1      # the tools from the top: the next steps' first

    @property
    def progress_path(self) -> Path:
        return mapper_dir(App.get_running_app()) / "board-map.json"

    @property
    def export_path(self) -> Path:
        return mapper_dir(App.get_running_app()) / "my-board.json"

    def _build_tools(self, app: Any) -> None:
        from kivy.factory import Factory

        box = self.ids.tools
        box.clear_widgets()
        for tool, label in TOOLS:
            button = Factory.ToolToggle(text=app.tr(label), group="mapper_tool")
            button.test_id = f"tool_{tool}"
            button.state = "down" if tool == self.tool else "normal"
            button.bind(on_release=lambda b, t=tool: self.choose_tool(t))
            box.add_widget(button)
        self.ids.port.values = [p.name for p in PORTS]
        if self.ids.port.text not in self.ids.port.values:
            self.ids.port.text = self._next_port()
        self.ids.vp.values = [str(v) for v in SHIELD_VALUES]
        if self.ids.vp.text not in self.ids.vp.values:
            self.ids.vp.text = "1"
        self.ids.good.values = [NO_GOOD] + [app.say(GOOD_WORDS[g]) for g in GOODS]
        if self.ids.good.text not in self.ids.good.values:
            self.ids.good.text = NO_GOOD

    def choose_tool(self, tool: str) -> None:
        self.tool, self._first = tool, ""
        self.ids.map.selected = ""
        self.status = ""                 # what the last tool said is done with
        if tool != "corners":
            self.ids.map.corners = []
        for button in self.ids.tools.children:
            button.state = "down" if button.test_id == f"tool_{tool}" else "normal"
        self._show_step()

    # -- taps ----------------------------------------------------------------------------
    def tap_image(self, x: float, y: float) -> None:
        if self.tool == "corners":
            self._corner(x, y)
            return
        m = self.board_map.state
        cell = M.cell_at(m, x, y)
        if self.tool == "cell":
            self.edit(M.RemoveCell(cell) if cell else M.AddCell(round(x, 1), round(y, 1)))
            return
        if cell is None:
            self.status = App.get_running_app().tr("Tap a cell's centre.")
            return
        if self.tool in TWO_TAP:
            if not self._first or self._first == cell:
                self._first = cell
                self.ids.map.selected = cell
                self._show_step()
                return
            first, self._first = self._first, ""
            self.ids.map.selected = ""
            self.edit(M.ToggleEdge(first, cell) if self.tool == "edge" else M.ToggleCurrent(first, cell))
            return
        self.edit(self._edit_for(cell))

    def _edit_for(self, cell: str) -> Any:
        tool = self.tool
        if tool == "dot":
            return M.ToggleDot(cell)
        if tool in ("pirate", "eventBlue", "eventRed"):
            return M.ToggleSymbol(cell, tool)
        if tool == "lisbon":
            return M.SetLisbon(cell)
        if tool in ("west", "east", "fillWest", "fillEast"):
            return M.PaintPart(cell, WEST if tool.lower().endswith("west") else EAST, fill=tool.startswith("fill"))
        port = self._chosen_port()
        mark = self.board_map.state.port_at.get(cell)
        if mark is not None and mark.port == port:
            return M.ClearPort(cell)
        return M.PlacePort(cell, port, int(self.ids.vp.text), self._chosen_good())

    def _chosen_port(self) -> str:
        return next(p.id for p in PORTS if p.name == self.ids.port.text)

    def _chosen_good(self) -> str | None:
        app = App.get_running_app()
        return next((g for g in GOODS if app.say(GOOD_WORDS[g]) == self.ids.good.text), None)

    def _next_port(self) -> str:
        placed = {mark.port for _c, mark in (self.board_map.state.ports if self.board_map else ())}
        return next((p.name for p in PORTS if p.id not in placed), PORTS[0].name)

    def edit(self, edit: Any) -> None:
        try:
            self.board_map = self.board_map.apply(edit)
        except M.MapError as exc:
            self.status = App.get_running_app().tr(str(exc))
            return
        self.status = ""
        if isinstance(edit, M.PlacePort):
            self.ids.port.text = self._next_port()
            self.ids.good.text = NO_GOOD
        self._saved()

    def undo(self) -> None:
        if self.board_map.can_undo:
            self.board_map = self.board_map.undo()
            self._saved()

    def _saved(self) -> None:
        try:
            M.save_map(self.progress_path, self.board_map)
        except OSError as exc:
            self._report(Text("The map could not be saved ({reason}); it stays on screen.", reason=str(exc)),
                         str(exc))
        self._show()

    def _show(self) -> None:
        app = App.get_running_app()
        self.ids.map.board_map = self.board_map
        found = M.findings(self.board_map.state)
        self.ids.map.highlighted = sorted({c for f in found for c in f.cells})
        self.problems = "\n".join(app.say(f.text) for f in found[:4]) if found else \
            app.tr("The map is a valid board: export it.")
        self.ids.undo.disabled = not self.board_map.can_undo
        self._show_step()

    def _show_step(self) -> None:
        """The instruction line, from the tool and the map as they are now."""
        if self.board_map is None:
            return
        app = App.get_running_app()
        port = next((p.id for p in PORTS if p.name == self.ids.port.text), "")
        picture = bool(self.ids.map.image_path) and not self.choosing
        self.step = app.say(M.step_text(self.tool, self.board_map.state, picture=picture,
                                      corners=len(self.ids.map.corners), first=self._first, port=port))

    def main_action(self, button: str) -> MainAction | None:
        """On the opening, the panel's CONFIRM takes the camera's picture."""
        return self.button_action("take_picture") if self.choosing else None

    # -- files ---------------------------------------------------------------------------
    def export(self) -> None:
        app = App.get_running_app()
        try:
            document = M.export_board(self.board_map.state)
            M.write_json(self.export_path, document)
        except (M.MapError, OSError) as exc:
            self._report(Text("Not exported: {reason}", reason=str(exc)), str(exc))
            return
        self.status = app.tr("Exported to {file}; the next Caravelas game uses it.", file=str(self.export_path))
        if self.on_export is not None:
            self.on_export(self.export_path)

    def import_board(self) -> None:
        path = Path(self.ids.path.text.strip())
        try:
            data = json.loads(read_bounded_text(path))   # a regular file of bounded size
            imported = M.import_board(data, path.name, self.board_map.image)
        except (OSError, ValueError, RecursionError, BoardError, M.MapError) as exc:
            self._report(Text("Not imported: {reason}", reason=str(exc)), str(exc))
            return
        self._keep_progress_aside()
        self.board_map = imported
        self.close_start()
        self._saved()
        self.status = App.get_running_app().tr("Imported {file}.", file=path.name)

    def _keep_progress_aside(self) -> None:
        """The map being replaced stays on disk beside the new one (never deleted)."""
        path = self.progress_path
        if path.exists() and self.board_map.can_undo:
            stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
            os.replace(path, path.with_name(f"{path.name}.before-import-{stamp}"))

    def load_image(self) -> None:
        path = self.ids.path.text.strip()
        if not Path(path).is_file():
            self._report(Text("No image at {file}.", file=path), f"no image at {path}")
            return
        self.close_start()
        self._use_image(path)

    def _use_image(self, path: str) -> None:
        self.board_map = M.BoardMap(self.board_map.edits, self.board_map.state, str(path))
        self.ids.map.image_path = str(path)
        self._saved()

    def capture(self) -> None:
        """"New picture": the opening again (the camera's live view, the stick's pictures)."""
        self.open_start()

    def _corner(self, x: float, y: float) -> None:
        corners = list(self.ids.map.corners) + [(x, y)]
        self.ids.map.corners = corners
        self._show_step()
        if len(corners) < M.CORNERS:
            return
        import cv2

        from vision.games.caravelas.board import rectify

        source = self.ids.map.image_path
        image = cv2.imread(source) if source else None
        if image is None:
            self.ids.map.corners = []
            self._report(Text("No image at {file}.", file=source), f"no image at {source}")
            return
        target = mapper_dir(App.get_running_app()) / "board-rectified.png"
        cv2.imwrite(str(target), rectify(image, corners, rectified_size(corners)))
        self.ids.map.corners = []
        self._use_image(str(target))
        self.ids.map.reload()            # the same file name, a new picture
        self.choose_tool("cell")

    def _report(self, text: Text, detail: str) -> None:
        """A problem on screen, on the status LED and in the log (with what to do)."""
        app = App.get_running_app()
        self.status = app.say(text)
        log.warning("board mapper: %s", detail)
        app.show_banner(self.status, seconds=8, error=True)
        if app.hardware is not None:
            app.hardware.play(ErrorSignal(detail))

    def back(self) -> None:
        App.get_running_app().goto("setup")



class BoardFileEditor(TextRowEditor):
    """The board file on the setup screen: "Map your board" opens the board mapper; the
    board last exported there is this copy's board file from then on (kept for the next game)."""

    def __init__(self, option: Option, form: SetupForm):
        app = App.get_running_app()
        mapper = app.manager.get_screen("board_mapper") if app.manager.has_screen("board_mapper") else None
        text = form.shown_text(option)
        exported = mapper_dir(app) / "my-board.json"
        if exported.exists() and ((mapper is not None and mapper.just_exported) or not text.strip()):
            text = str(exported)
            if mapper is not None:
                mapper.just_exported = False    # taken: what is typed over it from now on is kept
        super().__init__(option, form, text)
        self.row.camera_text = app.tr("Map your board")
        self.row.ids.camera.bind(on_release=lambda _b: self.open_mapper())

    def open_mapper(self) -> None:
        app = App.get_running_app()
        if not app.manager.has_screen("board_mapper"):
            app.manager.add_widget(BoardMapperScreen(name="board_mapper"))
        mapper = app.manager.get_screen("board_mapper")
        mapper.on_export = lambda _path: setattr(mapper, "just_exported", True)
        app.goto("board_mapper")
