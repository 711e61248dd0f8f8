"""The map's key, one tap away at any screen size: what each mark on the map means
(the number on a white disc is the points of an undiscovered port's shield), and
every port on the board with its points, the good loaded there and who discovered it."""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.popup import Popup

from companion.caravelas.actions import good_word, port_name
from companion.messages import N_, Text
from ui.games.kit import tag

#: the marks on the map, in the order the key explains them
LEGEND = (N_("Gold square: Lisbon"),
          N_("White disc with a number: a port nobody has discovered yet; the number is the points its "
             "shield gives"),
          N_("Disc in a player's colour: that player's monument on a discovered port"),
          N_("Black flag: pirates · blue or red disc: an event cell · arrows: currents"),
          N_("White outline: where the ship may go next · yellow line: the path tapped so far"))


class MapKeyPopup(Popup):
    """The key of ``view``'s map (a :class:`ui.games.caravelas.mapped.CaravelasMapView`)."""

    def __init__(self, view: Any, **kwargs: Any):
        super().__init__(**kwargs)
        app = App.get_running_app()
        self.title = app.tr("Map key")
        for line in LEGEND:
            self.ids.lines.add_widget(Factory.MapKeyLine(text=app.tr(line)))
        self.ids.lines.add_widget(Factory.MapKeyHeading(text=app.tr("Ports on this board: tap one to find it")))
        board = view.session.state.rules.board
        for port, words in port_lines(app, view.session):
            button = Factory.MapKeyPort(text=words)
            button.bind(on_release=lambda _b, cell=board.port_cells[port]: self.find(view, cell))
            tag(button, f"key_port_{port}")
            self.ids.lines.add_widget(button)

    def find(self, view: Any, cell: str) -> None:
        """Close the key and ring the port's cell on the map, scrolled into view."""
        self.dismiss()
        view.spot_cell(cell)


def port_lines(app: Any, session: Any) -> list[tuple[str, str]]:
    """Each port of the board (id, words), by name: its points (or who discovered it)
    and its good."""
    state = session.state
    board = state.rules.board
    goods = {port: good for good, port in dict(state.rules.goods_ports).items()}
    owners = dict(state.discovered)
    names = [p.name for p in session.config.players]
    lines = []
    for port in sorted(board.port_cells, key=port_name):
        parts = [port_name(port)]
        if port in owners:
            parts.append(app.tr("discovered by {name}", name=names[owners[port]]))
        else:
            parts.append(app.tr(Text("{count} point", "{count} points", count=board.port_vp[port])))
        if port in goods:
            parts.append(app.tr("loads {good}", good=app.say(good_word(goods[port]))))
        lines.append((port, " · ".join(parts)))
    return lines
