"""``gmconsole import NAME FILE... [--dry-run] [--json] [--wait S] [--replace]``: Foundry VTT actors brought into a
campaign, run as a GM runs it. The fixtures (``tests/fixtures/foundry``) are ours, invented characters on the
field paths of each Foundry system, Foundry v10+ (``system``, ``_stats.systemId``) and v9 (``data``,
``flags.exportSource``)."""

import json
from pathlib import Path

import pytest
from cli_checks import stuck_writer

from gmconsole.campaign.service import CampaignService
from gmconsole.safe_text import UNSAFE

FIXTURES = Path(__file__).parent.parent / "fixtures" / "foundry"


@pytest.fixture
def gm(run_cli, tmp_path):
    data = tmp_path / "data"

    def run(*args):
        return run_cli("--data-dir", str(data), *args)

    def campaign(name):
        with CampaignService.open(data, name, read_only=True) as service:
            return service.campaign

    run.campaign = campaign
    return run


def _new(gm, name, system):
    assert gm("new", name, "--system", system).returncode == 0


def _one_line_error(result, *texts):
    assert result.returncode == 2, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for text in texts:
        assert text in lines[0], lines[0]


def _character(campaign, name):
    return next(c for c in campaign.roster if c.name == name)


@pytest.mark.parametrize("generation", ["v10", "v9"])
def test_alien_actor_sheet_health_stress_gear_and_new_skills(gm, generation):
    _new(gm, "Crew", "yze")
    result = gm("import", "Crew", str(FIXTURES / f"alien-{generation}.json"))
    assert result.returncode == 0, result.stderr
    campaign = gm.campaign("Crew")
    ch = campaign.roster[0]
    assert {a: (v.max, v.current) for a, v in ch.attributes.items()} == {
        "strength": (4, 3), "agility": (3, 3), "wits": (3, 3), "empathy": (2, 2)}  # health 3 of Strength 4
    assert ch.stress == 2
    assert {k: v for k, v in ch.skills.items() if v} == {"heavy-machinery": 2, "melee": 1, "observation": 3}
    assert [(g.name, g.bonus, g.max_bonus) for g in ch.gear] == [("Cutting Torch", 1, 1), ("Motion Tracker", 2, 2)]
    own = {s.id: s.attribute for s in campaign.skills}
    assert own["heavy-machinery"] == "strength"  # an unknown skill became the campaign's own, with its attribute
    assert "piloting" not in own  # at 0: said in the preview, not added
    assert "Cool-Headed is a talent" in result.stdout


@pytest.mark.parametrize("generation", ["v10", "v9"])
def test_forbidden_lands_and_vaesen_attributes_and_skills(gm, generation):
    _new(gm, "Vale", "yze")
    result = gm("import", "Vale", str(FIXTURES / f"fbl-{generation}.json"), str(FIXTURES / f"vaesen-{generation}.json"))
    assert result.returncode == 0, result.stderr
    campaign = gm.campaign("Vale")
    fbl, vaesen = campaign.roster
    assert (fbl.attributes["strength"].max, fbl.attributes["strength"].current) == (4, 3)
    assert {k: v for k, v in fbl.skills.items() if v} == {"might": 1, "ranged": 2, "sleight-of-hand": 1,
                                                          "animal-handling": 2}
    assert [(g.name, g.bonus, g.max_bonus) for g in fbl.gear] == [("Short Bow", 1, 2), ("Rope", 0, 0)]
    # Vaesen's physique, precision, logic and empathy are the four Year Zero attributes
    assert {a: v.max for a, v in vaesen.attributes.items()} == {"strength": 2, "agility": 3, "wits": 4, "empathy": 3}
    assert vaesen.skills == {"melee": 1, "investigation": 2, "observation": 1}
    assert {s.id: s.attribute for s in campaign.skills}["investigation"] == "wits"


