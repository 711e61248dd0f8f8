"""Caravelas words inside translatable messages: goods, ports, event cards and seats as
players call them (docs/messages.md; cells by their names on the board: :mod:`.names`)."""
from __future__ import annotations

from companion.caravelas.data import PORT_BY_ID, storm_n
from companion.messages import Seat, Text


GOOD_WORDS = {"chilli": Text("chilli peppers"), "cinnamon": Text("cinnamon"),
              "brazilwood": Text("brazilwood"), "ivory": Text("ivory"), "silk": Text("silk"),
              "silver": Text("silver"), "pepper": Text("pepper"), "nutmeg": Text("nutmeg")}


def who(seat: int) -> Seat:
    return Seat(seat)


def good_word(good: str) -> Text:
    return GOOD_WORDS[good]


def port_name(port: str) -> str:
    """Port names are proper names, shown as printed on the destination cards."""
    return PORT_BY_ID[port].name


def card_text(card: str) -> Text:
    if card == "wind":
        return Text("Favourable Wind")
    if card == "calm":
        return Text("Dead Calm")
    if card.startswith("compass-"):
        return Text("Compass storm {direction}", direction=card[8:])
    return Text("Storm {n}", n=storm_n(card))


def declined(move: Text) -> Text:
    return Text("{move}; no monument placed", move=move)
