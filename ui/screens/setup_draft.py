"""What the setup screen holds until Start or Cancel (no Kivy): the players' seats
(a name the players typed or chose, a colour they picked) and the options entered.

A seat's name and colour are empty while they are the defaults: the screen then
shows "Player n" and the seat's default colour in the language of the moment, so a
language switch never leaves another language's defaults behind.  Colours are kept
as palette keys ("red"), never as labels; two seats never share a colour (choosing a
colour another seat has swaps the two)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SeatDraft:
    name: str = ""       # "" = the default name ("Player n" in the current language)
    colour: str = ""     # "" = the seat's default colour; else a palette key


@dataclass
class SetupDraft:
    palette: tuple[str, ...]
    seats: list[SeatDraft] = field(default_factory=list)
    #: (game, option name) -> the value entered (a choice's value, or the text typed)
    options: dict[tuple[str, str], str] = field(default_factory=dict)
    #: (game, option group) shown open on the setup screen
    open_groups: set[tuple[str, str]] = field(default_factory=set)

    def seat(self, index: int) -> SeatDraft:
        while len(self.seats) <= index:
            self.seats.append(SeatDraft())
        return self.seats[index]

    def colours(self, count: int) -> list[str]:
        """The colour of each of the first ``count`` seats: the picked ones, then each
        default seat its own default colour when free, else the first free one."""
        picked = [self.seat(i).colour for i in range(count)]
        used = {c for c in picked if c}
        found = []
        for index, colour in enumerate(picked):
            if not colour:
                default = self.palette[index % len(self.palette)]
                colour = default if default not in used else next(
                    (c for c in self.palette if c not in used), default)
                used.add(colour)
            found.append(colour)
        return found

    def choose_colour(self, index: int, colour: str, count: int) -> None:
        """Seat ``index`` takes ``colour``; a seat that had it takes this seat's colour."""
        colours = self.colours(count)
        if colour in colours and colours.index(colour) != index:
            self.seat(colours.index(colour)).colour = colours[index]
        self.seat(index).colour = colour

    def seat_of(self, name: str, count: int) -> int | None:
        """The seat (among the first ``count``) whose typed or chosen name is ``name``."""
        wanted = name.strip().casefold()
        return next((i for i in range(count) if self.seat(i).name.strip().casefold() == wanted), None)

    def take(self, name: str, colour: str, count: int, most: int) -> tuple[int | None, int]:
        """A known player sits at the first seat that still has its default name (a new
        seat when every seat is named and the game allows more), in their usual colour
        when it is in the palette.  Returns (their seat or None when the table is full,
        the number of seats)."""
        free = next((i for i in range(count) if not self.seat(i).name.strip()), None)
        if free is None:
            if count >= most:
                return None, count
            free, count = count, count + 1
            self.seat(free)
            self.seats[free] = SeatDraft()    # a seat left earlier: nothing of its own kept
        self.seat(free).name = name
        if colour in self.palette:
            self.choose_colour(free, colour, count)
        return free, count

    def leave(self, index: int) -> None:
        """Seat ``index`` goes back to its default name (its colour stays)."""
        self.seat(index).name = ""
