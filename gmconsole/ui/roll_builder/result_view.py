"""The roll builder's last result, drawn first under the pane's title: the roll's dice as rolled (R-POOL-1:
by kind and item, in the kinds' colours, a die a push rerolled marked ``*``, a die it added ``+``), then what
they mean (the verdict), then what the GM may do with it (its costs, apply them, push it and what a push may
give, pick a consequence), then the rest (the breakdown recorded with the roll, stunts).

The result comes before the next roll's draft so a GM reads what was just rolled at a glance, even in a
short pane (80×24, where the pane has about 18 lines): right after a roll, push or costs applied, and until
the GM changes the draft, the next roll's pool is folded to one line (:func:`note_result`,
:meth:`RollBuilder.pool_folded`). A roll undone since is said to be taken back, in one line, never with its
dice and verdict as if they counted. With no roll shown, costs still waiting in the campaign are named.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text
from textual.containers import Vertical

from gmconsole.campaign.entries import Entry, RollEntry, given
from gmconsole.i18n import _
from gmconsole.safe_text import shown
from gmconsole.ui.lazy_mount import child, mount_in_place, show_line
from gmconsole.ui.widgets.dice_pool import DicePool
from gmconsole.ui.widgets.roll_text import (
    costs_lines,
    modifier_line,
    opposed_line,
    rolled_explanation,
    stunt_lines,
    verdict_lines,
)

if TYPE_CHECKING:
    from gmconsole.ui.roll_builder.draft import RollDraft
    from gmconsole.ui.roll_builder.pane import RollBuilder

__all__ = ["LINES", "RESULT_LINES", "draw_result", "keep_in_view", "next_steps", "note_result", "pool_folded",
           "result_key", "warning_lines"]

LINES = ("rb-title", "rb-message", "rb-last", "rb-skill-row", "rb-skills", "rb-settings", "rb-pool", "rb-odds",
         "rb-warnings", "rb-explain")
"""The roll builder's parts, top to bottom: the title, the message answering the GM's last key, the last
result (``rb-last``, :data:`RESULT_LINES`), then the next roll's draft (skill, settings, pool, odds, the
warnings about it, its breakdown). Those not composed up front are mounted when first needed
(:mod:`~gmconsole.ui.lazy_mount`)."""

RESULT_LINES = ("rb-result-head", "rb-rolled", "rb-result", "rb-rolled-explain", "rb-stunts")
"""The last result's lines, top to bottom: which roll, its dice, then in ``rb-result`` the verdict (bold), its
costs and what the GM may do next, what the GM's last key did with it (applied, undone, a special roll's
result) and the named modifiers it was rolled with; then the breakdown recorded with the roll and its stunts."""


def _pushes(entry: RollEntry) -> bool:
    """Whether the system that made ``entry`` pushes rolls (a GM roll of an unknown system: no)."""
    from gmconsole import systems
    from gmconsole.rules.errors import RulesError

    try:
        return systems.get(given(entry.system, None)).pushes
    except RulesError:
        return False


def _second_chance(service, entry: RollEntry) -> list[str]:
    """The line a system without pushes gives on its own second chance: tiered's Push Yourself die added after
    the roll (with the key that adds it, ``p``), exploding's retry after a change of circumstances."""
    from gmconsole import systems
    from gmconsole.rules.errors import RulesError

    try:
        part = systems.family_of(given(entry.system, None)).second_chance
    except RulesError:
        return []
    if part is None:
        return []
    character = service.campaign.character(given(entry.character_id, None))
    stamina = getattr(character, "stamina", None) if character is not None else None
    line = part.after_roll_line(entry.to_dict(), stamina if isinstance(stamina, int) else None)
    if line and systems.get(given(entry.system, None)).push_adds_die:
        from gmconsole.campaign.rolls import push_out_of_scene

        if push_out_of_scene(service.ledger, entry):  # the push follows its roll in the same scene
            return []
        line = _("p: {offer}").format(offer=line)  # the key that takes the offer (P: its face typed)
    return [line] if line else []


