"""The rolls beyond a plain check, offered by the roll builder when the campaign's system has them.

- Year Zero opposed roll (R-OPP-1): the active side is a recorded roll (``service.roll``), the
  defender a second character's skill roll or a typed pool, read by ``yearzero.opposed``.
- ``exploding``: opposed test (R-EXP-4), assisted untrained check, group check.
- ``tiered``: saving throw (R-TIER-3), attack (R-TIER-4), contested roll (R-TIER-5).

The campaign service has entry points for a character's own check (``preview_roll``/``roll``/
``push``/``apply_costs``) but none for these, so apart from the active side of a Year Zero opposed
roll they are resolved by the pure rules core and are not recorded in the campaign's history.
Every function returns ``(title, fields, run, hint)`` for :class:`~gmconsole.ui.screens.roll_form.RollFormScreen`;
``run`` raises ``ValueError`` with one sentence on bad input.
"""

from __future__ import annotations

import random
from typing import Callable

from gmconsole.campaign import rolls as campaign_rolls
from gmconsole.rules import YEAR_ZERO_SYSTEMS
from gmconsole.rules.dice import DiceSource, Die, DieKind, RolledDie
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import parse_int_spec
from gmconsole.ui.screens.roll_form import FormField

__all__ = ["special_actions", "year_zero_roll_of", "opposed_form"]

Form = tuple[str, list[FormField], Callable[[dict[str, str]], str], str]


def _source(faces: str, kinds: tuple[str, ...], rng: random.Random | None) -> DiceSource:
    if faces:
        return DiceSource(faces=parse_int_spec(faces, kinds))
    return DiceSource(rng=rng or random.Random())


def _character(service, ref: str):
    if not ref:
        raise RulesError("name a character from the roster")
    return service.character(ref)


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RulesError(f"{what} must be a whole number, not {text!r}") from None


def year_zero_roll_of(entry: dict):
    """The rules core's ``YearZeroRoll`` of a recorded roll entry (pool rebuilt from its request)."""
    from gmconsole.rules import yearzero

    raw = dict(entry["pool_request"])
    for key in ("gear", "artifacts"):
        raw[key] = tuple(tuple(v) for v in raw.get(key, []))
    for key in ("helpers", "modifiers"):
        raw[key] = tuple(raw.get(key, []))
    pool = yearzero.build_pool(yearzero.PoolRequest(**raw))

    def rolled(d: dict) -> RolledDie:
        return RolledDie(Die(DieKind(d["kind"]), d["sides"], d.get("source")), d["face"], d.get("rerolled", False))

    return yearzero.YearZeroRoll(pool=pool, dice=tuple(rolled(d) for d in entry["dice"]),
                                 first_dice=tuple(rolled(d) for d in entry["first_dice"]),
                                 pushes=entry.get("pushes", 0), by_hand=entry.get("by_hand", False))


def _typed_year_zero_pool(system: str, text: str):
    """A defender pool typed as counts, e.g. ``base=3 skill=2 gear=1``."""
    from gmconsole.rules import yearzero

    counts = parse_int_spec(text, ("base", "skill", "gear"))
    for kind, values in counts.items():
        if len(values) != 1:
            raise RulesError(f"give one count for {kind}= (e.g. base=3 skill=2)")
    request = yearzero.PoolRequest(
        system="myz" if system == "myz" else "yze", attribute_value=counts.get("base", [0])[0],
        skill=None, skill_level=0, modifiers=(counts["skill"][0],) if counts.get("skill", [0])[0] else (),
        gear=(("typed gear", counts["gear"][0]),) if counts.get("gear", [0])[0] else (),
        push_cost=None if system == "myz" else "damage-stress", reactive=True,
    )
    return yearzero.build_pool(request)


