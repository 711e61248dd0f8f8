"""Caravelas as the registry sees it (companion/games.py): the engine, its tags, how its
signals show and what the camera's reading means on a mapped board
(``companion/caravelas/camera.py``).  Its table screen is ``ui/games/caravelas.py``."""
from companion.caravelas import GAME, camera
from companion.caravelas.game import answering
from companion.i18n import Seat, Text
from companion.manifest import CameraExplanation, GameManifest
from companion.signals import (ALERT, BLINK_UNTIL_ANSWERED, AnswersAwaited, FinalRound, PirateAttack,
                               RoundEnded, SeatScored, SignalSpec, generic)

#: a pirate cell or a wreck (the red die): the seat's LED flashes with the buzzer
WRECK = SignalSpec(PirateAttack, ALERT, lambda s: (s.victim,),
                   lambda s: Text("Wreck! {name} loses a ship's cargo", name=Seat(s.victim)))
#: bonus moves offered (§4.7): the LEDs of those still to take or decline blink
BONUS_MOVES = SignalSpec(AnswersAwaited, BLINK_UNTIL_ANSWERED, lambda s: s.seats,
                         lambda s: Text("Bonus moves: {players} may move a ship or decline",
                                        players=tuple(Seat(seat) for seat in s.seats))
                         if s.seats else None)

MANIFEST = GameManifest(
    engine=GAME,
    ui="ui.games.caravelas_manifest",
    vision="vision.games.caravelas",
    camera=CameraExplanation(camera.actions_for_reading, camera.unexplained_reading, camera.describe_reading,
                             camera.step_limit),
    rules="docs/rules/caravelas.md",
    signals=(WRECK, BONUS_MOVES) + generic(SeatScored, FinalRound, RoundEnded),
    resting=lambda state: (AnswersAwaited(answering(state)),),
)
