"""A console, read-only or writing, follows what a writer in another process changes (live changes).

The writer is a separate process, as the GM's own console or a command line would be: the doom pool
changed through the service, the next scene started with ``gmconsole session NAME scene``. The read-only
console must show each within a second, without a key pressed."""

import asyncio
import sys
import time

from pilot_harness import pilot_test

WRITER = """
import sys
from gmconsole.campaign.service import CampaignService
with CampaignService.open(sys.argv[1], sys.argv[2], wait=5) as service:
    service.trackers.change_doom(int(sys.argv[3]))
"""


def tracker_status(app) -> str:
    """The tracker's top line, as the GM reads it: "Doom 2 · session 1 scene 1 · ± Stress"."""
    return str(app.screen.query_one("#tracker-status").render())


async def run(*args: str) -> None:
    """Run ``python args`` to the end in another process without blocking the console's loop."""
    process = await asyncio.create_subprocess_exec(sys.executable, *args, stdout=asyncio.subprocess.PIPE,
                                                   stderr=asyncio.subprocess.PIPE)
    out, err = await process.communicate()
    assert process.returncode == 0, (out, err)


async def shown_within(pilot, app, wanted: str, deadline: float = 5.0) -> float:
    """Seconds until the tracker line holds ``wanted`` (pausing briefly between looks); fails after ``deadline``."""
    start = time.monotonic()
    while wanted not in tracker_status(app):
        assert time.monotonic() - start < deadline, f"still {tracker_status(app)!r}, wanted {wanted!r}"
        await pilot.pause(0.02)
    return time.monotonic() - start


