"""The tracker's panic box shows the newest panic in force, whichever way it was rolled: the tracker's
``p``, a roll's costs applied in the roll builder (``c``), the service's own panic roll (what the command
line's ``panic`` records, seen by the console as a change); and the highlighted character's own panic when
they have one (R-PANIC-1: a panic lasts until stress is back to 0)."""

from __future__ import annotations

from pilot_harness import burst, keys_for, pilot_test, shown_text

PARKER = "Parker Moss: D6 6 + stress 2 = 8: Tremble"
RIPLEY = "Ripley Hale: D6 6 + stress 3 = 9: Drop item"


async def _parker_then_ripley_panic(pilot, monkeypatch) -> None:
    """Parker Moss (stress 2) panics in the tracker (``p``, D6 6: 8 Tremble); then Ripley Hale (stress 3)
    rolls in the builder with a stress die showing 1 and ``c`` applies the panic it owes (D6 6: 9 Drop item)."""
    from gmconsole.campaign.commands import typed_values

    monkeypatch.setattr(typed_values, "roll_panic_die", lambda rng: 6)
    await burst(pilot, "4", "down", "down", "p", "up", "up", "plus", "plus")
    await burst(pilot, "3", "s", *keys_for("mob"), "enter", "f", *keys_for("b5432 s32 st111"), "enter", "c")


@pilot_test
async def test_R_PANIC_1_a_panic_applied_from_the_builder_replaces_an_older_one_in_the_box(make_app, monkeypatch):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await _parker_then_ripley_panic(pilot, monkeypatch)
        box = shown_text(app.screen, "#panic-result")
    assert app.service.character("Parker Moss").panic is not None  # Parker's panic is still in force
    assert box.startswith(RIPLEY), box
    assert PARKER not in box, box


@pilot_test
async def test_R_PANIC_1_the_highlighted_characters_own_panic_is_the_one_shown(make_app, monkeypatch):
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await _parker_then_ripley_panic(pilot, monkeypatch)
        await burst(pilot, "4", "down", "down")  # Parker Moss highlighted: his Tremble
        on_parker = shown_text(app.screen, "#panic-result")
        await burst(pilot, "down")  # Lambert Cho has no panic: the newest in force, Ripley's
        on_lambert = shown_text(app.screen, "#panic-result")
    assert on_parker.startswith(PARKER), on_parker
    assert on_lambert.startswith(RIPLEY), on_lambert


@pilot_test
async def test_R_PANIC_1_a_panic_recorded_outside_the_tracker_shows_in_the_box(make_app):
    """The command line's ``panic`` records through the same service call; the box follows the change."""
    app = make_app("yze-demo")
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "4")
        app.service.trackers.change_stress("c9", 3)
        app.service.trackers.panic_roll("c9", face=6)  # Lambert Cho: 6 + 3 = 9 Drop item
        await burst(pilot)
        box = shown_text(app.screen, "#panic-result")
        app.service.trackers.rest("c9")  # back to 0 stress: the panic ends, and the box with it
        await burst(pilot)
        after_rest = shown_text(app.screen, "#panic-result")
    assert box.startswith("Lambert Cho: D6 6 + stress 3 = 9: Drop item"), box
    assert after_rest == "", after_rest
