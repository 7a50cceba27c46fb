"""``gmconsole odds|roll myz|yze|yze-step``: the Year Zero family on the command line.

Pool flags build a :class:`~gmconsole.families.yearzero.rules.roll.PoolRequest`; ``odds`` asks the exact-odds
engine, ``roll`` rolls (seeded, or from typed faces), and pushes once with ``--push``.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from gmconsole import systems
from gmconsole.cli.common import CliError, dice_count, die_kind, die_size, seed, signed
from gmconsole.families.yearzero.rules.roll import (
    ATTRIBUTES,
    PUSH_COSTS,
    SKILL_ONES,
    Pool,
    PoolRequest,
    YearZeroRoll,
    build_pool,
    find_skill,
    pool_odds,
    push,
    roll,
    skill_attribute,
)
from gmconsole.families.yearzero.rules.sixes import every_six
from gmconsole.i18n import _, ngettext, pick, verbatim
from gmconsole.phrasing import quoted, side_by_side
from gmconsole.rules.data import extra_successes, system_table
from gmconsole.rules.dice import MAX_DICE, DiceSource, DieKind
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import faces_per_kind, parse_int_spec

DIFFICULTIES = ("trivial", "simple", "easy", "average", "demanding", "hard", "formidable")


_seed = seed
"""A random seed: a whole number 0 or more (:data:`gmconsole.cli.common.seed`)."""


def _artifact_die(text: str) -> int:
    sides = die_size(text)
    if sides not in (8, 10, 12):
        raise argparse.ArgumentTypeError(_("an artifact die is a d8, d10 or d12, not {text}").format(text=repr(text)))
    return sides


def _step_die(text: str) -> int:
    sides = die_size(text)
    if sides == 4:
        raise argparse.ArgumentTypeError(_("step dice run d6 to d12"))
    return sides


def _add_pool_arguments(parser: argparse.ArgumentParser, system: str) -> None:
    """The pool flags shared by ``odds`` and ``roll``."""
    if systems.get(system).step_dice:
        parser.add_argument("--die", type=_step_die, action="append", default=[], metavar="dN",
                            help=_("a step die: the attribute's first, then the skill's (once or twice)"))
    else:
        parser.add_argument("--base", type=dice_count, default=0, metavar="N",
                            help=_("base dice (the attribute's current value)"))
        parser.add_argument("--skill", type=dice_count, default=0, metavar="N", help=_("skill dice (the skill level)"))
        parser.add_argument("--gear", type=dice_count, default=0, metavar="N",
                            help=_("gear dice (the item's current bonus)"))
    parser.add_argument("--stress", type=dice_count, default=0, metavar="N",
                        help=_("stress dice (yze with stress-dice)"))
    parser.add_argument("--artifact", type=_artifact_die, action="append", default=[], metavar="dN",
                        help=_("an artifact die: d8, d10 or d12 (repeatable)"))
    parser.add_argument("--modifier", type=signed, action="append", default=[], metavar="\u00b1N",
                        help=_("a modifier such as +2 or -1 (repeatable; they add up)"))
    parser.add_argument("--difficulty", choices=DIFFICULTIES, default="average", help=_("difficulty (default average)"))
    parser.add_argument("--helper", action="append", default=[], metavar="NAME",
                        help=_("a named helper, +1 each (at most 3)"))
    parser.add_argument("--attribute", choices=ATTRIBUTES, default=None,
                        help=_("the attribute the base dice come from and a push charges (default: the "
                             "attribute of --skill-name, else strength)"))
    parser.add_argument("--skill-name", metavar="NAME", help=_("the skill rolled (myz: shows its stunt list)"))
    parser.add_argument("--skill-ones", choices=SKILL_ONES, default="stay",
                        help=_("R-PUSH-5: a skill die showing 1 stays on a push (stay, the default) or is "
                             "rerolled and costs nothing (blank: the published dice, no mark on the 1)"))
    parser.add_argument("--reactive", action="store_true", help=_("a reactive roll, which cannot be pushed"))
    if systems.get(system).push_cost_is_a_setting:
        parser.add_argument("--push-cost", choices=PUSH_COSTS, default="stress-dice",
                            help=_("what a push costs (default stress-dice)"))
    if systems.get(system).has_roles:
        parser.add_argument("--dog", action="store_true", help=_("Sic a Dog fighting: --base is the dog's Strength"))
        parser.add_argument("--use", choices=_use_ids(system), default=None,
                            help=_("Sic a Dog's use: fight (--base is the dog's Strength; a push hurts the dog), "
                                   "scout or track (--base is the handler's Wits; a normal push)"))


def add_odds_arguments(parser: argparse.ArgumentParser, system: str) -> None:
    """Flags of ``gmconsole odds SYSTEM``; with ``--faces`` the odds are those of pushing that first roll."""
    _add_pool_arguments(parser, system)
    parser.add_argument("--faces", metavar="SPEC",
                        help=_('the faces of a first roll, e.g. "b613 s14" (one digit per die; or '
                               '"base=6,1,3 skill=1,4"): the odds and costs of pushing it'))


def add_roll_arguments(parser: argparse.ArgumentParser, system: str) -> None:
    """Flags of ``gmconsole roll SYSTEM``."""
    _add_pool_arguments(parser, system)
    parser.add_argument("--faces", metavar="SPEC",
                        help=_('typed faces, one digit per d6 after its kind\'s letter: "b613 s14 g1" is base 6,1,3, '
                               'skill 1,4, gear 1 (or "base=6,1,3"); artifact and step dice "a10" or "a10,3"'))
    parser.add_argument("--push", action="count", default=0, help=_("push the roll once"))
    parser.add_argument("--push-faces", metavar="SPEC",
                        help=_('typed faces of the rerolled dice only, e.g. "b2 s6" (implies --push)'))
    parser.add_argument("--seed", type=_seed, help=_("seed the random generator (repeatable results)"))


def _use_ids(system: str) -> tuple[str, ...]:
    """The ids of every use a skill of ``system``'s table has (myz Sic a Dog: fight, scout, track)."""
    rows = system_table(system).get("skill_modifiers", ())
    return tuple(row["id"] for row in rows if row.get("use"))


