"""The console's side of the tiered family (:class:`gmconsole.ui.family_console.ConsoleParts`): its
special-roll forms and who takes an attack's damage (R-TIER-4), its verdicts as tiers, the consequences a
Mixed or Limited result offers and the ``C`` flow applying one, and how many bonus dice help a check
(R-TIER-1)."""

from __future__ import annotations

from gmconsole.families.tiered.console.flows import consequence as consequence_flow
from gmconsole.families.tiered.console.forms import pick_attack_target as attack_target
from gmconsole.families.tiered.console.forms import tiered_forms as special_forms
from gmconsole.families.tiered.console.text import chosen_consequences, verdict_lines
from gmconsole.families.tiered.rules.roll import MAX_BONUS_DICE as max_bonus_dice

__all__ = ["attack_target", "chosen_consequences", "consequence_flow", "max_bonus_dice", "special_forms",
           "verdict_lines"]
