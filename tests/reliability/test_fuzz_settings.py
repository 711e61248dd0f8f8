"""Fuzzed settings files: reading never raises (the strict loader only SettingsError),
saving round-trips every valid value and loses nothing that was readable."""
from __future__ import annotations

import datetime
import tempfile
import tomllib
from pathlib import Path

import tomli_w
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.settings import (CAMERAS, FIELDS, LANGUAGES, PIN_KEYS, Settings, load_settings, read_settings,
                                save_settings)
from companion.errors import SettingsError

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

keys = st.one_of(st.sampled_from(FIELDS), st.sampled_from(PIN_KEYS), st.text(min_size=1, max_size=12))
scalars = st.one_of(
    st.booleans(), st.integers(min_value=-2**63, max_value=2**63 - 1),
    st.floats(allow_nan=False), st.text(max_size=20), st.sampled_from(LANGUAGES + CAMERAS),
    st.dates(), st.datetimes(timezones=st.just(datetime.timezone.utc)), st.times())
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)), max_leaves=12)
documents = st.dictionaries(keys, values, max_size=8)

valid_settings = st.builds(
    Settings,
    language=st.sampled_from(LANGUAGES), camera=st.sampled_from(CAMERAS),
    camera_device=st.text(st.characters(min_codepoint=32, max_codepoint=0x2fff,
                                        blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30)
    .filter(str.strip),
    camera_size=st.builds(lambda w, h: f"{w}x{h}", st.integers(16, 9999), st.integers(16, 9999)),
    lens_position=st.one_of(st.none(), st.floats(min_value=0, max_value=100)),
    fullscreen=st.booleans(), sound=st.booleans(),
    pins=st.dictionaries(st.sampled_from(("end_turn", "confirm", "undo", "status_led", "buzzer")),
                         st.integers(0, 27), max_size=5))


def in_dir(work):
    with tempfile.TemporaryDirectory() as tmp:
        return work(Path(tmp) / "settings.toml")


@FUZZ
@given(documents)
def test_any_toml_document_reads_without_raising_and_save_keeps_it(document):
    def work(path: Path) -> None:
        path.write_text(tomli_w.dumps(document), encoding="utf-8")
        loaded = read_settings(path)
        assert not loaded.damaged
        try:
            load_settings(path)
        except SettingsError:
            assert loaded.problems or loaded.pin_problems
        # every key that could be used keeps its value
        for key in set(document) & set(FIELDS) - loaded.bad_keys:
            if key not in ("camera_device", "lens_position"):   # those two accept whole numbers
                assert getattr(loaded.settings, key) == document[key]
        result = save_settings(loaded.settings.with_changes(sound=not loaded.settings.sound), path)
        assert result.moved_aside is None
        saved = tomllib.loads(path.read_text(encoding="utf-8"))
        for key, value in document.items():        # nothing readable lost, bad values included
            if key != "sound":
                assert saved[key] == value, key
        assert saved["sound"] is (not loaded.settings.sound)
    in_dir(work)


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_never_raise_and_are_never_deleted(data):
    def work(path: Path) -> None:
        path.write_bytes(data)
        loaded = read_settings(path)
        try:
            load_settings(path)
        except SettingsError:
            pass
        result = save_settings(loaded.settings.with_changes(language="el"), path)
        if loaded.damaged:
            assert result.moved_aside is not None and result.moved_aside.read_bytes() == data
        assert read_settings(path).settings.language == "el"
    in_dir(work)


@FUZZ
@given(st.text(max_size=200))
def test_random_text_never_raises(text):
    def work(path: Path) -> None:
        path.write_text(text, encoding="utf-8")
        read_settings(path)
        try:
            load_settings(path)
        except SettingsError:
            pass
    in_dir(work)


@FUZZ
@given(valid_settings, valid_settings)
def test_save_then_load_round_trips_every_valid_value(first, second):
    def work(path: Path) -> None:
        save_settings(first, path)
        assert load_settings(path) == first
        save_settings(second, path)        # over an existing file: the merge
        assert load_settings(path) == second
    in_dir(work)