def opposed_form(builder_request: dict, service, rng, on_active: Callable[[dict, dict], None]) -> Form:
    """Year Zero opposed roll (R-OPP-1): roll the built pool as the active side, then the defender.

    The active roll is recorded through ``service.roll`` (it can still be pushed from the builder,
    R-PUSH-2: only the active side may push, after the defender rolled); ``on_active(entry,
    defender)`` hands the builder the entry and the defender's roll for the result pane.
    """
    from gmconsole.rules import yearzero

    system = service.campaign.system

    def run(v: dict[str, str]) -> str:
        if not v["opponent"] and not v["pool"]:
            raise RulesError("name an opponent (and skill) or type the defender's pool, e.g. base=3 skill=2")
        if v["opponent"]:
            who = _character(service, v["opponent"])
            request = campaign_rolls.RollRequest(character_id=who.id, skill=v["skill"] or None,
                                                 attribute=v["attribute"] or None, reactive=True)
            pool = yearzero.build_pool(campaign_rolls.pool_request(service.campaign, request))
            name = who.name
        else:
            pool = _typed_year_zero_pool(system, v["pool"])
            name = "typed pool"
        if not pool.can_roll:
            raise RulesError(pool.reason or "the defender's pool cannot be rolled")
        defender = yearzero.roll(pool, _source(v["defender_faces"], ("base", "skill", "gear", "stress", "artifact", "step"), rng))
        entry = service.roll(**builder_request, faces=v["active_faces"] or None, rng=rng)
        active = year_zero_roll_of(entry)
        result = yearzero.opposed(active, defender, service.campaign.settings.opposed_reroll_ties)
        on_active(entry, {"name": name, "roll": defender})
        return opposed_text(entry, name, defender, result)

    fields = [
        FormField("opponent", "Defender (roster name or id)", placeholder="e.g. Vanja"),
        FormField("skill", "Defender's skill id", placeholder="e.g. scout"),
        FormField("attribute", "Defender's attribute (blank: the skill's)", placeholder=""),
        FormField("pool", "…or the defender's pool typed", placeholder="base=3 skill=2 gear=1"),
        FormField("active_faces", "Active faces typed (blank: console dice)", placeholder="base=6,1 skill=4"),
        FormField("defender_faces", "Defender faces typed (blank: console dice)", placeholder="base=6,2 skill=3"),
    ]
    hint = ("R-OPP-1: each defender success cancels one of yours; you win only with more. "
            "Only the active side may push (p), after the defender rolled.")
    return ("Opposed roll", fields, run, hint)


def opposed_text(entry: dict, defender_name: str, defender, result) -> str:
    """The opposed roll in words: both sides' successes and who carries it."""
    faces = " ".join(f"{d.kind.value}:{d.face}" for d in defender.dice)
    outcome = {"active": "the active side wins", "defender": "the defender holds (a tie fails the active side)",
               "reroll": "a tie: roll the opposed roll again (setting)"}[result.outcome]
    return (f"{entry.get('character')}: {result.active_successes} · {defender_name}: {result.defender_successes} "
            f"[{faces}] → {outcome}; net successes {result.net_successes}")


def opposed_after_push(entry: dict, defender_name: str, defender, reroll_ties: bool) -> str:
    """Re-read an opposed roll after the active side pushed."""
    from gmconsole.rules import yearzero

    result = yearzero.opposed(year_zero_roll_of(entry), defender, reroll_ties)
    return opposed_text(entry, defender_name, defender, result)


# --------------------------------------------------------------------------- exploding


def _participant(service, ref: str, skill: str, attribute: str):
    from gmconsole.rules import exploding

    who = _character(service, ref)
    if attribute not in who.attributes:
        raise RulesError(f"{who.name} has no attribute {attribute!r}")
    size = who.skills.get(skill, 0) if skill else 0
    return exploding.Participant(who.name, (size,) * exploding.SKILL_DICE if size else (), who.attributes[attribute].current)


def _check_text(name: str, result) -> str:
    dice = " ".join("+".join(str(f) for f in d.faces) for d in result.dice)
    verdict = "critical failure" if result.critical_failure else ("success" if result.success else "failure")
    tn = "" if result.tn is None else f" vs TN {result.tn.value}"
    return f"{name}: top {result.top}{tn} [{dice}] {verdict}"


