"""Drives the real app inside its own process: find widgets, tap them, wait for
frames, take screenshots, dump the widget tree.  Used by tests/ui/run.py."""
from __future__ import annotations

import asyncio
import json
from contextlib import contextmanager
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget


HOLD_SECONDS = 0.1
#: how long a scenario waits for something before it fails (a hang guard, generous for a loaded CI)
WAIT_SECONDS = 60.0
#: every wait stretched this many times on a slow machine (an emulated arm64 root, a loaded one)
SLOWDOWN = max(1.0, float(os.environ.get("TABLE_COMPANION_TEST_SLOWDOWN") or 1))
#: frames a camera step shows: one changed, then enough still ones for the change gate to settle
CAMERA_STEP = 6


@contextmanager
def written_at_once(session: Any):
    """Moves the script plays itself (not by taps: set-up, a game played on) are written before
    each call returns, as the command line tools write them: a script reads the game between
    its calls.  What the journal's writer has on its way is written first."""
    writer = session.writer
    if writer is not None:
        writer.drain()
    session.writer = None
    try:
        yield session
    finally:
        session.writer = writer


class Probe:
    def __init__(self, app, out_dir: Path):
        self.app = app
        self.out = out_dir
        self.results: dict[str, Any] = {"screenshots": {}, "trees": {}}
        #: tapping New game answers "Keep it for later" when it asks about an unfinished game
        self.keep_unfinished = True

    # -- waiting -------------------------------------------------------------
    async def frames(self, count: int = 2) -> None:
        """Wait for ``count`` Kivy frames to be drawn."""
        loop = asyncio.get_running_loop()
        for _ in range(count):
            done = loop.create_future()
            Clock.schedule_once(lambda _dt: done.done() or done.set_result(None), 0)
            await done

    async def until(self, condition: Callable[[], bool], timeout: float = WAIT_SECONDS) -> None:
        """Wait until ``condition()`` holds, checked after every frame; fail after ``timeout`` s
        (a guard against a hang, not a measure: a loaded machine draws fewer frames a second)."""
        deadline = time.monotonic() + timeout * SLOWDOWN
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"condition not met after {timeout:g} s: {condition}")
            await self.frames(1)

    async def until_session(self, condition: Callable[[], bool], timeout: float = WAIT_SECONDS) -> None:
        """Wait until ``condition()`` holds, checked whenever the game's session emits an
        event (a camera proposal, a move, a refusal) and once the Kivy thread has shown it."""
        session = self.app.session
        loop = asyncio.get_running_loop()
        event = asyncio.Event()

        def listener(_event: Any) -> None:
            loop.call_soon_threadsafe(event.set)

        session.add_listener(listener)
        try:
            deadline = time.monotonic() + timeout * SLOWDOWN
            while True:
                event.clear()                 # an event from here on wakes the wait below
                await self.frames(1)          # what the listeners scheduled on the Kivy thread has run
                if condition():
                    return
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no session event met {condition} in {timeout:g} s")
                try:
                    await asyncio.wait_for(event.wait(), left)
                except asyncio.TimeoutError:
                    pass
        finally:
            session.remove_listener(listener)

    async def opened(self, popup) -> None:
        """Wait until ``popup`` is on the window and its opening animation has ended
        (ModalView animates ``_anim_alpha`` to 1, then dispatches on_open)."""
        await self.until(lambda: popup.parent is not None and popup._anim_alpha >= 1)

    @staticmethod
    def popups_at_rest() -> bool:
        """No popup on the window is still opening or closing (ModalView animates its
        ``_anim_alpha`` from 0 to 1 when it opens and back to 0 before it leaves)."""
        return all(w._anim_alpha >= 1 for w in Window.children if isinstance(w, ModalView))

    async def settled(self) -> None:
        """Wait until the screen manager's transition has ended."""
        await self.until(lambda: not self.app.manager.transition.is_active)

    async def step_camera(self, frames: int = CAMERA_STEP) -> None:
        """Let the (stepped) simulated camera see ``frames`` frames of the table as it is
        now, and wait until it has rendered them; the worker then reads them in order."""
        from vision.sources.simulated import SimulatedSource

        source = self.app.camera.source
        if not isinstance(source, SimulatedSource):
            raise TypeError(f"only the simulated camera is stepped, not {source.name}")
        source.step(frames)
        await self.until(lambda: source.wait_rendered(0))

    # -- finding -------------------------------------------------------------
    def walk(self, root: Widget | None = None):
        root = root or Window
        stack = [root]
        while stack:
            widget = stack.pop()
            yield widget
            stack.extend(widget.children)

    def visible(self, widget: Widget) -> bool:
        node = widget
        while node is not None and node is not Window:
            if getattr(node, "opacity", 1) == 0:
                return False
            if node.width <= 0 or node.height <= 0:
                return False
            parent = node.parent
            if parent is node:
                break
            node = parent
        return True

    def screen(self):
        return self.app.manager.current_screen

    def find(self, wid: str | None = None, text: str | None = None, root: Widget | None = None,
             cls: str | None = None) -> Widget:
        matches = self.find_all(wid, text, root, cls)
        if not matches and root is None:  # the message strip, above every screen
            matches = self.find_all(wid, text, self.app.root.ids.strip, cls)
        if not matches:
            raise AssertionError(f"no widget id={wid!r} text={text!r} cls={cls!r} on {self.app.manager.current}")
        return matches[0]

    def find_all(self, wid=None, text=None, root=None, cls=None) -> list[Widget]:
        root = root or self.screen()
        found = []
        ids = {}
        for widget in self.walk(root):
            for name, target in getattr(widget, "ids", {}).items():
                try:
                    ids[id(getattr(target, "__self__", target))] = name
                except ReferenceError:  # a removed widget's weak id
                    continue
        for widget in self.walk(root):
            if wid is not None and ids.get(id(widget)) != wid:
                continue
            if text is not None and text not in str(getattr(widget, "text", "")):
                continue
            if cls is not None and type(widget).__name__ != cls:
                continue
            found.append(widget)
        return found

    # -- acting --------------------------------------------------------------
    def writes_landed(self) -> bool:
        """No journal write of the game is on its way (the last tap's move shows)."""
        session = getattr(self.app, "session", None)
        return session is None or (not getattr(session, "writing", False) and not getattr(session, "_later", ()))

    async def tap(self, widget: Widget, frames: int = 3, landed: bool = True) -> None:
        """Tap ``widget``; then wait ``frames`` and, unless not ``landed``, until the move the
        tap made (if any) is written and shows (a finger taps again once it sees it)."""
        if os.environ.get("UI_DEBUG"):
            print(f"tap {type(widget).__name__} {getattr(widget, 'text', '')!r} on "
                  f"{self.app.manager.current}", file=sys.__stderr__, flush=True)
        if not self.visible(widget) or widget.disabled:
            raise AssertionError(f"cannot tap invisible/disabled {widget} {getattr(widget, 'text', '')!r}")
        # a finger does not land on a popup that is still fading in or out: an opening
        # one is not drawn yet, a closing one still takes every touch until it is gone
        await self.until(self.popups_at_rest)
        # nor on a screen still coming in: the screen manager takes no touch during its transition
        # (a move now shows a frame after its tap, once written, and the screen it opens with it)
        await self.settled()
        in_scroll = await self._scroll_into_view(widget)
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        if in_scroll:
            # a finger rests ~0.1 s: longer than ScrollView's scroll_timeout (55 ms), so the
            # ScrollView hands the touch to the button under it, as on the table (elsewhere
            # nothing in the app looks at how long a finger rests: no wait there)
            await asyncio.sleep(HOLD_SECONDS)
        await self.frames(1)
        touch.touch_up()
        await self.frames(frames)
        if landed:
            await self.until(self.writes_landed)

    async def _scroll_into_view(self, widget: Widget) -> bool:
        """A finger scrolls a list first when the button is below its fold (the
        setup screen's game list holds more games than 480 px show); whether the
        widget is inside a ScrollView at all."""
        node = widget.parent
        while node is not None and node is not Window and node.parent is not node:
            if isinstance(node, ScrollView):
                x, y = widget.to_window(*widget.center)
                left, bottom = node.to_window(*node.pos)
                if not (left <= x <= left + node.width and bottom <= y <= bottom + node.height):
                    node.scroll_to(widget, padding=0, animate=False)
                    await self.frames(2)
                return True
            node = node.parent
        return False

    async def drag_piece(self, camera: Widget, identity: str, to_mm: tuple[float, float]) -> None:
        """Drag a piece with a finger on a simulated camera's view (``TableCameraView``)
        from where it stands to table point ``to_mm``, and let it go there."""
        await self.until(lambda: camera.ids.frame.texture is not None)
        await self.until(self.popups_at_rest)
        piece = next(p for p in camera.table.pieces() if p.tag is not None and p.tag.identity == identity)
        start, end = camera.window_point(piece.position_mm), camera.window_point(to_mm)
        touch = UnitTestTouch(*start)
        touch.touch_down()                       # touches are dispatched at once: no frame to wait for
        if camera.dragging != identity:
            raise AssertionError(f"the finger at {start} did not pick up {identity} ({camera.dragging})")
        for step in range(1, 6):
            touch.touch_move(start[0] + (end[0] - start[0]) * step / 5, start[1] + (end[1] - start[1]) * step / 5)
        touch.touch_up()

    async def finger_drag(self, widget: ScrollView, dy: float, hold: float = 0.15) -> None:
        """A finger rests on ``widget`` (``hold`` s, as a finger does before it moves: longer
        than Kivy's default 55 ms scroll timeout), drags ``dy`` px up in small steps, rests
        again and lifts; returns once the scroll has settled."""
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        # a real touch arrives as a frame begins: Kivy times the scroll's wait for the finger
        # from the frame's start, so a touch sent after a long step of the scenario (a
        # screenshot measured on a loaded machine) would find that wait already over
        await self.frames(1)
        touch.touch_down()
        await asyncio.sleep(hold)
        await self.frames(1)
        for step in range(1, 13):
            touch.touch_move(x, y + dy * step / 12)
            await self.frames(1)
        # the finger rests before it lifts: Kivy's kinetic effect measures the finger's speed
        # over the last 1/6 s, so a rest longer than that lifts with no fling on any machine
        await asyncio.sleep(0.25)
        touch.touch_up()
        effect = widget.effect_y
        last = [None]

        def settled() -> bool:            # the effect stopped and the view no longer moves
            still = (not effect.is_manual and abs(effect.velocity) < 1e-3
                     and last[0] == widget.scroll_y)
            last[0] = widget.scroll_y
            return still

        await self.until(settled)

    async def tap_id(self, wid: str, **kw) -> None:
        await self.tap(self.find(wid=wid, **kw))
        if wid == "new_game" and self.keep_unfinished:
            await self.keep_for_later()
        if wid == "home" and self.keep_unfinished:
            await self.answer("leave_popup", "leave_later")

    def tagged(self, ident: str, root: Widget | None = None) -> Widget | None:
        """The visible widget whose ``test_id`` is ``ident`` (on the window: popups too)."""
        return next((w for w in self.walk(root or Window)
                     if getattr(w, "test_id", None) == ident and self.visible(w)), None)

    async def keep_for_later(self) -> None:
        """New game while a game is unfinished asks first: a scenario about something else
        answers "Keep it for later" (what New game did before it asked), and it is counted."""
        if await self.answer("unfinished_popup", "unfinished_later"):
            self.results["kept_for_later"] = self.results.get("kept_for_later", 0) + 1

    async def answer(self, ident: str, choice: str) -> bool:
        """If the popup ``ident`` opened (New game or the table's Home while a game is
        unfinished), tap its ``choice`` and wait until it has gone; False when none opened."""
        await self.frames(2)
        popup = self.tagged(ident)
        if popup is None:
            return False
        await self.until(self.popups_at_rest)
        await self.tap(self.tagged(choice, popup))
        await self.until(lambda: self.tagged(ident) is None)
        return True

    async def tap_text(self, text: str, **kw) -> None:
        await self.tap(self.find(text=text, **kw))

    async def start_game(self, title: str, game: str, names: tuple[str, ...],
                         configure: Callable[[], None] | None = None) -> None:
        """Home → setup (the game chosen by its button, players named, then
        ``configure()`` to set options) → table."""
        app = self.app
        await self.tap_id("new_game")
        await self.until(lambda: app.manager.current == "setup")
        await self.tap(self.find(text=title, cls="GameChoice"))
        await self.until(lambda: app.manager.get_screen("setup").game_name == game)
        self.find(wid="count").text = str(len(names))
        await self.frames(2)
        rows = sorted(self.find(wid="players").children, key=lambda r: r.seat)
        for row, name in zip(rows, names):
            row.ids.name.text = name
        if configure is not None:
            configure()
        await self.tap_id("start")
        await self.until(lambda: app.manager.current == "table")

    # -- looking -------------------------------------------------------------
    async def screenshot(self, name: str) -> str:
        await self.frames(3)
        path = self.out / f"{name}.png"
        self.app.root.export_to_png(str(path))
        self.results["screenshots"][name] = str(path)
        return str(path)

    def texts(self, root: Widget | None = None) -> list[str]:
        return [str(w.text) for w in self.walk(root or self.app.root)
                if isinstance(getattr(w, "text", None), str) and w.text and self.visible(w)]

    def tree(self, name: str) -> None:
        rows = []
        for widget in self.walk(self.app.root):
            rows.append({"cls": type(widget).__name__, "text": str(getattr(widget, "text", "")),
                         "visible": self.visible(widget),
                         "pos": [round(v) for v in widget.to_window(*widget.pos)],
                         "size": [round(v) for v in widget.size]})
        self.results["trees"][name] = rows

    def record(self, key: str, value: Any) -> None:
        self.results[key] = value

    def save(self) -> None:
        (self.out / "result.json").write_text(json.dumps(self.results, ensure_ascii=False, indent=1))
