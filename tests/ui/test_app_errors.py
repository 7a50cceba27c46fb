"""Nothing a GM types or a disk does crashes the console: refusals are shown inline, state is kept.

- Forms refuse bad input with a message in the form, and the campaign does not change.
- A save that fails (the store's write raises ``WriteFailed``) is shown in the status line and the
  campaign in memory stays as it was.
- A read-only campaign refuses every change with a message.
"""

from __future__ import annotations

import asyncio
import errno

from pilot_harness import form_message, status_text, type_into
from textual.widgets import Input

from gmconsole.store.errors import WriteFailed
from gmconsole.store.storage import AtomicJSONStorage
from gmconsole.ui.screens.character_form import CharacterForm
from gmconsole.ui.screens.clock_form import ClockForm
from gmconsole.ui.screens.gear_form import GearForm, GearScreen
from gmconsole.ui.screens.main import MainScreen


def test_character_form_refuses_bad_input_inline_and_changes_nothing(make_app):
    app = make_app("yze-demo")
    before = app.service.campaign.to_dict()
    seen = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("1", "a")
            await pilot.pause()
            assert isinstance(app.screen, CharacterForm)
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen.append(form_message(app))
            await type_into(pilot, "name", "Vasquez")
            await type_into(pilot, "attr-strength", "lots")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen.append(form_message(app))
            await type_into(pilot, "attr-strength", "9")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen.append(form_message(app))
            await type_into(pilot, "attr-strength", "4")
            await type_into(pilot, "skills", "ranged=two")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen.append(form_message(app))
            assert isinstance(app.screen, CharacterForm)
            await pilot.press("escape", "y")  # what was typed is discarded when asked
            await pilot.pause()
            assert isinstance(app.screen, MainScreen)

    asyncio.run(run())
    assert seen[0] == "Name: a character needs a name."
    assert "Strength must be a number or current/max" in seen[1]
    assert "from 1 to 6" in seen[2]  # the service's own validation, shown in the form
    assert "name=number" in seen[3]
    assert app.service.campaign.to_dict() == before
    assert app.service.history.filtered() == []


def test_character_form_adds_a_valid_character(make_app):
    app = make_app("yze-demo")
    count = len(app.service.campaign.roster)

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("1", "a")
            await pilot.pause()
            await type_into(pilot, "name", "Vasquez")
            for attribute, value in (("strength", "5"), ("agility", "4"), ("wits", "2"), ("empathy", "2")):
                await type_into(pilot, f"attr-{attribute}", value)
            await type_into(pilot, "skills", "ranged=3 melee=2")
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, MainScreen)

    asyncio.run(run())
    roster = app.service.campaign.roster
    assert len(roster) == count + 1
    vasquez = roster[-1]
    assert vasquez.name == "Vasquez" and vasquez.skills == {"ranged": 3, "melee": 2}
    assert vasquez.attributes["strength"].max == 5


def test_gear_form_refuses_a_bonus_above_its_maximum(make_app):
    app = make_app("myz-demo")
    gear_before = [g.to_dict() for g in app.service.character("c1").gear]
    seen = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("1", "g")
            await pilot.pause()
            assert isinstance(app.screen, GearScreen)
            await pilot.press("a")
            await pilot.pause()
            assert isinstance(app.screen, GearForm)
            await type_into(pilot, "name", "Scrap rifle")
            await type_into(pilot, "bonus", "3")
            await type_into(pilot, "max_bonus", "2")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen.append(form_message(app))
            await type_into(pilot, "artifact_die", "7")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen.append(form_message(app))
            await pilot.press("escape", "escape")
            await pilot.pause()

    asyncio.run(run())
    assert "bonus must be from 0 to its maximum 2" in seen[0]
    assert "Artifact die must be blank, 8, 10 or 12" in seen[1]
    assert [g.to_dict() for g in app.service.character("c1").gear] == gear_before


def test_clock_form_refuses_five_segments(make_app):
    app = make_app("yze-demo")
    seen = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4", "k")
            await pilot.pause()
            assert isinstance(app.screen, ClockForm)
            await type_into(pilot, "name", "Hive wakes")
            await type_into(pilot, "segments", "5")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen.append(form_message(app))
            await type_into(pilot, "segments", "6")
            await pilot.press("ctrl+s")
            await pilot.pause()

    asyncio.run(run())
    assert seen == ["Segments must be 4, 6 or 8, not 5."]
    assert [(k.name, k.segments) for k in app.service.session.clocks] == [("Hive wakes", 6)]


