"""Starting the console: which campaign opens, first run, a locked campaign, a damaged file.

``launch`` asks its questions through full-screen prompts (``_ask``); these tests answer them the
way a GM would by replacing ``_ask`` with an answer, and check what the launcher then does on disk
and which service it opens. The prompt screens themselves are driven with Pilot below.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from cli_checks import stuck_writer
from textual.app import App

import gmconsole.store.lock as lock_module
from gmconsole.campaign import library
from gmconsole.campaign.service import CampaignService
from gmconsole.ui import launch as launcher
from gmconsole.ui.app import GMConsoleApp
from gmconsole.ui.screens.demo_picker import DemoPickerScreen
from gmconsole.ui.screens.question import QuestionScreen


class _Host(App):
    """Pushes one screen and keeps what it dismissed with."""

    def __init__(self, screen) -> None:
        super().__init__()
        self.to_show = screen
        self.answer = "not answered"

    def on_mount(self) -> None:
        def keep(value) -> None:
            self.answer = value

        self.push_screen(self.to_show, callback=keep)


def test_named_campaign_is_opened_without_asking(demo_root, monkeypatch):
    monkeypatch.setattr(launcher, "_ask", lambda make: (_ for _ in ()).throw(AssertionError("asked")))
    assert launcher.choose_campaign(demo_root, "myz-demo") == "myz-demo"


def test_no_name_opens_the_last_campaign(demo_root, monkeypatch):
    library.remember_last(demo_root, "tiered-demo")
    monkeypatch.setattr(launcher, "_ask", lambda make: (_ for _ in ()).throw(AssertionError("asked")))
    assert launcher.choose_campaign(demo_root, None) == "tiered-demo"


def test_first_run_installs_the_demos_and_offers_them(tmp_path, monkeypatch):
    root = tmp_path / "fresh"
    root.mkdir()
    offered = {}

    def answer(make):
        screen = make()
        assert isinstance(screen, DemoPickerScreen) and screen.first_run
        offered["names"] = [c.name for c in screen.campaigns]
        return "yze-demo"

    monkeypatch.setattr(launcher, "_ask", answer)
    assert launcher.choose_campaign(root, None) == "yze-demo"
    assert {"myz-demo", "yze-demo"} <= set(offered["names"])
    assert {s.name for s in library.list_campaigns(root)} == set(offered["names"])


def test_demo_picker_enter_picks_the_highlighted_campaign(demo_root):
    host = _Host(DemoPickerScreen(library.list_campaigns(demo_root)))

    async def run() -> None:
        async with host.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("down", "enter")
            await pilot.pause()

    asyncio.run(run())
    assert host.answer == library.list_campaigns(demo_root)[1].name


def test_launch_remembers_the_campaign_and_releases_it(demo_root, monkeypatch):
    ran = []
    monkeypatch.setattr(GMConsoleApp, "run", lambda self: ran.append(self.service.campaign.name))
    assert launcher.launch(demo_root, "myz-demo") == 0
    assert ran == ["myz-demo"]
    assert library.last_campaign(demo_root) == "myz-demo"
    CampaignService.open(demo_root, "myz-demo").close()  # the lock was released


def test_a_campaign_another_console_has_open_opens_for_writing_too(demo_root, monkeypatch):
    monkeypatch.setattr(launcher, "_ask", lambda make: pytest.fail("nothing to ask"))
    with CampaignService.open(demo_root, "yze-demo", console=True, wait=None) as other:
        service, why = launcher._open_service(demo_root, "yze-demo", read_only=False)
        try:
            assert not service.read_only and why is None
            service.trackers.change_stress("c1", 1)
            other.trackers.change_stress("c1", 1)  # made on top of the first console's change
            assert other.character("c1").stress == service.character("c1").stress + 1
        finally:
            service.close()


def test_a_writer_stuck_in_a_change_is_offered_read_only(demo_root, monkeypatch):
    monkeypatch.setattr(lock_module, "DEFAULT_WAIT", 0.2)  # the console's wait for a change in progress
    holder = stuck_writer(demo_root / "yze-demo")
    holder.__enter__()
    asked = []

    def answer(make):
        screen = make()
        asked.append(screen.text)
        return True

    monkeypatch.setattr(launcher, "_ask", answer)
    try:
        service, why = launcher._open_service(demo_root, "yze-demo", read_only=False)
        try:
            assert service.read_only and why == launcher.IN_USE
            assert "in the middle of a change by another writer" in asked[0]
        finally:
            service.close()
    finally:
        holder.__exit__(None, None, None)


def test_a_stuck_writer_declined_opens_nothing(demo_root, monkeypatch):
    monkeypatch.setattr(lock_module, "DEFAULT_WAIT", 0.2)
    monkeypatch.setattr(launcher, "_ask", lambda make: False)
    with stuck_writer(demo_root / "yze-demo"):
        assert launcher._open_service(demo_root, "yze-demo", read_only=False) == (None, None)


def test_damaged_campaign_file_shows_the_message_and_restores_the_backup(demo_root, monkeypatch):
    with CampaignService.open(demo_root, "yze-demo") as service:
        service.trackers.change_stress("c1", 1)  # a save, so campaign.json has a backup
        stress = service.character("c1").stress
    (demo_root / "yze-demo" / "campaign.json").write_text("{ not json", encoding="utf-8")
    asked = []

    def answer(make):
        screen = make()
        asked.append((screen.title_text, screen.text))
        return True

    monkeypatch.setattr(launcher, "_ask", answer)
    service, _ = launcher._open_service(demo_root, "yze-demo", read_only=False)
    try:
        assert asked[0][0] == "Damaged file" and "campaign.json" in asked[0][1]
        assert service.character("c1").stress == stress - 1  # the backup is the version before the last save
    finally:
        service.close()
    json.loads((demo_root / "yze-demo" / "campaign.json").read_text(encoding="utf-8"))


def test_question_screen_y_and_n(demo_root):
    yes = _Host(QuestionScreen("Campaign in use", "It is open elsewhere.", "Open it read-only?"))
    no = _Host(QuestionScreen("Campaign in use", "It is open elsewhere.", "Open it read-only?"))

    async def run(host, key) -> None:
        async with host.run_test(size=(90, 20)) as pilot:
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()

    asyncio.run(run(yes, "y"))
    asyncio.run(run(no, "n"))
    assert yes.answer is True and no.answer is False


def test_opening_pauses_the_garbage_collector_until_the_main_screen_is_painted(demo_root, monkeypatch):
    """``gmconsole open`` pauses the cyclic collector for start-up (``startup_gc``) and the main
    screen's first refresh turns it back on; the console then runs with it on."""
    import gc

    from gmconsole.cli import main

    seen = {}

    def run(app) -> None:
        seen["building"] = gc.isenabled()

        async def drive() -> None:
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                seen["painted"] = gc.isenabled()

        asyncio.run(drive())

    monkeypatch.setattr(GMConsoleApp, "run", run)
    try:
        assert main(["--data-dir", str(demo_root), "open", "yze-demo"]) == 0
        assert seen == {"building": False, "painted": True}
        assert main(["--data-dir", str(demo_root), "open", "no-such-campaign"]) == 2
        assert gc.isenabled()  # a failed start never leaves it off
    finally:
        gc.unfreeze()  # start-up froze this test process's objects; give them back to the collector
        gc.enable()


