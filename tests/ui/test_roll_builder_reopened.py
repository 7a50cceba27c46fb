"""A campaign opened again goes on where it was left: the session's last roll is in the roll builder, so the
GM can push it (or push it again once its push is undone) as if the console had stayed open."""

from __future__ import annotations

import asyncio

from pilot_harness import builder_text


def test_the_last_roll_made_before_the_campaign_was_opened_can_be_pushed(make_app):
    app = make_app("yze-demo")
    service = app.service
    roll = service.rolls.roll("c1", "observation", faces="base=2,3,4,5 skill=3,4 stress=2")
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            seen["shown"] = builder_text(app)
            await pilot.press("3", "p")
            await pilot.pause()

    asyncio.run(run())
    assert "FAILURE: 0 successes" in seen["shown"] and "p: push" in seen["shown"], seen["shown"]
    pushes = service.history.filtered(kind="push")
    assert [p["roll_id"] for p in pushes] == [roll["id"]]


def test_a_push_undone_after_opening_the_campaign_again_can_be_pushed_again(make_app):
    app = make_app("yze-demo")
    service = app.service
    roll = service.rolls.roll("c1", "observation", faces="base=2,3,4,5 skill=3,4 stress=2")
    service.rolls.push()
    seen: dict = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+z")
            await pilot.pause()
            await pilot.press("3", "p")
            await pilot.pause()
            seen["said"] = builder_text(app)

    asyncio.run(run())
    pushes = [p for p in service.history.filtered(kind="push") if p.get("status", "done") == "done"]
    assert [p["roll_id"] for p in pushes] == [roll["id"]], seen["said"]
