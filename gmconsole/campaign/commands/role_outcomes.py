"""What a recorded role skill's roll leads to, applied once: the family-neutral recording of it.

What the roll leads to (a build, finds, Save a Life) and how it is applied is the family engine's
(:class:`~gmconsole.campaign.engine_parts.RoleOutcomesPart`); this module records the outcome's entry and marks the
roll with it, in one change (R-MYZ-ROLE-1: applied once, the roll not pushed after it; one undo takes both back),
and names the patient as the roster has them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign.engine_parts import RoleOutcome

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["Offer", "commit_outcome", "patient_name"]

Offer = RoleOutcome
"""What a recorded roll leads to, as the console reads it (the family engine's record)."""


def commit_outcome(ledger: Ledger, entry: dict, kind: str, mutate, summary: str) -> dict:
    """Record the outcome entry and mark the roll with it (undone together)."""
    marked = {"kind": kind, "summary": summary}
    return ledger.commit(kind, mutate, character_id=entry["character_id"],
                                 entry_updates=[(entry["session"], entry["id"], {"role_outcome": None},
                                                 {"role_outcome": marked})])


def patient_name(ledger: Ledger, detail: str | None) -> str:
    """The patient a Save a Life roll names, as the roster has them now (the name as marked when gone)."""
    found = ledger.campaign.find_character(detail or "")
    return found.name if found is not None else (detail or "?")
