"""``gmconsole costs NAME`` and ``gmconsole sheet NAME CHARACTER`` (costs that last).

``costs NAME [--json]`` lists the costs still waiting, one item per roll, as
``[{"roll_id", "character", "costs"}]``; ``costs NAME --apply ROLL_ID`` applies them (one undoable
change, like the console's ``c``); applying them twice, or a roll id the campaign does not have,
exits 2 with the reason. ``--in-range C ...`` names the player characters a panic the roll owes
reaches when its row reaches others (R-PANIC-1; an NPC exits 2 naming it, nothing rolled); the panic
D6 is rolled once, in the change that applies the costs. ``costs NAME --drop ROLL_ID`` dismisses them
without applying them (one undoable change, like the history screen's ``D``, the way out for
costs that can no longer be applied): the roll then reads ``dropped``, and the text listing names the
rolls whose costs were dropped after the ones waiting.
``sheet NAME CHARACTER [--json]`` prints a character's sheet (attributes
current/max, skills, gear, trackers, conditions) by name (case-insensitive) or id, so a script or
a player sees what a roll or its costs changed.
"""

from __future__ import annotations

from gmconsole.campaign.entries import CostsEntry, DroppedCostsEntry, RollEntry, TableRollEntry, as_record, given
from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, warn_about
from gmconsole.cli.common import WholeNumber, emit
from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown, to_json

roll_id = WholeNumber(N_("a roll id"), 1, None, digits=12, hint=N_("see `gmconsole costs NAME`"))
"""A roll's history id (a whole number 1 or more)."""


def register(subparsers) -> None:
    """Add ``costs`` and ``sheet``."""
    costs = subparsers.add_parser("costs",
                                  help=_("list a campaign's pending costs, or apply or drop those of one roll"))
    costs.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    costs.add_argument("--apply", type=roll_id, metavar="ROLL_ID",
                       help=_("apply the pending costs of this roll (undoable)"))
    costs.add_argument("--drop", type=roll_id, metavar="ROLL_ID",
                       help=_("dismiss the pending costs of this roll without applying them (undoable)"))
    costs.add_argument("--condition", metavar="C",
                       help=_("with --apply: the condition a `conditions` push cost gives, "
                            "when the push did not name one"))
    costs.add_argument("--in-range", nargs="+", action="extend", default=[], metavar="C",
                       help=_("with --apply: the player characters in range if a panic the roll owes reaches "
                              "others (stress, or a chained panic roll each; R-PANIC-1)"))
    costs.add_argument("--json", action="store_true", help=_("print JSON"))
    add_wait(costs)
    costs.set_defaults(handler=guard(run_costs))

    sheet = subparsers.add_parser("sheet", help=_("print a character's sheet"))
    sheet.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    sheet.add_argument("character", metavar="CHARACTER", help=_("name (case-insensitive) or id"))
    sheet.add_argument("--table", choices=TABLE_SHOWS,
                       help=_("what the players' table view shows of this character: numbers, or name-only "
                            "(an NPC's default); a campaign change, undoable"))
    sheet.add_argument("--json", action="store_true", help=_("print JSON"))
    add_wait(sheet)
    sheet.set_defaults(handler=guard(run_sheet))


TABLE_SHOWS = ("numbers", "name-only")
"""``sheet --table``: what the players' table view shows of a character."""


def _costs_text(costs: list[dict]) -> str:
    from gmconsole.campaign.pending_costs import cost_text

    return _(", ").join(shown(cost_text(c)) for c in costs) or "none"


def _dropped_rolls(service) -> list[RollEntry | TableRollEntry]:
    """The rolls in force whose costs were dropped (by ``--drop``, ``D`` or a character leaving), oldest
    first; an unreadable history leaves them out (the costs waiting are the campaign's own list)."""
    from gmconsole.store.errors import StoreError

    try:
        entries = service.history.entries()
    except StoreError:
        return []
    # only a roll (a sheet's, or on one of the GM's tables) has costs of its own
    rolls = [e for e in map(as_record, entries) if isinstance(e, (RollEntry, TableRollEntry))]
    return [e for e in rolls if e.costs_status == "dropped" and given(e.status, "done") == "done"]


