"""The GM's quick roll: a pool typed without a character, recorded as the GM's roll.

The pool is read by the system's own syntax (:mod:`gmconsole.systems.quick_pool`, each family's ``quick_pool.py``) and
rolled with the console's dice or typed faces (R-MANUAL-1), like a roll from the sheet. It belongs to nobody:
the entry names "GM" and no character, owes no costs (no stress, no XP, nothing to apply) and is
never "only one chance" for anyone. A Year Zero quick roll can be pushed (:func:`rolls.push`), and a
push of it charges nobody either (R-PUSH-7: under `stress-dice` it adds no stress die; the stress dice
the GM put in the pool are pushed like any other die). Undoable like every entry.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gmconsole import systems
from gmconsole.campaign.commands.roll_fields import (
    dice_source,
    exploding_fields,
    no_costs,
    roll_summary,
    year_zero_fields,
)
from gmconsole.campaign.model import Campaign
from gmconsole.i18n import _
from gmconsole.systems import quick_pool

if TYPE_CHECKING:
    from gmconsole.campaign.service import CampaignService

GM = "GM"
"""Who a quick roll is by, in the history, the recap and the exports."""


def quick_roll(service: CampaignService, text: str, faces: str | None, rng: random.Random,
               hidden: bool = False) -> dict:
    """Roll the quick pool ``text`` and record it as the GM's roll (``hidden``: never on the players'
    table view); raises RulesError naming the syntax. With ``faces`` and no pool, the pool is the d6 the
    faces type (``b63124 s355`` is ``5b 3s``)."""
    campaign = service.campaign
    system = campaign.system
    if faces and not (text or "").strip():  # R-MANUAL-1: the dice the faces type, when no pool is given
        text = quick_pool.from_faces(systems.get(system), faces)
    quick = quick_pool.parse(systems.get(system), text, campaign.settings.push_cost)
    fields: dict[str, Any] = {"system": system, "character": GM, "skill": None, "attribute": None,
                              "quick": quick.text, "request": {"quick": quick.text}, "helpers": []}
    _QUICK_ROLLED_BY[systems.get(system).check](fields, quick, faces, rng)
    no_costs(fields)
    fields["by_hand_steps"] = [bool(fields.get("by_hand"))]
    fields["summary"] = roll_summary(GM, quick.text, None, fields)
    if hidden:  # written only when true, as for a character's roll
        fields["hidden"] = True
        fields["summary"] = _("{summary} (hidden from the table)").format(summary=fields["summary"])

    def mutate(c: Campaign) -> dict:
        return fields

    return service.ledger.commit("roll", mutate, character_id=None)


def _quick_pool(fields: dict, quick, faces, rng) -> None:
    """A Year Zero quick pool rolled (refused when the pool has nothing to roll)."""
    from gmconsole.systems.yearzero import roll as yearzero
    from gmconsole.systems.yearzero.recorded import stored_request

    pool = quick.core
    if not pool.can_roll:
        from gmconsole.rules.errors import RulesError

        raise RulesError(pool.reason or _("this pool cannot be rolled"))
    # nobody owns it: a push of it charges nobody and rolls no stress die of its own (R-PUSH-7)
    result = yearzero.roll(pool, dice_source(faces, rng, fields["system"]), owned=False)
    fields.update(year_zero_fields(result))
    fields["pool_request"] = stored_request(pool.request)
    fields["pool"] = {"dice": [{"kind": d.kind.value, "sides": d.sides} for d in pool.dice],
                      "explanation": list(pool.explanation)}


def _quick_exploding(fields: dict, quick, faces, rng) -> None:
    """Exploding quick dice rolled against their target number."""
    rolled, dice = exploding_fields(quick.core, faces, rng)
    fields.update(rolled, pool={"dice": [{"kind": d.kind.value, "sides": d.sides} for d in dice],
                                "explanation": quick.core[2].explain()})


def _quick_tiered(fields: dict, quick, faces, rng) -> None:
    """A tiered quick dice count read as its tier (no consequences: nobody's check)."""
    from gmconsole.systems.tiered import roll as tiered

    result = tiered.roll_check(quick.core, dice_source(faces, rng, fields["system"]))
    data = result.as_dict()
    fields.update({"dice": data["dice"], "tier": result.tier.value, "highest": result.highest,
                   "outcome": data, "by_hand": result.by_hand, "pushes": 0, "can_push": False,
                   "consequences": "none",
                   "pool": {"dice": [{"kind": "dice", "sides": 6}] * tiered.dice_to_roll(quick.core.dice),
                            "explanation": [_("{n} dice (quick pool)").format(n=quick.core.dice)]}})


_QUICK_ROLLED_BY = {"pool": _quick_pool, "exploding": _quick_exploding, "tiered": _quick_tiered}
"""How a quick pool is rolled, by :attr:`GameSystem.check <gmconsole.systems.base.GameSystem.check>`."""
