"""A damaged campaign file met while the console runs: name it and offer its newest backup.

``gmconsole open`` already does this for a damaged ``campaign.json`` (:mod:`gmconsole.ui.launch`).
Once the console runs, the history screen, its detail, export and undo/redo read history files
too, and one of them may be damaged (truncated, not JSON, the wrong shape): issue 10, item 3. Each of
these paths hands the :class:`~gmconsole.store.errors.CorruptFile` to :func:`offer_restore`, which

- in a console that may write, and when there is a backup, asks on a :class:`QuestionScreen`
  whether to restore it; ``y`` puts the backup in place (the damaged file is kept aside) through
  ``service.restore_backup``, and every screen re-reads the campaign;
- otherwise (read-only, or no backup) says what is wrong and what to do, in one line.

The same file is offered once per screen that met it (``asked``), so a screen that re-reads on
every key does not ask again and again after the GM said no.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

__all__ = ["offer_restore", "damaged_line"]


def damaged_line(service, error) -> str:
    """The one line shown when no restore is offered: the store's sentence and what to do."""
    if error.backup is not None and service.read_only:
        return f"{error} This console is read-only: open the campaign normally to restore it."
    return str(error)


def offer_restore(app, error, *, say: Callable[[str], None], asked: set[Path] | None = None,
                  restored: Callable[[str], None] | None = None) -> None:
    """Show ``error`` (a ``CorruptFile``) with ``say`` and, when a restore can be offered, ask for it.

    ``restored(summary)`` runs after a successful restore (the service's listeners have already heard
    of it) and says the summary itself; without it, ``say`` does.
    """
    from gmconsole.store.errors import StoreError
    from gmconsole.ui.screens.question import QuestionScreen

    say(damaged_line(app.service, error))
    if error.backup is None or app.service.read_only:
        return
    if asked is not None:
        if error.path in asked:
            return
        asked.add(error.path)

    def answered(yes: bool | None) -> None:
        if not yes:
            return
        try:
            done = app.service.restore_backup(error.path)
        except (StoreError, OSError, ValueError) as exc:
            say(str(exc))
            return
        if restored is not None:
            restored(done["summary"])
        else:
            say(done["summary"])

    app.push_screen(QuestionScreen("Damaged file", str(error), "Restore the newest backup?"), answered)
