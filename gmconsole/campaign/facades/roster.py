"""The roster: characters, their attributes and skill levels, their gear. Each change is checked for
the campaign's system and recorded as one undoable entry (:mod:`gmconsole.campaign.commands.roster`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign.model import Character, Gear

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


class Roster:
    """Characters and their sheets, as the console and the command line change them: ``service.roster``."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        """The open campaign's ledger, through which every change is recorded."""

    def add_character(self, data: dict) -> Character:
        """Add a PC or NPC from a character dict without ``id`` (``name`` required; ``kind`` pc/npc;
        ``count`` > 1 for an NPC group); the sheet is validated for the system. Returns it with its id."""
        from gmconsole.campaign.commands import roster

        return roster.add_character(self.ledger, data)

    def preview_import(self, paths: list[str], replace: bool = False) -> tuple[list, dict]:
        """The actors of Foundry VTT files (:mod:`gmconsole.campaign.actor_import`) and what importing them
        would add, change and leave out (``{"add", "update", "skipped"}``); nothing is written. Raises
        :class:`~gmconsole.campaign.actor_import.ImportRefused` naming the file and why."""
        from gmconsole.campaign import actor_import
        from gmconsole.campaign.commands import imports

        found = actor_import.read_files(paths, self.ledger.campaign.system)
        return found, imports.preview(self.ledger.campaign, found, replace)

    def import_actors(self, paths: list[str], replace: bool = False, found: list | None = None) -> dict:
        """Import Foundry VTT actor files in one undoable entry (all or nothing); the plan. ``found``: the
        actors :meth:`preview_import` read, so the GM imports what the preview showed."""
        from pathlib import Path

        from gmconsole.campaign import actor_import
        from gmconsole.campaign.commands import imports

        if found is None:
            found = actor_import.read_files(paths, self.ledger.campaign.system)
        return imports.import_actors(self.ledger, found, [Path(p).name for p in paths], replace)

    def update_character(self, character_id: str, changes: dict) -> dict:
        """Change fields of a character's sheet (any :class:`Character` field but ``id``), validated."""
        from gmconsole.campaign.commands import roster

        return roster.update_character(self.ledger, character_id, changes)

    def show_on_table(self, character_id: str, numbers: bool) -> dict:
        """What the players' table view shows of a character: ``numbers`` True their numbers, False
        their name only (an NPC's default); one undoable change like any other."""
        from gmconsole.campaign.commands import roster

        return roster.show_on_table(self.ledger, character_id, numbers)

    def duplicate_character(self, character_id: str, name: str | None = None) -> Character:
        """A copy of a character (new id, new gear ids) placed right after it; ``name`` must be free in the
        roster, and without it the copy gets the first free "NAME (copy)", "NAME (copy 2)", ..."""
        from gmconsole.campaign.commands import roster

        return roster.duplicate_character(self.ledger, character_id, name)

    def remove_character(self, character_id: str) -> dict:
        """Remove a character from the roster (and from the conflict, if in one)."""
        from gmconsole.campaign.commands import roster

        return roster.remove_character(self.ledger, character_id)

    def set_attribute(
        self, character_id: str, attribute: str, *, current: int | None = None, maximum: int | None = None
    ) -> dict:
        """Set an attribute's current and/or maximum value (validated for the system)."""
        from gmconsole.campaign.commands import roster

        return roster.set_attribute(self.ledger, character_id, attribute, current=current, maximum=maximum)

    def set_skill(self, character_id: str, skill: str, level: int) -> dict:
        """Set a skill level (myz/yze 0–5; yze-step/exploding a die size or 0)."""
        from gmconsole.campaign.commands import roster

        return roster.set_skill(self.ledger, character_id, skill, level)

    def add_gear(self, character_id: str, data: dict) -> Gear:
        """Give a character an item from a gear dict without ``id`` (``name`` required; ``bonus``,
        ``max_bonus``, ``artifact_die`` 8/10/12, ``damage``, ``skills``...). Returns it with its id."""
        from gmconsole.campaign.commands import roster

        return roster.add_gear(self.ledger, character_id, data)

    def update_gear(self, character_id: str, gear_id: str, changes: dict) -> dict:
        """Change fields of an item (any :class:`Gear` field but ``id``), validated."""
        from gmconsole.campaign.commands import roster

        return roster.update_gear(self.ledger, character_id, gear_id, changes)

    def remove_gear(self, character_id: str, gear_id: str) -> dict:
        """Take an item off a character's sheet."""
        from gmconsole.campaign.commands import roster

        return roster.remove_gear(self.ledger, character_id, gear_id)

    def damage_gear(self, character_id: str, gear_id: str, amount: int = 1) -> dict:
        """Lower an item's current bonus by ``amount`` (not below 0)."""
        from gmconsole.campaign.commands import roster

        return roster.damage_gear(self.ledger, character_id, gear_id, amount)

    def repair_gear(self, character_id: str, gear_id: str, successes: int) -> dict:
        """R-REPAIR-1: apply a repair roll's result to an item (myz Jury-Rig: success restores the full
        bonus; yze: each success restores 1 up to the starting value; failure makes the current bonus
        the new maximum, and failing at bonus 0 destroys the item)."""
        from gmconsole.campaign.commands import roster

        return roster.repair_gear(self.ledger, character_id, gear_id, successes)
