"""The console's side of the exploding family (:class:`gmconsole.ui.family_console.ConsoleParts`): its
special-roll forms, its verdicts (the top die against the TN) and the TN modifiers picked from the seed's
tables."""

from __future__ import annotations

import gmconsole.families.exploding.console.text as tn_modifiers
from gmconsole.families.exploding.console.forms import exploding_forms as special_forms
from gmconsole.families.exploding.console.text import verdict_lines

__all__ = ["special_forms", "tn_modifiers", "verdict_lines"]
