"""What a recorded `myz` role skill's roll leads to, applied once as one undoable entry (R-MYZ-ROLE-1).

- Jury-Rig marked for a device (``device=NAME``): a success builds it, the item joins the Gearhead's gear
  (R-MYZ-BUILD-1, R-MYZ-BUILD-2; kind ``build``).
- Find the Path, and Make a Deal marked as a deal on the side: the choices the roll buys, their D6 amounts
  rolled or typed (R-MANUAL-1) and recorded (R-MYZ-FINDS-1, R-MYZ-FINDS-2; kind ``finds``).
- Heal marked Save a Life for a patient (``save-a-life=NAME``): the patient stabilized, or, on a failure
  the GM says kills, dead (R-MYZ-SAVE-1; kind ``save_life``).

The rules are in :mod:`gmconsole.families.yearzero.rules` (``jury_rig``, ``role_outcomes``, ``roles``); which
outcome a roll has is data (``role_outcomes`` in ``data/myz.toml``). The roll's own entry keeps what was
applied (``role_outcome``, :func:`gmconsole.campaign.commands.role_outcomes.commit_outcome`), so it is applied
once and the roll is not pushed after it; undo takes both back. Offered through the family's roll engine
(:class:`~gmconsole.campaign.engine_parts.RoleOutcomesPart`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gmconsole import systems
from gmconsole.campaign import counters, validation
from gmconsole.campaign.commands.role_outcomes import commit_outcome
from gmconsole.campaign.entries import as_record, as_roll, given
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.families.yearzero.engine.pool import recorded_roll
from gmconsole.families.yearzero.rules import roles
from gmconsole.families.yearzero.rules.detail import YearZeroDetail
from gmconsole.families.yearzero.rules.jury_rig import build, device_named
from gmconsole.families.yearzero.rules.role_outcomes import RoleOutcome, choices_of, outcome_for, roll_finds
from gmconsole.i18n import _, pick
from gmconsole.phrasing import possessive, quoted
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import FaceKind, parse_int_spec

if TYPE_CHECKING:
    from gmconsole.campaign.entries import Entry
    from gmconsole.campaign.ledger import Ledger

__all__ = ["Offer", "apply_role_outcome", "build_device", "offer", "record_finds", "save_a_life"]


@dataclass(frozen=True)
class Offer:
    """What a recorded roll leads to: its ``outcome`` row, the purpose's ``detail`` (the device, the patient),
    the roll's ``successes``, how many ``choices`` it buys, and what was ``applied`` already (or ``None``)."""

    outcome: RoleOutcome
    detail: str | None
    successes: int
    choices: int
    applied: dict | None

    @property
    def success(self) -> bool:
        return self.successes >= 1

    @property
    def kind(self) -> str:
        return self.outcome.kind

    @property
    def ready(self) -> bool:
        """Whether there is something to apply now: a build or finds after a success with choices to make (a
        build with no stunt too), Save a Life either way; never twice."""
        if self.applied:
            return False
        if self.kind == "save-a-life":
            return True
        if self.kind == "finds":
            return self.success and self.choices > 0
        return self.success


def _picks(entry) -> dict:
    """The purposes a recorded roll was marked with: modifier id → detail."""
    out = {}
    for row in as_roll(entry).skill_modifiers or ():
        if isinstance(row, dict) and isinstance(row.get("id"), str):
            out[row["id"]] = row.get("detail") if isinstance(row.get("detail"), str) else None
    return out


def offer(ledger: Ledger, entry: Entry | dict) -> Offer | None:
    """What the recorded roll ``entry`` leads to, or ``None`` (not a role skill's roll with an outcome, undone,
    or a system without roles)."""
    record = as_record(entry)
    system = given(getattr(record, "system", None), None)
    if given(record.kind, None) != "roll" or given(record.status, "done") != "done" or not system:
        return None
    try:
        if not systems.get(system).has_roles:
            return None
    except RulesError:
        return None
    picks = _picks(record)
    outcome = outcome_for(system, given(record.skill, None), picks)
    if outcome is None:
        return None
    successes = given(getattr(record, "successes", None), 0) or 0
    applied = given(YearZeroDetail.of(as_roll(record).detail).role_outcome, None)
    return Offer(outcome, picks.get(outcome.when) if outcome.when else None, int(successes),
                 choices_of(outcome, int(successes)), applied if isinstance(applied, dict) else None)


def _roll(ledger: Ledger, roll_id: int, kind: str):
    """``(entry, YearZeroRoll, offer)`` of the roll ``roll_id``, refused unless it leads to an outcome of
    ``kind`` not applied yet."""
    entry, recorded = recorded_roll(ledger, roll_id)
    found = offer(ledger, entry)
    if found is None or found.kind != kind:
        raise ValidationError(_("roll {id} leads to no {what}: mark its purpose with m (--skill-modifier) before "
                                "rolling").format(id=roll_id, what=_outcome_word(kind)))
    if found.applied:
        raise ValidationError(_("roll {id} has its outcome already ({summary}); undo it to apply it again").format(
            id=roll_id, summary=found.applied.get("summary", "")))
    return entry, recorded, found


def _outcome_word(kind: str) -> str:
    words = {"build": _("Jury-Rig build"), "finds": _("finds"), "save-a-life": _("Save a Life")}
    return words.get(kind, kind)


