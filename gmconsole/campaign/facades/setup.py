"""How a campaign is played: its settings (push cost, R-… settings, initiative mode) and its own skill
list (:mod:`gmconsole.campaign.skills`). Each change is one undoable entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


class Setup:
    """Settings and the skill list, as the settings screen and the command line change them: ``service.setup``."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        """The open campaign's ledger, through which every change is recorded."""

    def update_settings(self, changes: dict) -> dict:
        """Change campaign settings (push cost, max pushes, R-… settings, initiative mode)."""
        from gmconsole.campaign.commands import campaign_frame as session_commands

        return session_commands.update_settings(self.ledger, changes)

    def player_difficulty(self) -> str | None:
        """The difficulty the GM set for the players' own rolls this session (``None``: the system's default)."""
        return self.ledger.campaign.current_session.player_difficulty

    def set_player_difficulty(self, difficulty: str | None) -> dict:
        """Set (or, with ``None``, clear) the difficulty of the players' own rolls this session; undoable."""
        from gmconsole.campaign.commands import campaign_frame as session_commands

        return session_commands.set_player_difficulty(self.ledger, difficulty)

    def add_skill(self, name: str, attribute: str, text: str = "") -> dict:
        """Add a skill to the campaign's list (:mod:`gmconsole.campaign.skills`); undoable."""
        from gmconsole.campaign.commands import campaign_frame as session_commands

        return session_commands.add_skill(self.ledger, name, attribute, text)

    def edit_skill(self, skill: str, *, name: str | None = None, attribute: str | None = None,
                   text: str | None = None) -> dict:
        """Rename a skill, re-link its attribute or change its text (its id stays); undoable."""
        from gmconsole.campaign.commands import campaign_frame as session_commands

        return session_commands.edit_skill(self.ledger, skill, name=name, attribute=attribute, text=text)

    def remove_skill(self, skill: str) -> dict:
        """Remove a skill no character has (refused, naming them, otherwise); undoable."""
        from gmconsole.campaign.commands import campaign_frame as session_commands

        return session_commands.remove_skill(self.ledger, skill)

    def load_skills(self, text: str, source: str | None = None) -> dict:
        """Replace the campaign's skills with a list read from TOML text; undoable."""
        from gmconsole.campaign.commands import campaign_frame as session_commands

        return session_commands.load_skills(self.ledger, text, source)

    def change_skill_list(self, *, load: tuple[str, str] | None = None, add: Sequence[tuple[str, str]] = (),
                          rename: Sequence[tuple[str, str]] = (), remove: Sequence[str] = ()) -> dict:
        """Several changes at once, in one undoable entry (all or nothing): ``load`` ``(TOML text,
        source)`` first, then ``add`` ``(name, attribute)``, ``rename`` ``(skill, new name)``, ``remove``."""
        from gmconsole.campaign.commands import campaign_frame as session_commands

        return session_commands.change_skill_list(self.ledger, load=load, add=add, rename=rename, remove=remove)

    def tables(self) -> list[dict]:
        """The GM's own tables (:mod:`gmconsole.campaign.gm_tables`), as the campaign keeps them (copies)."""
        import copy

        return copy.deepcopy(self.ledger.campaign.tables)

    def load_tables(self, text: str, source: str) -> dict:
        """Add the tables of a TOML file (docs/tables.md), replacing those of the same names; undoable."""
        from gmconsole.campaign.commands import tables

        return tables.load_tables(self.ledger, text, source)

    def remove_table(self, name: str) -> dict:
        """Take one of the GM's tables out of the campaign; undoable."""
        from gmconsole.campaign.commands import tables

        return tables.remove_table(self.ledger, name)
