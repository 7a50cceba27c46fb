"""``gmconsole stats NAME [--session N] [--character C] [--json]``: luck and statistics.

What the dice did against what the odds said, from the campaign's history (undone entries left out):
rolls, successes observed and expected (exact, for each pool as rolled), the luck score (observed minus
expected in standard deviations), the success rate against the odds, pushes, panics by table row,
stress, tiers or margins, per session and per character, the console's dice and the typed ones apart;
then the fairness of the typed physical dice (a chi-square test per kind and size; suspect at p < 0.01
once each face is expected 5 times). The campaign is opened read-only. ``--json`` prints the figures of
:func:`gmconsole.campaign.statistics.statistics`; bad input (an unknown campaign, session or character)
exits 2 with one line on stderr.
"""

from __future__ import annotations

from gmconsole.campaign.statistics_phrases import (
    band_name,
    band_text,
    p_value_text,
    panic_row_name,
    pushes_text,
    stress_text,
    verdict,
)
from gmconsole.cli.campaign_access import campaign_root, guard, warn_about
from gmconsole.cli.common import die_kind, session_number
from gmconsole.i18n import _, ngettext
from gmconsole.safe_text import cell_width, cut_cells, pad, shown, to_json

__all__ = ["register", "text_report"]


def register(subparsers) -> None:
    """Add ``stats NAME [--session N] [--character C] [--json]``."""
    stats = subparsers.add_parser("stats", help=_("luck and statistics: what the dice did against the odds"))
    stats.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    stats.add_argument("--session", type=session_number, metavar="N", help=_("only this session"))
    stats.add_argument("--character", metavar="C", help=_("only this character (name or id)"))
    stats.add_argument("--json", action="store_true", help=_("the figures as JSON"))
    stats.set_defaults(handler=guard(run_stats))


def run_stats(args) -> int:
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(campaign_root(args), args.name, read_only=True) as service:
        warn_about(service, args)  # said after the command, unless its error names the same damaged file
        data = service.history.statistics(session=args.session, character=args.character)
    print(to_json(data, indent=2) if args.json else text_report(data))
    return 0


def _luck(value) -> str:
    return "-" if value is None else f"{value:+.2f}"


def _rate(value) -> str:
    return "-" if value is None else f"{value:.0%}"


def _row(label: str, figures: dict) -> str:
    return _cells(cut_cells(label, 20), figures["rolls"], figures["observed_successes"],
                  f"{figures['expected_successes']:.2f}", _luck(figures["luck"]), _rate(figures["success_rate"]),
                  _rate(figures["expected_success_rate"]))


_WIDTHS = (20, 5, 8, 8, 6, 5, 5)
"""The cells each column of a figures table takes (the label's, then the numbers', right-aligned)."""


def _headers() -> tuple[str, ...]:
    return _("rolls"), _("observed"), _("expected"), _("luck"), _("rate"), _("odds")


def _cells(label: str, *values) -> str:
    """One line of a figures table, measured in terminal cells (a Chinese header is two cells a character):
    a column is as wide as :data:`_WIDTHS` says or as its header, whichever is wider."""
    widths = [max(width, cell_width(header)) for width, header in zip(_WIDTHS[1:], _headers())]
    return "  " + " ".join([pad(label, _WIDTHS[0])] + [pad(str(value), width, right=True)
                                                       for value, width in zip(values, widths)])


def _header() -> str:
    return _cells("", *_headers())


def _summary(figures: dict) -> list[str]:
    lines = [_header(), _row(_("all dice"), figures)]
    for source, label in (("console", _("console dice")), ("typed", _("typed dice"))):
        if figures[source]["rolls"] or figures[source]["expected_successes"]:  # a push's dice count too
            lines.append(_row(label, figures[source]))
    pushes = figures["pushes"]
    if pushes["count"]:
        lines.append(_("pushes: {pushes}").format(pushes=pushes_text(pushes, shown)))
    if figures["bands"]:
        bands = _(", ").join(f"{shown(band_text(figures, k))} {n}" for k, n in figures["bands"].items())
        lines.append(_("{bands}: {counts}").format(bands=band_name(figures, plural=True), counts=bands))
    return lines


def _fairness(rows: list[dict]) -> list[str]:
    if not rows:
        return [_("dice fairness: no dice typed by hand")]
    lines = [_("dice fairness (dice typed by hand):"),
             _fairness_row(_("kind"), _("die"), _("rolls"), "chi2", "p", _("verdict"))]
    for row in rows:
        lines.append(_fairness_row(cut_cells(shown(die_kind(row["kind"])), 10, ""), "d" + str(row["sides"]), row["n"],
                                   f"{row['chi2']:.2f}", p_value_text(row), verdict(row)))
    return lines


def _fairness_row(kind: str, die: str, rolls, chi2: str, p: str, said: str) -> str:
    return (f"  {pad(kind, 10)} {pad(die, 4, right=True)} {pad(str(rolls), 5, right=True)} "
            f"{pad(chi2, 8, right=True)} {pad(p, 7, right=True)}  {said}")


def text_report(data: dict) -> str:
    """The figures as a GM reads them: one table per grouping, then panics, stress and dice fairness.
    Names come from the campaign file, so they are escaped."""
    where = _("session {number}").format(number=data["session"]) if data["session"] is not None else _("every session")
    if data["character"]:
        where = _("{scope}, {character}").format(scope=where, character=shown(data["character"]))
    lines = [_("{campaign}: luck and statistics ({scope})").format(campaign=shown(data["campaign"]), scope=where)]
    if not data["rolls"]:
        lines.append(_("no rolls recorded"))
    else:
        lines += _summary(data)
        lines.append(_("luck: observed minus expected successes in standard deviations (+ lucky, - unlucky); "
                     "rate: first rolls with a success, odds: what the odds said"))
        for title, key in ((_("by character"), "by_character"), (_("by session"), "by_session")):
            if len(data[key]) > 1 or key == "by_character":
                lines += ["", title, _header()]
                label = _("session {number}") if key == "by_session" else "{number}"
                lines += [_row(label.format(number=shown(name)), figures) for name, figures in data[key].items()]
    if data["panics"]:
        lines += ["", _("panics: {rows}").format(rows=_(", ").join(f"{shown(panic_row_name(row))} {n}"
                                                                   for row, n in data["panics"].items()))]
    lines += [line[0].lower() + line[1:] for line in stress_text(data.get("stress", {}))]
    if data["unread"]:
        lines.append(ngettext("left out: {n} entry that could not be read",
                              "left out: {n} entries that could not be read", data["unread"]).format(n=data["unread"]))
    lines += ["", *_fairness(data["dice_fairness"])]
    return "\n".join(lines)
