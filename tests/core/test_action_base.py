"""The action base every game's actions share (companion/actions.py): JSON both ways driven
by the dataclass fields, annotated lower bounds, fields known at the table only, and records
written by the games read back and written again unchanged."""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Any, ClassVar

import pytest

from companion.actions import (ActionCodec, AtLeast, DescribedAction, SeatAction, SeatNumber,
                               table_only)
from companion.errors import InvalidAction
from companion.games import load_game
from companion.messages import Text

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"


@dataclass(frozen=True)
class Plant(SeatAction):
    type: ClassVar[str] = "plant"
    seat: SeatNumber
    rows: Annotated[int, AtLeast(1, "a garden has at least 1 row")]
    beds: tuple[SeatNumber, ...] = ()
    seeds: str = ""
    label: Any = table_only()

    def check(self) -> None:
        if set(self.seeds) - set("abc"):
            raise InvalidAction("seeds are a, b or c")
        self._keep("seeds", "".join(sorted(self.seeds)))

    def text(self) -> Text:
        return Text("{seat} plants", seat=self.seat)


CODEC = ActionCodec(Plant)


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.json")), ids=lambda path: path.stem)
def test_sample_records_write_back_unchanged(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    game = load_game(data["config"]["game"])
    for raw in data["actions"]:
        action = game.parse_action(raw)
        assert json.dumps(action.to_dict()) == json.dumps(raw)   # the same fields, in the same order


def test_round_trip_keeps_fields_in_order_and_canonical_form():
    plant = Plant(2, 3, (0, 1), "cab")
    assert plant.seeds == "abc"
    assert plant.to_dict() == {"type": "plant", "seat": 2, "rows": 3, "beds": [0, 1], "seeds": "abc"}
    assert list(plant.to_dict()) == ["type", "seat", "rows", "beds", "seeds"]
    assert CODEC.parse(json.loads(json.dumps(plant.to_dict()))) == plant


@pytest.mark.parametrize("build, says", [
    (lambda: Plant(-1, 3), "seat numbers start at 0, not -1"),
    (lambda: Plant(0, 0), "a garden has at least 1 row, not 0"),
    (lambda: Plant(0, 1, (0, -2)), "seat numbers start at 0, not -2"),
    (lambda: Plant(0, 1, (), "x"), "seeds are a, b or c"),
])
def test_lower_bounds_and_own_checks_hold_however_the_action_is_built(build, says):
    with pytest.raises(InvalidAction, match=says):
        build()


@pytest.mark.parametrize("data, says", [
    ({"type": "plant", "seat": -1, "rows": 1}, "plant: seat numbers start at 0, not -1"),
    ({"type": "plant", "seat": 0, "rows": 1, "beds": [3, -1]}, "plant: seat numbers start at 0, not -1"),
    ({"type": "plant", "seat": 0, "rows": "1"}, "plant: field 'rows' must be a whole number"),
    ({"type": "plant", "seat": 0}, "plant: missing field 'rows'"),
    ({"type": "plant", "seat": 0, "rows": 1, "weeds": 1}, r"plant: unexpected field\(s\) \['weeds'\]"),
])
def test_a_bad_action_dict_is_invalid_with_the_reason(data, says):
    with pytest.raises(InvalidAction, match=says):
        CODEC.parse(data)


def test_a_table_only_field_is_neither_journaled_nor_compared():
    plant = Plant(0, 1, label="the herb garden")
    assert "label" not in plant.to_dict()
    assert plant == replace(plant, label=None)
    assert "the herb garden" not in repr(plant)


def test_an_action_class_keeps_its_checks_out_of_post_init():
    with pytest.raises(TypeError, match="check()"):
        @dataclass(frozen=True)
        class Sloppy(DescribedAction):
            type: ClassVar[str] = "sloppy"

            def __post_init__(self) -> None:
                pass
