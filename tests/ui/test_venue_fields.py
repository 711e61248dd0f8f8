"""Settings → Venue: what is wrong with a field is said in the players' words (and
language), before anything is saved (ui/widgets/venue_popup.field_problem)."""
from __future__ import annotations

import pytest

from companion.i18n import Translator
from ui.widgets.venue_popup import field_problem

GOOD = {"venue": "club", "venue_broker": "backroom.local:8883", "table_id": "table-7",
        "username": "table-7", "password": "secret"}


def with_(**changed: str) -> dict[str, str]:
    return {**GOOD, **changed}


def test_good_fields_and_no_venue_at_all_can_be_saved():
    assert field_problem(GOOD) is None
    assert field_problem({k: "" for k in GOOD}) is None                 # the link off
    assert field_problem(with_(username="", password="secret")) is None  # the table id is the user


@pytest.mark.parametrize(("fields", "says"), [
    (with_(table_id="table/7"), "This table's id “table/7” cannot be used"),
    (with_(table_id="a+b"), "This table's id “a+b” cannot be used"),
    (with_(venue="club#1"), "The venue's name “club#1” cannot be used"),
    (with_(venue_broker="backroom.local:99999"), "The server “backroom.local:99999” is not a name and a port"),
    (with_(table_id=""), "A venue needs its server and this table's id as well."),
    (with_(password=""), "Enter the password that goes with this user name."),
    (with_(username="bea"), "The user name is this table's id at the venue, “table-7”."),
])
def test_each_problem_is_named(fields, says):
    problem = field_problem(fields)
    assert problem is not None and str(problem).startswith(says)


@pytest.mark.parametrize("lang", ["el", "it", "pl"])
def test_the_problems_are_translated(lang):
    translate = Translator(lang)
    for fields in (with_(table_id="table/7"), with_(venue="club#1"), with_(venue_broker="x:0"),
                   with_(table_id=""), with_(password=""), with_(username="bea")):
        problem = field_problem(fields)
        assert problem is not None
        assert translate(problem) != str(problem), (lang, str(problem))
