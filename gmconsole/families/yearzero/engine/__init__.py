"""The Year Zero roll engine: a pool built from the sheet, rolled, and a quick pool rolled
(:class:`gmconsole.campaign.sheet_rolls.RollEngine`; the dice rules are
:mod:`gmconsole.families.yearzero.rules.roll`), with its parts (:mod:`gmconsole.campaign.engine_parts`): named
modifiers, the sixes a skill counts, the opposed roll, the push, a recorded roll read back, the role talents and
what a role skill's roll leads to (the modules beside this one)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmconsole.campaign.commands.roll_fields import dice_source
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.sheet_rolls import Built, RollRequest, _character
from gmconsole.families.yearzero.engine.opposed import opposed_roll
from gmconsole.families.yearzero.engine.pool import (
    lasting_modifiers,
    named_modifiers,
    pool_request,
    recorded_roll,
    sixes_text,
    year_zero_fields,
)
from gmconsole.families.yearzero.engine.push import push, push_odds
from gmconsole.families.yearzero.engine.role_skill_outcomes import (
    apply_role_outcome,
    build_device,
    offer,
    record_finds,
    save_a_life,
)
from gmconsole.families.yearzero.engine.role_talents import inspire, mend, repair_with_roll, shake_it_off
from gmconsole.families.yearzero.rules.sixes import marks_of
from gmconsole.i18n import _

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger
    from gmconsole.campaign.model import Character
    from gmconsole.campaign.role_limits import Asked

# The parts beyond build, roll and quick roll (gmconsole.campaign.engine_parts) live in the family's own modules.
__all__ = ["apply_role_outcome", "build", "build_device", "inspire", "lasting_modifiers", "limit_warnings", "mend",
           "named_modifiers", "offer", "opposed_roll", "push", "push_odds", "quick_roll", "record_finds",
           "recorded_roll", "repair_with_roll", "roll", "save_a_life", "shake_it_off", "sixes_text"]


def build(campaign: Campaign, request: RollRequest) -> Built:
    from gmconsole.families.yearzero.rules.recorded import stored_request
    from gmconsole.families.yearzero.rules.roll import build_pool, pool_odds

    pool_req = pool_request(campaign, request)
    pool = build_pool(pool_req)
    can_push = not request.reactive and campaign.settings.max_pushes > 0
    odds = (pool_odds(pool, can_push).as_dict() if pool.can_roll
            else {"p_success": 0.0, "p_success_with_push": 0.0})
    return Built(
        system=campaign.system, character=_character(campaign, request.character_id), skill=request.skill,
        attribute=pool_req.attribute, dice=[d.as_dict() for d in pool.dice], explanation=list(pool.explanation),
        odds=odds, can_roll=pool.can_roll, reason=pool.reason or "", can_push=can_push, core=pool,
        extra={"pool_request": stored_request(pool_req)},
    )


def roll(fields: dict, built, faces, rng) -> tuple[list[dict], Any]:
    """A Year Zero pool rolled: successes, banes and what a push may cost (paid later); the rolled pool
    is returned for an opposed roll's reading."""
    from gmconsole.families.yearzero.rules import roll as yearzero

    result = yearzero.roll(built.core, dice_source(faces, rng, fields["system"]))
    fields.update(year_zero_fields(result, marks_of(fields.get("skill_modifiers"))))
    fields["pool_request"] = built.extra["pool_request"]
    fields["helpers"] = list(built.core.request.helpers)
    return [], result


def quick_roll(fields: dict, quick, faces, rng) -> None:
    """A Year Zero quick pool rolled (refused when the pool has nothing to roll)."""
    from gmconsole.families.yearzero.rules import roll as yearzero
    from gmconsole.families.yearzero.rules.recorded import stored_request

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


def limit_warnings(ledger: Ledger, character: Character, request: Asked) -> list[str]:
    """R-MYZ-LIMIT: the warnings for a role skill's roll being built
    (:class:`gmconsole.campaign.role_limits.RoleLimitsPart`, :mod:`gmconsole.families.yearzero.engine.role_limits`)."""
    import gmconsole.families.yearzero.engine.role_limits as role_limits

    return role_limits.warnings(ledger, character, request)
