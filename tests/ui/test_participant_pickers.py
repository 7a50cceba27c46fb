"""Pilot tests of the participant pickers: the participants of an opposed, contested, assisted or group
roll are marked in lists of the roster (NPCs too), not typed; the opposed roll's defender skill is
marked among the campaign's own skills by name; the helpers picker (``e``) refuses a fourth helper
with the rule (R-HELP-1) and stays open; every picker shows its marks as glyphs, not only colour;
a long name ends in ``…`` within the row."""

from __future__ import annotations

from pilot_harness import mark_names, pick_skill, pilot_test, start_builder
from rich.cells import cell_len

from gmconsole.ui.screens.pickers import MarkListScreen, PickCharacters
from gmconsole.ui.screens.roll_form import RollFormScreen
from gmconsole.ui.widgets.mark_list import MarkList


def _rows(listing: MarkList) -> list[str]:
    """The list's rows as the terminal shows them (glyph and label), top to bottom."""
    return [listing.render_line(y).text.rstrip() for y in range(listing.option_count)]


async def _roll(pilot) -> tuple[str, str]:
    """ctrl+s in the open form: (result, error) as shown."""
    form = pilot.app.screen
    await pilot.press("ctrl+s")
    await pilot.pause()
    return str(form.query_one("#form-result").render()), str(form.query_one("#form-error").render())


