"""The full "should I push?" table: every figure of pushing the roll on screen, exactly.

The roll builder's one line (:mod:`gmconsole.ui.roll_builder.push_odds_view`) sums it up; ``O`` opens
this screen: the chance of each number of successes after the push (and of at least that many: two is
one stunt or bonus effect), the panic chance and the panic table rows it can land on, and every cost
with each amount it can come to. Chances are shown as percents with the exact fraction beside them.
``escape`` (or ``O`` again) goes back.
"""

from __future__ import annotations

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from gmconsole.i18n import N_, _, language, ngettext, pick
from gmconsole.safe_text import cell_width, shown
from gmconsole.ui.console_app import ConsoleApp
from gmconsole.ui.roll_builder.push_odds_view import cost_name, percent
from gmconsole.ui.widgets.footer import Footer

__all__ = ["PushOddsScreen", "push_odds_text"]


def _chance(p) -> str:
    return f"{percent(p):>6}  {p}"


def _padded(text: str, cells: int) -> str:
    """``text`` padded with blanks to ``cells`` terminal cells (a Chinese character takes two)."""
    return text + " " * max(0, cells - cell_width(text))


def panic_names(system: str) -> dict[str, str]:
    """The panic table's rows of ``system`` by id, named as the push odds show them: in English the id's words
    (``keeping it together``), in another language the row's name from the data file (``撐住了``)."""
    from gmconsole.rules.data import system_table

    rows = system_table(system).get("panic", [])
    if language() == "en":
        return {row["id"]: row["id"].replace("-", " ") for row in rows}
    return {row["id"]: pick(row.get("name"), row["id"]) for row in rows}


def push_odds_text(odds, summary: str, row_names: dict[str, str] | None = None) -> str:
    """The table as lines of text (``summary`` is the roll's, from the campaign file: shown safely);
    ``row_names``: the panic rows' names by id (:func:`panic_names`; else the id's words)."""
    row_names = row_names or {}
    lines = [_("Pushing: {summary}").format(summary=shown(summary)),
             _("The push rolls {dice}; {kept} {stay}.").format(
                 dice=ngettext("{n} die", "{n} dice", odds.rerolled).format(n=odds.rerolled), kept=odds.kept_successes,
                 stay=ngettext("success stays", "successes stay", odds.kept_successes)),
             "", _("Successes after the push      exactly        at least")]
    top = max((k for k, p in enumerate(odds.distribution) if p), default=0)
    for k in range(top + 1):
        at_least = _chance(odds.p_at_least(k)) if k else ""
        lines.append(f"  {k:>2}   {_chance(odds.distribution[k]):<22}  {at_least}")
    expected = f"{float(odds.expected_successes):.2f} ({odds.expected_successes})"
    lines.append(_("Expected successes: {n}").format(n=expected))
    if odds.to_beat is not None:  # R-OPP-1: the active side wins only with more successes than the defender
        lines.append(ngettext("To beat the defender's {n} success the push needs {need} or more: {p}",
                              "To beat the defender's {n} successes the push needs {need} or more: {p}",
                              odds.to_beat).format(n=odds.to_beat, need=odds.to_beat + 1,
                                                   p=_chance(odds.p_win).strip()))
    if odds.p_panic is not None:
        lines += ["", _("Panic (a stress die shows 1): {p}").format(p=_chance(odds.p_panic))]
        for row, p in (odds.panic_rows or {}).items():
            lines.append(f"  {_padded(row_names.get(row) or row.replace('-', ' '), 24)} {_chance(p)}")
    if odds.cost_details:
        lines += ["", _("Costs (every amount the push can come to)")]
        for name, target, dist in odds.cost_details:
            label = cost_name(name) + (f" ({shown(target)})" if target else "")
            # no break inside "1: 40 %": at 80 columns a value would be cut from its percent
            amounts = "   ".join(f"{amount}: {percent(p)}".replace(" ", "\u00a0") for amount, p in dist.items() if p)
            lines.append(f"  {_padded(label, 28)} {amounts}")
    else:
        lines += ["", _("The push costs nothing here.")]
    return "\n".join(lines)


class PushOddsScreen(ModalScreen[None]):
    """The push odds of one roll as a table; read-only."""

    app = getters.app(ConsoleApp)

    DEFAULT_CSS = """
    PushOddsScreen { align: center middle; }
    PushOddsScreen > #push-odds-box {
        width: 90; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    """

    BINDINGS = [
        Binding("escape,O", "close", N_("Back"), id="push_odds.back"),
    ]

    def __init__(self, odds, summary: str) -> None:
        super().__init__()
        self.odds = odds
        self.summary = summary

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="push-odds-box"):
            names = panic_names(self.app.service.campaign.system)
            yield Static(push_odds_text(self.odds, self.summary, names), id="push-odds-table", markup=False)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
