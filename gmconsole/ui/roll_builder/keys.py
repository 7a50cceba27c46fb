"""The roll builder's keys and look: its bindings (every key the GM may press in the pane, with the
id the key bar and help screen use) and its CSS. A key only one system has is hidden elsewhere by
:meth:`RollBuilder.check_action`, which asks the system (:attr:`GameSystem.builder_actions`).
"""

from __future__ import annotations

from textual.binding import Binding, BindingType

from gmconsole.i18n import N_

__all__ = ["BINDINGS", "DEFAULT_CSS"]

DEFAULT_CSS = """
RollBuilder {
    height: 1fr;
    padding: 0 1;
}
RollBuilder:focus-within #rb-title {
    text-style: bold reverse;
}
RollBuilder #rb-title {
    text-style: bold;
    width: 100%;
}
RollBuilder #rb-skill-row {
    height: 1;
}
RollBuilder #rb-skill-label {
    width: 7;
}
RollBuilder SkillFilter {
    border: none;
    height: 1;
    padding: 0;
    width: 1fr;
}
RollBuilder SkillFilter:focus {
    background: $boost;
    border: none;
}
RollBuilder SkillList {
    display: none;
    height: auto;
    max-height: 6;
    border: none;
    padding: 0;
}
RollBuilder.-filtering SkillList {
    display: block;
}
RollBuilder #rb-settings {
    color: $text;
}
RollBuilder #rb-odds {
    color: $success;
    text-style: bold;
}
RollBuilder #rb-explain, RollBuilder #rb-rolled-explain {
    color: $text-muted;
}
RollBuilder #rb-warnings {
    color: $warning;
}
RollBuilder #rb-message {
    color: $text-error;
    text-style: bold;
}
RollBuilder #rb-last {
    height: auto;
    border-bottom: hkey $primary;
}
RollBuilder #rb-last.-empty, RollBuilder.-filtering #rb-last {
    display: none;
}
RollBuilder #rb-stunts {
    color: $text-muted;
}
RollBuilder Static {
    height: auto;
}
"""
"""The pane's CSS (line groups, the skill filter and list; ``-filtering`` shows the list and, to give it room,
hides the last result, which a line under it parts from the next roll's draft)."""

BINDINGS: list[BindingType] = [
    Binding("s", "pick_skill", N_("Skill"), id="roll.skill"),
    Binding("a", "next_attribute", N_("Attribute"), id="roll.attribute",
            tooltip=N_("Attribute: cycle the attribute rolled (Year Zero: an attribute rolled alone, no skill)")),
    Binding("a", "other_attribute", N_("Other attribute"), id="roll.other_attribute",
            tooltip=N_("Other attribute: roll the skill picked with another attribute than its own (cycles)")),
    Binding("g", "next_gear", N_("Gear"), id="roll.gear"),
    Binding("d", "difficulty(1)", N_("Harder"), id="roll.harder"),
    Binding("D", "difficulty(-1)", N_("Easier"), id="roll.easier", show=False),
    Binding("plus,equals_sign", "modifier(1)", N_("+1"), id="roll.plus", show=False),
    Binding("minus", "modifier(-1)", N_("−1"), id="roll.minus", show=False),
    Binding("e", "helpers", N_("Helpers"), id="roll.helpers"),
    Binding("E", "clear_helpers", N_("No helpers"), id="roll.clear_helpers", show=False),
    Binding("t", "toggle_reactive", N_("Reactive"), id="roll.reactive", show=False),
    Binding("r", "roll", N_("Roll"), id="roll.roll"),
    Binding("f", "roll_faces", N_("Faces"), id="roll.faces"),
    Binding("p", "push", N_("Push"), id="roll.push"),
    Binding("P", "push_faces", N_("Push faces"), id="roll.push_faces", show=False),
    Binding("O", "push_odds", N_("Push odds"), id="roll.push_odds", show=False,
            tooltip=N_("Push odds: the full table of what pushing the roll on screen can give and cost")),
    Binding("c", "apply_costs", N_("Costs"), id="roll.costs"),
    Binding("A", "apply_costs(True)", N_("Costs, typed panic D6"), id="roll.costs_typed", show=False,
            tooltip=N_("apply the costs with the panic D6 rolled at the table (R-MANUAL-1)")),
    Binding("u", "undo", N_("Undo last change"), id="roll.undo",
            tooltip=N_("Undo last change: takes back the campaign's newest change, whichever pane made it")),
    Binding("o", "opposed", N_("Opposed"), id="roll.opposed"),
    Binding("x", "clear", N_("Clear"), id="roll.clear", show=False,
            tooltip=N_("Clear: start the roll afresh (pins included) and take the last roll's result off the pane")),
    Binding("G", "quick_roll", N_("GM roll"), id="roll.quick",
            tooltip=N_("GM roll: type a quick pool (e.g. 5b 3s), no character; '; faces' for physical dice")),
    Binding("exclamation_mark", "pin", N_("Pin"), id="roll.pin", key_display="!",
            tooltip=N_("Pin the options set now (modifier, difficulty, helpers...): they stay for the next "
                    "rolls and characters; ! again when all are pinned: unpin")),
    Binding("b", "bonus(1)", N_("Bonus die"), id="roll.bonus_up"),
    Binding("B", "bonus(-1)", N_("Bonus −1"), id="roll.bonus_down", show=False),
    Binding("y", "push_yourself", N_("Push yourself"), id="roll.push_yourself"),
    Binding("v", "save", N_("Saving throw"), id="roll.save"),
    Binding("k", "attack", N_("Attack"), id="roll.attack"),
    Binding("i", "assisted", N_("Assisted"), id="roll.assisted"),
    Binding("n", "group", N_("Group"), id="roll.group"),
    Binding("m", "tn_modifiers", N_("TN mods"), id="roll.tn_modifiers"),
    Binding("M", "clear_tn_modifiers", N_("No TN mods"), id="roll.clear_tn_modifiers", show=False),
    Binding("m", "skill_modifiers", N_("Mods"), id="roll.skill_modifiers"),
    Binding("M", "clear_skill_modifiers", N_("No mods"), id="roll.clear_skill_modifiers", show=False),
    # not on the key bar (the result says "C: apply one" when a Mixed or Limited check offers one): the tiered
    # keys, p among them, fill the bar's three lines at 80 columns
    Binding("C", "consequence", N_("Consequence"), id="roll.consequence", show=False),
    Binding("w", "circumstances", N_("Retry why"), id="roll.circumstances", show=False),
    Binding("j", "role_outcome", N_("Role outcome"), id="roll.role_outcome", show=False,
            tooltip=N_("Role outcome (myz): apply what the role skill's roll leads to — build the device, roll "
                    "the finds, Save a Life (R-MYZ-ROLE-1)")),
    Binding("R", "reroll_grant", N_("Reroll (grant)"), id="roll.reroll_grant", show=False,
            tooltip=N_("Reroll the failed check with a grant the character holds (a Tradecraft, Trade Secret or "
                    "Quirk named on the sheet; R-EXP-5), recorded with its name")),
    Binding("H", "toggle_hidden", N_("Hidden"), id="roll.hidden",
            tooltip=N_("Hidden roll: the next roll is recorded as usual but never shown on the players' table "
                    "view (H again: shown; ! pins it)")),
]
"""The pane's keys, in key-bar order."""
