"""R-PANIC-1 (corrected): a panic D6, once rolled or typed, is recorded whatever the GM answers next, and
the rows that reach others offer player characters only.

``esc`` at "who is in range / who hears / who sees" means nobody else is in range: the die already
rolled is recorded with nobody in range, never rolled again; ``c`` again then says the costs were
applied. ``esc`` at the typed-face form itself (nothing typed) records nothing. Every path that rolls
a panic is here: the roll builder's ``c`` and ``A``, the history screen's ``c``, the tracker's ``p`` and
``P``. The console's dice come from ``app.rng``: the tests seed it just before the key and check the
recorded face is the first one that seed gives (and the one the question named).
"""

from __future__ import annotations

import asyncio
import random

from pilot_harness import builder_text as _message
from pilot_harness import start_builder, submit_value, typed_roll
from textual.widgets import DataTable

from gmconsole.campaign.commands.typed_values import roll_panic_die
from gmconsole.ui.screens.history import HistoryScreen
from gmconsole.ui.screens.pickers import MarkListScreen
from gmconsole.ui.screens.value_form import ValueForm

PCS = ["c1", "c4", "c6", "c9", "c11"]
"""yze-demo's player characters; Hull rats (c13) and Security officer (c14) are NPCs."""


def _seed_giving(face: int, after: int = 0) -> int:
    """A seed whose first D6 from the console's dice is ``face`` and whose next, ``after`` (when given),
    another face: a second roll would show."""
    def draws(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        return roll_panic_die(rng), roll_panic_die(rng)

    return next(s for s in range(1000) if draws(s)[0] == face and (not after or draws(s)[1] == after))


SIX_THEN_TWO = _seed_giving(6, after=2)
"""The first panic D6 shows 6; a second roll would show 2 (so a die rolled again would be seen)."""


async def _roll_a_stress_one(pilot) -> None:
    """Ripley Hale (1 stress) rolls typed faces whose stress die shows 1: a panic is owed."""
    await typed_roll(pilot, "c1", "ranged", "base=2,2,3,4 skill=5,3 stress=1")
    await pilot.pause()


def _stress(service) -> dict[str, int]:
    return {c.id: c.stress for c in service.campaign.roster}


def test_R_PANIC_1_esc_at_who_is_in_range_records_the_d6_rolled_and_c_again_rolls_nothing(builder_app):
    """The GM's report: ``c`` on a roll whose stress die showed 1 asked who is at short range (7 Nervous
    twitch); ``esc``; ``c`` again rolled a new panic. Now the 6 first rolled is recorded with nobody
    in range, and ``c`` again says the costs were already applied."""
    app = builder_app("yze-demo")
    service = app.service
    before = _stress(service)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _roll_a_stress_one(pilot)
            app.rng.seed(SIX_THEN_TWO)
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, MarkListScreen)
            seen["question"] = app.screen.title_text
            seen["ids"] = [cid for cid, _label in app.screen.choices]
            await pilot.press("escape")
            await pilot.pause()
            seen["applied"] = _message(app)
            await pilot.press("c")
            await pilot.pause()
            seen["screen"] = type(app.screen).__name__
            seen["again"] = _message(app)

    asyncio.run(run())
    assert seen["question"] == "Ripley Hale panics: 7 Nervous twitch. Who is at short range (stress +1)?"
    assert seen["ids"] == ["c4", "c6", "c9", "c11"]  # player characters only, not the one who panics
    costs = service.history.filtered(kind="costs")
    assert len(costs) == 1 and service.outcomes.pending_costs() == []
    rolls = costs[0]["panic"]["rolls"]
    assert [(r["face"], r["total"], r["effect"]) for r in rolls] == [(6, 7, "nervous-twitch")]
    assert costs[0]["panic"]["stress"] == []  # nobody else in range
    assert _stress(service) == {**before, "c1": 2}  # her own +1 (Nervous twitch), nobody else's
    assert "Applied: Ripley Hale panics: D6 6 + stress 1 = 7: Nervous twitch" in seen["applied"]
    assert seen["screen"] != "MarkListScreen"  # nothing asked, nothing rolled again
    assert "already applied" in seen["again"]


def test_R_PANIC_1_a_typed_d6_is_recorded_after_esc_and_esc_at_the_face_form_records_nothing(builder_app):
    """``A``: ``esc`` at the face form (nothing typed) leaves the costs waiting; a face typed is recorded
    whatever comes after — ``esc`` at who is in range records it with nobody else."""
    app = builder_app("yze-demo")
    service = app.service
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await _roll_a_stress_one(pilot)
            await pilot.press("A")
            await pilot.pause()
            assert isinstance(app.screen, ValueForm)
            await pilot.press("escape")
            await pilot.pause()
            seen["pending_after_form_esc"] = [i["roll_id"] for i in service.outcomes.pending_costs()]
            seen["costs_after_form_esc"] = service.history.filtered(kind="costs")
            await pilot.press("A")
            await pilot.pause()
            await submit_value(pilot, "6")
            assert isinstance(app.screen, MarkListScreen)
            seen["ids"] = [cid for cid, _label in app.screen.choices]
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("A")
            await pilot.pause()
            seen["screen"] = type(app.screen).__name__
            seen["again"] = _message(app)

    asyncio.run(run())
    assert len(seen["pending_after_form_esc"]) == 1 and seen["costs_after_form_esc"] == []
    assert seen["ids"] == ["c4", "c6", "c9", "c11"]
    costs = service.history.filtered(kind="costs")
    assert len(costs) == 1 and costs[0]["by_hand"] is True
    assert [(r["face"], r["total"]) for r in costs[0]["panic"]["rolls"]] == [(6, 7)]
    assert seen["screen"] != "ValueForm" and "already applied" in seen["again"]


