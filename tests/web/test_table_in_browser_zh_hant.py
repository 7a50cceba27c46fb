"""The players' table view served to a browser in Traditional Chinese: ``gmconsole serve`` started
with ``GMCONSOLE_LANG=zh-Hant`` hands the language to every table view it runs (the served command inherits
the environment), so the page the players' phones show reads in zh-Hant: the round, whose turn it is, the
keys line. One server and one browser, as in ``test_table_in_browser``.
"""

from __future__ import annotations

import re
import shutil

import pytest
from served_page import free_port, headless_chromium, serving, wait_for_screen

from gmconsole.campaign.service import CampaignService

NAME = "yze-demo"


def test_the_served_table_view_reads_in_zh_hant(demo_template, tmp_path):
    root = tmp_path / "data"
    shutil.copytree(demo_template, root)
    with CampaignService.open(root, NAME) as service:
        ids = [c.id for c in service.campaign.roster if not c.is_npc]
        service.conflict.start_conflict(ids, mode="manual", order=ids)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GMCONSOLE_LANG", "zh-Hant")
        with serving(root, NAME, free_port()) as url, headless_chromium(tmp_path / "chromium") as driver:
            driver.get(url)
            text = wait_for_screen(driver, lambda text: "現在：" in text and "q 離開" in text, timeout=15)
    assert re.search(r"第\s*1\s*輪", text), text
    assert "玩家檢視" in text
    assert not re.search(r"\b(ROUND|NOW|quit|players)\b", text), text
