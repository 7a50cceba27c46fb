"""Words the statistics say in every place that shows them (the console's screen, ``gmconsole stats``,
the recap's Markdown): a push's costs by their names, the pushes in one sentence, the results' name, and the
stress dice per roll kept short (play-test 9: raw key names, "stress gained 0" in `myz`, and 700 lines of
stress dice on a long campaign)."""

from __future__ import annotations

from collections import Counter

__all__ = ["BAND_NAMES", "band_name", "costs_text", "p_value_text", "pushes_text", "stress_text", "verdict"]

BAND_NAMES = {"margin": ("margin", "margins"), "tier": ("tier", "tiers")}
"""What a system's results are called (its stats module's ``BAND_NAME``), one and many."""

STRESS_LIST_LIMIT = 30
"""Up to this many rolls the stress dice of each are listed; past it they are counted."""


def band_name(data: dict, plural: bool = False) -> str:
    """"margin", "tiers"...: the name the statistics give their results (``result`` when not said)."""
    one, many = BAND_NAMES.get(data.get("band_name"), ("result", "results"))
    return many if plural else one


def costs_text(costs: dict, escape) -> str:
    """"gear damage 2, trauma 1": each cost by its name (``escape`` makes a name safe where it is shown)."""
    return ", ".join(f"{escape(str(name).replace('_', ' '))} {amount}" for name, amount in costs.items()) or "none"


def pushes_text(pushes: dict, escape) -> str:
    """"2, 1 turned a failure into a success; stress gained 2; costs: trauma 1" (stress only when gained)."""
    text = f"{pushes['count']}, {pushes['turned_failure_into_success']} turned a failure into a success"
    if pushes.get("stress_gained"):
        text += f"; stress gained {pushes['stress_gained']}"
    return text + f"; costs: {costs_text(pushes['costs'], escape)}"


def stress_text(stress: dict[str, list[int]]) -> list[str]:
    """The stress dice of the rolls: listed roll by roll for one short session, else counted
    ("0 dice: 120 rolls, 1 die: 40 rolls") over every session shown, in one line."""
    rolls = [n for dice in stress.values() for n in dice]
    if not any(rolls):
        return []
    if len(stress) == 1 and len(rolls) <= STRESS_LIST_LIMIT:
        (session, dice), = stress.items()
        return [f"Stress dice per roll, session {session}: {' '.join(map(str, dice))}"]
    counts = Counter(rolls)
    where = f"session {next(iter(stress))}" if len(stress) == 1 else f"{len(stress)} sessions"
    parts = [f"{n} {'die' if n == 1 else 'dice'}: {k} {'roll' if k == 1 else 'rolls'}"
             for n, k in sorted(counts.items())]
    return [f"Stress dice per roll, {where}: " + ", ".join(parts)]


def verdict(row: dict) -> str:
    """A fairness row's verdict: fair, SUSPECT, or how many rolls it needs before it says."""
    if row["suspect"] is None:
        return f"not enough rolls (needs {row['needed']})"
    return "SUSPECT" if row["suspect"] else "fair"


def p_value_text(row: dict) -> str:
    """A fairness row's p-value to four places, or "-" before it has one."""
    return "-" if row["p_value"] is None else f"{row['p_value']:.4f}"