@pytest.mark.parametrize("generation", ["v10", "v9"])
def test_step_dice_from_twilight_ratings_and_blade_runner_sides(gm, generation):
    _new(gm, "Cold", "yze-step")
    preview = gm("import", "Cold", str(FIXTURES / f"t2k-{generation}.json"), "--dry-run")
    assert "Strength d10 Agility d8 Wits d8 Empathy d6; melee d8, driving d10, observation d12" in preview.stdout
    result = gm("import", "Cold", str(FIXTURES / f"t2k-{generation}.json"),
                str(FIXTURES / f"blade-runner-{generation}.json"))
    assert result.returncode == 0, result.stderr
    t2k, blade = gm.campaign("Cold").roster
    # ratings A-D are step dice: A = D12, B = D10, C = D8, D = D6
    assert {a: v.max for a, v in t2k.attributes.items()} == {"strength": 10, "agility": 8, "wits": 8, "empathy": 6}
    assert {k: v for k, v in t2k.skills.items() if v} == {"melee": 8, "driving": 10, "observation": 12}
    assert {a: v.max for a, v in blade.attributes.items()} == {"strength": 8, "agility": 10, "wits": 8, "empathy": 6}
    assert {k: v for k, v in blade.skills.items() if v} == {"ranged": 10, "stealth": 8, "connections": 6}
    sheet = gm("sheet", "Cold", t2k.name)
    assert sheet.returncode == 0 and "Observation 12" in sheet.stdout


@pytest.mark.parametrize("generation", ["v10", "v9"])
def test_mutant_skills_come_as_items(gm, generation):
    _new(gm, "Ark", "myz")
    result = gm("import", "Ark", str(FIXTURES / f"mutant-{generation}.json"))
    assert result.returncode == 0, result.stderr
    campaign = gm.campaign("Ark")
    ch = campaign.roster[0]
    assert ch.skills == {"endure": 2, "know-the-zone": 1, "bartering": 1}
    assert ch.kind == "pc"  # a mutant actor is a played character
    assert (ch.attributes["strength"].max, ch.attributes["strength"].current) == (4, 3)
    assert [(g.name, g.bonus) for g in ch.gear] == [("Scrap Pistol", 1)]
    assert {s.id: s.attribute for s in campaign.skills}["bartering"] == "empathy"
    assert "Insectoid is a mutation" in result.stdout


def test_an_older_export_naming_no_system_is_read_from_its_shape(gm):
    _new(gm, "Crew", "yze")
    assert gm("import", "Crew", str(FIXTURES / "alien-unnamed-v9.json")).returncode == 0
    assert gm.campaign("Crew").roster[0].stress == 2


def test_dry_run_json_is_the_plan_and_writes_nothing(gm):
    _new(gm, "Crew", "yze")
    result = gm("import", "Crew", str(FIXTURES / "alien-world-ids.json"), "--dry-run", "--json")
    assert result.returncode == 0, result.stderr
    plan = json.loads(result.stdout)
    assert set(plan) == {"add", "update", "skipped"}
    assert [a["name"] for a in plan["add"]] == ["Nils Oyelaran"] and plan["update"] == []
    assert all(set(s) == {"field", "why"} for s in plan["skipped"])
    # a world dump names its items by id only: what was left out is said
    assert any(s["field"] == "items" and "2 items" in s["why"] for s in plan["skipped"])
    assert gm.campaign("Crew").roster == []
    assert json.loads(gm("history", "Crew", "--json").stdout) == []


def test_an_update_keeps_what_the_gm_changed_unless_replace(gm, tmp_path):
    _new(gm, "Crew", "yze")
    path = str(FIXTURES / "alien-v10.json")
    assert gm("import", "Crew", path).returncode == 0
    assert gm("harm", "Crew", "Vera", "1").returncode == 0  # strength 3 → 2 in play
    changed = json.loads((FIXTURES / "alien-v10.json").read_text())
    changed["system"]["attributes"]["str"]["value"] = 5
    changed["system"]["header"]["health"]["value"] = 5
    changed["system"]["header"]["stress"]["value"] = 0
    changed["system"]["skills"]["observation"]["value"] = 4
    newer = tmp_path / "vera-newer.json"
    newer.write_text(json.dumps(changed))
    preview = json.loads(gm("import", "Crew", str(newer), "--dry-run", "--json").stdout)
    assert [u["name"] for u in preview["update"]] == ["Vera Okonkwo-Lindqvist"] and preview["add"] == []
    assert gm("import", "Crew", str(newer)).returncode == 0
    vera = gm.campaign("Crew").roster[0]
    assert (vera.attributes["strength"].max, vera.attributes["strength"].current) == (5, 3)  # two lost, kept
    assert vera.stress == 2 and vera.skills["observation"] == 4
    assert len(gm.campaign("Crew").roster) == 1
    assert gm("import", "Crew", str(newer), "--replace").returncode == 0
    vera = gm.campaign("Crew").roster[0]
    assert (vera.attributes["strength"].current, vera.stress) == (5, 0)