@pilot_test
async def test_read_only_console_shows_a_writers_doom_and_scene(make_app, demo_root):
    app = make_app("yze-demo", read_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        doom = app.service.session.doom
        scene = app.service.session.scene
        assert f"Doom {doom} " in tracker_status(app)

        await run("-c", WRITER, str(demo_root), "yze-demo", "2")
        assert await shown_within(pilot, app, f"Doom {doom + 2} ") < 1.0

        await run("-m", "gmconsole", "--data-dir", str(demo_root), "session", "yze-demo", "scene")
        assert await shown_within(pilot, app, f"scene {scene + 1} ") < 1.0
        assert "read-only" in app.sub_title


@pilot_test
async def test_a_writing_console_follows_the_command_line_and_says_where_each_change_came_from(make_app, demo_root):
    from pilot_harness import status_text

    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await run("-m", "gmconsole", "--data-dir", str(demo_root), "roll", "yze", "--campaign", "yze-demo",
                  "--character", "Lambert Cho", "--skill", "medicine")
        start = time.monotonic()
        while "from the command line" not in status_text(app):
            assert time.monotonic() - start < 1.0, status_text(app)
            await pilot.pause(0.02)
        assert "Lambert Cho" in status_text(app) and "Medicine" in status_text(app)
        await pilot.press("ctrl+z")  # the campaign's last change was made elsewhere: asked first, naming it
        await pilot.pause()
        assert "made from the command line?" in str(app.screen.query_one("#confirm-question").render())
        await pilot.press("y")
        await pilot.pause()
        rolled = app.service.history.entries()[-1]
        assert rolled["kind"] == "roll" and rolled["source"] == "cli" and rolled["status"] == "undone"


@pilot_test
async def test_history_screen_of_a_read_only_console_shows_a_writers_stress(make_app, demo_root):
    from history_helpers import table_cells

    app = make_app("yze-demo", read_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        first = app.service.campaign.roster[0]
        writer = WRITER.replace("service.trackers.change_doom(int(sys.argv[3]))",
                                "service.trackers.change_stress(sys.argv[3], 1)")
        await run("-c", writer, str(demo_root), "yze-demo", first.id)

        start = time.monotonic()
        wanted = f"stress {first.stress} → {first.stress + 1} (+1)"
        while not any(wanted in " ".join(row) for row in table_cells(app)):
            assert time.monotonic() - start < 5.0, table_cells(app)[:3]
            await pilot.pause(0.02)
        assert time.monotonic() - start < 1.0


@pilot_test
async def test_a_torn_campaign_file_keeps_what_the_console_shows_and_says_why(make_app, demo_root):
    from pilot_harness import status_text

    app = make_app("yze-demo", read_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        doom = app.service.session.doom
        state = demo_root / "yze-demo" / "campaign.json"
        good = state.read_bytes()
        state.write_bytes(good[: len(good) // 2])  # a copy by hand, stopped half-way

        start = time.monotonic()
        while "could not be read" not in status_text(app):
            assert time.monotonic() - start < 5.0, status_text(app)
            await pilot.pause(0.02)
        assert f"Doom {doom} " in tracker_status(app)

        state.write_bytes(good)  # put right: the next change shows again
        await run("-c", WRITER, str(demo_root), "yze-demo", "1")
        await shown_within(pilot, app, f"Doom {doom + 1} ")


def test_a_writer_imports_watchfiles_only_after_its_first_frame(demo_root):
    """A read-only console follows the writers from the start; a writing console follows the others too,
    but pays watchfiles' import only once its first frame is up (docs/dependencies.md)."""
    import subprocess

    script = """
import asyncio, sys
from gmconsole.campaign.service import CampaignService
from gmconsole.ui.app import GMConsoleApp

async def main(read_only):
    seen = []
    with CampaignService.open(sys.argv[1], "yze-demo", read_only=read_only) as service:
        app = GMConsoleApp(service, on_first_paint=lambda: seen.append("watchfiles" in sys.modules))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.05)
    return seen + ["watchfiles" in sys.modules]

print(asyncio.run(main(sys.argv[2] == "read-only")))
"""
    seen = [subprocess.run([sys.executable, "-c", script, str(demo_root), mode], capture_output=True, text=True,
                           check=True, timeout=30).stdout.strip() for mode in ("writer", "read-only")]
    assert seen == ["[False, True]", "[True, True]"]


@pilot_test
async def test_a_redraw_that_fails_is_said_and_the_view_keeps_following(open_service, demo_root, caplog):
    """A redraw that raises never stops the follower without a word (the table view would freeze on
    the TV). The failure is logged (the console and the table view show gmconsole's log lines) and the
    next change is still followed."""
    from textual.app import App

    from gmconsole.ui.live_follow import follow_campaign

    service = open_service("yze-demo", read_only=True)
    redraws = []

    def redraw() -> None:
        redraws.append(service.session.doom)
        if len(redraws) == 1:
            raise RuntimeError("a widget could not draw this")

    class Follower(App):
        def on_mount(self) -> None:
            follow_campaign(self, service, on_change=redraw)

    async def redrawn(doom: int) -> None:
        start = time.monotonic()
        while not redraws or redraws[-1] != doom:
            assert time.monotonic() - start < 5, redraws
            await pilot.pause(0.02)

    async with Follower().run_test() as pilot:
        await pilot.pause(0.2)
        await run("-c", WRITER, str(demo_root), "yze-demo", "1")
        await redrawn(1)  # this redraw raised
        await run("-c", WRITER, str(demo_root), "yze-demo", "1")
        await redrawn(2)
    assert any("could not show the latest change" in r.getMessage() for r in caplog.records)


@pilot_test
async def test_the_history_says_which_changes_were_made_from_the_command_line(make_app, demo_root):
    from history_helpers import table_cells

    await run("-m", "gmconsole", "--data-dir", str(demo_root), "roll", "yze", "--campaign", "yze-demo",
              "--character", "Lambert Cho", "--skill", "medicine")
    app = make_app("yze-demo")
    async with app.run_test(size=(160, 40)) as pilot:
        ripley = app.service.campaign.find_character("Ripley Hale")
        app.service.trackers.change_stress(ripley.id, 1)  # a change of the console's own
        await pilot.press("h")
        await pilot.pause()
        rolled = next(row for row in table_cells(app) if "Lambert Cho" in " ".join(row))
        assert any(cell.startswith("[cli] Lambert Cho rolls Medicine") for cell in rolled), rolled
        own = next(row for row in table_cells(app) if "Ripley Hale" in " ".join(row))
        assert not any(cell.startswith("[") for cell in own), own
