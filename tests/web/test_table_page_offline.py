"""The served page in a real browser needs nothing from another host, and a tab past ``--max-views`` is
told why on the page (headless Chromium, ``served_page``).

The page linked Google Fonts for its font; a table may be offline. It now takes Roboto Mono from the
files textual-serve ships, served by the server itself: the browser fetched every resource from the
server, and the font the terminal is drawn with is loaded from it. With ``--max-views 1`` a second tab
shows, instead of the loading splash, that the table has as many views as it allows and how the GM
allows more.
"""

from __future__ import annotations

import shutil
import time

import pytest
from served_page import free_port, headless_chromium, serving, wait_for_screen

NAME = "yze-demo"

LOCAL_FONTS = """
const done = arguments[arguments.length - 1];
document.fonts.load("16px 'Roboto Mono'").then(() => done({
  fonts: [...document.fonts].filter(f => f.family.replace(/["']/g, "") === "Roboto Mono").map(f => f.status),
  resources: performance.getEntriesByType("resource").map(e => e.name),
}));
"""

CLOSED_MESSAGE = """
const closed = document.body.classList.contains("-closed");
const message = document.querySelector(".closed-dialog .message");
return closed && message ? message.textContent : "";
"""


def test_the_page_is_offline_and_a_tab_past_the_cap_says_why(demo_template, tmp_path):
    root = tmp_path / "data"
    shutil.copytree(demo_template, root)
    port = free_port()
    with serving(root, NAME, port, flags=("--max-views", "1")) as url, \
            headless_chromium(tmp_path / "chromium") as driver:
        driver.get(url)
        wait_for_screen(driver, lambda text: "Ripley Hale" in text, timeout=15)
        loaded = driver.execute_async_script(LOCAL_FONTS)
        assert loaded["fonts"] and "loaded" in loaded["fonts"], loaded
        assert all(resource.startswith(url) for resource in loaded["resources"]), loaded["resources"]
        assert f"{url}static/fonts/RobotoMono-VariableFont_wght.ttf" in loaded["resources"]

        driver.switch_to.new_window("tab")
        driver.get(url)
        deadline = time.monotonic() + 15
        while not (said := driver.execute_script(CLOSED_MESSAGE)):
            if time.monotonic() > deadline:
                pytest.fail("the second tab was not told the table is full")
            time.sleep(0.1)
    assert "already open in 1 tab, as many as this server allows" in said, said
    assert f"gmconsole serve {NAME} --max-views 2" in said
