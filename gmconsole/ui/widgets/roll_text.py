"""What the roll builder shows in words: skill choices, odds lines, results and costs.

Nothing here decides a rule: it reads the campaign, the tables and the service's previews and
history entries, and turns them into short lines for the GM. Kept apart from the widget so the
history screen shows a roll's odds and costs with the same wording.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmconsole import systems
from gmconsole.campaign.entries import MISSING, Entry, PushEntry, RollEntry, as_record, as_roll, given
from gmconsole.campaign.history import typed_steps
from gmconsole.campaign.pending_costs import cost_text, costs_status_text
from gmconsole.i18n import N_, NP_, _, language, ngettext, pgettext, pick
from gmconsole.rules.data import extra_successes, system_table
from gmconsole.systems.words import shares_line
from gmconsole.wording import possessive

__all__ = [
    "SkillChoice",
    "chosen_consequences",
    "consequence_names",
    "costs_lines",
    "difficulty_choices",
    "kind_word",
    "modifier_line",
    "odds_line",
    "result_lines",
    "rolled_explanation",
    "signed",
    "sixes_words",
    "skill_choices",
    "stunt_count",
    "stunt_lines",
    "tier_word",
    "verdict_lines",
]


def _en(value) -> str:
    """A data-file name in the console's language (English when the file has none in it)."""
    return pick(value)


@dataclass(frozen=True)
class SkillChoice:
    """One line of the skill list: the id sent to the service (``None``: attribute only) and its label."""

    id: str | None
    label: str
    level: int = 0


def skill_choices(system: str, character, known: tuple[str, ...] | list[str] = (),
                  own: list[tuple[str, str]] | None = None) -> list[SkillChoice]:
    """The skills the GM may pick for ``character``: trained ones first (with level), then the rest
    of the system's table.

    ``exploding`` (docs/RULES.md): a character may try any skill untrained, so every skill of the
    system's table, and of ``known`` (the skills on the campaign's sheets, since the seed names no fixed
    list), is offered; those the character lacks are marked untrained. The service decides what an
    untrained roll costs (the TN); the list only lets the GM pick it. ``tiered`` lists the character's
    own skills. ``own`` is a Year Zero campaign's own skill list as ``(id, name)``, offered
    instead of the table; its names come from the campaign file, so they are shown escaped."""
    skills = character.skills if character is not None else {}
    rows: list[SkillChoice] = []
    game = systems.get(system)
    if game.skills_tried_untrained:
        named = {row["id"]: _en(row.get("name", row["id"])) for row in system_table(system).get("skills") or []}
        for sid in known:
            named.setdefault(sid, sid)
        for sid in skills:
            named.setdefault(sid, sid)
        trained = sorted((s for s in named if skills.get(s, 0) > 0), key=lambda s: (-skills[s], s))
        rest = sorted(s for s in named if s not in trained)
        rows += [SkillChoice(s, f"{named[s]} {_level(system, skills[s])}", skills[s]) for s in trained]
        rows += [SkillChoice(s, _("{skill} (untrained)").format(skill=named[s])) for s in rest]
        rows.append(SkillChoice(None, game.no_skill_label))
        return rows
    table = system_table(system).get("skills", []) if game.skills_listed else []
    if own is not None and game.skills_listed:
        from gmconsole.safe_text import shown

        table = [{"id": sid, "name": shown(name)} for sid, name in own]
    if table or own is not None:
        named = {row["id"]: _en(row["name"]) for row in table}
        trained = [s for s in named if skills.get(s, 0) > 0]
        rest = [s for s in named if s not in trained]
        for sid in trained + rest:
            level = skills.get(sid, 0)
            rows.append(SkillChoice(sid, f"{named[sid]}" + (f" {_level(system, level)}" if level else ""), level))
    else:
        for sid, level in sorted(skills.items(), key=lambda kv: (-kv[1], kv[0])):
            rows.append(SkillChoice(sid, f"{sid} {_level(system, level)}", level))
    rows.append(SkillChoice(None, game.no_skill_label))
    return rows


def _level(system: str, level: int) -> str:
    return systems.get(system).rating_text(level)


