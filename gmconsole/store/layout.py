"""Where things are in a campaign folder: the names of its files and folders, and listing them.

Layout of a campaign folder (``<data root>/<campaign name>/``)::

    campaign.json                         the campaign document (roster, settings, sessions ...)
    lock                                  flock'ed by the console that has the campaign open
    closed-cleanly                        there when the last writer closed with every write done
    history/session-0003/entries-000000412.json
                                          a chunk of session 3's history; 412 is its first entry id
    history/session-0003/stats-000000412.json, rows-000000412.json, recap-000000412.json
                                          what the statistics, the recap and the history screen need from
                                          that chunk, made again whenever it changes (:mod:`.chunk_summaries`)
    players.json                          the players' links: one secret token per player character (mode 0600)
    player-requests.json                  the players' rolls waiting for the GM, and the answers given
    backups/campaign.json.1 ... .5        the previous good versions of campaign.json, newest first
    backups/history/session-0003/entries-000000412.json.1
                                          the previous good version of that chunk

Why the history is cut into chunks: :mod:`gmconsole.store.campaign_store`. Listing reads folder
names only, never a file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from gmconsole.i18n import _, verbatim
from gmconsole.store.names import check_existing_name

STATE_BACKUPS = 5
"""Previous versions of ``campaign.json`` kept in ``backups/``."""
CHUNK_BACKUPS = 1
"""Previous versions of each history chunk kept in ``backups/``."""
CAMPAIGN_FILE = "campaign.json"
LOCK_FILE = "lock"
CLEAN_CLOSE_FILE = "closed-cleanly"
PLAYERS_FILE = "players.json"
"""The players' links (:mod:`gmconsole.store.players_file`)."""
PLAYER_REQUESTS_FILE = "player-requests.json"
"""The players' requests waiting for the GM (:mod:`gmconsole.store.players_file`)."""
HISTORY = "history"
BACKUPS = "backups"
_SESSION_DIR = re.compile(r"^session-(\d+)$")
_CHUNK_FILE = re.compile(r"^entries-(\d+)\.json$")

def session_folder(campaign: Path, session: int) -> Path:
    """The folder holding the history chunks of ``session``."""
    return campaign / HISTORY / f"session-{session:04d}"


def chunk_file(campaign: Path, session: int, first_id: int) -> Path:
    """The history chunk of ``session`` whose first entry has id ``first_id``."""
    return session_folder(campaign, session) / f"entries-{first_id:09d}.json"


SUMMARY_PARTS = ("stats", "rows", "recap")
"""The parts of a chunk's summary, one file each (:mod:`.chunk_summaries`)."""


def summary_file(campaign: Path, session: int, first_id: int, part: str) -> Path:
    """Part ``part`` (one of :data:`SUMMARY_PARTS`) of the summary kept beside the history chunk of
    ``session`` starting at ``first_id``."""
    if part not in SUMMARY_PARTS:
        raise ValueError(verbatim(f"no summary part {part!r}"))
    return session_folder(campaign, session) / f"{part}-{first_id:09d}.json"


def check_name(name: object) -> str:
    """Campaign names are folder names: refuse what would escape or hide the folder. The rules (and
    the stricter ones for a new name) live in :mod:`gmconsole.store.names`."""
    return check_existing_name(name)


def check_session(session: object) -> int:
    if type(session) is not int or session < 0:
        raise ValueError(_("A session number is a whole number from 0 up, not {session!r}.").format(session=session))
    return session


def sessions_in(campaign: Path) -> list[int]:
    try:
        names = os.listdir(campaign / HISTORY)
    except FileNotFoundError:
        return []
    found = []
    for name in names:
        match = _SESSION_DIR.match(name)
        if match and chunks_in(campaign / HISTORY / name):
            found.append(int(match.group(1)))
    return sorted(found)


def chunks_in(folder: Path) -> list[int]:
    """First ids of the chunks in a session folder, ascending."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    return sorted(int(m.group(1)) for m in map(_CHUNK_FILE.match, names) if m)


def read_from(campaign: Path, path: Path) -> bool:
    """Whether ``path`` is a file a campaign is read from: ``campaign.json``, a history chunk, or the
    players' requests waiting for the GM (a console following the campaign learns of a new one). The
    lock, the clean-close marker, the players' links, the backups and the temporary files beside them are
    not: a reader following the writer (:meth:`CampaignStore.stamp`) has nothing to read again when they
    change."""
    try:
        parts = Path(path).relative_to(campaign).parts
    except ValueError:
        return False
    if parts in ((CAMPAIGN_FILE,), (PLAYER_REQUESTS_FILE,)):
        return True
    return (len(parts) == 3 and parts[0] == HISTORY and bool(_SESSION_DIR.match(parts[1]))
            and bool(_CHUNK_FILE.match(parts[2])))


def backup_base(campaign: Path, path: Path) -> Path:
    """Where the backups of ``path`` (a file of the campaign) go: the same place under ``backups/``."""
    return campaign / BACKUPS / path.relative_to(campaign)