@pilot_test
async def test_yze_opposed_defender_marked_in_the_roster_and_skill_by_name_from_the_campaigns_system(builder_app):
    app = builder_app("yze-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RollFormScreen)
        defenders = form.query_one("#field-opponent", MarkList)
        assert app.focused is defenders  # the first thing asked: who defends
        rows = _rows(defenders)
        assert "Ripley Hale" not in " ".join(rows)  # not against oneself
        assert any(r.endswith("Security officer (npc)") for r in rows)  # NPCs are pickable
        skills = form.query_one("#field-skill", MarkList)
        labels = [str(skills.get_option_at_index(i).prompt) for i in range(skills.option_count)]
        assert "Observation" in labels and "Mobility" in labels  # yze's own skills, by name
        assert not any("scout" in label.casefold() for label in labels)  # no myz skill in a yze campaign
        assert "e.g. scout" not in str(form.query_one("#form-box").render())
        await mark_names(pilot, defenders, "Security officer")
        await mark_names(pilot, skills, "Observation")
        result, error = await _roll(pilot)
        assert error == "" and result
    entry = service.history.filtered(kind="roll")[0]
    assert entry["opposed"]["defender_id"] == "c14"
    assert entry["opposed"]["defender_skill"] == "observation"


@pilot_test
async def test_yze_opposed_defender_pick_one_moves_the_mark_and_nobody_marked_takes_the_typed_pool(builder_app):
    app = builder_app("yze-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("o")
        await pilot.pause()
        defenders = app.screen.query_one("#field-opponent", MarkList)
        await mark_names(pilot, defenders, "Dallas Kane")
        await mark_names(pilot, defenders, "Ash")
        assert defenders.marked == ["c11"]  # pick-one: the mark moved
        assert " ○  Dallas Kane" in _rows(defenders) and " ●  Ash" in _rows(defenders)
        await pilot.press("space")  # unmark Ash: nobody, the typed pool defends
        app.screen.query_one("#field-pool").value = "base=3 skill=1"
        result, error = await _roll(pilot)
        assert error == "" and result
    assert service.history.filtered(kind="roll")[0]["opposed"].get("defender_id") in (None, "")


@pilot_test
async def test_exploding_opposed_assisted_in_turn_and_group_marked_not_typed(builder_app):
    app = builder_app("exploding-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "stealth")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        await mark_names(pilot, form.query_one("#field-opponent", MarkList), "Captain Vorr")
        opp_skill = form.query_one("#field-opp_skill", MarkList)
        assert opp_skill.marked == [""]  # the same skill, unless the GM marks another
        await mark_names(pilot, opp_skill, "notice")  # exploding: the skills on its sheets
        assert (await _roll(pilot))[1] == ""
        await pilot.press("escape")
        await pilot.pause()
        opposed = service.history.filtered(kind="opposed")[0]
        assert opposed["defender"] == "Captain Vorr"

        await pilot.press("i")
        await pilot.pause()
        form = app.screen
        others = form.query_one("#field-others", MarkList)
        await mark_names(pilot, others, "Torvald", "Doc Rell")  # Torvald's turn first
        assert others.marked == ["c5", "c3"]
        assert "[1] Torvald" in _rows(others) and "[2] Doc Rell" in _rows(others)
        await mark_names(pilot, form.query_one("#field-hold", MarkList), "Doc Rell")
        assert (await _roll(pilot))[1] == ""
        await pilot.press("escape")
        await pilot.pause()
        assisted = service.history.filtered(kind="assisted")[0]
        assert [r["name"] for r in assisted["rolls"]] == ["Kara Venn", "Torvald", "Doc Rell"]

        await pilot.press("n")
        await pilot.pause()
        participants = app.screen.query_one("#field-participants", MarkList)
        assert participants.marked == ["c1"]  # the one rolling takes part
        await mark_names(pilot, participants, "Nyx")
        assert (await _roll(pilot))[1] == ""
    group = service.history.filtered(kind="group")[0]
    assert [r["name"] for r in group["group"]["results"]] == ["Kara Venn", "Nyx"]


@pilot_test
async def test_tiered_contested_opponent_marked_and_a_roll_without_one_is_refused_in_words(builder_app):
    app = builder_app("tiered-demo")
    service = app.service
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pilot.press("o")
        await pilot.pause()
        form = app.screen
        assert (await _roll(pilot))[1] == "mark the opponent (space on a name)"
        await mark_names(pilot, form.query_one("#field-opponent", MarkList), "Ogre")
        assert (await _roll(pilot))[1] == ""
    assert service.history.filtered(kind="contested")[0]["opponent_id"] == "c14"


@pilot_test
async def test_R_HELP_1_a_fourth_helper_is_refused_at_confirm_and_the_picker_stays_open(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pilot.press("e")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, MarkListScreen)
        await pilot.press("space", "down", "space", "down", "space", "down", "space", "ctrl+s")
        await pilot.pause()
        assert app.screen is picker  # still open: the GM unmarks one
        message = str(picker.query_one("#pick-message").render())
        assert "R-HELP-1" in message and "3" in message and "4 are marked" in message
        await pilot.press("space", "ctrl+s")  # unmark the fourth
        await pilot.pause()
        assert app.screen is not picker
        assert builder.draft.helpers == ("c4", "c6", "c9")


@pilot_test
async def test_pickers_show_marks_as_glyphs_and_long_names_end_in_an_ellipsis_within_the_row(builder_app):
    app = builder_app("yze-demo")
    long_name = "冒険者" * 30 + " the very long-named"
    async with app.run_test(size=(80, 24)) as pilot:
        await start_builder(pilot, "c1")
        screen = PickCharacters("Who?", [("a", "Ash"), ("b", long_name), ("c", "Cho")], ["a"])
        await app.push_screen(screen)
        await pilot.pause()
        listing = screen.query_one(MarkList)
        rows = _rows(listing)
        assert rows[0] == "[x] Ash" and rows[2] == "[ ] Cho"
        width = listing.scrollable_content_region.width
        assert rows[1].startswith("[ ] 冒険者") and rows[1].endswith("…")
        assert cell_len(rows[1]) <= width
        await pilot.press("down", "space")
        assert _rows(listing)[1].startswith("[x] ")
        await pilot.press("escape")
        await pilot.pause()
        one = PickCharacters("Which clock?", [("k1", "Alarm"), ("k2", "Reactor")], limit=1, minimum=1)
        await app.push_screen(one)
        await pilot.pause()
        await pilot.press("space", "down", "space")
        assert _rows(one.query_one(MarkList)) == [" ○  Alarm", " ●  Reactor"]


# ----------------------------------------------------------------------------- snapshots (80×24)
NARROW = (80, 24)


def test_opposed_form_marks_the_defender_and_skill_snapshot_yze(snap_compare, make_app):
    """yze opposed roll on 80×24: the defender marked (●) among the roster, the skills by name."""
    keys = ["3", "s", "o", "b", "s", "enter", "o", "down", "down", "space"]
    assert snap_compare(make_app("yze-demo"), terminal_size=NARROW, press=keys)


def test_helpers_picker_refuses_a_fourth_snapshot(snap_compare, make_app):
    """The helpers picker after a, ctrl+s: every row [x] and the R-HELP-1 refusal, still open."""
    assert snap_compare(make_app("yze-demo"), terminal_size=NARROW, press=["3", "e", "a", "ctrl+s"])


def test_assisted_form_turns_snapshot_exploding(snap_compare, make_app):
    """exploding assisted check: helpers marked in turn ([1], [2]), the rest [ ]."""
    keys = ["3", "i", "down", "down", "space", "up", "space"]
    assert snap_compare(make_app("exploding-demo"), terminal_size=NARROW, press=keys)


@pilot_test
async def test_an_npc_group_shows_its_count_in_the_helpers_picker_as_in_the_roster(builder_app):
    """The roster reads "Hull rats ×6 (npc)", and so do the helpers, in-range and exploding pickers, not
    "Hull rats (npc)": a GM marking helpers must tell a group of six from one."""
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        await start_builder(pilot, "c1")
        await pilot.press("e")
        assert isinstance(app.screen, PickCharacters)
        rows = _rows(app.screen.query_one(MarkList))
        assert any(r.endswith("Hull rats ×6 (npc)") for r in rows), rows
        assert any(r.endswith("Security officer (npc)") for r in rows)  # one NPC: no count
