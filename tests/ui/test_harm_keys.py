"""Harm at the table in three keys: ``H`` on the roster (1) or the tracker (4), the amount, ``enter``.

Harm goes where the campaign's system puts it (Year Zero Engine damage to Strength, Mutant: Year Zero
trauma to an attribute, R-MYZ-TRAUMA, exploding wounds, tiered stamina); one undoable entry whose summary
says before → after; nothing below 0; harm that changes nothing is refused and records nothing. An
edit of a sheet in the roster's form is recorded with its values too, and both are in the recap."""

from __future__ import annotations

from pilot_harness import drive, form_message, press, set_field, shown_text, status_text
from textual.widgets import Input

from gmconsole.ui.screens.harm_form import HarmForm
from gmconsole.ui.screens.help import key_rows
from gmconsole.ui.widgets.mark_list import MarkList


def _entries(service) -> int:
    return len(service.history.filtered(include_undone=True))


async def _harm(pilot, pane: str, amount: str) -> None:
    """Focus ``pane`` (1 roster, 4 tracker), press ``H``, type ``amount`` into the focused field, ``enter``."""
    await press(pilot, pane, "H")
    assert isinstance(pilot.app.screen, HarmForm)
    assert isinstance(pilot.app.focused, Input) and pilot.app.focused.id == "f-amount"
    await press(pilot, *amount, "enter") if amount else await press(pilot, "enter")


def test_yze_H_2_enter_on_the_roster_is_damage_to_strength_one_entry_and_undo_restores_it(make_app):
    app = make_app("yze-demo")
    service = app.service
    before = _entries(service)
    seen = {}

    async def steps(pilot):
        await _harm(pilot, "1", "2")
        seen["form_closed"] = not isinstance(app.screen, HarmForm)
        seen["strength"] = service.character("Ripley Hale").attributes["strength"].current
        seen["status"] = status_text(app)
        seen["dmg"] = app.screen.query_one("#roster-table").get_row_at(0)[-2].plain
        await press(pilot, "ctrl+z")
        seen["undone"] = service.character("Ripley Hale").attributes["strength"].current

    drive(app, steps)
    entry = service.history.filtered(include_undone=True)[0]
    assert seen["form_closed"] and seen["strength"] == 1 and seen["dmg"] == "2"  # the roster's Dmg column
    assert entry["kind"] == "harm" and entry["summary"] == "Ripley Hale: Strength 3 → 1 (damage 2)"
    assert (entry["attribute"], entry["before"], entry["value"], entry["amount"]) == ("strength", 3, 1, 2)
    assert "✓ Ripley Hale: Strength 3 → 1 (damage 2)" in seen["status"]
    assert _entries(service) == before + 1 and entry["status"] == "undone" and seen["undone"] == 3


def test_yze_step_H_on_the_tracker_steps_the_strength_die_down_and_says_broken_at_0(make_app):
    app = make_app("yze-step-demo")
    service = app.service
    seen = {}

    async def steps(pilot):
        await _harm(pilot, "4", "1")
        seen["first"] = service.history.filtered()[0]["summary"]
        await _harm(pilot, "4", "5")  # d6 → 0 after one step: the rest is not taken
        seen["second"] = service.history.filtered()[0]["summary"]

    drive(app, steps)
    assert seen["first"] == "Ilsa Varro: Strength d8 → d6 (damage 1)"
    assert seen["second"] == "Ilsa Varro: Strength d6 → 0 (damage 5, stops at 0, broken)"
    assert service.character("Ilsa Varro").attributes["strength"].current == 0


def test_R_STEP_2_the_roster_dmg_column_counts_the_die_steps_the_damage_took(make_app):
    """R-STEP-2: each point of damage steps the Strength die down one size (D6 stepped down: 0, broken), and the
    roster's Dmg column counts those points: Ilsa (d8) takes 1 and 1 more, the Bandit chief (d10) takes 2 at
    once; each reads Dmg 2, beside the die it is left with (before, the column counted lowered attributes: 1)."""
    from at_the_table import roster_row

    app = make_app("yze-step-demo")
    service = app.service
    seen = {}

    async def steps(pilot):
        await _harm(pilot, "1", "1")
        seen["once"] = roster_row(app, "Ilsa Varro")
        await _harm(pilot, "1", "1")
        seen["twice"] = roster_row(app, "Ilsa Varro")
        await press(pilot, *["down"] * 5)
        await _harm(pilot, "1", "2")
        seen["chief"] = roster_row(app, "Bandit chief (npc)")
        seen["said"] = service.history.filtered()[0]["summary"]

    drive(app, steps)
    assert (seen["once"]["Str"], seen["once"]["Dmg"]) == ("d8→d6", "1")
    assert (seen["twice"]["Str"], seen["twice"]["Dmg"]) == ("d8→0", "2") and "BROKEN" in seen["twice"]["Status"]
    assert seen["said"] == "Bandit chief: Strength d10 → d6 (damage 2)"
    assert (seen["chief"]["Str"], seen["chief"]["Dmg"]) == ("d10→d6", "2")


