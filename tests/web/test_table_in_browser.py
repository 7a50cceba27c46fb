"""The players' table view in a real browser: ``gmconsole serve`` on a copy of the yze demo,
headless Chromium loading the page, the screen read back as text (``served_page``).

The page shows the conflict's initiative order and round; a roll recorded by the CLI in another
process appears within a few seconds, without reloading; a roll recorded ``--hidden`` never does.
One server and one browser serve both tests of the module (about 5 s to the first screen).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from served_page import free_port, headless_chromium, screen_text, serving, wait_for_screen

from gmconsole.campaign.service import CampaignService

NAME = "yze-demo"
ORDER = ("Ash", "Parker Moss", "Ripley Hale")
"""The conflict's acting order, typed (manual mode): the roster's order reversed, so the initiative
pane is the only place the names appear in this order."""


@pytest.fixture(scope="module")
def table_page(demo_template, tmp_path_factory):
    """The served table view of a copy of the yze demo in a conflict, loaded in headless Chromium:
    ``(driver, root)``. The server and the browser are stopped however the tests end."""
    root = tmp_path_factory.mktemp("served") / "data"
    shutil.copytree(demo_template, root)
    with CampaignService.open(root, NAME) as service:
        ids = [service.character(name).id for name in ORDER]
        service.conflict.start_conflict(ids, mode="manual", order=ids)
    with serving(root, NAME, free_port()) as url, headless_chromium(tmp_path_factory.mktemp("chromium")) as driver:
        driver.get(url)
        wait_for_screen(driver, lambda text: "Ripley Hale" in text, timeout=15)
        yield driver, root


def _columns(text: str) -> list[str]:
    """The screen cut into its boxes' columns (at each ``│``), each column's rows joined top to bottom:
    a pane beside another reads as one text, not interleaved with its neighbour."""
    columns: dict[int, list[str]] = {}
    for row in text.splitlines():
        for index, cell in enumerate(re.split("[│┃|]", row)):
            columns.setdefault(index, []).append(cell)
    return ["\n".join(cells) for cells in columns.values()]


def _in_order(text: str, names) -> bool:
    at = 0
    for name in names:
        at = text.find(name, at)
        if at < 0:
            return False
        at += len(name)
    return True


def test_the_page_shows_the_initiative_order_and_the_round(table_page):
    driver, _root = table_page
    text = wait_for_screen(driver, lambda text: any(_in_order(c, ORDER) for c in _columns(text)), timeout=5)
    assert re.search(r"round\s*1\b", text, re.IGNORECASE), text


def _roll(root, character: str, skill: str, *flags: str) -> None:
    """Record a roll with the CLI in its own process, as the GM at a second terminal would."""
    done = subprocess.run([sys.executable, "-m", "gmconsole", "--data-dir", str(root), "roll", "yze",
                           "--campaign", NAME, "--character", character, "--skill", skill, *flags],
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr


def test_a_roll_recorded_by_the_cli_appears_and_a_hidden_one_never_does(table_page):
    driver, root = table_page
    before = screen_text(driver)
    assert not any(skill in before for skill in ("Melee", "Stealth", "Ranged")), before
    _roll(root, "Ripley Hale", "melee")
    wait_for_screen(driver, lambda text: "Melee" in text, timeout=5)
    _roll(root, "Parker Moss", "stealth", "--hidden")
    _roll(root, "Ash", "ranged")
    seen: list[str] = []
    wait_for_screen(driver, lambda text: "Ranged" in text, timeout=5, seen=seen)  # past the hidden roll
    seen.append(screen_text(driver))
    leaked = [text for text in seen if "Stealth" in text]
    assert not leaked, leaked[0]
