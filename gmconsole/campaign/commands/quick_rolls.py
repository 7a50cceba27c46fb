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
    no_costs,
    roll_summary,
)
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.sheet_rolls import engine_of
from gmconsole.i18n import _
from gmconsole.systems import quick_pool

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

GM = "GM"
"""Who a quick roll is by, in the history, the recap and the exports."""


def quick_roll(ledger: Ledger, text: str, faces: str | None, rng: random.Random,
               hidden: bool = False) -> dict:
    """Roll the quick pool ``text`` and record it as the GM's roll (``hidden``: never on the players'
    table view); raises RulesError naming the syntax. With ``faces`` and no pool, the pool is the d6 the
    faces type (``b63124 s355`` is ``5b 3s``)."""
    campaign = ledger.campaign
    system = campaign.system
    if faces and not (text or "").strip():  # R-MANUAL-1: the dice the faces type, when no pool is given
        text = quick_pool.from_faces(systems.get(system), faces)
    quick = quick_pool.parse(systems.get(system), text, campaign.settings.push_cost)
    fields: dict[str, Any] = {"system": system, "character": GM, "skill": None, "attribute": None,
                              "quick": quick.text, "request": {"quick": quick.text}, "helpers": []}
    engine_of(system).quick_roll(fields, quick, faces, rng)
    no_costs(fields)
    fields["by_hand_steps"] = [bool(fields.get("by_hand"))]
    fields["summary"] = roll_summary(GM, quick.text, None, fields)
    if hidden:  # written only when true, as for a character's roll
        fields["hidden"] = True
        fields["summary"] = _("{summary} (hidden from the table)").format(summary=fields["summary"])

    def mutate(c: Campaign) -> dict:
        return fields

    return ledger.commit("roll", mutate, character_id=None)
