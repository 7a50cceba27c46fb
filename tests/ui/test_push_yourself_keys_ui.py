"""Push Yourself after the roll in the console (seed 004: 2 stamina for +1 die): after a tiered check the
builder's line names the key that takes its offer, ``p`` adds the die with the console's dice, ``P`` with the
face typed from a physical d6 (R-MANUAL-1); the result shows the die added and the tier read again, and a
refusal says why in one line."""

from __future__ import annotations

from pilot_harness import drive, fill_focused, joined_text, pick_skill, press, start_builder
from textual.widgets import Static

from gmconsole.ui.screens.line_entry import TypeFaces


def _result(app) -> str:
    return joined_text(app.screen, "#rb-message, #rb-result-head, #rb-rolled, #rb-result, #rb-rolled-explain")


async def _roll(pilot, key: str = "r", faces: str | None = None) -> None:
    await start_builder(pilot, "c1")  # Aldric: swords 3, stamina 10
    await pick_skill(pilot, "swords")
    await press(pilot, key)
    if faces is not None:
        await fill_focused(pilot, faces)


def _stamina(app) -> int:
    return app.service.character("c1").stamina


def test_r_then_p_adds_the_push_yourself_die_and_reads_the_tier_again(make_app):
    app = make_app("tiered-demo")
    seen: dict = {}

    async def steps(pilot):
        await _roll(pilot)
        seen["before"] = _result(app)
        seen["roll"] = app.service.history.filtered(kind="roll")[0]
        await press(pilot, "p")
        seen["after"] = _result(app)
        seen["pushed"] = app.service.history.entry(seen["roll"]["id"])
        seen["push"] = app.service.history.filtered(kind="push")[0]

    drive(app, steps)
    roll, pushed = seen["roll"], seen["pushed"]
    assert roll["tier"] != "critical"  # the seeded console dice leave something to reach
    assert "p: Push Yourself die now (2 stamina)" in seen["before"]
    added = pushed["dice"][-1]
    assert added["added"] and len(pushed["dice"]) == len(roll["dice"]) + 1
    assert f"[+{added['face']}]" in seen["after"]  # the die added, marked
    assert "+ added by Push Yourself" in seen["after"] and "the push: +" not in seen["after"]
    assert f"Last roll: Aldric rolls swords: {pushed['tier']} (pushed)" in seen["after"]
    assert "Push Yourself die now" not in seen["after"]  # spent: no more offer
    assert seen["push"]["summary"].startswith("Aldric pushes themself: ")
    assert _stamina(app) == 8


def test_P_types_the_face_of_the_added_die_and_u_undoes_the_push(make_app):
    app = make_app("tiered-demo")
    seen: dict = {}

    async def steps(pilot):
        await _roll(pilot, "f", "dice=4,2,1,3,1,2")
        seen["xp"] = app.service.character("c1").xp
        await press(pilot, "P")
        seen["asked"] = isinstance(app.screen, TypeFaces)
        await fill_focused(pilot, "d6")
        seen["after"] = _result(app)
        seen["stamina"] = _stamina(app)
        await press(pilot, "u")
        seen["undone"] = _result(app)

    drive(app, steps)
    assert seen["asked"]
    assert "Last roll: Aldric rolls swords: great (pushed)" in seen["after"]
    assert "[+6]" in seen["after"]
    assert seen["stamina"] == 8
    assert _stamina(app) == 10 and app.service.character("c1").xp == seen["xp"]
    roll = app.service.history.filtered(kind="roll")[0]
    assert (roll["tier"], roll["pushes"], len(roll["dice"])) == ("mixed", 0, 6)


def test_a_limited_check_pushed_to_mixed_gives_its_xp_back(make_app):
    app = make_app("tiered-demo")

    async def steps(pilot):
        await _roll(pilot, "f", "dice=3,2,1,3,1,2")
        xp = app.service.character("c1").xp
        await press(pilot, "P")
        await fill_focused(pilot, "d5")
        return xp, _result(app)

    xp, after = drive(app, steps)
    assert "Last roll: Aldric rolls swords: mixed (pushed)" in after
    assert app.service.character("c1").xp == xp - 1  # the Limited result's +1 XP taken back


def test_p_on_a_critical_check_says_why_in_one_line(make_app):
    app = make_app("tiered-demo")

    async def steps(pilot):
        await _roll(pilot, "f", "dice=6,6,1,3,1,2")
        await press(pilot, "p")
        return str(app.screen.query_one("#rb-message", Static).render())

    said = drive(app, steps)
    assert said == "Push refused: the check is already Critical: another die cannot make it better"
    assert _stamina(app) == 10 and not app.service.history.filtered(kind="push")


def test_P_with_push_yourself_spent_on_the_check_says_why_before_asking_for_a_face(make_app):
    app = make_app("tiered-demo")

    async def steps(pilot):
        await start_builder(pilot, "c1")
        await pick_skill(pilot, "swords")
        await press(pilot, "y", "f")  # Push Yourself for this roll: seven dice
        await fill_focused(pilot, "dice=4,2,1,3,1,1,2")
        await press(pilot, "P")
        return isinstance(app.screen, TypeFaces), str(app.screen.query_one("#rb-message", Static).render())

    asked, said = drive(app, steps)
    assert not asked
    assert said == "Push refused: Push Yourself was already spent on this check"


def test_p_with_less_than_two_stamina_is_refused(make_app):
    app = make_app("tiered-demo")
    app.service.trackers.set_tracker("c1", "stamina", 1)

    async def steps(pilot):
        await _roll(pilot, "f", "dice=4,2,1,3,1,2")
        seen = _result(app)
        await press(pilot, "p")
        return seen, str(app.screen.query_one("#rb-message", Static).render())

    before, said = drive(app, steps)
    assert "Push Yourself die now" not in before
    assert said == "Push refused: Push Yourself costs 2 stamina and the character has only 1"
