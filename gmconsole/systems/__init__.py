"""Game systems: one package per rules family behind the :class:`GameSystem` protocol.

``get(system_id)`` returns the system a campaign names; ``SYSTEM_IDS`` lists them in the
order the README does. Everything that differs by system is asked of the system object
(see :mod:`gmconsole.systems.base`), never decided by comparing its id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.i18n import _, verbatim
from gmconsole.rules.errors import RulesError
from gmconsole.systems.exploding.system import EXPLODING
from gmconsole.systems.tiered.system import TIERED
from gmconsole.systems.yearzero.system import MYZ, YZE, YZE_STEP

if TYPE_CHECKING:
    from gmconsole.systems.base import GameSystem

__all__ = ["SYSTEM_IDS", "GameSystem", "all_systems", "check_system", "find", "get"]

_REGISTRY: dict[str, GameSystem] = {s.id: s for s in (MYZ, YZE, YZE_STEP, EXPLODING, TIERED)}

SYSTEM_IDS: tuple[str, ...] = tuple(_REGISTRY)
"""Every system id gmconsole knows, in the order the README lists them."""


def get(system_id: str) -> GameSystem:
    """The system named ``system_id``; a :class:`RulesError` naming the choices when unknown."""
    try:
        return _REGISTRY[system_id]
    except (KeyError, TypeError):
        raise RulesError(_("unknown system {system!r}: choose one of {systems}").format(
            system=system_id, systems=", ".join(SYSTEM_IDS))) from None


def find(system_id: object) -> GameSystem | None:
    """The system named ``system_id``, or ``None`` when gmconsole knows none by that name (a history
    entry read from a file may name anything)."""
    return _REGISTRY.get(system_id) if isinstance(system_id, str) else None


def check_system(system_id: str) -> str:
    """``system_id`` itself when gmconsole knows it, else a :class:`RulesError` naming the choices."""
    return get(system_id).id


def all_systems() -> tuple[GameSystem, ...]:
    """Every registered system, in :data:`SYSTEM_IDS` order."""
    return tuple(_REGISTRY.values())


def __getattr__(name: str) -> type[GameSystem]:
    """``systems.GameSystem`` is imported when first asked for (the protocol is for type checks and tests;
    building it is not needed to open the console)."""
    if name == "GameSystem":
        from gmconsole.systems.base import GameSystem

        return GameSystem
    raise AttributeError(verbatim("module {module!r} has no attribute {name!r}").format(module=__name__, name=name))
