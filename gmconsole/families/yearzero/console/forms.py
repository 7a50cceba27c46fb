"""The Year Zero family's special roll in the console: the opposed roll (R-OPP-1,
``service.rolls.opposed_roll``) — the active side's roll (still pushable by the active side, R-PUSH-2)
with the defender's roll and the outcome in one entry; the roll builder opens it on ``o`` (the console
part's ``opposed_pool_form``, :class:`gmconsole.ui.family_console.ConsoleParts`).

The roll goes through the campaign service, so it is recorded in the history and undoable; this module
only asks the questions and words the recorded entry. The defender is marked in the roster (NPCs too), the
defender's skill in the campaign's own skills by name; only a typed pool and typed faces are typed.
"""

from __future__ import annotations

from collections.abc import Callable

from gmconsole import systems
from gmconsole.families.yearzero.console.text import opposed_line as opposed_text
from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError
from gmconsole.ui.screens.roll_form import FormField
from gmconsole.ui.widgets.faces_text import with_letters
from gmconsole.ui.widgets.roll_specials import Form, other_rows, skill_rows, then_hint

__all__ = ["opposed_form", "opposed_text"]


def opposed_form(builder_request: dict, service, rng, on_active: Callable[[dict], None]) -> Form:
    """Year Zero opposed roll (R-OPP-1) through ``service.rolls.opposed_roll``: the built pool is the active
    side; the defender is a second character (marked in the roster) + skill (marked by name, the paired
    skill first marked) or, with nobody marked, a typed pool. ``on_active(entry)`` hands the builder
    the recorded entry (the active side may push it from the builder, R-PUSH-2)."""
    request = {k: v for k, v in builder_request.items() if k != "reactive"}
    paired, pair_hint = _paired_skill(service.campaign, request.get("skill"), request.get("skill_modifiers", ()))

    def run(v: dict[str, str]) -> str:
        entry = service.rolls.opposed_roll(
            **request, defender_id=v["opponent"] or None, defender_skill=v["skill"] or None,
            defender_attribute=v["attribute"] or None, defender_pool=v["pool"] or None,
            faces=v["active_faces"] or None, defender_faces=v["defender_faces"] or None, rng=rng)
        on_active(entry)
        return opposed_text(entry)

    skills = skill_rows(service)
    if paired and paired not in {sid for sid, _name in skills}:
        skills = ((paired, paired),) + skills
    fields = [
        FormField("opponent", _("Defender (space marks; nobody: type the pool below)"),
                  choices=other_rows(service, request["character_id"])),
        FormField("skill", _("Defender's skill"), choices=skills, marked=(paired,) if paired else ()),
        FormField("attribute", _("Defender's attribute (blank: the skill's)"), placeholder=""),
        FormField("pool", _("…or the defender's pool typed (nobody marked)"), placeholder="base=3 skill=2 gear=1"),
        FormField("active_faces", _("Active faces typed (blank: console dice)"), placeholder="b61 s4"),
        FormField("defender_faces", _("Defender faces typed (blank: console dice)"), placeholder="b62 s3"),
    ]
    system = service.campaign.system
    letters = " ".join(k.letter for k in systems.get(system).face_kinds)
    hint = with_letters(then_hint(pair_hint, _("R-OPP-1: each defender success cancels one of yours; you win only "
                                               "with more. Only the active side may push (p), after the defender "
                                               "rolled.")), system, letters)
    return (_("Opposed roll"), fields, run, hint)


def _paired_skill(campaign, skill: str | None, picks) -> tuple[str | None, str]:
    """The defender's skill the rules pair with ``skill`` (data: ``opposed_by``; a picked modifier
    such as interrogation may name another), offered first in the form, and a hint sentence that
    names both skills as the GM reads them (names from the campaign's list; escaped)."""
    from gmconsole.campaign.skills import name_of
    from gmconsole.families.yearzero.rules import skill_modifiers as skill_modifiers
    from gmconsole.safe_text import shown as safe

    system = campaign.system

    try:
        picked = skill_modifiers.resolve(system, skill, picks)
    except RulesError:
        picked = []
    paired = skill_modifiers.opposed_skill(system, skill, picked)
    if not paired:
        return None, ""
    only = skill_modifiers.opposed_only_by_role(system, skill)
    shown, against = (safe(name_of(campaign, s) or "") for s in (skill, paired))
    if only:
        return paired, _("{skill} is opposed by {against} (only against another {role}; otherwise not an opposed "
                         "roll).").format(skill=shown, against=against, role=only.replace("-", " ").title())
    return paired, _("{skill} is opposed by {against}.").format(skill=shown, against=against)
