"""The console's side of the exploding family (:class:`gmconsole.ui.family_console.ConsoleParts`): its
special-roll forms, and its verdicts as the shared reading words them."""

from __future__ import annotations

from gmconsole.families.exploding.forms import exploding_forms as special_forms
from gmconsole.ui.widgets.roll_text import recorded_verdict_lines as verdict_lines

__all__ = ["special_forms", "verdict_lines"]
