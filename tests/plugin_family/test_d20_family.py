"""A sixth family installed as its own package (``site/d20test``, found through its entry point): it is
offered by ``gmconsole new --system``, rolled in the console's roll builder and answered by
``gmconsole odds``, with no file of gmconsole changed for it."""

from __future__ import annotations

import json
import random

from pilot_harness import BuilderApp, builder_text, pick_skill, roll_entries, start_builder


def test_new_offers_the_installed_family_and_creates_its_campaign(run_cli, tmp_path):
    listed = run_cli("new", "--help")
    assert "d20-test" in listed.stdout
    made = run_cli("--data-dir", str(tmp_path), "new", "quest", "--system", "d20-test", "--json")
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["system"] == "d20-test"
    shown = run_cli("--data-dir", str(tmp_path), "campaigns", "--json")
    assert [(c["name"], c["system"]) for c in json.loads(shown.stdout)] == [("quest", "d20-test")]


def test_odds_answers_for_the_installed_family(run_cli):
    said = run_cli("odds", "d20-test", "--target", "12", "--json")
    assert said.returncode == 0, said.stderr
    assert json.loads(said.stdout) == {"system": "d20-test", "target": 12, "p_success": 0.6}
    assert "success 60.0%" in run_cli("odds", "d20-test", "--target", "12").stdout


def test_a_command_of_the_installed_familys_own_is_offered_and_answers(run_cli):
    """A family adds commands of its own through its CLI part's ``register_commands``, as exploding adds
    ``assisted`` and tiered ``save``: gmconsole names no family's module to find them."""
    listed = run_cli("--help")
    assert "advantage" in listed.stdout
    said = run_cli("advantage", "--target", "12", "--json")
    assert said.returncode == 0, said.stderr
    assert json.loads(said.stdout) == {"system": "d20-test", "target": 12, "p_success": 0.84}
    assert "success 84.0%" in run_cli("advantage", "--target", "12").stdout


def test_a_child_process_finds_the_family_as_an_installed_package_would_be(run_cli_subprocess):
    said = run_cli_subprocess("odds", "d20-test", "--target", "5", "--json")
    assert said.returncode == 0, said.stderr
    assert json.loads(said.stdout)["p_success"] == 0.25


def _campaign_with_ada(run_cli, tmp_path):
    from gmconsole.campaign.service import CampaignService

    assert run_cli("--data-dir", str(tmp_path), "new", "quest", "--system", "d20-test").returncode == 0
    service = CampaignService.open(tmp_path, "quest", rng=random.Random(1))
    ada = service.roster.add_character({"name": "Ada", "attributes": {"might": 9, "wits": 12}, "skills": {"climb": 3}})
    return service, ada


def test_the_roll_builder_rolls_the_installed_family(run_cli, tmp_path):
    service, ada = _campaign_with_ada(run_cli, tmp_path)
    try:
        app = BuilderApp(service, random.Random(5))

        async def steps():
            async with app.run_test(size=(100, 40)) as pilot:
                await start_builder(pilot, ada.id)
                await pick_skill(pilot, "climb")
                await pilot.press("r")
                await pilot.pause()
                return builder_text(app)

        import asyncio

        said = asyncio.run(steps())
        assert roll_entries(service), said
        roll = roll_entries(service)[0]
        face = roll["dice"][0]["face"]
        assert roll["dice"][0]["sides"] == 20 and roll["tn"] == 12  # might 9 + climb 3
        assert roll["success"] is (face <= 12)
        verdict = "SUCCESS" if face <= 12 else "FAILURE"
        assert f"{verdict}: the d20 shows {face}, at or under 12 succeeds" in said
    finally:
        service.close()


def test_the_installed_familys_roll_entry_holds_its_own_detail_record(run_cli, tmp_path):
    from gmconsole.campaign import entries

    service, ada = _campaign_with_ada(run_cli, tmp_path)
    try:
        rolled = service.rolls.roll(ada.id, "climb", attribute="might", faces="d7")
        stored = service.history.entry(rolled["id"])
    finally:
        service.close()
    record = entries.from_dict(stored)
    assert isinstance(record, entries.RollEntry)
    assert type(record.detail).__name__ == "D20Detail" and type(record.detail).__module__ == "d20test.detail"
    assert record.detail.stored() == {"top": 7, "tn": 12, "success": True, "margin": 5}
    assert record.detail.value("tier") is entries.MISSING  # a field of no family of its own
    assert json.dumps(record.to_dict()) == json.dumps(stored)


def test_the_installed_family_without_a_panic_table_is_refused_panic_and_rest(run_cli, tmp_path):
    """A system says whether it has a panic table (``GameSystem.panic_table``; a ``SystemFacts`` system has none
    unless it says so): Year Zero's ``panic`` and ``rest`` refuse its campaign with one line, exit 2, recording
    nothing, as they refuse myz, exploding and tiered."""
    home = ("--data-dir", str(tmp_path))
    assert run_cli(*home, "new", "quest", "--system", "d20-test").returncode == 0
    panic = run_cli(*home, "panic", "quest", "Anyone", "--face", "4")
    assert panic.returncode == 2
    assert panic.stderr.strip() == ("gmconsole: error: d20-test has no panic table: panic rolls belong to yze "
                                    "and yze-step")
    rest = run_cli(*home, "rest", "quest")
    assert rest.returncode == 2
    assert "resting clears stress and panic (R-PANIC-1); d20-test keeps neither" in rest.stderr
    assert len(rest.stderr.strip().splitlines()) == 1
    history = run_cli(*home, "history", "quest", "--json")
    assert history.returncode == 0 and json.loads(history.stdout) == []


def test_with_the_installed_family_a_push_and_a_special_roll_still_read_into_their_familys_record():
    """The installed family names no ``push_record`` (its rolls are never pushed) and its roll record names
    neither a tier nor the stress a push raised: a tiered Push Yourself, a Year Zero push and a tiered attack,
    none naming its system, are still read into their own family's record and written back unchanged."""
    from gmconsole import systems
    from gmconsole.campaign import entries

    assert "d20-test" in {s.id for s in systems.all_systems()}
    pushed = {"kind": "push", "roll_id": 1, "push_dice": [], "tier": "good", "tier_before": "mixed", "highest": 6}
    stressed = {"kind": "push", "roll_id": 1, "push_dice": [], "successes": 1, "stress_gained": 1}
    attack = {"kind": "attack", "character": "Ada", "tier": "great", "damage": 5, "dice": []}
    for stored, family in ((pushed, "tiered"), (stressed, "yze")):
        record = entries.from_dict(stored)
        assert type(record.detail) is systems.family_of(family).push_record
        assert json.dumps(record.to_dict()) == json.dumps(stored)
    record = entries.from_dict(attack)
    assert type(record.detail) is systems.family_of("tiered").special_record
    assert record.detail.stored() == {"tier": "great", "damage": 5}
    assert json.dumps(record.to_dict()) == json.dumps(attack)
