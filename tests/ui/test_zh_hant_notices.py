"""The damaged-file and read-only notices in Traditional Chinese, and in English as they were.

A read-only console that meets a damaged file says what is wrong (the store's sentence) and what to do; the
reasons a campaign is read-only are marked for the catalogue where they are defined and read in the
console's language where they are shown.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from gmconsole.i18n import _, set_language
from gmconsole.ui.damaged import damaged_line
from gmconsole.ui.read_only import ASKED_READ_ONLY, IN_USE, READ_ONLY_ADVICE

READ_ONLY = SimpleNamespace(read_only=True)


class Damaged(Exception):
    """What ``damaged_line`` reads of a ``CorruptFile``: its sentence, the file and its newest backup."""

    def __init__(self, path: str, backup: str | None) -> None:
        super().__init__("campaign.json is damaged (not JSON).")
        self.path, self.backup = Path(path), backup


@pytest.fixture
def zh_hant():
    set_language("zh-Hant")
    yield
    set_language(None)


def test_a_read_only_console_says_how_to_restore_a_damaged_file_in_zh_hant(zh_hant):
    error = Damaged("/data/ship/campaign.json", "/data/ship/backups/campaign.json.1")
    said = damaged_line(READ_ONLY, error)
    assert said == "campaign.json is damaged (not JSON). 此主控台為唯讀：請以一般方式開啟戰役來還原它。"
    assert _(IN_USE) == "開啟時另一個寫入者卡在一項變更之中"
    assert _(READ_ONLY_ADVICE[IN_USE]) == _(READ_ONLY_ADVICE[ASKED_READ_ONLY])


def test_the_same_notice_in_english_is_as_it_was():
    error = Damaged("/data/ship/campaign.json", "/data/ship/backups/campaign.json.1")
    said = damaged_line(READ_ONLY, error)
    assert said == ("campaign.json is damaged (not JSON). This console is read-only: open the campaign normally to "
                    "restore it.")
    assert _(IN_USE) == IN_USE == "another writer was stuck in the middle of a change when it opened"
