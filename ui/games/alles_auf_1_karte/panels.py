"""The seat panels of the Alles auf 1 Karte table: each seat's open and scored
cards, its status line and its button, and the advanced variant's display.

:class:`SeatPanels` is mixed into :class:`ui.games.alles_auf_1_karte.view.AllesView`;
it reads the view model (``self.vm``) and the taps not yet confirmed
(``self.choices``, ``self.keeping``).  Panels and the cards in them are reused
from refresh to refresh and updated in place.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.utils import escape_markup

from companion.alles_auf_1_karte.view_model import AllesSeat, AllesViewModel, CardOption
from companion.errors import CompanionError
from companion.messages import N_, Text
from ui.colours import colour_key, ink_on, seat_rgb
from ui.widgets.colour_mark import with_symbol
from ui.games.alles_auf_1_karte.cards import CardView
from ui.games.kit import reuse, tag, text_fill

#: colour names as the players read them (translated through app.tr)
COLOUR_WORDS = {"red": N_("red"), "orange": N_("orange"), "yellow": N_("yellow"),
                "green": N_("green"), "blue": N_("blue"), "purple": N_("purple")}
MIN_CARD_W = 170
#: the column of panel tabs (dp), when the panels do not all fit side by side
TABS_DP = 150
SCORED_W = 64
BACK_IDLE = [0.16, 0.18, 0.21, 1]
BACK_FLASH = [0.45, 0.33, 0.04, 1]   # amber, light text on it above 5:1
BACK_ACTIVE = [0.14, 0.27, 0.4, 1]
BACK_DISPLAY = [0.2, 0.2, 0.14, 1]
BAND_NONE = [0.25, 0.25, 0.2, 1]


class AaSeatPanel(BoxLayout):
    """One seat (or the display): name and total, its cards, its status and button."""

    seat = ObjectProperty(None, allownone=True)
    back = ListProperty(BACK_IDLE)
    #: the name strip: the seat's colour chosen in setup (text_fill), its text black or white
    band = ListProperty(BAND_NONE)
    ink = ListProperty([1, 1, 1, 1])
    #: the seat's colour as set-up keeps it (its symbol before the name); '' for the display
    colour = StringProperty("")
    #: the footer's one button and the strip of scored cards (None: none)
    button: Any = None
    scored: Any = None
    #: the panel's narrowest width (set by each build before the panels are sized)
    min_width: float = dp(MIN_CARD_W)

    def set_button(self, button: Any | None) -> None:
        """The footer's one button (Pass, Keep), replacing the last one."""
        old = self.button
        if old is not None:
            self.ids.footer.remove_widget(old)
        self.button = button
        if button is not None:
            self.ids.footer.add_widget(button, index=1)

    def footer_button(self, wid: str, text: str, action: Any, disabled: bool = False) -> Any:
        """The footer's one button (Pass, Keep) tagged ``wid``, kept from refresh to refresh
        while it stays that button: a refresh (a glow ending, a camera frame) while a finger
        rests on it must not swap it for a new one, which would lose the tap."""
        self.button_wanted = True
        button = self.button
        if button is None or button.test_id != wid:
            button = tag(Factory.AaButton(), wid)
            button.plain_background = list(button.background_color)
            button.bind(on_release=lambda pressed: pressed.action())
            self.set_button(button)
        button.text, button.disabled, button.action = text, disabled, action
        button.background_color = button.plain_background
        return button

    def set_scored(self, strip: Any | None) -> None:
        """The strip of scored cards after the open ones, replacing the last one."""
        old = self.scored
        if old is not None:
            self.ids.cards.remove_widget(old)
        self.scored = strip
        if strip is not None:
            self.ids.cards.add_widget(strip)

    def card_views(self, count: int, on_tap: Any) -> list[CardView]:
        """``count`` card widgets, reused (and reset) from the last refresh."""
        views = reuse(self.ids.cards, count, lambda _i: _tappable(CardView(), on_tap))
        for view in views:
            view.preview, view.unfit, view.chosen_colours = [], [], []
            view.note, view.selected, view.best, view.dim = "", False, False, False
        return views


