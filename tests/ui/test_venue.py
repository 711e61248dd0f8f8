"""The venue indicator (scenarios_venue.py): the real app with a venue set, against a real
Mosquitto; its game reaches the broker, the indicator's changes move nothing."""
from __future__ import annotations

import pytest

from companion.venue.credentials import save_credentials
from tests.venue.broker import Broker
from tests.venue.listener import Listener


def test_the_venue_indicator_says_the_links_state_and_moves_nothing(run_ui, tmp_path):
    broker = Broker(tmp_path / "broker", "club", ["t1"])
    broker.start()
    hub = Listener(broker)
    try:
        for size in ("800x480", "1280x800"):
            data = tmp_path / f"data-{size}"
            data.mkdir()
            (data / "settings.toml").write_text(
                f'venue = "club"\nvenue_broker = "127.0.0.1:{broker.port}"\ntable_id = "t1"\n', encoding="utf-8")
            save_credentials(data, "t1", broker.passwords["t1"], broker.files.ca.read_bytes())
            run = run_ui("scenarios_venue:venue_indicator", size=size, data_dir=data, name=f"venue-{size}")
            r = run.result
            assert r["home_indicator"] == ["connected", "Venue: live"]
            state, short, box = r["indicator"]
            assert (state, short) == ("offline", "Venue: offline") and box[2] > 0
            assert r["moved"] == []
            w, h = (int(v) for v in size.split("x"))
            assert run.image("table_offline").shape[:2] == (h, w)
            game = r["game"]
            assert hub.wait_for(lambda m: any(t == "tc/club/table/t1/event" and b["game"] == game and b["seq"] == -1
                                              for t, b, _ in m))
    finally:
        hub.close()
        broker.stop()


@pytest.mark.parametrize("size, lang", [("800x480", None), ("1280x800", "el")])
def test_the_venue_is_entered_in_settings_and_the_link_starts(run_ui, tmp_path, size, lang):
    import json

    broker = Broker(tmp_path / "broker", "club", ["t1"], tls=False)
    broker.start()
    try:
        data = tmp_path / "data"
        data.mkdir()
        (data / "settings.toml").write_text("venue_tls = false\n", encoding="utf-8")
        (data / "venue-details.json").write_text(json.dumps({"server": f"127.0.0.1:{broker.port}",
                                                             "password": broker.passwords["t1"]}))
        run = run_ui("scenarios_venue:venue_entered_in_settings", size=size, lang=lang, data_dir=data,
                     name=f"venue-settings-{size}")
        r = run.result
        assert r["state_before"] == ""                    # no venue: nothing opened
        shown, refusal = r["refusal"]
        said = {None: "This table's id “t/1” cannot be used", "el": "Το αναγνωριστικό τραπεζιού «t/1»"}[lang]
        assert shown and refusal and said in refusal[0]        # in the players' language
        assert r["after"] == ["connected", "club", "t1", "0o600", False]
        w, h = (int(v) for v in size.split("x"))
        assert run.image("settings_after_venue").shape[:2] == (h, w)
    finally:
        broker.stop()


@pytest.mark.parametrize("size, lang", [("800x480", None), ("1280x800", "el")])
def test_the_organisers_card_read_with_the_camera_fills_the_venue_settings(run_ui, tmp_path, size, lang):
    """The card's QR code (as venue.broker prints it) before the camera: the fields filled,
    saved like typed ones; a code that is not a good card is said and fills nothing."""
    import json

    import cv2
    import numpy as np

    from companion.venue.card import card_text
    from vision.qr import qr_image

    def picture(text, name):
        canvas = np.full((720, 1280), 235, np.uint8)            # a card on a table, as a webcam sees it
        code = qr_image(text, px_per_module=8)
        canvas[100:100 + code.shape[0], 400:400 + code.shape[1]] = code
        path = tmp_path / name
        cv2.imwrite(str(path), cv2.cvtColor(canvas, cv2.COLOR_GRAY2BGR))
        return str(path)

    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").write_text('camera = "opencv"\n', encoding="utf-8")
    password = "Zq3_secret-pass&=x"
    (data / "venue-card.json").write_text(json.dumps({
        "password": password,
        "good": picture(card_text("club", "127.0.0.1:9", "t1", password), "card.png"),
        "bad": picture("TCVENUE1?venue=club&server=backroom:99999&table=t1&password=x", "bad.png")}))
    run = run_ui("scenarios_venue:venue_card_read", size=size, lang=lang, data_dir=data, name=f"venue-card-{size}")
    r = run.result
    said = {None: "is not a venue card this table can use", "el": "διοργανωτ"}[lang]
    assert len(r["bad"]) == 1 and said in r["bad"][0] and r["bad_fields"] == ["", "", "", "", ""]
    assert r["filled"] == ["club", "127.0.0.1:9", "t1", "t1", True]
    assert r["saved"] == ["club", "t1", "0o600", True, False, False]


def test_set_up_offers_the_seating_the_hub_assigned(run_ui, tmp_path):
    """The hub's round assignment (retained) reaches the table's set-up screen as an offer: one
    tap seats the players as the organiser assigned; the players may change it."""
    from companion.venue.messages import encode, round_message
    from companion.venue.names import round_topic
    from tests.venue.listener import client_for

    broker = Broker(tmp_path / "broker", "club", ["t1"])
    broker.start()
    organiser = client_for(broker, "hub")
    organiser.connect("127.0.0.1", broker.port, 5)
    organiser.loop_start()
    try:
        organiser.publish(round_topic("club", "t1"), encode(round_message("t1", 3, ["Ann", "Bo", "Cy"], "coloretto")),
                          qos=1, retain=True).wait_for_publish(10)
        for size, lang in (("800x480", None), ("1280x800", "pl")):
            data = tmp_path / f"data-{size}"
            data.mkdir()
            (data / "settings.toml").write_text(
                f'venue = "club"\nvenue_broker = "127.0.0.1:{broker.port}"\ntable_id = "t1"\n', encoding="utf-8")
            save_credentials(data, "t1", broker.passwords["t1"], broker.files.ca.read_bytes())
            run = run_ui("scenarios_venue:venue_seating_offered", size=size, lang=lang, data_dir=data,
                         name=f"venue-seating-{size}")
            r = run.result
            offer, game_before, names_before = r["offered"]
            assert "Ann, Bo, Cy" in offer and "Coloretto" in offer and ("3" in offer)
            assert "Ann" not in names_before                  # offered, not imposed
            assert r["taken"] == ["coloretto", 3, ["Ann", "Bo", "Cy"]]
            assert r["started"] == ["Ann", "Bo", "Cyd"]
    finally:
        organiser.loop_stop()
        organiser.disconnect()
        broker.stop()
