"""A hard link at a campaign folder's ``lock`` or ``closed-cleanly`` is never written through.

Both files are written at every open or close for changes. ``O_NOFOLLOW`` keeps a symbolic link out, but a
hard link is the victim file itself under a second name: writing the lock's holder note or the clean-close
marker into it replaced the victim's contents. Now a lock with more than one name is refused, naming it
and what to do (the campaign still opens read-only), and the marker is replaced whole by a new file, so the
other name keeps its text. Both through ``gmconsole``'s own ``main``, as a script records a roll.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from cli_checks import refused

ROLL = ("roll", "yze", "--campaign", "yze-demo", "--character", "c1", "--skill", "ranged", "--seed", "1")
VICTIM_TEXT = "the GM's own notes, kept outside the campaign\n"


def _files(top: Path) -> dict[str, str]:
    return {str(p.relative_to(top)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(top.rglob("*")) if p.is_file()}


def _victim_at(campaign: Path, name: str, tmp_path: Path) -> Path:
    victim = tmp_path / "victim.txt"
    victim.write_text(VICTIM_TEXT, encoding="utf-8")
    (campaign / name).unlink(missing_ok=True)
    os.link(victim, campaign / name)
    return victim


def test_a_lock_that_is_a_hard_link_is_refused_naming_it_and_nothing_changes(demo_gm, tmp_path):
    campaign = tmp_path / "yze-demo"
    victim = _victim_at(campaign, "lock", tmp_path)
    before = _files(tmp_path)
    line = refused(demo_gm(*ROLL), "yze-demo", str(campaign / "lock"), "hard link", "delete", "read-only")
    assert "unexpected" not in line
    assert _files(tmp_path) == before
    assert victim.read_text(encoding="utf-8") == VICTIM_TEXT
    looked = demo_gm("history", "yze-demo")  # reading needs no lock: the read-only way out works
    assert looked.returncode == 0, looked.stderr


def test_deleting_the_linked_lock_as_told_lets_the_roll_through(demo_gm, tmp_path):
    campaign = tmp_path / "yze-demo"
    victim = _victim_at(campaign, "lock", tmp_path)
    refused(demo_gm(*ROLL), "hard link")
    (campaign / "lock").unlink()
    done = demo_gm(*ROLL)
    assert done.returncode == 0, done.stderr
    assert victim.read_text(encoding="utf-8") == VICTIM_TEXT
    assert os.stat(campaign / "lock").st_nlink == 1


def test_a_clean_close_marker_that_is_a_hard_link_is_replaced_not_written_through(demo_gm, tmp_path):
    campaign = tmp_path / "yze-demo"
    victim = _victim_at(campaign, "closed-cleanly", tmp_path)
    done = demo_gm(*ROLL)
    assert done.returncode == 0, done.stderr
    assert victim.read_text(encoding="utf-8") == VICTIM_TEXT
    marker = campaign / "closed-cleanly"
    assert os.stat(marker).st_nlink == 1 and not os.path.samefile(marker, victim)
    assert '"newest"' in marker.read_text(encoding="utf-8")
    assert not [p.name for p in campaign.iterdir() if p.name.endswith(".tmp")]


def test_a_marker_linked_to_a_file_the_closing_writer_did_not_change(demo_gm, tmp_path):
    """A writer that opens and closes without a change (a refused roll) leaves the marker too."""
    campaign = tmp_path / "yze-demo"
    victim = _victim_at(campaign, "closed-cleanly", tmp_path)
    refused(demo_gm("roll", "yze", "--campaign", "yze-demo", "--character", "nobody", "--skill", "ranged"), "nobody")
    assert victim.read_text(encoding="utf-8") == VICTIM_TEXT


def test_the_console_offers_read_only_for_a_linked_lock_and_a_refused_change_says_what_to_do(
        tmp_path, copy_demos, monkeypatch):
    """The console's launcher makes the read-only offer (the GM answers yes), nothing is written through
    the link, and a change tried then says why it is refused and to delete the lock file."""
    import asyncio

    from gmconsole.ui import launch as launcher
    from gmconsole.ui.app import GMConsoleApp

    root = copy_demos(tmp_path / "data")
    victim = _victim_at(root / "yze-demo", "lock", tmp_path)
    asked = []

    def answer(make):
        screen = make()
        asked.append((screen.title_text, screen.text, screen.offer))
        return True

    monkeypatch.setattr(launcher, "_ask", answer)
    before = _files(tmp_path)
    service, why = launcher._open_service(root, "yze-demo", read_only=False)
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
    title, text, offer = asked[0]
    assert title == "Campaign not writable" and "hard link" in text and offer == "Open it read-only?"
    assert "hard link" in seen["status"] and "delete its lock file" in seen["status"]
    assert _files(tmp_path) == before and victim.read_text(encoding="utf-8") == VICTIM_TEXT
