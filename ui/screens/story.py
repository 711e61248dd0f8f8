"""A game's story: each player's score-if-the-game-ended-now turn after turn (a
kivy_garden.graph chart), round ends and notable events marked, the final totals."""
from __future__ import annotations

import logging

from kivy.app import App
from kivy.metrics import dp
from kivy.properties import NumericProperty, StringProperty
from ui.colours import colour_key
from ui.widgets.colour_mark import symbol_of
from ui.app_screen import AppScreen
from ui.table_controller import MainAction
from kivy.utils import escape_markup
from kivy_garden.graph import Graph, LinePlot, ScatterPlot

from companion.errors import CompanionError, JournalError
from companion.games import game_title
from companion.story import EVENT_LABELS, Story, journal_story
from ui.kv import load_kv
from ui.screens.home import WINNER_MARK

log = logging.getLogger(__name__)

#: line colours by the seat colour chosen at set-up; others take the palette in turn
COLOURS = {"red": (0.9, 0.3, 0.25, 1), "blue": (0.35, 0.6, 0.95, 1), "green": (0.3, 0.8, 0.4, 1),
           "yellow": (0.95, 0.85, 0.25, 1), "black": (0.6, 0.6, 0.6, 1), "white": (0.95, 0.95, 0.95, 1),
           "purple": (0.7, 0.45, 0.9, 1), "orange": (0.98, 0.6, 0.2, 1)}
PALETTE = tuple(COLOURS.values())
ROUND_COLOUR = (0.62, 0.68, 0.76, 1)   # a round's end: plain to see, fainter than the players' lines
FINAL_COLOUR = (1.0, 0.6, 0.2, 1)
EVENT_COLOUR = (1.0, 0.35, 0.35, 1)
SCORED_COLOUR = (0.95, 0.95, 0.95, 1)
load_kv(__file__)


def seat_colours(colours: list[str]) -> list[tuple]:
    return [COLOURS.get(c, PALETTE[i % len(PALETTE)]) for i, c in enumerate(colours)]


def swatch(mark: str, colour: tuple) -> str:
    """``mark`` in ``colour``, as label markup (in a font that has the mark)."""
    hex_colour = "".join(f"{int(c * 255):02x}" for c in colour[:3])
    return f"[color={hex_colour}][font=DejaVuSans]{mark}[/font][/color]"


def nice_step(span: float, ticks: int = 6) -> int:
    """A round tick spacing (1, 2, 5, 10, 20, ...) giving about ``ticks`` ticks."""
    step = 1
    while span / step > ticks:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    return step


class StoryScreen(AppScreen):
    heading = StringProperty("")
    legend = StringProperty("")
    game_id = NumericProperty(0)
    back_to = StringProperty("history")

    def main_action(self, button: str) -> MainAction | None:
        """The panel's CONFIRM / END TURN: Back."""
        return self.button_action("back")

    def open_game(self, game_id: int, back_to: str = "history") -> None:
        """Replay game ``game_id`` from the journal and show its story."""
        app = App.get_running_app()
        try:
            story = journal_story(app.journal, game_id)
        except JournalError as exc:
            app.show_banner(app.storage_failed(exc), seconds=10, error=True)
            return
        except CompanionError as exc:
            log.error("game #%d cannot be replayed for its chart: %s", game_id, exc)
            app.show_banner(app.tr("This game's record cannot be replayed, so it has no chart. "
                                   "Its moves are kept in the journal."), seconds=10, error=True)
            return
        entry = app.journal.game(game_id)
        colours = [str(p.get("colour", "")) for p in entry.config.get("players", []) if isinstance(p, dict)]
        self.game_id, self.back_to = game_id, back_to
        self.show(story, colours)
        app.manager.current = "story"

    def show(self, story: Story, colours: list[str]) -> None:
        app = App.get_running_app()
        self._story, self._colours = story, colours
        state = app.tr("Final scores") if story.sheet.final else app.tr("Scores if the game ended now")
        self.heading = f"{game_title(story.game)} · {state}"
        lines = seat_colours(colours)
        parts = []
        for seat, name in enumerate(story.names):
            star = WINNER_MARK if story.sheet.final and seat in story.sheet.winners else ""
            total = story.sheet.totals[seat] if seat < len(story.sheet.totals) else "?"
            mark = symbol_of(colour_key(colours[seat]) if seat < len(colours) else None) or "■"   # its line's colour
            parts.append(f"{swatch(mark, lines[seat])} {star}{escape_markup(name)} {total}")
        self.legend = "   ".join(parts)
        self._draw(story, lines)

    def _draw(self, story: Story, lines: list[tuple]) -> None:
        app = App.get_running_app()
        box = self.ids.chart
        box.clear_widgets()
        low, high = min(0, story.low), max(1, story.high)
        xmax = max(1, story.turns)
        graph = Graph(xlabel=app.tr("Turn"), ylabel=app.tr("Points"), xmin=0, xmax=xmax,
                      ymin=low, ymax=high + max(1, (high - low) // 10),
                      x_ticks_major=nice_step(xmax), y_ticks_major=nice_step(high - low),
                      x_grid_label=True, y_grid_label=True, x_grid=False, y_grid=True,
                      padding=dp(4), font_size="14sp", tick_color=(0.3, 0.33, 0.38, 1),
                      border_color=(0.4, 0.45, 0.5, 1), label_options={"color": (0.8, 0.85, 0.9, 1)})
        top = graph.ymax
        for event in story.events:
            if event.kind in ("round", "final"):
                mark = LinePlot(color=FINAL_COLOUR if event.kind == "final" else ROUND_COLOUR,
                                line_width=dp(1.5))
                mark.points = [(event.turn, low), (event.turn, top)]
                graph.add_plot(mark)
        for seat in range(len(story.names)):
            plot = LinePlot(color=lines[seat], line_width=dp(2))
            plot.points = story.series(seat)
            graph.add_plot(plot)
        for kind, colour, size in (("scored", SCORED_COLOUR, dp(2.5)), ("pirates", EVENT_COLOUR, dp(4))):
            marks = [e for e in story.events if e.kind == kind]
            if marks:  # on the line of the seat it concerns (a pirate attack: the victim's)
                dots = ScatterPlot(color=colour, point_size=size)
                dots.points = [(e.turn, story.points[e.turn].totals[e.seats[-1]]) for e in marks]
                graph.add_plot(dots)
        self.graph = graph
        box.add_widget(graph)
        self.ids.events.text = self._events_text(story)

    def _events_text(self, story: Story) -> str:
        app = App.get_running_app()
        counts: dict[str, int] = {}
        for event in story.events:
            counts[event.kind] = counts.get(event.kind, 0) + 1
        key = {"round": ("▏", ROUND_COLOUR), "final": ("▏", FINAL_COLOUR),
               "pirates": ("●", EVENT_COLOUR), "scored": ("•", SCORED_COLOUR)}
        parts = []
        for kind, (mark, colour) in key.items():
            if counts.get(kind):
                label = app.tr(EVENT_LABELS[kind])
                parts.append(f"{swatch(mark, colour)} {label} ×{counts[kind]}")
        return "   ".join(parts)

    def show_sheet(self) -> None:
        app = App.get_running_app()
        story = self._story
        scores = app.manager.get_screen("scores")
        scores.show_result(story.game, game_title(story.game), list(story.names), story.sheet.to_dict(),
                           self._colours, game_id=self.game_id or None)
        scores.back_to = "story"
        app.manager.current = "scores"
