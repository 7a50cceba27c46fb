"""Initiative in the campaign: each step of :mod:`gmconsole.rules.initiative` as a recorded change.

The state lives in ``session.initiative`` (a dict); every step — start, draw, roll, swap, delay,
bring in, next/previous turn (with R-INIT-2's new draw), keep a card, a fast or slow action taken (R-ACT-1),
remove, add, end — is a history entry (kind ``initiative``) and undoable. Combatants are roster ids; the
history shows names. Cards and D6s may be typed from a physical deck and dice (R-MANUAL-1): the entry marks them
``by_hand`` and its summary says ``typed``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from gmconsole.campaign import character_lookup
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.campaign.shown_names import attribute_shown
from gmconsole.i18n import N_, _, language
from gmconsole.phrasing import possessive
from gmconsole.rules import initiative as ini
from gmconsole.rules import initiative_rounds as rounds
from gmconsole.rules.errors import RulesError

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


def _state(c: Campaign) -> ini.Initiative:
    data = c.current_session.initiative
    if data is None:
        raise ValidationError(_("there is no conflict going on; start one first"))
    return ini.Initiative.from_dict(data)


def _name(c: Campaign, character_id: str) -> str:
    ch = c.character(character_id)
    return ch.name if ch else character_id


def _initiative_attribute(c: Campaign, character_id: str) -> int:
    ch = character_lookup.member(c, character_id)
    attribute = c.settings.initiative_attribute
    if attribute not in ch.attributes:
        raise ValidationError(_("{name} has no {attribute} for the initiative roll").format(
            name=ch.name, attribute=attribute_shown(c.system, attribute)))
    return ch.attributes[attribute].current


def _join(c: Campaign, state: ini.Initiative, character_id: str, speed: int, keep_best_of: int,
          position: int | None, rng: random.Random, cards: list[int] | None = None,
          face: int | None = None) -> tuple[ini.Initiative, dict]:
    """One combatant joins by the conflict's mode (``cards`` / ``face``: typed from a physical deck or
    D6); returns the state and what happened."""
    if c.character(character_id) is None:
        raise ValidationError(_("{name} is not in the roster").format(name=character_id))
    typed = {}
    if state.mode == "cards":
        state, info = ini.draw(state, character_id, rng, speed=speed, keep_best_of=keep_best_of, cards=cards)
        typed = {"by_hand": True} if cards is not None else {}
    elif state.mode == "roll":
        state, info = ini.roll(state, character_id, _initiative_attribute(c, character_id), rng, face=face)
        typed = {"by_hand": True} if face is not None else {}
    else:
        state = ini.place(state, character_id, position)
        info = {"position": state.order().index(character_id)}
    return state, {"character_id": character_id, "character": _name(c, character_id), **info, **typed}


MODES = {"cards": N_("cards"), "roll": N_("roll"), "manual": N_("manual")}


def _typed(said: str, joins: list[dict]) -> str:
    """``said`` followed by `` (typed: Ann, Bo)`` for the joins whose cards or D6 were typed by hand
    (R-MANUAL-1), one sentence; ``said`` alone when none was."""
    names = [j["character"] for j in joins if j.get("by_hand")]
    return _("{said} (typed: {names})").format(said=said, names=_(", ").join(names)) if names else said


def _describe(c: Campaign, state: ini.Initiative) -> str:
    parts = []
    for slot in state.slots:
        label = _name(c, slot.combatant)
        parts.append(label if state.mode == "manual" else f"{label} {slot.value}")
    return _(", ").join(parts)


def _named(c: Campaign, message: str) -> str:
    """A refusal of the rules core (which knows combatants by roster id) with the names the GM knows."""
    by_id = {ch.id: ch.name for ch in c.roster}

    def name(match: re.Match) -> str:
        found = by_id.get(match.group(1))
        if found is None:
            return match.group(0)
        return possessive(found) if match.group(2) else found  # "c6's" → "Hull rats'"

    # ASCII word edges: an id is found right before a Chinese word too ("c1的")
    return re.sub(r"\b([A-Za-z][\w-]*)\b('s)?", name, message, flags=re.ASCII)


def _change(ledger: Ledger, step: Callable[[Campaign], dict]) -> dict:
    def mutate(c: Campaign) -> dict:
        try:
            info = step(c)
        except RulesError as exc:
            raise RulesError(_named(c, str(exc))) from None
        info.setdefault("step", "initiative")
        return info

    return ledger.commit("initiative", mutate)


def start(ledger: Ledger, ids: list[str], mode: str | None, speeds: dict, keep_best: dict,
          order: list[str] | None, rng: random.Random, cards: dict | None = None,
          faces: dict | None = None) -> dict:
    """Start a conflict: shuffle / roll / type the order for ``ids`` (``cards`` / ``faces``: by
    combatant, the cards or D6 typed from a physical deck or die; the others draw or roll here)."""
    if not ids:
        raise ValidationError(_("name at least one combatant to start a conflict"))
    if len(set(ids)) != len(ids):
        raise ValidationError(_("each combatant may be named only once"))
    speeds = {ledger.character(k).id: v for k, v in speeds.items()}
    keep_best = {ledger.character(k).id: v for k, v in keep_best.items()}
    cards = {ledger.character(k).id: v for k, v in (cards or {}).items()}
    faces = {ledger.character(k).id: v for k, v in (faces or {}).items()}

    def step(c: Campaign) -> dict:
        if c.current_session.initiative is not None:
            raise ValidationError(_("a conflict is already going on; end it first"))
        chosen = mode or c.settings.initiative_mode
        state = ini.start(chosen, rng)
        joins = []
        if chosen == "manual":
            state = ini.set_order(state, order or ids)
        else:
            for cid in ids:
                state, info = _join(c, state, cid, speeds.get(cid, 1), keep_best.get(cid, 1), None, rng,
                                    cards.get(cid), faces.get(cid))
                joins.append(info)
        state = ini.begin(state)
        c.current_session.initiative = state.to_dict()
        return {"step": "start", "mode": chosen, "joins": joins, "order": state.order(),
                "summary": _typed(_("conflict starts ({mode}): {order}").format(
                    mode=_(MODES.get(chosen, chosen)), order=_describe(c, state)), joins)}

    return _change(ledger, step)


def add(ledger: Ledger, character_id: str, speed: int, keep_best_of: int, position: int | None,
        rng: random.Random, cards: list[int] | None = None, face: int | None = None) -> dict:
    """Add a combatant mid-conflict, asked what the start asks (cards: speed, keep-best-of; typed
    cards or D6)."""

    def step(c: Campaign) -> dict:
        state, info = _join(c, _state(c), character_id, speed, keep_best_of, position, rng, cards, face)
        c.current_session.initiative = state.to_dict()
        return {"step": "add", "join": info, "character_id": character_id, "character": _name(c, character_id),
                "summary": _typed(_("{name} joins the conflict: {order}").format(
                    name=_name(c, character_id), order=_describe(c, state)), [info])}

    return _change(ledger, step)


def add_many(ledger: Ledger, ids: list[str], speeds: dict, keep_best: dict, cards: dict,
             faces: dict, rng: random.Random) -> dict:
    """Several combatants join mid-conflict in one change (the console's add): each asked what the
    start asks. One refused draw or roll refuses them all."""
    if not ids:
        raise ValidationError(_("name at least one combatant to add"))

    def step(c: Campaign) -> dict:
        state = _state(c)
        joins = []
        for cid in ids:
            state, info = _join(c, state, cid, speeds.get(cid, 1), keep_best.get(cid, 1), None, rng,
                                cards.get(cid), faces.get(cid))
            joins.append(info)
        c.current_session.initiative = state.to_dict()
        names = _(", ").join(_name(c, cid) for cid in ids)
        joined = _("{name} joins the conflict: {order}") if len(ids) == 1 else _("{names} join the conflict: {order}")
        return {"step": "add", "joins": joins, "character_ids": list(ids),
                "summary": _typed(joined.format(name=names, names=names, order=_describe(c, state)), joins)}

    return _change(ledger, step)


def _simple(ledger: Ledger, name: str, apply: Callable[[ini.Initiative], ini.Initiative],
            text: Callable[[Campaign, ini.Initiative], str], **extra) -> dict:
    def step(c: Campaign) -> dict:
        state = apply(_state(c))
        c.current_session.initiative = state.to_dict()
        return {"step": name, "summary": text(c, state), "round": state.round, "turn": state.turn, **extra}

    return _change(ledger, step)


def swap(ledger: Ledger, first: str, second: str) -> dict:
    return _simple(ledger, "swap", lambda s: ini.swap(s, first, second),
                   lambda c, s: _("{first} and {second} swap initiative: {order}").format(
                       first=_name(c, first), second=_name(c, second), order=_describe(c, s)),
                   combatants=[first, second])


def delay(ledger: Ledger, who: str | None, after: str | None) -> dict:
    def text(c: Campaign, s: ini.Initiative) -> str:
        return _("delay: {order}").format(order=_describe(c, s))

    return _simple(ledger, "delay", lambda s: ini.delay(s, who, after), text, character_id=who, after=after)


def bring_in(ledger: Ledger, character_id: str) -> dict:
    """A delayed combatant acts now, after the current turn (R-INIT-3)."""
    return _simple(ledger, "bring-in", lambda s: ini.bring_in(s, character_id),
                   lambda c, s: _("{name} acts now: {order}").format(name=_name(c, character_id),
                                                                     order=_describe(c, s)),
                   character_id=character_id)


def keep_card(ledger: Ledger, character_id: str, keeps: bool) -> dict:
    """R-INIT-2: mark whether ``character_id`` keeps their card when everyone draws a new round."""
    def text(c: Campaign, s: ini.Initiative) -> str:
        said = _("{name} keeps their card each new round") if keeps else _("{name} draws each new round")
        return said.format(name=_name(c, character_id))

    return _simple(ledger, "keep-card", lambda s: rounds.set_keeper(s, character_id, keeps), text,
                   character_id=character_id, keeps=keeps)


def take_action(ledger: Ledger, character_id: str, kind: str) -> dict:
    """R-ACT-1: ``character_id`` takes one more ``kind`` action this round (all of that kind taken: free again)."""
    from gmconsole import systems
    from gmconsole.campaign.combat_actions import action_word
    from gmconsole.rules import initiative_actions as actions

    system = systems.get(ledger.campaign.system)
    if not system.fast_slow_actions:
        raise ValidationError(_("{system} has no fast and slow actions (R-ACT-1)").format(system=system.title))

    def text(c: Campaign, s: ini.Initiative) -> str:
        count, most = actions.taken(s, character_id, kind), actions.places(s, character_id)
        if not count:
            return _("{name}: {action} free again").format(name=_name(c, character_id), action=action_word(kind))
        said = _("{name}: {action} taken ({count}/{most})") if most > 1 else _("{name}: {action} taken")
        return said.format(name=_name(c, character_id), action=action_word(kind), count=count, most=most)

    return _simple(ledger, "action", lambda s: actions.toggle(s, character_id, kind), text,
                   character_id=character_id, action=kind)


def redraws(c: Campaign, state: ini.Initiative) -> bool:
    """Whether the next round begins with a new draw (R-INIT-2: cards mode with the setting on)."""
    return state.mode == "cards" and c.settings.initiative_redraw


def step(ledger: Ledger, direction: int, rng: random.Random | None = None,
         cards: dict | None = None) -> dict:
    """Next or previous turn. When a round ends under R-INIT-2 everyone but the keepers draws anew
    (``cards``: by combatant, the cards typed from a physical deck)."""
    typed = {ledger.character(k).id: v for k, v in (cards or {}).items()}

    def step_(c: Campaign) -> dict:
        before = _state(c)
        state = ini.next_turn(before) if direction > 0 else ini.previous_turn(before)
        extra: dict = {}
        if state.round > before.round and redraws(c, state):
            state, drawn = rounds.redraw(state, rng, typed)
            extra = {"redraw": drawn, **({"by_hand": True} if typed else {})}
        elif typed:
            raise ValidationError(_("cards are typed only when a new round draws (R-INIT-2)"))
        c.current_session.initiative = state.to_dict()
        current = state.current()
        who = _name(c, current.combatant) if current else _("nobody")
        text = (f"round {state.round}: {possessive(who)} turn" if language() == "en"
                else _("round {round}: the turn of {name}").format(round=state.round, name=who))
        if extra:
            names = _(", ").join(_name(c, cid) for cid in typed)
            text = (_("round {round}, new cards: {order} (typed: {names})") if typed
                    else _("round {round}, new cards: {order}")).format(round=state.round, order=_describe(c, state),
                                                                        names=names)
        return {"step": "next" if direction > 0 else "previous", "summary": text, "round": state.round,
                "turn": state.turn, **extra}

    return _change(ledger, step_)


def remove(ledger: Ledger, character_id: str) -> dict:
    return _simple(ledger, "remove", lambda s: ini.remove(s, character_id),
                   lambda c, s: _("{name} leaves the conflict").format(name=_name(c, character_id)),
                   character_id=character_id)


def set_order(ledger: Ledger, ids: list[str]) -> dict:
    return _simple(ledger, "order", lambda s: ini.set_order(s, ids),
                   lambda c, s: _("order: {order}").format(order=_describe(c, s)))


def end(ledger: Ledger) -> dict:
    def step_(c: Campaign) -> dict:
        state = _state(c)
        c.current_session.initiative = None
        return {"step": "end", "rounds": state.round,
                "summary": _("conflict ends after round {round}").format(round=state.round)}

    return _change(ledger, step_)
