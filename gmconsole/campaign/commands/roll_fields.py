"""The fields a rolled pool records in its history entry, shared by every recorded roll.

A roll from the sheet, a push, a GM's quick roll and the special rolls (opposed, group, contested ...)
all turn typed faces or the dice generator into a dice source and the rules' result into entry fields
the same way; they import these from here (none of them imports another).
"""

# The engine parts are Protocols handed to engine_parts.part_of as type[Part]; mypy calls that passing an
# abstract class (python/mypy#4717), which here is the point: the part is looked up, never instantiated.
# mypy: disable-error-code="type-abstract"

from __future__ import annotations

import random

from gmconsole.campaign.shown_names import tier_shown
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


def sixes_text(system: str, skill: str | None, fields: dict) -> str:
    """R-STUNT-1: a roll of a skill that counts every 6, in its words (``2 sixes: 2 friends helped``), as the
    family's engine says it (:class:`~gmconsole.campaign.engine_parts.SixesPart`); ``""`` for any other roll."""
    from gmconsole.campaign.engine_parts import SixesPart, part_or_none

    part = part_or_none(system, SixesPart)
    return part.sixes_text(system, skill, fields) if part is not None else ""


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
