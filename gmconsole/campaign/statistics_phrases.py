"""Words the statistics say in every place that shows them (the console's screen, ``gmconsole stats``,
the recap's Markdown): a push's costs by their names, the pushes in one sentence, the results' name, and the
stress dice per roll kept short (never raw key names, no "stress gained 0" in `myz`, and not 700 lines of
stress dice on a long campaign)."""

from __future__ import annotations

from collections import Counter

from gmconsole.campaign.pending_costs import cost_name
from gmconsole.i18n import N_, NP_, _, language, ngettext, pgettext, pick

__all__ = ["BAND_NAMES", "band_name", "band_text", "costs_text", "die_kind_text", "p_value_text", "panic_row_name",
           "pushes_text", "stress_text", "verdict"]

BAND_NAMES = {"margin": (N_("margin"), N_("margins")), "tier": (N_("tier"), N_("tiers"))}
"""What a system's results are called (its stats module's ``BAND_NAME``), one and many (translated where shown)."""

DIE_KINDS = {"base": NP_("die kind", "base"), "skill": NP_("die kind", "skill"), "gear": NP_("die kind", "gear"),
             "stress": NP_("die kind", "stress"), "artifact": NP_("die kind", "artifact"),
             "step": NP_("die kind", "step"), "trait": NP_("die kind", "trait"), "dice": NP_("die kind", "dice")}
"""The die kinds the history records (a value scripts compare) as the GM reads them."""

STRESS_LIST_LIMIT = 30
"""Up to this many rolls the stress dice of each are listed; past it they are counted."""


def band_name(data: dict, plural: bool = False) -> str:
    """"margin", "tiers"...: the name the statistics give their results (``result`` when not said)."""
    one, many = BAND_NAMES.get(str(data.get("band_name")), (N_("result"), N_("results")))
    return _(many if plural else one)


def band_text(data: dict, band: str) -> str:
    """One result band as the statistics count it (a tier's stored value ``mixed``, a margin ``+2``) in the
    console's language: a tier by the data file's name, a margin as it is."""
    if data.get("band_name") != "tier":
        return band
    from gmconsole.campaign.shown_names import tier_shown

    return tier_shown(band)


def die_kind_text(kind: str) -> str:
    """A die kind as recorded (``base``) in the console's language; a kind not known here as recorded."""
    return pgettext("die kind", DIE_KINDS[kind]) if kind in DIE_KINDS else kind


def panic_row_name(effect: str) -> str:
    """A panic table row as the statistics count it (its id, ``drop-item``) by its name in the console's
    language, English included (``Drop item``); an id the table lacks as recorded. ``--json`` keeps the id."""
    from gmconsole.campaign.commands.typed_values import installed_panic_tables

    row = next((r for table in installed_panic_tables() for r in table.rows() if r.get("id") == effect), None)
    return pick(row.get("name")) if row else effect


def costs_text(costs: dict, escape) -> str:
    """"gear damage 2, trauma 1": each cost by its name (``escape`` makes a name safe where it is shown)."""
    return _(", ").join(f"{escape(_counted_cost(str(name)))} {amount}" for name, amount in costs.items()) or _("none")


def _counted_cost(name: str) -> str:
    """A cost named before a count (``panic 2``): in English its key's words, as the tables always read (the
    listing's ``panic roll`` would count rolls); in another language the catalogue's name of the cost."""
    return name.replace("_", " ") if language() == "en" else cost_name(name)


def pushes_text(pushes: dict, escape) -> str:
    """"2, 1 turned a failure into a success; stress gained 2; costs: trauma 1" (stress only when gained)."""
    text = _("{count}, {turned} turned a failure into a success").format(
        count=pushes["count"], turned=pushes["turned_failure_into_success"])
    if pushes.get("stress_gained"):
        text = _("{pushes}; stress gained {n}").format(pushes=text, n=pushes["stress_gained"])
    return _("{pushes}; costs: {costs}").format(pushes=text, costs=costs_text(pushes["costs"], escape))


def stress_text(stress: dict[str, list[int]]) -> list[str]:
    """The stress dice of the rolls: listed roll by roll for one short session, else counted
    ("0 dice: 120 rolls, 1 die: 40 rolls") over every session shown, in one line."""
    rolls = [n for dice in stress.values() for n in dice]
    if not any(rolls):
        return []
    if len(stress) == 1 and len(rolls) <= STRESS_LIST_LIMIT:
        (session, dice), = stress.items()
        return [_("Stress dice per roll, session {session}: {dice}").format(session=session,
                                                                             dice=" ".join(map(str, dice)))]
    counts = Counter(rolls)
    parts = _(", ").join(
        _("{dice}: {rolls}").format(dice=ngettext("{n} die", "{n} dice", n).format(n=n),
                                    rolls=ngettext("{k} roll", "{k} rolls", k).format(k=k))
        for n, k in sorted(counts.items()))
    if len(stress) == 1:
        return [_("Stress dice per roll, session {session}: {counts}").format(session=next(iter(stress)),
                                                                               counts=parts)]
    return [ngettext("Stress dice per roll, {n} session: {counts}", "Stress dice per roll, {n} sessions: {counts}",
                     len(stress)).format(n=len(stress), counts=parts)]


def verdict(row: dict) -> str:
    """A fairness row's verdict: fair, SUSPECT, or how many rolls it needs before it says."""
    if row["suspect"] is None:
        return _("not enough rolls (needs {n})").format(n=row["needed"])
    return _("SUSPECT") if row["suspect"] else _("fair")


def p_value_text(row: dict) -> str:
    """A fairness row's p-value to four places, or "-" before it has one."""
    return "-" if row["p_value"] is None else f"{row['p_value']:.4f}"
