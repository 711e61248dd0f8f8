"""Coloretto table view pieces: card chips, row strips, player lines and the score
breakdown (a player's optimal score line by line), with how each card reads."""
from __future__ import annotations

from typing import Any, Sequence

from kivy.core.text import Label as CoreLabel
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.coloretto.view_model import GOLDEN_JOKER, LAST_ROUND, ColorettoViewModel, colour_name
from companion.messages import N_, Text
from ui.colours import BLACK, WHITE, contrast, ink_on
from ui.games.kit import text_fill
from ui.widgets.colour_mark import symbol_of, symbol_texture
from vision.games.coloretto.camera import CARD_RGB

#: how each card reads on screen (colour names as the catalogue gives them)
CARD_NAMES = {"green": N_("green"), "yellow": N_("yellow"), "orange": N_("orange"),
              "blue": N_("blue"), "pink": N_("pink"), "brown": N_("brown"), "grey": N_("grey"),
              "joker": N_("joker"), "plus2": N_("+2"), LAST_ROUND: N_("last round"),
              GOLDEN_JOKER: N_("golden joker")}
CHIP_WIDTH, CHIP_HEIGHT = 34, 80


def card_name(app: Any, card: str) -> str:
    if card in CARD_NAMES:
        return app.tr(CARD_NAMES[card])
    name = colour_name(card)
    return app.tr(name) if name is not None else card


#: cards drawn in another shade than the camera's reference colour of the printed card
#: (CARD_RGB): green lighter, orange darker, pink lighter, so that no two are close under
#: simulated colour blindness (tests/ui/test_colour_palettes.py)
DRAWN_RGB = {"green": "#4ab859", "orange": "#d47300", "pink": "#fa85c9"}


def card_rgba(card: str) -> list[float]:
    """The fill a card is drawn in (RGBA 0..1)."""
    code = DRAWN_RGB.get(card) or CARD_RGB.get(card) or ("#d4a017" if card == GOLDEN_JOKER else "#777777")
    return [int(code[i:i + 2], 16) / 255.0 for i in (1, 3, 5)] + [1.0]


# -- widgets --------------------------------------------------------------------------

#: a card must stand out from what it lies on (its row, its player's line) at least this much
CARD_CONTRAST = 3.0


def rim_rgba(face: Sequence[float], ground: Sequence[float]) -> list[float]:
    """The outline a card of fill ``face`` gets on ``ground``: none when the face itself
    stands out at least CARD_CONTRAST:1 (a yellow card on a dark row), else white or black,
    whichever stands out more from the ground (a brown card on the brown "take" row)."""
    if not ground or contrast(tuple(face[:3]), tuple(ground[:3])) >= CARD_CONTRAST:
        return [0, 0, 0, 0]
    light = contrast(WHITE, tuple(ground[:3])) >= contrast(BLACK, tuple(ground[:3]))
    return [1, 1, 1, 1] if light else [0, 0, 0, 1]


class CardChip(Label):
    """A card face: its colour (jokers striped), a short text on it; "" = an empty slot.
    ``ground`` is the colour it lies on (set by the view): a card too close to it in
    colour gets an outline (``rim``)."""

    card = StringProperty("")
    face = ListProperty([0, 0, 0, 0])
    ink = ListProperty([1, 1, 1, 1])
    ground = ListProperty([])
    rim = ListProperty([0, 0, 0, 0])
    #: the card colour's symbol (white, tinted ``ink`` when drawn) in its top left corner; None: none
    symbol = ObjectProperty(None, allownone=True)

    def on_card(self, _chip: Any, card: str) -> None:
        self.face = [*text_fill(card_rgba(card)[:3]), 1] if card else [0, 0, 0, 0]
        mark = symbol_of(card)
        self.symbol = symbol_texture(mark, sp(12), (1.0, 1.0, 1.0)) if mark else None
        self.ink = [*ink_on(self.face[:3]), 1] if card else [1, 1, 1, 1]
        self._set_rim()

    def on_ground(self, *_args: Any) -> None:
        self._set_rim()

    def _set_rim(self) -> None:
        self.rim = rim_rgba(self.face, self.ground) if self.card else [0, 0, 0, 0]


def lay_on(box: Any, ground: Sequence[float]) -> None:
    """The cards in ``box`` lie on ``ground`` (their row's or their line's fill)."""
    for chip in box.children:
        if isinstance(chip, CardChip):
            chip.ground = list(ground[:3])


class CardButton(ButtonBehavior, CardChip):
    """A card in the picker: tap = this card was drawn (or: this colour)."""


def text_width(text: str, label: Label) -> float:
    """How wide ``text`` is on one line in ``label``'s font."""
    core = CoreLabel(text=text, font_size=label.font_size, bold=label.bold, font_name=label.font_name)
    core.refresh()
    return core.texture.size[0] if core.texture else 0


def widest_word(label: Label) -> float:
    """The width of ``label``'s widest word in its font: what it needs so that a
    wrapped text breaks only between words ("πορτοκαλί" whole, never "πορτοκ-αλί")."""
    return max([0.0] + [text_width(word, label) for word in label.text.split()])


def fit_words(button: Label, least: float = 48) -> Label:
    """``button`` as wide as its widest word (at least ``least`` dp, a fingertip), its
    text wrapped between words only."""
    button.size_hint_x = None
    button.width = max(dp(least), widest_word(button) + dp(10))
    return button


