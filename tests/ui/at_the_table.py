"""What a game master does at the table, as keys, and what they read on screen: the words of
``test_an_evening.py``.

Every action here is keys sent to the console (``pilot.press`` for a key at a time, the harness's
:func:`~pilot_harness.burst` for a run typed quickly); nothing calls the campaign service to act. The
readers give the text the GM reads (the status line, the roll builder's lines, a question's title, the
recap, the history screen's rows, the players' table view).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import io
import random
import threading

from pilot_harness import burst, keys_for, settle, shown_text, status_text
from rich.console import Console
from textual.widgets import DataTable

from gmconsole.campaign.commands.typed_values import roll_panic_die

# -- keys ------------------------------------------------------------------------------------------


async def press(pilot, *keys: str) -> None:
    """Press ``keys`` one after the other, then wait until the console has dealt with them."""
    await pilot.press(*keys)
    await settle(pilot)


async def type_quickly(pilot, text: str) -> None:
    """Type ``text`` as a GM types a line they know: a burst of keys."""
    await burst(pilot, *keys_for(text))


async def start_session(pilot, title: str) -> str:
    """``S``, the title, ``ctrl+s`` (the date is today's): returns the recap the console then shows of the
    session just ended (its note under it included); the recap stays open."""
    await press(pilot, "S")
    await type_quickly(pilot, title)
    await press(pilot, "ctrl+s")
    return recap_shown(pilot.app)


async def back(pilot) -> None:
    """``esc``: back to where the GM was (from the recap, the history, a question)."""
    await press(pilot, "escape")


async def new_scene(pilot) -> None:
    await press(pilot, "N")


def _row_of(table: DataTable, name: str) -> int:
    """The row naming ``name`` (its first cell reads ``Vanja · dog handler``, ``Hull rats ×6 (npc)``)."""
    labels = [str(table.get_row_at(row)[0]) for row in range(table.row_count)]
    return next(row for row, label in enumerate(labels) if label == name or label.startswith(name + " "))


async def highlight(pilot, pane: str, name: str) -> None:
    """Go to ``pane`` (``1`` roster, ``4`` tracker) and move the highlight to ``name`` with the arrows, as
    the GM does looking at where it is now."""
    await press(pilot, pane)
    table = pilot.app.screen.query_one("#roster-table" if pane == "1" else "#tracker-table", DataTable)
    steps = _row_of(table, name) - table.cursor_row
    if steps:
        await press(pilot, *(["down"] * steps if steps > 0 else ["up"] * -steps))


async def roll_skill(pilot, character: str, skill_typed: str) -> None:
    """``1``, the arrows to ``character``, ``3``, ``s``, part of the skill's name, ``enter``: the roll is
    built, not yet rolled."""
    await highlight(pilot, "1", character)
    await press(pilot, "3", "s")
    await type_quickly(pilot, skill_typed)
    await press(pilot, "enter")


async def roll_the_consoles_dice(pilot) -> None:
    await press(pilot, "r")


async def roll_typed_faces(pilot, faces: str) -> None:
    """``f``, the faces of the physical dice (``b6312 s45 st2``), ``enter``."""
    await press(pilot, "f")
    await type_quickly(pilot, faces)
    await press(pilot, "enter")


async def push_typed_faces(pilot, faces: str) -> None:
    """``P``, the new faces of the dice the push rerolled, ``enter``."""
    await press(pilot, "P")
    await type_quickly(pilot, faces)
    await press(pilot, "enter")


async def harm(pilot, pane: str, character: str, amount: str, *extra_keys: str) -> str:
    """Highlight ``character`` in ``pane`` (``1`` or ``4``), ``H``, the amount, (``extra_keys``,) ``enter``;
    returns the harm form's title as the GM read it."""
    await highlight(pilot, pane, character)
    await press(pilot, "H")
    title = shown_text(pilot.app.screen, "#form-title")
    await type_quickly(pilot, amount)
    await press(pilot, *extra_keys, "enter")
    return title


async def undo(pilot) -> None:
    await press(pilot, "ctrl+z")


# -- the dice on the table ---------------------------------------------------------------------------


def next_panic_dice_show(app, first: int, then: int) -> None:
    """The console's next panic D6 will show ``first``, and one rolled after it ``then`` (another face, so
    a die thrown away and rolled again would be seen): the table's dice, fixed for the evening's story."""
    def faces(seed: int) -> tuple[int, int]:
        dice = random.Random(seed)
        return roll_panic_die(dice), roll_panic_die(dice)

    app.rng.seed(next(seed for seed in range(10_000) if faces(seed) == (first, then)))


# -- what the GM reads -------------------------------------------------------------------------------


def told(app) -> str:
    """The status line, without its ``✓``: what the console said it did."""
    return status_text(app).removeprefix("✓ ")


def builder_says(app) -> dict[str, str]:
    """The roll builder's lines: ``head`` (the last roll), ``dice`` (as rolled, a line per kind), ``result``
    (verdict, costs, push line, what was applied), ``message`` (a refusal), ``warnings``, ``settings``."""
    builder = app.screen.query_one("#pane-roll")
    return {name: shown_text(builder, selector) for name, selector in (
        ("head", "#rb-result-head"), ("dice", "#rb-rolled"), ("result", "#rb-result"), ("message", "#rb-message"),
        ("warnings", "#rb-warnings"), ("settings", "#rb-settings"))}


def roster_row(app, name: str) -> dict[str, str]:
    """What the roster shows of ``name``, by column header (``Stress``, ``Dmg``...)."""
    table = app.screen.query_one("#roster-table", DataTable)
    headers = [str(column.label) for column in table.columns.values()]
    return dict(zip(headers, (str(cell) for cell in table.get_row_at(_row_of(table, name))), strict=True))


def dice_lines(app) -> list[list[str]]:
    """The builder's dice as rolled: one list per kind, its label's words then each face (``[6]``, ``[3*]``)."""
    return [line.split() for line in builder_says(app)["dice"].splitlines()]


def question(app) -> str:
    """The title of the question on top (who is in range, who fights), ``""`` when none is asked."""
    return getattr(app.screen, "title_text", "")


def recap_shown(app) -> str:
    """The recap on screen, then its note."""
    return shown_text(app.screen, "#recap-text") + "\n\n" + shown_text(app.screen, "#recap-message")


def section(recap: str, heading: str) -> list[str]:
    """The lines of the recap's ``## heading`` section (up to the next heading)."""
    lines = recap.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0].splitlines()
    return [line for line in lines if line.strip()]


