"""Actions as small frozen dataclasses that round-trip through JSON.

Every game defines its actions as frozen dataclasses over :class:`Action`, with a
``type`` class variable (the name records and journals store), e.g.::

    @dataclass(frozen=True)
    class TakeRow(SeatAction):
        type: ClassVar[str] = "take_row"
        row: Annotated[int, AtLeast(0, "row numbers start at 0")]

The base does what every action shares: ``to_dict()`` gives
``{"type": "take_row", "seat": 1, "row": 0}``; ``from_dict`` (through an
:class:`ActionCodec` built from the game's action classes) parses it back, checking every
field against its annotation (int, str, bool, float, ``tuple[X, ...]``, fixed tuples,
``X | None``); an :class:`AtLeast` in a field's ``Annotated`` makes a lower value invalid
however the action is built; and a class's own checks (and canonical ordering) go in
:meth:`Action.check`.  A field made with :func:`table_only` is known at this table only:
neither journaled nor compared.

Actions shown to players subclass :class:`DescribedAction` and return a translatable
:class:`~companion.messages.Text` from ``text()``; :class:`SeatAction` is one about one seat.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Callable, ClassVar, Generic, Mapping, TypeVar

from companion.errors import InvalidAction
from companion.messages import Text, untranslated

#: a field's metadata key: False for a field that is not journaled (:func:`table_only`)
JOURNALED = "journaled"


@dataclasses.dataclass(frozen=True)
class AtLeast:
    """A whole-number field's lowest value, and what to say below it (``says``, e.g.
    "seat numbers start at 0": the error reads "seat numbers start at 0, not -1")."""

    least: int
    says: str

    def check(self, value: int) -> None:
        if value < self.least:
            raise InvalidAction(f"{self.says}, not {value}")


def table_only(default: Any = None) -> Any:
    """A field known at this table only (e.g. a cell's name as players find it on their
    board): not journaled, not compared, not shown by ``repr``."""
    return dataclasses.field(default=default, compare=False, repr=False, metadata={JOURNALED: False})


@dataclasses.dataclass(frozen=True)
class Action:
    """Base class of every action.  Subclasses are frozen dataclasses with a ``type``."""

    type: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__post_init__" in cls.__dict__:
            raise TypeError(f"{cls.__name__}: put its checks in check(), not __post_init__ "
                            "(the base checks the annotated fields first)")

    def __post_init__(self) -> None:
        for name, rule, each in _field_rules(type(self)):
            value = getattr(self, name)   # each field with a rule, by name
            for item in value if each else (value,):
                rule.check(item)
        self.check()

    def check(self) -> None:
        """InvalidAction when the fields do not make an action of this class (beyond what
        their annotations say); a class that keeps a field in a canonical order sets it
        here (with :meth:`_keep`)."""

    def _keep(self, name: str, value: Any) -> None:
        """Set field ``name`` of this frozen action to ``value`` (its canonical form), in
        :meth:`check` only."""
        object.__setattr__(self, name, value)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            if f.metadata.get(JOURNALED, True):
                data[f.name] = _to_json(getattr(self, f.name))   # every journaled field, by name
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """The action of this class in ``data`` (its ``type`` already matched):
        InvalidAction for a missing, unexpected or mistyped field."""
        kind = cls.type
        hints = _hints(cls)
        fields = dataclasses.fields(cls)
        extra = set(data) - {f.name for f in fields} - {"type"}
        if extra:
            raise InvalidAction(f"{kind}: unexpected field(s) {_preview(sorted(map(str, extra)))}")
        kwargs = {}
        for f in fields:
            if f.name not in data:
                if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                    continue
                raise InvalidAction(f"{kind}: missing field {f.name!r}")
            try:
                kwargs[f.name] = _convert(data[f.name], hints[f.name])
            except TypeError as exc:
                raise InvalidAction(f"{kind}: field {f.name!r} {exc}") from None
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise InvalidAction(f"{kind}: {exc}") from None

    def __str__(self) -> str:
        parts = [f"{f.name}={getattr(self, f.name)}"   # every field, by name
                 for f in dataclasses.fields(self)]
        return f"{self.type}({', '.join(parts)})"

    def text(self) -> Text:
        """The action in the players' words, translatable (by default its English ``str``)."""
        return untranslated(str(self))


class DescribedAction(Action):
    """An action that describes itself with a translatable :meth:`text`; its
    ``str`` is that text in English."""

    def text(self) -> Text:
        raise NotImplementedError(f"{type(self).__name__} must describe itself")

    def __str__(self) -> str:
        return str(self.text())


