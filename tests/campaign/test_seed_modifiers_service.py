"""Through CampaignService: seed 002's named skill modifiers (recorded by name, kept through a push and
a reopen), myz opposed pairs (Intimidate only against an Enforcer), and R-MYZ-LIMIT warnings that the
GM dismisses by recording why (as "only one chance" is)."""

from __future__ import annotations

import pytest
from campaign_helpers import yz

from gmconsole.campaign.errors import ValidationError


def _yze(service):
    return service.roster.add_character({"name": "Ann", "attributes": yz(2, 3, 3, 3), "skills": {"stealth": 1,
                                                                                         "manipulation": 2}})


def test_seed_002_stealth_factors_change_the_pool_and_are_recorded_by_name(make_service, reopen):
    service = make_service("yze")
    ann = _yze(service)
    preview = service.rolls.preview_roll(ann.id, "stealth", skill_modifiers=["dark", "crowded"])
    assert sum(1 for d in preview.dice if d["kind"] == "skill") == 3
    assert "The area is dark or dimly lit +1" in preview.explanation
    entry = service.rolls.roll(ann.id, "stealth", skill_modifiers=["dark", "crowded"], faces="base=2,3,4 skill=2,5,4")
    assert [m["id"] for m in entry["skill_modifiers"]] == ["dark", "crowded"]
    assert entry["skill_modifiers"][0]["name"] == {
        "en": "The area is dark or dimly lit.", "zh-Hant": "該區域昏暗或光線微弱。"
    }
    assert entry["request"]["skill_modifiers"] == ["dark", "crowded"]
    pushed = service.rolls.push(entry["id"], faces="base=6,3,4 skill=2,3,4 stress=2")
    assert pushed["kind"] == "push"
    again = reopen(service).history.entry(entry["id"])
    assert again["pushes"] == 1 and [m["id"] for m in again["skill_modifiers"]] == ["dark", "crowded"]
    assert "The area is crowded or noisy +1" in again["pool"]["explanation"]


def test_seed_002_interrogation_and_the_captive_are_not_counted_twice(make_service):
    service = make_service("yze")
    ann = _yze(service)
    preview = service.rolls.preview_roll(ann.id, "manipulation", skill_modifiers=["interrogation", "held-by-you"])
    assert not preview.can_roll and "same fact" in preview.reason
    with pytest.raises(ValueError, match="same fact"):
        service.rolls.roll(ann.id, "manipulation", skill_modifiers=["interrogation", "held-by-you"])
    assert service.history.filtered(kind="roll") == []


def test_skill_modifiers_of_another_skill_or_system_are_refused(make_service):
    service = make_service("yze")
    ann = _yze(service)
    refused = service.rolls.preview_roll(ann.id, "stealth", skill_modifiers=["helped-before"])
    assert "stealth has no modifier" in refused.reason
    tiered = make_service("tiered")
    who = tiered.roster.add_character({"name": "T", "attributes": {"str": 1, "dex": 1, "int": 1, "cha": 1, "per": 1},
                                       "skills": {"sneak": 1}})
    with pytest.raises(ValueError, match="no named modifiers in tiered"):
        tiered.rolls.roll(who.id, "sneak", attribute="dex", skill_modifiers=["dark"])


def test_seed_002_interrogation_in_an_opposed_roll_is_recorded(make_service):
    service = make_service("yze")
    ann = _yze(service)
    bo = service.roster.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3), "skills": {"stamina": 1}})
    entry = service.rolls.opposed_roll(ann.id, "manipulation", skill_modifiers=["interrogation"], defender_id=bo.id,
                                       defender_skill="stamina", faces="base=6,2,3 skill=6,1,2",
                                       defender_faces="base=6,2,3 skill=2")
    assert entry["opposed"]["defender_skill"] == "stamina"
    assert [m["id"] for m in entry["skill_modifiers"]] == ["interrogation"]


def _myz(service, name, role, skills):
    return service.roster.add_character({"name": name, "role": role, "attributes": yz(3, 3, 3, 3), "skills": skills})


