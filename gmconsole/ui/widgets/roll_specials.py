"""The rolls beyond a plain check, offered by the roll builder when the campaign's system has them.

- Year Zero opposed roll (R-OPP-1): ``service.rolls.opposed_roll`` — the active side's roll (still
  pushable by the active side, R-PUSH-2) with the defender's roll and the outcome in one entry.
- ``exploding``: ``service.rolls.opposed_test`` (R-EXP-4), ``service.rolls.assisted_check``,
  ``service.rolls.group_check``.
- ``tiered``: ``service.rolls.saving_throw`` (R-TIER-3), ``service.rolls.attack`` (R-TIER-4),
  ``service.rolls.contested`` (R-TIER-5).

Every roll goes through the campaign service, so it is recorded in the history and undoable; this
module only asks the questions and words the recorded entry. Who takes part (the defender, the
opponent, the helpers of an assisted check, the group) and the defender's skill are marked in lists
of the roster (NPCs too) and of the campaign's own skills by name; only what is no participant (the
roller's skill and trait, a difficulty, typed faces) is typed. Every function returns ``(title,
fields, run, hint)`` for :class:`~gmconsole.ui.screens.roll_form.RollFormScreen`; ``run`` raises
``ValueError`` with one sentence on bad input.
"""

from __future__ import annotations

from collections.abc import Callable

from gmconsole import systems
from gmconsole.campaign.entries import Entry, SpecialRollEntry, as_record, as_special, given
from gmconsole.i18n import N_, _, ngettext, pick
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import write_faces
from gmconsole.ui.screens.pickers import roster_choices
from gmconsole.ui.screens.roll_form import FormField
from gmconsole.ui.widgets.faces_text import faces_example, faces_keys
from gmconsole.ui.widgets.roll_text import opposed_line as opposed_text
from gmconsole.ui.widgets.roll_text import tier_word
from gmconsole.wording import possessive, quoted, side_by_side

__all__ = ["exploding_forms", "opposed_form", "opposed_text", "pick_attack_target", "tiered_forms"]

Form = tuple[str, list[FormField], Callable[[dict], str], str]

TIE_GOES_TO = {"defender": N_("→ {winner} wins (R-EXP-4: higher top wins, a tie goes to the defender)"),
               "active": N_("→ {winner} wins (R-EXP-4: higher top wins, a tie goes to the active)")}
"""An exploding opposed test's outcome, by who its tie goes to (the entry keeps the English word)."""
SAVE_OUTCOMES = {"critical": N_("CRITICAL"), "success": N_("SUCCESS"), "failure": N_("FAILURE")}
"""A tiered saving throw's outcome as the result line shouts it (the entry keeps the id)."""


def _others(service, character_id: str) -> tuple[tuple[str, str], ...]:
    """The roster members other than ``character_id``, as list rows (NPCs pickable)."""
    return tuple(roster_choices(service.campaign.roster, leave_out=[character_id]))


def _skill_rows(service) -> tuple[tuple[str, str], ...]:
    """The campaign's skills by name, as list rows (``id``, name): its own list when it has one,
    else the system's table (exploding: with the skills on its sheets), as the skill picker ``s``."""
    from gmconsole.ui.widgets.roll_text import skill_choices

    campaign = service.campaign
    known = sorted({sid for c in campaign.roster for sid in c.skills})
    own = None if campaign.skills is None else [(k.id, k.name) for k in campaign.skills]
    rows = skill_choices(campaign.system, None, known, own)  # no defender yet: names alone, no "untrained"
    untrained = _("{skill} (untrained)").format(skill="")
    return tuple((c.id, c.label.removesuffix(untrained)) for c in rows if c.id)


def _trained_rows(service, skill: str) -> tuple[tuple[str, str], ...]:
    """The roster as list rows, each one without ``skill`` on their sheet said ``(untrained)``: a group
    check is for the trained (the untrained are helped by an assisted check), so the GM sees who before
    marking rather than at ``ctrl+s``."""
    untrained = {c.id for c in service.campaign.roster if skill and not c.skills.get(skill)}
    return tuple((cid, _("{name} (untrained)").format(name=label) if cid in untrained else label)
                 for cid, label in roster_choices(service.campaign.roster))


