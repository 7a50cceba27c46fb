"""A symlink inside a campaign folder is never followed.

A ``lock`` or ``closed-cleanly`` that is a symlink used to make opening (or closing) the campaign
overwrite or create the file it points at. Now every file of a campaign is opened with ``O_NOFOLLOW``,
and a campaign folder holding a symlink where a file or folder belongs is refused, naming it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gmconsole.store import CampaignStore, StoreError
from gmconsole.store.errors import UnsafeLink

PLACES = [
    "lock",
    "closed-cleanly",
    "campaign.json",
    "history",
    "history/session-0001",
    "history/session-0001/entries-000000001.json",
    "backups",
    "backups/campaign.json.1",
    "backups/history",
    "backups/history/session-0001",
]


@pytest.fixture
def saved(root):
    """A closed campaign with history, backups of the state and of the chunk, and a clean-close marker."""
    with CampaignStore.create(root, "Hope", {"title": "first"}) as store:
        store.save_state({"title": "second"})
        for n in range(3):
            store.append_entry(1, {"n": n})
    return root / "Hope"


def _everything_outside(outside: Path) -> dict[str, bytes]:
    return {str(p.relative_to(outside)): p.read_bytes() for p in sorted(outside.rglob("*")) if p.is_file()}


def _link(saved: Path, place: str, outside: Path) -> Path:
    """Move what is at ``place`` out of the campaign (a victim with the same bytes) and link to it;
    return the link's target."""
    here = saved / place
    there = outside / place.replace("/", "_")
    if here.exists():
        os.replace(here, there)
    os.symlink(there, here)
    return there


@pytest.mark.parametrize("place", PLACES)
def test_a_campaign_holding_a_symlink_is_refused_naming_it_and_nothing_outside_changes(root, saved, tmp_path, place):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.txt").write_text("the GM's own notes\n")
    target = _link(saved, place, outside)
    if place == "closed-cleanly":
        target.unlink()  # a dangling link: writing through it would create the file
    before = _everything_outside(outside)
    for read_only in (False, True):
        with pytest.raises(UnsafeLink) as caught, CampaignStore.open(root, "Hope", read_only=read_only) as store:
            store.entries()
        assert caught.value.path == saved / place
        assert f"{saved / place}" in str(caught.value) and "symbolic link" in str(caught.value)
    assert _everything_outside(outside) == before
    assert not (outside / "closed-cleanly").exists()  # the dangling marker link was never written through


def test_a_lock_linked_to_a_file_outside_never_overwrites_it(root, saved, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("the GM's own notes\n")
    (saved / "lock").unlink()
    os.symlink(victim, saved / "lock")
    with pytest.raises(UnsafeLink):
        CampaignStore.open(root, "Hope")
    with pytest.raises(UnsafeLink):
        CampaignStore.repair(root, "Hope", saved / "campaign.json")
    assert victim.read_text() == "the GM's own notes\n"


def test_a_marker_linked_outside_is_never_created_by_closing(root, saved, tmp_path):
    (saved / "closed-cleanly").unlink()
    store = CampaignStore.open(root, "Hope")
    os.symlink(tmp_path / "created-by-close", saved / "closed-cleanly")  # placed while the campaign is open
    store.close()
    assert not (tmp_path / "created-by-close").exists()


def test_a_chunk_swapped_for_a_symlink_while_open_is_refused_not_read(root, saved, tmp_path):
    store = CampaignStore.open(root, "Hope")
    try:
        chunk = saved / "history/session-0001/entries-000000001.json"
        os.replace(chunk, tmp_path / "moved.json")
        os.symlink(tmp_path / "moved.json", chunk)
        with pytest.raises(UnsafeLink) as caught:
            store.entries(1)
        assert caught.value.path == chunk
        with pytest.raises(StoreError):
            store.append_entry(1, {"n": 9})
    finally:
        store.close()
    assert os.path.islink(chunk)  # left as found, for the GM to look at


def test_creating_a_campaign_where_the_folder_holds_a_symlink_is_refused(root, tmp_path):
    folder = root / "Hope"
    folder.mkdir()
    os.symlink(tmp_path / "elsewhere", folder / "lock")
    with pytest.raises(UnsafeLink):
        CampaignStore.create(root, "Hope", {"title": "first"})
    assert not (tmp_path / "elsewhere").exists()


def test_cli_history_of_a_campaign_holding_a_symlink_is_one_line(run_cli, tmp_path):
    data = tmp_path / "data"
    assert run_cli("--data-dir", str(data), "new", "Hope", "--system", "yze").returncode == 0
    os.symlink(tmp_path / "victim", data / "Hope" / "closed-cleanly.tmp")  # a stray link is refused too
    for args in (("history", "Hope"), ("roll", "yze", "--campaign", "Hope", "--character", "x", "--wait", "0")):
        result = run_cli("--data-dir", str(data), *args)
        assert result.returncode == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "closed-cleanly.tmp" in lines[0] and "symbolic link" in lines[0]


def test_a_linked_chunk_backup_is_never_followed(root, saved, tmp_path):
    """Chunk files are not listed at open (there may be hundreds): a link among the backups of a chunk
    is never read, written through or restored; only renamed or removed like any backup."""
    victim = tmp_path / "victim.txt"
    victim.write_text("the GM's own notes\n")
    backup = saved / "backups/history/session-0001/entries-000000001.json.1"
    backup.unlink()
    os.symlink(victim, backup)
    with CampaignStore.open(root, "Hope") as store:
        with pytest.raises(StoreError, match="no usable backup"):
            store.restore_backup(saved / "history/session-0001/entries-000000001.json")
        store.append_entry(1, {"n": 3})  # rotates the chunk's backups
        assert [entry["n"] for entry in store.entries(1)] == [0, 1, 2, 3]
    assert victim.read_text() == "the GM's own notes\n"