def _table_skill(system: str, skill: str) -> dict[str, Any]:
    """The data row of a skill the system's own table names (the skill a use belongs to): there by the
    table's making, so its absence is a broken table, not the GM's typing."""
    row = find_skill(system, skill)
    if row is None:
        raise RulesError(verbatim("the {system} table names a skill it does not list: {skill}").format(
            system=system, skill=skill))
    return row


def _use(args: argparse.Namespace):
    """The use the roll is for (:class:`~gmconsole.families.yearzero.rules.skill_modifiers.SkillModifier`), or
    ``None``: ``--use``, or ``--dog`` (Sic a Dog fighting). Seed 000 gives Sic a Dog's uses each their own
    attribute, so a roll of it names one (one line naming the flag otherwise); ``--use`` alone is a roll of
    the skill whose use it is."""
    from gmconsole.families.yearzero.rules import skill_modifiers

    dog, named = getattr(args, "dog", False), getattr(args, "use", None)
    if dog and named not in (None, "fight"):
        raise CliError(_("--dog is Sic a Dog fighting, --use {use} another use: give one of them").format(use=named))
    named = named or ("fight" if dog else None)
    row = find_skill(args.system, args.skill_name) if args.skill_name else None
    uses = skill_modifiers.uses_for(args.system, row["id"] if row else None)
    if named is None:
        if row is not None and uses:  # a skill named (no skill: no uses)
            raise CliError(_("{skill} is rolled for one of its uses: give --use {ids} ({uses})").format(
                skill=pick(row["name"]), ids="|".join(u.id for u in uses),
                uses=skill_modifiers.uses_text(args.system, row["id"])))
        return None
    owner = next(r for r in system_table(args.system)["skill_modifiers"] if r["id"] == named)["skill"]
    if row is not None and row["id"] != owner:
        raise CliError(_("--use {use} is a use of {owner}, not of {skill}").format(
            use=named, owner=pick(_table_skill(args.system, owner)["name"]), skill=pick(row["name"])))
    use = skill_modifiers.find(args.system, owner, named)
    if args.attribute and args.attribute != use.attribute:
        raise CliError(_("{use} rolls {attribute}, not {asked}").format(
            use=pick(use.name), attribute=use.attribute, asked=args.attribute))
    return use


