"""Caravelas as the registry sees it (companion/games.py): the engine, its tags, how its
signals show and what the camera's reading means on a mapped board
(``companion/caravelas/camera.py``).  Its table view is in ``ui/games/caravelas/``."""
from companion.caravelas import GAME, camera
from companion.caravelas.actions import _ToCell
from companion.caravelas.signals import answering
from companion.caravelas.signals import PiratesPaid, PiratesWarded, Wrecked
from companion.messages import Seat, Text
from companion.caravelas.quick_reference import quick_reference
from companion.manifest import CameraExplanation, GameManifest
from companion.signals import (ALERT, BLINK_UNTIL_ANSWERED, NO_LIGHT, AnswersAwaited, FinalRound, RoundEnded,
                               SeatScored, SignalSpec, generic)

#: a pirate cell's toll (SAIL-12): the seat's LED flashes with the buzzer
PIRATES = SignalSpec(PiratesPaid, ALERT, lambda s: (s.victim,),
                     lambda s: Text("{name} pays the pirates 1 marker", name=Seat(s.victim)))
#: Favourable Wind against the pirates (§4.6 b): nothing to pay, so no alarm, a short note
WARDED = SignalSpec(PiratesWarded, NO_LIGHT,
                    text=lambda s: Text("{name} plays Favourable Wind: the pirates take nothing",
                                        name=Seat(s.seat)))
#: a wreck (the red die, EVR-03): the seat's LED flashes with the buzzer
WRECK = SignalSpec(Wrecked, ALERT, lambda s: (s.seat,),
                   lambda s: Text("Wreck! {name}'s ship {ship} loses its cargo", name=Seat(s.seat), ship=s.ship)
                   if s.lost else Text("Wreck! {name}'s ship {ship} is out until a Lisbon stop",
                                       name=Seat(s.seat), ship=s.ship))
#: bonus moves offered (§4.7): the LEDs of those still to take or decline blink
BONUS_MOVES = SignalSpec(AnswersAwaited, BLINK_UNTIL_ANSWERED, lambda s: s.seats,
                         lambda s: Text("Bonus moves: {names} may move a ship or decline",
                                        names=tuple(Seat(seat) for seat in s.seats))
                         if s.seats else None)

def in_table_words(state, action):
    """A move into a cell, read back from the journal, named as on the board ("the sea east
    of Lisbon", not the file's "D13"): the journal keeps only the cell's id."""
    board = state.rules.board
    return action.named(board) if isinstance(action, _ToCell) and board is not None else action


MANIFEST = GameManifest(
    engine=GAME,
    camera=CameraExplanation(camera.actions_for_reading, camera.unexplained_reading, camera.describe_reading,
                             camera.step_limit),
    rules="docs/rules/caravelas.md",
    signals=(PIRATES, WARDED, WRECK, BONUS_MOVES) + generic(SeatScored, FinalRound, RoundEnded),
    resting=lambda state: (AnswersAwaited(answering(state)),),
    words=in_table_words,
    quick_reference=quick_reference,
)
