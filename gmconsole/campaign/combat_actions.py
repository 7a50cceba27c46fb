"""Fast and slow actions in the campaign's conflict (R-ACT-1, R-ACT-2; the rules are
:mod:`gmconsole.rules.initiative_actions`): the words the GM reads, the warning before a roll whose helper has
no action of the kind helped left, and the helpers' actions a recorded roll takes.

Only a system whose seed names fast and slow actions keeps them (:attr:`GameSystem.fast_slow_actions
<gmconsole.systems.base.GameSystem.fast_slow_actions>`); elsewhere every function here does nothing.
"""

from __future__ import annotations

from gmconsole import systems
from gmconsole.campaign.model import Campaign
from gmconsole.i18n import N_, _
from gmconsole.rules import initiative_actions as actions
from gmconsole.rules.initiative import Initiative

__all__ = ["ACTION_WORDS", "action_word", "help_warnings", "mark_helpers", "taken_text"]

ACTION_WORDS = {"fast": N_("fast action"), "slow": N_("slow action")}
"""Each kind of action as the GM reads it (seed 002: 快速 / 緩慢 行動)."""

KIND_WORDS = {"fast": N_("fast"), "slow": N_("slow")}
"""Each kind alone, as the initiative table's column and the table view's turn list name it."""


def action_word(kind: str) -> str:
    return _(ACTION_WORDS[kind]) if kind in ACTION_WORDS else kind


def taken_text(state: Initiative, combatant: str) -> str:
    """``fast, slow``: the kinds of action ``combatant`` has taken this round (R-ACT-1), ``fast 1/2`` with two
    places in the order; ``""`` for none."""
    most = actions.places(state, combatant)
    said = []
    for kind in actions.KINDS:
        count = actions.taken(state, combatant, kind)
        if count:
            said.append(_(KIND_WORDS[kind]) + (f" {count}/{most}" if most > 1 else ""))
    return _(", ").join(said)


def _conflict(campaign: Campaign) -> Initiative | None:
    """The conflict's initiative where the system keeps fast and slow actions, else ``None``."""
    data = campaign.current_session.initiative
    if data is None or not systems.get(campaign.system).fast_slow_actions:
        return None
    return Initiative.from_dict(data)


def _helping(state: Initiative, roller_id: str, helper_ids) -> tuple[str, list[str]]:
    """The kind of action helped and the helpers who are in the conflict (R-ACT-2)."""
    fighting = state.combatants()
    return actions.helped_kind(state, roller_id), [h for h in helper_ids if h in fighting]


def help_warnings(campaign: Campaign, roller_id: str, helper_ids) -> list[str]:
    """R-ACT-2, before the roll: each helper in the conflict with no action of the kind helped left this round
    (the GM may roll anyway; the marks stay at every action of that kind taken)."""
    state = _conflict(campaign)
    if state is None or not helper_ids:
        return []
    kind, helpers = _helping(state, roller_id, helper_ids)
    out = []
    for helper in helpers:
        if not actions.left(state, helper, kind):
            character = campaign.character(helper)
            out.append(_("{name} has no {action} left this round: help is an action of the kind helped "
                         "(R-ACT-2)").format(name=character.name if character else helper, action=action_word(kind)))
    return out


def mark_helpers(c: Campaign, roller_id: str, helper_ids) -> dict | None:
    """R-ACT-2, as the roll is recorded on the copy ``c``: each helper in the conflict takes an action of the
    kind helped. Returns the roll entry's ``actions`` (``{"kind", "helpers", "summary"}``, the helpers whose
    action was marked) or ``None`` when nothing was marked (no conflict, no helper in it, no such system)."""
    state = _conflict(c)
    if state is None or not helper_ids:
        return None
    kind, helpers = _helping(state, roller_id, helper_ids)
    marked = []
    for helper in helpers:
        state, had = actions.spend(state, helper, kind)
        if had:
            marked.append(helper)
    if not marked:
        return None
    c.current_session.initiative = state.to_dict()
    names = _(", ").join(who.name for who in map(c.character, marked) if who is not None)
    return {"kind": kind, "helpers": marked,
            "summary": _("{names} helping: {action} taken (R-ACT-2)").format(names=names, action=action_word(kind))}
