"""Golden Horn table view pieces: colours, route nodes, ship chips and seat boxes."""
from __future__ import annotations

from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.metrics import dp, sp

from companion.messages import N_
from ui.colours import ink_on, rgba, seat_rgb
from ui.widgets.colour_mark import mark_corner, symbol_markup, symbol_of, symbols_shown

#: cube / card / square colours (RGBA), by the engine's letters; green lighter and orange
#: darker than the pieces so that no two are close under simulated colour blindness
#: (tests/ui/test_colour_palettes.py)
COLOUR_RGBA = {"Y": (0.95, 0.8, 0.15, 1), "P": (0.95, 0.54, 0.77, 1), "G": (0.34, 0.74, 0.34, 1),
               "R": (0.8, 0.2, 0.2, 1), "O": (0.85, 0.46, 0.0, 1), "B": (0.18, 0.45, 0.82, 1)}
COLOUR_NAMES = {"Y": N_("yellow"), "P": N_("pink"), "G": N_("green"), "R": N_("red"), "O": N_("orange"),
                "B": N_("blue")}
COLOURS = "YPGROB"
#: the colour's name as companion.colour_symbols spells it (its symbol's key), by the engine's letter
LETTER_COLOUR = {"Y": "yellow", "P": "pink", "G": "green", "R": "red", "O": "orange", "B": "blue"}
PORT_RGBA = {"V": (0.82, 0.7, 0.5, 1), "C": (0.78, 0.64, 0.45, 1), "M": (0.6, 0.72, 0.66, 1)}
SYMBOL_FONT = "DejaVuSans"   # ships kivy: has ▶ ◀ ▼ ● for headings and cubes


def make(cls_name: str, **props: Any) -> Any:
    """A widget of a kv class with properties set after creation (kv-declared
    properties cannot be passed to the constructor)."""
    widget = getattr(Factory, cls_name)()   # a kv class, by name
    for key, value in props.items():
        setattr(widget, key, value)
    return widget


def fits(text: str, font_size: float, width: float, bold: bool = False) -> bool:
    """Whether ``text`` drawn at ``font_size`` is at most ``width`` px wide."""
    core = CoreLabel(text=text, font_size=font_size, bold=bold)
    core.refresh()
    return core.texture.size[0] <= width


