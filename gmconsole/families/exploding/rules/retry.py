"""The second chances of a failed `exploding` check, for the roll builder: the retry after a change of
circumstances and the reroll with a grant the character holds (R-EXP-5).

A retry rolls every die again (retrying, docs/RULES.md: once, unless the GM records a change of
circumstances with ``w``), and so does a grant's reroll (``R``), so the chance of each is the check's own,
recorded with the roll (:func:`~gmconsole.families.exploding.rules.odds.retry_odds` answers the CLI).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["after_roll_line", "grant_line"]


def _chance(roll: dict[str, Any]) -> str | None:
    """The failed check's own chance of success as ``88 %``, or ``None`` when ``roll`` did not fail or its
    odds cannot be read. ``roll`` is the recorded roll as stored (read from the campaign file: every field is
    checked)."""
    if roll.get("success") is not False:
        return None
    odds = roll.get("odds")
    if not isinstance(odds, dict):
        odds = {}
    try:
        chance = Fraction(str(odds.get("p_success_exact")))
    except (ValueError, ZeroDivisionError):
        return None
    if not 0 <= chance <= 1:
        return None
    return f"{float(chance) * 100:.0f} %"


def after_roll_line(roll: dict[str, Any], stamina: int | None) -> str | None:
    """"Retry after a change of circumstances (w): 88 % success" under a failed check, else ``None``."""
    percent = _chance(roll)
    if percent is None:
        return None
    from gmconsole.i18n import _

    return _("Retry after a change of circumstances (w): {p} success, no cost").format(p=percent)


def grant_line(roll: dict[str, Any], grants: str) -> str | None:
    """"Reroll with a grant (R: Old hand): 88 % success" under a failed check the character's grants
    (``grants``, their names as the GM reads them) may reroll (R-EXP-5), else ``None``."""
    percent = _chance(roll)
    if percent is None:
        return None
    from gmconsole.i18n import _

    return _("Reroll with a grant (R: {grants}): {p} success, recorded with its name (R-EXP-5)").format(
        grants=grants, p=percent)
