"""Building a Year Zero dice pool (`myz`, `yze`, `yze-step`) from a character's numbers.

A :class:`PoolRequest` holds what the roll builder knows (attribute and its current value, skill
and level, gear items, artifact dice, stress, difficulty, named helpers, other modifiers, step
dice, settings); :func:`build_pool` turns it into a :class:`Pool`: the dice in order, kept apart
by kind and item (R-POOL-1), and an explanation a GM can read line by line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmconsole.families.yearzero.rules.system import (
    MYZ,
    STEP_SIZES,
    YEAR_ZERO_IDS,
    YZE,
    YZE_PUSH_COSTS,
    YZE_STEP,
    game_of,
)
from gmconsole.i18n import N_, _, language, pick, verbatim
from gmconsole.rules.data import load_table, system_table
from gmconsole.rules.dice import MAX_DICE, Die, DieKind
from gmconsole.rules.errors import RulesError

ATTRIBUTES = ("strength", "agility", "wits", "empathy")
"""The four attributes of every Year Zero game, in the order the rules list them."""

PUSH_COSTS = YZE_PUSH_COSTS
"""The `yze` / `yze-step` push-cost options (one per campaign, a setting)."""

DEFAULT_PUSH_COST = {s.id: s.default_push_cost for s in (MYZ, YZE, YZE_STEP)}

MAX_HELPERS = 3
"""R-HELP-1: at most three helpers, +1 each."""

SKILL_ONES = ("stay", "blank")
"""R-PUSH-5 (setting ``skill_ones``): ``stay`` (default, the seeds' words: a 1 never rerolls) or
``blank`` (tables using the published dice, whose skill die has no mark on its 1: a skill 1 is
rerolled on a push and costs nothing)."""

_ALWAYS_STAY = frozenset({DieKind.BASE, DieKind.GEAR, DieKind.STRESS, DieKind.ARTIFACT, DieKind.STEP})


DICE_OF_KIND = {"base": N_("{count} base dice"), "skill": N_("{count} skill dice"), "gear": N_("{count} gear dice"),
                "stress": N_("{count} stress dice")}


def _dice(count: int, kind: str) -> str:
    """``1 stress die``, ``4 base dice``: how the pool's explanation counts dice (in the console's language; a
    language with plurals other than English's would need ngettext here, Chinese has none)."""
    if language() != "en" and kind in DICE_OF_KIND:
        return _(DICE_OF_KIND[kind]).format(count=count)
    return f"{count} {kind} {'die' if count == 1 else 'dice'}"


def _difficulty_shown(system: str, difficulty: str) -> str:
    """A difficulty as the explanation names it: the id typed, lower case, in English; the table's name in
    another language."""
    if language() == "en":
        return difficulty.lower()
    for row in system_table(system)["difficulty"]:
        if difficulty.lower() in (row["id"], row["name"]["en"].lower()):
            return pick(row["name"])
    return difficulty.lower()


def check_skill_ones(skill_ones: str) -> str:
    """``skill_ones`` if it is one of :data:`SKILL_ONES`, else one clear RulesError."""
    if skill_ones not in SKILL_ONES:
        raise RulesError(_("skill ones {value!r} is not a choice: use {choices} (R-PUSH-5)").format(
            value=skill_ones, choices=_(" or ").join(SKILL_ONES)))
    return skill_ones


def ones_that_stay(skill_ones: str = "stay") -> frozenset[DieKind]:
    """R-PUSH-1: the kinds whose 1s never reroll on a push — every kind, skill dice included unless
    ``skill_ones`` is ``blank`` (R-PUSH-5). Seed 000: "You can never push dice that show 1";
    seed 002: 「允許你重擲所有未顯示 1 的骰子」."""
    if check_skill_ones(skill_ones) == "stay":
        return _ALWAYS_STAY | {DieKind.SKILL}
    return _ALWAYS_STAY


@dataclass(frozen=True)
class PoolRequest:
    """Everything the roll builder knows about one Year Zero roll, before any die is counted.

    ``attribute_value`` is the attribute's *current* value (after trauma) and gives the base dice
    in `myz` and `yze`; for a Sic a Dog fighting roll it is the dog's current Strength.
    ``gear`` is ``((item, current bonus), ...)``; ``artifacts`` is ``((item, sides), ...)`` or
    ``((item, sides, current gear bonus), ...)``: R-ART-2, an item at bonus 0 cannot be used. R-ART-3: an
    item with an artifact die and a gear bonus is named in both, so its gear dice roll beside its artifact die.
    ``attribute_die`` / ``skill_die`` are the step dice of `yze-step` (sides), ``skill_die``
    ``None`` meaning no skill. ``modifiers`` are other situational modifiers (signed);
    ``named_modifiers`` are ``((name, value), ...)`` picked from a skill's own list (seed 002,
    :mod:`gmconsole.families.yearzero.rules.skill_modifiers`), added the same way and explained by name.
    ``reactive`` marks a roll that may not be pushed (R-PUSH-2); ``max_pushes`` is the setting.
    ``tool_takes_damage`` is the `damage-stress` option where the tool used (the first gear item)
    takes the push damage instead of the character. ``skill_ones`` is R-PUSH-5 (``stay``/``blank``).
    """

    system: str
    attribute: str = "strength"
    attribute_value: int = 0
    skill: str | None = None
    skill_level: int = 0
    specialist: bool = False
    gear: tuple[tuple[str, int], ...] = ()
    artifacts: tuple[tuple[str, int] | tuple[str, int, int], ...] = ()
    stress: int = 0
    difficulty: str = "average"
    helpers: tuple[str, ...] = ()
    modifiers: tuple[int, ...] = ()
    attribute_die: int | None = None
    skill_die: int | None = None
    reactive: bool = False
    push_cost: str | None = None
    max_pushes: int = 1
    sic_a_dog: bool = False
    dog_strength: int | None = None
    tool_takes_damage: bool = False
    named_modifiers: tuple[tuple[str, int], ...] = ()
    skill_ones: str = "stay"
    campaign_skill: bool = False
    """The skill comes from the campaign's own list, not the system's table: a `myz` skill
    the table does not know is then rolled like any skill instead of refused."""
    attribute_name: str | None = None
    """How the explanation and the step dice name the attribute (``Agility``, not the id);
    ``None``: the id; ``""``: a pool with no attribute (the GM's quick step dice)."""
    skill_name: str | None = None
    """How the explanation and the step dice name the skill (``Mobility``); ``None``: the id."""
    stunts_of: str | None = None
    """The skill whose stunts the roll offers when its use says (Sic a Dog fighting: Fight's); ``None``: the
    rolled skill's own (:func:`gmconsole.families.yearzero.rules.roll.stunt_list`)."""


@dataclass(frozen=True)
class Pool:
    """The dice of one roll, in order (base, skill, gear by item, stress, artifact; or step, stress, artifact).

    ``can_roll`` is False (with ``reason``) when nothing is left to roll (R-MOD-1) or a `myz`
    specialist skill is at level 0 (R-MYZ-SPEC); odds then show 0 % and rolling is refused.
    """

    request: PoolRequest
    dice: tuple[Die, ...]
    explanation: tuple[str, ...]
    modifier: int
    push_cost: str
    can_roll: bool = True
    reason: str | None = None
    skill_id: str | None = field(default=None)

    @property
    def system(self) -> str:
        return self.request.system

    def count(self, kind: DieKind | str) -> int:
        """How many dice of ``kind`` the pool holds."""
        kind = DieKind(kind)
        return sum(1 for d in self.dice if d.kind is kind)


def _check_count(value: int, what: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(_("{what} must be a whole number, not {value!r}").format(what=what, value=value))
    if value < low:
        raise RulesError(_("{what} cannot be {value} (it must be {low} or more)").format(
            what=what, value=value, low=low))
    if value > MAX_DICE:
        raise RulesError(_("{what} of {value} is too many dice (at most {most})").format(
            what=what, value=value, most=MAX_DICE))
    return value


def difficulty_modifier(system: str, difficulty: str) -> int:
    """The modifier of a difficulty name from the system's table (trivial +3 ... formidable -3)."""
    table = system_table(system)["difficulty"]
    for row in table:
        if difficulty.lower() in (row["id"], row["name"]["en"].lower()):
            modifier: int = row["modifier"]
            return modifier
    names = ", ".join(row["id"] for row in table)
    raise RulesError(_("unknown difficulty {difficulty!r}: choose one of {names}").format(
        difficulty=difficulty, names=names))


def find_skill(system: str, skill: str) -> dict[str, Any] | None:
    """The data row of a skill given by id or English name, or None when the table has no such skill."""
    table = system_table(system)
    wanted = skill.strip().lower()
    for row in table["skills"]:
        if wanted in (row["id"], row["name"]["en"].lower(), row["name"]["zh-Hant"]):
            found: dict[str, Any] = row
            return found
    return None


def skill_attribute(system: str, skill: str | None) -> str | None:
    """The attribute a table skill rolls with (myz Scout: Wits; yze 觀察: Wits), or None.

    A push charges this attribute (docs/RULES.md, what a push costs), so a roll named by its skill alone
    must use it rather than a default."""
    row = find_skill(system, skill) if skill else None
    attribute = row.get("attribute") if row else None
    return attribute if attribute in ATTRIBUTES else None


def step_die_for_rating(rating: str) -> int:
    """The die a step rating A-D gives (A = D12 ... D = D6), from the `yze` table."""
    for row in load_table("yze")["step_ratings"]:
        if row["rating"] == rating.strip().upper():
            sides: int = row["sides"]
            return sides
    raise RulesError(_("unknown step rating {rating!r}: use A, B, C or D").format(rating=rating))


def _validate(request: PoolRequest) -> str:
    """Check the request and return the push cost in force."""
    if request.system not in YEAR_ZERO_IDS:
        raise RulesError(_("{system!r} is not a Year Zero system: use {systems}").format(
            system=request.system, systems=", ".join(YEAR_ZERO_IDS)))
    if request.attribute not in ATTRIBUTES:
        raise RulesError(_("unknown attribute {attribute!r}: use {attributes}").format(
            attribute=request.attribute, attributes=", ".join(ATTRIBUTES)))
    _check_count(request.attribute_value, _("the attribute value"))
    _check_count(request.skill_level, _("the skill level"))
    _check_count(request.stress, _("stress"))
    if isinstance(request.max_pushes, bool) or not isinstance(request.max_pushes, int) or request.max_pushes < 0:
        raise RulesError(_("max pushes must be 0 or more, not {value!r}").format(value=request.max_pushes))
    push_cost = request.push_cost or DEFAULT_PUSH_COST[request.system]
    allowed = {s.id: s.push_costs for s in (MYZ, YZE, YZE_STEP)}[request.system]
    if push_cost not in allowed:
        raise RulesError(_("push cost {cost!r} does not exist in {system}: use {costs}").format(
            cost=push_cost, system=request.system, costs=", ".join(allowed)))
    if request.stress and not game_of(request.system).has_stress:
        raise RulesError(_("Mutant: Year Zero has no stress dice"))
    if request.stress and push_cost != "stress-dice":
        raise RulesError(_("stress dice are only rolled with the stress-dice push cost, not {cost}").format(
            cost=push_cost))
    if request.tool_takes_damage and (push_cost != "damage-stress" or not request.gear):
        raise RulesError(_("the tool can take the push damage only with the damage-stress push cost and a gear item"))
    if request.sic_a_dog and not game_of(request.system).has_roles:
        raise RulesError(_("Sic a Dog is a Mutant: Year Zero skill"))
    for name, bonus in request.gear:
        if not str(name).strip():
            raise RulesError(_("every gear item needs a name"))
        _check_count(bonus, _("the gear bonus of {name}").format(name=name))
    check_skill_ones(request.skill_ones)
    for artifact in request.artifacts:
        if len(artifact) not in (2, 3):
            raise RulesError(verbatim("an artifact is (name, die) or (name, die, gear bonus)"))
        name, sides = artifact[0], artifact[1]
        if sides not in (8, 10, 12):
            raise RulesError(_("artifact {name} must roll a d8, d10 or d12, not a d{sides}").format(
                name=name, sides=sides))
        if len(artifact) == 3:
            _check_count(artifact[2], _("the gear bonus of {name}").format(name=name))
    if len(request.helpers) > MAX_HELPERS:
        raise RulesError(_("at most {most} characters can help a roll (R-HELP-1); {count} were named").format(
            most=MAX_HELPERS, count=len(request.helpers)))
    names = [h.strip() for h in request.helpers]
    if any(not n for n in names):
        raise RulesError(_("every helper must be named"))
    if len(set(names)) != len(names):
        raise RulesError(_("the same character cannot help twice"))
    for value in request.modifiers + tuple(v for _name, v in request.named_modifiers):
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_DICE:
            raise RulesError(_("modifier {value!r} must be a whole number between -{most} and +{most}").format(
                value=value, most=MAX_DICE))
    if game_of(request.system).step_dice:
        if request.attribute_value or request.skill_level:
            raise RulesError(_("yze-step rolls step dice: give the attribute and skill dice, not counts"))
        if request.attribute_die not in STEP_SIZES:
            raise RulesError(_("yze-step needs the attribute's step die (d6, d8, d10 or d12)"))
        if request.skill_die is not None and request.skill_die not in STEP_SIZES:
            raise RulesError(_("a skill step die must be a d6, d8, d10 or d12"))
    elif request.attribute_die is not None or request.skill_die is not None:
        raise RulesError(_("step dice belong to yze-step, not {system}").format(system=request.system))
    return push_cost


def _sign(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def build_pool(request: PoolRequest) -> Pool:
    """Count the dice of a roll: base, skill, gear, stress and artifact dice (or step dice), after modifiers.

    R-MOD-1: difficulty + help + other modifiers add up; +N adds N skill dice; -N removes skill dice
    first, then gear dice (last item first), then base dice. Stress and artifact dice are never removed.
    R-STEP-1 (`yze-step`): modifiers and gear bonuses step the two base dice instead.
    R-MYZ-SPEC: a `myz` specialist skill at level 0 cannot be rolled.
    """
    push_cost = _validate(request)
    lines: list[str] = []
    modifier_lines: list[str] = []
    skill_row = find_skill(request.system, request.skill) if request.skill else None
    only_listed = game_of(request.system).only_listed_skills
    if request.skill and only_listed and skill_row is None and not request.campaign_skill:
        raise RulesError(_("Mutant: Year Zero has no skill called {skill!r}").format(skill=request.skill))
    specialist = request.specialist or bool(skill_row and skill_row.get("role"))
    difficulty = difficulty_modifier(request.system, request.difficulty)
    modifier = difficulty + len(request.helpers) + sum(request.modifiers) + sum(v for _n, v in request.named_modifiers)
    if difficulty:
        modifier_lines.append(_("difficulty {difficulty} {modifier}").format(
            difficulty=_difficulty_shown(request.system, request.difficulty), modifier=_sign(difficulty)))
    for helper in request.helpers:
        modifier_lines.append(_("help from {name} +1").format(name=helper.strip()))
    for value in request.modifiers:
        modifier_lines.append(_("modifier {modifier}").format(modifier=_sign(value)))
    for name, value in request.named_modifiers:
        modifier_lines.append(f"{name} {_sign(value)}")

    if game_of(request.system).step_dice:
        dice = list(_step_pool(request, modifier, lines, modifier_lines))
    else:
        dice = list(_dice_pool(request, modifier, lines, modifier_lines))
    for _stress in range(request.stress):
        dice.append(Die(DieKind.STRESS))
    if request.stress:
        lines.append(_("stress {count}: {dice}").format(count=request.stress, dice=_dice(request.stress, "stress")))
    for name, sides, *bonus in request.artifacts:
        if bonus and bonus[0] == 0:
            lines.append(_("artifact {name}: gear bonus 0, the item cannot be used (R-ART-2)").format(name=name))
            continue
        dice.append(Die(DieKind.ARTIFACT, sides, name))
        lines.append(_("artifact {name}: d{sides}").format(name=name, sides=sides))
    if len(dice) > MAX_DICE:
        raise RulesError(_("a pool of {count} dice is too big (at most {most})").format(count=len(dice), most=MAX_DICE))

    can_roll, reason = True, None
    if specialist and game_of(request.system).has_roles and request.skill_level < 1:
        can_roll = False
        reason = _("{skill} is a role skill: it needs skill level 1 or more (R-MYZ-SPEC)").format(
            skill=request.skill_name or request.skill or _("a specialist skill"))
    elif not dice:
        can_roll = False
        reason = _("no dice are left after modifiers: the action has no chance of success (R-MOD-1)")
    return Pool(
        request=request,
        dice=tuple(dice),
        explanation=tuple(lines),
        modifier=modifier,
        push_cost=push_cost,
        can_roll=can_roll,
        reason=reason,
        skill_id=skill_row["id"] if skill_row else None,
    )


def _attribute_shown(request: PoolRequest) -> str:
    """The attribute as the GM reads it (its name when the request carries one)."""
    return request.attribute if request.attribute_name is None else request.attribute_name


def _skill_shown(request: PoolRequest) -> str:
    """The skill as the GM reads it (its name when the request carries one), else ``skill``."""
    return request.skill_name or request.skill or _("skill")


def _artifact_items(request: PoolRequest) -> set[str]:
    """The items of the pool that carry an artifact die (R-ART-3: their gear dice roll too)."""
    return {artifact[0] for artifact in request.artifacts}


def _dice_pool(request: PoolRequest, modifier: int, lines: list[str], modifier_lines: list[str]) -> list[Die]:
    """Base, skill and gear dice of the dice-pool variant after R-MOD-1."""
    base = request.attribute_value
    skill = request.skill_level
    gear = list(request.gear)
    fighting_dog = request.sic_a_dog and request.attribute == "strength"  # Sic a Dog fighting: the dog's own
    source = _("dog's strength") if fighting_dog else _attribute_shown(request)
    lines.append(_("{what} {value}: {dice}").format(what=source or _("base"), value=base, dice=_dice(base, "base")))
    if skill or request.skill:
        lines.append(_("{what} {value}: {dice}").format(what=_skill_shown(request), value=skill,
                                                         dice=_dice(skill, "skill")))
    for name, bonus in gear:
        if bonus:
            lines.append(_("gear {name} +{bonus}: {dice}").format(name=name, bonus=bonus, dice=_dice(bonus, "gear")))
        elif name not in _artifact_items(request):  # an artifact item's own line says it (R-ART-3)
            lines.append(_("gear {name}: gear bonus 0, the item cannot be used (R-ART-2)").format(name=name))
    lines.extend(modifier_lines)
    if modifier > 0:
        skill += modifier
        lines.append(_("total modifier {modifier}: {dice} added").format(modifier=_sign(modifier),
                                                                        dice=_dice(modifier, "skill")))
    elif modifier < 0:
        left = -modifier
        removed: list[str] = []
        take = min(left, skill)
        skill -= take
        left -= take
        if take:
            removed.append(_("{count} skill").format(count=take))
        for i in reversed(range(len(gear))):
            name, bonus = gear[i]
            take = min(left, bonus)
            gear[i] = (name, bonus - take)
            left -= take
            if take:
                removed.append(_("{count} gear ({item})").format(count=take, item=name))
        take = min(left, base)
        base -= take
        left -= take
        if take:
            removed.append(_("{count} base").format(count=take))
        text = _(", ").join(removed) if removed else _("nothing")
        lines.append(
            (_("total modifier {modifier}: removed {dice}; {count} more had nothing to remove") if left
             else _("total modifier {modifier}: removed {dice}")).format(modifier=_sign(modifier), dice=text,
                                                                          count=left)
        )
    dice = [Die(DieKind.BASE) for _die in range(base)]
    dice += [Die(DieKind.SKILL) for _die in range(skill)]
    for name, bonus in gear:
        dice += [Die(DieKind.GEAR, 6, name) for _die in range(bonus)]
    return dice


def step_dice(attribute_die: int, skill_die: int | None, steps: int) -> tuple[list[tuple[int, str]], list[str]]:
    """Step the base dice of `yze-step` by ``steps`` (R-STEP-1); returns ``[(sides, source)]`` and notes.

    +1 steps the smaller die up (with a single die, it first adds a D6); the cap is two D12.
    -1 steps the larger die down; stepping a D6 down removes it; the floor is one D6.
    """
    sides, sources = [attribute_die], ["attribute"]  # each die's sides and where it comes from
    if skill_die is not None:
        sides.append(skill_die)
        sources.append("skill")
    notes: list[str] = []
    for _step in range(abs(steps)):
        if steps > 0:
            if len(sides) == 1:
                sides.append(6)
                sources.append("modifier")
                notes.append(_("+1 step: a d6 is added"))
            elif all(s == 12 for s in sides):
                notes.append(_("+1 step: already two d12 (the cap)"))
                break
            else:
                smaller = min(range(len(sides)), key=lambda i: (sides[i], -i))
                notes.append(_("+1 step: d{before} \u2192 d{after}").format(
                    before=sides[smaller], after=sides[smaller] + 2))
                sides[smaller] += 2
        else:
            larger = max(range(len(sides)), key=lambda i: (sides[i], i))
            if sides[larger] > 6:
                notes.append(_("\u22121 step: d{before} \u2192 d{after}").format(
                    before=sides[larger], after=sides[larger] - 2))
                sides[larger] -= 2
            elif len(sides) == 2:
                notes.append(_("\u22121 step: a d6 is removed"))
                sides.pop(larger)
                sources.pop(larger)
            else:
                notes.append(_("\u22121 step: already one d6 (the floor)"))
                break
    return list(zip(sides, sources)), notes


def _step_pool(request: PoolRequest, modifier: int, lines: list[str], modifier_lines: list[str]) -> list[Die]:
    """The step dice of `yze-step`: attribute die, skill die, stepped by modifiers and gear (R-STEP-1)."""
    lines.append(f"{_attribute_shown(request) or _('step die')}: d{request.attribute_die}")
    if request.skill_die is not None:
        lines.append(f"{_skill_shown(request)}: d{request.skill_die}")
    steps = modifier
    for name, bonus in request.gear:
        steps += bonus
        if bonus:
            lines.append(_("gear {name} +{bonus}: {bonus} steps up").format(name=name, bonus=bonus))
        elif name not in _artifact_items(request):  # an artifact item's own line says it (R-ART-3)
            lines.append(_("gear {name}: gear bonus 0, the item cannot be used (R-ART-2)").format(name=name))
    lines.extend(modifier_lines)
    assert request.attribute_die is not None  # a yze-step pool's attribute die, checked by _validate
    dice, notes = step_dice(request.attribute_die, request.skill_die, steps)
    lines.extend(notes)
    # The attribute die's source is the attribute's id (a push's damage is read from it); a pool with no
    # attribute (the GM's quick step dice) has none, so its first die is just a step die.
    names = {"attribute": request.attribute if request.attribute_name != "" else None,
             "skill": request.skill or "skill", "modifier": "modifier"}
    return [Die(DieKind.STEP, sides, names[source]) for sides, source in dice]
