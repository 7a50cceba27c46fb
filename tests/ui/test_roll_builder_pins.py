"""Pilot tests of the roll builder's per-roll options: a modifier, a difficulty, helpers,
bonus dice, Push Yourself, TN modifiers, named skill modifiers and a reactive roll reset after the
roll is recorded and are not carried to another character, unless pinned with ``!``; going back to a
character finds the options built for them until their roll is recorded; a push belongs
to its roll and a GM roll uses none of them, so neither resets anything."""

from __future__ import annotations

import pytest
from pilot_harness import (
    BuilderApp,
    burst,
    fill_focused,
    keys_for,
    pick_skill,
    pilot_test,
    roll_entries,
    shown_text,
    start_builder,
    status_text,
)


@pilot_test
async def test_push_yourself_charges_stamina_once_not_on_every_later_roll(builder_app):
    app = builder_app("tiered-demo")
    service = app.service
    stamina = service.character("c1").stamina
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "swords")
        await pilot.press("y", "r")
        await pilot.pause()
        assert "push yourself" not in shown_text(builder, "#rb-settings")
        await pilot.press("r")
        await pilot.pause()
    first, second = reversed(roll_entries(service))
    assert first["request"]["push_yourself"] is True
    assert second["request"]["push_yourself"] is False
    assert service.character("c1").stamina == stamina - 2
    assert second["request"]["skill"] == "swords"  # the skill is what the roll is of: it stays


@pilot_test
async def test_a_modifier_does_not_follow_the_gm_to_the_next_character_and_waits_for_its_own(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "observation")
        for _ in range(7):
            await pilot.press("minus")
        await pilot.press("d", "t")
        assert builder.request().modifier == -7
        builder.select_character("c4")
        await pilot.pause()
        moved = builder.request()
        assert "mod +0" in shown_text(builder, "#rb-settings")
        builder.select_character("c1")
        await pilot.pause()
        back = builder.request()
    assert (moved.modifier, moved.difficulty, moved.reactive) == (0, None, False)
    assert (back.skill, back.modifier, back.difficulty, back.reactive) == ("observation", -7, "demanding", True)