def filter_skills(choices: list[SkillChoice], text: str) -> list[SkillChoice]:
    """The choices whose id or label contains every word of ``text`` (case-insensitive)."""
    words = text.casefold().split()
    if not words:
        return list(choices)
    out = []
    for choice in choices:
        hay = f"{choice.id or ''} {choice.label}".casefold()
        if all(w in hay for w in words):
            out.append(choice)
    return out


def difficulty_choices(system: str) -> list[tuple[str, str]]:
    """``(id, label)`` of the system's difficulty ladder, easiest first (tiered has none)."""
    return list(systems.get(system).difficulty_choices())


def signed(n: int) -> str:
    """``n`` with its sign, written with the minus sign the console uses everywhere: ``+2``, ``−1``."""
    return f"{n:+d}".replace("-", "\u2212")


def odds_line(system: str, odds: dict) -> str:
    """The exact odds of a preview in one line: success, with push, panic, costs (banes) / tiers."""
    if not odds:
        return ""
    game = systems.find(system)
    return shares_line(odds) if game is None else game.odds_words(odds)


def costs_lines(entry: Entry | dict) -> list[str]:
    """The costs of a recorded roll, one per line, with their state (pending / applied / dropped); a
    push or a costs entry has its costs but no state of its own; a push names the stress it raised."""
    record = as_record(entry)
    stress = given(record.stress_gained, 0) if isinstance(record, PushEntry) else 0
    entry = as_roll(record)
    stress = entry.detail.value("stress_paid") or stress
    costs = entry.costs or []
    paid = _("stress +{count} paid at the push").format(count=stress) if stress else ""
    if not costs:
        return [_("costs: {costs}").format(costs=paid or _("none"))]
    status = entry.costs_status
    parts = []
    for cost in costs:
        if "name" in cost:  # Year Zero costs: name, amount, target (attribute / item), as every listing words them
            parts.append(cost_text(cost))
        else:  # tiered effects applied with the roll: target (xp, stamina), amount, reason
            amount = cost.get("amount", 0)
            sign = f"{amount:+d}" if isinstance(amount, int) else str(amount)
            parts.append(f"{cost.get('target', '?')} {sign}" + (f" ({cost['reason']})" if cost.get("reason") else ""))
    head = (_("costs {status}: {costs}").format(status=costs_status_text(status), costs=_(", ").join(parts))
            if status else _("costs: {costs}").format(costs=_(", ").join(parts)))
    return [head] + ([_("({paid})").format(paid=paid)] if paid else [])


def stunt_count(entry: Entry | dict) -> int:
    """The stunts / bonus effects a recorded Year Zero roll gives. An opposed roll (R-OPP-1) follows its
    outcome: only a win of the active side gives any, and only its net successes beyond the first
    count (the defender's successes cancel the active side's); a tie or a defender's hold gives none."""
    entry = as_roll(entry)
    opposed = entry.opposed or {}
    if opposed:
        if opposed.get("outcome") != "active":
            return 0
        return max(0, int(opposed.get("net_successes", 0)) - 1)
    return int(entry.detail.value("stunts") or 0)


def sixes_words(entry: Entry | dict) -> str:
    """R-STUNT-1: a recorded roll of a skill whose text counts every 6 (Move, a side deal, Heal, Shake It Off,
    Inspire) in the skill's words, ``2 sixes: 2 friends helped``; ``""`` for any other roll (an opposed roll
    follows its outcome, :func:`stunt_count`)."""
    from gmconsole.systems.yearzero.sixes import every_six, marks_of

    entry = as_roll(entry)
    skill, successes = given(entry.skill, None), given(entry.successes, None)
    game = systems.find(given(entry.system, ""))
    if not skill or not isinstance(successes, int) or entry.opposed or game is None or not game.lists_stunts:
        return ""  # the skills that count every 6 are myz skills, listing their own stunts
    counted = every_six(game.id, skill, successes, marks_of(entry.skill_modifiers or ()))
    return counted.text() if counted is not None else ""