@pytest.mark.parametrize(("system", "fixture", "words"), [
    ("myz", "alien-v10.json", ["alien-v10.json", "Alien RPG", "myz"]),
    ("yze", "t2k-v10.json", ["t2k-v10.json", "Twilight 2000", "yze-step"]),
    ("yze-step", "mutant-v9.json", ["mutant-v9.json", "Mutant", "myz"]),
])
def test_a_campaign_of_another_system_is_refused(gm, system, fixture, words):
    _new(gm, "Other", system)
    _one_line_error(gm("import", "Other", str(FIXTURES / fixture)), *words)
    assert gm.campaign("Other").roster == []


def _write(tmp_path, name, value):
    path = tmp_path / name
    path.write_text(value if isinstance(value, str) else json.dumps(value))
    return str(path)


def test_not_an_actor_a_system_not_listed_and_a_vehicle_exit_2(gm, tmp_path):
    _new(gm, "Crew", "yze")
    _one_line_error(gm("import", "Crew", _write(tmp_path, "scene.json", {"name": "Docks", "walls": []})),
                    "scene.json", "not a Foundry actor")
    dnd = {"name": "Ser Pell", "type": "character", "system": {"abilities": {}}, "_stats": {"systemId": "dnd5e"}}
    _one_line_error(gm("import", "Crew", _write(tmp_path, "pell.json", dnd)), "pell.json", "dnd5e", "alienrpg")
    van = json.loads((FIXTURES / "alien-v10.json").read_text()) | {"type": "vehicle"}
    _one_line_error(gm("import", "Crew", _write(tmp_path, "van.json", van)), "van.json", "vehicle")
    _one_line_error(gm("import", "Crew", _write(tmp_path, "text.json", "not json {")), "text.json", "not JSON")


def test_nothing_is_half_imported(gm, tmp_path):
    _new(gm, "Crew", "yze")
    bad = _write(tmp_path, "bad.json", {"name": "X", "type": "character", "system": {},
                                        "_stats": {"systemId": "alienrpg"}})
    result = gm("import", "Crew", str(FIXTURES / "alien-v10.json"), str(FIXTURES / "fbl-v10.json"), bad)
    _one_line_error(result, "bad.json")
    assert gm.campaign("Crew").roster == [] and gm.campaign("Crew").skills is None


def test_hostile_files_are_refused_or_cleaned(gm, tmp_path):
    _new(gm, "Crew", "yze")
    deep = _write(tmp_path, "deep.json", "[" * 5000 + "]" * 5000)
    _one_line_error(gm("import", "Crew", deep), "deep.json")
    nested = json.loads((FIXTURES / "alien-v10.json").read_text())
    deep_list: list = [1]
    for _ in range(30):
        deep_list = [deep_list]
    nested["flags"] = {"x": deep_list}
    _one_line_error(gm("import", "Crew", _write(tmp_path, "nested.json", nested)), "nested.json", "deep")
    huge = tmp_path / "huge.json"
    huge.write_text(" " * (5 * 1024 * 1024))
    _one_line_error(gm("import", "Crew", str(huge)), "huge.json")
    _one_line_error(gm("import", "Crew", "/dev/zero"), "/dev/zero")
    odd = json.loads((FIXTURES / "alien-v10.json").read_text())
    odd["name"] = "Vera\x1b[31m\u202eRed"
    odd["items"][0]["name"] = "Cutting\x07 Torch"
    odd["system"]["skills"]["piloting"]["value"] = 2
    odd["system"]["skills"]["piloting|\u2066"] = {"value": 1, "ability": "agl"}
    odd["system"]["skills"]["observation"]["value"] = "three"
    odd["system"]["header"]["stress"]["value"] = [1]
    result = gm("import", "Crew", _write(tmp_path, "odd.json", odd), "--json")
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    ch = gm.campaign("Crew").roster[0]
    assert ch.name == "Vera[31mRed" and ch.stress == 0 and ch.skills.get("observation", 0) == 0
    assert [g.name for g in ch.gear] == ["Cutting Torch", "Motion Tracker"]
    assert not [s.name for s in gm.campaign("Crew").skills if UNSAFE.search(s.name)]
    fields = [s["field"] for s in json.loads(result.stdout)["skipped"]]
    assert "system.skills.observation.value" in fields and "system.header.stress.value" in fields and "name" in fields


