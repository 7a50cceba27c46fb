"""A damaged campaign file met while the console runs: name it and offer its newest backup.

``gmconsole open`` already does this for a damaged ``campaign.json`` (:mod:`gmconsole.ui.launch`).
Once the console runs, the history screen, its detail, export and undo/redo read history files
too, and one of them may be damaged (truncated, not JSON, the wrong shape), and that must never end the console. Each of
these paths hands the ``CorruptFile`` to :func:`offer_restore`, which

- in a console that may write, and when there is a backup, asks on a :class:`QuestionScreen`
  whether to restore it; ``y`` puts the backup in place (the damaged file is kept aside) through
  ``service.restore_backup``, and every screen re-reads the campaign;
- for a history chunk it also offers to set the file aside and go on (``service.set_aside``): the
  only way out when there is no backup (``y``), the second choice when there is (``s``); the
  entries it held are then said missing, and the file is kept to be mended by hand;
- otherwise (read-only, or no backup of ``campaign.json``) says what is wrong and what to do, in one line;
  a console or table view following a writer says it too (:func:`follower_line`, with the command that
  sets a damaged chunk aside) and goes on following (:mod:`gmconsole.ui.live_follow`).

The same file is offered once per screen that met it (``asked``), so a screen that re-reads on
every key does not ask again and again after the GM said no.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gmconsole.campaign.storage_access import StoreError, is_history_chunk, set_aside_command
from gmconsole.i18n import N_, _

__all__ = ["damaged_line", "follower_line", "offer_restore", "offers_way_out"]

SET_ASIDE = N_("Set the damaged file aside (renamed beside itself, not deleted) and go on without its entries?")
OR_SET_ASIDE = N_("Or set it aside (renamed beside itself, not deleted) and go on without its entries")


def damaged_line(service, error) -> str:
    """The one line shown when no restore is offered: the store's sentence and what to do."""
    if error.backup is not None and service.read_only:
        return _("{error} This console is read-only: open the campaign normally to restore it.").format(error=error)
    if service.read_only and is_history_chunk(error.path):
        return _("{error} This console is read-only: open the campaign normally to set it aside.").format(error=error)
    return str(error)


def follower_line(service, error) -> str:
    """The line a console or table view following a writer says of a damaged file it met (read-only, it
    offers nothing itself): short enough for the table view's bottom lines, so the file is named inside
    the campaign folder, then why, then what mends it (the command that sets a history chunk aside; for
    ``campaign.json``, its newest backup restored by a console that may write)."""
    path = Path(error.path)
    try:
        file = path.relative_to(service.campaign_folder).as_posix()
    except ValueError:
        file = str(path)
    command = set_aside_command(path)
    if command is not None:
        advice = _("To go on without it (renamed, not deleted): `{command}`").format(command=command)
    elif error.backup is not None:
        advice = _("Open the campaign normally to restore its newest backup.")
    else:
        advice = _("There is no backup of it.")
    return _("{file} could not be read: it is damaged ({detail}); showing the campaign as it was. {advice}").format(
        file=file, detail=error.detail, advice=advice)


def offers_way_out(service, error) -> bool:
    """Whether :func:`offer_restore` can offer a way out of ``error``: a console that may write, and
    a backup to restore or a history chunk to set aside."""
    return not service.read_only and (error.backup is not None or is_history_chunk(error.path))


def offer_restore(app, error, *, say: Callable[[str], None], asked: set[Path] | None = None,
                  restored: Callable[[str], None] | None = None) -> None:
    """Show ``error`` (a ``CorruptFile``) with ``say`` and, when a way out can be offered, ask for it.

    The ways out: restore the newest backup (``y``), or for a history chunk set it aside (``y`` when
    there is no backup, ``s`` as the second choice when there is). ``restored(summary)`` runs after
    either succeeded (the service's listeners have already heard of it) and says the summary itself;
    without it, ``say`` does.
    """
    from gmconsole.ui.screens.question import QuestionScreen

    say(damaged_line(app.service, error))
    chunk = is_history_chunk(error.path)
    if not offers_way_out(app.service, error):
        return
    if asked is not None:
        if error.path in asked:
            return
        asked.add(error.path)

    def answered(answer: bool | str | None) -> None:
        if not answer:
            return
        try:
            if answer is True and error.backup is not None:
                done = app.service.restore_backup(error.path)
            else:
                done = app.service.set_aside(error.path)
        except (StoreError, OSError, ValueError) as exc:
            say(str(exc))
            return
        if restored is not None:
            restored(done["summary"])
        else:
            say(done["summary"])

    if error.backup is not None:
        also = _(OR_SET_ASIDE) if chunk else None
        question = QuestionScreen(_("Damaged file"), str(error), _("Restore the newest backup?"), also=also)
    else:
        question = QuestionScreen(_("Damaged file"), str(error), _(SET_ASIDE))
    app.push_screen(question, answered)
