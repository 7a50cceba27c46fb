"""The import of a party (:mod:`gmconsole.campaign.actor_import`) as one undoable change of the roster."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign import actor_import, pending_costs
from gmconsole.campaign.commands.costs import dropped_marks
from gmconsole.campaign.errors import Unchanged
from gmconsole.campaign.model import Campaign
from gmconsole.i18n import _

if TYPE_CHECKING:
    from gmconsole.campaign.actor_import import FoundActor
    from gmconsole.campaign.ledger import Ledger


def preview(campaign: Campaign, found: list[FoundActor], replace: bool = False) -> dict:
    """What importing ``found`` would add, change and leave out, worked out on a copy: nothing is written."""
    return actor_import.apply(campaign.copy(), found, replace)


def import_actors(ledger: Ledger, found: list[FoundActor], files: list[str], replace: bool = False) -> dict:
    """Add or update the characters of ``found`` in one history entry (undo takes it all back); the plan
    with the entry's ``summary``.
    With ``replace`` the costs the updated characters still owe are dropped, as their stress is replaced."""
    plans: list[dict] = []
    names = {item.actor.name.casefold() for item in found}
    updated = [c.id for c in ledger.campaign.roster if c.name.strip().casefold() in names]
    owing = [item for item in ledger.campaign.pending_costs if replace and item.get("character_id") in updated]

    def mutate(c: Campaign) -> dict:
        plan = actor_import.apply(c, found, replace)
        dropped = [owed for item in plan["update"] if replace
                   for owed in pending_costs.drop_of_character(c.pending_costs, item["character_id"])]
        if not plan["add"] and not dropped and not any(u["changes"] or u["new_skills"] for u in plan["update"]):
            raise Unchanged(_("the sheets in {files} are already on the roster: nothing recorded").format(
                files=_(", ").join(files)))
        plans.append(plan)
        return {"summary": actor_import.summary(plan, files),
                "imported": {"files": files, "add": [a["character_id"] for a in plan["add"]],
                             "update": [u["character_id"] for u in plan["update"]]}}

    entry = ledger.commit("roster", mutate, entry_updates=dropped_marks(ledger, owing))
    return {**plans[0], "summary": entry["summary"]}
