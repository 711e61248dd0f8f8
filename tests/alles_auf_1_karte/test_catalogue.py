"""The card catalogue: shipped file, card checks, user corrections, card ids."""
from __future__ import annotations

import copy
import json

import pytest

from companion.errors import ConfigError
from companion.alles_auf_1_karte import GAME, AllesAuf1Karte
from companion.alles_auf_1_karte.cards import CardIdError, Row, card_from_id, layout_id
from companion.alles_auf_1_karte.catalogue import (
    SHIPPED_PATH, CatalogueError, card_to_dict, catalogue_from_dict, free_id_for,
    load_catalogue, load_effective_catalogue, replace_card, reset_user_catalogue,
    shipped_catalogue, user_catalogue_path, validate_card)
from tests.alles_auf_1_karte.helpers import X9, X12, X21, X25, config


def shipped_document():
    return json.loads(SHIPPED_PATH.read_text(encoding="utf-8"))


def test_shipped_catalogue_has_30_valid_sample_cards_without_warnings():
    catalogue = load_catalogue(SHIPPED_PATH)
    assert len(catalogue.cards) == 30 and len(set(catalogue.ids)) == 30
    assert catalogue.warnings == ()
    assert set(catalogue.unchecked) == set(catalogue.ids)          # all still sample layouts
    assert "sample" in shipped_document()["note"]
    for card in catalogue.cards:
        assert card.total_fields == 20 and sum(r.sun for r in card.rows) == 2
        assert card_from_id(card.id).rows == card.rows
    assert {X9, X12, X21, X25} <= set(catalogue.ids)              # the digest's stand-ins


def test_digest_sample_entry_is_x12():
    card = shipped_catalogue().card(X12)
    assert [(r.colour, r.fields, r.points, r.sun) for r in card.rows] == [
        ("purple", 5, 5, False), ("yellow", 3, 3, True), ("green", 2, 2, False),
        ("blue", 4, 4, True), ("red", 6, 6, False)]
    assert card.missing_colour == "orange"


@pytest.mark.parametrize("change, message", [
    (lambda c: c["rows"][2].update(colour="purple"), "has two purple rows"),
    (lambda c: c["rows"][0].update(fields=7), "row 1 (purple) has 7 fields (must be 2–6)"),
    (lambda c: c["rows"][0].update(fields=1), "has 1 field (must be 2–6)"),
    (lambda c: c["rows"][0].update(sun=True), "has 3 sun rows"),
    (lambda c: c["rows"].pop(), "has 4 rows"),
    (lambda c: c["rows"][0].update(colour="pink"), "row 1 has colour 'pink'"),
    (lambda c: c["rows"][1].update(fields="3"), "row 2 needs 'fields' as a whole number"),
    (lambda c: c.update(id="O:P5-Y3s-G2-B4-R6"), "id does not match its rows"),
    (lambda c: c.update(status="maybe"), "status must be one of"),
])
def test_a_broken_card_gets_an_error_naming_card_and_problem(change, message):
    entry = card_to_dict(shipped_catalogue().card(X12))
    change(entry)
    check = validate_card(entry, 0)
    assert not check.ok and check.card is None
    text = "; ".join(check.errors)
    assert text.startswith("card 1 (")
    assert message in text


def test_twenty_field_sum_and_points_are_warnings_not_errors():
    entry = card_to_dict(shipped_catalogue().card(X12))
    entry["rows"][0].update(fields=6, points=6)
    entry["rows"][4].update(points=5)
    entry["id"] = ""
    check = validate_card(entry, 4)
    assert check.ok
    assert check.card.id == "O:P6-Y3s-G2-B4s-R6=5"
    assert any("21 fields in all" in w for w in check.warnings)
    assert any("row 5 (red) is worth 5" in w for w in check.warnings)
    assert all(w.startswith("card 5 (") or w.startswith("card 5") for w in check.warnings)
    assert card_from_id(check.card.id).rows == check.card.rows


def test_a_broken_catalogue_file_names_the_file_the_card_and_the_problem(tmp_path):
    document = shipped_document()
    document["cards"][6]["rows"][1]["fields"] = 9
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CatalogueError) as exc:
        load_catalogue(path)
    text = str(exc.value)
    assert str(path) in text and "card 7 (" in text and "has 9 fields" in text


@pytest.mark.parametrize("change, message", [
    (lambda d: d["cards"].pop(), "has 29 cards, the game has 30"),
    (lambda d: d["cards"].__setitem__(5, copy.deepcopy(d["cards"][4])), "same id as card 5"),
    (lambda d: d.update(format="other"), "'format' must be"),
    (lambda d: d.update(version=2), "unsupported version 2"),
    (lambda d: [d["cards"][0].update(tag="s1"), d["cards"][1].update(tag="s1")],
     "tag 's1' is also on card 1"),
])
def test_catalogue_level_errors(change, message):
    document = shipped_document()
    change(document)
    with pytest.raises(CatalogueError, match=message):
        catalogue_from_dict(document, "test.json")


