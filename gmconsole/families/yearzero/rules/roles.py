"""`myz` role skills that change other rolls or the roster (seed 000), plus `yze` Crafting repair.

Inspire (Chronicler), Shake It Off (Slave), Mend the Broken (Heal), Jury-Rig / Crafting repair
(R-REPAIR-1) and Sic a Dog (Dog Handler). Each takes rolled results and returns data; the
campaign layer applies it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmconsole.families.yearzero.rules.roll import PoolRequest, YearZeroRoll
from gmconsole.families.yearzero.rules.system import game_of
from gmconsole.i18n import N_, _
from gmconsole.rules.data import load_table
from gmconsole.rules.errors import RulesError


def _sixes(roll: YearZeroRoll) -> int:
    """The 6s (successes) a roll shows."""
    return roll.successes


@dataclass(frozen=True)
class InspireResult:
    """The helped or hindered roll after a Chronicler's Inspire roll."""

    mode: str
    inspire_sixes: int
    successes_before: int
    successes: int

    @property
    def success(self) -> bool:
        return self.successes >= 1

    @property
    def stunts(self) -> int:
        return max(0, self.successes - 1)

    def as_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "inspire_sixes": self.inspire_sixes,
            "successes_before": self.successes_before,
            "successes": self.successes,
            "success": self.success,
            "stunts": self.stunts,
        }


def inspire(inspire_roll: YearZeroRoll, target_roll: YearZeroRoll, mode: str = "help") -> InspireResult:
    """Apply an Inspire roll (rolled before the target's roll) to the target's roll.

    Help: every 6 of the Inspire roll is added to the target's 6s (this replaces the +1 of normal
    help, so the target's pool should not also count the Chronicler as a helper). Hinder: each 6
    of the Inspire roll removes one of the target's 6s; with none left, the action fails.
    """
    if mode not in ("help", "hinder"):
        raise RulesError(_("Inspire can help or hinder, not {mode!r}").format(mode=mode))
    if not game_of(inspire_roll.pool.system).has_roles or inspire_roll.pool.skill_id != "inspire":
        raise RulesError(_("only a roll of the Chronicler's Inspire skill can help or hinder this way"))
    sixes = _sixes(inspire_roll)
    before = target_roll.successes
    after = before + sixes if mode == "help" else max(0, before - sixes)
    return InspireResult(mode, sixes, before, after)


@dataclass(frozen=True)
class ShakeItOffResult:
    """Trauma prevented and trauma still taken after a Slave's Shake It Off roll."""

    incoming: int
    prevented: int

    @property
    def taken(self) -> int:
        return self.incoming - self.prevented


def shake_it_off(roll: YearZeroRoll, incoming_trauma: int, from_push: bool = False) -> ShakeItOffResult:
    """Each 6 of the Shake It Off roll removes one point of incoming trauma; not against push trauma."""
    if from_push:
        raise RulesError(_("Shake It Off cannot be used against trauma suffered from pushing a roll"))
    if isinstance(incoming_trauma, bool) or not isinstance(incoming_trauma, int) or incoming_trauma < 0:
        raise RulesError(_("incoming trauma must be 0 or more, not {value!r}").format(value=incoming_trauma))
    return ShakeItOffResult(incoming_trauma, min(incoming_trauma, _sixes(roll)))


@dataclass(frozen=True)
class MendResult:
    """Mend the Broken: whether the broken character is back on their feet and the points recovered."""

    success: bool
    recovered: int


def mend_the_broken(heal_roll: YearZeroRoll, missing: int | None = None) -> MendResult:
    """A successful Heal roll on a broken character recovers attribute points equal to the 6s rolled.

    ``missing`` (optional) caps the recovery at the points the attribute lacks; a failure has no effect.
    """
    sixes = _sixes(heal_roll)
    if sixes == 0:
        return MendResult(False, 0)
    recovered = sixes if missing is None else min(sixes, max(0, missing))
    return MendResult(True, recovered)


@dataclass(frozen=True)
class RepairResult:
    """A repair attempt on a gear item: its new bonus and maximum, or destroyed (R-REPAIR-1)."""

    success: bool
    bonus: int
    max_bonus: int
    destroyed: bool

    def as_dict(self) -> dict[str, Any]:
        return {"success": self.success, "bonus": self.bonus, "max_bonus": self.max_bonus, "destroyed": self.destroyed}


