"""The GM's own tables as campaign.json keeps them: a hand-edited or hostile ``tables`` part is a damaged file
naming the field (as every part of the campaign document is), and a table whose shape reads but whose die or
rows do not is refused when rolled, in one sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmconsole.campaign.service import CampaignService
from gmconsole.rules.errors import RulesError
from gmconsole.store.errors import CorruptFile

TABLE = '[[tables]]\nname = "Mishaps"\ndie = "d6"\nrows = [{ range = "1-6", text = "Ouch.", stress = 1 }]\n'


@pytest.fixture
def with_table(copy_demos, tmp_path) -> Path:
    root = copy_demos(tmp_path / "data")
    with CampaignService.open(root, "yze-demo") as service:
        service.setup.load_tables(TABLE, "t.toml")
    return root / "yze-demo"


def _edit(folder: Path, change) -> None:
    path = folder / "campaign.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document["state"]["1"]["campaign"]["tables"])
    path.write_text(json.dumps(document), encoding="utf-8")


@pytest.mark.parametrize(("change", "said"), [
    (lambda t: t[0].update(rows="none"), "tables[0].rows"),
    (lambda t: t[0]["rows"][0].update(low="one"), "tables[0].rows[0].low"),
    (lambda t: t[0]["rows"][0].update(costs=[{"name": "stress", "amount": 10**9}]), "amount is 1000000000"),
    (lambda t: t.extend([dict(t[0]) for _n in range(60)]), "tables holds 61 items"),
])
def test_a_hostile_tables_part_is_a_damaged_campaign_file_naming_the_field(with_table, change, said):
    _edit(with_table, change)
    with pytest.raises(CorruptFile) as caught, CampaignService.open(with_table.parent, "yze-demo"):
        pass
    assert said in str(caught.value), str(caught.value)


@pytest.mark.parametrize(("change", "error", "said"), [
    (lambda t: t[0].update(die="d7"), RulesError, "is not a table's die"),
    (lambda t: t[0]["rows"][0].update(low=2), RulesError, "no row reads 1"),
])
def test_a_table_edited_out_of_shape_by_hand_is_refused_when_rolled(with_table, change, error, said):
    _edit(with_table, change)
    with CampaignService.open(with_table.parent, "yze-demo") as service:
        with pytest.raises(error, match=said):
            service.rolls.roll_table("Mishaps", "Ash", faces="1")
        assert service.outcomes.pending_costs() == []
