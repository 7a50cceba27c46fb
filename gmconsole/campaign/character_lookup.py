"""Finding a roster member, a clock or an item from what the GM typed, or a sentence saying why not.

The matching of a typed name (:func:`find`, :func:`matching`) is :mod:`gmconsole.campaign.name_match`'s,
which the campaign model uses too; when several names start so, nothing is found and :func:`not_found`
names them, so the GM types more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign.name_match import find, matching
from gmconsole.i18n import _
from gmconsole.safe_text import shown

if TYPE_CHECKING:
    from gmconsole.campaign.model import Campaign, Character, Clock, Gear

__all__ = ["character_in", "clock_of", "find", "gear_of", "matching", "member", "not_found"]


def not_found(campaign: Campaign, typed: str) -> str:
    """Why ``typed`` names nobody: several names start so (listed), or no one does (the roster listed)."""
    several = matching(campaign.roster, typed)
    if len(several) > 1:
        names = _(", ").join(shown(c.name) for c in several)
        return _("'{typed}' could be {names} in {campaign}; type more of the name").format(
            typed=shown(typed), names=names, campaign=shown(campaign.name))
    names = _(", ").join(shown(c.name) for c in campaign.roster) or _("nobody yet")
    return _("there is no character '{typed}' in {campaign}; the roster: {names}").format(
        typed=shown(typed), campaign=shown(campaign.name), names=names)


def clock_of(campaign: Campaign, clock_id: str) -> Clock:
    """The clock of the current session with this id, or else this name (case-insensitive); a
    ValidationError names what was typed when there is none."""
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.phrasing import quoted

    clock = campaign.current_session.clock(clock_id)
    if clock is None:
        clock = next((k for k in campaign.current_session.clocks if k.name.casefold() == clock_id.casefold()), None)
    if clock is None:
        raise ValidationError(_("there is no clock {clock} in this session").format(clock=quoted(clock_id)))
    return clock


def character_in(campaign: Campaign, id_or_name: str) -> Character:
    """The roster member of ``campaign`` (often the copy a change works on) the GM typed, or a
    ValidationError naming what was typed."""
    from gmconsole.campaign.errors import ValidationError

    found = campaign.find_character(id_or_name)
    if found is None:
        raise ValidationError(not_found(campaign, id_or_name))
    return found


def member(campaign: Campaign, character_id: str) -> Character:
    """The roster member of ``campaign`` with this id (an id a change resolved already, looked up on the
    copy it changes), or a ValidationError naming it."""
    from gmconsole.campaign.errors import ValidationError

    found = campaign.character(character_id)
    if found is None:
        raise ValidationError(not_found(campaign, character_id))
    return found


def gear_of(character: Character, gear_id: str) -> Gear:
    """The item ``gear_id`` on the character's sheet, or a ValidationError naming it."""
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.phrasing import quoted

    item = character.gear_item(gear_id)
    if item is None:
        raise ValidationError(_("{name} has no item {item}").format(name=character.name, item=quoted(gear_id)))
    return item
