"""``gmconsole stats NAME [--session N] [--character C] [--json]``: luck and statistics (issue 15).

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

from gmconsole.campaign.stats_words import band_name, p_value_text, pushes_text, stress_text, verdict
from gmconsole.cli.campaign_access import campaign_root, guard, warn_about
from gmconsole.cli.common import session_number
from gmconsole.safe_text import shown, to_json
from gmconsole.wording import counted

__all__ = ["register", "text_report"]


def register(subparsers) -> None:
    """Add ``stats NAME [--session N] [--character C] [--json]``."""
    stats = subparsers.add_parser("stats", help="luck and statistics: what the dice did against the odds")
    stats.add_argument("name", metavar="NAME")
    stats.add_argument("--session", type=session_number, metavar="N", help="only this session")
    stats.add_argument("--character", metavar="C", help="only this character (name or id)")
    stats.add_argument("--json", action="store_true", help="the figures as JSON")
    stats.set_defaults(handler=guard(run_stats))


def run_stats(args) -> int:
    from gmconsole.campaign.service import CampaignService
    from gmconsole.campaign.statistics import statistics

    with CampaignService.open(campaign_root(args), args.name, read_only=True) as service:
        warn_about(service)
        data = statistics(service, session=args.session, character=args.character)
    print(to_json(data, indent=2) if args.json else text_report(data))
    return 0


def _luck(value) -> str:
    return "-" if value is None else f"{value:+.2f}"


def _rate(value) -> str:
    return "-" if value is None else f"{value:.0%}"


def _row(label: str, figures: dict) -> str:
    return (f"  {label[:20]:<20} {figures['rolls']:>5} {figures['observed_successes']:>8} "
            f"{figures['expected_successes']:>8.2f} {_luck(figures['luck']):>6} "
            f"{_rate(figures['success_rate']):>5} {_rate(figures['expected_success_rate']):>5}")


_HEADER = f"  {'':<20} {'rolls':>5} {'observed':>8} {'expected':>8} {'luck':>6} {'rate':>5} {'odds':>5}"


def _summary(figures: dict) -> list[str]:
    lines = [_HEADER, _row("all dice", figures)]
    for source, label in (("console", "console dice"), ("typed", "typed dice")):
        if figures[source]["rolls"] or figures[source]["expected_successes"]:  # a push's dice count too
            lines.append(_row(label, figures[source]))
    pushes = figures["pushes"]
    if pushes["count"]:
        lines.append(f"pushes: {pushes_text(pushes, shown)}")
    if figures["bands"]:
        bands = ", ".join(f"{shown(k)} {n}" for k, n in figures["bands"].items())
        lines.append(f"{band_name(figures, plural=True)}: {bands}")
    return lines


def _fairness(rows: list[dict]) -> list[str]:
    if not rows:
        return ["dice fairness: no dice typed by hand"]
    lines = ["dice fairness (dice typed by hand):",
             f"  {'kind':<10} {'die':>4} {'rolls':>5} {'chi2':>8} {'p':>7}  verdict"]
    for row in rows:
        lines.append(f"  {shown(row['kind'])[:10]:<10} {'d' + str(row['sides']):>4} {row['n']:>5} "
                     f"{row['chi2']:>8.2f} {p_value_text(row):>7}  {verdict(row)}")
    return lines


def text_report(data: dict) -> str:
    """The figures as a GM reads them: one table per grouping, then panics, stress and dice fairness.
    Names come from the campaign file, so they are escaped."""
    where = f"session {data['session']}" if data["session"] is not None else "every session"
    who = f", {shown(data['character'])}" if data["character"] else ""
    lines = [f"{shown(data['campaign'])}: luck and statistics ({where}{who})"]
    if not data["rolls"]:
        lines.append("no rolls recorded")
    else:
        lines += _summary(data)
        lines.append("luck: observed minus expected successes in standard deviations (+ lucky, - unlucky); "
                     "rate: first rolls with a success, odds: what the odds said")
        for title, key in (("by character", "by_character"), ("by session", "by_session")):
            if len(data[key]) > 1 or key == "by_character":
                lines += ["", title, _HEADER]
                prefix = "session " if key == "by_session" else ""
                lines += [_row(prefix + shown(name), figures) for name, figures in data[key].items()]
    if data["panics"]:
        lines += ["", "panics: " + ", ".join(f"{shown(row)} {n}" for row, n in data["panics"].items())]
    lines += [line[0].lower() + line[1:] for line in stress_text(data.get("stress", {}))]
    if data["unread"]:
        lines.append(f"left out: {counted(data['unread'], 'entry', 'entries')} that could not be read")
    lines += ["", *_fairness(data["dice_fairness"])]
    return "\n".join(lines)