def test_unreadable_catalogue_files(tmp_path):
    with pytest.raises(CatalogueError, match="no such file"):
        load_catalogue(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(CatalogueError, match="not valid JSON"):
        load_catalogue(bad)
    assert issubclass(CatalogueError, ConfigError)


def test_replace_card_saves_a_user_catalogue_that_overrides_the_shipped_one(tmp_path):
    assert load_effective_catalogue(tmp_path) is shipped_catalogue()
    old = shipped_catalogue().cards[10]
    edited = {"rows": [{"colour": "red", "fields": 4, "points": 4, "sun": True},
                       {"colour": "blue", "fields": 4, "points": 4, "sun": False},
                       {"colour": "green", "fields": 4, "points": 4, "sun": True},
                       {"colour": "yellow", "fields": 4, "points": 4, "sun": False},
                       {"colour": "purple", "fields": 4, "points": 4, "sun": False}],
              "status": "checked", "tag": "aa1:card:11"}
    result = replace_card(tmp_path, old.id, edited)
    assert user_catalogue_path(tmp_path).exists()
    effective = load_effective_catalogue(tmp_path)
    assert effective == result and effective.source == str(user_catalogue_path(tmp_path))
    assert effective.cards[10].id == "O:R4s-B4-G4s-Y4-P4" and effective.cards[10].status == "checked"
    assert old.id not in effective.ids and len(effective.cards) == 30
    assert effective.card_by_tag("aa1:card:11") == effective.cards[10]
    assert shipped_catalogue().cards[10] == old                      # shipped file untouched
    # a game dealt from the effective catalogue can use the corrected card
    game = GAME.with_catalogue(effective)
    state = game.setup(config(2))
    assert "O:R4s-B4-G4s-Y4-P4" in state.pile
    assert reset_user_catalogue(tmp_path) and load_effective_catalogue(tmp_path) is shipped_catalogue()


def test_replace_card_refuses_bad_cards_and_writes_nothing(tmp_path):
    entry = card_to_dict(shipped_catalogue().card(X12))
    entry["rows"][0]["fields"] = 8
    with pytest.raises(CatalogueError, match="card 1 .*8 fields"):
        replace_card(tmp_path, X12, entry)
    with pytest.raises(CatalogueError, match="no card 'O:nope'"):
        replace_card(tmp_path, "O:nope", card_to_dict(shipped_catalogue().card(X12)))
    duplicate = card_to_dict(shipped_catalogue().card(X21))
    with pytest.raises(CatalogueError, match="same id as card"):
        replace_card(tmp_path, X12, duplicate)
    assert not user_catalogue_path(tmp_path).exists()


def test_a_second_card_with_the_same_layout_gets_a_suffix(tmp_path):
    catalogue = shipped_catalogue()
    rows = catalogue.card(X21).rows
    assert free_id_for(catalogue, rows) == X21 + "#2"
    assert free_id_for(catalogue, rows, replacing=X21) == X21
    entry = card_to_dict(catalogue.card(X21))
    entry["id"] = X21 + "#2"
    result = replace_card(tmp_path, X12, entry)
    assert X21 in result.ids and X21 + "#2" in result.ids
    assert card_from_id(X21 + "#2").rows == rows


def test_broken_user_catalogue_is_reported_not_ignored(tmp_path):
    user_catalogue_path(tmp_path).write_text("[]", encoding="utf-8")
    with pytest.raises(CatalogueError, match="must be a JSON object"):
        load_effective_catalogue(tmp_path)


@pytest.mark.parametrize("bad", ["", "X12", "O:P5-Y3s-G2-B4s", "O:P5-Y3s-G2-B4s-R9",
                                 "Y:P5-Y3s-G2-B4s-R6", "O:P5-Y3s-G2s-B4s-R6",
                                 "O:P5-Y3-G2-B4s-R6s#x", "O:P5-P3s-G2-B4s-R6"])
def test_card_ids_that_do_not_spell_a_valid_layout(bad):
    with pytest.raises(CardIdError):
        card_from_id(bad)


def test_layout_id_round_trip():
    rows = (Row("green", 2, 2, True), Row("red", 3, 3), Row("blue", 4, 4),
            Row("yellow", 5, 5, True), Row("purple", 6, 6))
    assert layout_id(rows) == X25 and card_from_id(X25).rows == rows


def test_cards_option_pins_layouts_in_the_config():
    ids = GAME.cards_option()
    state = AllesAuf1Karte().setup(config(2, cards=ids[::-1]))
    assert state.pile == ids[::-1] and state.cards[0] == card_from_id(ids[-1])
    with pytest.raises(ConfigError, match="lists 29 cards"):
        GAME.setup(config(2, cards=ids[:29]))
    with pytest.raises(ConfigError, match="lists a card twice"):
        GAME.setup(config(2, cards=ids[:29] + ids[:1]))
    with pytest.raises(ConfigError, match="option 'cards'"):
        GAME.setup(config(2, cards=ids[:29] + ("O:P5",)))


def test_cards_option_may_be_typed_as_text():
    ids = GAME.cards_option()
    state = GAME.setup(config(2, cards=", ".join(ids[::-1])))
    assert state.pile == ids[::-1]
