"""The conflict: who fights, the initiative order (cards, D6 or typed, docs/RULES.md), turns, delays
and actions. Each change is one undoable entry (:mod:`gmconsole.campaign.commands.conflict`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


class Conflict:
    """The conflict and its initiative, as the console and the command line run it: ``service.conflict``."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        """The open campaign's ledger, through which every change is recorded."""

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

        ids = [self.ledger.character(x).id for x in character_ids]
        ordered = [self.ledger.character(x).id for x in order] if order else None
        return conflict.start(self.ledger, ids, mode, speeds or {}, keep_best or {}, ordered, rng or self.ledger.rng,
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

        return conflict.add(self.ledger, self.ledger.character(character_id).id, speed, keep_best_of, position,
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

        ids = [self.ledger.character(x).id for x in character_ids]
        by_id = {key: {self.ledger.character(k).id: v for k, v in (given or {}).items()}
                 for key, given in (("speeds", speeds), ("keep", keep_best), ("cards", cards), ("faces", faces))}
        return conflict.add_many(self.ledger, ids, by_id["speeds"], by_id["keep"], by_id["cards"], by_id["faces"],
                                 rng or self.ledger.rng)

    def swap_initiative(self, first_id: str, second_id: str) -> dict:
        """Two combatants swap their initiative (cards, or places in the order)."""
        from gmconsole.campaign.commands import conflict

        return conflict.swap(self.ledger, self.ledger.character(first_id).id, self.ledger.character(second_id).id)

    def delay_turn(self, character_id: str | None = None, after: str | None = None) -> dict:
        """A combatant (default: whoever's turn it is) delays: their place moves to right after
        ``after`` (default: to the end of the round)."""
        from gmconsole.campaign.commands import conflict

        return conflict.delay(self.ledger, self.ledger.character(character_id).id if character_id else None,
                              self.ledger.character(after).id if after else None)

    def next_turn(self, *, cards: dict[str, list[int]] | None = None, rng: random.Random | None = None) -> dict:
        """Move to the next combatant (after the last: round + 1, back to the first; a delay is over).
        Under R-INIT-2 the new round draws new cards (``cards``: typed by combatant)."""
        from gmconsole.campaign.commands import conflict

        return conflict.step(self.ledger, +1, rng or self.ledger.rng, cards)

    def bring_in(self, character_id: str) -> dict:
        """A delayed combatant acts now, after the current turn (R-INIT-3)."""
        from gmconsole.campaign.commands import conflict

        return conflict.bring_in(self.ledger, self.ledger.character(character_id).id)

    def keep_card(self, character_id: str, keeps: bool = True) -> dict:
        """R-INIT-2: a combatant keeps their card (instead of drawing) when a new round draws."""
        from gmconsole.campaign.commands import conflict

        return conflict.keep_card(self.ledger, self.ledger.character(character_id).id, keeps)

    def take_action(self, character_id: str, kind: str) -> dict:
        """R-ACT-1 (yze, yze-step): mark one more ``fast`` or ``slow`` action taken this round by a combatant;
        with every one of that kind taken, they are all free again. A history entry, undoable."""
        from gmconsole.campaign.commands import conflict

        return conflict.take_action(self.ledger, self.ledger.character(character_id).id, kind)

    def previous_turn(self) -> dict:
        """Move back to the previous combatant (before the first: the last of the round before)."""
        from gmconsole.campaign.commands import conflict

        return conflict.step(self.ledger, -1)

    def remove_from_conflict(self, character_id: str) -> dict:
        """Take a combatant out of the conflict (broken, fled); their cards are not reused."""
        from gmconsole.campaign.commands import conflict

        return conflict.remove(self.ledger, self.ledger.character(character_id).id)

    def set_initiative_order(self, character_ids: Sequence[str]) -> dict:
        """Manual mode: the GM types the whole order (every combatant exactly once)."""
        from gmconsole.campaign.commands import conflict

        return conflict.set_order(self.ledger, [self.ledger.character(x).id for x in character_ids])

    def end_conflict(self) -> dict:
        """End the conflict: the initiative state is cleared (it stays in history)."""
        from gmconsole.campaign.commands import conflict

        return conflict.end(self.ledger)
