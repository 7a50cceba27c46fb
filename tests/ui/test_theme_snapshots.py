"""The console in a light theme (``theme = "textual-light"`` in config.toml): the main screen of the
yze demo with a roll's result in the builder, at 120x40. The dice keep their kinds apart in colours that
read on the light background (gmconsole/ui/widgets/dice_pool.py ``dice_variables``)."""

from __future__ import annotations

import random
from pathlib import Path

from gmconsole.settings_file import parse
from gmconsole.ui.app import GMConsoleApp
from gmconsole.ui.widgets.dice_pool import KIND_COLOURS, KINDS, LIGHT_COLOURS, dice_variables

WIDE = (120, 40)
ROLL_RANGED_WITH_GEAR = ["3", "s", *"ranged", "enter", "g", "r"]


def test_main_screen_light_theme_with_a_rolled_result(snap_compare, open_service):
    service = open_service("yze-demo")
    service.trackers.change_stress("c1", 2)  # stress dice in the pool too
    app = GMConsoleApp(service, rng=random.Random(20260314),
                       config=parse('theme = "textual-light"\n', Path("config.toml")))
    assert snap_compare(app, terminal_size=WIDE, press=ROLL_RANGED_WITH_GEAR)


def test_dark_themes_keep_the_consoles_own_dice_colours():
    assert dice_variables(True, {"text-warning": "#FFC473"}) == {
        f"dice-{kind}": KIND_COLOURS[kind].split()[-1] for kind in KINDS}


def test_light_themes_take_the_themes_text_colours_and_keep_every_kind_apart():
    from textual.theme import BUILTIN_THEMES

    for name, theme in BUILTIN_THEMES.items():
        if theme.dark:
            continue
        variables = theme.to_color_system().generate()
        colours = dice_variables(False, variables)
        kinds = ["base", "skill", "gear", "stress", "artifact", "step"]
        shown = [colours[f"dice-{kind}"].lower() for kind in kinds]
        assert len(set(shown)) == len(kinds), (name, shown)
    textual_light = BUILTIN_THEMES["textual-light"].to_color_system().generate()
    colours = dice_variables(False, textual_light)
    assert colours["dice-stress"] == textual_light["text-error"]
    assert colours["dice-gear"] == LIGHT_COLOURS["gear"]
    # textual-light's accent is its warning colour: artifact dice get their own hue, not the base dice's
    assert colours["dice-artifact"] == LIGHT_COLOURS["artifact"]


def test_a_theme_may_set_its_own_dice_colours():
    assert dice_variables(False, {"dice-skill": "#00aa00"})["dice-skill"] == "#00aa00"
