"""The console's side of the Year Zero family (:class:`gmconsole.ui.family_console.ConsoleParts`): no forms
of its own (the opposed roll rolls the builder's pool against a defender, R-OPP-1); its verdicts read as
successes, stunts, pushes and panic."""

from __future__ import annotations

from gmconsole.ui.widgets.roll_text import recorded_verdict_lines as verdict_lines

__all__ = ["special_forms", "verdict_lines"]

special_forms = None