def test_R_STEP_2_the_rules_help_says_how_damage_steps_a_die_down():
    from gmconsole.ui.screens.help import rules_sections

    step = [line for s in rules_sections("yze-step") for line in s["lines"] if line.startswith("R-STEP-2")]
    assert step and "D6" in step[0] and "broken" in step[0] and "Dmg" in step[0]
    assert not [line for s in rules_sections("yze") for line in s["lines"] if line.startswith("R-STEP-2")]


def test_R_MYZ_TRAUMA_the_form_offers_the_attribute_of_the_last_roll_so_H_2_enter_is_trauma_to_it(make_app):
    app = make_app("myz-demo")
    service = app.service
    service.rolls.roll("Grease", "scout", faces="base=2,3,4,5,2")  # Scout rolls Wits
    seen = {}

    async def steps(pilot):
        await press(pilot, "1", "H")
        listing = app.screen.query_one("#f-attribute", MarkList)
        seen["marked"] = listing.marked
        seen["rows"] = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        await press(pilot, "2", "enter")

    drive(app, steps)
    assert seen["marked"] == ["wits"]
    assert seen["rows"] == ["Strength 3/3 (damage)", "Agility 3/3 (fatigue)", "Wits 5/5 (confusion)",
                            "Empathy 2/2 (doubt)"]
    assert service.history.filtered()[0]["summary"] == "Grease: Wits 5 → 3 (trauma 2)"
    assert service.character("Grease").attributes["wits"].current == 3


def test_R_MYZ_TRAUMA_without_a_roll_strength_is_offered_and_another_attribute_can_be_marked(make_app):
    app = make_app("myz-demo")
    service = app.service
    seen = {}

    async def steps(pilot):
        await press(pilot, "4", "H")  # the tracker's H: same form
        seen["marked"] = app.screen.query_one("#f-attribute", MarkList).marked
        await press(pilot, "1", "tab", "down", "space")  # Agility
        seen["focused"] = app.focused.id
        await press(pilot, "ctrl+s")

    drive(app, steps)
    assert seen["marked"] == ["strength"] and seen["focused"] == "f-attribute"
    assert service.history.filtered()[0]["summary"] == "Grease: Agility 3 → 2 (trauma 1)"


def test_exploding_harm_is_wounds_and_tiered_harm_is_stamina_each_undone_by_one_key(make_app):
    seen = {}
    for name, who in (("exploding-demo", "Kara Venn"), ("tiered-demo", "Aldric")):
        app = make_app(name)
        service = app.service

        async def steps(pilot, service=service, name=name, who=who):
            await _harm(pilot, "4", "3")
            seen[name] = service.history.filtered()[0]["summary"]
            await press(pilot, "ctrl+z")
            seen[name + " undone"] = (service.character(who).wounds, service.character(who).stamina)

        drive(app, steps)
    assert seen["exploding-demo"] == "Kara Venn: wounds 0 → 3" and seen["exploding-demo undone"] == (0, 0)
    assert seen["tiered-demo"] == "Aldric: stamina 10 → 7" and seen["tiered-demo undone"] == (0, 10)


def test_a_blank_amount_is_one_and_the_form_says_what_harm_changes(make_app):
    app = make_app("tiered-demo")
    seen = {}

    async def steps(pilot):
        await press(pilot, "1", "H")
        seen["title"] = shown_text(app.screen, "#form-title")
        seen["hint"] = app.screen.query_one("#f-amount", Input).placeholder
        await press(pilot, "enter")

    drive(app, steps)
    assert seen["title"] == "Aldric loses stamina" and seen["hint"] == "blank: 1 · now 10/10"
    assert app.service.history.filtered()[0]["summary"] == "Aldric: stamina 10 → 9"


