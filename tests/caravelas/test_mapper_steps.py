"""The board mapper's instruction line: the current step and what is left of it, from
the tool and the map (never a step already done), in the four languages; the
pictures a USB stick offers the mapper."""
from __future__ import annotations

import pytest

from companion.caravelas import mapper as M
from companion.caravelas.data import PORTS
from companion.caravelas.mapper import step_text
from companion.caravelas.mapper_steps import SYMBOL_TOOLS
from companion.i18n import Translator
from companion.usb import Sticks, find_pictures


def grid(n: int) -> M.BoardMap:
    m = M.BoardMap()
    for k in range(n):
        m = m.apply(M.AddCell(100.0 * (k % 6), 100.0 * (k // 6)))
    return m


def say(text, lang: str = "en") -> str:
    return Translator(lang)(text)


def test_the_opening_asks_for_a_picture_until_there_is_one():
    empty = M.BoardMap().state
    assert say(step_text("cell", empty, picture=False)) == \
        "Take a picture of the board with the camera, or pick one from the USB stick."
    assert say(step_text("cell", empty, picture=True)).startswith("0 cells placed")


def test_corners_counted_then_the_cells():
    m = grid(0).state
    assert say(step_text("corners", m, picture=True, corners=2)).startswith("Tap the 4 board corners: 2 of 4")
    assert say(step_text("cell", grid(1).state, picture=True)).startswith("1 cell placed:")
    assert say(step_text("cell", grid(12).state, picture=True)).startswith("12 cells placed:")


def test_ports_placed_of_32_with_the_next_port_named():
    m = grid(14)
    for k, port in enumerate(PORTS[:12]):
        m = m.apply(M.PlacePort(m.state.cells[k].id, port.id, 1))
    text = say(step_text("port", m.state, picture=True, port=PORTS[12].id))
    assert text == f"12 of 32 ports placed: tap the cell of {PORTS[12].name}."


def test_no_stale_step_lisbon_and_second_taps():
    m = grid(3)
    assert say(step_text("lisbon", m.state, picture=True)) == "Tap Lisbon's cell."
    placed = m.apply(M.SetLisbon(m.state.cells[0].id)).state
    assert say(step_text("lisbon", placed, picture=True)).startswith("Lisbon is placed")
    assert say(step_text("edge", placed, picture=True, first="C001")) == "Now tap the second cell."
    assert say(step_text("edge", placed, picture=True)).startswith("Tap two neighbours")
    painted = m.apply(M.PaintPart("C001", "WEST")).state
    assert say(step_text("fillEast", painted, picture=True)).startswith("1 of 3 cells in an ocean part")


@pytest.mark.parametrize("lang", ["el", "it", "pl"])
def test_every_step_is_translated(lang):
    m = grid(5)
    texts = [step_text("cell", M.BoardMap().state, picture=False),
             step_text("corners", m.state, picture=True, corners=1),
             step_text("edge", m.state, picture=True), step_text("edge", m.state, picture=True, first="C001"),
             step_text("current", m.state, picture=True), step_text("dot", m.state, picture=True),
             step_text("lisbon", m.state, picture=True), step_text("port", m.state, picture=True, port=PORTS[0].id),
             step_text("west", m.state, picture=True)]
    texts += [step_text(t, m.state, picture=True) for t in SYMBOL_TOOLS]
    for n in (1, 2, 5, 22):
        texts.append(step_text("cell", grid(n).state, picture=True))
    for text in texts:
        english, translated = say(text), say(text, lang)
        assert translated != english, (lang, english)
        assert "{" not in translated, translated


def test_pictures_on_sticks(tmp_path):
    stick, locked = tmp_path / "stick", tmp_path / "locked"
    (stick / "photos" / "deeper" / "deepest").mkdir(parents=True)
    locked.mkdir()
    for path in (stick / "b.PNG", stick / "a.jpg", stick / "notes.txt", stick / ".hidden.png",
                 stick / "photos" / "c.jpeg", stick / "photos" / "deeper" / "too-deep.png", locked / "d.bmp"):
        path.write_bytes(b"x")
    found = find_pictures(Sticks((stick,), (locked,)))
    assert [p.relative_to(tmp_path).as_posix() for p in found] == [
        "locked/d.bmp", "stick/a.jpg", "stick/b.PNG", "stick/photos/c.jpeg"]
    assert find_pictures(Sticks()) == []
    assert len(find_pictures(Sticks((stick,)), limit=2)) == 2
