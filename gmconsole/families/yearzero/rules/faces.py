"""The Year Zero family's dice as the GM types their faces (R-MANUAL-1), with the letters of its quick
pool (``5b 3s 1g 2st``): ``b63124 s355 g14 st2 a10``; step dice (yze-step, ``d10 d8`` in the quick pool)
are ``d10,3``. Each system types the kinds it rolls (myz has no stress dice; yze-step no counted
base, skill or gear dice)."""

from __future__ import annotations

from gmconsole.rules.spec import FaceKind

__all__ = ["MYZ_FACES", "STEP_FACES", "YZE_FACES"]

BASE = FaceKind("base", "b")
SKILL = FaceKind("skill", "s")
GEAR = FaceKind("gear", "g")
STRESS = FaceKind("stress", "st")
ARTIFACT = FaceKind("artifact", "a", d6=False)
STEP = FaceKind("step", "d", d6=False)

MYZ_FACES = (BASE, SKILL, GEAR, ARTIFACT)
YZE_FACES = (BASE, SKILL, GEAR, STRESS, ARTIFACT)
STEP_FACES = (STEP, STRESS, ARTIFACT)
