"""A new campaign's name is a folder name every file system can hold.

A 64-emoji name passed the old 100-character check but is 256 bytes, one more than a file name may
have (``File name too long``); ``:`` and the other characters Windows and exFAT refuse were taken.
New names are limited in UTF-8 bytes and to portable characters; an existing campaign whose folder
name is not portable still opens (refusing it would lock the GM out of their own campaign).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmconsole.store import CampaignStore, InvalidCampaignName
from gmconsole.store.names import MAX_NAME_BYTES, check_new_name


def test_a_64_emoji_name_is_refused_by_its_bytes_with_a_clear_message(root):
    name = "🐉" * 64
    assert len(name) <= 100 and len(name.encode()) == 256
    with pytest.raises(InvalidCampaignName, match=f"at most {MAX_NAME_BYTES} bytes"):
        CampaignStore.create(root, name, {})
    assert list(root.iterdir()) == []


def test_a_name_of_exactly_the_byte_limit_is_created(root):
    name = "🐉" * (MAX_NAME_BYTES // 4) + "x" * (MAX_NAME_BYTES % 4)
    assert len(name.encode()) == MAX_NAME_BYTES
    CampaignStore.create(root, name, {}).close()
    assert CampaignStore.list_campaigns(root) == [name]


@pytest.mark.parametrize("name, words", [
    ("Hope: Act I", "':'"), ("what?", "'?'"), ("a*b", "'*'"), ('say "hi"', "'\"'"), ("a<b>", "'<'"),
    ("left|right", "'|'"), ("back\\slash", "slash"), ("CON", "reserved"), ("nul.txt", "reserved"),
    ("com1", "reserved"), ("Lpt9", "reserved"), ("ends with a dot.", "ends with a dot"),
    ("bidi\u202eemaN", "control or text-direction"), ("c1\x9bx", "control or text-direction"),
    ("del\x7f", "control or text-direction"),
])
def test_names_some_file_systems_refuse_are_refused_when_created(root, name, words):
    with pytest.raises(InvalidCampaignName, match="cannot be a campaign name") as caught:
        CampaignStore.create(root, name, {})
    assert words.strip("'") in str(caught.value)
    assert list(root.iterdir()) == []


def test_an_existing_campaign_with_a_colon_in_its_folder_name_still_opens(root):
    CampaignStore.create(root, "Hope", {"title": "x"}).close()
    os.rename(root / "Hope", root / "Hope: Act I")
    with CampaignStore.open(root, "Hope: Act I") as store:
        assert store.load_state() == {"title": "x"}


def test_opening_a_name_too_long_for_any_file_system_says_so(root):
    with pytest.raises(InvalidCampaignName, match="bytes"):
        CampaignStore.open(root, "🐉" * 64)


def test_cli_new_refuses_an_emoji_name_too_long_in_one_line(run_cli, tmp_path):
    result = run_cli("--data-dir", str(tmp_path), "new", "🐉" * 64, "--system", "yze")
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "bytes" in lines[0] and "Traceback" not in result.stderr


_name_text = st.text(st.characters(codec="utf-8"), min_size=1, max_size=80)


@settings(max_examples=150, deadline=None)
@given(_name_text)
def test_every_name_accepted_is_portable_and_can_be_created(tmp_path_factory, name):
    """Property: a name the check takes is at most MAX_NAME_BYTES bytes, holds none of the characters
    some file system refuses, and is created (and listed) under its own name on this one."""
    try:
        check_new_name(name)
    except InvalidCampaignName as refused:
        assert "cannot be a campaign name" in str(refused)
        return
    assert len(name.encode("utf-8")) <= MAX_NAME_BYTES
    assert not set(name) & set('/\\:*?"<>|') and not name.endswith((".", " ")) and not name.startswith((" ", "."))
    root = tmp_path_factory.mktemp("names")
    CampaignStore.create(root, name, {}).close()
    assert CampaignStore.list_campaigns(root) == [name]