class RowStrip(ButtonBehavior, BoxLayout):
    """One row card with the cards beside it; tap = place here or take it."""

    index = NumericProperty(0)
    title = StringProperty("")
    status = StringProperty("")
    tint = ListProperty([0.2, 0.23, 0.27, 1])

    def fit_slots(self) -> None:
        """The row's name and status as wide as their words, the cards sharing the rest
        (each its colour name whole, "pomarańczowy", and the room left in equal parts)."""
        name, status, box = self.ids.name, self.ids.status, self.ids.slots
        name.width = text_width(name.text, name) + dp(6)
        status.width = min(dp(120), text_width(status.text, status) + dp(6)) if status.text else 0
        chips = [c for c in box.children if isinstance(c, CardChip)]
        if not chips:
            return
        needs = [text_width(c.text, c) + dp(10) if c.text else dp(24) for c in chips]
        extra = max(0.0, box.width - dp(3) * len(chips) - sum(needs)) / len(chips)
        for chip, need in zip(chips, needs):   # a long word gets more of the row than an empty slot
            chip.height = box.height
            chip.width = need + extra


class PlayerLine(ButtonBehavior, BoxLayout):
    """A player: name, whether they took a row, their cards by colour, the live score."""

    seat = NumericProperty(0)
    title = StringProperty("")
    score = StringProperty("")
    current = BooleanProperty(False)
    out = BooleanProperty(False)
    #: the seat's colour chosen in setup (ui.colours.seat_rgb)
    back = ListProperty([0.5, 0.5, 0.5])
    glow = NumericProperty(0.0)

    def fit_chips(self) -> None:
        """Chips share the room beside name and score: card-shaped, at most CHIP_HEIGHT tall."""
        chips = [c for c in self.ids.chips.children if isinstance(c, CardChip)]
        if chips:
            room = (self.ids.chips.width - dp(2) * len(chips)) / len(chips)
            height = min(dp(CHIP_HEIGHT), self.ids.chips.height)
            for chip in chips:
                chip.height = height
                chip.width = max(dp(16), min(max(dp(CHIP_WIDTH), height * 0.72), room))


class Breakdown(BoxLayout):
    """One player's optimal score, line by line, with the joker colours."""

    title = StringProperty("")
    total = StringProperty("")
    winner = BooleanProperty(False)


TINT_IDLE = [0.2, 0.23, 0.27, 1]
TINT_PLACE = [0.16, 0.42, 0.3, 1]
TINT_TAKE = [0.45, 0.33, 0.12, 1]
TINT_TAKEN = [0.13, 0.14, 0.16, 1]



def breakdown(app: Any, vm: ColorettoViewModel, seat: int, final: bool) -> Breakdown:
    """The score of ``seat`` line by line: colours (+ or −), +2 cards, joker colours."""
    hand = vm.hands[seat]
    panel = Breakdown(title=vm.name(seat), total=str(hand.total), winner=final and seat in vm.winners)
    lines = panel.ids.lines
    if hand.assignment:
        named = ", ".join(card_name(app, c) if c else app.tr("unassigned") for c in hand.assignment)
        lines.add_widget(Factory.BreakdownNote(text=app.tr("Jokers as: {colours}", colours=named)))
    for colour in hand.colours:
        text = app.tr("×{cards}", cards=colour.total_cards)
        if colour.jokers:
            text += " " + app.tr(Text("({count} joker)", "({count} jokers)", count=colour.jokers))
        points = f"+{colour.points}" if colour.positive else f"−{abs(colour.points)}"
        lines.add_widget(_breakdown_line(colour.colour, card_name(app, colour.colour), text, points))
    if hand.plus2:
        lines.add_widget(_breakdown_line("plus2", "+2", app.tr("×{cards}", cards=hand.plus2),
                                         f"+{hand.plus2_points}"))
    return panel


def show_cards(box: Any, cards: list[tuple[str, str]], **chip: Any) -> list[CardChip]:
    """``box`` shows one chip per (card, text) and a filler after them; the chips
    are updated in place and only made again when their number changes."""
    chips = [w for w in reversed(box.children) if isinstance(w, CardChip)]
    if len(chips) != len(cards):
        box.clear_widgets()
        chips = [CardChip(size_hint=(None, None)) for _ in cards]
        for widget in chips:
            for key, value in chip.items():   # after creation: the kv rule sets its own first
                setattr(widget, key, value)
            box.add_widget(widget)
        box.add_widget(Label())
    for widget, (card, text) in zip(chips, cards):
        widget.card, widget.text = card, text
    return chips


def _breakdown_line(card: str, name: str, text: str, points: str) -> Any:
    line = Factory.BreakdownLine()
    line.add_widget(fit_words(CardChip(card=card, text=name, font_size="14sp"), least=96))
    label = Label(text=text, font_size="14sp", halign="left", valign="middle")
    label.bind(size=lambda widget, size: setattr(widget, "text_size", size))   # its whole width
    line.add_widget(label)
    line.add_widget(Label(text=points, font_size="15sp", bold=True, size_hint_x=None, width=40))
    return line


def escape(text: str) -> str:
    """``text`` shown literally inside Kivy markup."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