def next_steps(service, entry: RollEntry) -> list[str]:
    """What the GM may do next with the roll ``entry``: apply its costs, push it (or why not), pick a
    consequence, apply what a role skill's roll leads to."""
    lines: list[str] = []
    status = given(entry.status, "done")
    if entry.costs_status == "pending":
        lines.append(_("c: apply the costs · u: undo"))
    if status == "done" and _pushes(entry):
        from gmconsole.campaign.rolls import push_out_of_scene

        refusal = entry.push_refusal or push_out_of_scene(service.ledger, entry)
        if refusal:
            lines.append(_("cannot push: {reason}").format(reason=refusal))
        elif entry.costs_status != "applied" and not entry.role_outcome:  # R-MYZ-ROLE-1: not after its outcome
            from gmconsole.ui.roll_builder.push_odds_view import push_odds_line

            odds = push_odds_line(service, entry)  # "should I push?" on the same line, so it fits at 80x24
            lines.append(_("p: push") + (f" · {odds}" if odds else ""))
    if status == "done":
        from gmconsole.ui.roll_builder.grant_flow import offer_line
        from gmconsole.ui.roll_builder.role_flows import offer_lines

        lines += _second_chance(service, entry) + offer_line(service, entry)
        lines += offer_lines(service, entry)  # myz: a build, finds, Save a Life (j), or what was applied
    if entry.tier in ("mixed", "limited") and status == "done":
        from gmconsole.ui.widgets.roll_text import chosen_consequences

        chosen = chosen_consequences(entry.consequences_chosen)
        lines.append(_("C: apply one") + (_(" (applied: {names})").format(names=chosen) if chosen else ""))
    return lines


def _stands(entry: Entry | None) -> bool:
    return entry is not None and given(entry.status, "done") == "done"


def result_key(builder: RollBuilder) -> tuple | None:
    """What the result shown stands for (which roll, in which state, and the words of the GM's last key about
    it): a new key means a new result to read."""
    entry = builder.last_entry
    if entry is None:
        return ("special", builder.special_text) if builder.special_text else None
    consequences = tuple(given(entry.consequences_chosen, None) or ())
    return (given(entry.session, None), entry.id, given(entry.status, "done"), given(entry.pushes, 0),
            given(entry.costs_status, None), consequences, bool(given(entry.role_outcome, None)),
            builder.special_text)


def note_result(builder: RollBuilder) -> bool:
    """Before the pane is drawn: whether a result appeared since it was last drawn (a roll, a push, its
    costs applied, an undo), and if it is a roll that stands, fold the next roll's pool for the draft as it
    is now (it unfolds when the GM changes the draft, :meth:`RollBuilder.pool_folded`)."""
    key = result_key(builder)
    if key == builder.result_seen:
        return False
    builder.result_seen = key
    builder.folded_for = builder.draft if _stands(builder.last_entry) else None
    return key is not None


def _head(entry: Entry) -> Text:
    """Which roll the result is; a roll undone since says so, struck through, and that it no longer counts."""
    summary = given(entry.summary, "")
    if _stands(entry):
        return Text(_("Last roll: {summary}").format(summary=summary), style="bold")
    before, _sep, after = _("Undone — this roll no longer counts: {summary}").partition("{summary}")
    return Text.assemble(before, (summary, "strike"), after, style="bold")


def _container(builder: RollBuilder) -> Vertical:
    box = child(builder, "rb-last", Vertical)
    if box is None:
        box = mount_in_place(builder, Vertical(id="rb-last"), LINES)
    return box


