"""A player's roll from their page in a real browser reaches the GM's console, which accepts it with one key.

``gmconsole serve yze-demo --players`` runs as a process on a copy of the demo (``player_rolls`` is
``approve``, the default); the GM's console runs here as a Pilot app on the same folder (a writer of its own,
following the others); headless Chromium opens Lambert Cho's link, taps Medicine and Roll. The console must
show the waiting request within a second, ``ctrl+r`` must record it as the player's, the page must then show
the result; a second roll refused with ``ctrl+n`` and a word shows the word on the page; and a wrong token's URL
gets a bare 403. Selenium's calls block, so they run in a thread while
the console's loop goes on.
"""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request

from pilot_harness import pilot_test
from served_page import free_port, headless_chromium, serving

NAME = "yze-demo"
LAMBERT = "c9"


def _links(root) -> dict[str, str]:
    """Character name → the link of their page (``gmconsole players NAME --json``)."""
    done = subprocess.run([sys.executable, "-m", "gmconsole", "--data-dir", str(root), "players", NAME, "--json"],
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    return {p["character"]: p["link"] for p in json.loads(done.stdout)["players"]}


def _tap_medicine_and_roll(driver, link: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as shows
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(link)
    wait = WebDriverWait(driver, 10, poll_frequency=0.05)
    wait.until(shows.element_to_be_clickable((By.CSS_SELECTOR, '[data-skill="medicine"]'))).click()
    wait.until(shows.element_to_be_clickable((By.ID, "roll"))).click()
    wait.until(lambda d: d.find_element(By.ID, "status").text.strip())  # "Waiting for the GM…"


def _status_text(driver, wanted: str, timeout: float) -> str:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: wanted in d.find_element(By.ID, "status").text)
    return driver.find_element(By.ID, "status").text


def _result_text(driver, timeout: float) -> str:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: d.find_element(By.ID, "result").text.strip())
    return driver.find_element(By.ID, "result").text


@pilot_test
async def test_a_players_roll_from_the_page_waits_in_the_console_and_the_accept_key_records_it(demo_template,
                                                                                               tmp_path):
    from gmconsole.campaign.service import CampaignService
    from gmconsole.ui.app import GMConsoleApp

    root = tmp_path / "data"
    shutil.copytree(demo_template, root)
    port = free_port()
    with serving(root, NAME, port, flags=("--players",)) as url, headless_chromium(tmp_path / "chromium") as driver:
        link = _links(root)["Lambert Cho"].replace("http://127.0.0.1:8000/", url)
        assert link.startswith(url + "p/")
        service = CampaignService.open(root, NAME, rng=random.Random(5))
        try:
            app = GMConsoleApp(service, rng=random.Random(5))
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                before = len(service.history.entries())
                await asyncio.to_thread(_tap_medicine_and_roll, driver, link)
                asked = time.monotonic()
                line = app.screen.query_one("#player-request")
                while "Lambert Cho asks to roll Medicine" not in str(line.render()):
                    assert time.monotonic() - asked < 1.0, f"not in the console within 1 s: {line.render()!r}"
                    await pilot.pause(0.02)

                await pilot.press("ctrl+r")
                await pilot.pause()
                entries = service.history.entries()
                assert len(entries) == before + 1
                rolled = entries[-1]
                assert rolled["kind"] == "roll" and rolled["source"] == f"player:{LAMBERT}"
                assert rolled["skill"] == "medicine"
                result = await asyncio.to_thread(_result_text, driver, 5)
                assert rolled["summary"] in result

                # refused with a word: the page says it, and nothing is rolled
                await asyncio.to_thread(_tap_medicine_and_roll, driver, link)
                asked = time.monotonic()
                while "Lambert Cho asks to roll Medicine" not in str(line.render()):
                    assert time.monotonic() - asked < 1.0, f"not in the console within 1 s: {line.render()!r}"
                    await pilot.pause(0.02)
                await pilot.press("ctrl+n")
                await pilot.pause()
                app.screen.query_one("#faces-input").value = "not while the ogre sleeps"
                await pilot.press("enter")
                await pilot.pause()
                said = await asyncio.to_thread(_status_text, driver, "not while the ogre sleeps", 5)
                assert "not while the ogre sleeps" in said
                assert len(service.history.entries()) == before + 1
        finally:
            service.close()

        wrong = url + "p/" + "x" * 32
        try:
            urllib.request.urlopen(wrong, timeout=5)
            raise AssertionError("a wrong token's page was served")
        except urllib.error.HTTPError as refused:
            body = refused.read().decode("utf-8", "replace")
            assert refused.code == 403
            assert "Lambert" not in body and NAME not in body and "<script" not in body
