"""The costs of a recorded roll applied to the roster, and panic rolls.

A roll records what it costs (trauma, stress, willpower, a panic owed, ...) as ``pending``; the GM
applies them with one key (:func:`apply_costs`), in one undoable change. A panic roll (R-PANIC-1) may
touch the player characters in range, never an NPC (:func:`player_characters`).
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any

from gmconsole.campaign import character_lookup, counters
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Character, Panic
from gmconsole.campaign.panic_summary import costs_panic_summary
from gmconsole.campaign.sheet_rolls import latest_roll
from gmconsole.campaign.shown_names import attribute_shown
from gmconsole.i18n import _, pick
from gmconsole.phrasing import possessive
from gmconsole.rules.dice import DiceSource
from gmconsole.store.errors import StoreError

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


def _apply_cost(c: Campaign, character: Character, cost: dict, entry: dict, lines: list[str]) -> bool:
    """Apply one cost to the copy ``c``; returns True when it asks for a panic roll."""
    name, amount = cost["name"], cost["amount"]
    target: Any = cost.get("target")  # read from the history: an attribute, an item or a character
    settings = c.settings
    if name == "trauma":
        if target == "dog":
            dog = character.dog
            if dog is None:
                raise ValidationError(_("{name} has no dog to take the trauma").format(name=character.name))
            strength = dog.attributes["strength"]
            strength.current = max(0, strength.current - amount)
            lines.append(_("{name}: {attribute} −{amount}").format(name=dog.name, amount=amount,
                                                                   attribute=attribute_shown(c.system, "strength")))
        else:
            lines.append(counters.trauma(character, target, amount, c.system))
    elif name == "damage":
        used = [character.gear_item(g) for g in (entry.get("request") or {}).get("gear", [])]
        tools = [t for t in used if t is not None and t.bonus > 0]
        if settings.tool_takes_damage and tools:
            lines.append(counters.damage_gear(character, tools[0], amount))
        else:
            lines.append(counters.trauma(character, target, amount, c.system))
    elif name in ("mutation_points", "willpower", "stress", "xp", "wounds"):  # wounds: a GM's table's damage
        lines.append(counters.change_counter(character, name, amount))
    elif name == "stamina":
        lines.append(counters.change_counter(character, name, max(amount, -character.stamina)))
    elif name == "gear_damage":
        item = character.gear_item(target)
        if item is not None and item.bonus > 0:
            lines.append(counters.damage_gear(character, item, min(amount, item.bonus)))
    elif name == "condition":
        if not target:
            raise ValidationError(_("choose the condition this push gives (e.g. tired, angry, scared)"))
        if target in character.conditions:
            # A condition already held costs nothing, so it would make the push free (docs/RULES.md, push costs).
            raise ValidationError(_("{name} is already {condition}: the push must give a condition {name} does not "
                                    "have yet").format(name=character.name, condition=target))
        lines.append(counters.add_condition(character, target))
    elif name == "doom":
        c.current_session.doom += amount
        lines.append(_("doom {delta} → {new}").format(delta=f"+{amount}", new=c.current_session.doom))
    elif name == "panic":
        return True
    return False


def _owed_by_other(cost: dict, character_id: str) -> bool:
    """A cost another roster member owes on this roll (the opposed roll's defender's panic)."""
    return cost["name"] == "panic" and bool(cost.get("character_id")) and cost["character_id"] != character_id


def apply_costs(ledger: Ledger, entry_id: int | None, in_range: list[str],
                condition: str | None = None, panic_face: int | None = None,
                rng: random.Random | None = None, defender_panic_face: int | None = None, *,
                typed: bool = False, chain_faces: dict | None = None, defender_chain_faces: dict | None = None) -> dict:
    """Apply a roll's pending costs in one change (undoable); a stress-die 1 makes the panic roll here.

    An opposed roll's defender who owes a panic (R-OPP-1, R-PANIC-1, see
    :func:`gmconsole.families.yearzero.engine.opposed.defender_panic_costs`) rolls it in this same change, after
    the active side's costs, with the same ``in_range`` for its chained effects; each panic is its own
    chain (a character panics at most once per chain). ``defender_panic_face`` is the defender's D6
    typed by hand; without it, ``panic_face`` serves the defender when the active side owes no panic.
    ``chain_faces`` / ``defender_chain_faces``: the D6s typed for the rolls each panic chains (R-PANIC-3)."""
    entry = latest_roll(ledger, entry_id, "costs")
    if entry.get("costs_status") == "applied":
        where = ledger.others.changed_where(entry["session"], entry["id"], ledger.campaign, ledger.session.number)
        if where:  # another writer applied them (the command line, a player's page, another console)
            raise ValidationError(_("the costs of roll {id} were already applied {where}").format(
                id=entry["id"], where=where))
        raise ValidationError(_("the costs of roll {id} were already applied (undo that change to apply them "
                                "again)").format(id=entry["id"]))
    if entry.get("costs_status") != "pending":
        raise ValidationError(_("roll {id} has no costs waiting to be applied").format(id=entry["id"]))
    in_range = player_characters(ledger, in_range)
    chained = chain_faces_of(ledger, entry["character_id"], in_range, chain_faces)
    defender = next((c.get("character_id") for c in entry.get("costs", []) if c.get("name") == "panic"
                     and c.get("character_id") not in (None, entry["character_id"])), None)
    defender_chained = chain_faces_of(ledger, defender, in_range, defender_chain_faces) if defender else None
    costs = [dict(c) for c in entry.get("costs", [])]
    if condition is not None:
        for cost in costs:
            if cost["name"] == "condition":
                cost["target"] = condition.strip().casefold()
    character_id = entry["character_id"]
    source_rng = rng or ledger.rng
    panic_info: dict = {}

    def mutate(c: Campaign) -> dict:
        character = c.character(character_id)
        if character is None:
            raise ValidationError(_("the character who rolled is no longer in the roster"))
        lines: list[str] = []
        wants_panic = False
        for cost in costs:
            if not _owed_by_other(cost, character_id):
                wants_panic = _apply_cost(c, character, cost, entry, lines) or wants_panic
        if wants_panic:
            panic_info.update(panic_on(c, character, in_range, panic_face, source_rng, chained))
            panic_info["summary"] = costs_panic_summary(panic_info)  # with its D6, as the tracker shows it
            lines.append(panic_info["summary"])
        defender_panics: list[dict] = []
        for cost in costs:
            if not _owed_by_other(cost, character_id):
                continue
            other = c.character(cost["character_id"])
            if other is None:
                raise ValidationError(_("{name} is no longer in the roster: their panic roll cannot be made").format(
                    name=cost.get("target") or _("the defender")))
            face = defender_panic_face if defender_panic_face is not None else (None if wants_panic else panic_face)
            info = panic_on(c, other, in_range, face, source_rng, defender_chained)
            info["summary"] = costs_panic_summary(info)
            defender_panics.append(info)
            lines.append(info["summary"])
        # each line of the payer's own reads "Name: wits −3 → 2/5": the name is said once, in front
        # and the payer's own panic ("Name panics: 7 …") is its own sentence, not "Name pays: Name panics"
        named = _("{name}: {text}").partition("{text}")[0].format(name=character.name)
        own = [line.removeprefix(named) for line in lines[:len(lines) - len(defender_panics)]]
        panics = [panic_info["summary"]] if panic_info else []
        own = [line for line in own if line not in panics]
        parts = (([_("{name} pays: {costs}").format(name=character.name, costs=_("; ").join(own))] if own else [])
                 + panics + [d["summary"] for d in defender_panics])
        summary = _("; ").join(parts) if parts else _("{name}: no cost").format(name=character.name)
        if typed and (panic_info or defender_panics):
            # R-MANUAL-1: the history marks dice entered by hand
            summary = _("{summary} (panic D6 typed)").format(summary=summary)
        return {"summary": summary, "roll_id": entry["id"], "costs": costs, "lines": lines,
                **({"by_hand": True} if typed and (panic_info or defender_panics) else {}),
                **({"panic": panic_info} if panic_info else {}),
                **({"defender_panic": defender_panics[0]} if defender_panics else {})}

    return ledger.commit("costs", mutate, character_id=character_id,
                           entry_updates=[(entry["session"], entry["id"], {"costs_status": "pending"},
                                           {"costs_status": "applied"})])


def player_characters(ledger: Ledger, in_range: list[str]) -> list[str]:
    """The ids of the roster members named in ``in_range`` (ids or names), each a player character.

    R-PANIC-1: the panic rows that reach others (stress at short range, a panic roll for those who hear
    or see) reach player characters only (seed 002's rows name 「玩家角色」); an NPC named is refused
    with one sentence naming it, before any die is rolled."""
    ids = []
    for name in in_range:
        character = ledger.character(name)
        if character.is_npc:
            raise ValidationError(_("{name} is an NPC: a panic reaches player characters only, never NPCs "
                                    "(R-PANIC-1)").format(name=character.name))
        ids.append(character.id)
    return ids


def _panic_source(face: int | None, rng: random.Random) -> DiceSource:
    return DiceSource(faces={"dice": [face]}) if face is not None else DiceSource(rng=rng)


def chain_faces_of(ledger: Ledger, panicker_id: str, in_range: list[str],
                   chain_faces: dict | None) -> dict[str, int] | None:
    """R-PANIC-3: the D6s typed for the panic rolls a panic may chain (Scream, Flee, Berserk: every PC who hears
    or sees rolls), by roster id, checked before any die is rolled: each named (id or name) is in range, each
    face 1 to 6, and every PC in range but the one who panics has one (a typed evening types them all). ``None``
    (no faces given at all): the console rolls the chained dice."""
    if chain_faces is None:
        return None
    faces: dict[str, int] = {}
    for name, face in chain_faces.items():
        who = ledger.character(name)
        if who.id not in in_range or who.id == panicker_id:
            raise ValidationError(_("{name} is not in range of the panic: a chained D6 is typed for a player "
                                    "character in range (R-PANIC-3)").format(name=who.name))
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise ValidationError(_("{whose} chained D6 cannot show {face} (a D6 shows 1 to 6)").format(
                whose=possessive(who.name), face=face))
        faces[who.id] = face
    owed = [ledger.character(cid).name for cid in in_range if cid != panicker_id and cid not in faces]
    if owed:
        raise ValidationError(_("the chained D6s are typed for every player character in range: still owed "
                                "{names} (R-PANIC-3)").format(names=_(", ").join(owed)))
    return faces


def panic_on(c: Campaign, character: Character, in_range: list[str], face: int | None,
             rng: random.Random, chain_faces: dict[str, int] | None = None) -> dict:
    """A panic roll for ``character`` on the copy ``c``, with R-PANIC-1 effects on the roster members
    in range (stress, or a chained panic roll each; each character panics at most once per chain).
    ``chain_faces``: the chained rolls' D6s typed by hand, by id (R-PANIC-3, checked by :func:`chain_faces_of`;
    ``None``: the console rolls them); a chained roll typed says ``by_hand``."""
    from gmconsole.campaign.commands.typed_values import panic_table_of

    table = panic_table_of(c)
    calm = table.rows()[0]["id"]
    done: set[str] = set()
    rolls: list[dict] = []
    stress_gains: list[dict] = []

    def one(ch: Character, die_face: int | None) -> None:
        done.add(ch.id)
        current = ch.panic.total if ch.panic else None
        result = table.roll(ch.stress, _panic_source(die_face, rng), current, c.settings.panic_escalation)
        data = result.as_dict()
        if result.effect != calm:  # "keeping it together" leaves any panic already in force as it is
            ch.panic = Panic(total=result.total, effect=result.effect, name=pick(data["name"]))
        if result.stress_change and (ch.stress > 0 or result.stress_change > 0):  # −1 at 0 changes nothing
            # Back at 0 stress the effect just set ends (trackers.end_panics_at_zero_stress, at commit).
            counters.change_stress(ch, result.stress_change)
        typed = ch is not character and chain_faces is not None
        rolls.append({"character_id": ch.id, "character": ch.name, **data, **({"by_hand": True} if typed else {})})
        in_reach = [c.character(x) for x in in_range if x != ch.id]
        others = [o for o in in_reach if o is not None]
        if result.others.stress:
            for other in others:
                other.stress += result.others.stress
                stress_gains.append({"character_id": other.id, "character": other.name,
                                     "stress": result.others.stress})
        if result.others.panic_roll:
            for other in others:
                if other.id not in done:
                    one(other, None if chain_faces is None else chain_faces[other.id])

    one(character, face)
    first = rolls[0]
    summary = _("{name} panics: {total} {row}").format(name=character.name, total=first["total"],
                                                       row=pick(first["name"]))
    if len(rolls) > 1:
        summary = _("{panic}; chained: {rolls}").format(panic=summary, rolls=_(", ").join(
            f"{r['character']} {r['total']} {pick(r['name'])}" for r in rolls[1:]))
    if stress_gains:
        summary = _("{panic}; stress +1: {names}").format(panic=summary,
                                                          names=_(", ").join(g["character"] for g in stress_gains))
    return {"summary": summary, "rolls": rolls, "stress": stress_gains, "total": first["total"],
            "effect": first["effect"]}


def panic(ledger: Ledger, character_id: str, in_range: list[str], face: int | None,
          rng: random.Random, by_hand: bool = False, chain_faces: dict | None = None) -> dict:
    """A panic roll as its own change (the GM's panic key); ``by_hand``: the D6 was typed (R-MANUAL-1);
    ``chain_faces``: the chained rolls' D6s typed (R-PANIC-3, :func:`chain_faces_of`)."""
    who = ledger.character(character_id)
    targets = player_characters(ledger, in_range)
    chained = chain_faces_of(ledger, who.id, targets, chain_faces)

    def mutate(c: Campaign) -> dict:
        info = panic_on(c, character_lookup.member(c, who.id), targets, face, rng, chained)
        typed = [_("typed face")] if by_hand else []
        if chained is not None and len(info["rolls"]) > 1:
            typed.append(_("chained D6s typed"))
        summary = info["summary"]
        if typed:  # one bracket for both
            summary = _("{summary} ({what})").format(summary=summary, what=_("; ").join(typed))
        return {"summary": summary, "panic": info, "by_hand": by_hand}

    return ledger.commit("panic", mutate, character_id=who.id)


def dropped_marks(ledger: Ledger, items: list[dict]) -> list[tuple[int, int, dict, dict]]:
    """The entry updates that mark the rolls of pending ``items`` ``dropped``: the history then
    says so, and nothing offers to apply them. A roll lost or unreadable is left out: only the
    campaign's list changes for it."""
    updates = []
    for item in items:
        try:
            if ledger.find_entry(item["session"], item["roll_id"]).get("costs_status") == "pending":
                updates.append((item["session"], item["roll_id"], {"costs_status": "pending"},
                                {"costs_status": "dropped"}))
        except (ValidationError, StoreError, KeyError):
            continue
    return updates


def drop_costs(ledger: Ledger, roll_id: int) -> dict:
    """Dismiss the pending costs of roll ``roll_id`` without applying them, for costs that can no
    longer be applied (the roll lost from the history, the character gone): one recorded,
    undoable change (else they would wait forever); the roll, when still there, reads ``dropped``."""
    items = {item["roll_id"]: item for item in ledger.campaign.pending_costs}
    if roll_id not in items:
        raise ValidationError(_("roll {id} has no costs waiting (see `gmconsole costs NAME`)").format(id=roll_id))
    item = items[roll_id]
    updates = dropped_marks(ledger, [item])

    def mutate(c: Campaign) -> dict:
        c.pending_costs[:] = [i for i in c.pending_costs if i["roll_id"] != roll_id]
        return {"summary": _("costs of roll {id} ({name}) dropped, not applied").format(
                    id=roll_id, name=item.get("character", "")),
                "roll_id": roll_id, "dropped": copy.deepcopy(item.get("costs", [])),
                "character": item.get("character", "")}  # named even when they left the roster

    return ledger.commit("drop_costs", mutate, character_id=item.get("character_id"), entry_updates=updates)