def _stunts(entry: RollEntry) -> list[str]:
    from gmconsole.systems.yearzero.limits import stunt_warning

    options = entry.detail.value("stunt_list") or []
    if not options or not (stunt_count(entry) or sixes_words(entry)):  # one 6 may buy Move's stunt (R-STUNT-1)
        return []
    system = given(entry.system, "")
    game = systems.find(system)
    if game is None or not game.lists_stunts:
        return [_("bonus effects: {effects}").format(
            effects=" · ".join(_en(o).rstrip(".").rstrip("。") for o in options))]
    limit = stunt_warning(system, given(entry.skill, None), stunt_count(entry), len(options))
    return [_("stunts:")] + [f"  • {_en(o)}" for o in options] + ([f"⚠ {limit.text} (R-MYZ-LIMIT)"] if limit else [])


def modifier_line(entry: Entry | dict) -> str:
    """The named skill modifiers a recorded roll was made with (seed 002's lists; myz: what a role
    skill's roll is for), each by its English name (the view's language), its detail and value; ``""`` if none."""
    parts = []
    for row in as_roll(entry).skill_modifiers or ():
        if not isinstance(row, dict):
            continue
        name = _en(row.get("name") or row.get("id", "?")).rstrip(".").rstrip("。")
        detail = f" {row['detail']}" if isinstance(row.get("detail"), str) else ""
        value = row.get("modifier")
        sign = f" {value:+d}".replace("-", "\u2212") if isinstance(value, int) and value else ""
        parts.append(f"{name}{detail}{sign}")
    return _("modifiers: {modifiers}").format(modifiers=_("; ").join(parts)) if parts else ""


def stunt_lines(entry: Entry | dict) -> list[str]:
    """The stunts (`myz`: the skill's own list) or bonus effects (`yze`) a successful roll may buy."""
    return _stunts(as_roll(entry))


def result_lines(entry: Entry | dict, *, with_stunts: bool = True) -> list[str]:
    """A recorded roll's result: successes and stunts / tier / top and margin, push state, costs."""
    entry = as_roll(entry)
    lines: list[str] = [modifier_line(entry)] if entry.skill_modifiers else []
    lines += verdict_lines(entry)
    if with_stunts:
        lines += _stunts(entry)
    lines += costs_lines(entry)
    return lines


def _typed_words(roll: RollEntry, said: str) -> str:
    """``said`` followed by `` (typed faces)`` when every step of the roll was typed from physical dice, by the
    typed steps' names when some were and others the console rolled (`` (typed: first roll)``), one sentence
    either way; ``said`` as it is when the console rolled it all."""
    typed = typed_steps(roll)
    steps = roll.by_hand_steps if isinstance(roll.by_hand_steps, list) else [roll.by_hand]
    if not typed:
        return said
    if len(typed) == len(steps):
        return _("{said} (typed faces)").format(said=said)
    return _("{said} (typed: {steps})").format(said=said, steps=_(", ").join(typed))


def verdict_lines(entry: Entry | dict) -> list[str]:
    """What a recorded roll means, without its costs, stunts or modifiers, as its family words it
    (:class:`gmconsole.ui.family_console.ConsoleParts`); an entry of a system no family plays is read by
    its fields (:func:`recorded_verdict_lines`)."""
    entry = as_roll(entry)
    system = given(entry.system, None)
    if isinstance(system, str) and systems.find(system) is not None:
        from gmconsole.ui.family_console import console_of

        return console_of(system).verdict_lines(entry)
    return recorded_verdict_lines(entry)


