"""Snapshots of the roll builder's main states on the `myz` and `yze` demos (and one at 80×24).

Deterministic: the demo campaigns come from ``tmp_path`` with a frozen clock, the console's dice are
a seeded ``random.Random``, faces are typed where a state needs exact dice, and cursors do not blink.
The builder is mounted alone (with the footer showing its keys) so these pictures change only when
the builder does.
"""

from __future__ import annotations

import random

import pytest
from pilot_harness import fill_focused
from textual.widgets import Footer

from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.roll_builder import RollBuilder

SEED = 20260314


class BuilderApp(ConsoleApp):
    """Only the roll builder, with the app attributes it reads (``service``, ``rng``)."""

    def __init__(self, service, rng: random.Random, character_id: str | None) -> None:
        super().__init__()
        self.service = service
        self.rng = rng
        self.character_id = character_id
        self.animation_level = "none"

    def compose(self):
        yield RollBuilder()
        yield Footer()

    def on_mount(self) -> None:
        builder = self.query_one(RollBuilder)
        if self.character_id:
            builder.select_character(self.character_id)
        builder.focus()


def _steps(skill: str, *, gear: bool = False, roll: str | None = None, push: str | None = None, extra=()):
    """A ``run_before`` that picks ``skill`` by typing, maybe gear, then rolls / pushes with typed faces."""

    async def run_before(pilot) -> None:
        await pilot.press("s", *skill, "enter")
        if gear:
            await pilot.press("g")
        if roll is not None:
            await pilot.press("f")
            await fill_focused(pilot, roll)
        if push is not None:
            await pilot.press("P")
            await fill_focused(pilot, push)
        if extra:
            await pilot.press(*extra)
        await pilot.pause()

    return run_before


CASES = {
    # name: (campaign, character, run_before)
    "myz_empty": ("myz-demo", None, None),
    "myz_pool": ("myz-demo", "c1", _steps("jury", gear=True)),
    "myz_rolled": ("myz-demo", "c1", _steps("jury", roll="base=6,3,4,5,1 skill=6,2,3")),
    "myz_pushed_costs": ("myz-demo", "c1", _steps("jury", roll="base=1,3,4,5,2 skill=1,2,3",
                                                  push="base=1,6,2,2 skill=6,3")),
    "myz_refusal": ("myz-demo", "c1", _steps("jury", roll="base=1,3,4,5,2 skill=1,2,3",
                                             push="base=1,6,2,2 skill=6,3", extra=("p",))),
    "yze_empty": ("yze-demo", "c1", None),
    "yze_pool": ("yze-demo", "c1", _steps("ranged", gear=True)),
    "yze_rolled": ("yze-demo", "c1", _steps("ranged", roll="base=6,2,3,4 skill=6,5 stress=3")),
    "yze_pushed_costs": ("yze-demo", "c1", _steps("ranged", roll="base=2,2,3,4 skill=5,3 stress=4",
                                                  push="base=6,2,3,4 skill=2,2 stress=3,5")),
    "yze_refusal": ("yze-demo", "c1", _steps("ranged", roll="base=2,2,3,4 skill=5,3 stress=1", extra=("p",))),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_roll_builder_states_120x40(snap_compare, open_service, case):
    name, character, run_before = CASES[case]
    app = BuilderApp(open_service(name), random.Random(SEED), character)
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


def test_roll_builder_narrow_80x24_after_push(snap_compare, open_service):
    app = BuilderApp(open_service("yze-demo"), random.Random(SEED), "c1")
    run_before = _steps("ranged", gear=True, roll="base=2,2,3,4 skill=5,3 gear=1 stress=4",
                        push="base=6,2,3,4 skill=2,2 stress=3,5")
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_roll_builder_faces_entry_error(snap_compare, open_service):
    async def run_before(pilot) -> None:
        await pilot.press("s", *"jury", "enter", "f")
        await fill_focused(pilot, "base=9,1")
        await pilot.pause()

    app = BuilderApp(open_service("myz-demo"), random.Random(SEED), "c1")
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


# -- the last result first, in the whole console (the pane's own size: maximised at 80×24) -----------------
SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


def _console_steps(picks: tuple[str, ...], skill: str, keys: tuple[str, ...] = (), faces=(), last=()):
    """A ``run_before`` for the whole console: ``picks`` (roster keys, then ``3``), the skill typed, ``keys``,
    then each of ``faces`` typed into the form the key before it opened, then ``last``."""

    async def run_before(pilot) -> None:
        from pilot_harness import pick_skill

        await pilot.pause()  # the main screen is up before the first key
        await pilot.press(*picks)
        await pilot.pause()
        await pick_skill(pilot, skill)
        await pilot.press(*keys)
        for key, typed in faces:
            await pilot.press(key)
            await pilot.pause()
            await fill_focused(pilot, typed)
        if last:
            await pilot.press(*last)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_console_pushed_roll_of_twelve_dice(snap_compare, make_app, size):
    """Parker Moss's pushed Melee with the torch (5 base, 2 skill, 2 gear and, with the push's, 3 stress dice):
    every face, then the verdict, the costs and the push line, in view at both sizes."""
    run_before = _console_steps(("down", "down", "3"), "melee", ("g",),
                                (("f", "base=6,1,3,2,4 skill=6,2 gear=3,1 stress=5,4"),
                                 ("P", "base=6,2,5 skill=6 gear=4 stress=3,6,2")))
    assert snap_compare(make_app("yze-demo"), terminal_size=SIZES[size], run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_console_exploding_roll(snap_compare, make_app, size):
    """An exploding check (seeded dice): its dice, the top against the TN, and the retry line."""
    run_before = _console_steps(("3",), "shooting", last=("r",))
    assert snap_compare(make_app("exploding-demo"), terminal_size=SIZES[size], run_before=run_before)


def test_console_tiered_roll_120x40(snap_compare, make_app):
    """A tiered check (seeded dice) with a bonus die: its tier, the Push Yourself line, the consequences."""
    run_before = _console_steps(("3",), "swords", ("b",), last=("r",))
    assert snap_compare(make_app("tiered-demo"), terminal_size=(120, 40), run_before=run_before)


def test_console_roll_undone_80x24(snap_compare, make_app):
    """A roll taken back (``u``): one struck line says it no longer counts; the draft unfolds under it."""
    run_before = _console_steps(("3",), "ranged", faces=(("f", "base=6,2,3,4 skill=5,3 stress=1"),), last=("u",))
    assert snap_compare(make_app("yze-demo"), terminal_size=(80, 24), run_before=run_before)
