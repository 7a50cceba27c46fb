"""The Year Zero opposed roll's outcome and wording (R-OPP-1), shared by the roll and its push.

The active side's roll is an ordinary ``roll`` entry carrying the defender's dice and the outcome in
``opposed``; a push reads the outcome again with these (:func:`gmconsole.campaign.commands.rolls.push`),
and the opposed roll itself records it (:func:`gmconsole.campaign.commands.special_rolls.opposed_roll`).
"""

from __future__ import annotations

from gmconsole import systems
from gmconsole.campaign import sheet_rolls, skills
from gmconsole.campaign.model import Campaign
from gmconsole.i18n import _, verbatim
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import parse_int_spec


def typed_pool_request(system: str, text: str):
    """A defender's pool typed as counts, e.g. ``base=3 skill=2 gear=1`` (a reactive roll)."""
    from gmconsole.systems.yearzero import roll as yearzero

    typed = systems.get(system).typed_pool
    assert typed is not None  # asked only of a family whose defender may type a pool (Year Zero)
    pool_rules, push_cost = typed
    counts = parse_int_spec(text, ("base", "skill", "gear"))
    for kind, values in counts.items():
        if len(values) != 1:
            raise RulesError(_("give one count for {kind}= (e.g. base=3 skill=2)").format(kind=kind))
    base = counts.get("base", [0])[0]
    skill = counts.get("skill", [0])[0]
    gear = counts.get("gear", [0])[0]
    return yearzero.PoolRequest(
        system=pool_rules, attribute_value=base, skill=None, skill_level=0,
        modifiers=(skill,) if skill else (), gear=((_("typed gear"), gear),) if gear else (),
        push_cost=push_cost, reactive=True,
    )


def opposed_outcome(entry_fields: dict, opposed: dict, reroll_ties: bool) -> dict:
    """R-OPP-1 read again from a (maybe pushed) active roll's fields and the stored defender roll."""
    from gmconsole.systems.yearzero import roll as yearzero
    from gmconsole.systems.yearzero.recorded import pool_request_from

    active = yearzero.YearZeroRoll(
        pool=yearzero.build_pool(pool_request_from(entry_fields["pool_request"])),
        dice=tuple(sheet_rolls.rolled_die(d) for d in entry_fields["dice"]),
        first_dice=tuple(sheet_rolls.rolled_die(d) for d in entry_fields["first_dice"]),
        pushes=entry_fields.get("pushes", 0),
    )
    defender_pool = yearzero.build_pool(pool_request_from(opposed["defender_pool_request"]))
    dice = tuple(sheet_rolls.rolled_die(d) for d in opposed["defender_dice"])
    defender = yearzero.YearZeroRoll(pool=defender_pool, dice=dice, first_dice=dice)
    result = yearzero.opposed(active, defender, reroll_ties)
    out = dict(opposed)
    out.update(result.as_dict())
    return out


def defender_panic_costs(opposed: dict) -> list[dict]:
    """R-OPP-1 with R-PANIC-1: a roster defender whose stress die shows 1 (``stress-dice`` push cost)
    owes a panic roll. It is a cost of the opposed roll's entry (``target`` the defender's name,
    ``character_id`` theirs), pending until the GM's one ``apply_costs`` for the roll, which rolls
    it with the chained effects on the characters in range — and undoes it with the active side's costs.
    A typed defender pool has no stress dice, so it never panics."""
    if not (opposed.get("defender_panic") and opposed.get("defender_id")):
        return []
    return [{"name": "panic", "amount": 1, "target": opposed["defender"], "character_id": opposed["defender_id"]}]


def opposed_verdict(name: str, opposed: dict) -> str:
    """Who carries an opposed roll, in words."""
    outcome = opposed["outcome"]
    if outcome == "active":
        return _("{name} wins").format(name=name)
    if outcome == "defender":
        return _("{name} holds").format(name=defender_name(opposed))
    return _("a tie: roll again")


TYPED_POOL = verbatim("typed pool")
"""The defender's name an opposed roll against a typed pool stores (scripts and tests compare it), shown
in the console's language by :func:`defender_name`."""


def defender_name(opposed: dict) -> str:
    """The defender of an opposed roll as the GM reads it: a character's name, or "typed pool" translated."""
    defender = opposed.get("defender") or ""
    return _("typed pool") if defender == TYPED_POOL and not opposed.get("defender_id") else defender


def opposed_summary(campaign: Campaign, name: str, skill: str | None, opposed: dict) -> str:
    """The history line of an opposed roll: both sides' successes and who carries it (the defender's
    skill by its name in ``campaign``; the entry keeps its id)."""
    verdict = opposed_verdict(name, opposed)
    shown = skills.name_of(campaign, opposed.get("defender_skill"))
    against = (_("{name} ({skill})").format(name=defender_name(opposed), skill=shown) if shown
               else defender_name(opposed))
    return _("{name} rolls {skill} opposed by {against}: {active} vs {defender} — {verdict}").format(
        name=name, skill=skill or _("a roll"), against=against, active=opposed["active_successes"],
        defender=opposed["defender_successes"], verdict=verdict)