def recorded_verdict_lines(entry: Entry | dict) -> list[str]:
    """A recorded roll's verdict read by its fields, as gmconsole's own families word it: successes and
    stunts / tier / top and margin, pushed, typed faces, a panic it triggers, the consequences offered."""
    entry = as_roll(entry)
    system = given(entry.system, "")
    detail = entry.detail  # the tier, the top die, stunts and panic: the roll's family's own fields
    lines: list[str] = []
    def by_hand(said: str) -> str:
        return _typed_words(entry, said)

    if entry.successes is not MISSING:
        n = entry.successes
        stunts = stunt_count(entry)
        sixes = sixes_words(entry)  # R-STUNT-1: every 6 counted in the skill's words, not "N-1 stunts"
        extra = _(", ") + sixes if sixes else (f", {extra_successes(system, stunts)}" if stunts else "")
        pushed = _(" · pushed {count}×").format(count=entry.pushes) if entry.pushes else ""
        opposed = entry.opposed or {}
        if opposed:  # R-OPP-1: the verdict is the opposed outcome, on net successes
            verdict = {"active": _("SUCCESS"), "reroll": _("TIE")}.get(opposed.get("outcome", ""), _("FAILURE"))
            net = opposed.get("net_successes", 0)
            said = _("{verdict} (opposed): net {successes} ({rolled} rolled − {defender} of the defender)")
            lines.append(by_hand(said.format(verdict=verdict, successes=_successes(net), rolled=n,
                                             defender=opposed.get("defender_successes", 0)) + f"{extra}{pushed}"))
        else:
            verdict = _("SUCCESS") if n else _("FAILURE")
            lines.append(by_hand(_("{verdict}: {successes}").format(verdict=verdict, successes=_successes(n))
                                 + f"{extra}{pushed}"))
        # a GM roll names no character: charged to nobody
        if detail.value("panic") and given(entry.character_id, "") is None:
            lines.append(_("a stress die shows 1 (R-PUSH-3): a GM roll, so nobody panics"))
        elif detail.value("panic"):
            lines.append(_("a stress die shows 1: panic roll due (R-PUSH-3)"))
    elif detail.value("tier") is not MISSING:
        from gmconsole.systems.tiered.wording import tier_reading

        outcome = entry.outcome if isinstance(entry.outcome, dict) else {}
        faces = [face for d in entry.dice or [] if isinstance(d, dict) and isinstance(face := d.get("face"), int)]
        tier = detail.value("tier")
        reading = tier_reading(str(tier), faces, detail.value("highest", None), outcome.get("keeps_lowest") is True)
        lines.append(by_hand(_("{tier} ({reading})").format(tier=tier_word(tier), reading=reading)))
        if detail.value("consequences") == "offered":
            names = _(", ").join(consequence_names().values())
            lines.append(_("consequences to choose: {names}").format(names=names))
    elif detail.value("top") is not MISSING:
        verdict = (_("CRITICAL FAILURE") if detail.value("critical_failure")
                   else (_("SUCCESS") if detail.value("success") else _("FAILURE")))
        margin = detail.value("margin")
        said = (_("{verdict}: top {top} vs TN {tn}, margin {margin}") if isinstance(margin, int)
                else _("{verdict}: top {top} vs TN {tn}")).format(
            verdict=verdict, top=detail.value("top"), tn=detail.value("tn", None),
            margin=f"{margin:+d}" if isinstance(margin, int) else "")
        lines.append(by_hand(said))
    return lines


def _successes(n: int) -> str:
    return ngettext("{count} success", "{count} successes", n).format(count=n)


def consequence_names() -> dict[str, str]:
    """The tiered consequences (``data/tiered.toml``) by key, each by its name in the console's language."""
    from gmconsole.systems.tiered import roll as tiered

    return {c.key: pick(c.name, c.key) for c in tiered.consequences()}


def chosen_consequences(keys) -> str:
    """The consequences a roll has had applied, as a list: in English the keys the entry records (``damage,
    lost-gear``, as it always read), in another language each one's name from the data file."""
    named = {} if language() == "en" else consequence_names()
    return _(", ").join(named.get(key, key) for key in keys or [])


def tier_word(tier) -> str:
    """A tiered result as the result line shows it (:func:`gmconsole.systems.tiered.wording.tier_shouted`)."""
    from gmconsole.systems.tiered.wording import tier_shouted

    return tier_shouted(tier)


DIE_KINDS = {"base": NP_("die kind", "base"), "skill": NP_("die kind", "skill"), "gear": NP_("die kind", "gear"),
             "stress": NP_("die kind", "stress"), "artifact": NP_("die kind", "artifact"),
             "step": NP_("die kind", "step"), "trait": NP_("die kind", "trait")}


def _dice_of_kind(n: int, kind: str) -> str:
    """``2 stress dice`` (the words of a die's kind translated where the catalogue has them)."""
    return ngettext("{count} {kind} die", "{count} {kind} dice", n).format(count=n, kind=kind_word(kind))


