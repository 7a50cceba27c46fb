"""``gmconsole tables NAME [--json] [--load FILE] [--remove T]`` and ``gmconsole roll-table NAME TABLE
[--character C] [--faces SPEC] [--json]``, run as a GM would: the tables kept in the campaign (undoable), a row's
costs waiting as a push's and applied by ``gmconsole costs``, a malformed file refused naming its line."""

import json

import pytest

from gmconsole.campaign.service import CampaignService

TABLES = '''\
# invented rows
[[tables]]
name = "Mishaps"
die = "d66"

[[tables.rows]]
range = "11-26"
text = "A bruise."
stress = 1

[[tables.rows]]
range = "31-46"
text = "Twisted ankle."
damage = 2
condition = "limping"

[[tables.rows]]
range = "51-66"
text = "Lights out."
panic = true
doom = 1

[[tables]]
name = "Weather"
die = "2d6"
rows = [{ range = "2-6", text = "Rain." }, { range = "7-12", text = "Clear." }]
'''


@pytest.fixture
def loaded(demo_gm, tmp_path):
    path = tmp_path / "mishaps.toml"
    path.write_text(TABLES, encoding="utf-8")
    result = demo_gm("tables", "yze-demo", "--load", str(path), "--json")
    assert result.returncode == 0, result.stderr
    return demo_gm


def _one_line_error(result, *words):
    assert result.returncode == 2, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_load_lists_the_tables_with_their_costs(loaded):
    listed = json.loads(loaded("tables", "yze-demo", "--json").stdout)
    assert [(t["name"], t["die"]) for t in listed["tables"]] == [("Mishaps", "d66"), ("Weather", "2d6")]
    assert listed["tables"][0]["rows"][1] == {"range": "31-46", "text": "Twisted ankle.", "costs": [
        {"name": "damage", "amount": 2, "target": "strength"}, {"name": "condition", "amount": 1, "target": "limping"}]}
    text = loaded("tables", "yze-demo").stdout
    assert "Mishaps (d66)" in text and "31-46  Twisted ankle.  [damage 2 (Strength), condition (limping)]" in text


def test_roll_table_json_is_the_contract_and_a_d66_reads_tens_then_units(loaded):
    result = loaded("roll-table", "yze-demo", "mishaps", "--character", "Ripley Hale", "--faces", "3 5", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"table", "die", "faces", "total", "row", "text", "costs", "roll_id"}
    assert (data["table"], data["die"], data["faces"], data["total"], data["row"], data["text"]) == (
        "Mishaps", "d66", [3, 5], 35, 2, "Twisted ankle.")
    assert data["costs"] == [{"name": "damage", "amount": 2, "target": "strength"},
                             {"name": "condition", "amount": 1, "target": "limping"}]
    waiting = json.loads(loaded("costs", "yze-demo", "--json").stdout)
    assert waiting == [{"roll_id": data["roll_id"], "character": "Ripley Hale", "costs": data["costs"]}]
    history = json.loads(loaded("history", "yze-demo", "--format", "json").stdout)
    entry = next(e for e in history if e["id"] == data["roll_id"])
    assert (entry["kind"], entry["source"], entry["by_hand"]) == ("table_roll", "cli", True)


def test_the_costs_of_a_row_are_applied_as_a_push_costs_are(loaded):
    data = json.loads(loaded("roll-table", "yze-demo", "Mishaps", "--character", "Ripley Hale", "--faces", "41",
                             "--json").stdout)
    applied = loaded("costs", "yze-demo", "--apply", str(data["roll_id"]), "--json")
    assert applied.returncode == 0, applied.stderr
    sheet = json.loads(loaded("sheet", "yze-demo", "Ripley Hale", "--json").stdout)
    assert sheet["attributes"]["strength"]["current"] == 1 and "limping" in sheet["conditions"]
    assert json.loads(loaded("costs", "yze-demo", "--json").stdout) == []


def test_a_roll_for_nobody_owes_nothing_and_the_console_dice_read_a_row(loaded):
    data = json.loads(loaded("roll-table", "yze-demo", "Weather", "--json").stdout)
    assert data["die"] == "2d6" and len(data["faces"]) == 2 and data["total"] == sum(data["faces"])
    assert data["text"] == ("Rain." if data["total"] <= 6 else "Clear.")
    assert json.loads(loaded("costs", "yze-demo", "--json").stdout) == []


def test_load_remove_and_roll_are_each_one_undoable_change(loaded, tmp_path):
    loaded("roll-table", "yze-demo", "Weather", "--faces", "1 1")
    removed = loaded("tables", "yze-demo", "--remove", "weather", "--json")
    assert [t["name"] for t in json.loads(removed.stdout)["tables"]] == ["Mishaps"]
    with CampaignService.open(tmp_path, "yze-demo") as service:
        service.undo()  # the removal
        assert [t["name"] for t in service.setup.tables()] == ["Mishaps", "Weather"]
        service.undo()  # the roll
        service.undo()  # the load
        assert service.setup.tables() == []


@pytest.mark.parametrize(("faces", "words"), [
    ("7 1", ["a D6 cannot show 7"]), ("3", ["d66 needs 2 faces"]), ("x", ["are not faces"])])
def test_R_MANUAL_1_typed_faces_are_checked(loaded, faces, words):
    _one_line_error(loaded("roll-table", "yze-demo", "Mishaps", "--faces", faces), *words)


