"""Push Yourself after the roll, recorded: tiered's push adds a die
(:attr:`GameSystem.push_adds_die <gmconsole.systems.base.GameSystem.push_adds_die>`), offered through the
family's roll engine (:class:`~gmconsole.campaign.engine_parts.PushAfterPart`).

The family's rules add the die and say what it costs (:mod:`gmconsole.families.tiered.rules.push_after`); this
records it as a Year Zero push is recorded: a ``push`` entry of its own (``Aldric pushes themself: Mixed →
Great``, the dice after it with the added one marked ``added``) and the roll's entry updated in the same
change (its dice, tier, outcome, ``pushes``, costs and summary), so one undo gives back the stamina, the XP
and the roll as it was. Like a Year Zero push it follows its roll in the same scene, and it is not made once
a consequence was applied to the roll (the consequence answered the tier the roll had).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from gmconsole.campaign import character_lookup, skills
from gmconsole.campaign.commands.roll_fields import dice_source, roll_summary
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.sheet_rolls import latest_roll, push_out_of_scene
from gmconsole.families.tiered.rules.push_after import push_yourself_after
from gmconsole.families.tiered.rules.push_after import refusal as rules_refusal
from gmconsole.families.tiered.rules.roll import Tier
from gmconsole.i18n import _, language
from gmconsole.rules.errors import RulesError

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["push_yourself", "refusal"]


def _tier_name(tier: str) -> str:
    """A tier as the push's summary names it: ``Mixed`` (the data file's name, in the console's language)."""
    return Tier(tier).name_in(language()) if tier in {t.value for t in Tier} else tier


def _faces_and_pool(entry: dict) -> tuple[list[int], int]:
    """The faces on the table and the pool the check rolled, as the entry records them (checked: the entry
    was read from a campaign file)."""
    raw_dice, raw_outcome = entry.get("dice"), entry.get("outcome")
    dice = raw_dice if isinstance(raw_dice, list) else []
    faces = [d.get("face") if isinstance(d, dict) else None for d in dice]
    outcome = raw_outcome if isinstance(raw_outcome, dict) else {}
    pool = outcome.get("pool")
    if (not faces or not all(type(f) is int and 1 <= f <= 6 for f in faces)
            or type(pool) is not int or not -100 <= pool <= 100):
        raise ValidationError(_("roll {id} records no check to add a die to").format(id=entry.get("id")))
    return cast("list[int]", faces), pool  # every face checked above


def _pushed_already(entry: dict) -> bool:
    asked = entry.get("request")
    request = asked if isinstance(asked, dict) else {}
    return bool(request.get("push_yourself")) or bool(entry.get("pushes"))


def refusal(ledger: Ledger, entry: dict) -> str | None:
    """Why the Push Yourself die cannot be added to the recorded roll ``entry`` now, or ``None``: the campaign's
    reasons (an earlier scene, a consequence applied, nobody's stamina to spend) then the rules' own."""
    ended = push_out_of_scene(ledger, entry)
    if ended:
        return ended
    if entry.get("consequences_chosen"):
        return _("a consequence was already applied to roll {id}; undo it before pushing yourself").format(
            id=entry.get("id"))
    who_id = entry.get("character_id")
    character = ledger.campaign.character(who_id) if who_id else None
    if character is None:
        return _("Push Yourself spends a character's stamina: roll {id} is nobody's").format(id=entry.get("id"))
    try:
        faces, pool = _faces_and_pool(entry)
    except ValidationError as exc:
        return str(exc)
    return rules_refusal(faces, pool, pushed_yourself=_pushed_already(entry), stamina=character.stamina)


