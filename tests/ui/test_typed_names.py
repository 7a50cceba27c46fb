"""Names a GM types may hold square brackets; every screen that shows them draws them as typed.

Textual and Rich read ``[...]`` in plain strings as markup: ``Ann [bold]`` would lose its tag and
``Bob [/x]`` would stop the app with a MarkupError. These walk the screens that show names (the
pickers, the initiative draw form, gear, the character form, history, an undo note) with such names.
"""

from __future__ import annotations

import asyncio

from textual.widgets import Input

from gmconsole.ui.screens.draw_options_form import DrawOptionsForm
from gmconsole.ui.screens.main import MainScreen
from gmconsole.ui.screens.pickers import MarkListScreen

BOB, ANN = "Bob [/x]", "Ann [bold] of the Rim"


def _drawn(widget) -> str:
    """Everything a widget and its children draw, as text."""
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height)) + "\n" + "\n".join(
        _drawn(child) for child in widget.children)


def test_bracketed_names_survive_every_screen_that_shows_names(make_app):
    app = make_app("yze-demo")
    app.service.roster.update_character("c1", {"name": BOB})
    app.service.roster.update_character("c4", {"name": ANN})
    seen = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("2", "s")  # who fights? (a picker)
            await pilot.pause()
            seen["picker"] = isinstance(app.screen, MarkListScreen) and _drawn(app.screen)
            await pilot.press("a", "ctrl+s")  # everyone; cards mode asks speed and keep-best-of
            await pilot.pause()
            seen["draw form"] = isinstance(app.screen, DrawOptionsForm) and _drawn(app.screen)
            seen["hints"] = [field.placeholder for field in app.screen.query(Input)]
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("1", "g")  # Bob's gear
            await pilot.pause()
            seen["gear"] = _drawn(app.screen)
            await pilot.press("escape", "e")  # Bob's sheet
            await pilot.pause()
            seen["character form"] = _drawn(app.screen)
            await pilot.press("escape", "4", "plus", "ctrl+z")  # a change to Bob, then its undo note
            await pilot.pause()
            seen["main"] = isinstance(app.screen, MainScreen)
            await pilot.press("h")
            await pilot.pause()
            seen["history"] = _drawn(app.screen)

    asyncio.run(run())
    assert BOB in seen["picker"] and ANN in seen["picker"]
    assert BOB in seen["draw form"] and "Ann [bold] …" in seen["draw form"]  # a long name: cut, never silently
    assert f"{ANN}: 1-4" in seen["hints"]  # and whole in its field's hint
    assert BOB in seen["gear"] and BOB in seen["character form"]
    assert seen["main"] and BOB in seen["history"]
    assert app.service.character("c1").stress == 1  # +1 then undone: the demo's 1 again


def test_names_with_brackets_are_shown_as_typed_never_read_as_markup(make_app):
    """A GM may type ``[`` in a name, a clock or an item: tables draw it as typed. Read as Rich
    markup, ``Ash [android]`` lost its tag and ``Bob [/x]`` stopped the roster from drawing."""
    app = make_app("yze-demo")
    service = app.service
    service.roster.update_character("c1", {"name": "Ash [android]"})
    service.roster.update_character("c4", {"name": "Bob [/x]"})
    service.trackers.add_clock("[red]Hive[/red]", 4)
    shown = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            for table_id in ("roster-table", "tracker-table", "clock-table"):
                shown[table_id] = _drawn(app.screen.query_one(f"#{table_id}"))

    asyncio.run(run())
    for table_id in ("roster-table", "tracker-table"):
        assert "Ash [android]" in shown[table_id] and "Bob [/x]" in shown[table_id]
    assert "[red]Hive[/red]" in shown["clock-table"]
