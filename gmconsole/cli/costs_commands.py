"""``gmconsole costs NAME`` and ``gmconsole sheet NAME CHARACTER`` (issue 11, costs that last).

``costs NAME [--json]`` lists the costs still waiting, one item per roll, as
``[{"roll_id", "character", "costs"}]``; ``costs NAME --apply ROLL_ID`` applies them (one undoable
change, like the console's ``c``); applying them twice, or a roll id the campaign does not have,
exits 2 with the reason. ``sheet NAME CHARACTER [--json]`` prints a character's sheet (attributes
current/max, skills, gear, trackers, conditions) by name (case-insensitive) or id, so a script or
a player sees what a roll or its costs changed.
"""

from __future__ import annotations

import argparse
import re

from gmconsole.cli.campaign_commands import _guard, _root, add_wait, warn_about
from gmconsole.cli.common import emit
from gmconsole.safe_text import shown, to_json


def roll_id(text: str) -> int:
    """A roll's history id (a whole number 1 or more)."""
    if not re.fullmatch(r"[0-9]{1,12}", text.strip()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a roll id (a whole number 1 or more; see `gmconsole costs NAME`)")
    return int(text)


def register(subparsers) -> None:
    """Add ``costs`` and ``sheet``."""
    costs = subparsers.add_parser("costs", help="list a campaign's pending costs, or apply those of one roll")
    costs.add_argument("name", metavar="NAME")
    costs.add_argument("--apply", type=roll_id, metavar="ROLL_ID", help="apply the pending costs of this roll (undoable)")
    costs.add_argument("--condition", metavar="C",
                       help="with --apply: the condition a `conditions` push cost gives, when the push did not name one")
    costs.add_argument("--json", action="store_true", help="print JSON")
    add_wait(costs)
    costs.set_defaults(handler=_guard(run_costs))

    sheet = subparsers.add_parser("sheet", help="print a character's sheet")
    sheet.add_argument("name", metavar="NAME")
    sheet.add_argument("character", metavar="CHARACTER", help="name (case-insensitive) or id")
    sheet.add_argument("--json", action="store_true", help="print JSON")
    sheet.set_defaults(handler=_guard(run_sheet))


def _costs_text(costs: list[dict]) -> str:
    from gmconsole.campaign.pending_costs import cost_text

    return ", ".join(shown(cost_text(c)) for c in costs) or "none"


def run_costs(args) -> int:
    from gmconsole.campaign import pending_costs
    from gmconsole.campaign.service import CampaignService
    from gmconsole.campaign.validation import check_typed_text

    if args.apply is None:
        if args.condition is not None:
            from gmconsole.cli.common import CliError

            raise CliError("--condition goes with --apply ROLL_ID")
        with CampaignService.open(_root(args), args.name, read_only=True) as service:
            warn_about(service)
            items = service.pending_costs()
        if args.json:
            print(to_json([pending_costs.public(i) for i in items]))
        elif not items:
            print(f"no costs are waiting in {shown(args.name)}")
        else:
            for item in items:
                print(f"roll {item['roll_id']}  {shown(item.get('character', ''))}: {_costs_text(item['costs'])}")
        return 0
    condition = None if args.condition is None else check_typed_text(args.condition, "the condition")
    with CampaignService.open(_root(args), args.name, wait=args.wait) as service:
        warn_about(service)
        entry = service.apply_costs(args.apply, condition=condition)
    result = {"roll_id": args.apply, "character": entry.get("character", ""), "costs": entry.get("costs", []),
              "entry_id": entry["id"], "summary": entry.get("summary", ""), "lines": entry.get("lines", [])}
    emit(result, args.json, "\n".join([f"roll {args.apply}: " + shown(entry.get("summary", "")),
                                        f"(undo: ctrl+z in the console; history entry {entry['id']})"]))
    return 0


def run_sheet(args) -> int:
    from gmconsole.campaign import sheet as sheets
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(_root(args), args.name, read_only=True) as service:
        warn_about(service)
        data = sheets.sheet(sheets.find(service.campaign, args.character))
    emit(data, args.json, "\n".join(sheets.sheet_lines(data)))
    return 0