def _tappable(view: CardView, on_tap: Any) -> CardView:
    view.bind(on_release=on_tap)
    return view


class SeatPanels:
    """Building and sizing the panels (mixin of the Alles view)."""

    vm: AllesViewModel
    first_panel: Any = None   # the panel the row starts from when not all fit (a seat, or "display")

    def colour_word(self, colour: str) -> str:
        return self.tr(COLOUR_WORDS.get(colour, colour))

    def colours_text(self, colours: tuple[str, ...] | list[str]) -> str:
        return ", ".join(self.colour_word(c) for c in colours)

    def seat_band(self, seat: int) -> tuple[list[float], list[float]]:
        """A seat's colour from setup as a fill under text, and the ink that reads on it."""
        players = self.session.config.players
        fill = text_fill(seat_rgb(players[seat].colour if seat < len(players) else "", seat))
        return [*fill, 1], [*ink_on(fill), 1]

    def _build_panels(self, vm: AllesViewModel) -> None:
        entries: list[AllesSeat | None] = ([None] if vm.shows_display else []) + list(vm.seats)
        panels = reuse(self.ids.seats, len(entries), lambda _i: AaSeatPanel())
        for panel, seat in zip(panels, entries):
            panel.button_wanted = False
            panel.set_scored(None)
            if seat is None:
                self._display_panel(panel, vm)
            else:
                self._seat_panel(panel, vm, seat)
            if not panel.button_wanted:   # no Pass/Keep in this phase
                panel.set_button(None)
        # a new moment (a throw, a phase, another player's turn) shows the acting panel first
        moment = (vm.round, vm.throws, vm.phase, vm.active_seat, vm.replacing_seat)
        if moment != getattr(self, "_panel_moment", None):
            self._panel_moment = moment
            self.first_panel = self._acting_panel(vm)
        self._size_panels()

    def _acting_panel(self, vm: AllesViewModel) -> Any:
        """The panel the moment is about: the display while a card is taken from it, else
        the active player's (the first still to act when there is none)."""
        if vm.phase == "replace" and vm.shows_display:
            return "display"
        if vm.active_seat is not None:
            return vm.active_seat
        return next((s for s in vm.to_act if isinstance(s, int) and s >= 0), None)

    def _size_panels(self) -> None:
        """Every panel side by side when they fit; else as many as fit from the one chosen
        (the acting one at each new moment), and a tab per panel to bring any into view:
        no panel is ever cut by the screen's edge, nor reached only by scrolling sideways."""
        panels = list(reversed(self.ids.seats.children))
        if not panels:
            return
        gap, whole = dp(6), self.ids.panels_row.width
        needs = [p.min_width for p in panels]
        room = whole
        if sum(needs) + gap * (len(panels) - 1) <= room:
            shown = list(range(len(panels)))
        else:                     # the tabs' column takes its share first
            room = whole - dp(TABS_DP) - gap
            keys = [self._panel_key(p) for p in panels]
            start = keys.index(self.first_panel) if self.first_panel in keys else 0
            shown, used = [], 0.0
            for step in range(len(panels)):
                index = (start + step) % len(panels)
                extra = needs[index] + (gap if shown else 0)
                if shown and used + extra > room:
                    break
                shown.append(index)
                used += extra
            shown.sort()
        # (a panel behind its tab has no width, but the row still puts a gap after it)
        spare = room - sum(needs[i] for i in shown) - gap * (len(panels) - 1)
        for index, panel in enumerate(panels):
            if index in shown:
                panel.width = needs[index] + max(0.0, spare) / len(shown)
                panel.opacity, panel.disabled = 1, False
            else:                 # behind its tab
                panel.width, panel.opacity, panel.disabled = 0, 0, True
        self.ids.seats.spacing = gap
        self._show_tabs(panels, shown if len(shown) < len(panels) else None)

    @staticmethod
    def _panel_key(panel: AaSeatPanel) -> Any:
        return "display" if panel.seat is None else panel.seat

    def _show_tabs(self, panels: list[AaSeatPanel], shown: list[int] | None) -> None:
        """A tab per panel (its name and total, in the seat's colour; the panels in view
        framed) when not all fit; none when they do."""
        box = self.ids.panel_tabs
        if shown is None:
            box.clear_widgets()
            return
        tabs = reuse(box, len(panels), lambda _i: self._new_tab())
        for index, (tab, panel) in enumerate(zip(tabs, panels)):
            tab.key = self._panel_key(panel)
            tab.text = f"{panel.ids.name.text}\n{escape_markup(panel.ids.total.text)}"   # the name with its symbol
            tab.fill, tab.ink = list(panel.band), list(panel.ink)
            tab.chosen = index in shown
            tab.acting = panel.back == BACK_ACTIVE or (panel.seat is None and self.vm.phase == "replace")
            tag(tab, f"panel_tab_{tab.key}")

    def _new_tab(self) -> Any:
        tab = Factory.AaPanelTab()
        tab.bind(on_release=lambda t: self.show_panel(t.key))
        return tab

    def show_panel(self, key: Any) -> None:
        """A tab tapped: its panel in view (with those after it that fit)."""
        self.first_panel = key
        self._size_panels()

    def _display_panel(self, panel: AaSeatPanel, vm: AllesViewModel) -> None:
        panel.seat = None
        panel.colour = ""
        panel.ids.name.text = escape_markup(self.tr("Display"))
        panel.ids.total.text = self.tr("Pile: {count}", count=len(vm.pile))
        choosing = vm.phase == "replace"
        for view, card in zip(panel.card_views(len(vm.display), self.tap_card), vm.display):
            view.data, view.best = card, choosing
            view.payload = ("display", card["id"])
        panel.ids.status.text = (self.tr("{name}: tap the card you take", name=vm.name(vm.replacing_seat))
                                 if choosing else "")
        panel.min_width = dp(MIN_CARD_W) * max(1, len(vm.display))
        panel.back = BACK_DISPLAY
        panel.band, panel.ink = BAND_NONE, [1, 1, 1, 1]

    def _seat_panel(self, panel: AaSeatPanel, vm: AllesViewModel, seat: AllesSeat) -> None:
        number = seat.seat
        panel.seat = number
        players = self.session.config.players
        panel.colour = colour_key(players[number].colour if number < len(players) else None) or ""
        panel.ids.name.text = with_symbol(escape_markup(seat.name), panel.colour)
        panel.ids.total.text = self.tr("{points} pts", points=seat.score)
        panel.band, panel.ink = self.seat_band(number)
        if number in self.flashing:
            panel.back = BACK_FLASH
        elif number == vm.active_seat:
            panel.back = BACK_ACTIVE
        else:
            panel.back = BACK_IDLE
        marking = vm.phase == "mark" and not seat.decided
        choice = self.choices.get(number)
        views = panel.card_views(len(seat.open), self.tap_card)
        for position, (view, card) in enumerate(zip(views, seat.open), start=1):
            view.data = card
            view.payload = ("seat", number, card["id"], position)
            if marking:
                self._dress_for_marking(view, seat, card, seat.option(card["id"]), choice)
            elif vm.phase == "keep":
                view.selected = card["id"] in self.keeping.get(number, set())
                view.note = self.tr("keep") if view.selected else ""
            else:
                view.note = self.tr(Text("{count} row · {left} to go", "{count} rows · {left} to go",
                                         count=card["complete_rows"], left=card["fields_to_score"]))
        scored_w = 0.0
        if seat.scored:
            label = Factory.Label(text=self.tr("Scored"), font_size="14sp", size_hint_y=None,
                                  height=dp(20))
            label.texture_update()   # the strip is as wide as the word in every language
            scored_w = max(dp(SCORED_W), label.texture_size[0] + dp(6))
            strip = BoxLayout(orientation="vertical", size_hint_x=None, width=scored_w, spacing=dp(3))
            strip.add_widget(label)
            for scored in seat.scored:
                strip.add_widget(Factory.AaScoredChip(text=str(scored["score"])))
            strip.add_widget(BoxLayout())
            panel.set_scored(strip)
        panel.min_width = (dp(MIN_CARD_W) * max(2, len(seat.open))
                           + scored_w)
        self._seat_footer(panel, vm, seat, marking)

    def _dress_for_marking(self, view: CardView, seat: AllesSeat, card: dict[str, Any],
                           option: CardOption | None, choice: tuple[Any, ...] | None) -> None:
        """Show what this roll does to the card: colours that do not fit are struck
        through; the chosen card shows its ghost marks and what it would give."""
        if option is None:
            return
        view.unfit = [c.colour for c in option.colours if not c.fits]
        view.best = seat.hint is not None and seat.hint.best_card == card["id"]
        if choice is not None and choice[0] == "card" and choice[1] == card["id"]:
            preview = self._preview(seat.seat, card["id"], choice[2])
            view.selected = True
            view.chosen_colours = list(choice[2])
            if preview is not None:
                view.preview = list(preview.marks_after)
                view.note = (self.tr(Text("scores {count} point!", "scores {count} points!", count=preview.score))
                             if preview.would_score
                             else self.tr(Text("+{count} field", "+{count} fields", count=preview.fields_gained)))
            return
        if not option.default_colours:
            view.note = self.tr("nothing fits")
        elif option.would_score:
            view.note = self.tr(Text("could score {count} point", "could score {count} points", count=option.score))
        else:
            view.note = self.tr("+{fields} possible", fields=option.fields_gained)
        view.dim = choice is not None

    def _preview(self, seat: int, card_id: str, colours: tuple[str, ...]) -> CardOption | None:
        try:
            return self.session.game.preview_mark(self.session.state, seat, card_id, colours)
        except CompanionError:
            return None

    def _seat_footer(self, panel: AaSeatPanel, vm: AllesViewModel, seat: AllesSeat,
                     marking: bool) -> None:
        number, status = seat.seat, panel.ids.status
        if marking:
            choice = self.choices.get(number)
            status.text = self._choice_text(seat, choice)
            button = panel.footer_button(f"pass_{number}", self.tr("Pass"), lambda: self.toggle_pass(number))
            if choice == ("pass",):
                button.background_color = (0.55, 0.35, 0.05, 1)   # chosen: amber, white text 5.9:1
        elif vm.phase == "mark":
            status.text = self._decision_text(seat)
        elif vm.phase == "keep" and number in vm.to_act:
            chosen = len(self.keeping.get(number, set()))
            status.text = self.tr("Tap the 3 cards to keep ({count} chosen)", count=chosen)
            panel.footer_button(f"keep_{number}", self.tr("Keep"), lambda: self.keep_cards(number),
                                disabled=chosen != 3)
        elif seat.closest is not None:
            status.text = self.tr(Text("Closest to scoring: card {n} ({count} field to go)",
                                       "Closest to scoring: card {n} ({count} fields to go)", n=seat.closest + 1,
                                       count=seat.open[seat.closest]["fields_to_score"]))
        else:
            status.text = ""

    def _choice_text(self, seat: AllesSeat, choice: tuple[Any, ...] | None) -> str:
        if choice == ("pass",):
            return self.tr("Passes this roll")
        if choice is not None:
            return self.tr("Card {n}: {colours}", n=seat.position(choice[1]),
                           colours=self.colours_text(choice[2]))
        hint = seat.hint
        parts = []
        best = seat.option(hint.best_card) if hint is not None and hint.best_card else None
        if best is not None:
            n = seat.position(best.card)
            parts.append(self.tr(Text("Best: card {n} (scores {count} point)", "Best: card {n} (scores {count} points)",
                                      n=n, count=best.score))
                         if best.would_score
                         else self.tr("Best: card {n} (+{fields})", n=n, fields=best.fields_gained))
        else:
            parts.append(self.tr("Nothing fits: Pass"))
        if hint is not None and hint.closest_card:
            parts.append(self.tr("closest: card {n} ({left} to go)",
                                 n=seat.position(hint.closest_card), left=hint.fields_to_score))
        return " · ".join(parts)

    def _decision_text(self, seat: AllesSeat) -> str:
        decision = seat.decision or {}
        if decision.get("card") is None:
            return self.tr("Passed")
        if decision.get("scored") is not None:
            return self.tr(Text("Scored a card: {count} point", "Scored a card: {count} points",
                                count=decision["scored"]))
        return self.tr("Marked {colours}", colours=self.colours_text(decision["colours"]))
