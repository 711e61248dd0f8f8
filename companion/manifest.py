"""What a game declares about itself, in one place: its engine and its optional
capabilities (python-chess ``chess/variant.py`` style: identity and hooks as
typed attributes, nothing looked up by name at run time).

Each game package holds one ``manifest.py`` with ``MANIFEST = GameManifest(...)``;
the registry (:mod:`companion.games`) lists those modules, one line per game.
``companion/`` never imports ``ui/`` or ``vision/``: the Kivy side and the OpenCV
side of a game are declared in their own layer (``UI`` in ``ui/games/<game>/``,
``VISION`` in ``vision/games/<game>/``), each listed by that layer's own registry
keyed by the game's name (:data:`ui.games.GAMES`, :data:`vision.registry.GAMES`).
tests/test_manifests.py fails when a registered game lacks a declaration in
any layer or declares something that does not satisfy its type.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from companion.actions import Action
from companion.engine import Game, GameConfig
from companion.errors import CompanionError
from companion.messages import Text
from companion.quick_reference import QuickReference
from companion.readings import TableReading
from companion.signals import GENERIC, SESSION_KINDS, UNDECLARED, Signal, SignalSpec


class ManifestError(CompanionError, TypeError):
    """A game's declaration is missing or does not have the declared shape."""


@dataclass(frozen=True)
class CameraExplanation:
    """How a game turns a settled camera reading into actions the players confirm."""

    #: legal actions that explain what the camera sees, most likely first (empty: nothing to do);
    #: the first may be a tuple of actions the players confirm together (a path sailed)
    actions_for_reading: Callable[[Any, TableReading], Sequence[Action]]
    #: what the camera sees that no legal action explains, as texts for the players
    unexplained_reading: Callable[[Any, TableReading], Sequence[Text]] | None = None
    #: one physical change explained by these actions (from this state), in table words
    #: ("Bea's ship a to Modone, loading 2 red"); None, or a None answer: the actions' own texts
    describe_reading: Callable[[Any, tuple[Action, ...]], Text | None] | None = None
    #: how many actions this reading may take to explain (a long path sailed); the session
    #: follows at least its own default and at most its safety cap (None: the default)
    step_limit: Callable[[Any, TableReading], int] | None = None

    def unexplained(self, state: Any, reading: TableReading) -> tuple[Text, ...]:
        if self.unexplained_reading is None:
            return ()
        return tuple(self.unexplained_reading(state, reading))

    def steps(self, state: Any, reading: TableReading) -> int:
        return self.step_limit(state, reading) if self.step_limit is not None else 0

    def describe(self, state: Any, steps: tuple[Action, ...]) -> Text | None:
        return self.describe_reading(state, steps) if self.describe_reading is not None else None


@dataclass(frozen=True)
class GameManifest:
    """One game's declaration (its Kivy and vision sides are declared in their own layers)."""

    engine: Game
    camera: CameraExplanation | None = None  # None: the camera proposes nothing
    #: the rules digest the code cites (``§5.2``, ``AMB-C4``, ``TV-24``…), from the project root;
    #: tests/test_rules_references.py checks every such reference resolves in it
    rules: str | None = None
    #: whether companion/locale/<lang>/LC_MESSAGES/<name>.po translates its texts
    #: (shipped games do; a test or add-on game brings its own catalogue)
    translated: bool = True
    #: how each kind of signal the engine emits shows at the table (banner text, LED
    #: pattern): ``companion.signals.generic(...)`` or the game's own SignalSpecs; the
    #: session's own kinds (turn, game end, error) need not be listed
    signals: tuple[SignalSpec, ...] = ()
    #: the signals a state shows at rest (seats blinking until they answer), sent again
    #: when the table attaches, on resume and after an undo (None: the turn only)
    resting: Callable[[Any], Sequence[Signal]] | None = None
    #: what the players must know before playing, shown first on the setup screen
    setup_notice: str = ""
    #: an action read back from the journal, in the table's words on the state it is played
    #: on (the journal keeps what the rules need; Caravelas names a cell from the board file)
    words: Callable[[Any, Any], Any] | None = None
    #: the rules at a glance for a configuration (its options pick the edition's rule where
    #: the rulebooks differ): how a turn goes, what scores, how the game ends (None: none)
    quick_reference: Callable[[GameConfig], QuickReference] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.engine, Game):
            raise ManifestError(f"{self.engine!r} does not implement companion.engine.Game "
                                f"(missing: {', '.join(missing_members(self.engine, Game))})")
        if self.camera is not None and not isinstance(self.camera, CameraExplanation):
            raise ManifestError(f"{self.name}: camera must be a CameraExplanation, not {self.camera!r}")
        for spec in self.signals:
            if not isinstance(spec, SignalSpec):
                raise ManifestError(f"{self.name}: signals must be SignalSpecs, not {spec!r}")
        kinds = [spec.kind.__name__ for spec in self.signals]
        if len(set(kinds)) != len(kinds):
            raise ManifestError(f"{self.name}: signals declares a kind twice ({', '.join(kinds)})")

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def title(self) -> str:
        return self.engine.title

    def declares(self, kind: type[Signal]) -> bool:
        """Does this game say how ``kind`` shows (its own list, or a session kind)?"""
        return kind in SESSION_KINDS or any(spec.kind is kind for spec in self.signals)

    def signal_spec(self, signal: Signal) -> SignalSpec:
        """How ``signal`` shows in this game: the game's declaration of its kind, else the
        generic one for the session's own kinds, else no light and no banner."""
        for spec in self.signals:
            if spec.kind is type(signal):
                return spec
        if type(signal) in SESSION_KINDS:
            return GENERIC[type(signal)]
        return UNDECLARED


def missing_members(obj: Any, protocol: type) -> list[str]:
    """The attributes and methods of ``protocol`` that ``obj`` lacks."""
    members = [m for m in dir(protocol) if not m.startswith("_")]
    members += list(getattr(protocol, "__annotations__", {}))   # a protocol without annotated members has none
    return sorted({m for m in members if not hasattr(obj, m)})   # checking a declaration is the point