def history_rows(app) -> list[dict]:
    """The history screen's rows, newest first: id, session, kind, who, status, and whether it is struck."""
    table = app.screen.query_one("#hist-table", DataTable)
    rows = []
    for index in range(table.row_count):
        cells = table.get_row_at(index)
        rows.append({"id": int(str(cells[0])), "session": int(str(cells[1])), "kind": str(cells[3]),
                     "who": str(cells[4]), "status": str(cells[-1]),
                     "struck": all(cell.style and cell.style.strike for cell in cells)})
    return rows


# -- the players' table view -------------------------------------------------------------------------


def _drawn(widget) -> str:
    """A table-view widget's text, drawn at its width, as the players read it."""
    console = Console(width=max(widget.size.width, 40), file=io.StringIO(), record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()


async def players_table_view(reader, size: tuple[int, int]) -> dict[str, str]:
    """What the players' table view (``gmconsole table``) shows of the campaign ``reader`` has open read-only,
    at ``size``, while the GM's console stays open: ``session``, ``turns``, ``rolls``, ``party``.

    The view is another app with its own event loop, as it is another process at the table: it runs
    in a thread of its own while this one waits."""
    from gmconsole.ui.table import TableApp

    seen: concurrent.futures.Future = concurrent.futures.Future()

    async def look() -> dict[str, str]:
        app = TableApp(reader)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return {name: _drawn(app.query_one(f"#table-{part}")) for name, part in (
                ("session", "session"), ("turns", "turns"), ("rolls", "last-rolls"), ("party", "party"))}

    def run() -> None:
        try:
            seen.set_result(asyncio.run(look()))
        except BaseException as exc:  # the test reads it
            seen.set_exception(exc)

    threading.Thread(target=run, name="table-view").start()
    return await asyncio.wrap_future(seen)


def party_numbers(party: str, name: str) -> list[str]:
    """The numbers the table view's party shows beside ``name`` (stress, willpower, damage... in order)."""
    line = next(line for line in party.splitlines() if line.startswith(name))
    return [word for word in line[len(name):].split() if word.isdigit()]
