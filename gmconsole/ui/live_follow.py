"""Follow the other writers' changes: a console (writing or read-only) and the players' table view show
what another process committed within a fraction of a second.

:func:`follow_campaign` starts a Textual worker on the app's own event loop that watches the
campaign's folder with ``watchfiles`` (inotify on Linux: the kernel wakes it when a file changes; no
loop of ours reading the folder over and over). A writer saves by renaming a whole new file into
place, so one change is a few events (the history chunk, then ``campaign.json``); they are gathered
for :data:`DEBOUNCE_MS` and then ``service.reload()`` reads the files once, on the UI thread (the
service is not thread-safe, and reading the campaign document and the newest history chunk again takes
about 8 ms at 10,000 entries, 2 ms to find that nothing changed). The lock, the clean-close marker,
the backups and the temporary files are not watched for
(:meth:`~gmconsole.campaign.service.CampaignService.is_campaign_file`).

``watchfiles`` is imported here, when the worker starts, so the writer's console never pays for it.
Its watcher thread looks at a stop flag every :data:`STEP_MS`; the flag is the worker's own
cancellation, so the watcher ends with the app.

Whatever a change leaves on disk, the follower goes on: a file that does not read (damaged, or a
hostile one nested thousands deep) keeps the view as it was and says why in one logged line (the
table view shows it in its bottom line), and the next change, the file mended, is read as usual.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

__all__ = ["DEBOUNCE_MS", "STEP_MS", "follow_campaign"]

_log = logging.getLogger(__name__)

DEBOUNCE_MS = 50
"""Events of one change are gathered this long at most before the campaign is read again."""
STEP_MS = 50
"""The watcher waits this long for more events after one, and looks at the stop flag this often."""


class _StopWhenCancelled:
    """What ``watchfiles`` asks ``is_set()`` of, from its thread: set when the worker is cancelled (the
    app is exiting) or when ``watchfiles`` itself stops the watch."""

    def __init__(self, worker) -> None:
        self._worker = worker
        self._set = False

    def is_set(self) -> bool:
        return self._set or self._worker.is_cancelled

    def set(self) -> None:
        self._set = True


def _say_unread(service, problem: Exception) -> None:
    """One logged line (the status line of the console or the table view shows it): the change could not
    be read, the view keeps what it showed, and for a damaged file which file and what mends it
    (:func:`gmconsole.ui.damaged.follower_line`)."""
    from gmconsole.campaign.storage_access import CorruptFile
    from gmconsole.ui.damaged import follower_line

    if isinstance(problem, CorruptFile):
        _log.warning("%s", follower_line(service, problem))
    else:
        _log.warning("the latest change to the campaign could not be read; showing it as it was: %s", problem)


def follow_campaign(app, service, on_change: Callable[[], None], on_wake: Callable[[], None] | None = None) -> None:
    """Watch ``service``'s campaign folder while ``app`` runs; after a writer's change, call
    ``service.reload()`` and, when it returned True, ``on_change()``, both on the UI thread.
    ``on_wake()`` (when given) is called after every change seen, whether or not the campaign changed: a
    change of the players' requests alone (``player-requests.json``) changes no campaign, and the console
    reads its inbox again there.

    A writer's service follows the other writers (the command line, another console, the players' pages):
    its own changes wake the watch too, and ``reload()`` then finds from the lock's note that nobody else
    wrote, without reading anything. A watch that cannot start (the folder gone, no more inotify
    watches) logs one warning and the app goes on showing what it had."""

    def read_again() -> None:
        follow_changes()
        if on_wake is not None:
            try:
                on_wake()
            except Exception as exc:  # the inbox that cannot be shown must not stop following the campaign
                _log.warning("could not show the players' requests: %s", exc)

    def follow_changes() -> None:
        try:
            changed = service.reload()
        except Exception as exc:  # a file no reader could make sense of: say so, and go on following
            _say_unread(service, exc)
            return
        if not changed:
            if service.ledger.reload_problem is not None:
                _say_unread(service, service.ledger.reload_problem)
            return
        try:
            on_change()
        except Exception as exc:  # a view that cannot draw one change must not stop following the next
            _log.warning("could not show the latest change: %s", exc)

    async def follow() -> None:
        import asyncio

        from textual.worker import get_current_worker
        from watchfiles import awatch

        stop = _StopWhenCancelled(get_current_worker())
        changes = awatch(service.campaign_folder, watch_filter=lambda _change, path: service.is_campaign_file(path),
                         debounce=DEBOUNCE_MS, step=STEP_MS, rust_timeout=0,
                         stop_event=stop,  # type: ignore[arg-type]  # typed as an Event class; is_set() and set() are all it calls
                         ignore_permission_denied=True)
        try:
            first = asyncio.ensure_future(anext(changes))
            await asyncio.sleep(0)  # the watch is set up now: what was written before it is read here
            read_again()
            await first
            read_again()
            async for _changes in changes:
                read_again()
        except StopAsyncIteration:
            return
        except OSError as exc:
            _log.warning("cannot follow the campaign's changes: %s", exc)

    app.run_worker(follow(), name="live-follow", group="live-follow", exit_on_error=False)
