"""``gmconsole settings NAME [--json] [--set KEY=VALUE ...] [--wait SECONDS]``: the campaign's settings.

Without ``--set`` it prints every setting of the campaign's system (``data/settings.toml``) with its
value, R-id and a line on what it does, reading the campaign without locking it. ``condition_coverage``
(a map) is set one condition at a time: ``--set condition_coverage.tired=sneak,scout`` (``=all``: every
roll; ``=none``: no -1). With ``--set``
(repeatable) it changes them: every ``KEY=VALUE`` is checked first, then all of them are written as
**one** history entry (undoable in the console with ``ctrl+z`` like every change). An unknown key, a
key of another system or a bad value exits 2 naming what is allowed, and nothing is written.
"""

from __future__ import annotations

from gmconsole.cli.common import emit
from gmconsole.i18n import _, verbatim
from gmconsole.safe_text import shown


def register(subparsers) -> None:
    """Add ``settings``."""
    from gmconsole.cli.campaign_access import add_wait, guard

    parser = subparsers.add_parser("settings", help=_("show or change a campaign's settings"))
    parser.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", dest="assignments",
                        help=_("change a setting, e.g. push_cost=doom, skill_ones=blank, "
                               "condition_coverage.tired=sneak,scout (or =all, =none); repeatable, all in one "
                               "history entry"))
    parser.add_argument("--json", action="store_true",
                        help=_("print {shape} as JSON (with --set also {changed})").format(
                            shape=verbatim('{"campaign", "system", "settings": [{"key", "value", "rule", "text", '
                                           '"allowed"}]}'), changed='"changed"'))
    add_wait(parser)
    parser.set_defaults(handler=guard(run_settings))


def listing_text(name: str, system: str, rows: list[dict]) -> str:
    """The settings for a person: ``key = value  [R-id]``, then what it does and what it takes."""
    from gmconsole.campaign.settings_info import shown_value

    lines = [_("{name} ({system}) settings:").format(name=shown(name), system=shown(system))]
    for row in rows:
        lines.append(f"{row['key']} = {shown_value(row['value'])}  [{row['rule']}]")
        lines.append("    " + _("{text} Takes {allowed}.").format(text=row["text"], allowed=row["allowed"]))
    return "\n".join(lines)


def run_settings(args) -> int:
    from gmconsole.campaign.service import CampaignService
    from gmconsole.campaign.settings_info import parse_assignment, setting_rows
    from gmconsole.cli.campaign_access import campaign_root, warn_about

    changed: dict = {}
    if not args.assignments:
        with CampaignService.open(campaign_root(args), args.name, read_only=True) as service:
            warn_about(service)
            campaign = service.campaign
            rows = setting_rows(campaign)
    else:
        with CampaignService.open(campaign_root(args), args.name, wait=args.wait) as service:
            warn_about(service)
            for text in args.assignments:  # every one checked before anything is written
                key, value = parse_assignment(service.campaign, text, changed)
                changed[key] = value
            service.setup.update_settings(changed)
            campaign = service.campaign
            rows = setting_rows(campaign)
    result: dict[str, object] = {"campaign": campaign.name, "system": campaign.system, "settings": rows}
    text = listing_text(campaign.name, campaign.system, rows)
    if args.assignments:
        result["changed"] = changed
        text = _("changed {settings}").format(settings=", ".join(f"{k} = {shown(v)}" for k, v in changed.items())) \
            + "\n" + text
    emit(result, args.json, text)
    return 0
