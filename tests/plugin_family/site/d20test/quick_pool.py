"""The GM's quick pool: a target (``12``): one d20 at or under it."""

from __future__ import annotations

from gmconsole.systems.family import QuickPool
from gmconsole.systems.quick_pool import refuse, tokens, untyped


def parse(system, text: str, push_cost: str | None = None) -> QuickPool:
    refused = untyped(system, text)
    if refused is not None:
        raise refused
    words = tokens(text)
    if len(words) != 1 or not words[0].isdigit():
        raise refuse(system, text)
    return QuickPool(system=system.id, text=words[0], core=int(words[0]))


def counted(system, counts: dict[str, int]) -> str:
    return ""