def _attribute(args: argparse.Namespace, use=None) -> str:
    """The attribute rolled, which a push charges: the use's (Sic a Dog: fighting the dog's Strength,
    scouting and tracking the handler's Wits); else ``--attribute``; else the skill's own attribute
    (``--skill-name scout`` → Wits); else Strength."""
    if use is not None:
        return use.attribute
    if args.attribute:
        return args.attribute
    return skill_attribute(args.system, args.skill_name) or "strength"


def _skill_name(args: argparse.Namespace) -> None:
    """``--skill-name`` as the system's table names it, matched without regard to case (``sneak`` is
    Sneak); a skill the table does not have is refused with the list of its skills."""
    if not args.skill_name:
        return
    row = find_skill(args.system, args.skill_name)
    if row is None:
        skills = _(", ").join(pick(r["name"]) for r in system_table(args.system)["skills"])
        raise CliError(_("{system} has no skill called {name}; its skills are: {skills}").format(
            system=args.system, name=quoted(args.skill_name.strip()), skills=skills))
    args.skill_name = row["name"]["en"]


def _pool_from_faces(args: argparse.Namespace) -> None:
    """Typed faces without the flags that count dice give the pool: ``--faces "b613 s14 g1"`` (or
    ``"base=6,1,3 skill=1,4 gear=1"``) is three base dice, two skill dice and one gear die (what a GM who
    typed the dice on the table expects); stress faces give the stress dice when ``--stress`` is not
    given. With any of ``--base``/``--skill``/``--gear`` given, the flags build the pool and the faces must
    fit it. Step and artifact dice keep their ``--die``/``--artifact`` flags: a face does not tell a
    die's size (yze-step's stress dice still come from the faces)."""
    step = systems.get(args.system).step_dice
    if args.faces is None or (not step and (args.base or args.skill or args.gear)):
        return
    counts = faces_per_kind(parse_int_spec(args.faces, systems.get(args.system).face_kinds), MAX_DICE)
    if not step:
        args.base, args.skill, args.gear = (counts.get(kind, 0) for kind in ("base", "skill", "gear"))
    if not args.stress:
        args.stress = counts.get("stress", 0)


def pool_from_args(args: argparse.Namespace) -> Pool:
    """Build the pool the flags describe."""
    system = args.system
    _skill_name(args)
    use = _use(args)
    if use is not None and not args.skill_name and not getattr(args, "dog", False):
        args.skill_name = _table_skill(system, use.skill)["name"]["en"]  # --use alone: a roll of its skill
    artifacts = tuple((f"artifact {i + 1}", sides) for i, sides in enumerate(args.artifact))
    common = dict(
        system=system,
        attribute=_attribute(args, use),
        skill_ones=args.skill_ones,
        skill=args.skill_name,
        artifacts=artifacts,
        stress=args.stress,
        difficulty=args.difficulty,
        helpers=tuple(args.helper),
        modifiers=tuple(args.modifier),
        reactive=args.reactive,
        push_cost=getattr(args, "push_cost", None),
    )
    if systems.get(system).step_dice:
        if not args.die:
            raise CliError(_("yze-step needs --die dN for the attribute (and a second --die for the skill)"))
        if len(args.die) > 2:
            raise CliError(_("yze-step rolls at most two step dice: give --die once or twice"))
        skill_die = args.die[1] if len(args.die) == 2 else None
        request = PoolRequest(attribute_die=args.die[0], skill_die=skill_die, **common)
    else:
        gear = (("item", args.gear),) if args.gear else ()
        dog: dict = {}
        if use is not None:  # fighting: --base is the dog's Strength; scouting, tracking: the handler's Wits
            from gmconsole.families.yearzero.rules.roles import dog_stats

            dog = dict(sic_a_dog=True, dog_strength=None if use.dogs_own else dog_stats()["strength"],
                       stunts_of=use.stunts)
        request = PoolRequest(
            attribute_value=args.base,
            skill_level=args.skill,
            gear=gear,
            **dog,
            **common,
        )
    return build_pool(request)