def _named(text: str, rows) -> str:
    """The id of the row (``id``, name) ``text`` names, by id or name without regard to case; text no
    row names as typed (exploding sheets take any skill the GM names; the service refuses the rest)."""
    wanted = (text or "").strip()
    folded = wanted.casefold()
    return next((rid for rid, name in rows if folded in (rid.casefold(), str(name).casefold())), wanted)


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        said = _("{what} must be a whole number, not {typed}").format(what=what, typed=quoted(text))
        raise RulesError(said) from None


def _yes(text: str) -> bool:
    return text.casefold() in ("y", "yes", "melee", "m")


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

    skills = _skill_rows(service)
    if paired and paired not in {sid for sid, _name in skills}:
        skills = ((paired, paired),) + skills
    fields = [
        FormField("opponent", _("Defender (space marks; nobody: type the pool below)"),
                  choices=_others(service, request["character_id"])),
        FormField("skill", _("Defender's skill"), choices=skills, marked=(paired,) if paired else ()),
        FormField("attribute", _("Defender's attribute (blank: the skill's)"), placeholder=""),
        FormField("pool", _("…or the defender's pool typed (nobody marked)"), placeholder="base=3 skill=2 gear=1"),
        FormField("active_faces", _("Active faces typed (blank: console dice)"), placeholder="b61 s4"),
        FormField("defender_faces", _("Defender faces typed (blank: console dice)"), placeholder="b62 s3"),
    ]
    system = service.campaign.system
    letters = " ".join(k.letter for k in systems.get(system).face_kinds)
    hint = (pair_hint + _("R-OPP-1: each defender success cancels one of yours; you win only with more. Only the "
                          "active side may push (p), after the defender rolled.") + faces_keys(system, letters))
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
                         "roll). ").format(skill=shown, against=against, role=only.replace("-", " ").title())
    return paired, _("{skill} is opposed by {against}. ").format(skill=shown, against=against)


# --------------------------------------------------------------------------- exploding


def _check_text(name: str, row: dict, verdict: bool = True) -> str:
    dice = " ".join("+".join(str(f) for f in d["faces"]) for d in row.get("dice", []))
    tn = "" if row.get("tn") is None else _(" vs TN {tn}").format(tn=row["tn"])
    text = _("{name}: top {top}{vs} [{dice}]").format(name=name, top=row["top"], vs=tn, dice=dice)
    if not verdict:
        return text
    return text + " " + (_("critical failure") if row.get("critical_failure") else _verdict(row.get("success")))


def _verdict(success) -> str:
    return _("success") if success else _("failure")


def opposed_test_text(entry: Entry | dict) -> str:
    """An exploding opposed test (R-EXP-4) in words, from its entry."""
    test = as_special(entry)
    outcome = test.outcome
    a = _check_text(given(test.character, ""), outcome["active"], verdict=False)
    d = _check_text(test.defender, outcome["defender"], verdict=False)
    said = TIE_GOES_TO.get(str(test.tie_goes_to), TIE_GOES_TO["defender"])
    return f"{a}\n{d}\n" + _(said).format(winner=test.winner_name)


def assisted_text(entry: Entry | dict) -> str:
    """An assisted check in words: the TN, the leader's pool, each participant's turn, the successes."""
    assisted = as_special(entry)
    check, rolls = assisted.assisted, assisted.rolls
    lines = [_("TN {tn}").format(tn=check["tn"]), _check_text(rolls[0]["name"], rolls[0])
             + _(" → pool {pool}").format(pool=check["leader"]["pool_after"])]
    for step, row in zip(check["steps"], rolls[1:]):
        lines.append(_check_text(row["name"], row, verdict=False)
                     + (_(", spends {spent}").format(spent=step["spent"]) if step["spent"] else "")
                     + _(" → {verdict} (pool {pool})").format(verdict=_verdict(step["success"]),
                                                               pool=step["pool_after"]))
    n = check["successes"]
    lines.append("→ " + ngettext("{count} success", "{count} successes", n).format(count=n))
    return "\n".join(lines)


