"""The exploding system's dice as the GM types their faces (R-MANUAL-1), with the letters of its quick
pool (``s8 t6``): ``s8+3,2 t4`` (a ``+`` chains an explosion). Its dice run d4 to d12, so a kind's
faces are one face or faces between commas, never one digit each."""

from __future__ import annotations

from gmconsole.rules.spec import FaceKind

__all__ = ["FACES"]

FACES = (FaceKind("skill", "s", d6=False), FaceKind("trait", "t", d6=False))