def _select_row(app, entry_id: int) -> None:
    table = app.screen.query_one(DataTable)
    table.move_cursor(row=[str(table.get_row_at(i)[0]) for i in range(table.row_count)].index(str(entry_id)))


def test_R_PANIC_1_history_c_esc_at_who_hears_records_the_scream_with_no_chain(make_app):
    """Scream (12) makes every PC who hears roll a panic too (a chain): ``esc`` at who hears records
    Ripley's scream, the 6 first rolled, with nobody chained; ``c`` again says the costs were applied."""
    app = make_app("yze-demo")
    service = app.service
    service.trackers.change_stress("c1", 5)  # stress 6: a D6 of 6 is 12, Scream
    roll = service.rolls.roll("c1", "ranged", faces="base=2,2,3,4 skill=5,3 stress=1,2,2,2,2,2")
    before = _stress(service)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            _select_row(app, roll["id"])
            app.rng.seed(SIX_THEN_TWO)
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, MarkListScreen)
            seen["question"] = app.screen.title_text
            seen["ids"] = [cid for cid, _label in app.screen.choices]
            await pilot.press("escape")
            await pilot.pause()
            _select_row(app, roll["id"])
            await pilot.press("c")
            await pilot.pause()
            seen["screen"] = type(app.screen).__name__
            seen["again"] = str(app.screen.query_one("#hist-message").render())

    asyncio.run(run())
    assert seen["question"] == "Ripley Hale panics: 12 Scream. Who hears Ripley Hale (a panic roll each)?"
    assert seen["ids"] == ["c4", "c6", "c9", "c11"]
    costs = service.history.filtered(kind="costs")
    assert len(costs) == 1
    rolls = costs[0]["panic"]["rolls"]
    assert [(r["character_id"], r["face"], r["effect"]) for r in rolls] == [("c1", 6, "scream")]  # no chain
    assert _stress(service) == {**before, "c1": 5}  # Scream: she loses 1 stress; nobody else touched
    assert seen["screen"] == "HistoryScreen" and "already applied" in seen["again"]


def test_R_PANIC_1_tracker_p_lists_pcs_only_and_esc_records_the_d6_rolled(make_app):
    app = make_app("yze-demo")
    service = app.service
    service.trackers.change_stress("c1", 5)  # stress 6: a D6 of 6 is 12, Scream
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4")
            await pilot.pause()
            app.rng.seed(SIX_THEN_TWO)
            await pilot.press("p")
            await pilot.pause()
            assert isinstance(app.screen, MarkListScreen)
            seen["question"] = app.screen.title_text
            seen["ids"] = [cid for cid, _label in app.screen.choices]
            await pilot.press("escape")
            await pilot.pause()

    asyncio.run(run())
    assert seen["question"] == "Ripley Hale panics: 12 Scream. Who hears Ripley Hale (a panic roll each)?"
    assert seen["ids"] == ["c4", "c6", "c9", "c11"]  # never Hull rats or the Security officer
    panics = service.history.filtered(kind="panic")
    assert len(panics) == 1
    assert [(r["character_id"], r["face"], r["total"]) for r in panics[0]["panic"]["rolls"]] == [("c1", 6, 12)]


def test_R_PANIC_1_tracker_P_records_a_typed_face_after_esc_and_nothing_after_esc_at_the_form(make_app):
    app = make_app("yze-demo")
    service = app.service
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "P")
            await pilot.pause()
            assert isinstance(app.screen, ValueForm)
            await pilot.press("escape")
            await pilot.pause()
            seen["after_form_esc"] = service.history.filtered(kind="panic")
            await pilot.press("P")
            await pilot.pause()
            await submit_value(pilot, "6")  # Ripley, stress 1: 7 Nervous twitch
            assert isinstance(app.screen, MarkListScreen)
            seen["ids"] = [cid for cid, _label in app.screen.choices]
            await pilot.press("escape")
            await pilot.pause()

    asyncio.run(run())
    assert seen["after_form_esc"] == []
    assert seen["ids"] == ["c4", "c6", "c9", "c11"]
    panics = service.history.filtered(kind="panic")
    assert len(panics) == 1 and panics[0]["by_hand"] is True
    assert [(r["face"], r["total"]) for r in panics[0]["panic"]["rolls"]] == [(6, 7)]
    assert panics[0]["panic"]["stress"] == []


