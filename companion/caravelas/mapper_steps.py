"""The board mapper's instruction line: the step the person is on and what is left
of it, from the chosen tool and the map so far (never a step already done)."""
from __future__ import annotations

from companion.caravelas.data import PORT_BY_ID, PORTS
from companion.caravelas.mapper_edits import MapState
from companion.messages import Text

#: taps that set the board's corners, in this order
CORNERS = 4

SYMBOL_TOOLS = ("pirate", "eventBlue", "eventRed")


def _symbol_step(symbol: str, count: int) -> Text:
    if symbol == "pirate":
        return Text("{count} pirate symbol marked: tap each cell that shows one (a second tap removes it).",
                    "{count} pirate symbols marked: tap each cell that shows one (a second tap removes it).",
                    count=count)
    if symbol == "eventBlue":
        return Text("{count} blue event marked: tap each cell that shows one (a second tap removes it).",
                    "{count} blue events marked: tap each cell that shows one (a second tap removes it).",
                    count=count)
    return Text("{count} red event marked: tap each cell that shows one (a second tap removes it).",
                "{count} red events marked: tap each cell that shows one (a second tap removes it).",
                count=count)


def step_text(tool: str, m: MapState, *, picture: bool, corners: int = 0, first: str = "",
              port: str = "") -> Text:
    """What to do now: ``picture`` whether a picture of the board is on screen,
    ``corners`` the corners tapped so far (tool ``corners``), ``first`` the cell a
    two-tap tool has taken, ``port`` the port the next shield is for."""
    if not picture and not m.cells:
        return Text("Take a picture of the board with the camera, or pick one from the USB stick.")
    if tool == "corners":
        return Text("Tap the 4 board corners: {done} of 4 (top left, top right, bottom right, bottom left).",
                    done=corners)
    if tool in ("edge", "current") and first:
        return Text("Now tap the second cell.")
    if tool == "cell":
        return Text("{count} cell placed: tap the centre of each sea cell (a tap on a cell removes it).",
                    "{count} cells placed: tap the centre of each sea cell (a tap on a cell removes it).",
                    count=len(m.cells))
    if tool == "edge":
        return Text("Tap two neighbours that land separates, or two cells a sea lane joins.")
    if tool == "current":
        return Text("{count} current drawn: tap the cell its arrow starts from, then the cell it points to.",
                    "{count} currents drawn: tap the cell its arrow starts from, then the cell it points to.",
                    count=len(m.free_edges))
    if tool == "dot":
        return Text("{count} current's end marked: tap each cell with the small dot.",
                    "{count} currents' ends marked: tap each cell with the small dot.",
                    count=sum(1 for c in m.cells if c.dot))
    if tool in SYMBOL_TOOLS:
        return _symbol_step(tool, sum(1 for c in m.cells if tool in c.symbols))
    if tool == "lisbon":
        return Text("Lisbon is placed: a tap on another cell moves it.") if m.lisbon \
            else Text("Tap Lisbon's cell.")
    if tool == "port":
        placed = len(m.ports)
        if placed >= len(PORTS):
            return Text("Every port is placed.")
        name = PORT_BY_ID[port].name if port in PORT_BY_ID else ""
        return Text("{placed} of {count} port placed: tap the cell of {port}.",
                    "{placed} of {count} ports placed: tap the cell of {port}.",
                    placed=placed, count=len(PORTS), port=name)
    # the ocean parts: west, east and their fills
    return Text("{done} of {count} cell in an ocean part: tap a cell to paint it (fill: all it reaches).",
                "{done} of {count} cells in an ocean part: tap a cell to paint it (fill: all it reaches).",
                done=sum(1 for c in m.cells if c.part), count=len(m.cells))
