"""A character read from another program's file (a Foundry VTT actor), before it meets a campaign.

A family that reads such files offers an ``actor_reader`` part (:class:`ActorReaderPart`, an optional member
of :class:`gmconsole.systems.family.GameFamily`): it says which of Foundry's game systems it reads and into
which of its own systems, and turns one actor's JSON into a :class:`ReadActor` — the sheet in gmconsole's
ids (attributes, skill levels by the Foundry skill's key, gear with its bonus, stress), plus what it left
out and why. The campaign (:mod:`gmconsole.campaign.actor_import`) then matches the skills against the
campaign's list, adds or updates the characters, and records the import as one change.

Pure like the rest of ``systems``: no file is read here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

__all__ = ["ActorReaderPart", "ActorRefused", "ReadActor", "ReadGear", "ReadSkill", "Skipped"]


class ActorRefused(ValueError):
    """The actor cannot be read at all (not an actor, a system the family does not read): one clause why."""


@dataclass(frozen=True)
class Skipped:
    """Something of the file that was left out: where it was (a field path) and why."""

    field: str
    why: str

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "why": self.why}


@dataclass(frozen=True)
class ReadSkill:
    """A skill of the actor: its Foundry ``key`` (``closeCbt``, ``sleight-of-hand``, ``KNOWTHEZONE``), the
    ``name`` a new campaign skill would get, its ``level`` in the system's numbers (a die size for step
    dice) and the ``attribute`` it rolls with (a gmconsole attribute id) when the file says."""

    key: str
    name: str
    level: int
    attribute: str | None = None
    path: str = ""
    """Where the file holds it (``system.skills.piloting``, ``items[3]``), for what is left out."""


@dataclass(frozen=True)
class ReadGear:
    """An item carried, with its current and undamaged gear bonus."""

    name: str
    bonus: int = 0
    max_bonus: int = 0


@dataclass
class ReadActor:
    """One actor in gmconsole's terms: ``attributes`` ``{id: (max, current)}`` (every attribute of the
    system), ``skills``, ``gear``, ``stress`` (``None`` where the file has none), the ``kind`` (pc/npc),
    the Foundry system it came from (``source``) and the gmconsole system it plays (``system``)."""

    name: str
    kind: str
    source: str
    system: str
    attributes: dict[str, tuple[int, int]]
    skills: list[ReadSkill] = field(default_factory=list)
    gear: list[ReadGear] = field(default_factory=list)
    stress: int | None = None
    skipped: list[Skipped] = field(default_factory=list)


@runtime_checkable
class ActorReaderPart(Protocol):
    """Reads the actors of the Foundry systems a family plays."""

    def systems_read(self) -> dict[str, str]:
        """Foundry's system id (``alienrpg``) → the gmconsole system its actors play (``yze``)."""
        ...

    def titles(self) -> dict[str, str]:
        """Foundry's system id → the game's name, for messages (``Alien RPG``)."""
        ...

    def guess(self, body: dict[str, Any]) -> str | None:
        """The Foundry system an actor's data (``system`` or v9 ``data``) looks like, for an older export that
        does not name it; ``None`` when it looks like none the family reads."""
        ...

    def read(self, actor: dict[str, Any], body: dict[str, Any], source: str, base: str) -> ReadActor:
        """The actor (the whole JSON, ``body`` its ``system``/``data``, ``base`` which of the two, for field
        paths) of Foundry system ``source``; :class:`ActorRefused` when it cannot be read."""
        ...
