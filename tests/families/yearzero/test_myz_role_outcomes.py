"""What `myz` role skills' rolls lead to, in the rules core: Jury-Rig's devices and build stunts as data and the
item a build makes (R-MYZ-BUILD-1, R-MYZ-BUILD-2), Find the Path's and a deal's finds with their D6
(R-MYZ-FINDS-1, R-MYZ-FINDS-2), Save a Life (R-MYZ-SAVE-1)."""

from __future__ import annotations

import random
import string

import pytest

from gmconsole.families.yearzero.rules import jury_rig, role_outcomes, skill_modifiers
from gmconsole.families.yearzero.rules.roles import save_a_life
from gmconsole.families.yearzero.rules.roll import PoolRequest, build_pool, roll
from gmconsole.rules.data import load_table
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError

SEED_DEVICES = ["scrap-gun", "arrows", "scrap-armor", "shield", "rot-suit", "cold-suit", "explosive-charge",
                "flaming-torch", "lamp", "binoculars", "foghorn", "destillator", "camouflage", "scrap-raft", "cart",
                "balloon", "scrap-cannon"]
"""Seed 000's Jury-Rig examples, in its order."""


def _placeholders(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def _device(name: str) -> jury_rig.Device:
    return jury_rig.device_named("myz", name)


def test_r_myz_build_1_the_seeds_devices_are_data_in_both_languages_with_what_they_give():
    devices = {d.id: d for d in jury_rig.devices("myz")}
    assert list(devices) == SEED_DEVICES
    for device in devices.values():
        for field in (device.name, device.effect):
            assert field["en"].strip() and field["zh-Hant"].strip()
        assert _placeholders(device.effect["en"]) == _placeholders(device.effect["zh-Hant"])
        assert _placeholders(device.effect["en"]) <= {"bonus", *device.ratings}
    gives = {k: (devices[k].bonus, devices[k].skills) for k in ("binoculars", "camouflage", "cold-suit")}
    assert gives == {"binoculars": (1, ("scout",)), "camouflage": (2, ("sneak",)), "cold-suit": (3, ("endure",))}
    assert devices["scrap-armor"].effect_text() == "Scrap armor, Armor Rating 3."
    assert devices["rot-suit"].effect_text() == "A Rot suit. Protection Rating 3 against the Rot."
    assert devices["explosive-charge"].effect_text() == "An explosive charge, Blast Power 6."
    assert devices["arrows"].quantity == 4 and devices["scrap-raft"].ratings == {"carries": 5}


def test_r_myz_build_1_a_device_is_named_by_id_or_name_in_either_language_else_it_is_the_gms_own():
    for text in ("binoculars", "BINOCULARS", "  Binoculars ", "雙筒望遠鏡"):
        assert _device(text).id == "binoculars"
    own = _device("rusty  periscope")
    assert (own.listed, own.name["en"], own.bonus, own.skills) == (False, "rusty periscope", 0, ())
    with pytest.raises(RulesError, match="name the device"):
        _device("  ")


def test_r_myz_build_1_the_device_picked_is_recorded_by_its_english_name_so_r_myz_limit_matches_it():
    picked = skill_modifiers.resolve("myz", "jury-rig", ["device=廢料槍"])
    assert picked[0].detail == "Scrap gun"
    assert skill_modifiers.resolve("myz", "jury-rig", ["device=scrap GUN"])[0].detail == "Scrap gun"
    assert skill_modifiers.resolve("myz", "jury-rig", ["device=steam organ"])[0].detail == "steam organ"
    patient = skill_modifiers.resolve("myz", "heal", ["save-a-life=Lina"])[0]
    assert (patient.modifier.pick, patient.detail) == ("patient", "Lina")


def test_r_myz_build_2_only_the_stunts_that_fit_the_device_are_offered():
    def offered(name: str) -> list[str]:
        return [s.id for s in jury_rig.stunts_for("myz", _device(name))]

    assert offered("binoculars") == ["durable", "bonus"]
    assert offered("scrap gun") == ["durable", "bonus", "damage", "barrel"]
    assert offered("explosive charge") == ["durable", "bonus", "damage", "blast_power", "shrapnel"]
    assert offered("rot suit") == ["durable", "bonus", "armor"]
    assert offered("scrap raft") == ["durable", "bonus", "carries"]
    assert len(offered("steam organ")) == len(load_table("myz")["jury_rig_stunts"]) == 8
    rows = jury_rig.stunt_choices("myz", _device("explosive charge"), 2)
    assert [value for value, _label in rows] == ["durable", "bonus", "damage", "blast_power", "blast_power#2",
                                                 "shrapnel"]


def test_r_myz_build_2_the_item_carries_the_stunts_bonus_damage_and_ratings():
    made = jury_rig.build("myz", _device("binoculars"), 2, ["bonus"])
    assert {k: made.gear[k] for k in ("name", "bonus", "max_bonus", "skills", "damage")} == {
        "name": "Binoculars", "bonus": 2, "max_bonus": 2, "skills": ["scout"], "damage": 0}
    assert made.gear["notes"] == ("Binoculars. Gives you Gear Bonus +2 to Scout. Lasts one action or use, then falls "
                                  "apart (its Gear Bonus drops to zero).")
    charge = jury_rig.build("myz", _device("explosive charge"), 4, ["blast_power", "blast_power#2", "shrapnel"])
    assert charge.gear["damage"] == 2 and "Blast Power 12." in charge.gear["notes"]
    assert charge.stunts == ("blast_power", "blast_power", "shrapnel")
    raft = jury_rig.build("myz", _device("scrap raft"), 2, ["carries"])
    assert "Can carry up to 10 mutants over water." in raft.gear["notes"]
    durable = jury_rig.build("myz", _device("scrap armor"), 3, ["armor", "durable"])
    assert durable.gear["notes"] == "Scrap armor, Armor Rating 4. Durable: it breaks down by the normal gear rules."
    assert jury_rig.build("myz", _device("four arrows"), 1).gear["quantity"] == 4


def test_r_myz_build_2_refusals_a_failure_too_many_stunts_a_stunt_twice_or_one_that_does_not_fit():
    with pytest.raises(RulesError, match="nothing is built"):
        jury_rig.build("myz", _device("binoculars"), 0)
    with pytest.raises(RulesError, match="the roll has 1 stunt"):
        jury_rig.build("myz", _device("binoculars"), 2, ["bonus", "durable"])
    with pytest.raises(RulesError, match="bonus can be chosen once per roll"):
        jury_rig.build("myz", _device("binoculars"), 3, ["bonus", "bonus"])
    with pytest.raises(RulesError, match="blast_power is not a stunt for Binoculars"):
        jury_rig.build("myz", _device("binoculars"), 2, ["blast_power"])


def _finds(outcome_id: str) -> role_outcomes.RoleOutcome:
    return next(o for o in role_outcomes.outcomes("myz") if o.id == outcome_id)


def _typed(*faces: int) -> DiceSource:
    return DiceSource(faces={"dice": list(faces)})


def test_r_myz_role_1_which_rolls_lead_to_an_outcome_and_how_many_choices():
    assert role_outcomes.outcome_for("myz", "jury-rig", {"device": "Binoculars"}).kind == "build"
    assert role_outcomes.outcome_for("myz", "jury-rig", {}) is None  # a repair, or a roll for no device
    assert role_outcomes.outcome_for("myz", "find-the-path", {}).id == "find-the-path"
    assert role_outcomes.outcome_for("myz", "make-a-deal", {}) is None  # finding a contact brings no loot
    assert role_outcomes.outcome_for("myz", "make-a-deal", {"side-deal": None}).id == "side-deal"
    assert role_outcomes.outcome_for("myz", "heal", {"save-a-life": "Lina"}).kind == "save-a-life"
    assert role_outcomes.outcomes("yze") == []
    assert [role_outcomes.choices_of(_finds("find-the-path"), n) for n in (0, 1, 3)] == [0, 0, 2]
    assert [role_outcomes.choices_of(_finds("side-deal"), n) for n in (0, 1, 3)] == [0, 1, 3]  # R-STUNT-1


def test_r_myz_finds_1_find_the_path_rolls_a_d6_per_find_in_the_order_chosen():
    found = role_outcomes.roll_finds(_finds("find-the-path"), ["water", "artifact", "bullets"], 4, _typed(5, 2))
    assert [(r["id"], r.get("dice"), r["amount"]) for r in found.rows] == [
        ("water", [5], 5), ("artifact", None, None), ("bullets", [2], 2)]
    assert found.texts() == ["5 rations of Rot-free water", "an artifact, if it's there to be found", "2 bullets"]
    assert found.by_hand and found.as_dict()["outcome"] == "find-the-path"
    one = role_outcomes.roll_finds(_finds("find-the-path"), ["grub"], 2, _typed(1))
    assert one.texts() == ["1 ration of grub contaminated by the Rot"]


def test_r_myz_finds_1_refusals_each_stunt_once_the_rush_finds_nothing_and_the_dice_must_fit():
    outcome = _finds("find-the-path")
    with pytest.raises(RulesError, match=r"chosen twice.*R-MYZ-LIMIT"):
        role_outcomes.roll_finds(outcome, ["water", "water"], 3, _typed(1, 2))
    with pytest.raises(RulesError, match="rush finds nothing in the sector, so it cannot go with grub"):
        role_outcomes.roll_finds(outcome, ["rush", "grub"], 3, _typed(1))
    with pytest.raises(RulesError, match="2 choices, but the roll gives 1"):
        role_outcomes.roll_finds(outcome, ["rot", "half-time"], 2, _typed())
    with pytest.raises(RulesError, match="finds nothing"):
        role_outcomes.roll_finds(outcome, ["rot"], 0, _typed())
    with pytest.raises(RulesError, match="2 dice, 1 face typed"):
        role_outcomes.roll_finds(outcome, ["water", "grub"], 3, _typed(4))
    with pytest.raises(RulesError, match="7 is not a face of a d6"):
        role_outcomes.roll_finds(outcome, ["water"], 2, _typed(7))
    with pytest.raises(RulesError, match="1 face given but the pool has 0 dice"):
        role_outcomes.roll_finds(outcome, ["rot"], 2, _typed(3))


def test_r_myz_finds_2_a_deal_may_take_an_option_again_and_water_and_booze_roll_2d6():
    outcome = _finds("side-deal")
    found = role_outcomes.roll_finds(outcome, ["booze", "booze#2", "dirt"], 3, _typed(3, 4, 6, 6))
    assert [(r["id"], r.get("dice"), r["amount"]) for r in found.rows] == [
        ("booze", [3, 4], 7), ("booze", [6, 6], 12), ("dirt", None, None)]
    assert found.texts()[:2] == ["7 doses of booze (3+4)", "12 doses of booze (6+6)"]
    rows = role_outcomes.find_rows(outcome, 2)
    assert ("bullets#2", "You gain D6 bullets. (again: 2×)") in rows and len(rows) == 10


def test_r_myz_finds_2_console_dice_give_every_amount_in_range_with_a_fixed_seed():
    outcome = _finds("side-deal")
    rng = random.Random(20261203)
    water = [role_outcomes.roll_finds(outcome, ["water"], 1, DiceSource(rng=rng)).rows[0]["amount"]
             for _n in range(600)]
    assert set(water) == set(range(2, 13))  # 2D6: every total from 2 to 12, around 7
    assert abs(sum(water) / len(water) - 7) < 0.3  # three standard errors of the mean of 600 rolls


def _heal(faces: list[int], skill: str = "heal") -> object:
    pool = build_pool(PoolRequest("myz", "empathy", len(faces), skill, 1))
    return roll(pool, DiceSource(faces={"base": faces, "skill": [2]}))


def test_r_myz_save_1_success_stabilizes_a_failure_kills_only_by_the_gms_word():
    assert save_a_life(_heal([6, 3])).as_dict() == {"success": True, "dies": False}
    assert save_a_life(_heal([1, 3])).as_dict() == {"success": False, "dies": False}
    assert save_a_life(_heal([1, 3]), dies=True).as_dict() == {"success": False, "dies": True}
    with pytest.raises(RulesError, match="stabilized, not killed"):
        save_a_life(_heal([6, 3]), dies=True)
    with pytest.raises(RulesError, match="needs a Heal roll"):
        save_a_life(_heal([6, 3], "endure"))


def test_the_role_outcome_tables_speak_both_languages():
    table = load_table("myz")
    for outcome in table["role_outcomes"]:
        for key in ("failure", "summary"):
            if key in outcome:
                assert outcome[key]["en"].strip() and outcome[key]["zh-Hant"].strip()
                assert _placeholders(outcome[key]["en"]) == _placeholders(outcome[key]["zh-Hant"])
        for option in outcome.get("options", ()):
            texts = [option["text"], option.get("found") or {"en": "x", "zh-Hant": "x"}]
            assert all(t["en"].strip() and t["zh-Hant"].strip() for t in texts)
            assert bool(option.get("dice")) == ("unit" in option) != ("found" in option)
            if "unit" in option:
                assert option["unit"]["one"] and option["unit"]["many"] and option["unit"]["zh-Hant"]
    for stunt in table["jury_rig_stunts"]:
        assert stunt["name"]["zh-Hant"].strip() and stunt["text"]["zh-Hant"].strip()