def test_refusals_stay_in_the_form_and_record_nothing(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.roster.set_attribute("Ripley Hale", "strength", current=0)
    before = _entries(service)
    seen = {}

    async def steps(pilot):
        await press(pilot, "1", "H")
        for typed in ("0", "lots", "2"):
            set_field(app, "amount", typed)
            await press(pilot, "enter")
            seen[typed] = form_message(app)
        seen["open"] = isinstance(app.screen, HarmForm)

    drive(app, steps)
    assert seen["0"] == "Damage must be 1 or more, not 0."
    assert seen["lots"] == "Damage must be a whole number, not “lots”."
    assert seen["2"] == "Ripley Hale's Strength is already 0 (broken): harm changes nothing, nothing recorded"
    assert seen["open"] and _entries(service) == before


def test_stamina_at_0_is_refused_and_more_harm_than_is_left_stops_at_0(make_app):
    app = make_app("tiered-demo")
    service = app.service
    service.trackers.set_tracker("Wren", "stamina", 2)
    seen = {}

    async def steps(pilot):
        await press(pilot, "1", "down")
        await _harm(pilot, "1", "5")
        seen["first"] = service.history.filtered()[0]["summary"]
        count = _entries(service)
        await _harm(pilot, "1", "1")
        seen["refused"] = form_message(app)
        seen["recorded"] = _entries(service) - count

    drive(app, steps)
    assert seen["first"] == "Wren: stamina 2 → 0 (harm 5, stops at 0)"
    assert seen["refused"] == "Wren's stamina is already 0: harm changes nothing, nothing recorded"
    assert seen["recorded"] == 0 and service.character("Wren").stamina == 0


def test_a_read_only_console_refuses_H_before_asking(make_app):
    app = make_app("yze-demo", read_only=True)
    seen = {}

    async def steps(pilot):
        await press(pilot, "1", "H")
        seen["form"] = isinstance(app.screen, HarmForm)
        seen["status"] = status_text(app)

    drive(app, steps)
    assert not seen["form"] and "read-only" in seen["status"]


def test_the_key_bar_and_the_help_show_H_on_the_roster_and_the_tracker(make_app):
    from gmconsole.ui.widgets.key_bar import KeyBar

    app = make_app("yze-demo")
    seen = {}

    async def steps(pilot):
        for pane in ("1", "4"):
            await press(pilot, pane)
            seen[pane] = " ".join(str(app.screen.query_one(KeyBar).render()).split())
        await press(pilot, "question_mark")
        seen["help"] = {title: dict(key_rows(owner, live, app)) for title, owner, live in app.screen.panes}

    drive(app, steps)
    assert "H Harm" in seen["1"] and "H Harm" in seen["4"]
    harm_rows = [title for title, rows in seen["help"].items()
                 if rows.get("H", "").startswith("harm the highlighted character: type the amount, enter applies")]
    assert harm_rows == ["1 Roster", "4 Tracker"]


def test_an_edit_in_the_roster_form_names_each_number_with_its_values_and_the_recap_lists_it_with_harm(make_app):
    app = make_app("yze-demo")
    service = app.service
    seen = {}

    async def steps(pilot):
        await press(pilot, "1", "e")
        set_field(app, "attr-strength", "2/3")
        set_field(app, "stress", "0")
        await press(pilot, "ctrl+s")
        seen["status"] = status_text(app)
        await _harm(pilot, "1", "1")
        await press(pilot, "h", "r")  # the recap view, from the history
        seen["recap"] = shown_text(app.screen, "#recap-text")

    drive(app, steps)
    edit = service.history.filtered()[1]
    assert edit["summary"] == "Ripley Hale: Strength 3 → 2, stress 1 → 0" and edit["kind"] == "roster"
    assert edit["values"] == [{"attribute": "strength", "before": {"max": 3, "current": 3},
                               "after": {"max": 3, "current": 2}}, {"counter": "stress", "before": 1, "after": 0}]
    assert "✓ Ripley Hale: Strength 3 → 2, stress 1 → 0" in seen["status"]
    assert "- scene 1 · Ripley Hale: Strength 2 → 1 (damage 1)" in seen["recap"]  # under Stress and trauma
    assert "## Sheets changed\n\n- scene 1 · Ripley Hale: Strength 3 → 2, stress 1 → 0" in seen["recap"]
