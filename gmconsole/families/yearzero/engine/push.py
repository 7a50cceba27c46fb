"""The Year Zero push (R-PUSH-1..4), recorded: the dice that are not 6s (nor banes kept) rerolled, what
the push costs, and what pushing would give and cost before the GM decides.

The roll's entry is updated and the push is its own entry, in one change (one undo takes both back); the active
side of an opposed roll pushes to beat the defender's successes, read again (R-OPP-1). Offered through the
family's roll engine (:class:`~gmconsole.campaign.engine_parts.PushPart`); the campaign's push has refused a
system that does not push, and :func:`~gmconsole.campaign.commands.rolls.refuse_push_of` says what the campaign
forbids.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gmconsole.campaign import skills
from gmconsole.campaign.commands.roll_fields import dice_source, no_costs, roll_summary, successes_text
from gmconsole.campaign.commands.rolls import refuse_push_of
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.sheet_rolls import ROLL_FIELDS_CHANGED_BY_PUSH, latest_roll, rolled_die
from gmconsole.campaign.shown_names import attribute_shown
from gmconsole.families.yearzero.engine.opposed import (
    defender_panic_costs,
    opposed_outcome,
    opposed_summary,
    opposed_verdict,
)
from gmconsole.families.yearzero.engine.pool import recorded_roll, sixes_text, year_zero_fields
from gmconsole.families.yearzero.rules import roll as yearzero
from gmconsole.families.yearzero.rules.push_odds import push_odds as odds_of
from gmconsole.families.yearzero.rules.recorded import pool_request_from
from gmconsole.families.yearzero.rules.sixes import marks_of
from gmconsole.i18n import _

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["push", "push_odds"]


def push(ledger: Ledger, entry_id: int | None, faces: str | None, rng: random.Random,
         condition: str | None) -> dict:
    """Push a recorded Year Zero roll of the current scene (push in the scene, docs/RULES.md); the roll's entry is
    updated, the push is its own entry (the campaign's push has refused a system that does not push)."""
    entry = latest_roll(ledger, entry_id, "push")
    refuse_push_of(ledger, entry)
    pool = yearzero.build_pool(pool_request_from(entry["pool_request"]))
    previous = yearzero.YearZeroRoll(
        pool=pool, dice=tuple(rolled_die(d) for d in entry["dice"]),
        first_dice=tuple(rolled_die(d) for d in entry["first_dice"]), pushes=entry.get("pushes", 0),
        by_hand=entry.get("by_hand", False),
        owned=entry.get("character_id") is not None,  # R-PUSH-7: the GM's own roll rolls no stress die of its own
    )
    pushed = yearzero.push(previous, dice_source(faces, rng, ledger.campaign.system))
    marks = marks_of(entry.get("skill_modifiers"))
    new_fields = year_zero_fields(pushed, marks)
    if entry.get("opposed"):
        # The defender's panic (R-OPP-1, R-PANIC-1) stays owed whatever the active side's push rolls.
        owed = defender_panic_costs(entry["opposed"])
        if owed:
            new_fields["costs"] = new_fields["costs"] + owed
            new_fields["costs_status"] = "pending"
    if condition is not None:
        for cost in new_fields["costs"]:
            if cost["name"] == "condition":
                cost["target"] = condition.strip().casefold()
    if entry.get("character_id") is None:  # the GM's quick roll: a push of it charges nobody (R-PUSH-7)
        no_costs(new_fields)
    after = {k: new_fields[k] for k in ROLL_FIELDS_CHANGED_BY_PUSH}
    after.update(pushed.every_six(marks))  # R-STUNT-1: the skill's count of 6s follows the push
    # A push is its own step: typed only when its own faces were typed; the roll keeps its first
    # roll's flag and gains one step (older entries without steps count every earlier push as the roll's flag).
    push_typed = faces is not None
    first_typed = bool(entry.get("by_hand", False))
    steps = list(entry.get("by_hand_steps") or [first_typed] * (1 + entry.get("pushes", 0)))
    after["by_hand"] = first_typed
    after["by_hand_steps"] = steps + [push_typed]
    shown_skill = skills.name_of(ledger.campaign, entry.get("skill")) or entry.get("quick")
    shown_attribute = skills.attribute_name_of(ledger.campaign.system, entry.get("attribute"))
    sixes = sixes_text(ledger.campaign.system, entry.get("skill"), {**new_fields, "skill_modifiers": marks})
    after["summary"] = _("{summary} (pushed)").format(summary=roll_summary(
        entry.get("character", ""), shown_skill, shown_attribute, new_fields, sixes))
    if entry.get("opposed"):
        # R-OPP-1 / R-PUSH-2: the active side pushed after the defender rolled: read the outcome again.
        after["opposed"] = opposed_outcome({**entry, **new_fields}, entry["opposed"], entry["opposed"]["reroll_ties"])
        after["summary"] = _("{summary} (pushed)").format(summary=opposed_summary(
            ledger.campaign, entry.get("character", ""), shown_skill or shown_attribute, after["opposed"]))
    if entry.get("hidden") is True:  # the push writes the summary anew: it still says the roll is hidden
        after["summary"] = _("{summary} (hidden from the table)").format(summary=after["summary"])
    stress_at_once = pool.push_cost == "stress-dice" and entry.get("character_id") is not None
    if stress_at_once:
        after["stress_paid"] = pushed.pushes  # +1 stress per push, paid at once (shown with the costs)
    before = {k: entry.get(k) for k in after}
    character_id = entry["character_id"]


    def mutate(c: Campaign) -> dict:
        n = new_fields["successes"]
        out = {
            "summary": _("{name} pushes {what}: {result}").format(
                name=entry.get("character"), result=successes_text(n) + (f" — {sixes}" if sixes else ""),
                what=shown_skill or attribute_shown(ledger.campaign.system, entry.get("attribute") or "")),
            "roll_id": entry["id"], "skill": entry.get("skill"),
            "push_dice": new_fields["dice"], "successes": new_fields["successes"],
            "costs": new_fields["costs"], "by_hand": push_typed, "push_step": pushed.pushes,
        }
        if character_id is None:  # the GM's quick roll: the push is the GM's too
            out["character"] = entry.get("character", "")
        if "opposed" in after:
            out["opposed"] = after["opposed"]
            out["summary"] += " — " + opposed_verdict(entry.get("character", ""), after["opposed"])
        if stress_at_once:
            # R-PUSH cost stress-dice: +1 stress at once, part of this entry (undone with the push).
            character = c.character(character_id)
            if character is None:
                raise ValidationError(_("the character who rolled is no longer in the roster"))
            character.stress += 1
            out["stress_gained"] = 1
            out["summary"] = _("{summary}; stress +1 → {stress}").format(summary=out["summary"],
                                                                        stress=character.stress)
        return out

    return ledger.commit("push", mutate, character_id=character_id,
                           entry_updates=[(entry["session"], entry["id"], before, after)])


def push_odds(ledger: Ledger, entry_id: int):
    """What pushing the recorded roll ``entry_id`` would give and cost: refused for the same
    reasons :func:`push` refuses; the GM's quick roll charges nobody, so its push has no costs and,
    under `stress-dice`, no stress die of its own (R-PUSH-7). The active side of an opposed roll pushes
    to beat the defender's successes, which stay as rolled (R-OPP-1)."""
    entry, recorded = recorded_roll(ledger, entry_id)
    refuse_push_of(ledger, entry)
    opposed = entry.get("opposed")
    return odds_of(recorded, opposed["defender_successes"] if opposed else None)
