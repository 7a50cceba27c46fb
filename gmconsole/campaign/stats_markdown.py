"""The "Dice and luck" section of the session recap and of the history's Markdown export.

The figures are those of :func:`gmconsole.campaign.statistics.statistics` (what ``gmconsole stats
--json`` prints), laid out as Markdown tables: per character (rolls, successes observed against
expected, the success rate against the odds, luck), the pushes, the results (tiers or margins), the
panics by table row, and the fairness of the dice typed by hand (only when there are some). Numbers are
written as ``gmconsole stats`` writes them: expected successes to two decimals, luck signed to two,
rates as whole percentages.

Names come from the campaign's files: every cell goes through :func:`md_cell`, which makes the text
safe (:func:`gmconsole.safe_text.shown`: no control character, so no line break) and escapes what
Markdown would read as a table pipe or markup, so a character named ``A|B`` or ``**Boss**`` stays one
cell and reads as typed.
"""

from __future__ import annotations

import re

from gmconsole.campaign.statistics_phrases import (
    band_name,
    band_text,
    costs_text,
    die_kind_text,
    p_value_text,
    panic_row_name,
    verdict,
)
from gmconsole.i18n import _
from gmconsole.safe_text import shown

__all__ = ["dice_and_luck", "luck_text", "md_cell", "rate_text"]

_MARKUP = re.compile(r"([\\`*_\[\]<>|~#!&])")


def md_cell(text: object) -> str:
    """One piece of untrusted text for a Markdown table cell: safe, one line, pipes and markup escaped."""
    return _MARKUP.sub(r"\\\1", shown(text))


def luck_text(value: float | None) -> str:
    """The luck score as ``gmconsole stats`` prints it: ``+0.52``, ``-1.10``, ``-`` when nothing could vary."""
    return "-" if value is None else f"{value:+.2f}"


def rate_text(value: float | None) -> str:
    """A rate as a whole percentage, ``-`` without rolls."""
    return "-" if value is None else f"{value:.0%}"


def _table(head: list[str], rows: list[list[str]], align: str = "") -> list[str]:
    """A Markdown table; ``align`` gives each column ``l`` or ``r`` (default: the first left, the rest right)."""
    align = align or "l" + "r" * (len(head) - 1)
    rules = ["---:" if a == "r" else "---" for a in align]
    return ["| " + " | ".join(head) + " |", "| " + " | ".join(rules) + " |",
            *("| " + " | ".join(row) + " |" for row in rows)]


def _figures_row(label: str, figures: dict) -> list[str]:
    return [label, str(figures["rolls"]), str(figures["observed_successes"]), f"{figures['expected_successes']:.2f}",
            rate_text(figures["success_rate"]), rate_text(figures["expected_success_rate"]), luck_text(figures["luck"])]


def _fairness_rows(rows: list[dict]) -> list[list[str]]:
    out = []
    for row in rows:
        out.append([md_cell(die_kind_text(row["kind"])), f"d{row['sides']}", str(row["n"]),
                    " ".join(map(str, row["faces"])), f"{row['chi2']:.2f}", p_value_text(row), verdict(row)])
    return out


def dice_and_luck(figures: dict, heading: str = "##", scope: str = "") -> list[str]:
    """The section's lines (no trailing blank line) from ``figures`` (:func:`statistics`' dict); ``scope``
    says what they cover when that differs from what the document around them shows (``"session 2"``)."""
    lines = [heading + " " + _("Dice and luck"), ""]
    if scope:
        lines += [_("Figures for {scope}.").format(scope=md_cell(scope)), ""]
    if not figures["rolls"] and not figures["panics"] and not figures["dice_fairness"]:
        return [*lines, _("No rolls recorded.")]
    if figures["rolls"]:
        rows = [_figures_row(md_cell(name), f) for name, f in figures["by_character"].items()]
        rows.append(_figures_row("**" + _("all") + "**", figures))
        lines += _table([_("who"), _("rolls"), _("successes"), _("expected"), _("rate"), _("odds"), _("luck")], rows)
        lines += ["", _("Successes observed against those the odds expected for each pool as rolled; rate: first "
                        "rolls with a success, odds: what the odds said; luck: observed minus expected in standard "
                        "deviations (+ lucky, - unlucky).")]
    pushes = figures["pushes"]
    if pushes["count"]:
        costs = costs_text(pushes["costs"], md_cell)
        if pushes["stress_gained"]:
            lines += ["", *_table([_("pushes"), _("turned a failure into a success"), _("stress gained"), _("costs")],
                                  [[str(pushes["count"]), str(pushes["turned_failure_into_success"]),
                                    str(pushes["stress_gained"]), costs]], "rrrl")]
        else:
            lines += ["", *_table([_("pushes"), _("turned a failure into a success"), _("costs")],
                                  [[str(pushes["count"]), str(pushes["turned_failure_into_success"]), costs]], "rrl")]
    if figures["bands"]:
        lines += ["", *_table([band_name(figures), _("rolls")],
                              [[md_cell(band_text(figures, k)), str(n)] for k, n in figures["bands"].items()])]
    if figures["panics"]:
        lines += ["", *_table([_("panic (table row)"), _("times")],
                              [[md_cell(panic_row_name(row)), str(n)] for row, n in figures["panics"].items()])]
    if figures["dice_fairness"]:
        lines += ["", _("Dice typed by hand (a chi-square test per kind and size; suspect at p < 0.01):"), "",
                  *_table([_("kind"), _("die"), _("rolls"), _("faces 1 up"), "chi²", "p", _("verdict")],
                          _fairness_rows(figures["dice_fairness"]), "lrrlrrl")]
    return lines
