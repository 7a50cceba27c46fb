"""The retry of a failed `exploding` check after a change of circumstances (issue 17), for the roll builder.

A retry rolls every die again (retrying, docs/RULES.md: once, unless the GM records a change of
circumstances with ``w``), so its chance is the check's own, recorded with the roll
(:func:`~gmconsole.systems.exploding.odds.retry_odds` answers the CLI).
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["after_roll_line"]


def after_roll_line(roll: dict, stamina: int | None) -> str | None:
    """"Retry after a change of circumstances (w): 88 % success" under a failed check, else ``None``.
    ``roll`` is the recorded roll as stored (read from the campaign file: every field is checked)."""
    if roll.get("success") is not False:
        return None
    odds = roll.get("odds") if isinstance(roll.get("odds"), dict) else {}
    try:
        chance = Fraction(str(odds.get("p_success_exact")))
    except (ValueError, ZeroDivisionError):
        return None
    if not 0 <= chance <= 1:
        return None
    from gmconsole.i18n import _

    percent = f"{float(chance) * 100:.0f} %"
    return _("Retry after a change of circumstances (w): {p} success, no cost").format(p=percent)