def group_text(entry: Entry | dict) -> str:
    """A group check in words: the TN and why, each result, the count of successes."""
    group = as_special(entry).group
    why = side_by_side(f"{ln['label']} {ln['amount']:+d}" for ln in group["tn_lines"])
    lines = [_("TN {tn} ({why})").format(tn=group["tn"], why=why)]
    lines += [_check_text(r["name"], r) for r in group["results"]]
    lines.append(_("→ {count} of {total} succeed").format(count=group["successes"], total=len(group["results"])))
    return "\n".join(lines)


def exploding_forms(service, character, state: dict, rng) -> dict[str, Form]:
    """Opposed test (R-EXP-4), assisted untrained check and group check for the ``exploding`` system,
    each recorded through the service. ``state`` is the builder's skill, attribute, difficulty and TN
    modifiers (used by the assisted and group checks)."""
    from gmconsole.systems.exploding import roll as exploding
    from gmconsole.ui.widgets.sheet_view import attribute_ids

    attribute = state.get("attribute") or next(iter(character.attributes))
    skill = state.get("skill") or ""
    levels = [(d.key, pick(d.name, d.key)) for d in exploding.difficulties()]
    difficulty = dict(levels).get(state.get("difficulty") or exploding.default_difficulty(), "")
    tn_modifiers = tuple(state.get("tn_modifiers") or ())
    skills = _skill_rows(service)
    traits = [(a, a) for a in attribute_ids(service.campaign)]
    skill_text = str(dict(skills).get(skill, skill))
    listed = _("Skills: {skills}. Traits: {traits}. Difficulties: {levels}. (Names or ids, any case.)").format(
        skills=_(", ").join(str(n) for _s, n in skills), traits=_(", ").join(a for a, _n in traits),
        levels=_(", ").join(n for _k, n in levels))

    def named(v: dict) -> dict:
        """The form's typed skill, trait and difficulty as the ids the service reads."""
        out = dict(v)
        out["skill"] = _named(v.get("skill", ""), skills)
        out["attribute"] = _named(v.get("attribute", ""), traits)
        if "difficulty" in v:
            out["difficulty"] = _named(v["difficulty"], levels)
        if "opp_attribute" in v:
            out["opp_attribute"] = _named(v["opp_attribute"], traits)
        return out

    def opposed_run(v: dict) -> str:
        v = named(v)
        if not v["opponent"]:
            raise RulesError(_("mark the defender (space on a name)"))
        entry = service.rolls.opposed_test(character.id, v["skill"] or None, v["opponent"],
                                           attribute=v["attribute"] or None,
                                           defender_skill=v["opp_skill"] or None,
                                           defender_attribute=v["opp_attribute"] or None, faces=v["faces"] or None,
                                           rng=rng)
        return opposed_test_text(entry)

    def group_run(v: dict) -> str:
        v = named(v)
        entry = service.rolls.group_check(v["participants"], v["skill"], attribute=v["attribute"] or None,
                                          difficulty=v["difficulty"] or None, tn_modifiers=tn_modifiers,
                                          faces=v["faces"] or None, rng=rng)
        return group_text(entry)

    def assisted_run(v: dict) -> str:
        v = named(v)
        entry = service.rolls.assisted_check(character.id, v["skill"], v["others"], attribute=v["attribute"] or None,
                                             difficulty=v["difficulty"] or None, tn_modifiers=tn_modifiers,
                                             hold=v["hold"], faces=v["faces"] or None, rng=rng)
        return assisted_text(entry)

    common = [FormField("skill", _("Skill"), skill_text), FormField("attribute", _("Trait"), attribute)]
    others = _others(service, character.id)
    return {
        "opposed": (_("Opposed test"), [FormField("opponent", _("Defender (space marks)"), choices=others)] + common + [
            FormField("opp_skill", _("Defender's skill"), choices=(("", _("(the same skill)")),) + _skill_rows(service),
                      marked=("",)),
            FormField("opp_attribute", _("Defender's trait"), attribute),
            FormField("faces", _("Faces typed (blank: console dice)"),
                      placeholder=_("s8+3,2,5,1 t5,4 (active then defender)")),
        ], opposed_run, _("R-EXP-4: both roll exploding dice; the higher top wins; a tie goes to the defender "
                          "(setting). ") + listed + faces_keys(service.campaign.system, "s t")),
        "group": (_("Group check"), [
            FormField("participants", _("Trained participants (space marks)"),
                      choices=_trained_rows(service, skill), many=True, marked=(character.id,),
                      follows="skill", relabel=lambda typed: _trained_rows(service, _named(typed, skills))),
        ] + common + [
            FormField("difficulty", _("Difficulty"), difficulty),
            FormField("faces", _("Faces typed (blank: console dice)"),
                      placeholder=_("s5,3,8+2,4 t4,6 (each participant in turn)")),
        ], group_run, _("TN −1 per trained participant; everyone rolls; the console counts the successes. ") + listed
            + faces_keys(service.campaign.system, "s t")),
        "assisted": (_("Assisted untrained check"), [
            FormField("others", _("Untrained participants (space marks, in turn: the order marked)"), choices=others,
                      many=True, ordered=True),
            FormField("hold", _("Who keeps the pool instead of spending (none marked: all spend)"), choices=others,
                      many=True),
        ] + common + [
            FormField("difficulty", _("Difficulty"), difficulty),
            FormField("faces", _("Faces typed (blank: console dice)"),
                      placeholder=_("s8+3,2 t4,5,3 (the leader's, then each trait die in turn)")),
        ], assisted_run, _("The trained leader rolls first against TN +1 per other participant; points above the TN "
                           "form a pool the others spend, in turn, to close their gap. ") + listed
            + faces_keys(service.campaign.system, "s t")),
    }