def test_an_unknown_table_names_the_tables(loaded):
    _one_line_error(loaded("roll-table", "yze-demo", "Nope"), "no table", "Mishaps, Weather")


@pytest.mark.parametrize(("text", "words"), [
    ('[[tables]]\nname = "A"\ndie = "d6"\n\n[[tables.rows]]\nrange = "1-3"\ntext = "a"\n\n[[tables.rows]]\n'
     'range = "3-6"\ntext = "b"\n', ["row 2 (line 9)", "rows 1 and 2 both read 3"]),
    ('[[tables]]\nname = "A"\ndie = "d6"\n[[tables.rows]]\nrange = "1-6"\ntext = "a"\nstres = 1\n',
     ["row 1 (line 4)", "unknown key", "stres"]),
    ('[[tables]]\nname = "A"\ndie = "d7"\n[[tables.rows]]\nrange = "1-6"\ntext = "a"\n',
     ["table 1 (line 1)", "is not a table's die"]),
    ('[[tables]]\nname = "A"\ndie = "d6"\n[[tables.rows]]\nrange = "1-5"\ntext = "a"\n',
     ["table 1 (line 1)", "no row reads 6"]),
    ('[[tables]]\nname = "A"\ndie = "d6"\n[[tables.rows]]\nrange = "1-6"\ntext = "a"\nstress = 0\n',
     ["row 1 (line 4)", "stress is a whole number"]),
    ('[[tables]\nname = "A"\n', ["is not TOML", "line 1"]),
    ('title = "none"\n', ["has no [[tables]]"]),
])
def test_a_malformed_file_is_refused_naming_its_line_and_nothing_changes(demo_gm, tmp_path, text, words):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    _one_line_error(demo_gm("tables", "yze-demo", "--load", str(path)), "bad.toml", *words)
    assert json.loads(demo_gm("tables", "yze-demo", "--json").stdout)["tables"] == []


def test_a_cost_the_system_cannot_pay_is_refused(demo_gm, tmp_path):
    path = tmp_path / "panic.toml"
    path.write_text('[[tables]]\nname = "A"\ndie = "d6"\n[[tables.rows]]\nrange = "1-6"\ntext = "a"\npanic = true\n',
                    encoding="utf-8")
    _one_line_error(demo_gm("tables", "myz-demo", "--load", str(path)), "row 1 (line 4)", "myz has no panic table")


def test_tiered_damage_is_stamina_lost(demo_gm, tmp_path):
    path = tmp_path / "falls.toml"
    path.write_text('[[tables]]\nname = "Falls"\ndie = "d6"\n[[tables.rows]]\nrange = "1-6"\ntext = "Ouch."\n'
                    'damage = 2\n', encoding="utf-8")
    assert demo_gm("tables", "tiered-demo", "--load", str(path)).returncode == 0
    data = json.loads(demo_gm("roll-table", "tiered-demo", "Falls", "--character", "Aldric", "--json").stdout)
    assert data["costs"] == [{"name": "stamina", "amount": -2}]


def test_loading_a_table_of_the_same_name_replaces_it(loaded, tmp_path):
    path = tmp_path / "weather.toml"
    path.write_text('[[tables]]\nname = "WEATHER"\ndie = "d6"\nrows = [{ range = "1-6", text = "Fog." }]\n',
                    encoding="utf-8")
    result = loaded("tables", "yze-demo", "--load", str(path))
    assert result.returncode == 0, result.stderr
    assert "tables loaded from weather.toml: 1 table (WEATHER); 1 replaced" in result.stdout
    listed = json.loads(loaded("tables", "yze-demo", "--json").stdout)["tables"]
    assert [(t["name"], t["die"]) for t in listed] == [("Mishaps", "d66"), ("WEATHER", "d6")]


@pytest.mark.parametrize("text", [
    '[[tables]]\nname = "Bad\\u001b[31m"\ndie = "d6"\n[[tables.rows]]\nrange = "1-6"\ntext = "a"\n',
    '[[tables]]\nname = "A"\ndie = "d6"\n[[tables.rows]]\nrange = "1-6"\ntext = "a\\u202eb"\n'])
def test_control_characters_in_a_table_file_are_refused_naming_where(demo_gm, tmp_path, text):
    path = tmp_path / "hostile.toml"
    path.write_text(text, encoding="utf-8")
    result = demo_gm("tables", "yze-demo", "--load", str(path))
    _one_line_error(result, "hostile.toml, table 1 (line 1)")
    assert "\x1b" not in result.stderr and "\u202e" not in result.stderr


def test_a_deeply_nested_file_is_refused(demo_gm, tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    _one_line_error(demo_gm("tables", "yze-demo", "--load", str(path)), "deep.toml")


def test_dropped_costs_of_a_table_roll_are_listed_as_dropped(loaded):
    data = json.loads(loaded("roll-table", "yze-demo", "Mishaps", "--character", "Ash", "--faces", "11",
                             "--json").stdout)
    assert loaded("costs", "yze-demo", "--drop", str(data["roll_id"])).returncode == 0
    listing = loaded("costs", "yze-demo").stdout
    assert f"roll {data['roll_id']}  Ash: stress 1 (dropped, not applied)" in listing


def test_removing_a_table_the_campaign_has_not_names_its_tables(loaded):
    _one_line_error(loaded("tables", "yze-demo", "--remove", "Nope"), "no table", "Mishaps, Weather")
    _one_line_error(loaded("tables", "yze-demo", "--remove", "Mishaps", "--load", "x.toml"), "one at a time")
