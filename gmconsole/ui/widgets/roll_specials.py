"""The rolls beyond a plain check that the console shares, and what every family's forms are made of.

- Year Zero opposed roll (R-OPP-1): ``service.rolls.opposed_roll`` — the active side's roll (still
  pushable by the active side, R-PUSH-2) with the defender's roll and the outcome in one entry; the roll
  builder opens it on ``o`` where the system has no opposed form of its own.
- An attack's target (R-TIER-4, :func:`pick_attack_target`): who takes the damage of an attack recorded.
- Each family's own forms are in its folder (``gmconsole/families/<family>/forms.py``: exploding's opposed
  test, assisted and group checks; tiered's saving throw, attack and contested roll), handed over as
  ``special_forms`` (:class:`gmconsole.ui.family_console.ConsoleParts`); they build on :data:`Form`,
  :func:`other_rows` and :func:`skill_rows` here.

Every roll goes through the campaign service, so it is recorded in the history and undoable; this
module only asks the questions and words the recorded entry. Who takes part (the defender) and the
defender's skill are marked in lists of the roster (NPCs too) and of the campaign's own skills by name;
only what is no participant (a typed pool, typed faces) is typed. A form is ``(title, fields, run, hint)``
for :class:`~gmconsole.ui.screens.roll_form.RollFormScreen`; ``run`` raises ``ValueError`` with one
sentence on bad input.
"""

from __future__ import annotations

from collections.abc import Callable

from gmconsole import systems
from gmconsole.campaign.entries import Entry, SpecialRollEntry, as_record, given
from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError
from gmconsole.ui.screens.pickers import roster_choices
from gmconsole.ui.screens.roll_form import FormField
from gmconsole.ui.widgets.faces_text import faces_keys
from gmconsole.ui.widgets.roll_text import opposed_line as opposed_text
from gmconsole.ui.widgets.roll_text import tier_word
from gmconsole.wording import possessive

__all__ = ["Form", "opposed_form", "opposed_text", "other_rows", "pick_attack_target", "skill_rows"]

Form = tuple[str, list[FormField], Callable[[dict], str], str]
"""A special-roll form: its title, the fields it asks, ``run(values)`` giving the result text, and its hint."""


def other_rows(service, character_id: str) -> tuple[tuple[str, str], ...]:
    """The roster members other than ``character_id``, as list rows (NPCs pickable)."""
    return tuple(roster_choices(service.campaign.roster, leave_out=[character_id]))


def skill_rows(service) -> tuple[tuple[str, str], ...]:
    """The campaign's skills by name, as list rows (``id``, name): its own list when it has one,
    else the system's table (exploding: with the skills on its sheets), as the skill picker ``s``."""
    from gmconsole.ui.widgets.roll_text import skill_choices

    campaign = service.campaign
    known = sorted({sid for c in campaign.roster for sid in c.skills})
    own = None if campaign.skills is None else [(k.id, k.name) for k in campaign.skills]
    rows = skill_choices(campaign.system, None, known, own)  # no defender yet: names alone, no "untrained"
    untrained = _("{skill} (untrained)").format(skill="")
    return tuple((c.id, c.label.removesuffix(untrained)) for c in rows if c.id)


# --------------------------------------------------------------------------- Year Zero opposed roll


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
    hint = then_hint(pair_hint, _("R-OPP-1: each defender success cancels one of yours; you win only with more. "
                                  "Only the active side may push (p), after the defender rolled.")) + faces_keys(
        system, letters)
    return (_("Opposed roll"), fields, run, hint)


def _paired_skill(campaign, skill: str | None, picks) -> tuple[str | None, str]:
    """The defender's skill the rules pair with ``skill`` (data: ``opposed_by``; a picked modifier
    such as interrogation may name another), offered first in the form, and a hint sentence that
    names both skills as the GM reads them (names from the campaign's list; escaped)."""
    from gmconsole.campaign.skills import name_of
    from gmconsole.safe_text import shown as safe
    from gmconsole.systems.yearzero import skill_modifiers as skill_modifiers

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


def then_hint(said: str, sentence: str) -> str:
    """A form's hint: ``sentence`` after the sentences ``said`` (``sentence`` alone when ``said`` is empty)."""
    # Translators: a form's hint, one whole sentence after the ones before ({hint}); a language writing no
    # space between sentences leaves it out
    return _("{hint} {sentence}").format(hint=said, sentence=sentence) if said else sentence


def pick_attack_target(app, service, entry: Entry | dict | None) -> None:
    """R-TIER-4: after an attack the GM picks who takes its damage from the roster;
    it comes off their stamina as one undoable entry (the status line says the new value). Escape at
    the picker applies nothing; an attack that did no damage asks nothing."""
    from gmconsole.ui.screens.pickers import PickCharacters
    from gmconsole.ui.widgets.sheet_view import who

    entry = as_record(entry) if entry is not None else None
    if not isinstance(entry, SpecialRollEntry) or entry.kind != "attack":
        return
    tier = given(entry.tier, "")
    if given(entry.damage, 0) <= 0:
        app.show_error(_("{owner} attack did no damage ({tier}): nothing to apply.").format(
            owner=possessive(entry.character), tier=tier))
        return
    others = [(c.id, who(c)) for c in service.campaign.roster if c.id != given(entry.character_id, None)]
    if not others:
        return

    def picked(ids: list[str] | None) -> None:
        if ids:
            app.attempt(lambda: service.outcomes.apply_attack_damage(entry.id, ids[0]))

    title = _("{owner} attack: {damage} damage ({tier}). Who takes it? (esc: do not apply)").format(
        owner=possessive(entry.character), damage=entry.damage, tier=tier_word(tier))
    app.push_screen(PickCharacters(title, others, limit=1, minimum=1), picked)