def push_yourself(ledger: Ledger, entry_id: int | None, faces: str | None, rng: random.Random) -> dict:
    """Add the Push Yourself die to the recorded check ``entry_id`` (default: the session's newest roll); ``faces``
    types its one face (R-MANUAL-1). Refused, changing nothing, for the reasons :func:`refusal` gives."""
    entry = latest_roll(ledger, entry_id, "push")
    why = refusal(ledger, entry)
    if why is not None:
        raise RulesError(why)
    on_table, pool = _faces_and_pool(entry)
    character_id = entry["character_id"]
    stamina = character_lookup.member(ledger.campaign, character_id).stamina
    pushed = push_yourself_after(on_table, pool, dice_source(faces, rng, ledger.campaign.system),
                                 pushed_yourself=False, stamina=stamina)
    added = {**pushed.die.as_dict(), "added": True}
    dice = [dict(d) for d in entry["dice"]] + [added]
    effects = [e.as_dict() for e in pushed.effects]
    outcome = dict(entry.get("outcome") or {})
    outcome.update({"tier": pushed.tier.value, "highest": pushed.highest, "pool": pushed.pool,
                    "xp": int(outcome.get("xp") or 0) + pushed.xp, "keeps_lowest": False, "dice": dice,
                    "effects": list(outcome.get("effects") or []) + effects})
    first_typed = bool(entry.get("by_hand", False))
    after = {
        "dice": dice, "first_dice": entry.get("first_dice") or entry["dice"], "tier": pushed.tier.value,
        "highest": pushed.highest, "outcome": outcome, "pushes": int(entry.get("pushes") or 0) + 1,
        "consequences": "offered" if pushed.tier.value in ("mixed", "limited") else "none",
        # the costs so far, each applied at once (the Limited XP, the stamina, the XP taken back), as a Year
        # Zero push's roll holds them: the recap lists them once, at the push
        "costs": list(entry.get("costs") or []) + effects, "costs_status": "applied",
        "push_refusal": _("Push Yourself was already spent on this check"),  # as a pushed Year Zero roll says
        "by_hand": first_typed,
        "by_hand_steps": list(entry.get("by_hand_steps") or [first_typed]) + [faces is not None],
        # the first roll as it was, for the statistics: a push is counted once, as a push (stats.push)
        "first_outcome": entry.get("first_outcome") or entry.get("outcome"),
    }
    shown_skill = skills.name_of(ledger.campaign, entry.get("skill"))
    shown_attribute = skills.attribute_name_of(ledger.campaign.system, entry.get("attribute"))
    after["summary"] = _("{summary} (pushed)").format(summary=roll_summary(
        entry.get("character", ""), shown_skill, shown_attribute, {"tier": pushed.tier.value}))
    if entry.get("hidden") is True:  # the summary is written anew: it still says the roll is hidden
        after["summary"] = _("{summary} (hidden from the table)").format(summary=after["summary"])
    before = {k: entry.get(k) for k in after}

    def mutate(c: Campaign) -> dict:
        character = c.character(character_id)
        if character is None:
            raise ValidationError(_("the character who rolled is no longer in the roster"))
        character.stamina = max(0, character.stamina + sum(e["amount"] for e in effects if e["target"] == "stamina"))
        summary = _("{name} pushes themself: {before} → {after}; stamina −{cost} → {stamina}").format(
            name=entry.get("character", ""), before=_tier_name(pushed.before.value),
            after=_tier_name(pushed.tier.value), cost=-sum(e["amount"] for e in effects if e["target"] == "stamina"),
            stamina=character.stamina)
        if pushed.xp:
            character.xp = max(0, character.xp + pushed.xp)
            summary = _("{summary}; the Limited result's XP taken back → {xp}").format(summary=summary, xp=character.xp)
        return {"summary": summary, "roll_id": entry["id"], "skill": entry.get("skill"), "push_dice": dice,
                "tier": pushed.tier.value, "tier_before": pushed.before.value, "highest": pushed.highest,
                "costs": after["costs"], "by_hand": faces is not None, "push_step": after["pushes"]}

    return ledger.commit("push", mutate, character_id=character_id,
                                 entry_updates=[(entry["session"], entry["id"], before, after)])
