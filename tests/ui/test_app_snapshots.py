"""Snapshots of the main screen, each of panes 1, 2 and 4 in their main states, the forms and help.

Deterministic: the demo campaigns in ``tmp_path``, the service's frozen clock and a seeded
``random.Random`` (conftest), no cursor blink, fixed terminal sizes (120×40; 80×24 for the narrow
layout). Review ``snapshot_report.html`` before ``--snapshot-update``.
"""

from __future__ import annotations

import pytest

WIDE = (120, 40)
NARROW = (80, 24)


@pytest.mark.parametrize("campaign", ["myz-demo", "yze-demo"])
def test_main_screen(snap_compare, make_app, campaign):
    assert snap_compare(make_app(campaign), terminal_size=WIDE)


def test_main_screen_narrow_80x24_roster(snap_compare, make_app):
    assert snap_compare(make_app("yze-demo"), terminal_size=NARROW)


def test_main_screen_narrow_80x24_tracker(snap_compare, make_app):
    assert snap_compare(make_app("yze-demo"), terminal_size=NARROW, press=["4"])


@pytest.mark.parametrize("campaign", ["myz-demo", "yze-demo"])
def test_help_screen(snap_compare, make_app, campaign):
    assert snap_compare(make_app(campaign), terminal_size=WIDE, press=["question_mark"])


def test_initiative_cards_conflict_started_yze(snap_compare, make_app):
    assert snap_compare(make_app("yze-demo"), terminal_size=WIDE, press=["2", "s", "ctrl+s", "ctrl+s", "n"])


def test_initiative_roll_conflict_myz(snap_compare, make_app):
    assert snap_compare(make_app("myz-demo"), terminal_size=WIDE, press=["2", "s", "a", "ctrl+s", "n", "n"])


def test_initiative_pick_combatants_modal(snap_compare, make_app):
    assert snap_compare(make_app("yze-demo"), terminal_size=WIDE, press=["2", "s"])


def test_tracker_panic_result_doom_and_clock_yze(snap_compare, make_app):
    app = make_app("yze-demo", seed=5)
    app.service.trackers.change_stress("c1", 6)
    app.service.trackers.add_clock("Reactor meltdown", 6)
    app.service.trackers.advance_clock(app.service.session.clocks[0].id, 2)
    app.service.trackers.change_doom(2)
    assert snap_compare(app, terminal_size=WIDE, press=["4", "p", "space", "ctrl+s"])


def test_tracker_long_panic_chain_keeps_the_clocks_in_view_120x40(snap_compare, make_app):
    """A Scream chained through a crowded roster, three clocks, typed D6 6 (``P``); the eight
    chained D6s typed too (R-PANIC-3), a 6 each."""
    from test_typed_values_ui import _crowded

    app = make_app("yze-demo", seed=5)
    _crowded(app.service)
    chained = ["6", "tab"] * 7 + ["6"]
    assert snap_compare(app, terminal_size=WIDE, press=["4", "P", "6", "enter", "a", "ctrl+s", *chained, "ctrl+s"])


def test_roster_broken_and_panicking_badges_myz(snap_compare, make_app):
    app = make_app("myz-demo")
    app.service.trackers.apply_trauma("c1", "strength", 3)
    app.service.trackers.add_condition("c4", "starving")
    assert snap_compare(app, terminal_size=WIDE, press=["1", "down"])


def test_character_form_with_inline_error_narrow(snap_compare, make_app):
    assert snap_compare(make_app("yze-demo"), terminal_size=NARROW, press=["1", "a", "ctrl+s"])


def test_gear_screen_myz(snap_compare, make_app):
    assert snap_compare(make_app("myz-demo"), terminal_size=WIDE, press=["1", "g"])
