"""The roster's ``i``: import Foundry VTT actors as the GM does it — type the path, read the preview (the
same plan as ``gmconsole import --dry-run``), ``ctrl+s`` or ``y`` imports in one step ``ctrl+z`` takes back,
``escape`` writes nothing, a file that cannot be imported is refused under the path."""

from __future__ import annotations

from pathlib import Path

from pilot_harness import joined_text, play, press, static_text, status_text

from gmconsole.ui.screens.import_preview import ImportPreview, TypeActorFiles

FIXTURES = Path(__file__).parent.parent / "fixtures" / "foundry"


async def _type_path(pilot, text: str) -> None:
    await press(pilot, "1", "i")
    assert isinstance(pilot.app.screen, TypeActorFiles)
    pilot.app.focused.value = text
    await press(pilot, "enter")


def test_i_previews_then_ctrl_s_imports_and_ctrl_z_takes_it_back(make_app):
    app = make_app("yze-demo")
    before = [c.name for c in app.service.campaign.roster]

    async def steps(pilot, seen):
        await _type_path(pilot, f"{FIXTURES / 'alien-v10.json'} {FIXTURES / 'fbl-v9.json'}")
        assert isinstance(app.screen, ImportPreview)
        seen["preview"] = joined_text(app.screen, "Static")
        seen["before_key"] = [c.name for c in app.service.campaign.roster]
        await press(pilot, "ctrl+s")
        seen["status"] = status_text(app)
        seen["after"] = [c.name for c in app.service.campaign.roster]
        await press(pilot, "ctrl+z")
        seen["undone"] = [c.name for c in app.service.campaign.roster]

    seen = play(app, steps)
    assert "add Vera Okonkwo-Lindqvist (alien-v10.json)" in seen["preview"]
    assert "new skill of the campaign: Heavy Machinery (strength)" in seen["preview"]
    assert "skipped items[2]: Vera Okonkwo-Lindqvist: Cool-Headed is a talent" in seen["preview"]
    assert seen["before_key"] == before  # the preview writes nothing
    assert seen["after"] == before + ["Vera Okonkwo-Lindqvist", "Orn Hallowfen"]
    assert "imported from alien-v10.json, fbl-v9.json: 2 added" in seen["status"]
    assert seen["undone"] == before and app.service.campaign.skills is None


def test_y_imports_escape_writes_nothing(make_app):
    app = make_app("yze-step-demo")
    count = len(app.service.campaign.roster)

    async def steps(pilot, seen):
        await _type_path(pilot, str(FIXTURES / "t2k-v10.json"))
        await press(pilot, "escape")
        seen["after_escape"] = len(app.service.campaign.roster)
        await _type_path(pilot, str(FIXTURES / "t2k-v10.json"))
        await press(pilot, "y")

    seen = play(app, steps)
    assert seen["after_escape"] == count
    mira = app.service.campaign.roster[-1]
    assert mira.name == "Mira Kowal" and mira.attributes["strength"].max == 10 and mira.skills["observation"] == 12


def test_a_file_of_another_system_is_refused_under_the_path(make_app):
    app = make_app("myz-demo")
    count = len(app.service.campaign.roster)

    async def steps(pilot, seen):
        await _type_path(pilot, str(FIXTURES / "alien-v10.json"))
        seen["screen"] = app.screen
        seen["error"] = static_text(app.screen, "#faces-error")

    seen = play(app, steps)
    assert isinstance(seen["screen"], TypeActorFiles)
    assert "alien-v10.json holds a character of Alien RPG, which imports into yze campaigns" in seen["error"]
    assert "myz" in seen["error"] and len(app.service.campaign.roster) == count


def test_a_long_preview_scrolls_at_80x24_and_its_keys_stay_in_view(make_app):
    app = make_app("yze-demo")
    files = " ".join(str(FIXTURES / f) for f in ("alien-v10.json", "alien-v9.json", "fbl-v10.json", "fbl-v9.json",
                                                  "vaesen-v10.json"))

    async def steps(pilot, seen):
        await _type_path(pilot, files)
        hint = app.screen.query_one(".hint")
        seen["hint_bottom"] = hint.region.bottom
        lines = app.screen.query_one("#import-lines")
        seen["before"] = lines.scroll_y
        await press(pilot, "end")
        seen["after"] = lines.scroll_y

    seen = play(app, steps, size=(80, 24))
    assert 0 < seen["hint_bottom"] <= 23
    assert seen["before"] == 0 and seen["after"] > 0


def test_a_read_only_console_says_why_it_cannot_import(make_app):
    app = make_app("yze-demo", read_only=True)

    async def steps(pilot, seen):
        await press(pilot, "1", "i")
        seen["screen"] = type(app.screen).__name__
        seen["status"] = status_text(app)

    seen = play(app, steps)
    assert seen["screen"] != "TypeActorFiles"
    assert "read-only" in seen["status"].casefold() or "read only" in seen["status"].casefold()
