"""Traits and attributes read by their names wherever the GM reads them, in English and in Traditional
Chinese: the roster's columns, the roll builder's settings line and breakdown, a step die's label, a push's
costs and what paying them did. The ids (``agility``, ``wits``) stay the keys of the sheets, the history
entries and ``--json``.

Each test plays the keys a GM presses on a demo campaign and reads the screen.
"""

from __future__ import annotations

import pytest
from at_the_table import builder_says, dice_lines, press, push_typed_faces, roll_skill, roll_typed_faces, told
from pilot_harness import play, shown_text
from textual.widgets import DataTable

from gmconsole.i18n import set_language


@pytest.fixture
def speaking():
    """``speaking(language)``: the console speaks ``language`` for the rest of the test."""
    yield set_language
    set_language(None)


def _headers(app) -> list[str]:
    table = app.screen.query_one("#roster-table", DataTable)
    return [str(column.label) for column in table.columns.values()]


@pytest.mark.parametrize(("language", "columns", "attr", "breakdown"), [
    ("en", ["Agi", "Str", "Int", "Spi"], "attr Agility", "Agility: trait d10; "),
    ("zh-Hant", ["敏捷", "力量", "智力", "精神"], "屬性 敏捷", "敏捷：特質骰 d10；"),
])
def test_exploding_traits_read_by_their_names_in_the_roster_and_the_roll_builder(
        make_app, speaking, language, columns, attr, breakdown):
    """exploding-demo's sheets hold the traits ``agility``, ``strength``, ``intellect``, ``spirit``: the
    roster's columns, the builder's ``attr`` and its breakdown name them (zh-Hant read ``敏捷 力量 Int Spi``
    and ``attr agility``)."""
    speaking(language)
    app = make_app("exploding-demo")

    async def evening(pilot, seen: dict) -> None:
        seen["columns"] = _headers(app)
        await roll_skill(pilot, "Kara Venn", "sho")
        seen["settings"] = builder_says(app)["settings"]
        seen["breakdown"] = shown_text(app.screen, "#rb-explain")

    seen = play(app, evening)
    assert seen["columns"][1:5] == columns
    assert attr in seen["settings"]
    assert seen["breakdown"].startswith(breakdown), seen["breakdown"]
    assert app.service.character("Kara Venn").attributes["agility"].current == 10  # the id stays


@pytest.mark.parametrize(("language", "attribute", "skill"), [("en", "(Agility)", "(Ranged)"),
                                                               ("zh-Hant", "(敏捷)", "(射擊)")])
def test_a_step_die_is_labelled_by_its_attributes_name_and_its_skills(make_app, speaking, language, attribute,
                                                                       skill):
    """yze-step-demo: Ilsa Varro's Ranged roll, the pool and the dice rolled read ``step (Agility)`` and
    ``step (Ranged)``, not the ids ``step (agility)``, ``step (ranged)``; the entry keeps the ids."""
    speaking(language)
    app = make_app("yze-step-demo")

    async def evening(pilot, seen: dict) -> None:
        await roll_skill(pilot, "Ilsa Varro", "ran" if language == "en" else "射擊")
        seen["pool"] = shown_text(app.screen, "#rb-pool")
        await roll_typed_faces(pilot, "d8,3")
        seen["dice"] = dice_lines(app)

    seen = play(app, evening)
    assert [line.split()[1] for line in seen["pool"].splitlines()] == [attribute, skill]
    assert [line[1] for line in seen["dice"]] == [attribute, skill]
    rolled = app.service.history.filtered(kind="roll")[0]
    assert [d["source"] for d in rolled["dice"]] == ["agility", "ranged"]


@pytest.mark.parametrize(("language", "costs", "paid"), [
    ("en", "costs pending: trauma 4 (Wits), mutation points 4", "Grease pays: Wits −4 → 1/5; "),
    ("zh-Hant", "代價待套用：創傷 4（機智）", "Grease 付出代價：機智 −4 → 1/5"),
])
def test_a_myz_push_costs_trauma_to_the_attribute_by_its_name(make_app, speaking, language, costs, paid):
    """myz-demo: Grease's Jury-Rig pushed (typed faces) owes trauma to Wits: the costs line and what ``c`` paid
    name Wits, not ``wits``; the costs recorded keep the id as their target."""
    speaking(language)
    app = make_app("myz-demo")

    async def evening(pilot, seen: dict) -> None:
        await roll_skill(pilot, "Grease", "jur" if language == "en" else "拼裝")
        await roll_typed_faces(pilot, "b61222 s631")
        await push_typed_faces(pilot, "b113 s4")
        seen["pushed"] = builder_says(app)["result"]
        await press(pilot, "c")
        seen["paid"] = told(app)

    seen = play(app, evening)
    assert costs in seen["pushed"], seen["pushed"]
    assert seen["paid"].startswith(paid), seen["paid"]
    roll = app.service.history.filtered(kind="roll")[0]
    assert {c["target"] for c in roll["costs"] if c["name"] == "trauma"} == {"wits"}