# --------------------------------------------------------------------------- tiered


def tiered_forms(service, character, state: dict, rng,
                 on_attack: Callable[[Entry], None] | None = None) -> dict[str, Form]:
    """Saving throw (R-TIER-3), attack (R-TIER-4) and contested roll (R-TIER-5) for ``tiered``, each
    recorded through the service. ``state`` (the builder's draft, as :func:`exploding_forms` takes it) is
    not read: each tiered form asks its own attribute. ``on_attack(entry)`` hears of each attack recorded (its damage is
    applied to a target once the form closes, :func:`pick_attack_target`)."""

    def save_run(v: dict[str, str]) -> str:
        entry = as_special(service.rolls.saving_throw(character.id, v["save"].casefold(), faces=v["faces"] or None,
                                                     rng=rng))
        faces = " ".join(str(d["face"]) for d in entry.dice)
        outcome = str(entry.outcome)
        return _("{name} {save} save {score}: 2d6 [{faces}] = {total} → {outcome} (R-TIER-3)").format(
            name=character.name, save=entry.save.upper(), score=entry.score, faces=faces, total=entry.total,
            outcome=_(SAVE_OUTCOMES[outcome]) if outcome in SAVE_OUTCOMES else outcome.upper())

    def attack_run(v: dict[str, str]) -> str:
        damage = _int(v["damage"], _("weapon damage")) if v["damage"] and not v["weapon"] else None
        melee = _yes(v["melee"])
        entry = as_special(service.rolls.attack(character.id, v["weapon"] or None, melee=melee,
                                               reckless=_yes(v["reckless"]),
                                               faces=v["faces"] or None, rng=rng, damage=damage))
        if on_attack is not None:
            on_attack(entry)
        faces = " ".join(str(d["face"]) for d in entry.dice)
        notes = (_("; ") + _("; ").join(entry.notes)) if entry.notes else ""
        said = (_("{name} attacks (melee): [{faces}] → {tier}, damage {damage} (R-TIER-4)") if melee
                else _("{name} attacks (ranged): [{faces}] → {tier}, damage {damage} (R-TIER-4)"))
        return said.format(name=character.name, faces=faces, tier=tier_word(entry.tier), damage=entry.damage) + notes

    def contested_run(v: dict) -> str:
        if not v["opponent"]:
            raise RulesError(_("mark the opponent (space on a name)"))
        entry = as_special(service.rolls.contested(character.id, v["attribute"], v["opponent"],
                                                  opponent_attribute=v["opp_attribute"] or None,
                                                  faces=v["faces"] or None, rng=rng))
        rounds = _("; ").join(_("{a} vs {b}").format(a=a, b=b) for a, b in entry.rounds)
        return _("{rounds} → {winner} wins (R-TIER-5: ties are rolled again)").format(rounds=rounds,
                                                                                     winner=entry.winner_name)

    from gmconsole.campaign.words import attribute_shown

    weapon = next((g.name for g in character.gear if g.damage), "")
    attack_hint = _("Class bonus + STR (melee) or DEX (ranged) d6, read as a skill check (R-TIER-4).")
    pools = _attack_pools(service.campaign.system, character)
    if pools:
        attack_hint += f" {pools[0]}"
    attack_example = faces_example(service.campaign.system, {("dice", 6): pools[1]}) if pools else ""
    typed = _("Faces typed (blank: console dice)")
    system = service.campaign.system
    strength = attribute_shown(system, "str")  # the name in the console's language
    save_faces = faces_example(system, {("dice", 6): 2})
    # a round of a contested roll, and a tied round (7-7) with its roll-off: faces the GM reads as such
    one_round, two_rounds = (write_faces(systems.get(system).face_kinds, {"dice": faces})
                             for faces in ([3, 4, 2, 6], [3, 4, 2, 5, 6, 1, 2, 2]))
    return {
        "save": (_("Saving throw"), [FormField("save", _("Save (phys, ment, perc)"), "phys"),
                                     FormField("faces", typed, placeholder=save_faces)],
                 save_run, _("2d6 against the save score: ≥ 2× save critical, ≥ save success (R-TIER-3).")
                 + faces_keys(system, save_faces)),
        "attack": (_("Attack roll"), [FormField("weapon", _("Weapon (item name; blank: type the damage)"), weapon),
                                      FormField("damage", _("Weapon damage (when no item)"), ""),
                                      FormField("melee", _("Melee? (y/n)"), "y"),
                                      FormField("reckless", _("Reckless? (y/n, melee only)"), "n"),
                                      FormField("faces", typed, placeholder=attack_example)],
                   attack_run, attack_hint + faces_keys(system, save_faces)),
        "contested": (_("Contested roll"), [FormField("opponent", _("Opponent (space marks)"),
                                                      choices=_others(service, character.id)),
                                            FormField("attribute", _("Attribute (name)"), strength),
                                            FormField("opp_attribute", _("Opponent's attribute (blank: same)")),
                                            FormField("faces", _("Faces typed (a,a,b,b; blank: console dice)"),
                                                      placeholder=one_round)],
                      contested_run, _("Each side 2d6 + attribute; highest wins; a tie is rolled again (R-TIER-5). "
                                       "Typed faces: 4 per round (yours, yours, theirs, theirs); if the totals tie, "
                                       "type 4 more faces for each reroll (e.g. {faces}).").format(faces=two_rounds)
                      + faces_keys(system, one_round)),
    }


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