def run_costs(args) -> int:
    from gmconsole.campaign import pending_costs
    from gmconsole.campaign.service import CampaignService
    from gmconsole.campaign.validation import check_typed_text
    from gmconsole.cli.common import CliError

    if args.condition is not None and args.apply is None:
        raise CliError(_("--condition goes with --apply ROLL_ID"))
    if args.in_range and args.apply is None:
        raise CliError(_("--in-range goes with --apply ROLL_ID"))
    if args.drop is not None:
        if args.apply is not None:
            raise CliError(_("--drop and --apply go one at a time: drop a roll's costs, or apply them"))
        return _drop(args)
    if args.apply is None:
        with CampaignService.open(campaign_root(args), args.name, read_only=True) as service:
            warn_about(service)
            items = service.outcomes.pending_costs()
            dropped = [] if args.json else _dropped_rolls(service)
        if args.json:
            print(to_json([pending_costs.public(i) for i in items]))
            return 0
        if not items:
            print(_("no costs are waiting in {name}").format(name=shown(args.name)))
        for item in items:
            print(_("roll {id}  {character}: {costs}").format(
                id=item["roll_id"], character=shown(item.get("character", "")), costs=_costs_text(item["costs"])))
        for roll in dropped:
            print(_("roll {id}  {character}: {costs} (dropped, not applied)").format(
                id=roll.id, character=shown(given(roll.character, "")), costs=_costs_text(roll.costs or [])))
        return 0
    condition = None if args.condition is None else check_typed_text(args.condition, _("the condition"))
    with CampaignService.open(campaign_root(args), args.name, wait=args.wait) as service:
        warn_about(service)
        if condition is not None:
            _check_owes_a_condition(service, args.apply)
        # R-PANIC-1: player characters only (the service refuses an NPC before the panic D6 is rolled)
        entry = as_record(service.outcomes.apply_costs(args.apply, in_range=args.in_range, condition=condition))
        assert isinstance(entry, CostsEntry)  # applying costs records a costs entry
    result = {"roll_id": args.apply, "character": given(entry.character, ""), "costs": given(entry.costs, []),
              "entry_id": entry.id, "summary": given(entry.summary, ""), "lines": given(entry.lines, [])}
    if not args.in_range:
        _warn_nobody_in_range(entry, result)
    emit(result, args.json, _done(args.apply, entry))
    return 0


def _warn_nobody_in_range(entry, result: dict) -> None:
    """A panic whose row reaches others, applied with nobody named in ``--in-range``: recorded as it is
    (nobody else touched), with a warning on stderr and, in JSON, ``"warnings"`` (only then), as
    ``gmconsole panic`` warns: the GM may have forgotten ``--in-range`` (R-PANIC-1)."""
    import sys

    from gmconsole.i18n import pick

    rolls = [info["rolls"][0] for info in (given(entry.panic, None), given(entry.defender_panic, None)) if info]
    warnings = [_("{name} panics: {total} {row} reaches others, but nobody was named with --in-range: "
                  "nobody else was touched (R-PANIC-1)").format(name=first["character"], total=first["total"],
                                                                row=pick(first["name"]))
                for first in rolls if first.get("spreads")]
    if warnings:
        result["warnings"] = warnings
        for warning in warnings:
            print(_("gmconsole: warning: {message}").format(message=shown(warning)), file=sys.stderr)


def _check_owes_a_condition(service, roll: int) -> None:
    """``--condition`` names the condition a ``conditions`` push cost gives: on a roll whose waiting
    costs give none it would be ignored, so the command stops before applying anything.
    A roll with nothing waiting is left to ``apply_costs``, which says why."""
    from gmconsole.campaign.pending_costs import cost_text
    from gmconsole.cli.common import CliError

    waiting = [item for item in service.outcomes.pending_costs() if item.get("roll_id") == roll]
    costs = [c for item in waiting for c in item.get("costs", [])]
    if waiting and not any(c.get("name") == "condition" for c in costs):
        raise CliError(_("roll {id} owes no condition (its costs: {costs}): --condition is only for a push that "
                         "gives one; nothing was applied").format(id=roll,
                                                                  costs=_(", ").join(cost_text(c) for c in costs)))


def _done(roll: int, entry) -> str:
    """What ``--apply`` and ``--drop`` say: the change, and how to undo it."""
    return "\n".join([_("roll {id}: {summary}").format(id=roll, summary=shown(given(entry.summary, ""))),
                      _("(undo: ctrl+z in the console; history entry {id})").format(id=entry.id)])


def _drop(args) -> int:
    """``--drop ROLL_ID``: the costs dismissed in one undoable change, said like ``--apply``."""
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(campaign_root(args), args.name, wait=args.wait) as service:
        warn_about(service)
        entry = as_record(service.outcomes.drop_costs(args.drop))
        assert isinstance(entry, DroppedCostsEntry)  # dropping costs records a drop_costs entry
    result = {"roll_id": args.drop, "status": "dropped", "character": given(entry.character, ""),
              "costs": given(entry.dropped, []), "entry_id": entry.id, "summary": given(entry.summary, "")}
    emit(result, args.json, _done(args.drop, entry))
    return 0


def run_sheet(args) -> int:
    """Print a character's sheet; with ``--table``, first change what the table view shows of them."""
    from gmconsole.campaign import sheet as sheets
    from gmconsole.campaign.service import CampaignService

    changing = args.table is not None
    with CampaignService.open(campaign_root(args), args.name, read_only=not changing, wait=args.wait) as service:
        warn_about(service)
        character = sheets.find(service.campaign, args.character)
        said = []
        if changing:
            entry = service.roster.show_on_table(character.id, args.table == "numbers")
            said.append(shown(entry["summary"]))
            character = service.character(character.id)
        data = sheets.sheet(character)
    emit(data, args.json, "\n".join([*sheets.sheet_lines(data, service.campaign), *said]))
    return 0
