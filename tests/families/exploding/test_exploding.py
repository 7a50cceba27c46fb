"""The ``exploding`` rules core (seed 003): dice, target numbers, assisted/group/opposed checks, retries."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmconsole.families.exploding.rules import roll as ex
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError


def typed(**faces):
    return DiceSource(faces=faces)


# --------------------------------------------------------------------------- explosions


def test_R_EXP_1_dice_explode_only_against_a_target_number():
    # Without a TN the d8 showing 8 stays 8 and reads no further face.
    plain = ex.roll_check([8, 8], 6, None, typed(skill=[8, 2], trait=[4]))
    assert [d.faces for d in plain.dice] == [(8,), (2,), (4,)]
    assert plain.top == 8 and plain.success is None and plain.margin is None
    # With a TN the same 8 explodes and the next face is added.
    boom = ex.roll_check([8, 8], 6, 6, typed(skill=[8, 3, 2], trait=[4]))
    assert [d.faces for d in boom.dice] == [(8, 3), (2,), (4,)]
    assert boom.top == 11 and boom.success is True and boom.margin == 5


def test_R_EXP_1_dice_explode_in_an_opposed_test_without_a_tn():
    result = ex.roll_check([], 4, None, typed(trait=[4, 4, 1]), opposed=True)
    assert result.dice[0].faces == (4, 4, 1) and result.top == 9


def test_R_EXP_1_explosions_chain_without_limit():
    source = ex.parse_faces("skill=8+8+8+8+2,1 trait=6+6+6+5", ex.check_dice([8, 8], 6), explode=True)
    result = ex.roll_check([8, 8], 6, 30, source)
    assert result.dice[0].total == 34 and result.dice[2].total == 23
    assert result.top == 34 and result.success


def test_R_EXP_1_typed_chain_refused_without_a_target_number():
    with pytest.raises(RulesError, match="explode only"):
        ex.parse_faces("skill=8+3,2 trait=4", ex.check_dice([8, 8], 6), explode=False)


@pytest.mark.parametrize(
    "spec, message",
    [
        ("skill=7+3,2 trait=4", "only on its maximum"),
        ("skill=8,2 trait=4", "type the next face"),
        ("skill=9,2 trait=4", "^skill: 9 is not a face of a d8$"),
        ("skill=3 trait=4", r"^skill: 2 dice, 1 face typed \('3'\): one face per die, e.g. s3,1 or skill=3,1$"),
        ("s32 t4", r"^skill: 2 dice, 1 face typed \('32'\): one face per die, e.g. s3,2 or skill=3,2$"),
        ("skill=3,2 trait=4,4", r"^trait: 1 die, 2 faces typed \('4,4'\): one face per die, e.g. t3 or trait=3$"),
        ("skill=3,x trait=4", "not a whole number"),
        ("gear=3", r"^unknown die kind 'gear': use s \(skill\), t \(trait\)$"),
    ],
)
def test_typed_faces_are_checked_against_the_pool(spec, message):
    with pytest.raises(RulesError, match=message):
        ex.parse_faces(spec, ex.check_dice([8, 8], 6), explode=True)


def test_top_die_only_counts():
    result = ex.roll_check([10, 10], 8, 7, typed(skill=[6, 5], trait=[4]))
    assert result.top == 6 and result.success is False and result.margin == -1


def test_untrained_rolls_the_trait_die_alone():
    result = ex.roll_check([], 6, 8, typed(trait=[6, 2]))
    assert len(result.dice) == 1 and result.top == 8 and result.success


def test_die_sizes_are_checked():
    with pytest.raises(RulesError, match="d4, d6, d8, d10 or d12"):
        ex.check_dice([7], 6)
    with pytest.raises(RulesError, match="at most 2 skill dice"):
        ex.check_dice([6, 6, 6], 6)


# --------------------------------------------------------------------------- critical failure


def test_R_EXP_2_every_natural_one_is_a_critical_failure_whatever_the_tn():
    result = ex.roll_check([6, 6], 6, 1, typed(skill=[1, 1], trait=[1]))
    assert result.critical_failure and result.success is False
    assert result.as_dict()["critical_failure"] is True


def test_R_EXP_2_one_die_above_one_is_no_critical_failure():
    result = ex.roll_check([6, 6], 6, 2, typed(skill=[1, 2], trait=[1]))
    assert not result.critical_failure and result.success


# --------------------------------------------------------------------------- target number


def test_target_number_starts_at_moderate_and_explains_itself():
    tn = ex.build_target_number()
    assert tn.value == 4 and tn.explain() == ["Moderate difficulty: 4", "TN = 4"]


def test_difficulty_table_is_the_seeds():
    assert [(d.key, d.tn) for d in ex.difficulties()] == [
        ("basic", 2), ("standard", 3), ("moderate", 4), ("demanding", 6),
        ("formidable", 8), ("monumental", 10), ("esoteric", 12),
    ]


def test_target_number_adds_each_modifier_line_by_line():
    tn = ex.build_target_number(
        "demanding",
        modifiers=["social.hostile", ("other.cramped", 3), "environmental.darkness", ("other.threat-level", 2)],
        wounds=2,
        strain=1,
        untrained=True,
        adjustments=[-1],
    )
    assert tn.value == 6 + 4 + 3 + 8 + 2 + 2 + 1 + 4 - 1
    assert [line.amount for line in tn.lines] == [6, 4, 3, 8, 2, 2, 1, 4, -1]
    assert tn.explain()[1] == "Attitude to PC: Hostile: +4"
    assert tn.explain()[-1] == f"TN = {tn.value}"


def test_untrained_plus_four_is_waived_when_assisted():
    assert ex.build_target_number("moderate", untrained=True).value == 8
    assert ex.build_target_number("moderate", untrained=True, assisted=True).value == 4


def test_every_modifier_table_of_the_seed_is_in_the_data():
    tables = ex.modifier_tables()
    assert set(tables) == {"social", "other", "situational", "environmental"}
    ranges = {e.full_key: e.range_text() for entries in tables.values() for e in entries}
    assert ranges["other.moving-at-speed"] == "+1-4"
    assert ranges["other.cramped"] == "+1-4"
    assert ranges["other.stressful"] == "+1-4"
    assert ranges["other.wrong-tools"] == "+1-4"
    assert ranges["situational.distracted"] == "+2-4"
    assert ranges["social.disastrous"] == "+8"
    assert ranges["situational.large-object"] == "-4"
    assert ranges["environmental.glare-blinding"] == "+6"
    assert ranges["other.threat-level"] == "+1 per threat level"
    for entries in tables.values():
        for e in entries:
            assert e.name["en"] and e.name["zh-Hant"]


@pytest.mark.parametrize(
    "modifier, message",
    [
        ("other.cramped", "ranges \\+1-4"),
        (("other.cramped", 5), "out of range"),
        (("situational.distracted", 1), "out of range"),
        (("social.hostile", 3), "always \\+4"),
        ("other.right-tools", "not picked by hand"),
        ("other.untrained", "not picked by hand"),
        ("other.wound-strain", "not picked by hand"),
        ("weather", "unknown TN modifier"),
        ("neutral", "unknown TN modifier"),
    ],
)
def test_modifiers_outside_the_seed_are_refused(modifier, message):
    with pytest.raises(RulesError, match=message):
        ex.build_target_number("moderate", modifiers=[modifier])


def test_unknown_difficulty_names_the_choices():
    with pytest.raises(RulesError, match="basic, standard, moderate"):
        ex.build_target_number("impossible")


def test_modifier_text_reads_key_and_amount():
    assert ex.parse_modifier("other.cramped=3") == ("other.cramped", 3)
    assert ex.parse_modifier("social.hostile") == ("social.hostile", None)
    with pytest.raises(RulesError):
        ex.parse_modifier("cramped==3")


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=30))
def test_typed_faces_parser_only_ever_raises_rules_errors(text):
    try:
        source = ex.parse_faces(text, ex.check_dice([8, 6], 4), explode=True)
    except RulesError as exc:
        assert str(exc)
        return
    result = ex.roll_check([8, 6], 4, 5, source)
    assert all(1 <= f <= d.die.sides for d in result.dice for f in d.faces)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=30))
def test_modifier_parser_only_ever_raises_rules_errors(text):
    try:
        key, amount = ex.parse_modifier(text)
        ex.build_target_number("moderate", modifiers=[(key, amount)])
    except RulesError as exc:
        assert str(exc)


# --------------------------------------------------------------------------- assisted check


def test_assisted_check_walks_the_seeds_worked_example_step_by_step():
    # Ray leads three teammates past the guards. Base TN 4, +2 and +1 for the guards' threat
    # levels, -2 (guards distracted) and -2 (dark and foggy) as GM modifiers: 3 ...
    base = ex.build_target_number(
        "moderate",
        modifiers=[("other.threat-level", 2), ("other.threat-level", 1)],
        untrained=True,
        assisted=True,
        adjustments=[-2, -2],
    )
    assert base.value == 3
    # ... plus 1 for each of the three assisted teammates: TN 6.
    check = ex.AssistedCheck.start(base, "Ray", ["Player 2", "Player 3", "Player 4"])
    assert check.tn.value == 6 and check.next_up == "Ray"

    ray = ex.roll_check([8, 8], 6, check.tn, typed(skill=[8, 6, 2], trait=[3]))
    assert ray.top == 14
    check = check.leader_rolled(ray)
    assert check.pool == 8 and check.leader.success

    p2 = ex.roll_check([], 6, check.tn, typed(trait=[5]))
    check = check.participant_rolled(p2)
    assert (check.steps[-1].spent, check.steps[-1].success, check.pool) == (1, True, 7)

    p3 = ex.roll_check([], 6, check.tn, typed(trait=[3]))
    check = check.participant_rolled(p3)
    assert (check.steps[-1].spent, check.steps[-1].success, check.pool) == (3, True, 4)

    # Player 4 needs at least a 2 (6 - 4 in the pool), avoiding a critical failure.
    assert check.tn.value - check.pool == 2 and check.next_up == "Player 4"
    p4 = ex.roll_check([], 6, check.tn, typed(trait=[3]))
    check = check.participant_rolled(p4)
    assert (check.steps[-1].spent, check.steps[-1].success, check.pool) == (3, True, 1)

    assert check.finished and check.successes == 4


def test_R_EXP_2_assisted_critical_failure_cannot_be_rescued_by_the_pool():
    check = ex.AssistedCheck.start(ex.given_target_number(4), "Ray", ["Ann"])
    check = check.leader_rolled(ex.roll_check([8, 8], 6, check.tn, typed(skill=[8, 8, 8, 1, 2], trait=[3])))
    assert check.pool == 25 - 5
    check = check.participant_rolled(ex.roll_check([], 6, check.tn, typed(trait=[1])))
    assert check.steps[-1].success is False and check.steps[-1].spent == 0 and check.pool == 20


def test_assisted_participant_spends_nothing_when_the_pool_cannot_close_the_gap():
    check = ex.AssistedCheck.start(ex.given_target_number(5), "Ray", ["Ann"])
    check = check.leader_rolled(ex.roll_check([6, 6], 6, check.tn, typed(skill=[6, 2, 1], trait=[3])))
    assert check.pool == 2
    check = check.participant_rolled(ex.roll_check([], 6, check.tn, typed(trait=[2])))
    assert check.steps[-1].success is False and check.pool == 2


def test_assisted_check_order_is_enforced():
    check = ex.AssistedCheck.start(ex.given_target_number(4), "Ray", ["Ann"])
    with pytest.raises(RulesError, match="leader rolls first"):
        check.participant_rolled(ex.roll_check([], 6, check.tn, typed(trait=[5])))
    with pytest.raises(RulesError, match="must be trained"):
        check.leader_rolled(ex.roll_check([], 6, check.tn, typed(trait=[5])))
    with pytest.raises(RulesError, match="at least one"):
        ex.AssistedCheck.start(ex.given_target_number(4), "Ray", [])


def test_failed_leader_leaves_an_empty_pool():
    check = ex.AssistedCheck.start(ex.given_target_number(6), "Ray", ["Ann"])
    check = check.leader_rolled(ex.roll_check([6, 6], 6, check.tn, typed(skill=[2, 3], trait=[4])))
    assert check.pool == 0 and check.leader.success is False


# --------------------------------------------------------------------------- group and opposed


def test_group_check_lowers_the_tn_per_trained_participant_and_counts_successes():
    crew = [ex.Participant("Ada", (8, 8), 6), ex.Participant("Bo", (6, 6), 6), ex.Participant("Cy", (6, 6), 8)]
    result = ex.group_check(ex.given_target_number(6), crew, typed(skill=[2, 3, 1, 2, 4, 3], trait=[2, 1, 3]))
    assert result.tn.value == 3
    assert [r.top for _, r in result.results] == [3, 2, 4]
    assert result.successes == 2


def test_group_check_refuses_the_untrained():
    crew = [ex.Participant("Ada", (8, 8), 6), ex.Participant("Bo", (), 6)]
    with pytest.raises(RulesError, match="Bo is untrained"):
        ex.group_check(ex.given_target_number(6), crew, typed(skill=[1, 1], trait=[1, 1]))
    crew += [ex.Participant("Cy", (), 8), ex.Participant("Di", (), 6)]
    with pytest.raises(RulesError, match=r"^Bo, Cy and Di are untrained: "):  # all at once, not one per try
        ex.group_check(ex.given_target_number(6), crew, typed(skill=[1, 1], trait=[1, 1, 1, 1]))


def test_R_EXP_4_opposed_higher_top_wins_and_explodes():
    a, d = ex.Participant("A", (6, 6), 6), ex.Participant("D", (8, 8), 8)
    result = ex.opposed(a, d, typed(skill=[6, 1, 2, 7, 5], trait=[3, 2]))
    assert result.active.top == 7 and result.defender.top == 7 and result.winner == "defender"
    result = ex.opposed(a, d, typed(skill=[6, 2, 2, 7, 5], trait=[3, 2]))
    assert result.active.top == 8 and result.winner == "active"


def test_R_EXP_4_tie_goes_to_the_defender_unless_the_setting_says_active():
    a, d = ex.Participant("A", (), 6), ex.Participant("D", (), 6)
    assert ex.opposed(a, d, typed(trait=[4, 4])).winner == "defender"
    assert ex.opposed(a, d, typed(trait=[4, 4]), tie_goes_to="active").winner == "active"


# --------------------------------------------------------------------------- retries


def test_retry_is_refused_until_a_change_of_circumstances_is_recorded():
    tracker = ex.RetryTracker().attempt("Ray", "Intrusion", "open the safe")
    with pytest.raises(RulesError, match="change of circumstances"):
        tracker.attempt("Ray", "Intrusion", "open the safe")
    assert tracker.may_try("Ray", "Intrusion", "open the vault door")
    tracker = tracker.change_of_circumstances("Ray", "Intrusion", "open the safe", "found the right tools")
    tracker = tracker.attempt("Ray", "Intrusion", "open the safe")
    assert not tracker.may_try("Ray", "Intrusion", "open the safe")
    assert tracker.why("Ray", "Intrusion", "open the safe") == ("found the right tools",)
    with pytest.raises(RulesError, match="say what changed"):
        tracker.change_of_circumstances("Ray", "Intrusion", "open the safe", "  ")


def test_seeded_rolls_repeat():
    first = ex.roll_check([8, 8], 6, 6, DiceSource(rng=random.Random(7)))
    second = ex.roll_check([8, 8], 6, 6, DiceSource(rng=random.Random(7)))
    assert first == second
