"""The odds of pushing *this* roll, held to an enumeration of every reroll outcome.

Each case types a first roll, then pushes it through the rules' own ``push`` once for every face the
rerolled dice can show (and the stress-dice push's new die); the chances of each success count, of
panic and of each cost amount counted that way must equal :func:`push_odds` exactly (fractions).
Every push cost option of the three Year Zero systems is covered, ``skill_ones`` both ways (R-PUSH-5).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from gmconsole.families.yearzero.rules.panic import panic_row
from gmconsole.families.yearzero.rules.pool import PoolRequest, build_pool
from gmconsole.families.yearzero.rules.push_odds import push_odds
from gmconsole.families.yearzero.rules.roll import push, push_counts, roll, would_reroll
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError


def _enumerate(first):
    """Every push outcome of ``first`` with its chance: successes, panic, panic row, costs by name.

    Every outcome is pushed through the rules; the tallies are whole counts of outcomes, turned into
    exact fractions once at the end (the same numbers as adding 1/total per outcome, without the
    fraction arithmetic per outcome), and the panic table is read once per stress count."""
    rerolled = [(d.kind.value, d.sides) for d in first.dice if would_reroll(d, first.skill_ones)]
    if first.pool.push_cost == "stress-dice":
        rerolled.append(("stress", 6))  # the push's own stress die, typed last among the stress faces
    assert len(rerolled) == sum(push_counts(first).values())
    kinds = [kind for kind, _ in rerolled]
    by_kind_sides = [sides for _, sides in rerolled]
    successes: Counter[int] = Counter()
    costs: dict[str, Counter[int]] = {}
    panicked = 0
    rows: Counter[str] = Counter()
    rows_by_stress: dict[int, list[str]] = {}
    total = 1
    for s in by_kind_sides:
        total *= s
    for faces in product(*(range(1, s + 1) for s in by_kind_sides)):
        typed: dict[str, list[int]] = {}
        for kind, face in zip(kinds, faces):
            typed.setdefault(kind, []).append(face)
        pushed = push(first, DiceSource(faces=typed))
        successes[pushed.successes] += 1
        for name, amount in pushed.as_dict()["costs"].items():
            costs.setdefault(name, Counter())[amount] += 1
        if pushed.panic:
            panicked += 1
            stress = sum(1 for d in pushed.dice if d.kind.value == "stress")
            if stress not in rows_by_stress:
                rows_by_stress[stress] = [panic_row(face + stress)["id"] for face in range(1, 7)]
            rows.update(rows_by_stress[stress])
    for cell in costs.values():  # an outcome that did not charge a cost charged 0 of it
        cell[0] += total - sum(cell.values())
    return ({k: Fraction(n, total) for k, n in successes.items()},
            {name: {a: Fraction(n, total) for a, n in cell.items()} for name, cell in costs.items()},
            Fraction(panicked, total), {row: Fraction(n, total * 6) for row, n in rows.items()})


def _first(system, faces, **request):
    request.setdefault("attribute", "strength")
    pool = build_pool(PoolRequest(system=system, **request))
    return roll(pool, DiceSource(faces=faces))


CASES = [
    ("myz trauma, 1 1 2 3 4 at attribute 5 (R-MYZ-TRAUMA)", "myz", {"base": [1, 1, 2, 3, 4]}, dict(attribute_value=5)),
    ("myz trauma that breaks (R-MYZ-TRAUMA)", "myz", {"base": [1, 2, 3]}, dict(attribute_value=3)),
    ("myz skill 1s stay and cost (R-PUSH-1, R-MYZ-TRAUMA)", "myz", {"base": [6, 2], "skill": [1, 3, 4]},
     dict(attribute_value=2, skill_level=3)),
    ("myz skill 1s blank (R-PUSH-5)", "myz", {"base": [2, 1], "skill": [1, 3]},
     dict(attribute_value=2, skill_level=2, skill_ones="blank")),
    ("myz gear damage", "myz", {"base": [2, 3], "gear": [1, 4, 5]}, dict(attribute_value=2, gear=(("rifle", 3),))),
    ("myz Sic a Dog fighting", "myz", {"base": [1, 2, 3]}, dict(attribute_value=3, sic_a_dog=True)),
    ("yze stress-dice with panic (R-PUSH-3, R-STRESS-1)", "yze", {"base": [2, 3], "skill": [4], "stress": [2, 5]},
     dict(attribute_value=2, skill_level=1, stress=2, push_cost="stress-dice")),
    ("yze damage-stress on Strength", "yze", {"base": [1, 2, 3], "skill": [5]},
     dict(attribute_value=3, skill_level=1, push_cost="damage-stress")),
    ("yze damage-stress on Wits", "yze", {"base": [1, 2, 3]},
     dict(attribute="wits", attribute_value=3, push_cost="damage-stress")),
    ("yze damage-stress, the tool takes it", "yze", {"base": [2, 3], "gear": [4]},
     dict(attribute_value=2, gear=(("crowbar", 1),), push_cost="damage-stress", tool_takes_damage=True)),
    ("yze attribute-damage with gear", "yze", {"base": [1, 2], "gear": [2, 1]},
     dict(attribute_value=2, gear=(("rifle", 2),), push_cost="attribute-damage")),
    ("yze conditions", "yze", {"base": [2, 3, 4]}, dict(attribute_value=3, push_cost="conditions")),
    ("yze doom", "yze", {"base": [2, 6, 4]}, dict(attribute_value=3, push_cost="doom")),
    ("yze skill ones blank (R-PUSH-5)", "yze", {"base": [2, 3], "skill": [1, 1]},
     dict(attribute_value=2, skill_level=2, skill_ones="blank", push_cost="damage-stress")),
    ("yze-step damage-stress (R-ART-1: d10 and d12 show two)", "yze-step", {"step": [1, 3]},
     dict(attribute_die=8, skill_die=10, push_cost="damage-stress")),
    ("yze-step attribute-damage", "yze-step", {"step": [2, 3]},
     dict(attribute_die=10, skill_die=8, push_cost="attribute-damage")),
    ("yze-step stress-dice", "yze-step", {"step": [4, 5], "stress": [3]},
     dict(attribute_die=6, skill_die=12, stress=1, push_cost="stress-dice")),
]


@pytest.mark.parametrize(("label", "system", "faces", "request_"), CASES, ids=[c[0] for c in CASES])
def test_R_PUSH_1_push_odds_equal_the_enumeration_of_every_reroll(label, system, faces, request_):
    first = _first(system, faces, **request_)
    odds = push_odds(first)
    successes, costs, panic, rows = _enumerate(first)
    top = max(successes)
    assert list(odds.distribution[: top + 1]) == [successes.get(k, 0) for k in range(top + 1)]
    assert not any(odds.distribution[top + 1:])
    assert odds.p_success == 1 - successes.get(0, 0)
    assert odds.expected_successes == sum(k * p for k, p in successes.items())
    assert {name: {a: p for a, p in dist.items() if p} for name, dist in odds.cost_distribution.items()} == {
        name: {a: p for a, p in dist.items() if p} for name, dist in costs.items()
    }
    if first.pool.push_cost == "stress-dice":
        assert odds.p_panic == panic and odds.panic_rows == rows
    else:
        assert odds.p_panic is None and odds.panic_rows is None


def test_R_PUSH_1_myz_ones_kept_trauma_2_to_5_and_91_in_216():
    odds = push_odds(_first("myz", {"base": [1, 1, 2, 3, 4]}, attribute_value=5)).as_dict()
    assert odds["p_success_after_push_exact"] == "91/216"
    assert odds["cost_distribution"]["trauma"] == pytest.approx({"2": 0.5787, "3": 0.3472, "4": 0.0694, "5": 0.0046},
                                                               abs=1e-4)
    assert odds["cost_distribution_exact"]["trauma"]["2"] == "125/216"


@pytest.mark.parametrize(("faces", "request_", "reason"), [
    ({"base": [2, 3]}, dict(attribute_value=2, reactive=True), "reactive"),
    ({"base": [1, 6]}, dict(attribute_value=2), "R-PUSH-6"),
    ({"base": [2], "stress": [1]}, dict(attribute_value=1, stress=1, push_cost="stress-dice"), "R-PUSH-3"),
])
def test_R_PUSH_2_3_6_a_roll_that_cannot_be_pushed_is_refused_with_the_reason(faces, request_, reason):
    system = "yze" if "push_cost" in request_ else "myz"
    with pytest.raises(RulesError, match=reason):
        push_odds(_first(system, faces, **request_))


def test_a_cost_fed_by_two_classes_past_a_threshold_is_asked_of_every_combination(monkeypatch):
    """The rules today charge each class of dice apart; a cost that crossed a threshold on base and gear
    1s together would not be a sum, and push_odds must ask the rules for every combination instead."""
    import gmconsole.families.yearzero.rules.push_odds as push_odds_module
    import gmconsole.families.yearzero.rules.roll as roll_module
    from gmconsole.families.yearzero.rules.roll import Cost
    from gmconsole.rules.dice import DieKind

    def costs(pool, pushes, ones):
        base = sum(n for (kind, _), n in ones.items() if kind is DieKind.BASE)
        gear = sum(n for (kind, _), n in ones.items() if kind is DieKind.GEAR)
        return [Cost("doom", 1 if base + gear >= 2 else 0), Cost("damage", base, "strength"),
                Cost("gear_damage", gear, "rifle")]

    monkeypatch.setattr(roll_module, "push_costs", costs)
    monkeypatch.setattr(push_odds_module, "push_costs", costs)
    calls = []
    joint = push_odds_module._joint
    monkeypatch.setattr(push_odds_module, "_joint", lambda *a: calls.append(1) or joint(*a))
    first = _first("yze", {"base": [2, 3], "gear": [4, 5]}, attribute_value=2, gear=(("rifle", 2),),
                   push_cost="damage-stress")
    odds = push_odds(first)
    _, enumerated, _, _ = _enumerate(first)
    assert calls, "the combination of both classes was not asked"
    assert odds.cost_distribution["doom"] == {a: p for a, p in enumerated["doom"].items() if p}
    assert odds.cost_distribution["damage"] == {a: p for a, p in enumerated["damage"].items() if p}
    assert odds.cost_distribution["doom"][1] == 1 - Fraction(5, 6) ** 4 - 4 * Fraction(1, 6) * Fraction(5, 6) ** 3
