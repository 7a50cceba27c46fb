"""Files written in the previous schema (0: stock TinyDB files) open, and are saved in the current one."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from store_helpers import file_bytes

from gmconsole.store import CampaignStore
from gmconsole.store.schema import MIGRATIONS, SCHEMA

FIXTURE = Path(__file__).parent / "fixtures" / "schema0"
STATE = {
    "title": "Expedition to LV-1113",
    "system": "year-zero",
    "roster": [{"name": "Ripley", "stress": 2}, {"name": "Hicks", "stress": 0}],
}


@pytest.fixture
def old_root(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    shutil.copytree(FIXTURE, root)
    return root


def test_every_schema_below_the_current_one_has_a_migration():
    assert sorted(MIGRATIONS) == list(range(SCHEMA))


def test_schema0_campaign_opens_read_only_without_changing_a_byte(old_root):
    before = file_bytes(old_root)
    with CampaignStore.open(old_root, "Expedition", read_only=True) as store:
        assert store.load_state() == STATE
        assert store.entries() == [
            {"kind": "roll", "who": "Ripley", "faces": [6, 3, 1], "successes": 1, "id": 1, "session": 1},
            {"kind": "roll", "who": "Hicks", "faces": [2, 2], "successes": 0, "pushed": True, "id": 2, "session": 1},
        ]
    assert file_bytes(old_root) == before


def test_schema0_campaign_is_saved_in_the_current_schema_and_the_old_file_kept(old_root):
    old_campaign = (old_root / "Expedition" / "campaign.json").read_bytes()
    with CampaignStore.open(old_root, "Expedition") as store:
        saved = json.loads((store.path / "campaign.json").read_text())
        assert saved["_gmconsole"]["1"]["schema"] == SCHEMA
        assert saved["state"]["1"] == STATE and "_default" not in saved
        assert (store.path / "backups" / "campaign.json.1").read_bytes() == old_campaign
        store.update_entry(1, 2, {"undone": True})
        assert store.append_entry(1, {"kind": "roll", "who": "Ripley", "faces": [6]}) == 3
    chunk = json.loads((old_root / "Expedition" / "history" / "session-0001" / "entries-000000001.json").read_text())
    record = chunk["_gmconsole"]["1"]
    assert record == {"schema": SCHEMA, "kind": "history", "gmconsole": record["gmconsole"]}
    assert sorted(chunk["entries"]) == ["1", "2", "3"]
    with CampaignStore.open(old_root, "Expedition", read_only=True) as store:
        assert [(e["id"], e.get("undone", False)) for e in store.entries()] == [(1, False), (2, True), (3, False)]
