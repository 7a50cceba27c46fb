"""The service's front for what a `myz` role skill's roll leads to (R-MYZ-ROLE-1): a Jury-Rig build, finds
(Find the Path, a deal on the side) and Save a Life, each applied once to a recorded roll as one undoable
entry (:mod:`gmconsole.campaign.commands.role_outcomes`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gmconsole.campaign.commands.role_outcomes import Offer
    from gmconsole.campaign.entries import Entry
    from gmconsole.campaign.ledger import Ledger


class RoleFront:
    """Role-skill outcomes, as the console and the command line ask for them (mixed into the service)."""

    ledger: Ledger

    def role_outcome(self, entry: Entry | dict) -> Offer | None:
        """What the recorded roll ``entry`` leads to (a build, finds, Save a Life) and whether it was applied,
        or ``None`` for a roll that leads to none (reads only)."""
        from gmconsole.campaign.commands import role_outcomes

        return role_outcomes.offer(self, entry)

    def build_device(self, roll_id: int, stunts: Sequence[str] = ()) -> dict:
        """R-MYZ-BUILD-1/2: a successful Jury-Rig roll marked ``device=NAME`` adds the device to the Gearhead's
        gear, with the ``stunts`` picked (``bonus``, ``durable``, ``blast_power``...); one undoable entry."""
        from gmconsole.campaign.commands import role_outcomes

        return role_outcomes.build_device(self, roll_id, stunts)

    def record_finds(self, roll_id: int, picks: Sequence[str], *, faces: str | None = None,
                     rng: random.Random | None = None) -> dict:
        """R-MYZ-FINDS-1/2: what a successful Find the Path roll or deal on the side finds (``picks``: option
        ids such as ``bullets``, ``water``; a deal's as often as chosen), the D6 amounts rolled or ``faces``
        typed (``d43``, R-MANUAL-1); one undoable entry."""
        from gmconsole.campaign.commands import role_outcomes

        return role_outcomes.record_finds(self, roll_id, picks, faces, rng)

    def save_a_life(self, roll_id: int, *, dies: bool = False) -> dict:
        """R-MYZ-SAVE-1: a Heal roll marked ``save-a-life=NAME``: success stabilizes the patient; a failure
        kills only with ``dies`` (the GM's word); one undoable entry."""
        from gmconsole.campaign.commands import role_outcomes

        return role_outcomes.save_a_life(self, roll_id, dies)

    def apply_role_outcome(self, roll_id: int, *, stunts: Sequence[str] = (), faces: str | None = None,
                           dies: bool = False, rng: random.Random | None = None) -> dict:
        """Whichever of :meth:`build_device`, :meth:`record_finds` and :meth:`save_a_life` roll ``roll_id``
        leads to (``stunts``: the stunts or choices)."""
        from gmconsole.campaign.commands import role_outcomes

        return role_outcomes.apply(self, roll_id, stunts=stunts, faces=faces, dies=dies, rng=rng)