def _attack_pools(system: str, character) -> tuple[str, int] | None:
    """The attack pool sizes of ``character`` in words (class bonus + STR / DEX, R-TIER-4), so the GM
    knows how many faces to type, and the melee pool's size (the form's default attack, whose faces the
    example shows); the size is read through the rules core's ``dice_to_roll``. ``None``: no pool to tell."""
    from gmconsole.systems.tiered import roll as tiered

    attrs = character.attributes
    if "str" not in attrs or "dex" not in attrs:
        return None
    bonus = character.class_bonus or 0
    try:
        melee = tiered.dice_to_roll(bonus + attrs["str"].current)
        ranged = tiered.dice_to_roll(bonus + attrs["dex"].current)
    except RulesError:
        return None
    melee_faces, ranged_faces = (faces_example(system, {("dice", 6): n}) for n in (melee, ranged))
    melee_pool = ngettext("melee {count} die (class bonus {bonus} + STR {str})",
                          "melee {count} dice (class bonus {bonus} + STR {str})", melee).format(
        count=melee, bonus=bonus, str=attrs["str"].current)
    ranged_pool = ngettext("ranged {count} die (class bonus {bonus} + DEX {dex})",
                           "ranged {count} dice (class bonus {bonus} + DEX {dex})", ranged).format(
        count=ranged, bonus=bonus, dex=attrs["dex"].current)
    return _("Pool: {melee}, {ranged}: type that many faces, e.g. {melee_faces} (melee) or {ranged_faces} "
             "(ranged).").format(melee=melee_pool, ranged=ranged_pool, melee_faces=melee_faces,
                                 ranged_faces=ranged_faces), melee
