"""The sails of a copy's fleets, as the setup screen asks for them and remembers them.

The sail colours are printed only on the ships (digest §11, assumption A4: the
shipped default is invented), so before the first game of a copy the setup
screen asks each player for the real sails of their ships a, b and c.  What was
entered is kept in the game's config (option ``fleet.sails``, fleets by seat), so
the journal remembers it; here it is read back **by the player's colour** (the
colour chosen in setup, i.e. whose pieces), so a fleet follows its pieces when the
players sit differently, and the setup screen warns when the remembered fleets
were entered for other seats or another number of players.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from companion.errors import ConfigError
from companion.golden_horn.data import COLOURS, DEFAULT_FLEETS, SHIPS_PER_FLEET, parse_fleets
from companion.messages import Text

FLEET_OPTION = "fleet.sails"
SAILS_PER_SHIP = 3

Fleet = tuple[str, ...]      # the sails of ships a, b, c: e.g. ("RRR", "PPB", "GYR")


def fleet_text(fleets: Sequence[Fleet]) -> str:
    """Fleets by seat as the option's text: "RRR PPB GYR / BBB OOY PGB"."""
    return " / ".join(" ".join(fleet) for fleet in fleets)


def sample_fleet(seat: int) -> Fleet:
    """The shipped (invented) fleet of ``seat``: what is used when nothing was entered."""
    fleets = parse_fleets(DEFAULT_FLEETS, 4)
    return fleets[seat % len(fleets)]


def is_fleet(fleet: Sequence[str]) -> bool:
    """Three ships, each with 1–3 sails of the six colours."""
    return (len(fleet) == SHIPS_PER_FLEET
            and all(1 <= len(sails) <= SAILS_PER_SHIP and set(sails) <= set(COLOURS) for sails in fleet))


@dataclass(frozen=True)
class Remembered:
    """What one past game says about the copy's fleets: the players' colours by seat
    and their fleets by seat."""

    colours: tuple[str, ...]
    fleets: tuple[Fleet, ...]

    @property
    def by_colour(self) -> dict[str, Fleet]:
        return {c: f for c, f in zip(self.colours, self.fleets) if c}


def remembered_from(config: Mapping[str, Any] | None) -> Remembered | None:
    """The fleets a past game's config (as the journal keeps it) entered, with its
    players' colours; None when it entered none or they cannot be read."""
    if not isinstance(config, Mapping):
        return None
    options = config.get("options")
    pairs = options.items() if isinstance(options, Mapping) else options or ()
    try:
        text = dict(pairs).get(FLEET_OPTION)
        players = config.get("players") or ()
        colours = tuple(str(p.get("colour", "")).strip().lower() for p in players)
    except (TypeError, ValueError, AttributeError):
        return None
    if not isinstance(text, str) or not text.strip() or not colours:
        return None
    try:
        fleets = parse_fleets(text, len(colours))
    except ConfigError:
        return None
    return Remembered(colours, tuple(fleets[:len(colours)]))


@dataclass(frozen=True)
class FleetChoice:
    """The fleets the setup screen starts from for the players now at the table.

    ``fleets``: per seat the remembered fleet of that seat's colour, or None (not
    entered yet: the screen asks).  ``warning``: the remembered fleets were entered
    for other seats or another number of players (None when they match exactly).
    ``first_game``: nothing is remembered for this copy at all.
    """

    fleets: tuple[Fleet | None, ...]
    warning: Text | None
    first_game: bool

    @property
    def missing(self) -> tuple[int, ...]:
        return tuple(seat for seat, fleet in enumerate(self.fleets) if fleet is None)


def choose_fleets(colours: Sequence[str], remembered: Iterable[Remembered | None]) -> FleetChoice:
    """Each seat's fleet by its colour from the remembered games (newest first; the
    first that has the colour wins), and whether they were entered for other seats."""
    found = [r for r in remembered if r is not None]
    colours = tuple(c.strip().lower() for c in colours)
    known: dict[str, Fleet] = {}
    for past in found:
        for colour, fleet in past.by_colour.items():
            known.setdefault(colour, fleet)
    fleets = tuple(known.get(colour) for colour in colours)
    warning = None
    if found and any(f is not None for f in fleets) and not any(
            past.colours == colours for past in found[:1]):
        last = found[0]
        warning = (Text("The remembered sails were entered for {count} player; check each player's "
                        "ships before you start.",
                        "The remembered sails were entered for {count} players; check each player's "
                        "ships before you start.", count=len(last.colours))
                   if len(last.colours) != len(colours) else
                   Text("The remembered sails were entered with the players in other seats; they "
                        "follow each player's colour: check each player's ships before you start."))
    return FleetChoice(fleets, warning, first_game=not found)