def repair(roll: YearZeroRoll, bonus: int, max_bonus: int) -> RepairResult:
    """R-REPAIR-1: repair gear with a Jury-Rig (`myz`) or Crafting (`yze`, `yze-step`) roll.

    `myz` success restores the full bonus; `yze` success restores one point per success, up to the
    starting value. Failure makes the current bonus the new maximum; failing at bonus 0 destroys the item.
    """
    for value, what in ((bonus, N_("the gear bonus must be 0 or more, not {value!r}")),
                        (max_bonus, N_("the gear maximum bonus must be 0 or more, not {value!r}"))):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesError(_(what).format(value=value))
    if bonus > max_bonus:
        raise RulesError(_("the gear bonus {bonus} is above its maximum {most}").format(bonus=bonus, most=max_bonus))
    if not roll.success:
        return RepairResult(False, bonus, bonus, destroyed=bonus == 0)
    if game_of(roll.pool.system).repair_restores_all:
        return RepairResult(True, max_bonus, max_bonus, False)
    return RepairResult(True, min(max_bonus, bonus + roll.successes), max_bonus, False)


def dog_stats() -> dict[str, Any]:
    """The dog's Strength and Agility from the `myz` table (Strength 4, Agility 6)."""
    dog = load_table("myz")["dog"]
    return {"strength": dog["strength"], "agility": dog["agility"]}


def sic_a_dog(
    use: str, skill_level: int, *, handler_wits: int = 0, dog_strength: int | None = None, **extra: Any
) -> PoolRequest:
    """The pool request for a Sic a Dog roll.

    ``fight``: skill level + the dog's current Strength (default 4). ``scout`` / ``track``: skill
    level + the handler's Wits. A fighting push puts the trauma on the dog and gives no mutation
    points; a scouting or tracking push is a normal push (trauma to the handler's Wits, mutation
    points) — seed 000 gives the dog exception only of fighting (docs/RULES.md, myz push costs).
    ``extra`` passes other :class:`PoolRequest` fields (difficulty, helpers, modifiers, gear...).
    """
    strength = dog_stats()["strength"] if dog_strength is None else dog_strength
    if use == "fight":
        return PoolRequest(
            system="myz", attribute="strength", attribute_value=strength,
            skill="sic-a-dog", skill_level=skill_level, sic_a_dog=True, **extra,
        )
    if use in ("scout", "track"):
        return PoolRequest(
            system="myz", attribute="wits", attribute_value=handler_wits,
            skill="sic-a-dog", skill_level=skill_level, sic_a_dog=True, dog_strength=strength, **extra,
        )
    raise RulesError(_("a dog can fight, scout or track, not {use!r}").format(use=use))


@dataclass(frozen=True)
class SaveALifeResult:
    """Heal, Save a Life: whether the patient's critical injuries are stabilized, and whether the failure
    kills (only ever by the GM's word: the seed says a failed roll *could* kill)."""

    success: bool
    dies: bool

    def as_dict(self) -> dict[str, Any]:
        return {"success": self.success, "dies": self.dies}


def save_a_life(heal_roll: YearZeroRoll, dies: bool = False) -> SaveALifeResult:
    """R-MYZ-SAVE-1 (gmconsole's reading of seed 000's Save a Life: "give first aid and stabilize critical
    injuries, which might save your patient's life. A failed roll in this situation could kill him"): a Heal
    roll with a success stabilizes the patient's critical injuries; a failed one stabilizes nothing, and
    kills the patient only when the GM says it does (``dies``), since the seed says it *could*. The seed
    gives no table of critical injuries and the console keeps none: the campaign layer marks the patient
    with the condition ``stabilized`` or ``dead``. ``dies`` with a success is refused."""
    if not game_of(heal_roll.pool.system).has_roles or heal_roll.pool.skill_id != "heal":
        raise RulesError(_("Save a Life needs a Heal roll"))
    success = _sixes(heal_roll) >= 1
    if success and dies:
        raise RulesError(_("the Heal roll succeeded: the patient is stabilized, not killed (R-MYZ-SAVE-1)"))
    return SaveALifeResult(success, bool(dies))
