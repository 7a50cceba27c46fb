"""The ``exploding`` system (seed 003): two skill dice and one trait die, the top die only counts.

A check rolls two skill dice (their size from the skill's rating) and one trait die; an untrained
character rolls the trait die alone against a TN 4 higher. A die showing its maximum explodes:
it is rolled again and the new face added, again and again (R-EXP-1: only when a target number
or an opposed test is set). The single highest die total is compared with the target number.

Everything here is pure: faces come from a :class:`~gmconsole.rules.dice.DiceSource` (a seeded
``random.Random`` or faces typed in from physical dice, R-MANUAL-1), and the tables come from
``data/exploding.toml``.

This module is the family's one front door; the rules sit in three parts along their seams:
:mod:`.target` (difficulty, TN modifiers, the target number), :mod:`.check` (dice, faces and one
check) and :mod:`.special` (assisted, group and opposed checks, retries).
"""

from __future__ import annotations

from gmconsole.families.exploding.rules.check import (
    FACE_KINDS,
    SKILL_DICE,
    CheckResult,
    ExplodedDie,
    check_dice,
    parse_faces,
    roll_check,
    roll_die,
)
from gmconsole.families.exploding.rules.special import (
    AssistedCheck,
    AssistStep,
    GroupCheck,
    OpposedResult,
    Participant,
    RetryTracker,
    group_check,
    opposed,
)
from gmconsole.families.exploding.rules.target import (
    UNTRAINED_TN,
    Difficulty,
    TargetNumber,
    TnLine,
    TnModifier,
    build_target_number,
    default_difficulty,
    difficulties,
    difficulty,
    find_modifier,
    given_target_number,
    modifier_names,
    modifier_tables,
    parse_modifier,
)

__all__ = [
    "FACE_KINDS", "SKILL_DICE", "UNTRAINED_TN",
    "AssistStep", "AssistedCheck", "CheckResult", "Difficulty", "ExplodedDie", "GroupCheck",
    "OpposedResult", "Participant", "RetryTracker", "TargetNumber", "TnLine", "TnModifier",
    "build_target_number", "check_dice", "default_difficulty", "difficulties", "difficulty",
    "find_modifier", "given_target_number", "group_check", "modifier_names", "modifier_tables",
    "opposed", "parse_faces", "parse_modifier", "roll_check", "roll_die",
]
