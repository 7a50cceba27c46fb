""""Should I push?" in the roll builder (issue 17): the odds and costs of pushing the roll on screen.

Under ``p: push`` the builder shows one line — the chance of success after the push, the successes to
expect, the panic chance and what each cost can come to — computed exactly from the dice the roll shows
(:meth:`CampaignService.push_odds <gmconsole.campaign.commands.roll_front.RollFront.push_odds>`). It is
redrawn with the result, so a setting the GM changes (push cost, skill 1s) shows at once. ``O`` opens
the full table (:class:`~gmconsole.ui.screens.push_odds.PushOddsScreen`).
"""

from __future__ import annotations

from fractions import Fraction

from gmconsole.campaign.entries import RollEntry, given

__all__ = ["percent", "push_odds_line", "push_odds_of", "spread"]


def percent(p: Fraction | float) -> str:
    """A chance as the builder writes it: whole percents, with "<1 %" and ">99 %" at the ends."""
    value = float(p) * 100
    if 0 < value < 1:
        return "<1 %"
    if 99 < value < 100:
        return ">99 %"
    return f"{value:.0f} %"


def spread(dist: dict[int, Fraction]) -> str:
    """What a cost can come to: "2" when certain, else "2–5"."""
    amounts = [a for a, p in dist.items() if p]
    low, high = min(amounts), max(amounts)
    return str(low) if low == high else f"{low}–{high}"


def push_odds_of(service, entry: RollEntry):
    """The push odds of ``entry``, or ``None`` when it cannot be pushed or was undone."""
    from gmconsole.ui.roll_builder.flows import ERRORS

    if given(entry.status, "done") != "done":
        return None
    try:
        return service.push_odds(given(entry.id, None))
    except ERRORS:
        return None


def push_odds_line(service, entry: RollEntry) -> str | None:
    """One line: "If pushed: 42 % success, 0.5 expected · panic 42 % · trauma 2–5 · O: odds"."""
    odds = push_odds_of(service, entry)
    if odds is None:
        return None
    parts = [f"If pushed: {percent(odds.p_success)} success, {float(odds.expected_successes):.1f} expected"]
    if odds.p_panic is not None:
        parts.append(f"panic {percent(odds.p_panic)}")
    for name, dist in odds.cost_distribution.items():
        if any(a for a, p in dist.items() if p) and name != "broken":
            parts.append(f"{name.replace('_', ' ')} {spread(dist)}")
    broken = odds.cost_distribution.get("broken", {}).get(1)
    if broken:
        parts.append(f"broken {percent(broken)}")
    return " · ".join(parts) + " · O: odds"
