"""A recorded Year Zero roll read back: its pool request as the history stores it, and what follows from it.

A roll's history entry keeps the pool request (:class:`~gmconsole.families.yearzero.rules.pool.PoolRequest`, as
:func:`stored_request` writes it); the pool it built (dice and explanation), the odds shown before the roll
and the stunts a success may buy all follow from that request by the rules. The history files do not repeat
them (:mod:`gmconsole.store.lean_entries`): :data:`DERIVED` works each out again when the entry is read, in
the reader's language, and the store keeps a recorded value only where working it out does not give it back
exactly.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict
from functools import lru_cache
from typing import Any

from gmconsole.families.yearzero.rules.pool import Pool, PoolRequest, build_pool
from gmconsole.i18n import language

__all__ = ["DERIVED", "STORED_DEFAULTS", "pool_request_from", "stored_request"]


def stored_request(request: PoolRequest) -> dict[str, Any]:
    """``request`` as a history entry stores it (``pool_request``): plain lists, ``stunts_of`` only when set."""
    out = asdict(request)
    if out.get("stunts_of") is None:  # only a use that offers another skill's stunts writes it (Sic a Dog)
        out.pop("stunts_of", None)
    for key, value in out.items():
        if isinstance(value, tuple):
            out[key] = [list(v) if isinstance(v, tuple) else v for v in value]
    return out


def pool_request_from(data: dict[str, Any]) -> PoolRequest:
    """The :class:`PoolRequest` a history entry stored (:func:`stored_request`)."""
    raw = dict(data)
    for key in ("gear", "artifacts", "named_modifiers"):
        raw[key] = tuple(tuple(v) for v in raw.get(key, []))
    for key in ("helpers", "modifiers"):
        raw[key] = tuple(raw.get(key, []))
    return PoolRequest(**raw)


@lru_cache(maxsize=512)
def _pool(text: str, words: str) -> Pool:
    """The pool of a stored request (its JSON text: a long history repeats a few hundred requests at most),
    explained in the language ``words``."""
    return build_pool(pool_request_from(json.loads(text)))


_last_request: tuple[dict[str, Any] | None, str] = (None, "")
"""The stored request last keyed, and its key: reading an entry works out its pool, odds and stunts in turn
from the same request, which is then written out once."""


def _request_key(request: dict[str, Any]) -> str:
    global _last_request
    if _last_request[0] is not request:
        _last_request = (request, json.dumps(request, sort_keys=True))
    return _last_request[1]


def _pool_of(entry: dict[str, Any]) -> Pool:
    return _pool(_request_key(entry["pool_request"]), language())


def pool_shown(entry: dict[str, Any]) -> dict[str, Any]:
    """The ``pool`` a roll from the sheet records: its dice before they are rolled, and why each is there."""
    pool = _pool_of(entry)
    return {"dice": [d.as_dict() for d in pool.dice], "explanation": list(pool.explanation)}


@lru_cache(maxsize=512)
def _odds(text: str, can_push: bool) -> str:
    from gmconsole.families.yearzero.rules.roll import pool_odds

    pool = _pool(text, language())
    odds = pool_odds(pool, can_push).as_dict() if pool.can_roll else {"p_success": 0.0, "p_success_with_push": 0.0}
    return json.dumps(odds)


def odds_shown(entry: dict[str, Any]) -> dict[str, Any]:
    """The ``odds`` shown before the roll: R-PUSH-2, a reactive roll or a campaign allowing no push has no
    push odds."""
    request = entry["pool_request"]
    can_push = not request.get("reactive", False) and request.get("max_pushes", 1) > 0
    odds: dict[str, Any] = json.loads(_odds(_request_key(request), can_push))
    return odds


def stunt_list(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The stunts (myz: the skill's own) or bonus effects (yze) a success may buy."""
    from gmconsole.families.yearzero.rules.roll import stunt_list as stunts_of_pool

    return [dict(s) for s in stunts_of_pool(_pool_of(entry))]


DERIVED: dict[str, Callable[[dict[str, Any]], Any]] = {"pool": pool_shown, "odds": odds_shown, "stunt_list": stunt_list}
"""What a roll entry with a ``pool_request`` need not store, each worked out from the entry as read."""

STORED_DEFAULTS: dict[str, dict[str, Any]] = {
    "pool_request": {
        "system": "", "attribute": "strength", "attribute_value": 0, "skill": None, "skill_level": 0,
        "specialist": False, "gear": [], "artifacts": [], "stress": 0, "difficulty": "average", "helpers": [],
        "modifiers": [], "attribute_die": None, "skill_die": None, "reactive": False, "push_cost": None,
        "max_pushes": 1, "sic_a_dog": False, "dog_strength": None, "tool_takes_damage": False,
        "named_modifiers": [], "skill_ones": "stay", "campaign_skill": False, "attribute_name": None,
        "skill_name": None,
    },
}
"""The stored request's values when nothing was asked for (:class:`PoolRequest`'s defaults, in its field
order): the history writes only those that differ. Part of the history's lean format, so written out rather
than read from the class: a value changed here would change how every older entry reads."""