def test_wrong_shaped_campaign_file_is_offered_its_backup_like_a_damaged_one(demo_root, monkeypatch):
    """``roster`` a string is a damaged file at ``open``, not a traceback."""
    with CampaignService.open(demo_root, "yze-demo") as service:
        service.trackers.change_stress("c1", 1)  # a save, so campaign.json has a backup
    path = demo_root / "yze-demo" / "campaign.json"
    tables = json.loads(path.read_text(encoding="utf-8"))
    tables["state"]["1"]["campaign"]["roster"] = "everyone"
    path.write_text(json.dumps(tables), encoding="utf-8")
    asked = []

    def answer(make):
        screen = make()
        asked.append((screen.title_text, screen.text))
        return True

    monkeypatch.setattr(launcher, "_ask", answer)
    service, _ = launcher._open_service(demo_root, "yze-demo", read_only=False)
    try:
        assert asked[0][0] == "Damaged file" and str(path) in asked[0][1] and "roster" in asked[0][1]
        assert service.character("c1").name
    finally:
        service.close()
    assert list(path.parent.glob("campaign.json.corrupt-*"))  # the wrong-shaped file is kept aside


def test_read_only_asked_for_says_so_not_another_console(demo_root, frozen_clock):
    """`gmconsole open NAME --read-only` with no other console running does not say "this campaign is
    open in another console": the status line says why it is read-only."""
    import asyncio

    from gmconsole.ui.app import GMConsoleApp

    service, why = launcher._open_service(demo_root, "yze-demo", read_only=True)
    assert why == launcher.ASKED_READ_ONLY
    app = GMConsoleApp(service, read_only_reason=why)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            seen["status"] = str(app.screen.query_one("#status-line").render())

    try:
        asyncio.run(run())
    finally:
        service.close()
    assert "Read-only: opened with --read-only" in seen["status"]
    assert "another console" not in seen["status"]


