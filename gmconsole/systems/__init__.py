"""Game systems: one rules family per package behind the :class:`GameSystem` protocol, each family an object.

The families are found through the ``gmconsole.families`` entry-point group (gmconsole's own three are
registered there like any installed one, see ``pyproject.toml``), once per process and only when first
asked for. ``get(system_id)`` returns the system a campaign names, ``family_of(system_id)`` the family
object that plays it; ``SYSTEM_IDS`` lists the systems in the families' order (gmconsole's own first, in
the order the README lists them). Everything that differs by system is asked of the system or its family object
(:mod:`gmconsole.systems.base`, :mod:`gmconsole.systems.family`), never decided by comparing its id.
"""

from __future__ import annotations

import importlib
import warnings
from typing import TYPE_CHECKING, Any

from gmconsole.i18n import _, verbatim
from gmconsole.rules.errors import RulesError

if TYPE_CHECKING:
    from gmconsole.systems.base import GameSystem
    from gmconsole.systems.family import GameFamily
    from gmconsole.systems.family_points import Point

    SYSTEM_IDS: tuple[str, ...]

__all__ = ["SYSTEM_IDS", "GameSystem", "all_families", "all_systems", "check_system", "family_of", "find", "get",
           "rediscover"]

class _Found:
    """What discovery found: the families, and each system with the family that plays it."""

    def __init__(self, families: list[GameFamily]) -> None:
        """``families`` in the order they were loaded (gmconsole's own first, so none is displaced by an
        installed family claiming its system); listed in their :attr:`GameFamily.order`."""
        self.systems: dict[str, GameSystem] = {}
        self.family: dict[str, GameFamily] = {}
        for family in families:
            for system in family.systems:
                if system.id in self.systems:
                    warnings.warn(verbatim("game family {family!r}: system {system!r} is already played by family "
                                           "{other!r}; ignored").format(family=family.name, system=system.id,
                                                                         other=self.family[system.id].name),
                                  RuntimeWarning, stacklevel=4)
                    continue
                self.systems[system.id] = system
                self.family[system.id] = family
        self.families = tuple(sorted(families, key=_listed))
        self.systems = {system.id: system for family in self.families for system in family.systems
                        if self.family.get(system.id) is family}


_found: _Found | None = None


def _own_first(point: Point) -> int:
    """gmconsole's own families load first: an installed family cannot take their names or systems."""
    return 0 if point[2] == "gmconsole" else 1


def _listed(family: GameFamily) -> tuple[int, str]:
    """Where ``family``'s systems come in lists (:attr:`GameFamily.order`, then its name)."""
    order = getattr(family, "order", None)
    return (order if isinstance(order, int) else 1000, family.name)


def _load(name: str, value: str) -> GameFamily | None:
    """The family object ``value`` (``module:object``) names, or ``None`` with one warning naming it when it
    cannot be loaded."""
    try:
        module, _colon, attribute = value.partition(":")
        family: Any = importlib.import_module(module.strip())
        for part in filter(None, attribute.strip().split(".")):
            family = getattr(family, part)
        names = family.name
        if not isinstance(names, str) or not all(isinstance(s.id, str) for s in family.systems):
            raise TypeError(verbatim("it is not a game family (a name and systems with ids)"))
    except Exception as error:  # a broken plugin must not stop the console: the other families still work
        warnings.warn(verbatim("game family {name!r} ({value}) could not be loaded: {error}").format(
            name=name, value=value, error=error), RuntimeWarning, stacklevel=4)
        return None
    return family  # type: ignore[no-any-return]


def _discover() -> _Found:
    """The families installed, found once per process (reading every installed package's metadata is
    the costly part, so it is done only when a system is first asked for)."""
    global _found
    if _found is None:
        from gmconsole.systems.family_points import points

        found = sorted(points(), key=_own_first)
        if not any(dist == "gmconsole" for _name, _value, dist in found):
            warnings.warn(verbatim("gmconsole's own game families are not registered: its install's metadata has "
                                   "no gmconsole.families entry points (install it again: pip install -e .)"),
                          RuntimeWarning, stacklevel=3)
        families: list[GameFamily] = []
        names: set[str] = set()
        for name, value, _dist in found:  # stable: the rest in the order found
            if name in names:
                warnings.warn(verbatim("game family {name!r} ({value}) is registered twice; the first is kept").format(
                    name=name, value=value), RuntimeWarning, stacklevel=3)
                continue
            family = _load(name, value)
            if family is not None:
                names.add(name)
                families.append(family)
        _found = _Found(families)
    return _found


def rediscover() -> None:
    """Forget the families found, so the next question finds them again (a family installed while the
    process runs: the tests' own family)."""
    global _found
    importlib.invalidate_caches()
    _found = None


def get(system_id: str) -> GameSystem:
    """The system named ``system_id``; a :class:`RulesError` naming the choices when unknown."""
    try:
        return _discover().systems[system_id]
    except (KeyError, TypeError):
        raise RulesError(_("unknown system {system!r}: choose one of {systems}").format(
            system=system_id, systems=", ".join(_discover().systems))) from None


def find(system_id: object) -> GameSystem | None:
    """The system named ``system_id``, or ``None`` when gmconsole knows none by that name (a history
    entry read from a file may name anything)."""
    return _discover().systems.get(system_id) if isinstance(system_id, str) else None


def family_of(system_id: str) -> GameFamily:
    """The family object playing the system ``system_id``; a :class:`RulesError` naming the choices when unknown."""
    found = _discover()
    if system_id not in found.family:
        get(system_id)  # raises, naming the choices
    return found.family[system_id]


def check_system(system_id: str) -> str:
    """``system_id`` itself when gmconsole knows it, else a :class:`RulesError` naming the choices."""
    return get(system_id).id


def all_systems() -> tuple[GameSystem, ...]:
    """Every registered system, in :data:`SYSTEM_IDS` order."""
    return tuple(_discover().systems.values())


def all_families() -> tuple[GameFamily, ...]:
    """Every family found, in their order (:attr:`GameFamily.order`)."""
    return _discover().families


def __getattr__(name: str) -> Any:
    """``SYSTEM_IDS`` (every system id gmconsole knows, gmconsole's own first) is worked out when first asked
    for; ``systems.GameSystem`` is imported then too (the protocol is for type checks and tests)."""
    if name == "SYSTEM_IDS":
        return tuple(_discover().systems)
    if name == "GameSystem":
        from gmconsole.systems.base import GameSystem

        return GameSystem
    raise AttributeError(verbatim("module {module!r} has no attribute {name!r}").format(module=__name__, name=name))