def exploding_forms(service, character, state: dict, rng) -> dict[str, Form]:
    """Opposed test (R-EXP-4), assisted untrained check and group check for the ``exploding`` system."""
    from gmconsole.rules import exploding

    settings = service.campaign.settings
    attribute = state.get("attribute") or next(iter(character.attributes))
    skill = state.get("skill") or ""
    difficulty = state.get("difficulty") or exploding.default_difficulty()

    def opposed_run(v: dict[str, str]) -> str:
        active = _participant(service, character.id, v["skill"], v["attribute"])
        defender = _participant(service, v["opponent"], v["opp_skill"], v["opp_attribute"])
        tie = "defender" if settings.exploding_tie_to_defender else "active"
        result = exploding.opposed(active, defender, _source_exploding(v["faces"], rng, active, defender), tie)
        a = _check_text(active.name, result.active)
        d = _check_text(defender.name, result.defender)
        winner = active.name if result.winner == "active" else defender.name
        return f"{a}\n{d}\n→ {winner} wins (R-EXP-4: higher top wins, a tie goes to the {tie})"

    def group_run(v: dict[str, str]) -> str:
        names = [n.strip() for n in v["participants"].split(",") if n.strip()]
        people = [_participant(service, n, v["skill"], v["attribute"]) for n in names]
        base = exploding.build_target_number(v["difficulty"] or None)
        result = exploding.group_check(base, people, DiceSource(rng=rng or random.Random()))
        lines = [f"TN {result.tn.value} (" + ", ".join(f"{ln.label} {ln.amount:+d}" for ln in result.tn.lines) + ")"]
        lines += [_check_text(n, r) for n, r in result.results]
        lines.append(f"→ {result.successes} of {len(people)} succeed")
        return "\n".join(lines)

    def assisted_run(v: dict[str, str]) -> str:
        leader = _participant(service, character.id, v["skill"], v["attribute"])
        if not leader.skill_dice:
            raise RulesError(f"{leader.name} is not trained in {v['skill'] or 'that skill'}: the leader must be trained")
        others_refs = [n.strip() for n in v["others"].split(",") if n.strip()]
        others = [_participant(service, n, "", v["attribute"]) for n in others_refs]
        base = exploding.build_target_number(v["difficulty"] or None)
        check = exploding.AssistedCheck.start(base, leader.name, [o.name for o in others])
        source = DiceSource(rng=rng or random.Random())
        lead = exploding.roll_check(leader.skill_dice, leader.trait_die, check.tn, source)
        check = check.leader_rolled(lead)
        lines = [f"TN {check.tn.value}", _check_text(leader.name, lead) + f" → pool {check.pool}"]
        for other in others:
            r = exploding.roll_check((), other.trait_die, check.tn, source)
            check = check.participant_rolled(r)
            step = check.steps[-1]
            lines.append(_check_text(other.name, r) + (f", spends {step.spent}" if step.spent else "")
                         + f" → {'success' if step.success else 'failure'} (pool {step.pool_after})")
        lines.append(f"→ {check.successes} success(es)")
        return "\n".join(lines)

    common = [FormField("skill", "Skill id", skill), FormField("attribute", "Trait (attribute id)", attribute)]
    return {
        "opposed": ("Opposed test", common + [
            FormField("opponent", "Defender (roster name or id)"),
            FormField("opp_skill", "Defender's skill id"),
            FormField("opp_attribute", "Defender's trait", attribute),
            FormField("faces", "Faces typed (blank: console dice)", placeholder="skill=8+3,2 trait=5 (active then defender)"),
        ], opposed_run, "R-EXP-4: both roll exploding dice; the higher top wins; a tie goes to the defender (setting)."),
        "group": ("Group check", common + [
            FormField("participants", "Trained participants (names, comma-separated)", character.name),
            FormField("difficulty", "Difficulty", difficulty),
        ], group_run, "TN −1 per trained participant; everyone rolls; the console counts the successes."),
        "assisted": ("Assisted untrained check", common + [
            FormField("others", "Untrained participants (names, comma-separated)"),
            FormField("difficulty", "Difficulty", difficulty),
        ], assisted_run, "The trained leader rolls first against TN +1 per other participant; points above the TN "
                         "form a pool the others spend to close their gap."),
    }


def _source_exploding(faces: str, rng, active, defender) -> DiceSource:
    from gmconsole.rules import exploding

    if not faces:
        return DiceSource(rng=rng or random.Random())
    dice = exploding.check_dice(active.skill_dice, active.trait_die) + exploding.check_dice(defender.skill_dice, defender.trait_die)
    return exploding.parse_faces(faces, dice, True)


# --------------------------------------------------------------------------- tiered


