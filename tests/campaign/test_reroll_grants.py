"""Reroll grants (seed 003: "some Tradecraft, Trade Secrets or Quirks grant the ability to reroll failed skill
checks") in the campaign, R-EXP-5: named on the sheet and checked there, loaded only in their shape, and a
failed check rerolled once with one, recorded with the grant's name and undone with the reroll."""

from __future__ import annotations

import json

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError
from gmconsole.cli import main
from gmconsole.rules.errors import RulesError
from gmconsole.store import CorruptFile

GRANTS = [{"name": "Old hand", "skills": ["stealth", "notice"]}, {"name": "Lucky", "skills": []}]


def _kara(service, grants=GRANTS):
    return service.roster.add_character({"name": "Kara", "attributes": {"agility": 8},
                                         "skills": {"stealth": 6, "shooting": 8}, "reroll_grants": grants})


def test_R_EXP_5_the_sheet_keeps_its_grants_and_refuses_what_is_not_one(make_service, reopen):
    service = make_service("exploding")
    kara = _kara(service)
    refusals = {
        "two reroll grants named “lucky”": [{"name": "Lucky", "skills": []}, {"name": " lucky", "skills": []}],
        "reroll grant needs a name": [{"name": " ", "skills": []}],
        "skills of Kara's grant": [{"name": "Odd", "skills": "stealth"}],
        "not a skill id": [{"name": "Odd", "skills": ["Sneaky Stuff"]}],
        "a name and the skills it covers": [{"name": "Odd", "skills": [], "uses": 3}],
        "1 to 40 characters": [{"name": "x" * 41, "skills": []}],
        "at most 20 reroll grants": [{"name": f"Grant {n}", "skills": []} for n in range(21)],
        "at most 20 skills": [{"name": "Odd", "skills": [f"skill-{n}" for n in range(21)]}],
    }
    for said, grants in refusals.items():
        with pytest.raises(ValidationError) as refused:
            service.roster.update_character(kara.id, {"reroll_grants": grants})
        message = str(refused.value).replace("’", "'")
        assert said.casefold() in message.casefold(), message
    with pytest.raises(ValidationError, match="a reroll grant's name"):  # typed text is checked like a name
        service.roster.update_character(kara.id, {"reroll_grants": [{"name": "Lucky\x1b[2J", "skills": []}]})
    service = reopen(service)
    assert service.campaign.character(kara.id).reroll_grants == GRANTS
    other = service.roster.add_character({"name": "Mira", "attributes": {"agility": 6}})
    assert "reroll_grants" not in service.campaign.character(other.id).to_dict()  # written only when held


def test_R_EXP_5_a_system_without_grants_refuses_them(make_service):
    service = make_service("yze")
    with pytest.raises(ValidationError, match=r"cannot hold reroll grants: yze has none \(R-EXP-5\)"):
        service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "reroll_grants": GRANTS})
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 1}})
    roll = service.rolls.roll(ann.id, "melee", faces="base=2,3,4 skill=5")
    with pytest.raises(RulesError, match="R-EXP-5"):
        service.rolls.reroll_with_grant(roll["id"], "Lucky")


def test_R_EXP_5_grants_of_the_wrong_shape_in_the_file_are_a_damaged_file(make_service, tmp_path):
    service = make_service("exploding", name="Grants")
    _kara(service)
    service.close()
    path = tmp_path / "Grants" / "campaign.json"
    tables = json.loads(path.read_text(encoding="utf-8"))
    tables["state"]["1"]["campaign"]["roster"][0]["reroll_grants"] = [{"skills": ["stealth"]}]
    path.write_text(json.dumps(tables), encoding="utf-8")
    from gmconsole.campaign.service import CampaignService

    with pytest.raises(CorruptFile) as damaged:
        CampaignService.open(tmp_path, "Grants")
    assert "reroll_grants" in str(damaged.value)


def test_R_EXP_5_a_failed_check_is_rerolled_once_with_a_grant_and_undo_gives_it_back(make_service, reopen):
    service = make_service("exploding", seed=3)
    kara = _kara(service)
    check = service.rolls.roll(kara.id, "stealth", faces="skill=1,2 trait=2")
    assert check["success"] is False
    reroll = service.rolls.reroll_with_grant(check["id"], "old hand", faces="skill=2,3 trait=1")
    assert reroll["reroll"] == {"of": check["id"], "grant": "Old hand"} and reroll["by_hand"] is True
    assert reroll["success"] is False and reroll["request"] == check["request"]
    assert reroll["summary"].endswith(f"(reroll of roll {check['id']} with Old hand)")
    assert service.history.entry(check["id"])["rerolled_with"] == "Old hand"
    # the check stands rerolled, and the reroll stands: no grant rerolls either again
    with pytest.raises(ValidationError, match="already rerolled with Old hand: that result stands"):
        service.rolls.reroll_with_grant(check["id"], "Lucky")
    with pytest.raises(ValidationError, match="is a reroll with Old hand: its result stands"):
        service.rolls.reroll_with_grant(reroll["id"], "Lucky")
    service = reopen(service)
    service.undo()  # the reroll and the mark on the check go back together
    assert service.history.entry(check["id"])["rerolled_with"] is None
    again = service.rolls.reroll_with_grant(None, "Lucky", faces="skill=6+2,5 trait=3")  # the newest roll: the check
    assert again["reroll"] == {"of": check["id"], "grant": "Lucky"} and again["success"] is True


def test_R_EXP_5_what_a_grant_does_not_reroll(make_service):
    service = make_service("exploding")
    kara = _kara(service, [{"name": "Steady aim", "skills": ["shooting"]}])
    won = service.rolls.roll(kara.id, "shooting", faces="skill=5,2 trait=3")
    with pytest.raises(ValidationError, match="succeeded: a grant rerolls failed checks only"):
        service.rolls.reroll_with_grant(won["id"], "Steady aim")
    failed = service.rolls.roll(kara.id, "stealth", faces="skill=1,2 trait=2")
    with pytest.raises(ValidationError, match=r"Steady aim \(shooting\) does not cover stealth"):
        service.rolls.reroll_with_grant(failed["id"], "Steady aim")
    with pytest.raises(ValidationError, match=r"no reroll grant named “Lucky”; grants held: Steady aim \(shooting\)"):
        service.rolls.reroll_with_grant(failed["id"], "Lucky")
    gm_roll = service.rolls.quick_roll("s8 t6 tn12", faces="s1,2 t2")
    with pytest.raises(ValidationError, match="the GM's own roll"):
        service.rolls.reroll_with_grant(gm_roll["id"], "Steady aim")
    missed = service.rolls.roll(kara.id, "shooting", faces="skill=1,2 trait=2")
    service.sessions.new_scene()
    with pytest.raises(ValidationError, match="earlier scene: a reroll follows its check in the same scene"):
        service.rolls.reroll_with_grant(missed["id"], "Steady aim")
    assert len(service.history.filtered(kind="roll")) == 4


def test_R_EXP_5_gmconsole_sheet_lists_the_grants(make_service, tmp_path, capsys):
    service = make_service("exploding", name="Sheet")
    _kara(service)
    service.close()
    assert main(["--data-dir", str(tmp_path), "sheet", "Sheet", "Kara"]) == 0
    out = capsys.readouterr().out
    assert "reroll grants: Old hand (stealth, notice); Lucky" in out
    assert main(["--data-dir", str(tmp_path), "sheet", "Sheet", "Kara", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reroll_grants"] == GRANTS
