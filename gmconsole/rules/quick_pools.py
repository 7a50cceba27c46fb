"""The GM's quick pool (issue 12), by system id: a front for callers that hold an id rather than the
system object. Each family reads its own syntax (``gmconsole/systems/<family>/quick_pool.py``);
a caller with the system in hand reads ``system.quick_pool_syntax`` and ``system.quick_pool_example``
and calls :func:`gmconsole.systems.quick_pool.parse`.
"""

from __future__ import annotations

from gmconsole import systems
from gmconsole.systems import quick_pool
from gmconsole.systems.quick_pool import QuickPool

__all__ = ["EXAMPLE", "QuickPool", "SYNTAX", "parse"]

SYNTAX = {s.id: s.quick_pool_syntax for s in systems.all_systems()}
"""Each system's quick-pool syntax, as the refusal of a bad one and the console's prompt say it."""

EXAMPLE = {s.id: s.quick_pool_example for s in systems.all_systems()}
"""One quick pool per system, the console's placeholder."""


def parse(system: str, text: str, push_cost: str | None = None) -> QuickPool:
    """The quick pool ``text`` means in ``system``; raises :class:`RulesError` naming the syntax.
    ``push_cost`` is the campaign's Year Zero push cost (stress dice count where it is ``stress-dice``)."""
    return quick_pool.parse(systems.get(system), text, push_cost)