def draw_result(builder: RollBuilder) -> None:
    """Draw the builder's last result (or the costs still waiting) above the next roll's draft."""
    entry: Entry | None = builder.last_entry
    stands = _stands(entry)
    steps: list[str] = []
    if stands:
        owes = entry.costs or entry.stress_paid  # "costs: none" is left out: a short pane needs the line
        steps = (costs_lines(entry) if owes else []) + next_steps(builder.service, entry)
    elif entry is None:
        from gmconsole.ui.cost_applying import newest_pending

        item = newest_pending(builder.service, builder.character_id)
        if item is not None:
            steps.append(_("Costs waiting: roll {id} ({character}) · c: apply").format(
                id=item["roll_id"], character=shown(item.get("character", ""))))
    special = builder.special_text
    if entry is not None and not stands and special == _("Undone: {summary}").format(summary=given(entry.summary, "")):
        special = ""  # the head says it already
    box = child(builder, "rb-last", Vertical)
    if box is None and entry is None and not steps and not special:
        return
    box = box or _container(builder)
    box.set_class(entry is None and not steps and not special, "-empty")
    show_line(box, "rb-result-head", _head(entry) if entry is not None else "", RESULT_LINES)
    rolled = child(box, "rb-rolled", DicePool)
    if rolled is None and stands:
        rolled = mount_in_place(box, DicePool(id="rb-rolled"), RESULT_LINES)
    if rolled is not None:
        rolled.display = stands
        if stands:
            rolled.show(entry.dice or [])
    verdict = verdict_lines(entry) if stands else []
    opposed = opposed_line(entry) if stands else ""
    if opposed:
        verdict.append(_("Opposed: {line}").format(line=opposed))
    rest = steps + ([special] if special else []) + ([modifier_line(entry)] if stands and entry.skill_modifiers else [])
    text = Text()
    text.append("\n".join(verdict), style="bold")
    if rest:
        text.append(("\n" if verdict else "") + "\n".join(rest))
    show_line(box, "rb-result", text if verdict or rest else "", RESULT_LINES)
    breakdown = [shown(rolled_explanation(entry))] if stands else []
    if stands and any(isinstance(die, dict) and die.get("rerolled") for die in entry.dice or []):
        breakdown.append(_("* rerolled by the push"))
    if stands and any(isinstance(die, dict) and die.get("added") for die in entry.dice or []):
        breakdown.append(_("+ added by Push Yourself"))
    breakdown = [line for line in breakdown if line]
    show_line(box, "rb-rolled-explain", Text(_("; ").join(breakdown)) if breakdown else "", RESULT_LINES)
    stunts = stunt_lines(entry) if stands else []
    show_line(box, "rb-stunts", Text("\n".join(stunts)) if stunts else "", RESULT_LINES)


def _own(draft: RollDraft) -> RollDraft:
    """``draft`` without the drafts left with other characters (a look at another character changes none)."""
    return replace(draft, others={})


def pool_folded(builder: RollBuilder) -> bool:
    """Whether the next roll's pool is drawn on one line: from a roll's result until the draft changes."""
    if builder.folded_for is not None and _own(builder.folded_for) != _own(builder.draft):
        builder.folded_for = None
    return builder.folded_for is not None


def warning_lines(builder: RollBuilder, warnings: list[str]) -> str:
    """The warnings under the next roll's pool, each marked ⚠. Right after a roll, until the GM changes the draft
    (its pool folded), "only one chance" is no warning about the roll just made: it says, unmarked, what the
    next roll of that skill needs; building a second roll brings the warning back."""
    advice = None
    if pool_folded(builder):
        from gmconsole.campaign.rolls import one_chance_words

        character = builder.character()
        words = one_chance_words(builder.service.ledger, character,
                                 builder.request()) if character is not None else None
        if words is not None and words[0] in warnings:
            warnings = [w for w in warnings if w != words[0]]
            advice = words[1]
    return "\n".join([*(f"⚠ {w}" for w in warnings), *([advice] if advice else [])])


def keep_in_view(builder: RollBuilder, *, fresh: bool) -> None:
    """Scroll the pane so the GM sees what they just did: a new result from its first line (its dice), a
    change of the draft under a result down to the odds it changed and the warnings under them (a short pane
    holds not both)."""
    drawn = (builder.character_id, _own(builder.draft))
    draft_changed = builder.drawn is not None and builder.drawn[0] == drawn[0] and builder.drawn != drawn
    builder.drawn = drawn
    if fresh:
        builder.scroll_home(animate=False, immediate=True)
    elif draft_changed and _stands(builder.last_entry):
        shown = [child(builder, name) for name in ("rb-warnings", "rb-odds", "rb-pool")]
        line = next((w for w in shown if w is not None and w.display), None)
        if line is not None:
            builder.call_after_refresh(builder.scroll_to_widget, line, animate=False)
