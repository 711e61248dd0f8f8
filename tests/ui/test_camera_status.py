"""The camera's status reaches the players in their language."""
from __future__ import annotations


def test_an_unplugged_camera_is_shown_in_greek_and_on_the_status_led(run_ui):
    r = run_ui("scenarios_camera_status:camera_unplugged", lang="el").result
    assert "failure" not in r, r.get("failure")
    assert r["status"].startswith("Camera unavailable (camera 0 stopped delivering frames (unplugged?))")
    assert r["banner"].startswith("Η κάμερα δεν είναι διαθέσιμη (camera 0 stopped delivering frames (unplugged?)): "
                                  "ελέγξτε ότι είναι συνδεδεμένη")
    assert r["banner"].endswith("Στο μεταξύ παίξτε με αφή.")
    assert r["error_signalled"]
