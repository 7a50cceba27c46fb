"""``gmconsole journal NAME --out DIR [--session N] [--json]``: the campaign journal as Markdown notes.

One note per session (``Session 03 - Title.md``: YAML front matter, links to the characters, the recap with
the dice and luck of the evening) and one per character (``Ripley Hale.md``: rolls, pushes, panics and luck
across sessions, linking back to each session), for Obsidian or any Markdown notes app
(:mod:`gmconsole.campaign.journal`). Written again, it rewrites only the notes it wrote and leaves every
other file in DIR alone, naming any it did not touch. The campaign is opened read-only. ``--json`` prints
``{"campaign", "folder", "written", "unchanged", "removed", "skipped": [{"file", "why"}]}``; bad input (an unknown
campaign or session, a DIR that is a file) exits 2 with one line on stderr.
"""

from __future__ import annotations

from pathlib import Path

from gmconsole.cli.campaign_access import campaign_root, guard, warn_about
from gmconsole.cli.common import emit, session_number
from gmconsole.i18n import _, ngettext
from gmconsole.safe_text import shown

__all__ = ["register"]


def register(subparsers) -> None:
    """Add ``journal NAME --out DIR [--session N] [--json]``."""
    journal = subparsers.add_parser("journal", help=_("write the campaign journal: Markdown notes for Obsidian"))
    journal.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    journal.add_argument("--out", metavar="DIR", required=True,
                         help=_("the folder of notes (made when missing; other files in it are left alone)"))
    journal.add_argument("--session", type=session_number, metavar="N",
                         help=_("only this session's note and its characters' notes (default: every session)"))
    journal.add_argument("--json", action="store_true",
                         help=_('print {"campaign", "folder", "written", "unchanged", "removed", "skipped"}'))
    journal.set_defaults(handler=guard(run_journal))


def run_journal(args) -> int:
    from gmconsole.campaign.journal import write_journal
    from gmconsole.campaign.service import CampaignService

    folder = Path(args.out).expanduser()
    with CampaignService.open(campaign_root(args), args.name, read_only=True) as service:
        warn_about(service, args)
        done = write_journal(service.ledger, folder, args.session, key=service.campaign_folder.name)
        campaign = service.campaign.name
    result = {"campaign": campaign, **done.to_json()}
    written = ngettext("{n} note written", "{n} notes written", len(done.written)).format(n=len(done.written))
    up_to_date = ngettext("{n} up to date", "{n} up to date", len(done.unchanged)).format(n=len(done.unchanged))
    lines = [_("{written}, {up_to_date} in {folder}").format(written=written, up_to_date=up_to_date,
                                                              folder=shown(folder))]
    lines += [_("left alone: {file} ({why})").format(file=shown(name), why=why) for name, why in done.skipped]
    emit(result, args.json, "\n".join(lines))
    return 0
