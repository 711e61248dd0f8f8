"""The camera's status and problem texts are the players' language: every one
the worker or ui/camera.py can show is a Text with a literal msgid, and Greek, Italian and
Polish translate it keeping its placeholders."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.i18n import LANGUAGE_NAMES, Translator

from tools.catalogues import catalogue, py_messages

from companion.messages import placeholders
from vision.reader import TableReader
from vision.worker import STARTING, VisionWorker

from tests.vision.scenes import ship_table
from tests.vision.test_worker_failures import StillCamera, _wait_status

ROOT = Path(__file__).resolve().parents[2]
SOURCES = (ROOT / "vision" / "worker.py", ROOT / "ui" / "camera.py")
LANGS = tuple(lang for lang in LANGUAGE_NAMES if lang != "en")


def _camera_messages() -> set[str]:
    found: set[str] = set()
    for path in SOURCES:
        found |= py_messages(path)
    return found


def test_every_status_the_worker_sets_is_a_text():
    """No status is an English string or f-string: each ``_set_status`` call passes a Text
    whose msgid is a literal (so the extractor finds it)."""
    tree = ast.parse(SOURCES[0].read_text(encoding="utf-8"))
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "attr", "") == "_set_status"]
    assert len(calls) >= 10
    for call in calls:
        text = call.args[1]
        assert isinstance(text, ast.Call) and getattr(text.func, "id", "") == "Text", \
            f"worker.py:{call.lineno}: a status needs a Text"
        msgid = text.args[0]
        literal = msgid.args[0] if isinstance(msgid, ast.Call) else msgid   # Text(N_("…")) or Text("…")
        assert isinstance(literal, ast.Constant) and isinstance(literal.value, str), f"worker.py:{call.lineno}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_camera_text_is_translated_with_its_placeholders(lang):
    messages = _camera_messages()
    assert len(messages) >= 12 and STARTING.msgid in messages
    translated = catalogue(lang)
    missing = sorted(m for m in messages if not translated.get(m))
    assert missing == []
    for message in messages:
        assert placeholders(translated[message]) == placeholders(message), (lang, message)


def test_a_stalled_camera_reads_in_each_language(demo_profile):
    camera = StillCamera(ship_table(demo_profile).render())
    with VisionWorker(camera, TableReader(demo_profile), stall_seconds=0.3) as worker:
        assert worker.wait_for_reading(timeout=30) is not None
        camera.block.set()
        assert _wait_status(worker, lambda s: not s.ok and "stalled" in s.message)
        text = worker.status.text
    assert Translator("el")(text).startswith("Η κάμερα κόλλησε: καμία εικόνα για 0.3 δευτ.")
    assert Translator("it")(text).startswith("La fotocamera si è bloccata")
    assert Translator("pl")(text).startswith("Kamera się zawiesiła")
