"""Golden Horn table view pieces: colours, route nodes, ship chips and seat boxes."""
from __future__ import annotations

from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.metrics import dp

from companion.messages import N_
from ui.colours import rgba, seat_rgb

#: cube / card / square colours (RGBA), by the engine's letters; green lighter and orange
#: darker than the pieces so that no two are close under simulated colour blindness
#: (tests/ui/test_colour_palettes.py)
COLOUR_RGBA = {"Y": (0.95, 0.8, 0.15, 1), "P": (0.95, 0.54, 0.77, 1), "G": (0.34, 0.74, 0.34, 1),
               "R": (0.8, 0.2, 0.2, 1), "O": (0.85, 0.46, 0.0, 1), "B": (0.18, 0.45, 0.82, 1)}
COLOUR_NAMES = {"Y": N_("yellow"), "P": N_("pink"), "G": N_("green"), "R": N_("red"), "O": N_("orange"),
                "B": N_("blue")}
COLOURS = "YPGROB"
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


def cube_markup(counts: dict[str, int], zeros: bool = False) -> str:
    """Counts per colour as coloured dots with numbers (markup), e.g. for a warehouse."""
    dot = "[font={font}][color={rgb}]●[/color][/font]{n}"
    return " ".join(dot.format(font=SYMBOL_FONT, rgb=hex_of(COLOUR_RGBA[letter]), n=counts.get(letter, 0))
                    for letter in COLOURS if counts.get(letter, 0) or zeros)


def fill_cubes(node: Any, counts: dict[str, int]) -> None:
    """A port's cubes as one line of counts, each on its colour ("3" on red): six colours
    fit a port's cell at 800 px beside the on-screen panel ({} = none, the line folds away)."""
    box = node.ids.cubes
    shown = [(letter, counts[letter]) for letter in COLOURS if counts.get(letter, 0)]
    if getattr(box, "shown", None) == shown:   # a plain BoxLayout (ids.cubes): no cubes drawn on it yet
        return
    box.shown = shown
    box.clear_widgets()
    for letter, n in shown:
        box.add_widget(make("GhShipChip", text=str(n), back=COLOUR_RGBA[letter], bold=False,
                            size_hint_x=len(str(n))))


def heading_mark(heading: str | None) -> str:
    return {"toC": "▶", "toV": "◀"}.get(heading or "", "")


def dots(colours: str, per_line: int = 0) -> str:
    """Colours as coloured dots (markup), e.g. a ship's sails or the wind cards needed;
    ``per_line`` > 0 starts a new line after that many dots (a narrow route cell)."""
    marks = [f"[font={SYMBOL_FONT}][color={hex_of(COLOUR_RGBA[c])}]●[/color][/font]" for c in colours]
    if per_line > 0:
        return "\n".join("".join(marks[i:i + per_line]) for i in range(0, len(marks), per_line))
    return "".join(marks)


#: a ship chip's text line: 14 sp text with a little room (px at density 1)
CHIP_LINE = 18


def make_chip(text: str, back: tuple[float, ...], sails: str, cargo: dict[str, Any] | None,
              picked: bool) -> Any:
    """A ship chip one line tall: owner colour with initial + letter + heading over a
    stripe of its sail colours, and its cargo beside it (count on the cargo's colour)."""
    hull = Factory.BoxLayout(orientation="vertical", spacing=0)
    hull.add_widget(make("GhShipChip", text=text, back=back, picked=picked, font_name=SYMBOL_FONT,
                         bold=False, size_hint_y=1))
    if sails:   # a fleet chip has none: its text keeps the whole height
        stripe = Factory.BoxLayout(size_hint_y=None, height=dp(4), spacing=0)
        for colour in sails:
            stripe.add_widget(make("GhShipChip", text="", back=COLOUR_RGBA[colour], size_hint_y=1))
        hull.add_widget(stripe)
    chip = Factory.BoxLayout(spacing=0)
    chip.add_widget(hull)
    if cargo:
        chip.add_widget(make("GhShipChip", text=str(cargo["count"]), back=COLOUR_RGBA[cargo["colour"]],
                             bold=False, size_hint=(0.4, 1)))
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
    box = node.ids.ships
    box.clear_widgets()
    row = None
    for i, (text, back, sails, cargo, picked) in enumerate(ships):
        if i % columns == 0:
            row = Factory.BoxLayout(spacing=dp(1), size_hint_y=1, size_hint_max_y=dp(CHIP_LINE + 4))
            box.add_widget(row)
        row.add_widget(make_chip(text, back, sails, cargo, picked))
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