@dataclasses.dataclass(frozen=True)
class SeatAction(DescribedAction):
    """An action about one seat, its first field: the seat that acts (for a chance
    action, the seat it deals to).  A game whose seats may not be negative re-annotates
    it with :data:`SeatNumber`."""

    seat: int


#: a seat number annotation: negative ones make the action invalid
SeatNumber = typing.Annotated[int, AtLeast(0, "seat numbers start at 0")]


_HINTS: dict[type[Action], dict[str, Any]] = {}
_RULES: dict[type[Action], tuple[tuple[str, AtLeast, bool], ...]] = {}


def _hints(cls: type[Action]) -> dict[str, Any]:
    """The fields' types of ``cls`` (without their ``Annotated`` rules)."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _field_rules(cls: type[Action]) -> tuple[tuple[str, AtLeast, bool], ...]:
    """The :class:`AtLeast` rules in the ``Annotated`` types of the fields of ``cls`` (a
    field's own, or its items' in ``tuple[Annotated[...], ...]``: then ``each`` is True)."""
    if cls not in _RULES:
        _RULES[cls] = _rules_of(cls)
    return _RULES[cls]


def _rules_of(cls: type[Action]) -> tuple[tuple[str, AtLeast, bool], ...]:
    found = []
    fields = {f.name for f in dataclasses.fields(cls)}
    for name, hint in typing.get_type_hints(cls, include_extras=True).items():
        if name not in fields:
            continue
        args = typing.get_args(hint)
        each = typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis
        annotated = args[0] if each else hint
        if typing.get_origin(annotated) is typing.Annotated:
            found += [(name, rule, each) for rule in annotated.__metadata__ if isinstance(rule, AtLeast)]
    return tuple(found)


#: a game's state type, and one action class
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=Action)


class Handlers(Generic[StateT]):
    """A dispatch table: the function that applies each action class, each typed for its
    own class (``on`` checks that), looked up by the action's exact class."""

    def __init__(self) -> None:
        self._by_class: dict[type[Action], Callable[[StateT, Any], StateT]] = {}

    def on(self, cls: type[ActionT], handler: Callable[[StateT, ActionT], StateT]) -> Handlers[StateT]:
        """This table with ``handler`` applying actions of class ``cls``."""
        self._by_class[cls] = handler
        return self

    def handles(self, action: Action) -> bool:
        return type(action) in self._by_class

    def apply(self, state: StateT, action: Action) -> StateT:
        """``state`` after ``action`` by its class's handler (LookupError when it has none:
        ask :meth:`handles` first)."""
        return self._by_class[type(action)](state, action)


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


class ActionCodec:
    """Parses action dicts for one game; raises InvalidAction on bad input."""

    def __init__(self, *classes: type[Action]):
        self._classes: dict[str, type[Action]] = {}
        for cls in classes:
            if not cls.type or cls.type in self._classes:
                raise ValueError(f"action class {cls.__name__} needs a unique type")
            self._classes[cls.type] = cls

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self._classes)

    def parse(self, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping):
            raise InvalidAction(f"an action must be a JSON object, not {type(data).__name__}")
        kind = data.get("type")
        if not isinstance(kind, str):
            raise InvalidAction(f"an action's 'type' must be text, not {_preview(kind)}")
        cls = self._classes.get(kind)
        if cls is None:
            raise InvalidAction(f"unknown action type {_preview(kind)}")
        return cls.from_dict(data)


def _preview(value: Any, limit: int = 60) -> str:
    """A short repr for an error message (a bad record may hold huge values)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _convert(value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _convert(value, arg)
            except TypeError as exc:
                errors.append(str(exc))
        raise TypeError(errors[0] if errors else f"must not be {_preview(value)}")
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"must be a list, not {_preview(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(v, args[0]) for v in value)
        if len(args) != len(value):
            raise TypeError(f"must have {len(args)} items, not {len(value)}")
        return tuple(_convert(v, a) for v, a in zip(value, args))
    if hint is bool:
        if not isinstance(value, bool):
            raise TypeError(f"must be true or false, not {_preview(value)}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"must be a whole number, not {_preview(value)}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"must be a number, not {_preview(value)}")
        try:
            return float(value)
        except OverflowError:
            raise TypeError("is too large a number") from None
    if hint is str:
        if not isinstance(value, str):
            raise TypeError(f"must be text, not {_preview(value)}")
        if len(value) > 200:
            raise TypeError("is too long")
        return value
    if hint is Any:
        return value
    raise TypeError(f"has an unsupported annotation {hint!r}")
