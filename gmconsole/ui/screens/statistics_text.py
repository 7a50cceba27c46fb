"""The statistics screen's figures in words and tables: what the dice did against what the
odds said, read from the dict of :func:`gmconsole.campaign.statistics.statistics` (the same figures
``gmconsole stats --json`` prints, so the screen and the CLI cannot disagree).

Every name (characters, costs, panic rows, die kinds) comes from the campaign file and passes through
:func:`~gmconsole.safe_text.shown`.
"""

from __future__ import annotations

from rich.console import Group, JustifyMethod
from rich.style import Style
from rich.table import Table
from rich.text import Text

from gmconsole.campaign.statistics_phrases import (
    band_name,
    band_text,
    panic_row_name,
    pushes_text,
    stress_text,
    verdict,
)
from gmconsole.i18n import _, ngettext, pgettext
from gmconsole.safe_text import cut_cells, shown
from gmconsole.ui.widgets.dice_pool import KIND_NAMES

__all__ = ["die_kind", "figures_view", "luck_words", "verdict"]

TITLE = Style(bold=True, color="cyan")
"""A table's title, and the line said in place of a table that has nothing to show."""


def die_kind(kind: str) -> str:
    """A die kind of the fairness test as the screen names it: ``base`` in the console's language, a kind
    the console does not know (from the file) as it is, escaped."""
    return pgettext("die kind", KIND_NAMES[kind]) if kind in KIND_NAMES else shown(kind)


def luck_words(luck: float | None) -> str:
    """The luck score (observed minus expected successes, in standard deviations) in plain words."""
    if luck is None:
        return _("not enough rolls to say")
    if luck >= 2:
        return _("far luckier than expected")
    if luck >= 1:
        return _("luckier than expected")
    if luck > -1:
        return _("about as expected")
    if luck > -2:
        return _("unluckier than expected")
    return _("far unluckier than expected")


def _luck(value) -> str:
    return "-" if value is None else f"{value:+.2f}"


def _rate(value) -> str:
    return "-" if value is None else f"{value:.0%}"


def _table(title: str) -> Table:
    table = Table(title=title, title_justify="left", title_style=TITLE, box=None, padding=(0, 1),
                  show_edge=False, header_style="bold")
    table.add_column("", no_wrap=True, min_width=12, max_width=22, overflow="ellipsis")
    for name, cells in ((_("rolls"), 5), (_("observed"), 8), (_("expected"), 8), (_("luck"), 6), (_("rate"), 4),
                        (_("odds"), 4)):
        table.add_column(name, justify="right", no_wrap=True, min_width=cells)  # figures are never cut
    table.add_column(_("reading"), ratio=1, overflow="fold")  # words wrap at 80 columns (Chinese folds) instead
    return table


def _row(table: Table, label: str, figures: dict) -> None:
    table.add_row(label, str(figures["rolls"]), str(figures["observed_successes"]),
                  f"{figures['expected_successes']:.2f}", _luck(figures["luck"]), _rate(figures["success_rate"]),
                  _rate(figures["expected_success_rate"]), luck_words(figures["luck"]))


def _summary(data: dict) -> list:
    table = _table(_("What the dice did"))
    _row(table, _("all dice"), data)
    for source, label in (("console", _("console dice")), ("typed", _("typed dice"))):
        _row(table, label, data[source])
    parts: list = [table]
    pushes = data["pushes"]
    if pushes["count"]:
        parts.append(Text(_("Pushes: {pushes}").format(pushes=pushes_text(pushes, shown))))
    else:
        parts.append(Text(_("Pushes: none")))
    if data["bands"]:
        counts = _(", ").join(f"{shown(band_text(data, k))} {n}" for k, n in data["bands"].items())
        bands = band_name(data, plural=True).capitalize()
        parts.append(Text(_("{bands}: {counts}").format(bands=bands, counts=counts)))
    return parts


def _characters(data: dict) -> Table:
    table = _table(_("By character"))
    for name, figures in data["by_character"].items():
        _row(table, shown(name), figures)
    return table


def _fairness(rows: list[dict]) -> list:
    if not rows:
        return [Text(_("Dice fairness: no dice typed by hand"), style=TITLE)]
    table = Table(title=_("Dice fairness (dice typed by hand)"), title_justify="left", title_style=TITLE,
                  box=None, padding=(0, 1), show_edge=False, header_style="bold")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        (_("kind"), "left"), (_("die"), "right"), ("n", "right"), ("chi2", "right"), ("p", "right"),
        (_("verdict"), "left"))
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=True)
    for row in rows:
        p = "-" if row["p_value"] is None else f"{row['p_value']:.4f}"
        style = Style(bold=True, color="red") if row["suspect"] else ""
        kind = cut_cells(die_kind(row["kind"]), 12, "")
        table.add_row(kind, f"d{row['sides']}", str(row["n"]), f"{row['chi2']:.2f}", p, Text(verdict(row), style=style))
    return [table]


def figures_view(data: dict) -> Group:
    """Everything the screen says in words: the totals, each character, panics, stress, the typed dice."""
    parts: list = []
    if not data["rolls"]:
        parts.append(Text(_("No rolls in this session yet.") if data["session"] is not None else _("No rolls yet."),
                          style="italic"))
    else:
        parts += _summary(data)
        parts.append(Text(_("luck: observed minus expected successes, in standard deviations (+ lucky, - unlucky); "
                            "rate: first rolls with a success; odds: what the odds said"), style="dim"))
        parts += [Text(""), _characters(data)]
    if data["panics"]:
        panics = _(", ").join(f"{shown(panic_row_name(row))} {n}" for row, n in data["panics"].items())
        parts.append(Text("\n" + _("Panics: {panics}").format(panics=panics)))
    parts += [Text(line) for line in stress_text(data.get("stress", {}))]
    if data["unread"]:
        unread = data["unread"]
        parts.append(Text(ngettext("Left out: {n} entry that could not be read",
                                   "Left out: {n} entries that could not be read", unread).format(n=unread)))
    parts += [Text(""), *_fairness(data["dice_fairness"])]
    return Group(*parts)
