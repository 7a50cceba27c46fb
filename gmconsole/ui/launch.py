"""Start the console: pick the campaign, get past a lock or a damaged file, run the app.

``launch(root, name)`` opens ``name``; with no name, the campaign opened last; on the very first
run (no campaign at all) it installs the bundled demos and lets the GM pick one. A campaign another
writer stays in the middle of a change in for longer than the wait (``CampaignLocked``: a stuck
writer), or whose lock file cannot be written (``LockNotWritable``), is offered read-only; a damaged
file (``CorruptFile``) is shown with its message and, when there is a backup, the backup is offered.
The campaign opened is remembered for next time. Returns the process exit status (0, or 2 when nothing could be opened).
Opening another campaign from the command palette ends the app with that campaign's name, and the
loop in :func:`launch` opens it (Textual runs one app per loop; a fresh app on the new campaign is
simpler and safer than swapping the service under every screen).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

from textual.app import App
from textual.screen import Screen

from gmconsole.i18n import _
from gmconsole.ui.read_only import ASKED_READ_ONLY, IN_USE, LOCK_LINKED, NOT_WRITABLE, READ_ONLY_ADVICE

__all__ = ["ASKED_READ_ONLY", "IN_USE", "NOT_WRITABLE", "READ_ONLY_ADVICE", "choose_campaign", "launch"]


class _Prompt(App):
    """A one-screen app that asks one thing before the campaign is open, and exits with the answer."""

    TITLE = "gmconsole"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, make_screen: Callable[[], Screen]) -> None:
        super().__init__()
        self.make_screen = make_screen
        self.animation_level = "none"

    def get_line_filters(self):
        """As the console's: campaign names and the lock holder's note are drawn escaped."""
        from gmconsole.ui.safe_lines import ESCAPE_UNSAFE

        return [*super().get_line_filters(), ESCAPE_UNSAFE]

    def on_mount(self) -> None:
        self.push_screen(self.make_screen(), callback=self.exit)


def _ask(make_screen: Callable[[], Screen]):
    return _Prompt(make_screen).run()


def _question(title: str, message: str, question: str) -> bool:
    """Ask a yes/no question in a one-screen app (only when opening went wrong, so imported then)."""
    from gmconsole.ui.screens.question import QuestionScreen

    return bool(_ask(lambda: QuestionScreen(title, message, question)))


def choose_campaign(root: Path, name: str | None) -> str | None:
    """The campaign to open: ``name``, else the last one, else one the GM picks (demos on first run)."""
    if name:
        return name
    from gmconsole.campaign import library
    from gmconsole.ui.screens.demo_picker import DemoPickerScreen

    last = library.last_campaign(root)
    if last:
        return last
    summaries = library.list_campaigns(root)
    first_run = not summaries
    if first_run:
        library.install_demos(root)
        summaries = library.list_campaigns(root)
    return _ask(lambda: DemoPickerScreen(summaries, first_run=first_run))


def _open_service(root: Path, name: str, read_only: bool):
    """Open the campaign's service, asking the GM what to do about a lock or a damaged file.

    Returns ``(service, why it is read-only or None)``, or ``(None, None)`` when the GM declined
    (after the message was shown)."""
    from gmconsole.campaign.service import CampaignService
    from gmconsole.campaign.storage_access import (
        CampaignLocked,
        CorruptFile,
        LockLinked,
        LockNotWritable,
        restore_campaign_backup,
    )

    why = None
    while True:
        try:
            # each change waits for another writer's change in progress (the command line, a player's page)
            service = CampaignService.open(root, name, read_only=read_only, console=True, wait=None)
            return service, (why or ASKED_READ_ONLY) if read_only else None
        except (CampaignLocked, LockNotWritable) as exc:
            if read_only:
                raise
            title = _("Campaign in use") if isinstance(exc, CampaignLocked) else _("Campaign not writable")
            if not _question(title, str(exc), _("Open it read-only?")):
                return None, None
            if isinstance(exc, CampaignLocked):
                why = IN_USE
            else:
                why = LOCK_LINKED if isinstance(exc, LockLinked) else NOT_WRITABLE
            read_only = True
        except CorruptFile as exc:
            message, backup, damaged = str(exc), exc.backup, exc.path
            if backup is None:
                _question(_("Damaged file"), message, _("There is no backup to offer; quit?"))
                return None, None
            if not _question(_("Damaged file"), message, _("Restore the newest backup and open it?")):
                return None, None
            restore_campaign_backup(root, name, damaged)


def launch(root: Path, name: str | None, read_only: bool = False, *, rng: random.Random | None = None,
           config=None, language: str | None = None) -> int:
    """Run the console on a campaign under ``root`` (see the module docstring); returns the exit status.

    ``config`` is the GM's settings file (:func:`gmconsole.settings_file.load`), ``language`` the
    ``--lang`` flag. When the GM opens another campaign from the command palette, the app exits
    naming it (``switch_to``) and the console opens again on that one, writable unless it is in use."""
    from gmconsole.campaign import library
    from gmconsole.campaign.storage_access import StoreError
    from gmconsole.ui import startup_gc
    from gmconsole.ui.app import GMConsoleApp

    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    from gmconsole.i18n import language as spoken
    from gmconsole.i18n import set_language

    started_in = spoken()  # each campaign opened starts from it, not from the last one's setting
    try:
        chosen = choose_campaign(root, name)
        while chosen is not None:
            set_language(started_in)
            service, read_only_reason = _open_service(root, chosen, read_only)
            if service is None:
                return 0
            try:
                library.remember_last(root, service.campaign.name)
                app = GMConsoleApp(service, rng=rng, on_first_paint=startup_gc.resume,
                                   read_only_reason=read_only_reason, config=config, language=language)
                app.run()
            finally:
                service.close()
            chosen, read_only = getattr(app, "switch_to", None), False
        return 0
    except StoreError as exc:
        from gmconsole.safe_text import one_line_message

        print(_("gmconsole: error: {message}").format(message=one_line_message(str(exc))), file=sys.stderr)
        return 2
    finally:
        startup_gc.resume()  # when start-up ended before the main screen was painted
