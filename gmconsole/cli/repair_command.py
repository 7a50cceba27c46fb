"""``gmconsole repair NAME --set-aside FILE``: the way out of a damaged history chunk with no backup;
``gmconsole repair NAME``: settle entries missing from the history, which a read-only command can only say.

A history chunk that does not parse stops the campaign's history and its rolls. With a backup, the
console offers to restore it; without one, nothing could be done but editing files by hand. This
command sets the chunk aside (renamed beside itself, never deleted: :mod:`gmconsole.store.set_aside`)
and the campaign goes on, its lost entries said as a gap in the history. Every command that meets
such a chunk says how (:func:`way_out`).
"""

from __future__ import annotations

from pathlib import Path

from gmconsole.cli.campaign_access import (
    WAY_OUT_LIMIT,
    add_wait,
    campaign_root,
    guard,
    speak_campaign_language,
    way_out,
)
from gmconsole.i18n import _

__all__ = ["WAY_OUT_LIMIT", "register", "way_out"]


def run_repair(args) -> int:
    """Set the named file aside, or (without ``--set-aside``) settle entries missing from the history, and
    say what that did."""
    from gmconsole.campaign.service import CampaignService
    from gmconsole.safe_text import shown

    with CampaignService.open(campaign_root(args), args.name, wait=args.wait) as service:
        speak_campaign_language(service)
        done = service.set_aside(Path(args.set_aside)) if args.set_aside else service.settle_history()
    print(shown(done["summary"]))
    return 0


def register(subparsers) -> None:
    """Add ``repair``."""
    repair = subparsers.add_parser("repair", help=_("set a damaged history file aside so the campaign goes on; "
                                                    "without --set-aside, settle entries missing from the history"))
    repair.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    repair.add_argument("--set-aside", metavar="FILE",
                        help=_("the damaged history file to rename beside itself (history/session-N/entries-M.json, "
                               "relative to the campaign folder, or a full path); its entries are then missing "
                               "from the history"))
    add_wait(repair)
    repair.set_defaults(handler=guard(run_repair))