def hyphenated(text: str, font_size: float, width: float, bold: bool = False) -> str:
    """``text`` as it fits ``width`` px: whole when it does, else broken over two lines
    with a hyphen after the longest start that fits (a long port name in a narrow cell,
    never cut short)."""
    if width <= 0 or "\n" in text or fits(text, font_size, width, bold):
        return text
    if " " in text:   # words first: "Modone 2/2" breaks at its space
        head, _, tail = text.rpartition(" ")
        if fits(head, font_size, width, bold):
            return head + "\n" + tail
    cut = next((i for i in range(len(text) - 2, 1, -1) if fits(text[:i] + "-", font_size, width, bold)),
               len(text) // 2)
    return text[:cut] + "-\n" + text[cut:]


def fit_title(node: Any, *_: Any) -> None:
    """A route node's title: its ``title_text`` whole, else its ``short_text`` (a port: one
    line, its colour band says which port), else on two lines when its cell is narrow."""
    label = node.ids.title
    width = label.width - dp(2)
    text = node.title_text
    if node.short_text and width > 0 and not fits(text, label.font_size, width, label.bold):
        text = node.short_text
    label.text = hyphenated(text, label.font_size, width, label.bold)
    label.height = dp(18) * (label.text.count("\n") + 1)


def hex_of(rgba: tuple[float, ...]) -> str:
    return "".join(f"{int(round(c * 255)):02x}" for c in rgba[:3])


def seat_rgba(players: list[Any], seat: int) -> tuple[float, ...]:
    """The seat's colour chosen in setup (the one palette of ui.colours)."""
    return rgba(seat_rgb(players[seat].colour if seat < len(players) else "", seat))


def dot_of(letter: str) -> str:
    """A colour as markup: its symbol in its colour (Settings: symbols on colours), else a
    dot in its colour."""
    mark = symbol_of(LETTER_COLOUR[letter]) or "●"
    return f"[font={SYMBOL_FONT}][color={hex_of(COLOUR_RGBA[letter])}]{mark}[/color][/font]"


def cube_markup(counts: dict[str, int], zeros: bool = False) -> str:
    """Counts per colour as coloured symbols (or dots) with numbers (markup), e.g. for a warehouse."""
    return " ".join(f"{dot_of(letter)}{counts.get(letter, 0)}"
                    for letter in COLOURS if counts.get(letter, 0) or zeros)


def counted(letter: str, n: int, marked: bool = True) -> str:
    """A count on its colour (markup): the colour's symbol before it when symbols are shown
    (and ``marked``)."""
    mark = symbol_markup(LETTER_COLOUR[letter]) if marked else ""
    return f"{mark}{n}" if mark else str(n)


def count_chip(letter: str, n: int, marked: bool = True, **props: Any) -> Any:
    """A count of cubes of one colour on that colour (a port's cubes, a ship's cargo)."""
    return make("GhShipChip", text=counted(letter, n, marked), back=COLOUR_RGBA[letter], bold=False, markup=True,
                colour=LETTER_COLOUR[letter], **props)


def text_width(markup: str, font_size: float) -> float:
    """The width (px) of ``markup`` drawn at ``font_size``."""
    from kivy.core.text.markup import MarkupLabel

    label = MarkupLabel(text=markup, font_size=font_size)
    label.refresh()
    return float(label.texture.size[0])


def mark_square(node: Any, letter: str | None) -> None:
    """A sea square's colour symbol in its top left corner (none on a port)."""
    from ui.games.kit import text_fill

    node.colour = LETTER_COLOUR.get(letter or "", "")
    mark_corner(node, node.colour or None, ink_on(text_fill(tuple(node.fill[:3]))))


def fill_cubes(node: Any, counts: dict[str, int] | None = None) -> None:
    """A port's cubes as counts, each on its colour with its symbol ("♥3" on red), each as
    wide as its text, on as many lines as the room the ships leave in the port's cell holds
    ({} = none, the line folds away; None: the last counts again, the cell's size changed).
    A cell too small for them with their symbols (4 fleets in a port at 800 px) shows the
    counts on their colours alone, on one line."""
    if counts is None:
        counts = getattr(node, "cube_counts", {})
    node.cube_counts = counts
    box = node.ids.cubes
    cubes = [(letter, counts[letter]) for letter in COLOURS if counts.get(letter, 0)]
    widths = [text_width(counted(letter, n), sp(14)) + dp(3) for letter, n in cubes]
    marked = symbols_shown() and _lines(widths, box.width) <= _cube_lines(node)
    shown = (cubes, marked)   # drawn again when the Settings switch or the room changed too
    if getattr(box, "shown", None) == shown:   # a plain StackLayout (ids.cubes): no cubes drawn on it yet
        return
    box.shown = shown
    box.clear_widgets()
    for (letter, n), width in zip(cubes, widths):
        if marked:
            box.add_widget(count_chip(letter, n, size_hint=(None, None), height=dp(CHIP_LINE), width=width))
        else:   # one line: the cell's width shared out by the digits
            box.add_widget(count_chip(letter, n, marked=False, size_hint=(1 / len(cubes) - 0.001, None),
                                      height=dp(CHIP_LINE)))


def _lines(widths: list[float], room: float) -> int:
    """How many lines chips of ``widths`` (px) take in ``room`` px, one px apart."""
    if room <= 1:   # not laid out yet: taken as one line (the cell's size changes, and asks again)
        return 1
    lines, used = 1, 0.0
    for width in widths:
        if used and used + dp(1) + width > room:
            lines, used = lines + 1, 0.0
        used += (dp(1) if used else 0) + width
    return lines


def _cube_lines(node: Any) -> int:
    """How many lines of cubes the route cell holds under its title and its ships' rows."""
    rows = [row for row in node.ids.ships.children if getattr(row, "size_hint_max_y", None)]
    # a row may give up 1 px of its room: its 14 sp text still has its 17 px over the sails
    ships = sum(row.size_hint_max_y - dp(1) for row in rows) + dp(1) * max(0, len(rows) - 1)
    free = node.height - node.padding[1] - node.padding[3] - node.ids.title.height - ships \
        - node.ids.extra.height - 3 * node.spacing
    return max(1, int((free + dp(1)) // (dp(CHIP_LINE) + dp(1))))


def heading_mark(heading: str | None) -> str:
    return {"toC": "▶", "toV": "◀"}.get(heading or "", "")


def dots(colours: str, per_line: int = 0) -> str:
    """Colours as coloured dots (markup), e.g. a ship's sails or the wind cards needed;
    ``per_line`` > 0 starts a new line after that many dots (a narrow route cell)."""
    marks = [dot_of(c) for c in colours]
    if per_line > 0:
        return "\n".join("".join(marks[i:i + per_line]) for i in range(0, len(marks), per_line))
    return "".join(marks)


#: a ship chip's text line: 14 sp text with a little room (px at density 1)
CHIP_LINE = 18


def make_chip(text: str, back: tuple[float, ...], sails: str, cargo: dict[str, Any] | None,
              picked: bool, stacked: bool = False) -> Any:
    """A ship chip one line tall: owner colour with initial + letter + heading over a
    stripe of its sail colours, and its cargo beside it (count on the cargo's colour, its
    symbol before it) or, ``stacked`` (a sea square, too narrow for both), under it."""
    hull = Factory.BoxLayout(orientation="vertical", spacing=0)
    hull.add_widget(make("GhShipChip", text=text, back=back, picked=picked, font_name=SYMBOL_FONT,
                         bold=False, size_hint_y=1))
    if sails:   # a fleet chip has none: its text keeps the whole height
        stripe = Factory.BoxLayout(size_hint_y=None, height=dp(4), spacing=0)
        for colour in sails:
            stripe.add_widget(make("GhShipChip", text="", back=COLOUR_RGBA[colour], size_hint_y=1))
        hull.add_widget(stripe)
    chip = Factory.BoxLayout(spacing=dp(1) if stacked else 0, orientation="vertical" if stacked else "horizontal")
    chip.add_widget(hull)
    if cargo:
        text = counted(cargo["colour"], cargo["count"])   # as wide as its text: its symbol is never cut
        size = {"size_hint": (1, None), "height": dp(CHIP_LINE)} if stacked else \
            {"size_hint": (None, 1), "width": text_width(text, sp(14)) + dp(2)}
        chip.add_widget(count_chip(cargo["colour"], cargo["count"], **size))
    return chip


#: the nodes that hold a whole fleet (every player's ships can start there)
MAIN_PORTS = ("V", "C")


def fill_node(node: Any, ships: list[tuple[str, tuple[float, ...], str, Any, bool]], columns: int) -> None:
    """Put ship chips into a route node, ``columns`` to a row: a row is one chip line
    tall (14 sp text) when there is room, and rows share the room when there is not,
    so chips never spill over the node's title or its neighbours.  A main port with
    more ships than one row holds shows one chip per player instead ("A3": Ann's
    three ships), so no chip shrinks below its 14 sp text (9+ ships in a port)."""
    if node.node_id in MAIN_PORTS and len(ships) > columns:
        ships = fleets(ships)   # two to a row: "A3" and "B3" fit a port's cell at 800 px
    # a sea square is too narrow for a ship and its cargo with its symbol side by side (48 px at 800 px)
    stacked = columns == 1 and node.node_id not in PORT_RGBA and symbols_shown()
    box = node.ids.ships
    box.clear_widgets()
    row = None
    for i, (text, back, sails, cargo, picked) in enumerate(ships):
        if i % columns == 0:
            lines = 2 if stacked and cargo else 1
            row = Factory.BoxLayout(spacing=dp(1), size_hint_y=lines,
                                    size_hint_max_y=dp(CHIP_LINE * lines + 4 * lines))
            box.add_widget(row)
        row.add_widget(make_chip(text, back, sails, cargo, picked, stacked))
    for _ in range((-len(ships)) % columns):
        row.add_widget(Factory.Widget())
    box.add_widget(Factory.Widget(size_hint_y=0.001))


def fleets(ships: list[tuple[str, tuple[float, ...], str, Any, bool]]) -> list[tuple[str, tuple[float, ...], str, Any, bool]]:
    """One chip per player (by colour, in order of first ship): the initial and how many of
    their ships are there, picked when one of them is; no sails, no cargo."""
    counts: dict[tuple[str, tuple[float, ...]], list[bool]] = {}
    for text, back, _sails, _cargo, picked in ships:
        counts.setdefault((text[:1], tuple(back)), []).append(picked)
    return [(f"{initial}{len(picks)}", back, "", None, any(picks)) for (initial, back), picks in counts.items()]
