"""The counters of the table: stress, the other trackers, harm and healing, conditions, panic and
rest, the GM's doom pool and the session's clocks. Each change is one undoable entry, recorded by its
command module through the ledger.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from gmconsole import systems
from gmconsole.campaign.commands import typed_values
from gmconsole.campaign.model import Clock

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


class Trackers:
    """Stress, counters, harm, panic, doom and clocks, as the console and the command line change them:
    ``service.trackers``."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        """The open campaign's ledger, through which every change is recorded."""

    def change_stress(self, character_id: str, delta: int) -> dict:
        """Stress ± ``delta`` (not below 0); stress back at 0 ends the active panic effect."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.change_stress(self.ledger, character_id, delta)

    def change_tracker(self, character_id: str, tracker: str, delta: int) -> dict:
        """± on a counter: ``stress``, ``mutation_points``, ``willpower``, ``wounds``, ``strain``,
        ``stamina`` (up to ``stamina_max``), ``xp`` (none goes below 0)."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.change_tracker(self.ledger, character_id, tracker, delta)

    def set_tracker(self, character_id: str, tracker: str, value: int) -> dict:
        """A counter set to a typed value (checked against its range); the value it has records nothing."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.set_tracker(self.ledger, character_id, tracker, value)

    def apply_trauma(self, character_id: str, attribute: str, amount: int = 1) -> dict:
        """Lower an attribute's current value by ``amount`` (myz trauma, yze damage); at 0 the character is broken."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.apply_trauma(self.ledger, character_id, attribute, amount)

    def harm(self, character_id: str, amount: int, attribute: str | None = None) -> dict:
        """Harm a character as the campaign's system says: Year Zero damage (Strength), myz trauma to
        ``attribute`` (R-MYZ-TRAUMA; an id or a name), exploding wounds, tiered stamina. Never below 0;
        harm that changes nothing is refused (``Unchanged``). One undoable entry, before → after."""
        from gmconsole.campaign import skills
        from gmconsole.campaign.commands import trackers as tracker_commands

        attribute = skills.attribute_id(self.ledger.campaign.system, attribute) if attribute else None
        return tracker_commands.harm(self.ledger, character_id, amount, attribute)

    def harm_attribute(self, character_id: str) -> str | None:
        """The attribute harm lowers for this character, as the harm form offers it first: where the GM
        picks one (myz, R-MYZ-TRAUMA) the attribute of the character's newest roll in this session, else
        the system's own (Strength); ``None`` where harm goes to a counter (wounds, stamina)."""
        from gmconsole.campaign import harm
        from gmconsole.store.errors import StoreError

        character = self.ledger.character(character_id)
        campaign = self.ledger.campaign
        try:
            session = campaign.current_session.number
            newest = (self.ledger.seen([e])[0] for e in self.ledger.entries_newest_first(session))
            rolled = harm.last_roll_attribute(newest, character.id)
        except StoreError:
            rolled = None  # an unreadable history only costs the default: the system's own attribute
        return harm.default_attribute(campaign.system, character, rolled)

    def heal(self, character_id: str, attribute: str, amount: int = 1) -> dict:
        """Raise an attribute's current value by ``amount`` (up to its maximum)."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.heal(self.ledger, character_id, attribute, amount)

    def add_condition(self, character_id: str, condition: str) -> dict:
        """Give a condition (e.g. tired, angry, scared); each one held is −1 to the rolls it covers."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.add_condition(self.ledger, character_id, condition)

    def remove_condition(self, character_id: str, condition: str) -> dict:
        """Clear a condition the character holds."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.remove_condition(self.ledger, character_id, condition)

    @property
    def has_panic_table(self) -> bool:
        """True where the system keeps stress and a panic table (yze, yze-step): panic and rest apply."""
        return systems.get(self.ledger.campaign.system).panic_table is not None

    def rest(self, character_id: str | None = None) -> dict:
        """R-PANIC-1 rest in a safe place: stress to 0 and the panic effect cleared (one character, or every PC).

        Refused where the system keeps no stress (in myz and tiered a rest would record an entry
        that changes nothing and say "back to 0 stress")."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.rest(self.ledger, character_id)

    def panic_roll(
        self,
        character_id: str,
        *,
        in_range: Iterable[str] = (),
        face: int | None = None,
        rng: random.Random | None = None,
        by_hand: bool | None = None,
        chain_faces: dict | None = None,
    ) -> dict:
        """A panic roll (D6 + stress) for a character; sets the active panic effect. R-PANIC-1: the GM
        names the roster members in range (``in_range``, ids or names), and effects on others are applied
        to them (stress +1, or a chained panic roll each). R-PANIC-2 escalation follows the setting.
        ``face`` is a D6 the GM rolled by hand (R-MANUAL-1; the entry says ``by_hand``), unless
        ``by_hand`` is False: the console's own die, rolled before the roll is recorded. ``chain_faces``
        (``{character: face}``): the D6s typed for the chained panic rolls, one for every PC in range
        (R-PANIC-3); without them the console rolls the chained dice."""
        from gmconsole.campaign.commands import costs

        return costs.panic(self.ledger, character_id, list(in_range), face, rng or self.ledger.rng,
                           by_hand=face is not None if by_hand is None else by_hand, chain_faces=chain_faces)

    def change_doom(self, delta: int) -> dict:
        """The GM's doom pool ± ``delta`` (not below 0)."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.change_doom(self.ledger, delta)

    def set_doom(self, value: int) -> dict:
        """The doom pool set to a typed value (0 or more)."""
        return typed_values.set_doom(self.ledger, value)

    def add_clock(self, name: str, segments: int = 4) -> Clock:
        """A new progress clock of 4, 6 or 8 segments in the current session."""
        from gmconsole.campaign.commands import clocks

        return clocks.add_clock(self.ledger, name, segments)

    def advance_clock(self, clock_id: str, steps: int = 1) -> dict:
        """Fill (``steps`` > 0) or empty (< 0) segments of a clock, within 0..segments."""
        from gmconsole.campaign.commands import clocks

        return clocks.advance_clock(self.ledger, clock_id, steps)

    def set_clock(self, clock_id: str, filled: int) -> dict:
        """A clock's filled segments set to a typed value (0 to its segments)."""
        return typed_values.set_clock(self.ledger, clock_id, filled)

    def remove_clock(self, clock_id: str) -> dict:
        """Take a clock off the tracker pane."""
        from gmconsole.campaign.commands import clocks

        return clocks.remove_clock(self.ledger, clock_id)
