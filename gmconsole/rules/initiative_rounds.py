"""R-INIT-2 (*setting*, off by default): in cards mode everyone draws a new card each round.

PURE, like :mod:`gmconsole.rules.initiative`: each function returns a new state. With the setting
off the cards drawn when the conflict starts are kept for the whole conflict. With it on, when a new
round begins the cards are gathered, a fresh deck of 1-10 is shuffled and every combatant draws
again with the speed and keep-best-of they drew with before. A combatant the GM marked as a keeper
(a talent, say) keeps the card of the round before instead of drawing: that card stays out of the
new deck. The cards may be typed from a physical deck (R-MANUAL-1), per combatant.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from gmconsole.i18n import N_, _
from gmconsole.rules import initiative as ini
from gmconsole.rules.errors import RulesError

__all__ = ["drawers", "redraw", "set_keeper"]


def set_keeper(state: ini.Initiative, combatant: str, keeps: bool) -> ini.Initiative:
    """Mark (or unmark) ``combatant`` as keeping their card from round to round (R-INIT-2)."""
    ini._require_mode(state, "cards", "keeping a card")
    ini._require_in(state, combatant)
    new = ini._copy(state)
    new.keepers = [k for k in new.keepers if k != combatant] + ([combatant] if keeps else [])
    return new


def drawers(state: ini.Initiative) -> list[tuple[str, int]]:
    """Who draws at a new round, in acting order, with how many cards each draws (speed × keep-best-of)."""
    out = []
    for combatant in state.combatants():
        if combatant not in state.keepers:
            speed, keep = state.draw_options.get(combatant, [1, 1])
            out.append((combatant, speed * keep))
    return out


def redraw(
    state: ini.Initiative,
    rng: random.Random | None = None,
    cards: Mapping[str, Sequence[int]] | None = None,
) -> tuple[ini.Initiative, dict[str, Any]]:
    """The new round's draw: keepers keep their cards, everyone else draws from a fresh deck
    (``cards``: the cards typed for a combatant, in order; the others draw from the shuffled deck).
    The round and turn are kept (call it when a round has just begun: the first place acts).

    Returns the new state and ``{"draws": {combatant: draw info}, "kept": {combatant: [cards]}}``.
    """
    ini._require_mode(state, "cards", N_("drawing a new round"))
    typed = dict(cards or {})
    unknown = sorted(set(typed) - {c for c, _n in drawers(state)})
    if unknown:
        raise RulesError(_("{name} does not draw this round (a keeper, or not in the conflict)").format(
            name=unknown[0]))
    new = ini._copy(state)
    order = new.combatants()
    kept_slots = [s for s in new.slots if s.combatant in new.keepers]
    for slot in kept_slots:
        slot.delayed = False
    new.slots = kept_slots
    new.deck = ini._new_deck(rng)
    for slot in kept_slots:
        if slot.value in new.deck:
            new.deck.remove(slot.value)
    new.decks = 1
    new.draws = len(kept_slots)
    new.turn = 0
    begun, new.begun = new.begun, False
    draws = {}
    for combatant in order:
        if combatant in new.keepers:
            continue
        speed, keep = new.draw_options.get(combatant, [1, 1])
        new, info = ini.draw(new, combatant, rng, speed=speed, keep_best_of=keep, cards=typed.get(combatant))
        draws[combatant] = info
    new.begun = begun
    kept = {c: [s.value for s in kept_slots if s.combatant == c] for c in order if c in new.keepers}
    return new, {"draws": draws, "kept": kept}
