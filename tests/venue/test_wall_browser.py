"""The wall page in a real headless browser (Chromium and its driver from apt, driven by
Selenium): a table appears with its players, its score changes live without a reload, and a
table that goes away shows offline."""
from __future__ import annotations

import shutil
import threading

import pytest

from companion.engine import GameConfig
from companion.journal import Journal
from companion.session import TableSession
from companion.venue.messages import session_state
from tests.fake_game import Add, Roll
from tests.venue.test_link import credentials_for, settings_for
from venue.hub.listener import HubListener
from venue.hub.server import WallServer
from venue.hub.store import HubStore
from venue.publisher import CONNECTED, VenueLink

DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


@pytest.fixture
def browser(tmp_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    if not shutil.which("chromium") or not shutil.os.path.exists(DRIVER):
        pytest.fail("Chromium and chromium-driver are not installed: ./setup.sh --dev installs them (apt)")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,800",
                f"--user-data-dir={tmp_path / 'chromium'}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def test_the_wall_page_shows_tables_live_and_offline(broker, tmp_path, browser):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    store = HubStore(tmp_path / "hub.sqlite3")
    hub = HubListener(store, "club", "127.0.0.1", broker.port, "hub", broker.passwords["hub"], str(broker.files.ca))
    hub.start()
    server = WallServer(("127.0.0.1", 0), store, "club")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # the page redraws a table's card on each update: an element found a moment ago may be gone
    wait = WebDriverWait(browser, 30, poll_frequency=0.1, ignored_exceptions=(StaleElementReferenceException,))

    def texts(selector: str) -> list[str]:
        """The text of every element ``selector`` finds, read again if the page redrew them meanwhile."""
        for _ in range(20):
            try:
                return [e.text for e in browser.find_elements(By.CSS_SELECTOR, selector)]
            except StaleElementReferenceException:
                continue
        raise AssertionError(f"{selector}: redrawn 20 times in a row")

    def card_text() -> str:
        return next(iter(texts('[data-table="t1"]')), "")

    try:
        browser.get(f"http://127.0.0.1:{server.server_address[1]}/?lang=en")
        browser.execute_script("window.loadedOnce = 'yes'")
        path = tmp_path / "journal.sqlite3"
        with Journal(path) as journal:
            session = TableSession.new(journal, GameConfig.build("counter", ["Ann", "Bo"], target=10))
            with VenueLink(path, settings_for(broker), credentials_for(broker, tmp_path)) as link:
                assert link.wait_until(lambda s: s.state == CONNECTED, 20)
                link.update_state(session_state("t1", session))
                wait.until(lambda d: "Ann" in card_text() and "Bo" in card_text())
                assert "Turn: Ann" in card_text()
                session.submit(Add(0, 3))
                session.submit(Roll(0))
                link.update_state(session_state("t1", session))
                link.wake()
                wait.until(lambda d: "Turn: Bo" in card_text())
                scores = texts('[data-table="t1"] .score')
                assert scores == ["3", "0"]
                browser.save_screenshot(str(tmp_path / "wall_live.png"))
            # the link closed: the table says offline, on the same page (never reloaded)
            wait.until(lambda d: "offline" in (d.find_element(By.CSS_SELECTOR, '[data-table="t1"]')
                                               .get_attribute("class") or ""))
            assert "offline since" in card_text()
            assert browser.execute_script("return window.loadedOnce") == "yes"
            browser.save_screenshot(str(tmp_path / "wall_offline.png"))
        browser.get(f"http://127.0.0.1:{server.server_address[1]}/?lang=el")
        wait.until(lambda d: "εκτός σύνδεσης" in card_text())
        assert "Κατάταξη" in browser.page_source
    finally:
        server.stop()
        hub.close()
        store.close()
