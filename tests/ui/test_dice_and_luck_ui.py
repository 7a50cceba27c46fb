"""Dice and luck in the console: the history's recap (``r``) and Markdown export (``m``) end with the "Dice and
luck" tables, the same figures ``gmconsole stats`` gives for the session."""

from __future__ import annotations

import asyncio

from gmconsole.campaign.stats_markdown import luck_text, rate_text


def _row(figures: dict) -> str:
    return (f"| {figures['rolls']} | {figures['observed_successes']} | {figures['expected_successes']:.2f} | "
            f"{rate_text(figures['success_rate'])} | {rate_text(figures['expected_success_rate'])} | "
            f"{luck_text(figures['luck'])} |")


def test_the_recap_and_the_markdown_export_have_the_dice_and_luck(make_app, demo_root):
    app = make_app("myz-demo")
    app.service.rolls.roll("c1", None, attribute="strength", faces="base=6,1,3")
    app.service.rolls.roll("Vanja", None, attribute="agility")
    figures = app.service.history.statistics(session=1)
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            await pilot.press("m")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            seen["recap"] = app.screen.markdown

    asyncio.run(run())
    exported = (demo_root / "exports" / "myz-demo-session-1.md").read_text(encoding="utf-8")
    for markdown in (seen["recap"], exported):
        assert "## Dice and luck" in markdown
        for who, row in figures["by_character"].items():
            assert f"| {who} {_row(row)}" in markdown
        assert f"| **all** {_row(figures)}" in markdown
        assert "| base | d6 | 3 | 1 0 1 0 0 1 |" in markdown  # the faces typed by hand, and only those
    assert figures["rolls"] == 2