def test_the_key_bar_shows_s_only_when_there_is_a_second_offer(demo_root):
    """The damaged file's question offers "set aside (s)", so its key bar must show more than y and
    n. The bar shows ``s Set aside`` with a second offer, and nothing for ``s`` without."""
    from textual.widgets import Footer

    seen = {}

    async def run(name, screen) -> None:
        host = _Host(screen)
        async with host.run_test(size=(90, 20)) as pilot:
            await pilot.pause()
            footer = host.screen.query_one(Footer)
            seen[name] = " ".join(str(key.render()) for key in footer.query("FooterKey"))

    asyncio.run(run("two", QuestionScreen("Damaged file", "x", "Restore the backup?", also="Or set it aside")))
    asyncio.run(run("one", QuestionScreen("Campaign in use", "x", "Open it read-only?")))
    assert "Set aside" in seen["two"] and "Yes" in seen["two"]
    assert "Set aside" not in seen["one"] and "Yes" in seen["one"]


def test_a_refused_change_says_why_the_campaign_is_read_only(demo_root, frozen_clock):
    """With `--read-only` asked for, a refused change names the GM's own choice, not to reopen the
    campaign "once the other console has closed it"."""
    import asyncio

    from gmconsole.ui.app import GMConsoleApp

    service, why = launcher._open_service(demo_root, "yze-demo", read_only=True)
    app = GMConsoleApp(service, read_only_reason=why)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("S")  # a new session: refused read-only
            await pilot.pause()
            seen["status"] = str(app.screen.query_one("#status-line").render())

    try:
        asyncio.run(run())
    finally:
        service.close()
    assert "read-only (opened with --read-only)" in seen["status"] and "without --read-only" in seen["status"]
    assert "other console" not in seen["status"]


def test_a_refused_change_in_a_campaign_opened_read_only_after_a_stuck_writer_says_so(demo_root, frozen_clock):
    import pytest

    from gmconsole.campaign.service import CampaignService
    from gmconsole.store.errors import ReadOnly
    from gmconsole.ui.app import GMConsoleApp

    service = CampaignService.open(demo_root, "yze-demo", read_only=True)
    try:
        GMConsoleApp(service, read_only_reason=launcher.IN_USE)
        with pytest.raises(ReadOnly, match=r"stuck in the middle of a change.*open it again without --read-only"):
            service.sessions.new_scene()
    finally:
        service.close()
