"""``gmconsole skills NAME``: show or change a campaign's own skill list.

``--add NAME=ATTRIBUTE``, ``--rename SKILL=NEW NAME`` and ``--remove SKILL`` (each repeatable) and
``--load FILE`` (a TOML skill list, see :func:`gmconsole.campaign.skills.parse_list`) change the
list in one undoable history entry, all or nothing; without them the list is only read. JSON:
``{"campaign", "system", "own_list", "skills": [{"id", "name", "attribute", "text"}]}``.
"""

from __future__ import annotations

from pathlib import Path

from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, warn_about
from gmconsole.cli.common import CliError, emit
from gmconsole.i18n import _, ngettext, verbatim


def _pair(flag: str):
    def parse(text: str) -> tuple[str, str]:
        left, sep, right = text.partition("=")
        if not sep or not left.strip() or not right.strip():
            import argparse

            example = "Piloting=agility" if flag == "NAME=ATTRIBUTE" else "piloting=Flying"
            raise argparse.ArgumentTypeError(_("{text} is not {flag} (e.g. {example})").format(
                text=repr(text), flag=flag, example=example))
        return left.strip(), right.strip()
    return parse


def register(subparsers) -> None:
    """Add ``skills``."""
    parser = subparsers.add_parser("skills", help=_("show or change a campaign's own skills (Year Zero)"))
    parser.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    parser.add_argument("--add", type=_pair("NAME=ATTRIBUTE"), action="append", default=[], metavar="NAME=ATTRIBUTE",
                        help=_("add a skill rolled with this attribute (strength, agility, wits, empathy); repeatable"))
    parser.add_argument("--rename", type=_pair(verbatim("SKILL=NEW NAME")), action="append", default=[],
                        metavar=verbatim("SKILL=NEW NAME"), help=_("rename a skill (its id stays); repeatable"))
    parser.add_argument("--remove", action="append", default=[], metavar="NAME",
                        help=_("remove a skill no character has; repeatable"))
    parser.add_argument("--load", metavar="FILE", help=_("replace the list with the [[skills]] of a TOML file"))
    parser.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    add_wait(parser)
    parser.set_defaults(handler=guard(run_skills))


def _read(path: str) -> str:
    from gmconsole.user_files import UserFileRefused, read_user_text

    try:
        return read_user_text(path, _("a skill list"))  # bounded, regular files only (never /dev/zero)
    except UserFileRefused as exc:
        raise CliError(str(exc)) from None


def _result(service) -> dict:
    from gmconsole.campaign import skills

    campaign = service.campaign
    listed = skills.listing(campaign) if skills.validation.skills_listed(campaign.system) else []
    return {"campaign": campaign.name, "system": campaign.system, "own_list": campaign.skills is not None,
            "skills": [s.to_dict() for s in listed]}


def _text(result: dict, summary: str) -> str:
    lines = [summary] if summary else []
    if not result["skills"]:
        lines.append(_("{system} sheets name their own skills; there is no list to show").format(
            system=result["system"]))
    if result["own_list"]:
        origin = _("the campaign's own list")
    else:
        origin = _("the {system} list").format(system=result["system"])
    if result["skills"]:
        lines.append(ngettext("{campaign}: {n} skill ({origin})", "{campaign}: {n} skills ({origin})",
                              len(result["skills"])).format(campaign=result["campaign"], n=len(result["skills"]),
                                                            origin=origin))
    for s in result["skills"]:
        lines.append(f"  {s['name']} ({s['id']}) — {s['attribute']}" + (f": {s['text']}" if s["text"] else ""))
    return "\n".join(line for line in lines if line)


def run_skills(args) -> int:
    from gmconsole.campaign.service import CampaignService

    changes = bool(args.add or args.rename or args.remove or args.load)
    load = (_read(args.load), Path(args.load).name) if args.load else None
    summary = ""
    if changes:
        with CampaignService.open(campaign_root(args), args.name, wait=args.wait) as service:
            warn_about(service)
            entry = service.setup.change_skill_list(load=load, add=args.add, rename=args.rename, remove=args.remove)
            summary = entry["summary"]
            result = _result(service)
    else:
        with CampaignService.open(campaign_root(args), args.name, read_only=True) as service:
            warn_about(service)
            result = _result(service)
    emit(result, args.json, _text(result, summary))
    return 0
