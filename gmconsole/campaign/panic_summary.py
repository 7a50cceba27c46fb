"""A panic roll's dice in words: ``D6 5 + stress 3 = 8`` (R-PANIC-1), for the summary of a roll's costs that
made a panic roll, so the history, the recap and the roll builder show the die as the tracker's panic box
does. An escalated total (R-PANIC-2) says so: ``D6 2 + stress 3 = 5, escalated to 9``.

The summary is written into the costs entry when it is recorded; entries recorded before keep the summary
they were stored with (``Ripley Hale panics: 8 Tremble``) and read as they did."""

from __future__ import annotations

from gmconsole.i18n import _, pick

__all__ = ["costs_panic_summary", "panic_dice"]


def panic_dice(roll: dict) -> str:
    """One panic roll's dice and total (a roll of a panic entry's ``rolls``)."""
    face, stress, total = roll.get("face"), roll.get("stress"), roll.get("total")
    if not isinstance(face, int) or not isinstance(stress, int):
        return str(total)
    said = _("D6 {face} + stress {stress} = {total}").format(face=face, stress=stress, total=face + stress)
    if roll.get("escalated") and total != face + stress:
        said = _("{dice}, escalated to {total}").format(dice=said, total=total)
    return said


def costs_panic_summary(panic: dict) -> str:
    """The summary of a panic made by a roll's costs (:func:`gmconsole.campaign.commands.costs.panic_on`'s
    ``panic``), each roll with its dice: who panics and the row, then any chained roll and the stress it
    gave others, in the words of the panic's own summary."""
    rolls = panic.get("rolls") or []
    if not rolls:
        return panic.get("summary", "")
    first = rolls[0]
    # "= 7: Nervous twitch": the total, then the row it falls on (a bare "7 Nervous twitch" read as a count)
    said = _("{name} panics: {dice}: {row}").format(name=first.get("character", ""), dice=panic_dice(first),
                                                    row=pick(first.get("name") or {}))
    if len(rolls) > 1:
        said = _("{panic}; chained: {rolls}").format(panic=said, rolls=_(", ").join(
            _("{name} {dice}: {row}").format(name=r.get("character", ""), dice=panic_dice(r),
                                              row=pick(r.get("name") or {})) for r in rolls[1:]))
    gains = panic.get("stress") or []
    if gains:
        said = _("{panic}; stress +1: {names}").format(panic=said,
                                                       names=_(", ").join(g.get("character", "") for g in gains))
    return said