@pilot_test
async def test_a_glance_at_another_character_keeps_the_options_built_until_the_roll(builder_app):
    """yze-step: ``+ +`` on Ilsa, a look at Brann, back to Ilsa: still ``mod +2``;
    Brann starts from the defaults; once Ilsa's roll is recorded her options are back to defaults."""
    app = builder_app("yze-step-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("plus", "plus")
        builder.select_character("c3")
        await pilot.pause()
        brann = shown_text(builder, "#rb-settings")
        builder.select_character("c1")
        await pilot.pause()
        ilsa = shown_text(builder, "#rb-settings")
        await pilot.press("r")
        await pilot.pause()
        builder.select_character("c3")
        await pilot.pause()
        builder.select_character("c1")
        await pilot.pause()
        after_roll = builder.request()
    assert "mod +0" in brann and "mod +2" in ilsa
    assert roll_entries(app.service)[0]["request"]["modifier"] == 2
    assert (after_roll.skill, after_roll.modifier) == ("ranged", 0)


@pilot_test
async def test_a_gm_roll_keeps_the_characters_options(builder_app):
    app = builder_app("yze-step-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "ranged")
        await pilot.press("plus", "plus", "t", "G")
        await pilot.pause()
        await fill_focused(pilot, "d10 d8")
        await pilot.pause()
        kept = builder.request()
    assert roll_entries(app.service)[0]["character"] == "GM"
    assert (kept.skill, kept.modifier, kept.reactive) == ("ranged", 2, True)


@pilot_test
async def test_unpinned_options_reset_after_the_roll_but_not_after_its_push(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "observation")
        await pilot.press("minus", "minus", "d", "r")
        await pilot.pause()
        after_roll = builder.request()
        await pilot.press("minus", "p")
        await pilot.pause()
        after_push = builder.request()
    assert roll_entries(app.service)[0]["request"]["modifier"] == -2
    assert (after_roll.modifier, after_roll.difficulty) == (0, None)
    assert len(app.service.history.filtered(kind="push")) == 1 and after_push.modifier == -1


@pilot_test
async def test_pinned_options_survive_rolls_and_a_change_of_character_and_are_marked(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "observation")
        await pilot.press("minus", "minus", "d", "exclamation_mark", "plus")  # pinned at −2, then −1: still pinned
        settings = shown_text(builder, "#rb-settings")
        await pilot.press("t", "r")  # reactive is set after the pin: not pinned, reset by the roll
        await pilot.pause()
        after_roll = builder.request()
        builder.select_character("c4")
        await pilot.pause()
        moved = builder.request()
        moved_settings = shown_text(builder, "#rb-settings")
        await pilot.press("exclamation_mark")  # everything set is pinned: ! unpins
        await pick_skill(pilot, "observation")
        await pilot.press("r")
        await pilot.pause()
        unpinned = builder.request()
    assert "mod −1 (pinned)" in settings and "diff demanding (pinned)" in settings
    assert (after_roll.modifier, after_roll.difficulty, after_roll.reactive) == (-1, "demanding", False)
    assert (moved.modifier, moved.difficulty) == (-1, "demanding")
    assert "diff demanding (pinned)" in moved_settings
    assert roll_entries(app.service)[0]["request"]["difficulty"] == "demanding"  # c4's roll, pins off but still set
    assert (unpinned.difficulty, builder.draft.pinned) == (None, frozenset())


@pilot_test
async def test_pin_with_nothing_set_says_what_to_do(builder_app):
    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pilot.press("exclamation_mark")
        said = shown_text(builder, "#rb-message")
    assert "Nothing to pin" in said and builder.draft.pinned == frozenset()


def _key_bar(app) -> str:
    """The key bar's words: (key, description) of each shown, enabled binding of the focus chain."""
    return " · ".join(f"{b.key} {b.description}" for _n, b, enabled, _t in app.screen.active_bindings.values()
                      if b.show and enabled)


@pilot_test
async def test_a_is_named_for_what_it_does_and_u_for_undoing_the_last_change(builder_app):
    from gmconsole.ui.roll_builder import RollBuilder
    from gmconsole.ui.screens.help import key_rows

    app = builder_app("yze-demo")
    async with app.run_test(size=(110, 44)) as pilot:
        builder = await start_builder(pilot, "c1")
        before = _key_bar(app)
        await pick_skill(pilot, "observation")
        await pilot.pause()
        after = _key_bar(app)
        await pilot.press("a")
        attribute = builder.request().attribute
        help_rows = dict(key_rows(RollBuilder, builder))
    assert "a Attribute" in before and "Other attribute" not in before
    assert "a Other attribute" in after and "a Attribute" not in after
    assert attribute is not None and attribute != "wits"  # Observation's own is Wits: a picks another
    assert "u Undo last change" in after
    assert help_rows["a"].startswith("Other attribute") and help_rows["u"].startswith("Undo last change")


@pilot_test
async def test_only_one_chance_is_shown_while_building_the_second_try_not_after_it(builder_app, open_service):
    """docs/RULES.md "only one chance": the warning is under the next roll's pool as soon as the skill
    already rolled this scene is built again (a console opened later too): below the last result, which is
    read first, and in view as soon as the GM builds the second try (a short pane scrolls to it)."""
    import random


    app = builder_app("yze-demo")
    async with app.run_test(size=(100, 24)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "observation")
        assert shown_text(builder, "#rb-warnings") == ""
        await pilot.press("r")
        await pilot.pause()
        warning = builder.query_one("#rb-warnings")
        above = builder.query_one("#rb-result").region.y < warning.region.y
        await pilot.press("d")  # the second try, harder
        await pilot.pause()
        in_view = builder.scrollable_content_region.contains_region(warning.region)
    app.service.close()
    later = BuilderApp(open_service("yze-demo"), random.Random(3))
    async with later.run_test(size=(100, 24)) as pilot:
        builder = await start_builder(pilot, "c1")
        await pick_skill(pilot, "observation")
        before_the_roll = shown_text(builder, "#rb-warnings")
    assert above and in_view
    assert "Ripley Hale already rolled Observation this scene: only one chance" in before_the_roll


@pytest.mark.parametrize(("campaign", "character", "skill", "named", "faces"), [
    ("yze-demo", "c1", "observation", "Observation", "b2345 s34 st2"),
    ("exploding-demo", "c1", "shooting", "shooting", "s3,1 t2"),
    ("tiered-demo", "c1", "swords", "swords", "dice=1,2,3,3,2,1"),
])
def test_right_after_the_first_roll_only_one_chance_reads_as_advice_and_warns_on_the_second(
        builder_app, campaign, character, skill, named, faces):
    """docs/RULES.md "only one chance": right after the scene's first roll of a skill the line under the result
    says what the rule asks of the next roll; it is not a warning about the roll just made. As soon as the GM
    builds a second roll of it (here: harder, or with a modifier) the warning proper is shown, with its ⚠."""
    import asyncio

    app = builder_app(campaign)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            builder = await start_builder(pilot, character)
            await pick_skill(pilot, skill)
            await pilot.press("f")
            await fill_focused(pilot, faces)
            await pilot.pause()
            seen["after"] = shown_text(builder, "#rb-warnings")
            await pilot.press("d" if campaign == "yze-demo" else "plus")
            await pilot.pause()
            seen["second"] = shown_text(builder, "#rb-warnings")

    asyncio.run(run())
    assert seen["after"] == f"{named} is rolled for this scene: another roll needs changed circumstances (w)"
    assert seen["second"].startswith("⚠ ") and "only one chance unless circumstances changed" in seen["second"]


@pilot_test
async def test_pinning_a_hard_difficulty_sets_it_for_the_players_rolls_and_unpinning_clears_it(make_app):
    """``d d !`` (hard, pinned) also sets the players' rolls' difficulty, one undoable ``players`` change the
    status line names; ``!`` again (unpinned) clears it; a pinned modifier alone writes nothing."""
    app = make_app("yze-demo")
    service = app.service
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "3", "s", *keys_for("obs"), "enter", "minus", "exclamation_mark")
        modifier_only = service.campaign.current_session.player_difficulty
        await burst(pilot, "exclamation_mark", "d", "d", "exclamation_mark")
        pinned = (service.campaign.current_session.player_difficulty, status_text(app))
        await burst(pilot, "exclamation_mark")
        unpinned = (service.campaign.current_session.player_difficulty, status_text(app))
    assert modifier_only is None
    assert pinned[0] == "hard" and "players' rolls: difficulty hard" in pinned[1]
    assert unpinned[0] is None and "players' rolls: the default difficulty" in unpinned[1]
    changes = [e["summary"] for e in service.history.filtered() if e["kind"] == "players"]
    assert changes == ["players' rolls: the default difficulty", "players' rolls: difficulty hard"]  # newest first
    service.undo()  # the unpinning's clearing undone: hard again
    assert service.campaign.current_session.player_difficulty == "hard"