def test_failed_save_is_shown_and_the_state_is_kept(make_app, monkeypatch):
    app = make_app("yze-demo")
    before = app.service.campaign.to_dict()

    def full_disk(self, data):
        raise WriteFailed(self.path, OSError(errno.ENOSPC, "No space left on device"))

    seen = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            monkeypatch.setattr(AtomicJSONStorage, "write", full_disk)
            await pilot.press("4", "plus")
            await pilot.pause()
            seen.append(status_text(app))
            seen.append(str(app.screen.query_one("#tracker-table").get_cell("c1", "stress")))
            await pilot.press("o")
            await pilot.pause()
            seen.append(status_text(app))
            assert isinstance(app.screen, MainScreen)

    asyncio.run(run())
    assert "Could not save" in seen[0] and "No space left on device" in seen[0]
    assert seen[1].startswith(str(before["roster"][0]["stress"]))
    assert "Could not save" in seen[2]
    assert app.service.campaign.to_dict() == before


def test_read_only_campaign_refuses_changes_with_a_message(make_app):
    app = make_app("yze-demo", read_only=True)
    before = app.service.campaign.to_dict()
    seen = []

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            seen.append(status_text(app))
            await pilot.press("4", "plus")
            await pilot.pause()
            seen.append(status_text(app))
            await pilot.press("2", "s")
            await pilot.pause()
            await pilot.press("ctrl+s", "ctrl+s")
            await pilot.pause()
            seen.append(form_message(app))  # the draw form keeps the refusal inline and stays open
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("ctrl+z")
            await pilot.pause()
            seen.append(status_text(app))
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            title_line.append(str(app.screen.query_one("#pane-tabs").render()))

    title_line: list[str] = []
    asyncio.run(run())
    assert "Read-only" in seen[0]
    for message in seen[1:]:
        assert "open read-only" in message
    assert app.service.campaign.to_dict() == before
    assert "read-only" in app.sub_title
    assert "read-only" in title_line[0]  # long after the first message, and on a narrow terminal


def test_the_new_character_form_suggests_skills_of_the_campaign_s_own_system(make_app):
    """The tiered form never suggests Year Zero's ``ranged=2 mobility=1``. The example
    names skills this campaign rolls (myz: its own table), and a generic pair where skills are free."""

    seen = {}
    for demo in ("myz-demo", "tiered-demo"):
        app = make_app(demo)

        async def run(app, demo: str) -> None:
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.press("1", "a")
                await pilot.pause()
                assert isinstance(app.screen, CharacterForm)
                seen[demo] = app.screen.query_one("#f-skills", Input).placeholder

        asyncio.run(run(app, demo))
    assert seen["myz-demo"] == "endure=2 force=1"
    assert "ranged" not in seen["tiered-demo"] and "mobility" not in seen["tiered-demo"]


def test_gear_skills_typed_by_their_zh_hant_names_are_kept_as_ids_and_an_unknown_one_is_refused(make_app):
    """射擊 typed in the gear form's skills is taken as the skill, never dropped without a word (`skills: []`)."""
    from gmconsole.i18n import set_language

    seen = []

    async def run(app) -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("1", "g")
            await pilot.pause()
            await pilot.press("a")
            await pilot.pause()
            assert isinstance(app.screen, GearForm)
            await type_into(pilot, "name", "Rifle")
            await type_into(pilot, "bonus", "2")
            await type_into(pilot, "skills", "射擊, 不存在")
            await pilot.press("ctrl+s")
            await pilot.pause()
            seen.append(form_message(app))
            await type_into(pilot, "skills", "射擊")
            await pilot.press("ctrl+s")
            await pilot.pause()

    set_language("zh-Hant")
    try:
        app = make_app("yze-demo")
        asyncio.run(run(app))
    finally:
        set_language("en")
    assert "不存在" in seen[0]  # refused, naming what was typed
    rifle = next(g for g in app.service.character("c1").gear if g.name == "Rifle")
    assert rifle.skills == ["ranged"]
