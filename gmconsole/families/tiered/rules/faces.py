"""The tiered system's dice as the GM types their faces (R-MANUAL-1): plain d6, ``d`` as its quick pool
writes them (``4d6``), one digit per face: ``d6512``."""

from __future__ import annotations

from gmconsole.rules.spec import FaceKind

__all__ = ["FACES"]

FACES = (FaceKind("dice", "d"),)