def _percent(p: float) -> str:
    return f"{100 * p:.1f} %"


def run_odds(args: argparse.Namespace) -> tuple[dict, str]:
    """Exact odds of the pool: success, success with a push, the distribution, panic (stress-dice);
    with ``--faces``, of pushing that first roll."""
    if args.faces is not None:
        return run_push_odds(args)
    pool = pool_from_args(args)
    stress_dice = pool.push_cost == "stress-dice"
    if pool.can_roll:
        odds = pool_odds(pool, can_push=not pool.request.reactive)
        result = odds.as_dict()
    else:
        result = {"p_success": 0.0, "p_success_with_push": 0.0, "distribution": [1.0], "expected_successes": 0.0}
        if stress_dice:
            result.update(p_panic=0.0, p_panic_with_push=0.0)
        result["reason"] = pool.reason
    result["system"] = pool.system
    result["skill_ones"] = pool.request.skill_ones
    result["pool"] = {k.value: pool.count(k) for k in DieKind if pool.count(k)}
    result["explanation"] = list(pool.explanation)
    lines = [
        _("{system}: {pool}").format(system=pool.system, pool=_pool_text(pool)),
        _("success {p}, with a push {pushed}, expected successes {expected}").format(
            p=_percent(result["p_success"]), pushed=_percent(result["p_success_with_push"]),
            expected=f"{result['expected_successes']:.2f}"),
    ]
    if result.get("p_panic") is not None:
        lines.append(_("panic {p}, with a push {pushed}").format(p=_percent(result["p_panic"]),
                                                                 pushed=_percent(result["p_panic_with_push"])))
    if not pool.can_roll:
        lines.append(pool.reason or _("this pool cannot be rolled"))
    return result, "\n".join(lines)


def run_push_odds(args: argparse.Namespace) -> tuple[dict, str]:
    """The odds and costs of pushing the first roll ``--faces`` types; a roll that cannot be
    pushed is refused with the rules' reason (exit 2)."""
    from gmconsole.families.yearzero.rules.push_odds import push_odds

    _pool_from_faces(args)
    pool = pool_from_args(args)
    if not pool.can_roll:
        raise CliError(pool.reason or _("this pool cannot be rolled"))
    first = roll(pool, _source(args.faces, random.Random(), pool.system))
    try:
        odds = push_odds(first)
    except RulesError as error:
        raise CliError(_("this roll cannot be pushed: {reason}").format(reason=error)) from error
    result = odds.as_dict()
    result.update(system=pool.system, skill_ones=pool.request.skill_ones, push_cost=pool.push_cost,
                  successes=first.successes, first_dice=[d.as_dict() for d in first.dice])
    return result, push_odds_text(pool, first, odds)


def push_odds_text(pool: Pool, first: YearZeroRoll, odds) -> str:
    """The push's odds for a person: the chance, the expected successes, panic, each cost's amounts."""
    lines = [
        _("{system}: pushing {dice} ({successes} so far)").format(
            system=pool.system, dice=ngettext("{n} die", "{n} dice", odds.rerolled).format(n=odds.rerolled),
            successes=ngettext("{n} success", "{n} successes", first.successes).format(n=first.successes)),
        _("success after the push {p} ({exact}), expected successes {expected}").format(
            p=_percent(float(odds.p_success)), exact=odds.p_success, expected=f"{float(odds.expected_successes):.2f}"),
    ]
    if odds.p_panic is not None:
        lines.append(_("panic {p}").format(p=_percent(float(odds.p_panic))))
    from gmconsole.campaign.pending_costs import cost_text

    for name, dist in odds.cost_distribution.items():
        amounts = side_by_side(f"{amount}: {_percent(float(p))}" for amount, p in dist.items())
        lines.append(_("{cost}: {amounts}").format(cost=cost_text({"name": name}), amounts=amounts))
    return "\n".join(lines)


