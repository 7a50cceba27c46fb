"""Snapshots of the statistics screen on the yze demo after a seeded session: the console's
dice from a fixed ``random.Random``, some pushes, a roll typed by hand and eight typed all 6s (a suspect
base D6), at 120x40 and 80x24. Review ``snapshot_report.html`` before ``--snapshot-update``."""

from __future__ import annotations

import pytest
from stats_helpers import seeded_session
from test_statistics_screen import counted


async def _opened(pilot) -> None:
    await pilot.press("I")
    await counted(pilot)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_statistics_screen_after_a_seeded_session(snap_compare, make_app, size):
    app = make_app("yze-demo", seed=15)
    seeded_session(app.service, rolls=12, sixes=8)
    assert snap_compare(app, terminal_size=size, run_before=_opened)


def test_statistics_screen_scrolled_to_the_plots_120x40(snap_compare, make_app):
    app = make_app("yze-demo", seed=15)
    seeded_session(app.service, rolls=12, sixes=8)

    async def scrolled(pilot) -> None:
        await _opened(pilot)
        await pilot.press("end")
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=scrolled)
