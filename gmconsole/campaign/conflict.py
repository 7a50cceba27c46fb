"""Initiative in the campaign: each step of :mod:`gmconsole.rules.initiative` as a recorded change.

The state lives in ``session.initiative`` (a dict); every step — start, draw, roll, swap, delay,
next/previous turn, remove, add, end — is a history entry (kind ``initiative``) and undoable.
Combatants are roster ids; the history shows names.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable

from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.rules import initiative as ini
from gmconsole.wording import possessive

if TYPE_CHECKING:
    from gmconsole.campaign.service import CampaignService


def _state(c: Campaign) -> ini.Initiative:
    data = c.current_session.initiative
    if data is None:
        raise ValidationError("there is no conflict going on; start one first")
    return ini.Initiative.from_dict(data)


def _name(c: Campaign, character_id: str) -> str:
    ch = c.character(character_id)
    return ch.name if ch else character_id


def _initiative_attribute(c: Campaign, character_id: str) -> int:
    ch = c.character(character_id)
    attribute = c.settings.initiative_attribute
    if attribute not in ch.attributes:
        raise ValidationError(f"{ch.name} has no {attribute} for the initiative roll")
    return ch.attributes[attribute].current


def _join(c: Campaign, state: ini.Initiative, character_id: str, speed: int, keep_best_of: int,
          position: int | None, rng: random.Random) -> tuple[ini.Initiative, dict]:
    """One combatant joins by the conflict's mode; returns the state and what happened."""
    if state.mode == "cards":
        state, info = ini.draw(state, character_id, rng, speed=speed, keep_best_of=keep_best_of)
    elif state.mode == "roll":
        state, info = ini.roll(state, character_id, _initiative_attribute(c, character_id), rng)
    else:
        state = ini.place(state, character_id, position)
        info = {"position": state.order().index(character_id)}
    return state, {"character_id": character_id, "character": _name(c, character_id), **info}


def _describe(c: Campaign, state: ini.Initiative) -> str:
    parts = []
    for slot in state.slots:
        label = _name(c, slot.combatant)
        parts.append(label if state.mode == "manual" else f"{label} {slot.value}")
    return ", ".join(parts)


def _change(service: "CampaignService", step: Callable[[Campaign], dict]) -> dict:
    def mutate(c: Campaign) -> dict:
        info = step(c)
        info.setdefault("step", "initiative")
        return info

    return service._commit("initiative", mutate)


def start(service: "CampaignService", ids: list[str], mode: str | None, speeds: dict, keep_best: dict,
          order: list[str] | None, rng: random.Random) -> dict:
    """Start a conflict: shuffle / roll / type the order for ``ids``."""
    if not ids:
        raise ValidationError("name at least one combatant to start a conflict")
    if len(set(ids)) != len(ids):
        raise ValidationError("each combatant may be named only once")
    speeds = {service._id(k): v for k, v in speeds.items()}
    keep_best = {service._id(k): v for k, v in keep_best.items()}

    def step(c: Campaign) -> dict:
        if c.current_session.initiative is not None:
            raise ValidationError("a conflict is already going on; end it first")
        chosen = mode or c.settings.initiative_mode
        state = ini.start(chosen, rng)
        joins = []
        if chosen == "manual":
            state = ini.set_order(state, order or ids)
        else:
            for cid in ids:
                state, info = _join(c, state, cid, speeds.get(cid, 1), keep_best.get(cid, 1), None, rng)
                joins.append(info)
        state = ini.begin(state)
        c.current_session.initiative = state.to_dict()
        return {"step": "start", "mode": chosen, "joins": joins, "order": state.order(),
                "summary": f"conflict starts ({chosen}): {_describe(c, state)}"}

    return _change(service, step)


def add(service: "CampaignService", character_id: str, speed: int, keep_best_of: int, position: int | None,
        rng: random.Random) -> dict:
    """Add a combatant mid-conflict."""

    def step(c: Campaign) -> dict:
        state, info = _join(c, _state(c), character_id, speed, keep_best_of, position, rng)
        c.current_session.initiative = state.to_dict()
        return {"step": "add", "join": info, "character_id": character_id, "character": _name(c, character_id),
                "summary": f"{_name(c, character_id)} joins the conflict: {_describe(c, state)}"}

    return _change(service, step)


def _simple(service: "CampaignService", name: str, apply: Callable[[ini.Initiative], ini.Initiative],
            text: Callable[[Campaign, ini.Initiative], str], **extra) -> dict:
    def step(c: Campaign) -> dict:
        state = apply(_state(c))
        c.current_session.initiative = state.to_dict()
        return {"step": name, "summary": text(c, state), "round": state.round, "turn": state.turn, **extra}

    return _change(service, step)


def swap(service: "CampaignService", first: str, second: str) -> dict:
    return _simple(service, "swap", lambda s: ini.swap(s, first, second),
                   lambda c, s: f"{_name(c, first)} and {_name(c, second)} swap initiative: {_describe(c, s)}",
                   combatants=[first, second])


def delay(service: "CampaignService", who: str | None, after: str | None) -> dict:
    def text(c: Campaign, s: ini.Initiative) -> str:
        return f"delay: {_describe(c, s)}"

    return _simple(service, "delay", lambda s: ini.delay(s, who, after), text, character_id=who, after=after)


def step(service: "CampaignService", direction: int) -> dict:
    def text(c: Campaign, s: ini.Initiative) -> str:
        current = s.current()
        return f"round {s.round}: {possessive(_name(c, current.combatant) if current else 'nobody')} turn"

    move = ini.next_turn if direction > 0 else ini.previous_turn
    return _simple(service, "next" if direction > 0 else "previous", move, text)


def remove(service: "CampaignService", character_id: str) -> dict:
    return _simple(service, "remove", lambda s: ini.remove(s, character_id),
                   lambda c, s: f"{_name(c, character_id)} leaves the conflict", character_id=character_id)


def set_order(service: "CampaignService", ids: list[str]) -> dict:
    return _simple(service, "order", lambda s: ini.set_order(s, ids), lambda c, s: f"order: {_describe(c, s)}")


def end(service: "CampaignService") -> dict:
    def step_(c: Campaign) -> dict:
        state = _state(c)
        c.current_session.initiative = None
        return {"step": "end", "rounds": state.round, "summary": f"conflict ends after round {state.round}"}

    return _change(service, step_)
