"""The rules core: pure functions and dataclasses for every dice system gmconsole knows.

Nothing in this package imports textual, tinydb or rich, reads the clock or the disk
(except the bundled system tables through :mod:`gmconsole.rules.data`), or touches a
global random generator: a ``random.Random`` or a list of hand-entered faces is passed in.
"""

from gmconsole.rules.errors import RulesError

SYSTEMS = ("myz", "yze", "yze-step", "exploding", "tiered")
"""Every system id gmconsole knows, in the order the README lists them."""

YEAR_ZERO_SYSTEMS = ("myz", "yze", "yze-step")


def check_system(system: str) -> str:
    """Return ``system`` if gmconsole knows it, else raise a :class:`RulesError` naming the choices."""
    if system not in SYSTEMS:
        raise RulesError(f"unknown system {system!r}: choose one of {', '.join(SYSTEMS)}")
    return system


__all__ = ["RulesError", "SYSTEMS", "YEAR_ZERO_SYSTEMS", "check_system"]
