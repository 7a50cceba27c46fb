"""The fields a rolled pool records in its history entry, shared by every recorded roll.

A roll from the sheet, a push, a GM's quick roll and the special rolls (opposed, group, contested ...)
all turn typed faces or the dice generator into a dice source and the rules' result into entry fields
the same way; they import these from here (none of them imports another).
"""

from __future__ import annotations

import random
from typing import Any

from gmconsole.campaign.words import tier_shown
from gmconsole.i18n import _, ngettext
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.spec import parse_int_spec


def dice_source(faces: str | None, rng: random.Random, system: str) -> DiceSource:
    """The console's dice, or ``faces`` typed from physical dice read with the letters of ``system``'s dice
    (R-MANUAL-1: ``b63124 s355`` or ``base=6,3,1,2,4 skill=3,5,5``)."""
    from gmconsole import systems

    if faces is None:
        return DiceSource(rng=rng)
    return DiceSource(faces=parse_int_spec(faces, systems.get(system).face_kinds))


def year_zero_fields(result, marks=()) -> dict:
    """The entry fields of a (maybe pushed) YearZeroRoll; ``marks`` are the ids of its named skill modifiers
    (R-STUNT-1: a side deal of Make a Deal counts every 6)."""
    data = result.as_dict()
    costs = [c.as_dict() for c in result.costs]
    if result.pool.push_cost == "stress-dice":
        # docs/RULES.md stress-dice: "pushing gives +1 stress at once" — the push itself raises stress
        # (see push()), so only the panic of a stress-die 1 is left waiting for apply_costs.
        costs = [c for c in costs if c["name"] != "stress"]
        if result.panic:
            costs.append({"name": "panic", "amount": 1})
    return {
        "dice": data["dice"],
        "first_dice": data["first_dice"],
        "successes": result.successes,
        "stunts": result.stunts,
        **result.every_six(marks),  # R-STUNT-1: the 6s under the skill's own key (Move: friends_helped)
        "pushes": result.pushes,
        "outcome": {k: data[k] for k in ("success", "successes", "stunts", "banes", "panic", "broken", "push_cost")},
        "costs": costs,
        "costs_status": "pending" if costs else "none",
        "can_push": result.can_push,
        "push_refusal": result.push_refusal,
        "panic": result.panic,
        "by_hand": result.by_hand,
        "stunt_list": data.get("stunt_list", []),
    }


def exploding_fields(core, faces: str | None, rng: random.Random) -> tuple[dict, Any]:
    """An ``exploding`` check rolled (``core``: skill dice, trait die, TN; ``faces``: typed from physical
    dice) and the history fields it records, with the dice it rolled (a campaign or a GM's roll)."""
    from gmconsole.systems.exploding import roll as exploding

    skill_dice, trait, tn = core
    dice = exploding.check_dice(skill_dice, trait)
    source = exploding.parse_faces(faces, dice, True) if faces is not None else DiceSource(rng=rng)
    result = exploding.roll_check(skill_dice, trait, tn, source)
    data = result.as_dict()
    return ({"dice": data["dice"], "top": result.top, "margin": result.margin, "tn": data["tn"],
             "success": result.success, "critical_failure": result.critical_failure, "outcome": data,
             "by_hand": result.by_hand, "pushes": 0, "can_push": False}, dice)


def sixes_text(system: str, skill: str | None, fields: dict) -> str:
    """R-STUNT-1: a roll of a skill that counts every 6, in its words (``2 sixes: 2 friends helped``); ``""``
    for any other roll, and for a roll with no 6."""
    if "successes" not in fields or not skill:
        return ""
    from gmconsole.systems.yearzero.sixes import every_six, marks_of

    counted = every_six(system, skill, fields["successes"], marks_of(fields.get("skill_modifiers")))
    return counted.text() if counted is not None else ""


def roll_summary(name: str, skill: str | None, attribute: str | None, fields: dict, sixes: str = "") -> str:
    """``Vanja rolls Move: 2 successes`` and, for a skill that counts every 6, ``— 2 sixes: 2 friends helped``."""
    what = skill or attribute or _("roll")
    if "successes" in fields:
        result = successes_text(fields["successes"]) + (f" — {sixes}" if sixes else "")
    elif "tier" in fields:
        result = tier_shown(fields["tier"])
    else:
        result = (_("top {top} — critical failure") if fields.get("critical_failure")
                  else _("top {top}")).format(top=fields["top"])
    return _("{name} rolls {what}: {result}").format(name=name, what=what, result=result)


def successes_text(n: int) -> str:
    """``2 successes`` in the console's language (a history summary is written in the language spoken when
    the change is made)."""
    return ngettext("{count} success", "{count} successes", n).format(count=n)


def no_costs(fields: dict) -> dict:
    """A roll (or push) by nobody owes nothing: its costs are dropped, and said to be none."""
    fields["costs"] = []
    fields["costs_status"] = "none"
    return fields


def offered_by(kind: str) -> str:
    """The system offering the special roll ``kind`` (``"save"``, ``"group"`` ...), named in a refusal."""
    from gmconsole import systems

    return next(s.id for s in systems.all_systems() if kind in s.special_rolls)
