"""Which roster member a typed text names: an id, a full name, or the start of a name.

At the table the GM types ``Ripley``, not ``Ripley Hale`` (full names alone are too slow to type
mid-fight). A typed text finds, in order: the member with that id; the one whose full name it is
(case-insensitive); the one member a word of whose name starts with it (``rip``, ``hale``). When
several names start so, nothing is found (:func:`gmconsole.campaign.character_lookup.not_found`
names them, so the GM types more).

A leaf: the campaign model finds its characters with it, and the lookups that explain a miss
(:mod:`gmconsole.campaign.character_lookup`) use it too, so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar


class Named(Protocol):
    """What a typed name is matched against: a roster member's id and name."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


N = TypeVar("N", bound=Named)


def matching(roster: Sequence[N], typed: str) -> list[N]:
    """Every roster member a word of whose name starts with ``typed`` (case-insensitive); all of
    them when ``typed`` is blank is never wanted, so a blank text matches nobody."""
    wanted = typed.strip().casefold()
    if not wanted:
        return []
    return [c for c in roster
            if c.name.casefold().startswith(wanted)
            or any(word.startswith(wanted) for word in c.name.casefold().split())]


def find(roster: Sequence[N], typed: str) -> N | None:
    """The one member ``typed`` names (see the module docstring), or ``None``."""
    by_id = next((c for c in roster if c.id == typed), None)
    if by_id is not None:
        return by_id
    wanted = typed.strip().casefold()
    exact = next((c for c in roster if c.name.casefold() == wanted), None)
    if exact is not None:
        return exact
    found = matching(roster, typed)
    return found[0] if len(found) == 1 else None
