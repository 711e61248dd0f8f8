"""Measures what a player sees, inside the running app: every tappable
thing at least 48 px on its short side, text at least 14 px, no label clipped, and
text contrast at least 4.5:1 (WCAG AA), computed from the pixels drawn.

``measure(probe, screenshot)`` returns one row per problem (a tap target partly off the
screen included); the tests assert there are none.
"""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
from kivy.core.text import Label as CoreLabel
from kivy.core.text.markup import MarkupLabel
from kivy.uix.behaviors import ButtonBehavior, ToggleButtonBehavior
from kivy.uix.checkbox import CheckBox
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput

from ui.colours import contrast

MIN_TARGET_PX = 48
MIN_TEXT_PX = 14
MIN_CONTRAST = 4.5
MIN_SYMBOL_CONTRAST = 3.0


def _tappable(widget) -> bool:
    return isinstance(widget, (ButtonBehavior, ToggleButtonBehavior, TextInput, CheckBox))


def _plain(text: str) -> str:
    """``text`` without Kivy markup tags."""
    return re.sub(r"\[/?[a-z_]+(=[^\]]*)?\]", "", text)


def _full_text_size(label: Label) -> tuple[float, float]:
    """The size the label's whole text needs, without shortening, wrapped as the label wraps."""
    width = label.text_size[0] if label.text_size and label.text_size[0] else None
    kind = MarkupLabel if label.markup else CoreLabel   # markup tags take no room once rendered
    core = kind(text=label.text, font_size=label.font_size, bold=label.bold,
                     font_name=label.font_name, text_size=(width, None), markup=label.markup,
                     padding=label.padding, line_height=label.line_height)
    core.refresh()
    return core.texture.size if core.texture else (0, 0)


def _broken_word(label: Label) -> str | None:
    """A word wider than the width the label wraps at (Kivy then cuts it mid-word,
    "πορτοκ-αλί"), or None when every word fits whole on a line."""
    width = label.text_size[0] if label.text_size and label.text_size[0] else None
    if width is None:
        return None
    pad = list(label.padding)
    width -= pad[0] + pad[2] if len(pad) == 4 else 2 * pad[0]
    for word in set(_plain(label.text).split()):
        core = CoreLabel(text=word, font_size=label.font_size, bold=label.bold, font_name=label.font_name)
        core.refresh()
        if core.texture and core.texture.size[0] > width + 1:
            return word
    return None


def _cut_short(label: Label) -> bool:
    """A label Kivy drew shortened: its rendered lines end in "..." where its text does not."""
    lines = getattr(label._label, "_cached_lines", None) or []
    drawn = "".join(word.text for line in lines for word in line.words)
    return "..." in drawn and "..." not in label.text


def _rendered_contrast(image: np.ndarray, box: tuple[int, int, int, int]) -> float | None:
    """Contrast between a text box's background (its most common colour) and its ink
    (the pixels farthest from the background), from the screenshot (BGR, rows top-down)."""
    x, y, w, h = box
    height = image.shape[0]
    inset = 2   # text never touches its box's edge; what does is a neighbour's outline or glow
    top, bottom = max(0, height - (y + h) + inset), min(height, height - y - inset)
    box_pixels = image[top:bottom, max(0, x + inset):max(0, x + w - inset)]
    patch = box_pixels.reshape(-1, 3)
    if len(patch) < 20:
        return None
    colours, counts = np.unique(patch // 8, axis=0, return_counts=True)
    background = (colours[counts.argmax()] * 8 + 4)[::-1] / 255
    # the ink is looked for inside the patch's outer ring: a pixel or two of a neighbour's
    # rounded outline corner can reach the ring, the glyphs never do
    inner = box_pixels[1:-1, 1:-1].reshape(-1, 3) if min(box_pixels.shape[:2]) > 4 else patch
    rgb = inner[:, ::-1] / 255
    distance = np.abs(rgb - background).sum(axis=1)
    if distance.max() < 0.15:
        return None   # no text drawn here
    ink = rgb[distance >= 0.8 * distance.max()].mean(axis=0)   # the glyphs' cores, not their edges
    return contrast(tuple(ink), tuple(background))


def _window_box(widget) -> tuple[float, float, float, float]:
    x, y = widget.to_window(*widget.pos)
    return x, y, x + widget.width, y + widget.height


def _in_view(widget) -> bool:
    """Wholly inside every scrolling area around it (else part of it is not drawn)."""
    x0, y0, x1, y1 = _window_box(widget)
    node = widget.parent
    while node is not None and node.parent is not node:
        if isinstance(node, ScrollView):
            sx0, sy0, sx1, sy1 = _window_box(node)
            if x0 < sx0 - 1 or y0 < sy0 - 1 or x1 > sx1 + 1 or y1 > sy1 + 1:
                return False
        node = node.parent
    return True


def _on_screen(widget) -> bool:
    """Wholly inside the window (a button pushed past the edge cannot be reached)."""
    from kivy.core.window import Window

    x0, y0, x1, y1 = _window_box(widget)
    return x0 >= -1 and y0 >= -1 and x1 <= Window.width + 1 and y1 <= Window.height + 1


def measure(probe, screenshot: Path, whole_words: bool = False) -> list[dict]:
    """``whole_words``: a word wrapped mid-word ("πορτοκ-αλί") or a label Kivy drew
    shortened ("czerw…") is a problem too (the gallery asks; screens still failing it are
    listed there as warnings)."""
    image = _read(screenshot)
    problems: list[dict] = []
    for widget in probe.walk(probe.app.root):
        if not probe.visible(widget):
            continue
        x, y = widget.to_window(*widget.pos)
        box = (int(x), int(y), int(widget.width), int(widget.height))
        text = str(getattr(widget, "text", "") or "")
        where = {"cls": type(widget).__name__, "text": text[:60], "box": box}
        if _tappable(widget) and not widget.disabled and min(widget.size) < MIN_TARGET_PX - 0.5:
            problems.append({**where, "problem": f"target {min(widget.size):.0f} px"})
        if _tappable(widget) and _in_view(widget) and not _on_screen(widget):
            problems.append({**where, "problem": "partly off the screen"})
        if isinstance(widget, Label) and text.strip():
            if widget.font_size < MIN_TEXT_PX - 0.01:
                problems.append({**where, "problem": f"text {widget.font_size:.0f} px"})
            need_w, need_h = _full_text_size(widget)
            if need_w > widget.width + 2 or need_h > widget.height + 2:
                problems.append({**where, "problem": f"clipped: needs {need_w:.0f}x{need_h:.0f}"})
            if whole_words:
                broken = _broken_word(widget)
                if broken is not None:
                    problems.append({**where, "problem": f"word cut: {broken}"})
                if widget.shorten and _cut_short(widget):
                    problems.append({**where, "problem": "cut short with …"})
            if not widget.disabled and _in_view(widget):
                ratio = _rendered_contrast(image, box)
                # symbols alone (a cube's coloured dot) need WCAG's 3:1 for graphics, text 4.5:1
                needed = MIN_CONTRAST if any(c.isalnum() for c in _plain(text)) else MIN_SYMBOL_CONTRAST
                if ratio is not None and ratio < needed:
                    problems.append({**where, "problem": f"contrast {ratio:.2f}:1"})
    return problems


def _read(path: Path) -> np.ndarray:
    import cv2

    image = cv2.imread(str(path))
    if image is None:
        raise AssertionError(f"no screenshot {path}")
    return image
