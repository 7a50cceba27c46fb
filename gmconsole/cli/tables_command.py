"""``gmconsole tables NAME`` and ``gmconsole roll-table NAME TABLE``: the GM's own tables.

``tables NAME [--json] [--load FILE.toml] [--remove T]`` lists the campaign's tables, or adds those of a TOML
file (docs/tables.md; one of the same name is replaced) or removes one, each change one undoable history
entry. JSON: ``{"campaign", "tables": [{"name", "die", "rows": [{"range", "text", "costs"}]}]}``.
``roll-table NAME TABLE [--character C] [--faces SPEC] [--json]`` rolls one and records it; JSON
``{"table", "die", "faces", "total", "row", "text", "costs", "roll_id"}``. With ``--character`` the row's
costs wait for that character as a push's do (``gmconsole costs NAME --apply ROLL_ID``, the console's ``c``).
"""

from __future__ import annotations

from pathlib import Path

from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, warn_about
from gmconsole.cli.common import CliError, emit
from gmconsole.i18n import _


def register(subparsers) -> None:
    """Add ``tables`` and ``roll-table``."""
    tables = subparsers.add_parser("tables", help=_("list, load or remove the GM's own tables of a campaign"))
    tables.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    tables.add_argument("--load", metavar="FILE", help=_("add the [[tables]] of a TOML file (docs/tables.md); one "
                                                        "of the same name is replaced; undoable"))
    tables.add_argument("--remove", metavar="T", help=_("remove the table named T; undoable"))
    tables.add_argument("--json", action="store_true", help=_("print JSON"))
    add_wait(tables)
    tables.set_defaults(handler=guard(run_tables))

    roll = subparsers.add_parser("roll-table", help=_("roll one of the GM's own tables and record it"))
    roll.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    roll.add_argument("table", metavar="TABLE", help=_("the table's name (any case; the start of it will do)"))
    roll.add_argument("--character", metavar="C",
                      help=_("who it is rolled for: the row's costs wait for them (gmconsole costs)"))
    roll.add_argument("--faces", metavar="SPEC",
                      help=_("the faces of physical dice, one per die (\"3 5\" or 35 for a d66: tens, then units)"))
    roll.add_argument("--json", action="store_true", help=_("print JSON"))
    add_wait(roll)
    roll.set_defaults(handler=guard(run_roll_table))


def _read(path: str) -> str:
    from gmconsole.user_files import UserFileRefused, read_user_text

    try:
        return read_user_text(path, _("a table file"))  # bounded, regular files only
    except UserFileRefused as exc:
        raise CliError(str(exc)) from None


def _range(row: dict) -> str:
    return str(row["low"]) if row["low"] == row["high"] else f"{row['low']}-{row['high']}"


def _listing(campaign: str, tables: list[dict]) -> dict:
    return {"campaign": campaign, "tables": [
        {"name": t["name"], "die": t["die"],
         "rows": [{"range": _range(r), "text": r["text"], "costs": r.get("costs", [])} for r in t["rows"]]}
        for t in tables]}


def _costs_text(costs: list[dict]) -> str:
    from gmconsole.campaign.pending_costs import cost_text

    return _(", ").join(cost_text(c) for c in costs)


def _text(result: dict, summary: str) -> str:
    lines = [summary] if summary else []
    if not result["tables"]:
        lines.append(_("{campaign} has no tables of its own: gmconsole tables {campaign} --load FILE.toml "
                       "(docs/tables.md)").format(campaign=result["campaign"]))
    for table in result["tables"]:
        lines.append(f"{table['name']} ({table['die']})")
        for row in table["rows"]:
            costs = _costs_text(row["costs"])
            lines.append(f"  {row['range']:>7}  {row['text']}" + (f"  [{costs}]" if costs else ""))
    return "\n".join(lines)


def run_tables(args) -> int:
    from gmconsole.campaign.service import CampaignService

    if args.load and args.remove:
        raise CliError(_("--load and --remove go one at a time"))
    text = _read(args.load) if args.load else None
    summary = ""
    if text is not None or args.remove:
        with CampaignService.open(campaign_root(args), args.name, wait=args.wait) as service:
            warn_about(service)
            if text is not None:
                entry = service.setup.load_tables(text, Path(args.load).name)
            else:
                entry = service.setup.remove_table(args.remove)
            summary = entry["summary"]
            result = _listing(service.campaign.name, service.setup.tables())
    else:
        with CampaignService.open(campaign_root(args), args.name, read_only=True) as service:
            warn_about(service)
            result = _listing(service.campaign.name, service.setup.tables())
    emit(result, args.json, _text(result, summary))
    return 0


def run_roll_table(args) -> int:
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(campaign_root(args), args.name, wait=args.wait) as service:
        warn_about(service)
        entry = service.rolls.roll_table(args.table, args.character, faces=args.faces)
    result = {"table": entry["table"], "die": entry["die"], "faces": entry["faces"], "total": entry["total"],
              "row": entry["row"], "text": entry["text"], "costs": entry["costs"], "roll_id": entry["id"]}
    lines = [entry["summary"]]
    if entry["costs"]:
        costs = _costs_text(entry["costs"])
        lines.append(_("costs waiting: {costs} (gmconsole costs {name} --apply {id})").format(
            costs=costs, name=args.name, id=entry["id"]) if entry.get("costs_status") == "pending"
            else _("costs: {costs} (rolled for nobody: name --character to owe them)").format(costs=costs))
    lines.append(_("(undo: ctrl+z in the console; history entry {id})").format(id=entry["id"]))
    emit(result, args.json, "\n".join(lines))
    return 0