def build_device(ledger: Ledger, roll_id: int, stunts: Sequence[str] = ()) -> dict:
    """R-MYZ-BUILD-1/2: a successful Jury-Rig roll marked for a device adds it to the Gearhead's gear with
    the ``stunts`` picked (ids from the device's stunts; a repeatable one as often as it is named)."""
    entry, _recorded, found = _roll(ledger, roll_id, "build")
    system = ledger.campaign.system
    if not found.success:
        raise ValidationError(_("the Jury-Rig roll failed: nothing is built. {seed}").format(
            seed=pick(found.outcome.failure)))
    made = build(system, device_named(system, found.detail or ""), found.successes, stunts)
    gives = _gives(ledger, made.gear)
    said = (_("{name} builds {item}: {gives}") if gives else _("{name} builds {item}")).format(
        name=entry.get("character", ""), item=made.gear["name"], gives=gives)
    if made.stunt_names:
        said = _("{outcome}; stunts: {stunts}").format(outcome=said, stunts=_(", ").join(made.stunt_names))
    character_id = entry["character_id"]

    def mutate(c: Campaign) -> dict:
        who = c.character(character_id)
        if who is None:
            raise ValidationError(_("the character who rolled is no longer in the roster"))
        item = validation.new_gear(c, made.gear)
        who.gear.append(item)
        return {"summary": said, "roll_id": entry["id"], "build": made.as_dict(), "gear_id": item.id,
                "gear": item.name}

    return commit_outcome(ledger, entry, "build", mutate, said)


def _gives(ledger: Ledger, gear: dict) -> str:
    """What a built item gives on the sheet: ``Gear Bonus +1 to Scout``, ``×4``, ``damage 2``."""
    from gmconsole.campaign.skills import name_of

    parts = []
    if gear["bonus"]:
        helped = _(", ").join(name_of(ledger.campaign, s) or s for s in gear["skills"])
        said = _("Gear Bonus +{bonus} to {skills}") if helped else _("Gear Bonus +{bonus}")
        parts.append(said.format(bonus=gear["bonus"], skills=helped))
    if gear["quantity"] != 1:
        parts.append(f"×{gear['quantity']}")
    if gear["damage"]:
        parts.append(_("damage {damage}").format(damage=gear["damage"]))
    return _(", ").join(parts)


def record_finds(ledger: Ledger, roll_id: int, picks: Sequence[str], faces: str | None = None,
                 rng: random.Random | None = None) -> dict:
    """R-MYZ-FINDS-1/2: the choices ``picks`` of a successful Find the Path roll or deal on the side, their
    D6 amounts rolled (``rng``) or typed (``faces``, e.g. ``d43``: one face per D6 in the order chosen)."""

    entry, _recorded, found = _roll(ledger, roll_id, "finds")
    if faces is not None and faces.strip():
        source = DiceSource(faces=parse_int_spec(faces, (FaceKind("dice", "d"),)))
    else:
        source = DiceSource(rng=rng or ledger.rng)
    result = roll_finds(found.outcome, picks, found.successes, source)
    said = pick(found.outcome.summary).format(name=entry.get("character", ""),
                                              finds=_("; ").join(result.texts()))
    data = result.as_dict()

    def mutate(c: Campaign) -> dict:
        return {"summary": said, "roll_id": entry["id"], "outcome": data["outcome"], "finds": data["finds"],
                "by_hand": data["by_hand"]}

    return commit_outcome(ledger, entry, "finds", mutate, said)


def save_a_life(ledger: Ledger, roll_id: int, dies: bool = False) -> dict:
    """R-MYZ-SAVE-1: a Heal roll marked Save a Life: success stabilizes the patient (condition
    ``stabilized``); a failure stabilizes nothing, and with ``dies`` (the GM's word) the patient is dead
    (condition ``dead``)."""
    entry, recorded, found = _roll(ledger, roll_id, "save-a-life")
    if not found.detail:
        raise ValidationError(_("Save a Life needs its patient: mark it with m (save-a-life=NAME)"))
    patient = ledger.character(found.detail)
    result = roles.save_a_life(recorded, dies)
    healer = entry.get("character", "")
    if result.success:
        said, condition = _("{healer} saves {owner} life: stabilized"), _("stabilized")
    elif result.dies:
        said, condition = _("{healer} fails to save {owner} life: {patient} is dead (the GM's call)"), _("dead")
    else:
        said, condition = _("{healer} fails to save {owner} life: not stabilized, still alive (the GM's "
                            "call)"), None
    summary = said.format(healer=healer, owner=possessive(patient.name), patient=patient.name)

    def mutate(c: Campaign) -> dict:
        who = c.character(patient.id)
        if who is None:
            raise ValidationError(_("{name} is no longer in the roster").format(name=quoted(patient.name)))
        if condition is not None and condition not in who.conditions:
            counters.add_condition(who, condition)
        return {"summary": summary, "roll_id": entry["id"], "patient": who.name, "patient_id": who.id,
                "save": {**result.as_dict(), "condition": condition}}

    return commit_outcome(ledger, entry, "save_life", mutate, summary)


def apply_role_outcome(ledger: Ledger, roll_id: int, *, stunts: Sequence[str] = (), faces: str | None = None,
          dies: bool = False, rng: random.Random | None = None) -> dict:
    """Apply whatever roll ``roll_id`` leads to (the command line's ``--role-outcome``): a build with
    ``stunts``, finds with ``stunts`` as the choices and ``faces`` typed, Save a Life with ``dies``."""
    entry, _recorded = recorded_roll(ledger, roll_id)
    found = offer(ledger, entry)
    if found is None:
        raise ValidationError(_("roll {id} leads to no role-skill outcome: mark its purpose with "
                                "--skill-modifier (device=NAME, side-deal, save-a-life=NAME) or roll Find the "
                                "Path").format(id=roll_id))
    if found.kind == "build":
        return build_device(ledger, roll_id, stunts)
    if found.kind == "finds":
        return record_finds(ledger, roll_id, stunts, faces, rng)
    return save_a_life(ledger, roll_id, dies)
