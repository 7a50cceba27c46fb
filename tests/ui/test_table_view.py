"""The players' table view: what ``TableApp`` shows of a campaign the GM runs, and that
nothing on it changes anything.

Each test records the GM's changes with a writer service, then opens the same campaign read-only
(as ``gmconsole table NAME`` does) and looks at the view the players see.
"""

from __future__ import annotations

import io

import pytest
from pilot_harness import pilot_test
from rich.console import Console

from gmconsole.ui.table import TableApp

DEMOS = ["myz-demo", "yze-demo", "yze-step-demo", "exploding-demo", "tiered-demo"]
WIDE = (120, 40)
NARROW = (80, 24)


def text_of(app, selector: str) -> str:
    """The plain text a table-view widget shows (its content drawn at the widget's width)."""
    widget = app.query_one(selector)
    console = Console(width=max(widget.size.width, 40), file=io.StringIO(), record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()


def first_roll(service, index: int = 0, *, hidden: bool = False) -> dict:
    """A roll by the roster's ``index``-th character with their first skill (and the attribute the
    system wants named), as the builder would record it."""
    from gmconsole import systems

    character = service.campaign.roster[index]
    # Sic a Dog is rolled for one of its uses, which the builder asks: a plain roll takes another skill
    skill = next((s for s in character.skills if s != "sic-a-dog"), None)
    named = not skill or not systems.get(service.campaign.system).attribute_from_skill
    attribute = next(iter(character.attributes)) if named else None
    return service.rolls.roll(character.id, skill, attribute=attribute, hidden=hidden)


def npc(service):
    return next(c for c in service.campaign.roster if c.is_npc)


@pytest.mark.parametrize("campaign", DEMOS)
@pilot_test
async def test_the_table_shows_public_rolls_and_the_party_never_a_hidden_roll_nor_npc_numbers(open_service, campaign):
    writer = open_service(campaign)
    public = first_roll(writer)
    hidden = first_roll(writer, 1, hidden=True)
    assert hidden["hidden"] is True and "hidden" not in public
    app = TableApp(open_service(campaign, read_only=True))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        rolls = text_of(app, "#table-last-rolls")
        party = text_of(app, "#table-party")
    assert public["summary"] in rolls
    assert writer.campaign.roster[1].name not in rolls  # the hidden roll is nowhere
    assert "hidden" not in rolls
    assert all(c.name in party for c in writer.campaign.roster if not c.is_npc)
    assert npc(writer).name not in party  # an NPC's numbers are hidden by default


@pytest.mark.parametrize("campaign", ["yze-demo", "tiered-demo"])
@pilot_test
async def test_an_npc_the_gm_shows_gets_their_numbers_and_every_combatant_is_named(open_service, campaign):
    writer = open_service(campaign)
    shown_npc, hidden_npc = [c for c in writer.campaign.roster if c.is_npc][:2]
    writer.roster.show_on_table(shown_npc.id, True)
    writer.conflict.start_conflict([c.id for c in writer.campaign.roster])
    app = TableApp(open_service(campaign, read_only=True))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        party = text_of(app, "#table-party")
        turns = text_of(app, "#table-turns")
    assert shown_npc.name in party
    assert hidden_npc.name not in party
    assert "ROUND 1" in turns and "NOW:" in turns
    assert all(c.name in turns for c in writer.campaign.roster)  # hidden NPCs by name too
    hidden_line = next(line for line in turns.splitlines() if hidden_npc.name in line and "NOW" not in line)
    assert not any(ch.isdigit() for ch in hidden_line.replace(hidden_npc.name, ""))  # no card or total


@pilot_test
async def test_a_pc_the_gm_hides_stays_in_the_party_by_name_only_and_undo_brings_the_numbers_back(open_service):
    """"name only" keeps a PC in the party: the party still names them, with no number and no state beside the name."""
    writer = open_service("yze-demo")
    pc = writer.campaign.roster[0]
    writer.trackers.change_stress(pc.id, 3)
    writer.roster.show_on_table(pc.id, False)
    reader = open_service("yze-demo", read_only=True)
    app = TableApp(reader)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        row = next(line for line in text_of(app, "#table-party").splitlines() if pc.name in line)
    assert not any(ch.isdigit() for ch in row.replace(pc.name, "")), row
    writer.undo()
    assert open_service("yze-demo", read_only=True).character(pc.id).table_numbers is None


@pilot_test
async def test_no_conflict_is_said_plainly_and_no_rolls_yet(open_service):
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        assert "No conflict" in text_of(app, "#table-turns")
        assert "No rolls yet" in text_of(app, "#table-last-rolls")


@pilot_test
async def test_q_quits(open_service):
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


@pilot_test
async def test_every_key_the_table_binds_changes_nothing(open_service, demo_root):
    """Every binding of the app and its screen, pressed: the campaign's files stay byte for byte."""
    writer = open_service("yze-demo")
    first_roll(writer)
    writer.close()
    before = {p: p.read_bytes() for p in sorted((demo_root / "yze-demo").rglob("*")) if p.is_file()}
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        bound = app.active_bindings
        keys = {key for key, active in bound.items() if active.binding.action != "quit"}
        assert {key for key, active in bound.items() if active.binding.action == "quit"} <= {"q", "ctrl+c", "ctrl+q"}
        for key in sorted(keys) + ["enter", "space", "s", "n", "r", "u", "ctrl+z", "plus", "minus", "delete"]:
            await pilot.press(key)
        await pilot.pause()
        assert app.is_running  # only q (and ctrl+c, ctrl+q: Textual's) quits
    after = {p: p.read_bytes() for p in sorted((demo_root / "yze-demo").rglob("*")) if p.is_file()}
    assert after == before
    assert {b.key for b in TableApp.BINDINGS} == {"q", "ctrl+c"}


@pilot_test
async def test_an_undone_roll_leaves_the_table(open_service):
    writer = open_service("yze-demo")
    kept = first_roll(writer, 0)
    taken_back = first_roll(writer, 1)
    writer.undo()
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        rolls = text_of(app, "#table-last-rolls")
    assert kept["summary"] in rolls
    assert taken_back["summary"] not in rolls


@pilot_test
async def test_hostile_names_from_the_campaign_file_are_drawn_escaped(open_service, demo_root):
    """Hostile text on the table too: names, conditions and clocks planted in the file reach the
    terminal escaped, never raw, in the party, the turn order, the rolls and the session line."""
    from test_console_hostile_text import CAMPAIGN_SHOWN, CLOCK_SHOWN, CONDITION_SHOWN, EVIL_SHOWN, _plant, _screen_text

    from gmconsole.safe_text import UNSAFE

    _plant(demo_root)
    writer = open_service("yze-demo")
    writer.conflict.start_conflict([c.id for c in writer.campaign.roster])
    first_roll(writer, 0)
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        drawn = _screen_text(app)
    assert not UNSAFE.search(drawn.replace("\n", ""))
    for escaped in (EVIL_SHOWN, CONDITION_SHOWN, CLOCK_SHOWN, CAMPAIGN_SHOWN):
        assert escaped in drawn


@pilot_test
async def test_the_table_never_takes_the_writers_lock(open_service):
    """The table view opened first; the GM's console (a writer) opens after it and records."""
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        writer = open_service("yze-demo")
        assert first_roll(writer)["status"] == "done"


@pilot_test
async def test_a_log_warning_goes_to_the_bottom_line_never_to_the_terminal_raw(open_service, capsys, caplog):
    import logging

    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        logging.getLogger("gmconsole.ui.live_follow").warning("could not watch %s", "yze-demo")
        await pilot.pause()
        bottom = text_of(app, "#table-keys")
    assert "could not watch yze-demo" in bottom
    assert capsys.readouterr().err == "" and not caplog.records
    assert not logging.getLogger("gmconsole").handlers  # put back when the app ends


@pilot_test
async def test_a_panic_and_a_save_are_shown_and_the_view_keeps_following_after_them(open_service):
    """A panic (yze) or a saving throw (tiered) in the session never stops the table view (it once raised
    ``'PanicEntry' object has no attribute 'hidden'``, for a table opened after it and one open before
    it alike). Both are public rolls: they show, and later changes still reach the view."""
    for campaign, special in (("yze-demo", lambda w: w.trackers.panic_roll(w.campaign.roster[0].id, face=1)),
                              ("tiered-demo", lambda w: w.rolls.saving_throw(w.campaign.roster[0].id, "phys"))):
        writer = open_service(campaign)
        entry = special(writer)
        app = TableApp(open_service(campaign, read_only=True))
        async with app.run_test(size=WIDE) as pilot:
            await pilot.pause()
            assert entry["summary"] in text_of(app, "#table-last-rolls")
            public = first_roll(writer)
            app.service.reload()
            app.refresh_view()
            await pilot.pause()
            assert public["summary"] in text_of(app, "#table-last-rolls")


@pilot_test
async def test_a_resized_table_is_laid_out_for_its_new_size(open_service):
    """The layout is chosen from the size after the resize, not before it (else wide at 80 columns,
    its big dice wrapped into each other; narrow at 120)."""
    writer = open_service("yze-demo")
    first_roll(writer)
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        body = app.query_one("#table-body")
        assert body.has_class("wide")
        await pilot.resize_terminal(*NARROW)
        await pilot.pause()
        assert not body.has_class("wide")
        await pilot.resize_terminal(*WIDE)
        await pilot.pause()
        assert body.has_class("wide")


@pilot_test
async def test_a_pushed_roll_says_pushed_once(open_service):
    """A pushed roll says "(pushed)" once: never "Parker Moss rolls Might: 3 successes (pushed)  (pushed)"."""
    writer = open_service("yze-demo")
    roll = first_roll(writer)
    pushed = writer.rolls.push(roll["id"])
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        rolls = text_of(app, "#table-last-rolls")
    assert rolls.count("(pushed)") == 1, rolls
    assert pushed is not None


def _ranged_with_a_stress_one(writer, faces: str = "base=6,2,3,4 skill=5,3 stress=1") -> dict:
    """Ripley Hale (yze-demo) rolls Ranged with typed faces; a stress die showing 1 owes a panic (R-PUSH-3)."""
    return writer.rolls.roll(writer.campaign.roster[0].id, "ranged", faces=faces)


@pytest.mark.parametrize("size", [WIDE, NARROW])
@pilot_test
async def test_a_panic_applied_from_a_rolls_costs_is_shown_like_any_other_panic(open_service, size):
    """R-PANIC-1: the panic a roll owes is rolled when its costs are applied (the builder's c/A, the
    history's c); the costs entry carries it, and the table shows it as it shows the tracker's panic roll,
    in its own words (not the other costs)."""
    writer = open_service("yze-demo")
    roll = _ranged_with_a_stress_one(writer)
    applied = writer.outcomes.apply_costs(roll["id"], panic_face=6)
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        rolls = text_of(app, "#table-last-rolls")
    panic = applied["panic"]["summary"]
    assert panic.startswith("Ripley Hale panics: ")
    lines = rolls.splitlines()
    assert lines[0] == panic  # the newest first
    assert roll["summary"] in rolls
    assert "pays" not in rolls


@pilot_test
async def test_costs_without_a_panic_and_an_undone_panic_stay_off_the_table(open_service):
    writer = open_service("yze-demo")
    roll = _ranged_with_a_stress_one(writer)
    writer.outcomes.apply_costs(roll["id"], panic_face=6)
    writer.undo()  # the costs, their panic with them
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        rolls = text_of(app, "#table-last-rolls")
    assert "panics" not in rolls and rolls.splitlines()[0] == roll["summary"]


@pilot_test
async def test_the_legend_names_the_colour_of_each_kind_on_the_table(open_service):
    """R-POOL-1: the dice are coloured by kind; the legend under the rolls says which colour is which (only
    the kinds rolled), and what the marks mean."""
    writer = open_service("yze-demo")
    _ranged_with_a_stress_one(writer, "base=6,2,3,1 skill=5,3 stress=2")
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        widget = app.query_one("#table-last-rolls")
        rolls = text_of(app, "#table-last-rolls")
        legend = " ".join(rolls[rolls.index("Dice: "):].split())  # as wide as the rolls' column: it may wrap
        spans = {str(widget.content)[s.start:s.end]: str(s.style) for s in widget.content.spans}
    assert legend == "Dice: ■ base ■ skill ■ stress ★ success ✖ bane ↻ rerolled"
    colours = app.theme_variables
    assert colours["dice-base"].lower() in spans["■ base"].lower()
    assert colours["dice-skill"].lower() in spans["■ skill"].lower()
    assert colours["dice-stress"].lower() in spans["■ stress"].lower()


@pilot_test
async def test_at_80x24_the_one_line_rolls_tell_the_kinds_apart_by_letter_not_only_by_colour(open_service):
    writer = open_service("yze-demo")
    _ranged_with_a_stress_one(writer, "base=6,2,3,1 skill=5,3 stress=2")
    first_roll(writer, 1)
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        rolls = text_of(app, "#table-last-rolls").splitlines()
    ripley = next(line for line in rolls if line.startswith("Ripley Hale rolls Ranged"))
    assert ripley.endswith("  b 6★ 2 3 1✖ · s 5 3 · st 2")
    assert rolls[-1] == "Dice: b base  s skill  st stress  ★ success ✖ bane ↻ rerolled"


@pilot_test
async def test_the_kinds_letters_and_the_legend_read_in_traditional_chinese(open_service):
    from gmconsole.i18n import set_language

    writer = open_service("yze-demo")
    _ranged_with_a_stress_one(writer, "base=6,2,3,1 skill=5,3 stress=2")
    first_roll(writer, 1)
    set_language("zh-Hant")
    try:
        app = TableApp(open_service("yze-demo", read_only=True))
        async with app.run_test(size=NARROW) as pilot:
            await pilot.pause()
            rolls = text_of(app, "#table-last-rolls").splitlines()
    finally:
        set_language(None)
    assert any(line.endswith("  基 6★ 2 3 1✖ · 技 5 3 · 壓 2") for line in rolls), rolls
    assert rolls[-1].startswith("骰子：基 基礎  技 技能  壓 壓力")


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
@pilot_test
async def test_at_80x24_a_one_line_roll_too_long_for_its_line_wraps_between_groups_never_inside_one(
        open_service, language):
    """R-POOL-1: a pushed roll's dice on the older rolls' lines at 80×24 are wider than the line: they go on
    the next line a whole group at a time, so a kind's letter stays with its dice ("· st" never ends a line
    whose "1✖↻ 3↻" starts the next)."""
    from gmconsole.i18n import set_language

    writer = open_service("yze-demo")
    roll = _ranged_with_a_stress_one(writer, "base=6,3,1,2 skill=4,5 stress=2")
    writer.rolls.push(roll["id"], faces="b36 s62 st13")
    first_roll(writer, 1)
    first_roll(writer, 2)
    set_language(language)
    try:
        app = TableApp(open_service("yze-demo", read_only=True))
        async with app.run_test(size=NARROW) as pilot:
            await pilot.pause()
            rolls = text_of(app, "#table-last-rolls").splitlines()
    finally:
        set_language(None)
    letters = {"en": ("b", "s", "st"), "zh-Hant": ("基", "技", "壓")}[language]
    at = next(n for n, line in enumerate(rolls) if line.endswith("1✖↻ 3↻"))
    assert rolls[at - 1].startswith("Ripley Hale ") and rolls[at - 1].endswith(" ·"), rolls
    assert [group.split()[0] for group in rolls[at].split(" · ")] == list(letters[-len(rolls[at].split(" · ")):])
    assert all(len(line.rstrip()) <= NARROW[0] - 4 for line in rolls if "·" in line), rolls


@pilot_test
async def test_a_roll_a_player_made_from_their_page_is_marked_as_theirs(open_service):
    from gmconsole.campaign.sources import player_source

    writer = open_service("yze-demo")
    character = writer.campaign.roster[0]
    with writer.acting_as(player_source(character.id)):
        theirs = first_roll(writer)
    gms = first_roll(writer, 1)
    app = TableApp(open_service("yze-demo", read_only=True))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        rolls = text_of(app, "#table-last-rolls")
    assert theirs["source"] == player_source(character.id)
    said = " ".join(rolls.split())  # a long title wraps
    assert f"{theirs['summary']} — from {character.name}'s phone" in said, rolls
    assert f"{gms['summary']} —" not in said, rolls
