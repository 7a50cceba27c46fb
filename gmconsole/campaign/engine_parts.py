"""The parts of a family's roll engine beyond building and rolling a check, each a small typed Protocol.

A family's engine (:class:`~gmconsole.campaign.sheet_rolls.RollEngine`, asked through
:func:`~gmconsole.campaign.sheet_rolls.engine_of`) builds, rolls and quick-rolls; what only some families
have — a special roll, a push, what follows a roll — is one of these parts, which the engine offers by having
its methods. The campaign's facades ask for a part with :func:`part_of` and never name a family: the family
that offers the part holds its rules, its history entry and its words in its own folder.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from gmconsole import systems
from gmconsole.i18n import verbatim

if TYPE_CHECKING:
    from gmconsole.campaign.entries import Entry
    from gmconsole.campaign.ledger import Ledger
    from gmconsole.campaign.model import Character
    from gmconsole.campaign.roll_request import RollRequest

__all__ = ["AssistedCheckPart", "AttackPart", "ConsequencePart", "ContestedPart", "GroupCheckPart",
           "LastingModifiersPart", "NamedModifiersPart", "OpposedRollPart", "OpposedTestPart", "PushAfterPart",
           "PushPart", "RecordedRollPart", "RoleOutcome", "RoleOutcomesPart", "RoleTalentsPart", "SavingThrowPart",
           "SixesPart", "part_of", "part_or_none"]

P = TypeVar("P")


@runtime_checkable
class NamedModifiersPart(Protocol):
    """Named modifiers from a skill's own list (seed 002's lists; myz: what a role skill's roll is for)."""

    def named_modifiers(self, system: str, skill: str | None, picks: Sequence[str]) -> list[dict[str, Any]]:
        """The picks checked (raises RulesError) and as the roll's entry records them (``skill_modifiers``)."""
        ...


@runtime_checkable
class LastingModifiersPart(Protocol):
    """Modifiers a character's sheet brings to every roll while they last (Year Zero: the panic row in force)."""

    def lasting_modifiers(self, character: Character | None, attribute: str | None,
                          skill: str | None) -> list[dict[str, Any]]:
        """Each ``{"source", "name", "modifier"}``, in the console's language; ``[]`` when none applies."""
        ...


@runtime_checkable
class SixesPart(Protocol):
    """A skill that counts every 6 (R-STUNT-1), said in the roll's summary."""

    def sixes_text(self, system: str, skill: str | None, fields: dict[str, Any]) -> str:
        """``2 sixes: 2 friends helped`` for a roll of such a skill; ``""`` for any other roll."""
        ...


@runtime_checkable
class RecordedRollPart(Protocol):
    """A recorded roll read back into the rules' roll (for a push, a repair, an Inspire...)."""

    def recorded_roll(self, ledger: Ledger, entry_id: int) -> tuple[dict[str, Any], Any]:
        """``(entry, the rules' roll)``; raises ValidationError for an entry that is not such a roll."""
        ...


@runtime_checkable
class PushPart(Protocol):
    """A push that rerolls the dice of a recorded roll (R-PUSH-1..4)."""

    def push(self, ledger: Ledger, entry_id: int | None, faces: str | None, rng: random.Random,
             condition: str | None) -> dict[str, Any]:
        """Push the recorded roll; the push is its own entry, the roll's entry updated in the same change."""
        ...

    def push_odds(self, ledger: Ledger, entry_id: int) -> Any:
        """What pushing the recorded roll would give and cost; refused as :meth:`push` refuses."""
        ...


@runtime_checkable
class PushAfterPart(Protocol):
    """A push that adds a die to a recorded roll (tiered Push Yourself after the roll)."""

    def push_yourself(self, ledger: Ledger, entry_id: int | None, faces: str | None,
                      rng: random.Random) -> dict[str, Any]:
        ...

    def push_yourself_refusal(self, ledger: Ledger, entry: dict[str, Any]) -> str | None:
        """Why the die cannot be added to the recorded roll ``entry`` now, or ``None``."""
        ...


@runtime_checkable
class OpposedRollPart(Protocol):
    """An opposed roll whose active side is an ordinary, pushable roll (R-OPP-1)."""

    def opposed_roll(self, ledger: Ledger, request: RollRequest, defender_id: str | None,
                     defender_skill: str | None, defender_attribute: str | None, defender_pool: str | None,
                     faces: str | None, defender_faces: str | None, rng: random.Random) -> dict[str, Any]:
        ...


@runtime_checkable
class OpposedTestPart(Protocol):
    """An opposed test: both sides roll, the higher result wins (R-EXP-4)."""

    def opposed_test(self, ledger: Ledger, character_id: str, skill: str | None, attribute: str | None,
                     defender_id: str, defender_skill: str | None, defender_attribute: str | None,
                     faces: str | None, rng: random.Random) -> dict[str, Any]:
        ...


