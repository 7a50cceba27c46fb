"""What a recorded roll leads to: its costs (pending, applied or dropped), the consequences the GM
picks for it, a tiered attack's damage and a `myz` role skill's outcome (R-MYZ-ROLE-1: a Jury-Rig build,
finds, Save a Life). Each is one undoable entry, recorded by its command module through the ledger.
"""

# The engine parts are Protocols handed to engine_parts.part_of as type[Part]; mypy calls that passing an
# abstract class (python/mypy#4717), which here is the point: the part is looked up, never instantiated.
# mypy: disable-error-code="type-abstract"

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from gmconsole.campaign import pending_costs
from gmconsole.campaign.commands import typed_values
from gmconsole.campaign.errors import ValidationError
from gmconsole.i18n import _

if TYPE_CHECKING:
    from gmconsole.campaign.commands.role_outcomes import Offer
    from gmconsole.campaign.engine_parts import ConsequencePart, RoleOutcomesPart, RoleTalentsPart
    from gmconsole.campaign.entries import Entry
    from gmconsole.campaign.ledger import Ledger


class Outcomes:
    """What follows a recorded roll, as the console and the command line ask for it: ``service.outcomes``."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        """The open campaign's ledger, through which every change is recorded."""

    def _consequences(self) -> ConsequencePart:
        """The consequences of the campaign's family; a family without them has no roll that offers one."""
        from gmconsole.campaign.engine_parts import ConsequencePart, part_or_none

        part = part_or_none(self.ledger.campaign.system, ConsequencePart)
        if part is None:
            raise ValidationError(_("consequences come only with a Mixed or Limited result"))
        return part

    def _talents(self, roll_id: int) -> RoleTalentsPart:
        """The role talents of the campaign's family; in a family without them no roll is one a talent reads."""
        from gmconsole.campaign.engine_parts import RoleTalentsPart, part_or_none

        part = part_or_none(self.ledger.campaign.system, RoleTalentsPart)
        if part is None:
            self.ledger.entry_anywhere(roll_id)  # an id that names no entry is refused as such
            raise ValidationError(_("history entry {id} is not a Year Zero roll").format(id=roll_id))
        return part

    def _role_outcomes(self, roll_id: int) -> RoleOutcomesPart:
        """What role skills' rolls lead to in the campaign's family; in a family without roles no roll leads to one."""
        from gmconsole.campaign.engine_parts import RoleOutcomesPart, part_or_none

        part = part_or_none(self.ledger.campaign.system, RoleOutcomesPart)
        if part is None:
            self.ledger.entry_anywhere(roll_id)  # an id that names no entry is refused as such
            raise ValidationError(_("roll {id} leads to no role-skill outcome: mark its purpose with "
                                    "--skill-modifier (device=NAME, side-deal, save-a-life=NAME) or roll Find the "
                                    "Path").format(id=roll_id))
        return part

    def apply_costs(
        self,
        entry_id: int | None = None,
        *,
        in_range: Iterable[str] = (),
        condition: str | None = None,
        panic_face: int | None = None,
        rng: random.Random | None = None,
        defender_panic_face: int | None = None,
        by_hand: bool | None = None,
        chain_faces: dict | None = None,
        defender_chain_faces: dict | None = None,
    ) -> dict:
        """Apply the pending costs of a recorded roll to the roster (one key; undoable on its own),
        by default the newest roll with pending costs: trauma / damage / stress / willpower /
        mutation points / gear bonus / doom / condition / XP, per the campaign's push cost.
        ``in_range`` names roster members for panic effects that touch others (R-PANIC-1); a stress-die 1
        makes the panic roll here (``panic_face``: the D6 rolled by hand). ``condition`` is the GM's
        pick for the ``conditions`` push cost when the push did not name one.

        Year Zero opposed roll (R-OPP-1): a roster defender whose stress die shows 1 owes a panic
        (R-PANIC-1); it is a pending cost of the same roll (``target`` the defender) and is rolled
        here too, after the active side's costs, with the chained effects on ``in_range``; the entry
        then holds ``defender_panic``. ``defender_panic_face`` types the defender's D6 (without it,
        ``panic_face`` serves the defender when the active side owes no panic of its own). The faces are
        D6s rolled by hand (R-MANUAL-1; the entry says ``by_hand``) unless ``by_hand`` is False: the
        console's own dice, rolled before the costs are applied (to know whom to ask about range).
        ``chain_faces`` / ``defender_chain_faces`` (``{character: face}``): the D6s typed for the panic rolls
        each panic chains (R-PANIC-3: every PC in range has one, or none is given and the console rolls)."""
        from gmconsole.campaign.commands import costs

        typed = (panic_face is not None or defender_panic_face is not None) if by_hand is None else by_hand
        in_range_ids = [self.ledger.character(x).id for x in in_range]
        return costs.apply_costs(self.ledger, entry_id, in_range_ids, condition, panic_face, rng, defender_panic_face,
                                 typed=typed, chain_faces=chain_faces, defender_chain_faces=defender_chain_faces)

    def pending_costs(self) -> list[dict]:
        """The costs still waiting to be applied, one item per roll, oldest first:
        ``{"roll_id", "session", "character_id", "character", "costs"}``. They are campaign state:
        they outlast the console, and ``apply_costs(roll_id)`` applies them (undoable)."""
        return pending_costs.pending_list(self.ledger.campaign.pending_costs)

    def pending_costs_of(self, character_id: str) -> list[dict]:
        """The pending items of one character (by id or name), for the roster's ``x`` to warn about."""
        wanted = self.ledger.character(character_id).id
        return [item for item in self.pending_costs() if item.get("character_id") == wanted]

    def drop_costs(self, roll_id: int) -> dict:
        """Dismiss the pending costs of roll ``roll_id`` without applying them, for costs that can no
        longer be applied (the roll lost from the history, the character gone): one recorded,
        undoable change (else they would wait forever); the roll, when still there, reads ``dropped``."""
        from gmconsole.campaign.commands import costs

        return costs.drop_costs(self.ledger, roll_id)

    def apply_consequence(
        self,
        entry_id: int | None,
        consequence: str,
        *,
        clock_id: str | None = None,
        gear_id: str | None = None,
        wound: bool = False,
    ) -> dict:
        """tiered: apply one consequence the GM picked for a Mixed or Limited roll (one key, undoable):
        ``damage`` (2 stamina; ``wound`` also marks a wound), ``reduced-effect`` (recorded),
        ``complication`` (advance ``clock_id`` by one, when there is a clock), ``lost-gear`` (the item
        ``gear_id``, default the first used, loses its bonus until repaired)."""
        return self._consequences().apply_consequence(self.ledger, entry_id, consequence, clock_id, gear_id, wound)

    def repair_with_roll(self, entry_id: int, gear_id: str) -> dict:
        """R-REPAIR-1 from a recorded Jury-Rig (myz) or Crafting (yze, yze-step) roll, via the rules core."""
        return self._talents(entry_id).repair_with_roll(self.ledger, entry_id, gear_id)

    def mend_the_broken(self, roll_id: int, patient_id: str, attribute: str) -> dict:
        """myz Heal, Mend the Broken: after a recorded Heal roll, the patient's broken ``attribute``
        recovers points equal to the 6s rolled (myz_roles.mend_the_broken)."""
        return self._talents(roll_id).mend(self.ledger, roll_id, self.ledger.character(patient_id).id, attribute)

    def shake_it_off(self, roll_id: int, attribute: str, incoming: int) -> dict:
        """myz Slave, Shake It Off: after a recorded Shake It Off roll, each 6 removes a point of
        ``incoming`` trauma (not push trauma); the rest lands on ``attribute``."""
        return self._talents(roll_id).shake_it_off(self.ledger, roll_id, attribute, incoming)

    def inspire(self, inspire_roll_id: int, target_roll_id: int, mode: str = "help") -> dict:
        """myz Chronicler, Inspire: a recorded Inspire roll's 6s are added to (``help``) or removed from
        (``hinder``) a recorded target roll; the target's entry shows the new successes (undoable)."""
        return self._talents(inspire_roll_id).inspire(self.ledger, inspire_roll_id, target_roll_id, mode)

    def apply_attack_damage(self, attack_id: int, target_id: str) -> dict:
        """R-TIER-4: a recorded attack's damage off the target's stamina, one undoable entry."""
        return typed_values.attack_damage(self.ledger, attack_id, self.ledger.character(target_id).id)

    def role_outcome(self, entry: Entry | dict) -> Offer | None:
        """What the recorded roll ``entry`` leads to (a build, finds, Save a Life) and whether it was applied,
        or ``None`` for a roll that leads to none (reads only)."""
        from gmconsole.campaign.engine_parts import RoleOutcomesPart, part_or_none
        from gmconsole.campaign.entries import as_record, given
        from gmconsole.rules.errors import RulesError

        system = given(getattr(as_record(entry), "system", None), None)
        try:  # an entry of a system this console no longer knows leads to nothing
            part = part_or_none(system, RoleOutcomesPart) if system else None
        except RulesError:
            return None
        return part.offer(self.ledger, entry) if part is not None else None

    def build_device(self, roll_id: int, stunts: Sequence[str] = ()) -> dict:
        """R-MYZ-BUILD-1/2: a successful Jury-Rig roll marked ``device=NAME`` adds the device to the Gearhead's
        gear, with the ``stunts`` picked (``bonus``, ``durable``, ``blast_power``...); one undoable entry."""
        return self._role_outcomes(roll_id).build_device(self.ledger, roll_id, stunts)

    def record_finds(self, roll_id: int, picks: Sequence[str], *, faces: str | None = None,
                     rng: random.Random | None = None) -> dict:
        """R-MYZ-FINDS-1/2: what a successful Find the Path roll or deal on the side finds (``picks``: option
        ids such as ``bullets``, ``water``; a deal's as often as chosen), the D6 amounts rolled or ``faces``
        typed (``d43``, R-MANUAL-1); one undoable entry."""
        return self._role_outcomes(roll_id).record_finds(self.ledger, roll_id, picks, faces, rng)

    def save_a_life(self, roll_id: int, *, dies: bool = False) -> dict:
        """R-MYZ-SAVE-1: a Heal roll marked ``save-a-life=NAME``: success stabilizes the patient; a failure
        kills only with ``dies`` (the GM's word); one undoable entry."""
        return self._role_outcomes(roll_id).save_a_life(self.ledger, roll_id, dies)

    def apply_role_outcome(self, roll_id: int, *, stunts: Sequence[str] = (), faces: str | None = None,
                           dies: bool = False, rng: random.Random | None = None) -> dict:
        """Whichever of :meth:`build_device`, :meth:`record_finds` and :meth:`save_a_life` roll ``roll_id``
        leads to (``stunts``: the stunts or choices)."""
        return self._role_outcomes(roll_id).apply_role_outcome(self.ledger, roll_id, stunts=stunts, faces=faces,
                                                               dies=dies, rng=rng)
