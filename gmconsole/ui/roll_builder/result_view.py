"""The roll builder's last result, drawn first under the pane's title: the roll's dice as rolled (R-POOL-1:
by kind and item, in the kinds' colours, a die a push rerolled marked ``*``, a die it added ``+``), then what
they mean (the verdict), then what the GM may do with it (its costs, apply them, push it and what a push may
give, pick a consequence), then the rest (the breakdown recorded with the roll, stunts).

The result comes before the next roll's draft so a GM reads what was just rolled at a glance, even in a
short pane (80×24, where the pane has about 18 lines): right after a roll, push or costs applied, and until
the GM changes the draft, the next roll's pool is folded to one line (:meth:`BuilderController.note_result`,
:meth:`BuilderController.pool_folded`). A roll undone since is said to be taken back, in one line, never with its
dice and verdict as if they counted. With no roll shown, costs still waiting in the campaign are named.
"""

from __future__ import annotations

from rich.text import Text
from textual.containers import Vertical

from gmconsole.campaign.entries import Entry, RollEntry, given
from gmconsole.campaign.service import CampaignService
from gmconsole.i18n import _
from gmconsole.safe_text import shown
from gmconsole.ui.family_console import console_of
from gmconsole.ui.lazy_mount import child, mount_in_place, show_line
from gmconsole.ui.roll_builder.controller import stands
from gmconsole.ui.widgets.dice_pool import DicePool
from gmconsole.ui.widgets.roll_text import (
    costs_lines,
    modifier_line,
    opposed_line,
    rolled_explanation,
    stunt_lines,
    verdict_lines,
)

__all__ = ["LINES", "RESULT_LINES", "LastResult", "next_steps", "result_steps"]

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


def _second_chance(service: CampaignService, entry: RollEntry) -> list[str]:
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
        from gmconsole.campaign.sheet_rolls import push_out_of_scene

        if push_out_of_scene(service.ledger, entry):  # the push follows its roll in the same scene
            return []
        line = _("p: {offer}").format(offer=line)  # the key that takes the offer (P: its face typed)
    return [line] if line else []


def next_steps(service: CampaignService, entry: RollEntry) -> list[str]:
    """What the GM may do next with the roll ``entry``: apply its costs, push it (or why not), pick a
    consequence, apply what a role skill's roll leads to."""
    lines: list[str] = []
    status = given(entry.status, "done")
    if entry.costs_status == "pending":
        lines.append(_("c: apply the costs · u: undo"))
    if status == "done" and _pushes(entry):
        from gmconsole.campaign.sheet_rolls import push_out_of_scene

        refusal = entry.push_refusal or push_out_of_scene(service.ledger, entry)
        if refusal:
            lines.append(_("cannot push: {reason}").format(reason=refusal))
        # R-MYZ-ROLE-1: no push after the role skill's outcome
        elif entry.costs_status != "applied" and not entry.detail.value("role_outcome"):
            from gmconsole.ui.roll_builder.push_odds_view import push_odds_line

            odds = push_odds_line(service, entry)  # "should I push?" on the same line, so it fits at 80x24
            lines.append(_("p: push") + (f" · {odds}" if odds else ""))
    if status == "done":
        from gmconsole.ui.roll_builder.grant_flow import offer_line

        lines += _second_chance(service, entry) + offer_line(service, entry)
        role_outcomes = console_of(service.campaign.system).role_outcomes
        if role_outcomes is not None:  # myz: a build, finds, Save a Life (j), or what was applied
            lines += role_outcomes.offer_lines(service, entry)
    if entry.detail.value("tier") in ("mixed", "limited") and status == "done":
        chosen = console_of(service.campaign.system).chosen_consequences(entry.detail.value("consequences_chosen"))
        lines.append(_("C: apply one (applied: {names})").format(names=chosen) if chosen else _("C: apply one"))
    return lines


