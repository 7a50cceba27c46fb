"""Fast and slow actions in a conflict (seed 002, the Year Zero Engine SRD: 「在戰鬥中，協助視為與所支援行動相同
類型的行動（快速或緩慢）」 — in combat, help counts as an action of the same kind, fast or slow, as the action
helped). Only the systems whose seed names them keep them (:attr:`GameSystem.fast_slow_actions
<gmconsole.systems.base.GameSystem.fast_slow_actions>`).

PURE, like :mod:`gmconsole.rules.initiative`: each function returns a new state; the marks live in
:attr:`Initiative.actions <gmconsole.rules.initiative.Initiative.actions>` (combatant → the kinds taken this
round, one item per action) and the round's end clears them.

R-ACT-1 (what the seed leaves open, pinned): each place a combatant holds in the round's order gives them one
fast and one slow action (speed N: N of each). The GM marks an action taken; the same key on a combatant whose
actions of that kind are all taken frees them again (a slip is taken back at once). Marks belong to the
combatant, not to a place, so a delay or a swap keeps them; a combatant leaving the conflict takes theirs.

R-ACT-2: the help a helper gives is an action of the same kind as the action helped. The action helped is a
slow action unless the GM has marked more fast actions than slow ones for the roller this round (one place: the
fast action marked, the slow one not); each helper in the conflict then takes an action of that kind. A helper
with none of that kind left is said before the roll (a warning the GM may roll past), and stays at every action
of that kind taken.
"""

from __future__ import annotations

from gmconsole.i18n import _
from gmconsole.rules import initiative as ini
from gmconsole.rules.errors import RulesError

__all__ = ["KINDS", "helped_kind", "left", "places", "spend", "taken", "toggle"]

KINDS = ("fast", "slow")


def _require_kind(kind: str) -> None:
    if kind not in KINDS:
        raise RulesError(_("an action is fast or slow, not {kind!r}").format(kind=kind))


def places(state: ini.Initiative, combatant: str) -> int:
    """How many places ``combatant`` holds in the round's order: their actions of each kind (R-ACT-1)."""
    return sum(1 for slot in state.slots if slot.combatant == combatant)


def taken(state: ini.Initiative, combatant: str, kind: str) -> int:
    """How many ``kind`` actions ``combatant`` has taken this round."""
    return state.actions.get(combatant, []).count(kind)


def left(state: ini.Initiative, combatant: str, kind: str) -> int:
    """How many ``kind`` actions ``combatant`` still has this round."""
    return max(0, places(state, combatant) - taken(state, combatant, kind))


def _set(state: ini.Initiative, combatant: str, kind: str, count: int) -> ini.Initiative:
    new = ini._copy(state)
    others = [k for k in new.actions.get(combatant, []) if k != kind]
    marks = sorted(others + [kind] * count, key=KINDS.index)
    if marks:
        new.actions[combatant] = marks
    else:
        new.actions.pop(combatant, None)
    return new


def toggle(state: ini.Initiative, combatant: str, kind: str) -> ini.Initiative:
    """R-ACT-1: ``combatant`` takes one more ``kind`` action; when every one of that kind is taken already,
    they are all free again."""
    _require_kind(kind)
    ini._require_in(state, combatant)
    count = taken(state, combatant, kind)
    return _set(state, combatant, kind, count + 1 if count < places(state, combatant) else 0)


def spend(state: ini.Initiative, combatant: str, kind: str) -> tuple[ini.Initiative, bool]:
    """R-ACT-2: ``combatant`` takes a ``kind`` action (to help); returns the state and whether they had one
    left (without one, the marks stay at every action of that kind taken)."""
    _require_kind(kind)
    ini._require_in(state, combatant)
    if not left(state, combatant, kind):
        return state, False
    return _set(state, combatant, kind, taken(state, combatant, kind) + 1), True


def helped_kind(state: ini.Initiative, roller: str) -> str:
    """R-ACT-2: the kind of the roller's action helped: slow, unless the GM marked more fast actions than slow
    ones for them this round."""
    return "fast" if taken(state, roller, "fast") > taken(state, roller, "slow") else "slow"
