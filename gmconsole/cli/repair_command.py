"""``gmconsole repair NAME --set-aside FILE``: the way out of a damaged history chunk (issue 10 follow-up, item 2).

A history chunk that does not parse stops the campaign's history and its rolls. With a backup, the
console offers to restore it; without one, nothing could be done but editing files by hand. This
command sets the chunk aside (renamed beside itself, never deleted: :mod:`gmconsole.store.set_aside`)
and the campaign goes on, its lost entries said as a gap in the history. Every command that meets
such a chunk says how (:func:`way_out`).
"""

from __future__ import annotations

import shlex
from pathlib import Path

__all__ = ["register", "way_out", "WAY_OUT_LIMIT"]

WAY_OUT_LIMIT = 900
"""Longest damaged-file line printed whole: two paths of the campaign (the file, its backup), where it
broke, and the command; still bounded, as the detail may quote text from the file."""


def way_out(error) -> str:
    """The message for a :class:`~gmconsole.store.errors.CorruptFile` on the command line: the store's
    sentence and, for a history chunk, the command that sets it aside."""
    from gmconsole.store.set_aside import is_history_chunk

    path = Path(error.path)
    if not is_history_chunk(path):
        return str(error)
    campaign = path.parent.parent.parent
    inside = path.relative_to(campaign).as_posix()  # short: a long line is cut in its middle, never its end
    command = f"gmconsole repair {shlex.quote(campaign.name)} --set-aside {shlex.quote(inside)}"
    restore = " (or restore its backup in the console)" if error.backup is not None else ""
    return f"{error} To go on without it{restore}, set it aside (renamed, not deleted): `{command}`"


def run_repair(args) -> int:
    """Set the named file aside and say what that did."""
    from gmconsole.campaign.service import CampaignService
    from gmconsole.cli.campaign_commands import _root
    from gmconsole.safe_text import shown

    with CampaignService.open(_root(args), args.name, wait=args.wait) as service:
        done = service.set_aside(Path(args.set_aside))
    print(shown(done["summary"]))
    return 0


def register(subparsers) -> None:
    """Add ``repair``."""
    from gmconsole.cli.campaign_commands import _guard, add_wait

    repair = subparsers.add_parser("repair", help="set a damaged history file aside so the campaign goes on")
    repair.add_argument("name", metavar="NAME")
    repair.add_argument("--set-aside", required=True, metavar="FILE",
                        help="the damaged history file to rename beside itself (history/session-N/entries-M.json, "
                             "relative to the campaign folder, or a full path); its entries are then missing "
                             "from the history")
    add_wait(repair)
    repair.set_defaults(handler=_guard(run_repair))
