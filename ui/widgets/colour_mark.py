"""Colours drawn with their symbol (companion/colour_symbols.py), on every screen alike.

Settings' "Symbols on colours" switch (the app's ``colour_symbols``, on by default) turns
them on or off for the whole app; screens read it when they draw, so a change shows the
next time a screen draws its colours.  Symbols come from DejaVu Sans, the symbol font Kivy
ships (Roboto, the text font, has none of them).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from kivy.app import App
from kivy.core.text import Label as CoreLabel

from companion.colour_symbols import COLOUR_WORDS, colour_symbol
from companion.messages import Text

SYMBOL_FONT = "DejaVuSans"


def symbols_shown() -> bool:
    """Whether colours carry their symbols now (the Settings switch; on without an app)."""
    app = App.get_running_app()
    return bool(getattr(app, "colour_symbols", True))


def symbol_of(colour: str | None) -> str:
    """``colour``'s symbol when symbols are shown and the colour has one, else ''."""
    return colour_symbol(colour) if symbols_shown() else ""


def _hex(rgb: Sequence[float]) -> str:
    return "".join(f"{int(round(c * 255)):02x}" for c in rgb[:3])


def symbol_markup(colour: str | None, rgb: Sequence[float] | None = None) -> str:
    """Markup of ``colour``'s symbol in the symbol font (in ``rgb`` when given, else in the
    label's own colour); '' when symbols are off or the colour has none."""
    symbol = symbol_of(colour)
    if not symbol:
        return ""
    inner = f"[color={_hex(rgb)}]{symbol}[/color]" if rgb is not None else symbol
    return f"[font={SYMBOL_FONT}]{inner}[/font]"


def with_symbol(text: str, colour: str | None) -> str:
    """``text`` (markup) led by ``colour``'s symbol: "♥ 3", "♥ Ann"; ``text`` alone when off."""
    mark = symbol_markup(colour)
    if not mark:
        return text
    return f"{mark} {text}" if text else mark


def colour_word(app: Any, colour: str) -> str:
    """The colour's name in the players' language ("κόκκινο"), or ``colour`` itself."""
    word = COLOUR_WORDS.get(colour)
    return app.tr(Text(word)) if word else colour


@lru_cache(maxsize=256)
def symbol_texture(symbol: str, size: float, rgb: tuple[float, ...]) -> Any:
    """A cached texture of ``symbol`` in the symbol font (``size`` in px), for canvases."""
    label = CoreLabel(text=symbol, font_size=size, font_name=SYMBOL_FONT, color=(*rgb[:3], 1))
    label.refresh()
    return label.texture


def mark_corner(widget: Any, colour: str | None, ink: Sequence[float], size_sp: float = 14) -> None:
    """Draw ``colour``'s symbol in ``widget``'s top left corner, in ``ink`` (over its fill,
    under nothing): for a swatch whose text is the colour's name.  Called again, it
    replaces the symbol (or takes it away: symbols off, a colour without one)."""
    from kivy.graphics import Color, Rectangle
    from kivy.metrics import dp, sp

    widget.canvas.after.remove_group("colour-mark")
    mark = symbol_of(colour)
    if not mark:
        widget.colour_mark_rect = None
        return
    texture = symbol_texture(mark, sp(size_sp), (1.0, 1.0, 1.0))
    with widget.canvas.after:
        Color(*ink[:3], 1, group="colour-mark")
        widget.colour_mark_rect = Rectangle(texture=texture, size=texture.size, group="colour-mark")

    def place(*_args: Any) -> None:
        rect = getattr(widget, "colour_mark_rect", None)
        if rect is not None:
            # y + height, not top: a size or pos callback can run before ``top`` follows them
            rect.pos = (widget.x + dp(4), widget.y + widget.height - rect.size[1] - dp(3))

    if not getattr(widget, "colour_mark_bound", False):
        widget.bind(pos=place, size=place)
        widget.colour_mark_bound = True
    place()