def test_R_PANIC_1_a_chain_reaches_the_pcs_marked_and_no_npc(make_app):
    """Scream with two PCs marked: each rolls a chained panic; the NPCs were never offered."""
    app = make_app("yze-demo")
    service = app.service
    service.trackers.change_stress("c1", 5)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4")
            await pilot.pause()
            app.rng.seed(SIX_THEN_TWO)
            await pilot.press("p")
            await pilot.pause()
            seen["labels"] = [label for _cid, label in app.screen.choices]
            await pilot.press("space", "down", "space", "ctrl+s")  # Dallas Kane and Parker Moss
            await pilot.pause()

    asyncio.run(run())
    assert not any("npc" in label or "Hull rats" in label for label in seen["labels"])
    rolls = service.history.filtered(kind="panic")[0]["panic"]["rolls"]
    assert [r["character_id"] for r in rolls] == ["c1", "c4", "c6"]
    assert rolls[0]["face"] == 6


def test_R_PANIC_1_with_no_other_pc_no_question_is_asked(make_app):
    """Only NPCs besides the one who panics: the spreading row reaches nobody, so nothing is asked and
    the roll is recorded at once (tracker ``p`` and the builder's ``c``)."""
    app = make_app("yze-demo")
    service = app.service
    for character_id in ("c4", "c6", "c9", "c11"):
        service.roster.remove_character(character_id)
    service.trackers.change_stress("c1", 5)  # stress 6: a D6 of 6 is 12, Scream
    roll = service.rolls.roll("c1", "ranged", faces="base=2,2,3,4 skill=5,3 stress=1,2,2,2,2,2")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4")
            await pilot.pause()
            app.rng.seed(SIX_THEN_TWO)
            await pilot.press("p")
            await pilot.pause()
            seen["tracker_screen"] = type(app.screen).__name__
            await pilot.press("3")
            await start_builder(pilot, "c1")
            app.rng.seed(SIX_THEN_TWO)
            await pilot.press("c")
            await pilot.pause()
            seen["builder_screen"] = type(app.screen).__name__

    asyncio.run(run())
    assert seen["tracker_screen"] == seen["builder_screen"] == "MainScreen"
    assert service.history.filtered(kind="panic")[0]["panic"]["rolls"][0]["total"] == 12
    costs = service.history.filtered(kind="costs")
    assert len(costs) == 1 and costs[0]["roll_id"] == roll["id"]


def test_R_PANIC_1_two_panics_owed_are_typed_in_one_form_and_esc_there_types_nothing(builder_app):
    """An opposed roll whose both sides' stress dice show 1 owes two panics: ``A`` asks both D6s in one
    form, so ``esc`` there types (and records) nothing, and a face once typed is never left behind by a
    second form; ``esc`` at who is in range then records both faces with nobody else in range."""
    from pilot_harness import set_field

    from gmconsole.ui.screens.value_form import PanicFacesForm

    app = builder_app("yze-demo")
    service = app.service
    service.rolls.opposed_roll("c1", "melee", defender_id="c6", defender_skill="melee", faces="base=6,3,3 stress=1",
                               defender_faces="base=3,3,3,3,3 skill=4,4 stress=1,4")
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await start_builder(pilot, "c1")
            await pilot.press("A")
            await pilot.pause()
            assert isinstance(app.screen, PanicFacesForm)
            seen["title"] = app.screen.form_title
            await pilot.press("escape")
            await pilot.pause()
            seen["after_esc"] = (service.history.filtered(kind="costs"), len(service.outcomes.pending_costs()))
            await pilot.press("A")
            await pilot.pause()
            set_field(app, "panic_face", "6")  # Ripley Hale, 1 stress: 7 Nervous twitch
            set_field(app, "defender_panic_face", "7")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen["refused"] = str(app.screen.query_one("#form-message").render())
            set_field(app, "defender_panic_face", "5")  # Parker Moss, 2 stress: 7 Nervous twitch
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, MarkListScreen)
            seen["question"] = app.screen.title_text
            seen["ids"] = [cid for cid, _label in app.screen.choices]
            await pilot.press("escape")
            await pilot.pause()

    asyncio.run(run())
    assert seen["title"] == "Ripley Hale, Parker Moss panic: the D6s rolled at the table"
    assert seen["after_esc"] == ([], 1)
    assert "Parker Moss' D6 must be from 1 to 6, not 7." in seen["refused"]
    assert seen["question"].startswith("Ripley Hale panics: 7 Nervous twitch.")
    assert "Parker Moss panics: 7 Nervous twitch." in seen["question"]
    assert seen["ids"] == PCS  # two panics: each may be near the other's; never an NPC
    costs = service.history.filtered(kind="costs")
    assert len(costs) == 1 and costs[0]["by_hand"] is True and service.outcomes.pending_costs() == []
    assert costs[0]["panic"]["rolls"][0]["face"] == 6 and costs[0]["defender_panic"]["rolls"][0]["face"] == 5
    assert costs[0]["panic"]["stress"] == [] and costs[0]["defender_panic"]["stress"] == []
