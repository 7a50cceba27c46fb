"""What the roll builder shows in words: skill choices, odds lines, results and costs.

Nothing here decides a rule: it reads the campaign, the tables and the service's previews and
history entries, and turns them into short lines for the GM. Kept apart from the widget so the
history screen shows a roll's odds and costs with the same wording.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gmconsole import systems
from gmconsole.campaign.entries import Entry, PushEntry, RollEntry, as_record, as_roll, given
from gmconsole.campaign.history import typed_steps
from gmconsole.campaign.pending_costs import cost_text, costs_status_text
from gmconsole.i18n import NP_, _, ngettext, pgettext, pick
from gmconsole.rules.data import system_table
from gmconsole.systems.family_phrasing import shares_line

if TYPE_CHECKING:
    from gmconsole.ui.family_console import ConsoleParts

__all__ = [
    "SkillChoice",
    "costs_lines",
    "difficulty_choices",
    "kind_word",
    "modifier_line",
    "odds_line",
    "opposed_line",
    "result_lines",
    "rolled_explanation",
    "signed",
    "skill_choices",
    "stunt_lines",
    "typed_words",
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
    stress = record.detail.value("stress_gained", 0) if isinstance(record, PushEntry) else 0
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


def _console(entry: RollEntry) -> ConsoleParts | None:
    """The console part of the family that made ``entry`` (``None``: a system no family plays)."""
    system = given(entry.system, None)
    if not isinstance(system, str) or systems.find(system) is None:
        return None
    from gmconsole.ui.family_console import console_of

    return console_of(system)


def stunt_lines(entry: Entry | dict) -> list[str]:
    """The stunts or bonus effects a successful roll may buy, as its family words them
    (:class:`gmconsole.ui.family_console.ConsoleParts`); none for a roll of a system no family plays."""
    entry = as_roll(entry)
    part = _console(entry)
    return [] if part is None else part.stunt_lines(entry)


def opposed_line(entry: Entry | dict | None) -> str:
    """An opposed roll recorded with the builder's pool (Year Zero, R-OPP-1) in words, as its family words it;
    ``""`` for any other roll."""
    entry = as_roll(entry or {})
    part = _console(entry)
    return "" if part is None else part.opposed_line(entry)


def result_lines(entry: Entry | dict, *, with_stunts: bool = True) -> list[str]:
    """A recorded roll's result: successes and stunts / tier / top and margin, push state, costs."""
    entry = as_roll(entry)
    lines: list[str] = [modifier_line(entry)] if entry.skill_modifiers else []
    lines += verdict_lines(entry)
    if with_stunts:
        lines += stunt_lines(entry)
    lines += costs_lines(entry)
    return lines


def typed_words(roll: RollEntry, said: str) -> str:
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
    (:class:`gmconsole.ui.family_console.ConsoleParts`); nothing for an entry of a system no family plays."""
    entry = as_roll(entry)
    part = _console(entry)
    return [] if part is None else part.verdict_lines(entry)


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
        lines.append(_("the push: {dice}").format(dice=_(", ").join(f"+{dice}" for dice in pushed)))
    return _("; ").join(lines)


def kind_word(kind: str) -> str:
    """A die kind (``base``) as the console's language calls it; the key itself in English."""
    return pgettext("die kind", DIE_KINDS[kind]) if kind in DIE_KINDS else kind