def result_steps(service: CampaignService, entry: RollEntry | None, character_id: str | None) -> list[str]:
    """The lines under the last result's verdict: its costs and what the GM may do next; with no roll shown,
    the costs still waiting in the campaign (the selected character's, else anyone's)."""
    steps: list[str] = []
    if entry is not None and stands(entry):
        # "costs: none" is left out: a short pane needs the line
        owes = entry.costs or entry.detail.value("stress_paid")
        steps = (costs_lines(entry) if owes else []) + next_steps(service, entry)
    elif entry is None:
        from gmconsole.ui.cost_applying import newest_pending

        item = newest_pending(service, character_id)
        if item is not None:
            steps.append(_("Costs waiting: roll {id} ({character}) · c: apply").format(
                id=item["roll_id"], character=shown(item.get("character", ""))))
    return steps


def _head(entry: Entry) -> Text:
    """Which roll the result is; a roll undone since says so, struck through, and that it no longer counts."""
    summary = given(entry.summary, "")
    if stands(entry):
        return Text(_("Last roll: {summary}").format(summary=summary), style="bold")
    before, _sep, after = _("Undone — this roll no longer counts: {summary}").partition("{summary}")
    return Text.assemble(before, (summary, "strike"), after, style="bold")


class LastResult(Vertical):
    """The builder's last result (``rb-last``): draws the roll it is given, its dice, verdict, next steps and
    breakdown, each line group taking no room while empty (:data:`RESULT_LINES`)."""

    def show(self, entry: RollEntry | None, steps: list[str], special: str) -> None:
        """Draw ``entry`` (``None``: no roll shown) with the next ``steps`` and ``special``, what the GM's last
        key did with it."""
        is_roll = entry is not None and stands(entry)
        if entry is not None and not is_roll and special == _("Undone: {summary}").format(
                summary=given(entry.summary, "")):
            special = ""  # the head says it already
        self.set_class(entry is None and not steps and not special, "-empty")
        show_line(self, "rb-result-head", _head(entry) if entry is not None else "", RESULT_LINES)
        rolled = child(self, "rb-rolled", DicePool)
        if rolled is None and is_roll:
            rolled = mount_in_place(self, DicePool(id="rb-rolled"), RESULT_LINES)
        if rolled is not None:
            rolled.display = is_roll
            if entry is not None and is_roll:
                rolled.show(entry.dice or [])
        if entry is None or not is_roll:
            verdict: list[str] = []
            rest = steps + ([special] if special else [])
            self._rest_of(None, verdict, rest)
            return
        verdict = verdict_lines(entry)
        opposed = opposed_line(entry)
        if opposed:
            verdict.append(_("Opposed: {line}").format(line=opposed))
        rest = steps + ([special] if special else []) + ([modifier_line(entry)] if entry.skill_modifiers else [])
        self._rest_of(entry, verdict, rest)

    def _rest_of(self, entry: RollEntry | None, verdict: list[str], rest: list[str]) -> None:
        """The verdict (bold) and the lines after it; then the breakdown and the stunts of a roll that stands."""
        text = Text()
        text.append("\n".join(verdict), style="bold")
        if rest:
            text.append(("\n" if verdict else "") + "\n".join(rest))
        show_line(self, "rb-result", text if verdict or rest else "", RESULT_LINES)
        breakdown = [shown(rolled_explanation(entry))] if entry is not None else []
        if entry is not None and any(isinstance(die, dict) and die.get("rerolled") for die in entry.dice or []):
            breakdown.append(_("* rolled at the push (rerolled or added)"))
        if entry is not None and any(isinstance(die, dict) and die.get("added") for die in entry.dice or []):
            breakdown.append(_("+ added by Push Yourself"))
        breakdown = [line for line in breakdown if line]
        show_line(self, "rb-rolled-explain", Text(_("; ").join(breakdown)) if breakdown else "", RESULT_LINES)
        stunts = stunt_lines(entry) if entry is not None else []
        show_line(self, "rb-stunts", Text("\n".join(stunts)) if stunts else "", RESULT_LINES)
