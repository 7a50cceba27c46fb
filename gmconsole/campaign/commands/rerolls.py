"""A failed check rerolled with a grant the character holds (seed 003, R-EXP-5; :mod:`gmconsole.campaign.grants`).

The reroll is a roll of its own (kind ``roll``), made from the failed check's stored request and recorded with
``reroll: {"of": id, "grant": name}``; the failed check is marked ``rerolled_with`` the grant's name in the same
change, so one undo takes both back and the check may be rerolled again.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gmconsole import systems
from gmconsole.campaign import grants
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.sheet_rolls import RollRequest
from gmconsole.i18n import _
from gmconsole.phrasing import quoted
from gmconsole.rules.errors import RulesError

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["reroll"]

_LISTS = ("gear", "helpers", "tn_modifiers", "skill_modifiers")


def _failed_check(ledger: Ledger, entry_id: int | None) -> dict:
    """The roll ``entry_id``, or the newest roll of the session still standing."""
    if entry_id is not None:
        entry = ledger.entry_anywhere(entry_id)
        if entry.get("kind") != "roll":
            raise ValidationError(_("history entry {id} is not a roll").format(id=entry_id))
        return entry
    for entry in ledger.entries_newest_first(ledger.session.number):
        if entry.get("kind") == "roll" and entry.get("status", "done") == "done":
            return entry
    raise ValidationError(_("there is no roll to reroll in this session"))


def _request(entry: dict) -> RollRequest:
    """The request the check was rolled with, as the entry stored it."""
    stored = dict(entry["request"])
    known = set(RollRequest.__dataclass_fields__)
    fields: dict[str, Any] = {key: (tuple(value) if key in _LISTS else value) for key, value in stored.items()
                              if key in known}
    return RollRequest(**fields, hidden=entry.get("hidden") is True)


def reroll(ledger: Ledger, entry_id: int | None, grant_name: str, faces: str | None,
           rng: random.Random) -> dict:
    """R-EXP-5: reroll the failed check ``entry_id`` (default: the session's newest roll) with the grant
    ``grant_name`` its character holds; ``faces`` typed from physical dice (R-MANUAL-1) or ``rng`` rolls."""
    from gmconsole.campaign.commands import rolls as recorded

    system = systems.get(ledger.campaign.system)
    if not system.reroll_grants:
        raise RulesError(_("{system} has no reroll grants (R-EXP-5)").format(system=system.title))
    entry = _failed_check(ledger, entry_id)
    why = grants.refusal(ledger, entry)
    if why:
        raise ValidationError(why)
    character = ledger.campaign.character(entry["character_id"])
    if character is None:
        raise ValidationError(_("the character who rolled is no longer in the roster"))
    grant = grants.named(character, grant_name or "")
    if grant is None:
        held = grants.grants_text(ledger.campaign, character) or _("none (the character form names them)")
        raise ValidationError(_("{name} holds no reroll grant named {grant}; grants held: {held}").format(
            name=character.name, grant=quoted(grant_name or ""), held=held))
    if not grants.covers(grant, entry.get("skill")):
        from gmconsole.campaign.skills import name_of

        skill = entry.get("skill") or ""
        raise ValidationError(_("{grant} does not cover {skill} (R-EXP-5)").format(
            grant=grants.grant_text(ledger.campaign, grant), skill=name_of(ledger.campaign, skill) or skill))

    def decorate(fields: dict, _result) -> None:
        fields["reroll"] = {"of": entry["id"], "grant": grant["name"]}
        fields["summary"] = _("{summary} (reroll of roll {id} with {grant})").format(
            summary=fields["summary"], id=entry["id"], grant=grant["name"])

    update = (entry["session"], entry["id"], {"rerolled_with": entry.get("rerolled_with")},
              {"rerolled_with": grant["name"]})
    return recorded.roll(ledger, _request(entry), faces, rng, decorate, entry_updates=[update])
