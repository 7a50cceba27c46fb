"""Why a campaign is open read-only, and what a refused change tells the GM to do about it.

The launcher decides why (the GM asked for it, another writer stayed in the middle of a change, its lock file
cannot be written, or is another file's second name); the app hands the reason and its advice to the
service, so every refused change says both. Kept apart from both so neither imports the other for these words.
"""

from __future__ import annotations

from gmconsole.i18n import N_

__all__ = ["ASKED_READ_ONLY", "IN_USE", "LOCK_LINKED", "NOT_WRITABLE", "READ_ONLY_ADVICE"]

ASKED_READ_ONLY = N_("opened with --read-only")
IN_USE = N_("another writer was stuck in the middle of a change when it opened")
NOT_WRITABLE = N_("its lock file cannot be written")
LOCK_LINKED = N_("its lock file is a hard link to another file")
READ_ONLY_ADVICE = {
    ASKED_READ_ONLY: N_("quit and open it again without --read-only to change it."),
    IN_USE: N_("quit and open it again without --read-only to change it."),
    NOT_WRITABLE: N_("make its lock file and folder writable, then open it again."),
    LOCK_LINKED: N_("delete its lock file (a new one is made), then open it again."),
}
"""What a refused change tells the GM to do, by why the campaign is read-only. Marked, not translated: the
reasons are keys here and the words are translated where they are shown (``_(reason)``)."""