def test_one_history_entry_names_the_files(gm):
    _new(gm, "Crew", "yze")
    assert gm("import", "Crew", str(FIXTURES / "alien-v10.json"), str(FIXTURES / "fbl-v10.json")).returncode == 0
    history = json.loads(gm("history", "Crew", "--json").stdout)
    assert [(e["kind"], e["summary"]) for e in history] == [
        ("roster", "imported from alien-v10.json, fbl-v10.json: 2 added (Vera Okonkwo-Lindqvist, Tilde Brakmoor)")]


def test_wait_gives_up_on_a_stuck_writer_with_one_line(gm, tmp_path):
    _new(gm, "Crew", "yze")
    with stuck_writer(tmp_path / "data" / "Crew"):  # another writer in the middle of a change
        result = gm("import", "Crew", str(FIXTURES / "alien-v10.json"), "--wait", "0")
    _one_line_error(result, "in the middle of a change by another writer")
    assert gm.campaign("Crew").roster == []


def test_a_creature_comes_in_as_an_npc(gm, tmp_path):
    _new(gm, "Crew", "yze")
    creature = json.loads((FIXTURES / "alien-v10.json").read_text()) | {"type": "creature", "name": "Hull Crawler"}
    assert gm("import", "Crew", _write(tmp_path, "crawler.json", creature)).returncode == 0
    assert gm.campaign("Crew").roster[0].kind == "npc"


def test_a_compendium_file_of_one_actor_a_line_or_a_list(gm, tmp_path):
    _new(gm, "Crew", "yze")
    lines = "\n".join(json.dumps(json.loads((FIXTURES / f).read_text())) for f in ("alien-v10.json", "alien-v9.json"))
    assert gm("import", "Crew", _write(tmp_path, "actors.db", lines + "\n")).returncode == 0
    listed = [json.loads((FIXTURES / f).read_text()) for f in ("fbl-v10.json", "vaesen-v10.json")]
    assert gm("import", "Crew", _write(tmp_path, "pack.json", listed)).returncode == 0
    assert [c.name for c in gm.campaign("Crew").roster] == [
        "Vera Okonkwo-Lindqvist", "Dax Merrow", "Tilde Brakmoor", "Agathe Lindqvist"]


def test_the_same_export_again_records_nothing_and_says_so(gm):
    _new(gm, "Crew", "yze")
    path = str(FIXTURES / "fbl-v10.json")
    assert gm("import", "Crew", path).returncode == 0
    again = gm("import", "Crew", path, "--json")
    assert again.returncode == 0, again.stderr
    assert "already on the roster: nothing recorded" in json.loads(again.stdout)["summary"]
    assert len(json.loads(gm("history", "Crew", "--json").stdout)) == 1


def test_the_preview_speaks_traditional_chinese(gm):
    _new(gm, "Crew", "yze")
    result = gm("--lang", "zh-Hant", "import", "Crew", str(FIXTURES / "alien-v10.json"), "--dry-run")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("試執行：未寫入任何東西\n新增 Vera Okonkwo-Lindqvist（alien-v10.json）：")
    assert "戰役的新技能：Heavy Machinery（strength）" in result.stdout
    refused = gm("--lang", "zh-Hant", "import", "Crew", str(FIXTURES / "t2k-v10.json"))
    assert refused.returncode == 2 and "t2k-v10.json 是 Twilight 2000 的角色，只能匯入 yze-step 戰役" in refused.stderr
