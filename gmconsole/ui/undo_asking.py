"""Undo and redo with many writers: the campaign's last change may have been made elsewhere.

Undo takes back the campaign's newest change, whoever made it (the command line, a player's page,
another console). When it was not made here, the GM is asked first, and the question names it and
where it came from; the answer undoes exactly that change (another writer's change come on top
meanwhile is refused, naming it: :meth:`~gmconsole.campaign.service.CampaignService.undo`).
"""

from __future__ import annotations

from collections.abc import Callable

from gmconsole.i18n import _

__all__ = ["undo_or_redo"]


def undo_or_redo(app, done: Callable[[dict], None], *, redo: bool = False,
                 refused: Callable[[Exception], None] | None = None,
                 errors: tuple[type[Exception], ...] = ()) -> None:
    """Undo (or redo) the campaign's newest change, asking first when it was made elsewhere; ``done(entry)``
    after it is made. ``refused(error)`` shows a refusal of one of ``errors`` (default: the app's status line
    shows what the app's own ``attempt`` catches)."""
    service = app.service

    def attempt(change: Callable[[], dict]) -> None:
        if refused is None:
            entry = app.attempt(change)
        else:
            try:
                entry = change()
            except errors as exc:
                refused(exc)
                return
        if entry is not None:
            done(entry)

    top = app.attempt(lambda: service.next_undo(redo=redo)) if not service.read_only else None
    if top is None or top[2] is None:
        attempt(service.redo if redo else service.undo)
        return
    entry_id, summary, where = top
    question = (_("Redo #{id} “{summary}”, made {where}?") if redo
                else _("Undo #{id} “{summary}”, made {where}?")).format(id=entry_id, summary=summary, where=where)

    def answered(yes: bool | None) -> None:
        if yes:
            attempt(lambda: service.redo(entry_id) if redo else service.undo(entry_id))
        else:
            app.notify(_("Nothing was undone.") if not redo else _("Nothing was redone."), timeout=3)

    from gmconsole.ui.screens.confirm import ConfirmScreen

    app.push_screen(ConfirmScreen(question), answered)  # the screen escapes what the files hold