def _pool_text(pool: Pool) -> str:
    parts = []
    for kind in DieKind:
        dice = [d for d in pool.dice if d.kind is kind]
        if dice:
            sizes = ",".join(f"d{d.sides}" for d in dice) if kind in (DieKind.ARTIFACT, DieKind.STEP) else ""
            parts.append(f"{len(dice)} {die_kind(kind.value)}" + (f" ({sizes})" if sizes else ""))
    return _(", ").join(parts) or _("no dice")


def _source(spec: str | None, rng: random.Random, system: str) -> DiceSource:
    """Console dice, or the typed SPEC (``b63124 s355`` or ``base=6,3,1,2,4 skill=3,5,5``); the roll or
    the push checks it gives one face per die (R-MANUAL-1)."""
    if spec is None:
        return DiceSource(rng=rng)
    return DiceSource(faces=parse_int_spec(spec, systems.get(system).face_kinds))


def run_roll(args: argparse.Namespace) -> tuple[dict, str]:
    """Roll the pool (from ``--seed`` or ``--faces``), push when asked, and report dice, banes and costs."""
    if args.push_faces is not None and args.faces is None:
        raise CliError(_("--push-faces needs --faces: type the first roll's faces too, or use --push to roll the push"))
    _pool_from_faces(args)
    pool = pool_from_args(args)
    if not pool.can_roll:
        raise RulesError(pool.reason)
    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    result_roll = roll(pool, _source(args.faces, rng, pool.system))
    pushes = max(args.push, 1 if args.push_faces is not None else 0)
    for i in range(pushes):
        if result_roll.push_refusal:
            raise RulesError(result_roll.push_refusal)
        spec = args.push_faces if i == 0 else None
        result_roll = push(result_roll, _source(spec, rng, pool.system))
    result = result_roll.as_dict()
    if args.seed is not None:
        result["seed"] = args.seed
    return result, roll_text(result_roll)


def roll_text(r: YearZeroRoll) -> str:
    """A short text rendering of a roll for a person."""
    groups = []
    for kind in DieKind:
        faces = [d for d in r.dice if d.kind is kind]
        if faces:
            shown = " ".join(
                (f"d{d.sides}:" if kind in (DieKind.ARTIFACT, DieKind.STEP) else "")
                + f"{d.face}{'*' if d.rerolled else ''}"
                for d in faces
            )
            groups.append(f"{die_kind(kind.value)} {shown}")
    verdict = _("success") if r.success else _("failure")
    successes = ngettext("{n} success", "{n} successes", r.successes).format(n=r.successes)
    counted = every_six(r.pool.system, r.pool.skill_id, r.successes)  # R-STUNT-1: Move, Heal ... count every 6
    extra = (counted.text() or ngettext("{count} six", "{count} sixes", 0).format(count=0)) if counted \
        else extra_successes(r.pool.system, r.stunts)
    said = _("{verdict}: {successes}, {extra} (pushed)") if r.pushes else _("{verdict}: {successes}, {extra}")
    lines = [" | ".join(groups), said.format(verdict=verdict, successes=successes, extra=extra)]
    banes = side_by_side(f"{die_kind(k)} {n}" for k, n in r.banes.items() if n)
    if banes:
        lines.append(_("banes: {banes}").format(banes=banes))
    if r.costs:
        from gmconsole.campaign.pending_costs import cost_text

        lines.append(_("push costs: {costs}").format(costs=_(", ").join(
            cost_text({"name": c.name, "amount": c.amount, "target": c.target}) for c in r.costs)))
    if r.panic:
        lines.append(_("PANIC: a stress die shows 1, roll on the panic table"))
    if not r.can_push and not r.pushes:
        lines.append(_("cannot push: {reason}").format(reason=r.push_refusal))
    return "\n".join(lines)


# --------------------------------------------------------------------------- gmconsole opposed