def test_r_opp_1_myz_intimidate_is_opposed_only_by_an_enforcer(make_service):
    service = make_service("myz")
    hammer = _myz(service, "Hammer", "enforcer", {"intimidate": 2})
    brute = _myz(service, "Brute", "enforcer", {"intimidate": 1})
    quill = _myz(service, "Quill", "chronicler", {"inspire": 1})
    with pytest.raises(ValidationError, match="only against another Enforcer"):
        service.rolls.opposed_roll(hammer.id, "intimidate", defender_id=quill.id, defender_skill="intimidate")
    assert service.history.filtered(kind="roll") == []
    entry = service.rolls.opposed_roll(hammer.id, "intimidate", defender_id=brute.id, defender_skill="intimidate",
                                       faces="base=6,2,3 skill=6,1", defender_faces="base=6,2,3 skill=4")
    assert entry["opposed"]["outcome"] == "active"


def test_r_myz_limit_make_a_deal_once_per_session(make_service):
    service = make_service("myz")
    fixer = _myz(service, "Nails", "fixer", {"make-a-deal": 2})
    assert service.rolls.preview_roll(fixer.id, "make-a-deal", skill_modifiers=["side-deal"]).warnings == []
    first = service.rolls.roll(fixer.id, "make-a-deal", skill_modifiers=["side-deal"], faces="base=6,2,3 skill=4,4")
    service.sessions.new_scene()  # not "only one chance": the limit holds for the whole session
    warned = service.rolls.preview_roll(fixer.id, "make-a-deal", skill_modifiers=["side-deal"]).warnings
    assert len(warned) == 1 and "once per session" in warned[0] and f"#{first['id']}" in warned[0]
    assert "R-MYZ-LIMIT" in warned[0]
    assert service.rolls.preview_roll(fixer.id, "make-a-deal").warnings == []  # finding a contact
    service.sessions.new_session()
    assert service.rolls.preview_roll(fixer.id, "make-a-deal", skill_modifiers=["side-deal"]).warnings == []


def test_r_myz_limit_warning_is_dismissed_by_recording_why_and_comes_back_after_undo(make_service):
    service = make_service("myz")
    fixer = _myz(service, "Nails", "fixer", {"make-a-deal": 2})
    service.rolls.roll(fixer.id, "make-a-deal", skill_modifiers=["side-deal"], faces="base=6,2,3 skill=4,4")
    assert service.rolls.preview_roll(fixer.id, "make-a-deal", skill_modifiers=["side-deal"]).warnings
    service.rolls.change_of_circumstances(fixer.id, "make-a-deal", "the GM allows a second deal: a festival in the Ark")
    assert service.rolls.preview_roll(fixer.id, "make-a-deal", skill_modifiers=["side-deal"]).warnings == []
    service.undo()
    assert service.rolls.preview_roll(fixer.id, "make-a-deal", skill_modifiers=["side-deal"]).warnings


def test_r_myz_limit_one_stalker_per_sector_across_sessions(make_service):
    service = make_service("myz")
    lina = _myz(service, "Lina", "stalker", {"find-the-path": 2})
    kai = _myz(service, "Kai", "stalker", {"find-the-path": 1})
    service.rolls.roll(lina.id, "find-the-path", skill_modifiers=["enter-sector=B7"], faces="base=6,2,3 skill=4,4")
    service.sessions.new_session()
    warned = service.rolls.preview_roll(kai.id, "find-the-path", skill_modifiers=["enter-sector=b7"]).warnings
    assert len(warned) == 1 and "Lina" in warned[0] and "one Stalker" in warned[0]
    assert service.rolls.preview_roll(kai.id, "find-the-path", skill_modifiers=["enter-sector=C3"]).warnings == []
    entry = service.rolls.roll(kai.id, "find-the-path", skill_modifiers=["enter-sector=b7"], faces="base=2,2,3 skill=4")
    assert entry["kind"] == "roll"  # a warning, never a refusal: the GM decides


def test_r_myz_limit_jury_rig_not_the_same_device_again(make_service):
    service = make_service("myz")
    grease = _myz(service, "Grease", "gearhead", {"jury-rig": 2})
    service.rolls.roll(grease.id, "jury-rig", skill_modifiers=["device=scrap gun"], faces="base=1,2,3 skill=4,4")
    warned = service.rolls.preview_roll(grease.id, "jury-rig", skill_modifiers=["device=Scrap gun"]).warnings
    assert any("not the same device again" in w for w in warned)
    service.rolls.change_of_circumstances(grease.id, "jury-rig", "found new scrap in the ruins")
    assert not any("device" in w for w in service.rolls.preview_roll(
        grease.id, "jury-rig", skill_modifiers=["device=scrap gun"]).warnings)
