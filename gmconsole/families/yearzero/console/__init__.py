"""The console's side of the Year Zero family (:class:`gmconsole.ui.family_console.ConsoleParts`): no forms
of its own (the opposed roll rolls the builder's pool against a defender, R-OPP-1, ``opposed_pool_form``); its
verdicts read as successes, stunts, pushes and panic; its skills' named modifiers, helpers (R-HELP-1), a
typed push's rerolled dice, what a role skill leads to (``j``, R-MYZ-ROLE-1) and the panic table's names.

The verdict's words are read with every roll shown; the rest is imported when the builder first asks
for it (a module ``__getattr__``), so the console starts without the forms and flows."""

from __future__ import annotations

from typing import Any

from gmconsole.families.yearzero.console.panic_names import panic_name
from gmconsole.families.yearzero.console.text import opposed_line, stunt_lines, verdict_lines
from gmconsole.i18n import verbatim

__all__ = ["opposed_line", "panic_name", "special_forms", "stunt_lines", "verdict_lines"]
# and, through __getattr__: max_helpers, opposed_pool_form, push_counts, role_outcomes, skill_modifiers

special_forms = None


def __getattr__(name: str) -> Any:
    """The members imported when first asked for."""
    if name == "max_helpers":
        from gmconsole.families.yearzero.rules.roll import MAX_HELPERS

        return MAX_HELPERS
    if name == "push_counts":
        from gmconsole.families.yearzero.rules.roll import push_counts

        return push_counts
    if name == "skill_modifiers":
        from gmconsole.families.yearzero.rules import skill_modifiers

        return skill_modifiers
    if name == "opposed_pool_form":
        from gmconsole.families.yearzero.console.forms import opposed_form

        return opposed_form
    if name == "role_outcomes":
        import gmconsole.families.yearzero.console.role_flows as role_flows

        return role_flows
    raise AttributeError(verbatim("module {module!r} has no attribute {name!r}").format(module=__name__, name=name))