def opposed_roll(service, args: argparse.Namespace, rng: random.Random) -> dict:
    """``gmconsole opposed`` in a Year Zero campaign (R-OPP-1): the active pool from the attacker's sheet against
    the defender's, recorded by ``service.rolls.opposed_roll`` as the console's ``o`` records it. The defender rolls the
    skill the rules pair with ``--skill`` (Sneak against Scout, Manipulate against Sense Emotion) unless
    ``--defender-skill`` names one; an unpaired skill needs it (or ``--defender-attribute``)."""
    from gmconsole.campaign import skills
    from gmconsole.families.yearzero.rules.skill_modifiers import opposed_skill

    campaign = service.campaign
    skill = skills.resolve(campaign, args.skill)
    defender_skill = skills.resolve(campaign, args.defender_skill) if args.defender_skill else None
    if defender_skill is None:
        defender_skill = opposed_skill(campaign.system, skill)
        if defender_skill is None and not args.defender_attribute:
            raise CliError(_("{skill} has no skill paired against it (R-OPP-1): name what the defender rolls with "
                             "--defender-skill K or --defender-attribute A").format(
                skill=skills.name_of(campaign, skill)))
    return service.rolls.opposed_roll(
        args.attacker, skill, attribute=skills.attribute_id(campaign.system, args.attribute), gear=args.gear,
        defender_id=args.defender, defender_skill=defender_skill,
        defender_attribute=skills.attribute_id(campaign.system, args.defender_attribute),
        faces=args.faces, defender_faces=args.defender_faces, rng=rng)


def opposed_text(entry: dict, campaign: str) -> str:
    """A recorded opposed roll for a person: the summary with the verdict, the active side's dice, the
    defender's dice, then the costs it owes (a defender's panic, R-PANIC-1)."""
    from gmconsole.cli.campaign_commands import dice_words, entry_text
    from gmconsole.families.yearzero.engine.opposed import defender_name
    from gmconsole.safe_text import shown

    opposed = entry.get("opposed") or {}
    defender = _("{name} rolls: {dice}").format(name=shown(defender_name(opposed)),
                                                dice=dice_words(opposed.get("defender_dice", [])))
    return entry_text(entry, campaign, after_dice=(defender,))


# --------------------------------------------------------------------------- the family's own commands


def register_commands(subparsers) -> None:
    """Add the commands only Year Zero has beside ``odds`` and ``roll``
    (:class:`gmconsole.cli.dice_commands.FamilyCommands`): ``panic`` and ``rest`` (yze, yze-step: stress and the
    panic table, R-PANIC-1), ``outcome`` and the myz role skills ``inspire``, ``shake-it-off``, ``mend`` and
    ``jury-rig`` (R-MYZ-ROLE-1)."""
    import gmconsole.families.yearzero.cli.outcome as cli_outcome
    import gmconsole.families.yearzero.cli.panic as cli_panic
    import gmconsole.families.yearzero.cli.rest as cli_rest
    import gmconsole.families.yearzero.cli.roles as cli_roles

    for module in (cli_panic, cli_outcome, cli_roles, cli_rest):
        module.register(subparsers)


def check_sheet_roll(service, args: argparse.Namespace, picks: list[str]) -> None:
    """A skill rolled for one of its uses (seed 000: Sic a Dog fights with the dog's Strength, scouts and
    tracks with the handler's Wits) names it: without ``--use`` the command stops with one line naming the
    flag. A character without the skill is left to the service, which refuses the roll for that (R-MYZ-SPEC).
    (:class:`gmconsole.cli.campaign_commands.SheetRollCheck`.)"""
    from gmconsole.campaign import skills
    from gmconsole.families.yearzero.rules import skill_modifiers

    skill = skills.resolve(service.campaign, args.skill) if args.skill else None
    uses = skill_modifiers.uses_for(service.campaign.system, skill)
    character = service.campaign.find_character(args.character)
    if not uses or skill_modifiers.use_of(service.campaign.system, skill, picks) is not None:
        return
    if character is None or character.skills.get(skill, 0) < 1:
        return
    raise CliError(_("{skill} is rolled for one of its uses: give --use {ids} ({uses})").format(
        skill=skills.name_of(service.campaign, skill), ids="|".join(u.id for u in uses),
        uses=skill_modifiers.uses_text(service.campaign.system, skill)))
