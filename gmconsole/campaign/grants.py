"""Reroll grants (seed 003): "some Tradecraft, Trade Secrets or Quirks grant the ability to reroll failed
skill checks". The GM names each grant on the character's sheet (the character form's reroll grants field),
with the skills it covers; after a failed check the roll builder offers the reroll (``R``) beside the retry
after a change of circumstances (``w``), and the reroll is recorded with the grant's name.

R-EXP-5 (what the seed leaves open, pinned): a grant rerolls a *failed* check of a skill it covers (no skill
named: every skill), once: the reroll rolls every die of the same check again (rebuilt from the sheet as it
is now: wounds and strain taken since count) and its result stands. A rerolled check is not rerolled again by
any grant, and a reroll is not rerolled either; the change of circumstances (``w``) still allows a retry. The
seed sets no limit per session, so a grant serves every failed check it covers. The reroll follows its check
in the same scene, as a push follows its roll.

The sheet keeps the grants as ``[{"name": ..., "skills": [...]}]`` (:attr:`Character.reroll_grants
<gmconsole.campaign.model.Character.reroll_grants>`, checked by :func:`gmconsole.campaign.validation.check_grants`);
the reroll itself is :func:`gmconsole.campaign.commands.rerolls.reroll`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gmconsole.campaign.entries import RollEntry, as_record, given
from gmconsole.campaign.model import Campaign, Character
from gmconsole.i18n import _
from gmconsole.safe_text import shown

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["covering", "covers", "grant_text", "grants_text", "named", "refusal"]


def covers(grant: dict, skill: str | None) -> bool:
    """Whether ``grant`` covers a check of ``skill``: a grant naming no skill covers every check."""
    listed = grant.get("skills") or []
    return not listed or skill in listed


def covering(character: Character | None, skill: str | None) -> list[dict]:
    """The grants ``character`` holds that cover a check of ``skill``, in sheet order."""
    if character is None:
        return []
    return [grant for grant in character.reroll_grants if covers(grant, skill)]


def named(character: Character, name: str) -> dict | None:
    """The grant ``character`` holds under ``name`` (any case, spaces around ignored), or ``None``."""
    wanted = name.strip().casefold()
    return next((grant for grant in character.reroll_grants if grant["name"].strip().casefold() == wanted), None)


def grant_text(campaign: Campaign | None, grant: dict) -> str:
    """``Old hand (stealth, athletics)``: a grant and the skills it covers by the names the GM knows
    (escaped: the name comes from the campaign file); a grant of every skill is its name alone."""
    from gmconsole.campaign.skills import name_of

    listed = grant.get("skills") or []
    if not listed:
        return shown(grant["name"])
    skills = _(", ").join(shown((name_of(campaign, skill) if campaign is not None else None) or skill)
                          for skill in listed)
    return _("{grant} ({skills})").format(grant=shown(grant["name"]), skills=skills)


def grants_text(campaign: Campaign, character: Character) -> str:
    """Every grant of ``character`` as the sheet lists them (``""`` for none)."""
    return _("; ").join(grant_text(campaign, grant) for grant in character.reroll_grants)


def refusal(ledger: Ledger, entry: RollEntry | dict) -> str | None:
    """Why the recorded roll ``entry`` cannot be rerolled with any grant (R-EXP-5), or ``None``: a GM roll
    (no sheet), a check that succeeded, a reroll, a check already rerolled, an earlier scene."""
    entry = cast("RollEntry", as_record(entry))  # a roll's record (the caller passes a roll)
    roll_id = given(entry.id, None)
    if given(entry.status, "done") != "done":
        return _("the roll {id} was undone").format(id=roll_id)
    if not given(entry.character_id, None) or not given(entry.request, None):
        return _("roll {id} is the GM's own roll: no sheet holds a grant for it").format(id=roll_id)
    detail = entry.detail  # whether it succeeded and its rerolls are the family's own fields
    if detail.value("success", None) is not False:
        return _("roll {id} succeeded: a grant rerolls failed checks only (R-EXP-5)").format(id=roll_id)
    if reroll := detail.value("reroll", None):
        return _("roll {id} is a reroll with {grant}: its result stands (R-EXP-5)").format(
            id=roll_id, grant=reroll.get("grant", ""))
    if rerolled_with := detail.value("rerolled_with", None):
        return _("roll {id} was already rerolled with {grant}: that result stands (R-EXP-5)").format(
            id=roll_id, grant=rerolled_with)
    session = ledger.session
    if (given(entry.session, None), given(entry.scene, session.scene)) != (session.number, session.scene):
        return _("roll {id} was made in an earlier scene: a reroll follows its check in the same scene "
                 "(R-EXP-5)").format(id=roll_id)
    return None