@runtime_checkable
class AssistedCheckPart(Protocol):
    """A check led by a trained character that the others join (docs/RULES.md)."""

    def assisted_check(self, ledger: Ledger, leader_id: str, skill: str, others: Sequence[str],
                       attribute: str | None, difficulty: str | None, tn_modifiers: Sequence[str],
                       hold: Sequence[str], rng: random.Random, faces: str | None = None) -> dict[str, Any]:
        ...


@runtime_checkable
class GroupCheckPart(Protocol):
    """A check everyone in a group rolls, the successes counted (docs/RULES.md)."""

    def group_check(self, ledger: Ledger, character_ids: Sequence[str], skill: str, attribute: str | None,
                    difficulty: str | None, tn_modifiers: Sequence[str], faces: str | None,
                    rng: random.Random) -> dict[str, Any]:
        ...


@runtime_checkable
class ContestedPart(Protocol):
    """A contested roll of two attributes (R-TIER-5)."""

    def contested(self, ledger: Ledger, character_id: str, attribute: str, opponent_id: str,
                  opponent_attribute: str | None, faces: str | None, rng: random.Random) -> dict[str, Any]:
        ...


@runtime_checkable
class SavingThrowPart(Protocol):
    """A saving throw against a score from the sheet (R-TIER-3)."""

    def saving_throw(self, ledger: Ledger, character_id: str, save: str, faces: str | None,
                     rng: random.Random) -> dict[str, Any]:
        ...


@runtime_checkable
class AttackPart(Protocol):
    """An attack roll with damage by result (R-TIER-4)."""

    def attack(self, ledger: Ledger, character_id: str, weapon: str | None, melee: bool, reckless: bool,
               faces: str | None, rng: random.Random, damage: int | None = None) -> dict[str, Any]:
        ...


@runtime_checkable
class ConsequencePart(Protocol):
    """A consequence the GM picks for a partial result (tiered Mixed / Limited)."""

    def apply_consequence(self, ledger: Ledger, entry_id: int | None, key: str, clock_id: str | None,
                          gear_id: str | None, wound: bool) -> dict[str, Any]:
        ...


@runtime_checkable
class RoleTalentsPart(Protocol):
    """What a role's talent does with a recorded roll: repair (R-REPAIR-1), Mend the Broken, Shake It Off,
    Inspire."""

    def repair_with_roll(self, ledger: Ledger, entry_id: int, gear_id: str) -> dict[str, Any]:
        ...

    def mend(self, ledger: Ledger, roll_id: int, patient_id: str, attribute: str) -> dict[str, Any]:
        ...

    def shake_it_off(self, ledger: Ledger, roll_id: int, attribute: str, incoming: int) -> dict[str, Any]:
        ...

    def inspire(self, ledger: Ledger, inspire_id: int, target_id: int, mode: str) -> dict[str, Any]:
        ...


class RoleOutcome(Protocol):
    """What a recorded role skill's roll leads to (:meth:`RoleOutcomesPart.offer`), as the console reads it."""

    outcome: Any
    detail: str | None
    successes: int
    choices: int
    applied: dict[str, Any] | None

    @property
    def success(self) -> bool: ...

    @property
    def kind(self) -> str: ...

    @property
    def ready(self) -> bool: ...


@runtime_checkable
class RoleOutcomesPart(Protocol):
    """What a role skill's roll leads to, applied once (R-MYZ-ROLE-1): a build, finds, Save a Life."""

    def offer(self, ledger: Ledger, entry: Entry | dict[str, Any]) -> RoleOutcome | None:
        ...

    def build_device(self, ledger: Ledger, roll_id: int, stunts: Sequence[str] = ()) -> dict[str, Any]:
        ...

    def record_finds(self, ledger: Ledger, roll_id: int, picks: Sequence[str], faces: str | None = None,
                     rng: random.Random | None = None) -> dict[str, Any]:
        ...

    def save_a_life(self, ledger: Ledger, roll_id: int, dies: bool = False) -> dict[str, Any]:
        ...

    def apply_role_outcome(self, ledger: Ledger, roll_id: int, *, stunts: Sequence[str] = (),
                           faces: str | None = None, dies: bool = False,
                           rng: random.Random | None = None) -> dict[str, Any]:
        ...


def part_or_none(system_id: str, part: type[P]) -> P | None:
    """The part ``part`` of the roll engine of ``system_id``'s family, or ``None`` when it has none."""
    engine = systems.family_of(system_id).engine
    return engine if isinstance(engine, part) else None


def part_of(system_id: str, part: type[P]) -> P:
    """The part ``part`` of the roll engine of ``system_id``'s family; the caller has checked that the system
    offers what the part does (its ``special_rolls``, ``pushes``...), so a family without it is a fault of
    the family, not the GM's."""
    found = part_or_none(system_id, part)
    if found is None:
        raise TypeError(verbatim("the roll engine of {system} has no {part}").format(system=system_id,
                                                                                  part=part.__name__))
    return found