def tiered_forms(service, character, rng) -> dict[str, Form]:
    """Saving throw (R-TIER-3), attack (R-TIER-4) and contested roll (R-TIER-5) for ``tiered``."""
    from gmconsole.rules import tiered

    settings = service.campaign.settings

    def attr(ch, key: str) -> int:
        if key not in ch.attributes:
            raise RulesError(f"{ch.name} has no attribute {key!r}")
        return ch.attributes[key].current

    def save_run(v: dict[str, str]) -> str:
        ch = character
        scores = tiered.save_scores(attr(ch, "dex"), attr(ch, "str"), attr(ch, "int"), attr(ch, "cha"),
                                    attr(ch, "per"), ch.level)
        save = v["save"].casefold()
        if save not in tiered.SAVES:
            raise RulesError(f"unknown save {v['save']!r}: choose phys, ment or perc")
        score = getattr(scores, save)
        result = tiered.saving_throw(save, score, _source(v["faces"], ("dice",), rng), settings.tiered_strict_over)
        faces = " ".join(str(d.face) for d in result.dice)
        return f"{ch.name} {save.upper()} save {score}: 2d6 [{faces}] = {result.total} → {result.outcome.value.upper()} (R-TIER-3)"

    def attack_run(v: dict[str, str]) -> str:
        ch = character
        item = ch.gear_item(v["weapon"]) if v["weapon"] else None
        if v["weapon"] and item is None:
            raise RulesError(f"{ch.name} has no item {v['weapon']!r}")
        weapon = item.damage if item is not None else _int(v["damage"] or "0", "weapon damage")
        melee = v["melee"].casefold() in ("y", "yes", "melee", "m")
        reckless = v["reckless"].casefold() in ("y", "yes")
        result = tiered.attack(ch.class_bonus, attr(ch, "str"), attr(ch, "dex"), weapon, melee,
                               _source(v["faces"], ("dice",), rng), reckless)
        faces = " ".join(str(d.face) for d in result.roll.dice)
        notes = ("; " + "; ".join(result.notes)) if result.notes else ""
        return (f"{ch.name} attacks ({'melee' if melee else 'ranged'}): [{faces}] → {result.tier.value.upper()}, "
                f"damage {result.damage} (R-TIER-4){notes}")

    def contested_run(v: dict[str, str]) -> str:
        other = _character(service, v["opponent"])
        a = attr(character, v["attribute"])
        b = attr(other, v["opp_attribute"] or v["attribute"])
        result = tiered.contested(a, b, _source(v["faces"], ("dice",), rng))
        rounds = "; ".join(f"{x} vs {y}" for x, y in result.rounds)
        winner = character.name if result.winner == "a" else other.name
        return f"{rounds} → {winner} wins (R-TIER-5: ties are rolled again)"

    weapon = next((g.name for g in character.gear if g.damage), "")
    return {
        "save": ("Saving throw", [FormField("save", "Save (phys, ment, perc)", "phys"),
                                  FormField("faces", "Faces typed (blank: console dice)", placeholder="dice=4,5")],
                 save_run, "2d6 against the save score: ≥ 2× save critical, ≥ save success (R-TIER-3)."),
        "attack": ("Attack roll", [FormField("weapon", "Weapon (item name; blank: type the damage)", weapon),
                                   FormField("damage", "Weapon damage (when no item)", ""),
                                   FormField("melee", "Melee? (y/n)", "y"),
                                   FormField("reckless", "Reckless? (y/n, melee only)", "n"),
                                   FormField("faces", "Faces typed (blank: console dice)", placeholder="dice=6,2,3")],
                   attack_run, "Class bonus + STR (melee) or DEX (ranged) d6, read as a skill check (R-TIER-4)."),
        "contested": ("Contested roll", [FormField("attribute", "Attribute", "str"),
                                         FormField("opponent", "Opponent (roster name or id)"),
                                         FormField("opp_attribute", "Opponent's attribute (blank: same)"),
                                         FormField("faces", "Faces typed (blank: console dice)", placeholder="dice=3,4,2,6")],
                      contested_run, "Each side 2d6 + attribute; highest wins; a tie is rolled again (R-TIER-5)."),
    }


def special_actions(system: str) -> list[str]:
    """The extra roll kinds the builder offers for ``system`` (only those the system has)."""
    if system in YEAR_ZERO_SYSTEMS:
        return ["opposed"]
    if system == "exploding":
        return ["opposed", "assisted", "group"]
    return ["contested", "save", "attack"]
