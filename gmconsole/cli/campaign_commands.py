"""Campaign commands: ``new``, ``campaigns``, ``demo``, ``history``, ``open``, and the campaign branch of
``roll SYSTEM --campaign NAME --character C --skill K`` (pool built from the sheet, recorded in the
current session, so a roll made at the prompt shows in the console later).

Store and campaign errors (a locked campaign, a name taken, an unknown character) become one clear
line and exit status 2, like every other bad input.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import gmconsole.cli.campaign_roll_flags as campaign_roll_flags
from gmconsole import systems
from gmconsole.campaign import character_lookup
from gmconsole.campaign.entries import MISSING, CostsEntry, RollEntry, as_record, as_roll, given
from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, load_config, seed, warn_about
from gmconsole.cli.common import CliError, CliParser, emit, no_role_skills, session_number
from gmconsole.i18n import _, pgettext, pick
from gmconsole.phrasing import possessive
from gmconsole.safe_text import shown, to_json

if TYPE_CHECKING:
    from gmconsole.campaign.service import CampaignService

FORMATS = ("table", "json", "markdown", "csv")
def register(subparsers) -> None:
    """Add ``new``, ``campaigns``, ``demo``, ``history``, ``open``, ``table``, ``settings`` and ``repair``."""
    new = subparsers.add_parser("new", help=_("create an empty campaign"))
    new.add_argument("name", metavar="NAME", help=_("the new campaign's name"))
    new.add_argument("--system", required=True, choices=systems.SYSTEM_IDS, help=_("the dice system"))
    new.add_argument("--skill-ones", choices=("stay", "blank"),
                     help=_("Year Zero setting R-PUSH-5: a skill die's 1 stays on a push (stay, the default) or "
                          "is rerolled and costs nothing (blank: the published dice)"))
    new.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    add_wait(new)
    new.set_defaults(handler=guard(run_new))

    campaigns = subparsers.add_parser("campaigns", help=_("list the campaigns in the data folder"))
    campaigns.add_argument("--json", action="store_true", help=_("a JSON list of {name, system, characters}"))
    campaigns.set_defaults(handler=guard(run_campaigns))

    demo = subparsers.add_parser("demo", help=_("install the demo campaigns (one per system)"))
    demo.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    add_wait(demo)
    demo.set_defaults(handler=guard(run_demo))

    history = subparsers.add_parser("history", help=_("review a campaign's history"))
    history.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    history.add_argument("--session", type=session_number, metavar="N", help=_("only this session"))
    history.add_argument("--scene", type=session_number, metavar="M",
                         help=_("only this scene (of --session N, or scene M of every session)"))
    history.add_argument("--character", metavar="C", help=_("only this character (name or id)"))
    history.add_argument("--skill", metavar="K", help=_("only rolls of this skill"))
    history.add_argument("--kind", metavar="KIND", help=_("only entries of this kind (roll, push, costs, panic, ...)"))
    history.add_argument("--all", action="store_true", help=_("include undone entries"))
    history.add_argument("--format", choices=FORMATS, default="table", help=_("output format (default table)"))
    history.add_argument("--json", action="store_true", help=_("same as --format json"))
    history.set_defaults(handler=guard(run_history))

    open_ = subparsers.add_parser("open", help=_("open a campaign in the console"))
    open_.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    open_.add_argument("--read-only", action="store_true", help=_("open without changing anything"))
    open_.set_defaults(handler=open_console)

    import gmconsole.cli.repair_command as repair_command
    import gmconsole.cli.settings_cli as settings_cli
    import gmconsole.cli.table_command as table_command

    table_command.register(subparsers)  # `table NAME`, the players' view

    settings_cli.register(subparsers)  # `settings NAME [--set KEY=VALUE]`
    repair_command.register(subparsers)


def run_new(args) -> int:
    from gmconsole.campaign.model import Settings
    from gmconsole.campaign.service import CampaignService
    pushes = systems.get(args.system).pushes
    settings = Settings.for_system(args.system)
    if args.skill_ones is not None:
        if not pushes:
            raise CliError(_("--skill-ones is a Year Zero setting (myz, yze, yze-step); {system} does not push skill "
                             "dice").format(system=args.system))
        settings.skill_ones = args.skill_ones
    with CampaignService.create(campaign_root(args), args.name, args.system, settings=settings,
                                wait=args.wait) as service:
        result = {"name": service.campaign.name, "system": service.campaign.system, "characters": []}
        if pushes:
            result["skill_ones"] = service.campaign.settings.skill_ones
    emit(result, args.json, _("created campaign {name} ({system})").format(name=args.name, system=args.system))
    return 0


def run_campaigns(args) -> int:
    from gmconsole.campaign.library import list_campaigns

    summaries = list_campaigns(campaign_root(args))
    if args.json:
        print(to_json([s.as_dict() for s in summaries]))
        return 0
    if not summaries:
        print(_("no campaigns yet: try `gmconsole demo` or `gmconsole new NAME --system S`"))
        return 0
    for s in summaries:  # folder names and rosters come from the disk: shown escaped
        if s.error:
            print(_("{name}  (cannot be read: {error})").format(name=shown(s.name), error=shown(s.error)))
        else:
            people = _(", ").join(shown(c) for c in s.characters) or _("no characters")
            print(f"{shown(s.name)}  [{shown(s.system)}]  {people}")
    return 0


def run_demo(args) -> int:
    from gmconsole.campaign.library import install_demos

    installed = install_demos(campaign_root(args), wait=args.wait)
    if installed:
        text = _("installed {names}").format(names=", ".join(installed))
    else:
        text = _("the demo campaigns are already installed")
    emit({"installed": installed}, args.json, text)
    return 0


def run_history(args) -> int:
    """Write the history as it reads it, a chunk at a time (:mod:`gmconsole.campaign.history_export`): the
    first lines come out at once and memory holds one chunk, however long the campaign."""
    from gmconsole.campaign import skills
    from gmconsole.campaign.history_export import groups, pieces
    from gmconsole.campaign.history_summary import summaries
    from gmconsole.campaign.service import CampaignService

    fmt = "json" if args.json else args.format
    with CampaignService.open(campaign_root(args), args.name, read_only=True) as service:
        warn_about(service, args)
        campaign = service.campaign  # the skill column shows its skills' names
        if args.session is not None and service.campaign.session(args.session) is None:
            numbers = [s.number for s in service.campaign.sessions]
            if len(numbers) == 1:
                held = _("only session {number}").format(number=numbers[0])
            else:
                held = _("sessions {first} to {last}").format(first=numbers[0], last=numbers[-1])
            raise CliError(_("there is no session {number} in {name} ({held}; see `gmconsole session {name} list`)")
                           .format(number=args.session, name=args.name, held=held))
        if args.character is not None and service.campaign.find_character(args.character) is None:
            known = any(as_record(row).character == args.character
                        for chunk in summaries(service.ledger, args.session, rows=True) for row in chunk.rows or ())
            if not known:
                raise CliError(character_lookup.not_found(service.campaign, args.character))
        title = args.name if args.session is None else _("{name} — session {number}").format(name=args.name,
                                                                                             number=args.session)
        if args.scene is not None:
            title = _("{title}, scene {number}").format(title=title, number=args.scene)

        def figures() -> tuple[dict, str]:  # the Markdown ends with the dice and luck of the same session and character
            data = service.history.statistics(session=args.session, character=args.character)
            scope = _("every session") if args.session is None else _("session {number}").format(number=args.session)
            if args.character is not None:
                scope += f", {data['character']}"
            return data, scope

        chunks = groups(service.history, session=args.session, character=args.character, skill=args.skill,
                        kind=args.kind,
                        include_undone=args.all, scene=args.scene, rows=fmt != "json")
        for piece in pieces(chunks, fmt, title=title, skill_name=lambda skill: skills.name_of(campaign, skill),
                            figures=figures if fmt == "markdown" else None):
            sys.stdout.write(piece)  # escaped by pieces()
            sys.stdout.flush()
        if fmt in ("json", "table"):  # CSV and Markdown end with their last line's end
            sys.stdout.write("\n")
    return 0


def open_console(args) -> int:
    """Open the console (``gmconsole`` with no subcommand, or ``gmconsole open NAME``)."""
    from gmconsole.ui import startup_gc

    startup_gc.pause()  # before Textual is imported; resumed once the main screen is painted
    try:
        from gmconsole.ui.launch import launch
    except ImportError as exc:
        raise CliError(_("the console is not available in this build; try `gmconsole --help`")) from exc
    config = load_config()  # its problems are said in the console's status line, not on stderr
    from gmconsole.i18n import language

    asked = getattr(args, "lang", None) or os.environ.get("GMCONSOLE_LANG") or None  # --lang wins over the files
    return launch(campaign_root(args), getattr(args, "name", None),
                  read_only=getattr(args, "read_only", False), config=config, language=language() if asked else None)


# --------------------------------------------------------------------------- roll --campaign


def wants_campaign(argv) -> bool:
    """True when a ``roll SYSTEM`` command line names a campaign (the sheet branch)."""
    return any(a == "--campaign" or a.startswith("--campaign=") for a in argv)


def campaign_roll_parser(prog: str, system: str) -> CliParser:
    """The parser of ``roll SYSTEM --campaign NAME --character C --skill K ...``."""
    parser = CliParser(prog=prog, description=_("roll {system} from a character sheet and record it in the "
                                                "campaign").format(system=system))
    parser.add_argument("--campaign", required=True, metavar="NAME",
                        help=_("the campaign (its system: {system})").format(system=system))
    parser.add_argument("--character", required=True, metavar="C", help=_("who rolls (name or id)"))
    parser.add_argument("--skill", metavar="K", help=_("the skill id, e.g. fight, know-the-zone, melee"))
    parser.add_argument("--attribute", metavar="A", help=_("the attribute (default: the one the skill is linked to)"))
    parser.add_argument("--difficulty", metavar="D", help=_("difficulty id (e.g. hard; exploding: moderate)"))
    parser.add_argument("--helper", nargs="+", action="extend", default=[], metavar="NAME",
                        help=_("helping characters"))
    parser.add_argument("--goal", metavar="TEXT", help=_("what the roll is for (the only-one-chance warning)"))
    parser.add_argument("--faces", metavar="SPEC", help=_('typed faces, e.g. "base=6,1 skill=4"'))
    campaign_roll_flags.add(parser, system)
    parser.add_argument("--apply-costs", action="store_true",
                        help=_("apply the roll's costs (after --push, the push's) at once; undoable"))
    parser.add_argument("--hidden", action="store_true",
                        help=_("the GM's hidden roll: recorded as usual, never shown on the players' table view"))
    parser.add_argument("--seed", type=seed, help=_("seed the dice (repeatable results)"))
    parser.add_argument("--json", action="store_true", help=_("print the recorded entry as JSON (with roll_id)"))
    add_wait(parser)
    parser.set_defaults(handler=guard(run_campaign_roll))
    return parser


def _kind(kind: str) -> str:
    """A die's kind as the command line names it (the console's language; ``--json`` keeps the key)."""
    from gmconsole.campaign.history import DIE_KINDS

    return pgettext("die kind", DIE_KINDS[kind]) if kind in DIE_KINDS else kind


def dice_words(dice) -> str:
    """Recorded dice in words: each die's kind and face (an explosion's faces joined by +), ``base 6, skill 3``."""
    faces = []
    for d in dice:
        shown_faces = "+".join(str(f) for f in d["faces"]) if "faces" in d else str(d.get("face"))
        # A plain die (tiered's d6) is just its face: "dice: 5, 3", not "dice: dice 5, dice 3".
        shown_faces = ("+" if d.get("added") else "") + shown_faces  # the Push Yourself die (tiered)
        faces.append(shown_faces if d["kind"] == "dice" else f"{_kind(d['kind'])} {shown_faces}")
    return _(", ").join(faces)


def entry_text(entry: RollEntry | dict, campaign: str = "NAME", after_dice: tuple[str, ...] = ()) -> str:
    """The recorded roll for a person; each piece that may come from the campaign file (names in the
    summary, the explanation, the costs, the named modifiers) is escaped on its own, so a line break
    inside one is shown. ``after_dice``: lines the caller adds under the dice (an opposed roll's defender)."""
    entry = as_roll(entry)
    lines = [shown(given(entry.summary, ""))]
    named = [pick(m.get("name") or m.get("id", "")).rstrip(".").rstrip("。")
             + (f" {m['detail']}" if m.get("detail") else "")
             + (f" {m['modifier']:+d}" if m.get("modifier") else "") for m in entry.skill_modifiers or ()]
    if named:
        lines.append(_("modifiers: {modifiers}").format(modifiers=_("; ").join(shown(n) for n in named)))
    dice = entry.dice or []
    if dice:
        lines.append(_("dice: {dice}").format(dice=dice_words(dice)))
    lines += after_dice
    game = systems.find(given(entry.system, None))
    detail = entry.detail  # the TN, top die, verdict and margin are the family's own fields
    tn = detail.value("tn", None)
    if game is not None and game.dice_explode and tn is not None and detail.value("top") is not MISSING:
        # Like the standalone ``roll exploding``: how the TN was built, then the verdict and margin.
        lines += ["  " + shown(line) for line in (entry.pool or {}).get("explanation", [])]
        if detail.value("critical_failure", False):
            lines.append(_("CRITICAL FAILURE (every die a natural 1)"))
        else:
            said = (_("success vs TN {tn} (margin {margin})") if detail.value("success", False)
                    else _("failure vs TN {tn} (margin {margin})"))
            lines.append(said.format(tn=tn, margin=f"{detail.value('margin'):+d}"))
    if entry.costs and entry.costs_status == "pending":
        from gmconsole.campaign.pending_costs import cost_text

        lines.append(_("costs of roll {id} (apply them with `c` in the console or "
                       "`gmconsole costs {campaign} --apply {id}`): {costs}").format(
                           id=entry.id, campaign=shown(campaign),
                           costs=_(", ").join(shown(cost_text(c)) for c in entry.costs)))
    return "\n".join(lines)


def _check_attribute_named(service, args) -> None:
    """Without ``--attribute`` the roll takes the attribute the skill is linked to (the system's
    table or the campaign's own list) or a sheet's only attribute; exploding and tiered skills are
    linked to none, so the GM is told which flag to give and what the sheet holds."""
    from gmconsole.campaign import skills, validation

    found = skills.find(service.campaign, args.skill) if args.skill else None
    listed = validation.skills_listed(service.campaign.system)
    if args.attribute is not None or (args.skill and (found.attribute if found else listed)):
        return  # named, linked, or a skill the campaign does not have (the service lists its skills)
    character = service.campaign.find_character(args.character)
    if character is None or len(character.attributes) <= 1:
        return  # the service says who is missing, or rolls the only attribute
    if args.skill:
        why = _("{skill} is linked to no attribute in {system}").format(skill=args.skill, system=args.system)
    else:
        why = _("no --skill given")
    raise CliError(_("name the attribute for {whose} roll with --attribute A, one of {attributes} ({why})").format(
        whose=possessive(character.name), attributes=", ".join(character.attributes), why=why))


@runtime_checkable
class SheetRollCheck(Protocol):
    """A family CLI part that checks a roll from the sheet before anything is rolled, beyond what every family's
    roll is checked for (Year Zero: a skill rolled for one of its uses names it with ``--use``)."""

    def check_sheet_roll(self, service: CampaignService, args: argparse.Namespace, picks: list[str]) -> None:
        """Raise :class:`CliError` with one line when the parsed roll cannot be made as asked; ``picks``: the
        named modifiers the roll records (``--skill-modifier`` and ``--use``)."""
        ...


def _family_checks(service: CampaignService, args: argparse.Namespace, picks: list[str]) -> None:
    """The family's own checks of a roll from the sheet (:class:`SheetRollCheck`), where its CLI part has any."""
    part = systems.family_of(service.campaign.system).cli
    if isinstance(part, SheetRollCheck):
        part.check_sheet_roll(service, args, picks)


def push_or_take_back(service, roll_id: int, faces: str | None) -> None:
    """Push the roll just recorded; when the push is refused (R-PUSH-2, R-PUSH-6, faces that do not
    fit), take the roll back first, so that exit status 2 means nothing was recorded: the history
    shows the roll only as undone, and the GM rolls again without a stray roll in the session."""
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.rules.errors import RulesError

    recorded = service.undo_count
    try:
        service.rolls.push(roll_id, faces=faces)
    except (RulesError, ValidationError) as exc:
        if service.undo_count == recorded:  # the push changed nothing: the roll is the newest change
            service.undo()
        raise CliError(_("{error}; nothing was recorded (roll {id} is taken back)").format(error=exc,
                                                                                          id=roll_id)) from exc


def run_campaign_roll(args) -> int:
    """Roll from the sheet, record it (and the push), and print the recorded entry."""
    from gmconsole.campaign import history as history_format
    from gmconsole.campaign.service import CampaignService

    if getattr(args, "push_faces", None) is not None and args.faces is None:
        raise CliError(_("--push-faces needs --faces: type the first roll's faces too, or use --push to roll the push"))
    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    with CampaignService.open(campaign_root(args), args.campaign, rng=rng, wait=args.wait) as service:
        warn_about(service, args)
        if service.campaign.system != args.system:
            raise CliError(_("{name} is a {system} campaign, not {asked}").format(
                name=args.campaign, system=service.campaign.system, asked=args.system))
        _check_attribute_named(service, args)
        picks = args.skill_modifier + ([args.use] if args.use else [])  # a use is recorded like a named modifier
        _family_checks(service, args, picks)
        if args.role_outcome and not systems.get(args.system).has_roles:  # before anything is rolled
            raise no_role_skills("--role-outcome", args.system)
        modifier, table_modifiers = campaign_roll_flags.split_modifiers(args.modifier)
        entry = service.rolls.roll(
            args.character, args.skill, attribute=args.attribute, gear=args.gear, difficulty=args.difficulty,
            helpers=args.helper, modifier=modifier, reactive=args.reactive, goal=args.goal,
            tn_modifiers=args.tn_modifier + table_modifiers, bonus_dice=args.bonus_dice,
            push_yourself=args.push_yourself,
            skill_modifiers=picks, faces=args.faces, hidden=args.hidden,
        )
        roll_id = as_record(entry).id
        if args.push or args.push_faces is not None:
            push_or_take_back(service, roll_id, args.push_faces)
            entry = service.history.entry(roll_id)
        applied: CostsEntry | None = None
        if args.apply_costs and as_roll(entry).costs_status == "pending":
            from gmconsole.campaign.errors import ValidationError

            try:
                costs = as_record(service.outcomes.apply_costs(roll_id))  # applied at once: one undoable change
                assert isinstance(costs, CostsEntry)  # applying costs records a costs entry
                applied = costs
            except ValidationError as exc:  # e.g. a `conditions` push cost that names no condition
                raise CliError(_("{error}; roll {id} is recorded and its costs stay pending: "
                                 "`gmconsole costs {name} --apply {id} --condition C`").format(
                    error=exc, id=roll_id, name=args.campaign)) from exc
            entry = service.history.entry(roll_id)
        outcome = _role_outcome(service, args, roll_id, rng) if args.role_outcome else None
        if outcome is not None:
            entry = service.history.entry(roll_id)
    result = history_format.public(entry)  # the JSON is the stored dict, key for key
    result["roll_id"] = roll_id
    if applied is not None:
        result["costs_applied"] = {"entry_id": applied.id, "summary": given(applied.summary, ""),
                                   "lines": given(applied.lines, [])}
    if outcome is not None:
        result["role_outcome_applied"] = outcome_result(outcome, roll_id)
    if args.seed is not None:
        result["seed"] = args.seed
    text = entry_text(entry, args.campaign)
    if applied is not None:
        text += "\n" + _("costs applied: {summary}").format(summary=shown(given(applied.summary, "")))
    elif args.apply_costs:
        text += "\n" + _("no costs to apply")
    if outcome is not None:
        text += "\n" + _("outcome: {summary}").format(summary=shown(outcome.get("summary", "")))
    emit(result, args.json, text)
    return 0


def outcome_result(entry: dict, roll: int) -> dict:
    """The recorded outcome entry as ``--json`` gives it: its own keys (no undo record) and the ids."""
    from gmconsole.campaign import history

    result = history.public(entry)
    result["entry_id"] = entry["id"]
    result["roll_id"] = roll
    return result


def _role_outcome(service, args, roll_id: int, rng) -> dict:
    """``--role-outcome`` (myz, R-MYZ-ROLE-1): apply what the roll just recorded leads to. A refusal keeps the
    roll (its dice were rolled) and says how to apply the outcome later."""
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.rules.errors import RulesError

    try:
        return service.outcomes.apply_role_outcome(roll_id, stunts=args.stunt, faces=args.finds_faces,
                                                   dies=args.patient_dies,
                                          rng=rng)
    except (RulesError, ValidationError) as exc:
        raise CliError(_("{error}; roll {id} is recorded, its outcome not applied: `gmconsole outcome {name} {id} "
                         "--stunt ID ...`").format(error=exc, id=roll_id, name=args.campaign)) from exc
