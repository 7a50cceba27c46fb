"""The service's front for the table: settings, sessions and scenes, the skill list, the roster,
trackers, clocks and the conflict's initiative.

:class:`~gmconsole.campaign.service.CampaignService` takes these methods in; each checks what the GM
typed and hands it to its command module (:mod:`gmconsole.campaign.commands`), which records one
undoable change through the ledger.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from gmconsole.campaign import tracker_values
from gmconsole.campaign.model import Character, Clock, Gear, Session

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


class TableFront:
    """Changes at the table, as the console and the command line ask for them (mixed into the service)."""

    ledger: Ledger

    # ------------------------------------------------------------------ settings and sessions
    def update_settings(self, changes: dict) -> dict:
        """Change campaign settings (push cost, max pushes, R-… settings, initiative mode)."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.update_settings(self, changes)

    def new_session(self, date: str | None = None, title: str | None = None) -> Session:
        """Open the next session (number + 1, today's date unless given, an optional typed ``title``);
        doom, clocks and a running conflict carry over (a fight stopped at the end of an evening goes on
        the next); scenes start again at 1 (:mod:`gmconsole.campaign.sessions`)."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.new_session(self, date, title)

    def new_scene(self) -> dict:
        """Start a new scene (the "only one chance" warning looks at rolls in the same scene)."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.new_scene(self)

    # ------------------------------------------------------------------ the campaign's own skills
    def add_skill(self, name: str, attribute: str, text: str = "") -> dict:
        """Add a skill to the campaign's list (:mod:`gmconsole.campaign.skills`); undoable."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.add_skill(self, name, attribute, text)

    def edit_skill(self, skill: str, *, name: str | None = None, attribute: str | None = None,
                   text: str | None = None) -> dict:
        """Rename a skill, re-link its attribute or change its text (its id stays); undoable."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.edit_skill(self, skill, name=name, attribute=attribute, text=text)

    def remove_skill(self, skill: str) -> dict:
        """Remove a skill no character has (refused, naming them, otherwise); undoable."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.remove_skill(self, skill)

    def load_skills(self, text: str, source: str | None = None) -> dict:
        """Replace the campaign's skills with a list read from TOML text; undoable."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.load_skills(self, text, source)

    def change_skill_list(self, *, load: tuple[str, str] | None = None, add: Sequence[tuple[str, str]] = (),
                          rename: Sequence[tuple[str, str]] = (), remove: Sequence[str] = ()) -> dict:
        """Several changes at once, in one undoable entry (all or nothing): ``load`` ``(TOML text,
        source)`` first, then ``add`` ``(name, attribute)``, ``rename`` ``(skill, new name)``, ``remove``."""
        from gmconsole.campaign.commands import sessions as session_commands

        return session_commands.change_skill_list(self, load=load, add=add, rename=rename, remove=remove)
    def today(self) -> str:
        """Today's date by the service's clock (``YYYY-MM-DD``): a new session's default date."""
        return self.ledger.today()

    def session_list(self) -> list[dict]:
        """Every session: number, title, started, scenes, entries (:func:`sessions.session_list`)."""
        from gmconsole.campaign import sessions

        return sessions.session_list(self)

    def recap(self, session: int | None = None) -> dict:
        """The recap of a session (the current one by default) built from its history, as data."""
        from gmconsole.campaign import sessions

        return sessions.recap(self, session)

    # ------------------------------------------------------------------ roster
    def add_character(self, data: dict) -> Character:
        """Add a PC or NPC from a character dict without ``id`` (``name`` required; ``kind`` pc/npc;
        ``count`` > 1 for an NPC group); the sheet is validated for the system. Returns it with its id."""
        from gmconsole.campaign.commands import roster

        return roster.add_character(self, data)

    def update_character(self, character_id: str, changes: dict) -> dict:
        """Change fields of a character's sheet (any :class:`Character` field but ``id``), validated."""
        from gmconsole.campaign.commands import roster

        return roster.update_character(self, character_id, changes)

    def show_on_table(self, character_id: str, numbers: bool) -> dict:
        """What the players' table view shows of a character: ``numbers`` True their numbers, False
        their name only (an NPC's default); one undoable change like any other."""
        from gmconsole.campaign.commands import roster

        return roster.show_on_table(self, character_id, numbers)

    def duplicate_character(self, character_id: str, name: str | None = None) -> Character:
        """A copy of a character (new id, new gear ids) placed right after it; ``name`` must be free in the
        roster, and without it the copy gets the first free "NAME (copy)", "NAME (copy 2)", ..."""
        from gmconsole.campaign.commands import roster

        return roster.duplicate_character(self, character_id, name)

    def remove_character(self, character_id: str) -> dict:
        """Remove a character from the roster (and from the conflict, if in one)."""
        from gmconsole.campaign.commands import roster

        return roster.remove_character(self, character_id)

    def set_attribute(
        self, character_id: str, attribute: str, *, current: int | None = None, maximum: int | None = None
    ) -> dict:
        """Set an attribute's current and/or maximum value (validated for the system)."""
        from gmconsole.campaign.commands import roster

        return roster.set_attribute(self, character_id, attribute, current=current, maximum=maximum)

    def set_skill(self, character_id: str, skill: str, level: int) -> dict:
        """Set a skill level (myz/yze 0–5; yze-step/exploding a die size or 0)."""
        from gmconsole.campaign.commands import roster

        return roster.set_skill(self, character_id, skill, level)

    def add_gear(self, character_id: str, data: dict) -> Gear:
        """Give a character an item from a gear dict without ``id`` (``name`` required; ``bonus``,
        ``max_bonus``, ``artifact_die`` 8/10/12, ``damage``, ``skills``...). Returns it with its id."""
        from gmconsole.campaign.commands import roster

        return roster.add_gear(self, character_id, data)

    def update_gear(self, character_id: str, gear_id: str, changes: dict) -> dict:
        """Change fields of an item (any :class:`Gear` field but ``id``), validated."""
        from gmconsole.campaign.commands import roster

        return roster.update_gear(self, character_id, gear_id, changes)

    def remove_gear(self, character_id: str, gear_id: str) -> dict:
        """Take an item off a character's sheet."""
        from gmconsole.campaign.commands import roster

        return roster.remove_gear(self, character_id, gear_id)

    def damage_gear(self, character_id: str, gear_id: str, amount: int = 1) -> dict:
        """Lower an item's current bonus by ``amount`` (not below 0)."""
        from gmconsole.campaign.commands import roster

        return roster.damage_gear(self, character_id, gear_id, amount)

    def repair_gear(self, character_id: str, gear_id: str, successes: int) -> dict:
        """R-REPAIR-1: apply a repair roll's result to an item (myz Jury-Rig: success restores the full
        bonus; yze: each success restores 1 up to the starting value; failure makes the current bonus
        the new maximum, and failing at bonus 0 destroys the item)."""
        from gmconsole.campaign.commands import roster

        return roster.repair_gear(self, character_id, gear_id, successes)

    # ------------------------------------------------------------------ trackers
    def change_stress(self, character_id: str, delta: int) -> dict:
        """Stress ± ``delta`` (not below 0); stress back at 0 ends the active panic effect."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.change_stress(self, character_id, delta)

    def change_tracker(self, character_id: str, tracker: str, delta: int) -> dict:
        """± on a counter: ``stress``, ``mutation_points``, ``willpower``, ``wounds``, ``strain``,
        ``stamina`` (up to ``stamina_max``), ``xp`` (none goes below 0)."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.change_tracker(self, character_id, tracker, delta)

    def set_tracker(self, character_id: str, tracker: str, value: int) -> dict:
        """A counter set to a typed value (checked against its range); the value it has records nothing."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.set_tracker(self, character_id, tracker, value)

    def set_doom(self, value: int) -> dict:
        """The doom pool set to a typed value (0 or more)."""
        return tracker_values.set_doom(self, value)

    def set_clock(self, clock_id: str, filled: int) -> dict:
        """A clock's filled segments set to a typed value (0 to its segments)."""
        return tracker_values.set_clock(self, clock_id, filled)

    def apply_attack_damage(self, attack_id: int, target_id: str) -> dict:
        """R-TIER-4: a recorded attack's damage off the target's stamina, one undoable entry."""
        return tracker_values.attack_damage(self, attack_id, self.character(target_id).id)

    def apply_trauma(self, character_id: str, attribute: str, amount: int = 1) -> dict:
        """Lower an attribute's current value by ``amount`` (myz trauma, yze damage); at 0 the character is broken."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.apply_trauma(self, character_id, attribute, amount)

    def harm(self, character_id: str, amount: int, attribute: str | None = None) -> dict:
        """Harm a character as the campaign's system says: Year Zero damage (Strength), myz trauma to
        ``attribute`` (R-MYZ-TRAUMA; an id or a name), exploding wounds, tiered stamina. Never below 0;
        harm that changes nothing is refused (``Unchanged``). One undoable entry, before → after."""
        from gmconsole.campaign import skills
        from gmconsole.campaign.commands import trackers as tracker_commands

        attribute = skills.attribute_id(self.ledger.campaign.system, attribute) if attribute else None
        return tracker_commands.harm(self, character_id, amount, attribute)

    def harm_attribute(self, character_id: str) -> str | None:
        """The attribute harm lowers for this character, as the harm form offers it first: where the GM
        picks one (myz, R-MYZ-TRAUMA) the attribute of the character's newest roll in this session, else
        the system's own (Strength); ``None`` where harm goes to a counter (wounds, stamina)."""
        from gmconsole.campaign import harm
        from gmconsole.store.errors import StoreError

        character = self.character(character_id)
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

        return tracker_commands.heal(self, character_id, attribute, amount)

    def add_condition(self, character_id: str, condition: str) -> dict:
        """Give a condition (e.g. tired, angry, scared); each one held is −1 to the rolls it covers."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.add_condition(self, character_id, condition)

    def remove_condition(self, character_id: str, condition: str) -> dict:
        """Clear a condition the character holds."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.remove_condition(self, character_id, condition)

    @property
    def has_panic_table(self) -> bool:
        """True where the system keeps stress and a panic table (yze, yze-step): panic and rest apply."""
        from gmconsole.systems.yearzero.panic import has_panic_table

        return has_panic_table(self.ledger.campaign.system)

    def rest(self, character_id: str | None = None) -> dict:
        """R-PANIC-1 rest in a safe place: stress to 0 and the panic effect cleared (one character, or every PC).

        Refused where the system keeps no stress (in myz and tiered a rest would record an entry
        that changes nothing and say "back to 0 stress")."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.rest(self, character_id)

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

        return costs.panic(self, character_id, list(in_range), face, rng or self.ledger.rng,
                           by_hand=face is not None if by_hand is None else by_hand, chain_faces=chain_faces)

    def change_doom(self, delta: int) -> dict:
        """The GM's doom pool ± ``delta`` (not below 0)."""
        from gmconsole.campaign.commands import trackers as tracker_commands

        return tracker_commands.change_doom(self, delta)

    def add_clock(self, name: str, segments: int = 4) -> Clock:
        """A new progress clock of 4, 6 or 8 segments in the current session."""
        from gmconsole.campaign.commands import clocks

        return clocks.add_clock(self, name, segments)

    def advance_clock(self, clock_id: str, steps: int = 1) -> dict:
        """Fill (``steps`` > 0) or empty (< 0) segments of a clock, within 0..segments."""
        from gmconsole.campaign.commands import clocks

        return clocks.advance_clock(self, clock_id, steps)

    def remove_clock(self, clock_id: str) -> dict:
        """Take a clock off the tracker pane."""
        from gmconsole.campaign.commands import clocks

        return clocks.remove_clock(self, clock_id)

    # ------------------------------------------------------------------ initiative (docs/RULES.md)
    def start_conflict(
        self,
        character_ids: Sequence[str],
        *,
        mode: str | None = None,
        speeds: dict[str, int] | None = None,
        keep_best: dict[str, int] | None = None,
        order: Sequence[str] | None = None,
        rng: random.Random | None = None,
        cards: dict[str, list[int]] | None = None,
        faces: dict[str, int] | None = None,
    ) -> dict:
        """Start a conflict with these combatants: ``cards`` shuffles a deck and each draws (``speeds``
        cards for speed N, ``keep_best`` N to draw N and keep the best); ``roll`` rolls D6 + the
        initiative attribute; ``manual`` takes ``order`` (default: the order given). Mode defaults to
        the campaign setting. ``cards`` / ``faces`` (by combatant) are typed from a physical deck or
        D6 (R-MANUAL-1). Returns the history entry; the state is in ``session.initiative``."""
        from gmconsole.campaign.commands import conflict

        return conflict.start(self, [self.character(x).id for x in character_ids], mode, speeds or {}, keep_best or {},
                              [self.character(x).id for x in order] if order else None, rng or self.ledger.rng,
                              cards, faces)

    def add_to_conflict(
        self,
        character_id: str,
        *,
        speed: int = 1,
        keep_best_of: int = 1,
        position: int | None = None,
        rng: random.Random | None = None,
        cards: list[int] | None = None,
        face: int | None = None,
    ) -> dict:
        """Add a combatant mid-conflict: draws cards (speed / keep best; ``cards`` typed) or rolls
        (``face``: a D6 typed), or in manual mode goes to ``position`` (default last); the current
        turn stays with whoever has it."""
        from gmconsole.campaign.commands import conflict

        return conflict.add(self, self.character(character_id).id, speed, keep_best_of, position,
                            rng or self.ledger.rng, cards, face)

    def add_combatants(
        self,
        character_ids: Sequence[str],
        *,
        speeds: dict[str, int] | None = None,
        keep_best: dict[str, int] | None = None,
        cards: dict[str, list[int]] | None = None,
        faces: dict[str, int] | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """Several combatants join mid-conflict in one change, each with the start's options (speed,
        keep-best-of, typed cards or D6); one refusal refuses them all."""
        from gmconsole.campaign.commands import conflict

        ids = [self.character(x).id for x in character_ids]
        by_id = {key: {self.character(k).id: v for k, v in (given or {}).items()}
                 for key, given in (("speeds", speeds), ("keep", keep_best), ("cards", cards), ("faces", faces))}
        return conflict.add_many(self, ids, by_id["speeds"], by_id["keep"], by_id["cards"], by_id["faces"],
                                 rng or self.ledger.rng)

    def swap_initiative(self, first_id: str, second_id: str) -> dict:
        """Two combatants swap their initiative (cards, or places in the order)."""
        from gmconsole.campaign.commands import conflict

        return conflict.swap(self, self.character(first_id).id, self.character(second_id).id)

    def delay_turn(self, character_id: str | None = None, after: str | None = None) -> dict:
        """A combatant (default: whoever's turn it is) delays: their place moves to right after
        ``after`` (default: to the end of the round)."""
        from gmconsole.campaign.commands import conflict

        return conflict.delay(self, self.character(character_id).id if character_id else None,
                              self.character(after).id if after else None)

    def next_turn(self, *, cards: dict[str, list[int]] | None = None, rng: random.Random | None = None) -> dict:
        """Move to the next combatant (after the last: round + 1, back to the first; a delay is over).
        Under R-INIT-2 the new round draws new cards (``cards``: typed by combatant)."""
        from gmconsole.campaign.commands import conflict

        return conflict.step(self, +1, rng or self.ledger.rng, cards)

    def bring_in(self, character_id: str) -> dict:
        """A delayed combatant acts now, after the current turn (R-INIT-3)."""
        from gmconsole.campaign.commands import conflict

        return conflict.bring_in(self, self.character(character_id).id)

    def keep_card(self, character_id: str, keeps: bool = True) -> dict:
        """R-INIT-2: a combatant keeps their card (instead of drawing) when a new round draws."""
        from gmconsole.campaign.commands import conflict

        return conflict.keep_card(self, self.character(character_id).id, keeps)

    def take_action(self, character_id: str, kind: str) -> dict:
        """R-ACT-1 (yze, yze-step): mark one more ``fast`` or ``slow`` action taken this round by a combatant;
        with every one of that kind taken, they are all free again. A history entry, undoable."""
        from gmconsole.campaign.commands import conflict

        return conflict.take_action(self, self.character(character_id).id, kind)

    def previous_turn(self) -> dict:
        """Move back to the previous combatant (before the first: the last of the round before)."""
        from gmconsole.campaign.commands import conflict

        return conflict.step(self, -1)

    def remove_from_conflict(self, character_id: str) -> dict:
        """Take a combatant out of the conflict (broken, fled); their cards are not reused."""
        from gmconsole.campaign.commands import conflict

        return conflict.remove(self, self.character(character_id).id)

    def set_initiative_order(self, character_ids: Sequence[str]) -> dict:
        """Manual mode: the GM types the whole order (every combatant exactly once)."""
        from gmconsole.campaign.commands import conflict

        return conflict.set_order(self, [self.character(x).id for x in character_ids])

    def end_conflict(self) -> dict:
        """End the conflict: the initiative state is cleared (it stays in history)."""
        from gmconsole.campaign.commands import conflict

        return conflict.end(self)