def rolled_explanation(entry: Entry | dict) -> str:
    """The breakdown of a recorded roll's pool, as recorded with it, with the dice its pushes added
    (a Year Zero push's new stress die, R-PUSH-4): what the dice under it were rolled from."""
    entry = as_roll(entry)
    pool = entry.pool or {}
    lines = list(pool.get("explanation") or [])
    added: dict[str, int] = {}
    for die in entry.dice or []:
        if isinstance(die, dict) and die.get("added"):  # tiered's Push Yourself die: its own line says it
            continue
        added[str(die.get("kind"))] = added.get(str(die.get("kind")), 0) + 1
    for die in pool.get("dice") or []:
        added[str(die.get("kind"))] = added.get(str(die.get("kind")), 0) - 1
    pushed = [_dice_of_kind(n, kind) for kind, n in added.items() if n > 0]
    if entry.pushes and pushed:
        lines.append(_("the push: +") + (_(", ") + "+").join(pushed))
    return _("; ").join(lines)


def opposed_line(entry: Entry | dict | None) -> str:
    """A Year Zero opposed roll (R-OPP-1) of a recorded entry in words: both sides' successes, the
    defender's faces and who carries it — read from the entry, so it follows a push."""
    entry = as_roll(entry or {})
    opposed = entry.opposed
    if not opposed:
        return ""
    from gmconsole.ui.widgets.dice_pool import dice_words

    faces = dice_words(opposed.get("defender_dice", []))
    outcome = {"active": _("the active side wins"), "defender": _("the defender holds (a tie fails the active side)"),
               "reroll": _("a tie: roll the opposed roll again (setting)")}[opposed["outcome"]]
    line = _("{name}: {successes} · {defender}: {defender_successes} ({faces}) → {outcome}; net successes "
             "{count}").format(name=given(entry.character, None), successes=opposed["active_successes"],
                               defender=opposed["defender"], defender_successes=opposed["defender_successes"],
                               faces=faces, outcome=outcome, count=opposed["net_successes"])
    if opposed.get("defender_panic") and opposed.get("defender_id"):
        state = {"pending": _("panic roll pending (c applies it)"), "applied": _("panic roll applied")}.get(
            entry.costs_status, _("panic roll due"))
        line = _("{line}; {owner} stress die shows 1: {state} (R-PANIC-1)").format(
            line=line, owner=possessive(opposed["defender"]), state=state)
    return line


def kind_word(kind: str) -> str:
    """A die kind (``base``) as the console's language calls it; the key itself in English."""
    return pgettext("die kind", DIE_KINDS[kind]) if kind in DIE_KINDS else kind


TN_TABLES = {"social": N_("social"), "other": N_("other"), "situational": N_("situational"),
             "environmental": N_("environmental")}
"""The exploding TN modifier tables by the word that heads each row of the picker (the key in English)."""


def tn_modifier_choices() -> list[tuple[str, str]]:
    """``(table.key, label)`` of every exploding TN modifier the GM may pick by hand, with the seed's
    value or range (e.g. ``other: Cramped +1-4``)."""
    from gmconsole.systems.exploding import roll as exploding

    out = []
    for table, entries in exploding.modifier_tables().items():
        for e in entries:
            if e.pickable:
                group = _("{group}: ").format(group=_en(e.group)) if e.group else ""
                named = _(TN_TABLES[table]) if table in TN_TABLES else table
                row = f"{group}{_en(e.name)} {e.range_text()}"
                out.append((e.full_key, _("{table}: {row}").format(table=named, row=row)))
    return out


def tn_modifier_text(pick: str) -> str:
    """A picked exploding TN modifier (``environmental.darkness`` or ``other.cramped=2``) by the name
    the seed's table gives it, with the amount chosen: ``Darkness``, ``Cramped +2``."""
    from gmconsole.rules.errors import RulesError
    from gmconsole.systems.exploding import roll as exploding

    key, _sep, amount = pick.partition("=")
    try:
        name = _en(exploding.find_modifier(key).name)
    except RulesError:
        return pick
    return f"{name} {signed(int(amount))}" if amount.lstrip("+-").isdigit() else name
