"""The exploding family's special rolls in the console, offered by the roll builder: the opposed test
(R-EXP-4, ``service.rolls.opposed_test``), the assisted untrained check (``service.rolls.assisted_check``)
and the group check (``service.rolls.group_check``), and each one's words from its recorded entry.

Every roll goes through the campaign service, so it is recorded in the history and undoable; this module
only asks the questions and words the recorded entry. Who takes part is marked in lists of the roster, the
skill, trait and difficulty are typed by id or name in any case. :func:`exploding_forms` returns each form
as ``(title, fields, run, hint)`` for :class:`~gmconsole.ui.screens.roll_form.RollFormScreen`; ``run`` raises
``ValueError`` with one sentence on bad input.
"""

from __future__ import annotations

from gmconsole.campaign.entries import Entry, as_special, given
from gmconsole.families.exploding.rules.detail import ExplodingSpecialDetail
from gmconsole.i18n import N_, _, ngettext, pick
from gmconsole.phrasing import side_by_side
from gmconsole.rules.errors import RulesError
from gmconsole.ui.screens.pickers import roster_choices
from gmconsole.ui.screens.roll_form import FormField
from gmconsole.ui.widgets.faces_text import with_letters
from gmconsole.ui.widgets.roll_specials import Form, other_rows, skill_rows, then_hint

__all__ = ["assisted_text", "exploding_forms", "group_text", "opposed_test_text"]

TIE_GOES_TO = {"defender": N_("→ {winner} wins (R-EXP-4: higher top wins, a tie goes to the defender)"),
               "active": N_("→ {winner} wins (R-EXP-4: higher top wins, a tie goes to the active)")}
"""An exploding opposed test's outcome, by who its tie goes to (the entry keeps the English word)."""


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


def _check_text(name: str, row: dict, verdict: bool = True) -> str:
    dice = " ".join("+".join(str(f) for f in d["faces"]) for d in row.get("dice", []))
    said = _("{name}: top {top} [{dice}]") if row.get("tn") is None else _("{name}: top {top} vs TN {tn} [{dice}]")
    text = said.format(name=name, top=row["top"], tn=row.get("tn"), dice=dice)
    if not verdict:
        return text
    return text + " " + (_("critical failure") if row.get("critical_failure") else _verdict(row.get("success")))


def _verdict(success) -> str:
    return _("success") if success else _("failure")


def opposed_test_text(entry: Entry | dict) -> str:
    """An exploding opposed test (R-EXP-4) in words, from its entry."""
    test = as_special(entry)
    own = ExplodingSpecialDetail.of(test.detail)
    outcome = test.outcome
    a = _check_text(given(test.character, ""), outcome["active"], verdict=False)
    d = _check_text(own.defender, outcome["defender"], verdict=False)
    said = TIE_GOES_TO.get(str(own.tie_goes_to), TIE_GOES_TO["defender"])
    return f"{a}\n{d}\n" + _(said).format(winner=test.winner_name)


def assisted_text(entry: Entry | dict) -> str:
    """An assisted check in words: the TN, the leader's pool, each participant's turn, the successes."""
    assisted = ExplodingSpecialDetail.of(as_special(entry).detail)
    check, rolls = assisted.assisted, assisted.rolls
    lines = [_("TN {tn}").format(tn=check["tn"]),
             _("{check} → pool {pool}").format(check=_check_text(rolls[0]["name"], rolls[0]),
                                                pool=check["leader"]["pool_after"])]
    for step, row in zip(check["steps"], rolls[1:]):
        said = _("{check}, spends {spent} → {verdict} (pool {pool})") if step["spent"] else _(
            "{check} → {verdict} (pool {pool})")
        lines.append(said.format(check=_check_text(row["name"], row, verdict=False), spent=step["spent"],
                                 verdict=_verdict(step["success"]), pool=step["pool_after"]))
    n = check["successes"]
    lines.append("→ " + ngettext("{count} success", "{count} successes", n).format(count=n))
    return "\n".join(lines)


def group_text(entry: Entry | dict) -> str:
    """A group check in words: the TN and why, each result, the count of successes."""
    group = ExplodingSpecialDetail.of(as_special(entry).detail).group
    why = side_by_side(f"{ln['label']} {ln['amount']:+d}" for ln in group["tn_lines"])
    lines = [_("TN {tn} ({why})").format(tn=group["tn"], why=why)]
    lines += [_check_text(r["name"], r) for r in group["results"]]
    lines.append(_("→ {count} of {total} succeed").format(count=group["successes"], total=len(group["results"])))
    return "\n".join(lines)


def exploding_forms(service, character, state: dict, rng) -> dict[str, Form]:
    """Opposed test (R-EXP-4), assisted untrained check and group check for the ``exploding`` system,
    each recorded through the service. ``state`` is the builder's skill, attribute, difficulty and TN
    modifiers (used by the assisted and group checks)."""
    from gmconsole.families.exploding.rules import roll as exploding
    from gmconsole.ui.widgets.sheet_view import attribute_ids

    attribute = state.get("attribute") or next(iter(character.attributes))
    skill = state.get("skill") or ""
    levels = [(d.key, pick(d.name, d.key)) for d in exploding.difficulties()]
    difficulty = dict(levels).get(state.get("difficulty") or exploding.default_difficulty(), "")
    tn_modifiers = tuple(state.get("tn_modifiers") or ())
    skills = skill_rows(service)
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
    others = other_rows(service, character.id)
    return {
        "opposed": (_("Opposed test"), [FormField("opponent", _("Defender (space marks)"), choices=others)] + common + [
            FormField("opp_skill", _("Defender's skill"), choices=(("", _("(the same skill)")),) + skill_rows(service),
                      marked=("",)),
            FormField("opp_attribute", _("Defender's trait"), attribute),
            FormField("faces", _("Faces typed (blank: console dice)"),
                      placeholder=_("s8+3,2,5,1 t5,4 (active then defender)")),
        ], opposed_run, with_letters(then_hint(_("R-EXP-4: both roll exploding dice; the higher top wins; a tie goes "
                                                 "to the defender (setting)."), listed),
                                     service.campaign.system, "s t")),
        "group": (_("Group check"), [
            FormField("participants", _("Trained participants (space marks)"),
                      choices=_trained_rows(service, skill), many=True, marked=(character.id,),
                      follows="skill", relabel=lambda typed: _trained_rows(service, _named(typed, skills))),
        ] + common + [
            FormField("difficulty", _("Difficulty"), difficulty),
            FormField("faces", _("Faces typed (blank: console dice)"),
                      placeholder=_("s5,3,8+2,4 t4,6 (each participant in turn)")),
        ], group_run, with_letters(then_hint(_("TN −1 per trained participant; everyone rolls; the console counts the "
                                               "successes."), listed), service.campaign.system, "s t")),
        "assisted": (_("Assisted untrained check"), [
            FormField("others", _("Untrained participants (space marks, in turn: the order marked)"), choices=others,
                      many=True, ordered=True),
            FormField("hold", _("Who keeps the pool instead of spending (none marked: all spend)"), choices=others,
                      many=True),
        ] + common + [
            FormField("difficulty", _("Difficulty"), difficulty),
            FormField("faces", _("Faces typed (blank: console dice)"),
                      placeholder=_("s8+3,2 t4,5,3 (the leader's, then each trait die in turn)")),
        ], assisted_run, with_letters(then_hint(_("The trained leader rolls first against TN +1 per other participant; "
                                                  "points above the TN form a pool the others spend, in turn, to close "
                                                  "their gap."), listed), service.campaign.system, "s t")),
    }
