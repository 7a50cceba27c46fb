"""R-MANUAL-1: the faces the GM types from physical dice, short (``b23124 s355 g14``, one digit per d6;
``a10`` or ``a10,3`` for bigger dice) or long (``base=2,3,1,2,4``), mixed; each family's letters; and
every refusal, which says what is wrong and how to write it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmconsole import systems
from gmconsole.families.exploding.rules import roll as exploding
from gmconsole.families.tiered.rules import roll as tiered
from gmconsole.families.yearzero.rules.roll import PoolRequest, build_pool, push, roll
from gmconsole.rules.dice import DiceSource
from gmconsole.rules.errors import RulesError
from gmconsole.rules.spec import parse_int_spec, write_faces

YZE = systems.get("yze").face_kinds
MYZ = systems.get("myz").face_kinds
STEP = systems.get("yze-step").face_kinds
TIERED = systems.get("tiered").face_kinds


def faces(spec: str, kinds=YZE) -> dict[str, list[int]]:
    return dict(parse_int_spec(spec, kinds))


def refusal(call) -> str:
    with pytest.raises(RulesError) as caught:
        call()
    return str(caught.value)


# --------------------------------------------------------------------------- the two forms


def test_R_MANUAL_1_short_form_is_one_digit_per_d6_after_the_kinds_letter():
    assert faces("b23124 s355 g14") == {"base": [2, 3, 1, 2, 4], "skill": [3, 5, 5], "gear": [1, 4]}


def test_R_MANUAL_1_long_form_is_still_read_and_gives_the_same_faces():
    assert faces("base=2,3,1,2,4 skill=3,5,5 gear=1,4") == faces("b23124 s355 g14")


def test_R_MANUAL_1_the_two_forms_mix_and_a_long_kind_name_takes_the_short_form_too():
    assert faces("b23124 skill=3,5,5 g14 stress=2") == {"base": [2, 3, 1, 2, 4], "skill": [3, 5, 5],
                                                        "gear": [1, 4], "stress": [2]}
    assert faces("base23124") == {"base": [2, 3, 1, 2, 4]}


def test_R_MANUAL_1_stress_is_st_and_skill_s_the_whole_letters_decide():
    assert faces("s35 st12") == {"skill": [3, 5], "stress": [1, 2]}


def test_R_MANUAL_1_artifact_dice_take_one_face_or_faces_between_commas():
    assert faces("a10") == {"artifact": [10]}
    assert faces("a10,3 b6") == {"artifact": [10, 3], "base": [6]}
    assert faces("artifact=12,8") == {"artifact": [12, 8]}


def test_R_MANUAL_1_a_d6_kind_may_take_commas_too():
    assert faces("b2,3,1") == faces("b231") == {"base": [2, 3, 1]}


def test_R_MANUAL_1_letters_are_read_without_regard_to_case():
    assert faces("B61 St2") == {"base": [6, 1], "stress": [2]}


def test_R_MANUAL_1_step_dice_are_d_in_yze_step_as_its_quick_pool_writes_them():
    assert faces("d10,3 st2 a8", STEP) == {"step": [10, 3], "stress": [2], "artifact": [8]}
    assert faces("step=10,3", STEP) == {"step": [10, 3]}


def test_R_MANUAL_1_tiered_dice_are_d_one_digit_each():
    assert faces("d6512", TIERED) == faces("dice=6,5,1,2", TIERED) == {"dice": [6, 5, 1, 2]}


def test_R_MANUAL_1_exploding_skill_and_trait_dice_are_s_and_t_with_explosions():
    dice = exploding.check_dice([8, 8], 6)
    short = exploding.roll_check([8, 8], 6, 5, exploding.parse_faces("s8+3,2 t4", dice, True))
    long = exploding.roll_check([8, 8], 6, 5, exploding.parse_faces("skill=8+3,2 trait=4", dice, True))
    assert short == long and [d.faces for d in short.dice] == [(8, 3), (2,), (4,)]


def test_R_MANUAL_1_a_roll_from_the_short_form_uses_every_face_in_order():
    pool = build_pool(PoolRequest("yze", "wits", 3, "observation", 2, gear=(("Binoculars", 1),), stress=1,
                                  artifacts=(("Relic", 10),)))
    rolled = roll(pool, DiceSource(faces=parse_int_spec("b613 s14 g1 st5 a10", YZE)))
    assert [(d.kind.value, d.face) for d in rolled.dice] == [
        ("base", 6), ("base", 1), ("base", 3), ("skill", 1), ("skill", 4), ("gear", 1), ("stress", 5),
        ("artifact", 10)]
    assert rolled.successes == 3 and rolled.by_hand


def test_write_faces_writes_each_form_back():
    shown = {"base": [6, 3, 1], "artifact": [10, 3]}
    assert write_faces(YZE, shown) == "b631 a10,3"
    assert write_faces(YZE, shown, short=False) == "base=6,3,1 artifact=10,3"


# --------------------------------------------------------------------------- what a refusal says


@pytest.mark.parametrize("spec, said", [
    ("", "no faces given: type each kind's faces, e.g. b61 s4 or base=6,1 skill=4"),
    ("3", "cannot read '3': type a kind's letter and its faces, e.g. b61 s4 or base=6,1 skill=4"),
    ("b6x", "cannot read 'b6x': type a kind's letter and its faces, e.g. b61 s4 or base=6,1 skill=4"),
    ("x3", "unknown die kind 'x': use b (base), s (skill), g (gear), st (stress), a (artifact)"),
    ("b2 base=3", "base faces are typed twice ('b2' and 'base=3'); put all base faces in one group"),
    ("b", "'b' has no faces: type them after it, e.g. b63 or base=6,3"),
    ("b2,,3", "'b2,,3' has an empty face: type base faces like b63 or base=6,3"),
    ("base=2x", "base face '2x' is not a whole number"),
    ("base=1234567890", "base: 1234567890 is not a face of any die"),
])
def test_R_MANUAL_1_a_spec_that_cannot_be_read_says_how_to_write_it(spec, said):
    assert refusal(lambda: parse_int_spec(spec, YZE)) == said


def test_R_MANUAL_1_an_unknown_letter_lists_the_letters_of_this_system():
    assert refusal(lambda: parse_int_spec("st2", MYZ)) == (
        "unknown die kind 'st': use b (base), s (skill), g (gear), a (artifact)")
    assert refusal(lambda: parse_int_spec("b2", STEP)) == (
        "unknown die kind 'b': use d (step), st (stress), a (artifact)")
    assert refusal(lambda: parse_int_spec("x2", TIERED)) == "unknown die kind 'x': use d (dice)"


FIVE_AND_THREE = build_pool(PoolRequest("yze", "wits", 5, "observation", 3))


def _roll(spec: str):
    return roll(FIVE_AND_THREE, DiceSource(faces=parse_int_spec(spec, YZE)))


@pytest.mark.parametrize("spec, said", [
    ("base=63124 s355", "base: 5 dice, 1 face typed ('63124'): one face per die, e.g. b63124 or base=6,3,1,2,4"),
    ("b6312 s355", "base: 5 dice, 4 faces typed ('6312'): one face per die, e.g. b63124 or base=6,3,1,2,4"),
    ("b63124 s3555", "skill: 3 dice, 4 faces typed ('3555'): one face per die, e.g. s631 or skill=6,3,1"),
    ("b63124", "skill: 3 dice, no face typed: one face per die, e.g. s631 or skill=6,3,1"),
    ("b63124 s355 st3", "stress: the pool has no stress dice, but 1 face typed ('3'): type only the dice rolled"),
    ("b63127 s355", "base: 7 is not a face of a d6"),
    ("b63124 s375", "skill: 7 is not a face of a d6"),
])
def test_R_MANUAL_1_faces_that_do_not_fit_the_pool_say_what_is_wrong_and_how_to_type_them(spec, said):
    assert refusal(lambda: _roll(spec)) == said


def test_R_MANUAL_1_faces_run_together_in_the_long_form_are_shown_one_digit_each():
    pool = build_pool(PoolRequest("yze", "wits", 1))
    said = refusal(lambda: roll(pool, DiceSource(faces=parse_int_spec("base=63124", YZE))))
    assert said == "base: 63124 is not a face of a d6: one face per die, e.g. b63124 or base=6,3,1,2,4"


def test_R_MANUAL_1_a_push_says_how_many_dice_it_rerolls():
    first = _roll("b63124 s355")
    # R-PUSH-1: the 6 and the 1 stay; base 3, 2, 4 and every skill die reroll, with the stress-dice push
    # cost's new stress die
    assert refusal(lambda: push(first, DiceSource(faces=parse_int_spec("b23 s123", YZE)))) == (
        "base: the push rerolls 3 dice, 2 faces typed ('23'): one face per rerolled die, e.g. b631 or base=6,3,1; "
        "stress: the push rerolls 1 die, no face typed: one face per rerolled die, e.g. st6 or stress=6")
    assert refusal(lambda: push(first, DiceSource(faces=parse_int_spec("b234", YZE)))) == (
        "skill: the push rerolls 3 dice, no face typed: one face per rerolled die, e.g. s631 or skill=6,3,1; "
        "stress: the push rerolls 1 die, no face typed: one face per rerolled die, e.g. st6 or stress=6")
    assert refusal(lambda: push(first, DiceSource(faces=parse_int_spec("b234 s666", YZE)))) == (
        "stress: the push rerolls 1 die, no face typed: one face per rerolled die, e.g. st6 or stress=6")
    assert push(first, DiceSource(faces=parse_int_spec("b234 s666 st2", YZE))).successes == 4


def test_R_MANUAL_1_a_push_that_rerolls_no_die_of_a_kind_refuses_its_faces():
    pool = build_pool(PoolRequest("myz", "strength", 2, gear=(("Club", 1),)))
    first = roll(pool, DiceSource(faces=parse_int_spec("b23 g6", MYZ)))
    assert refusal(lambda: push(first, DiceSource(faces=parse_int_spec("b45 g2", MYZ)))) == (
        "gear: the push rerolls no gear die, but 1 face typed ('2'): type only the rerolled dice")


def test_R_MANUAL_1_big_dice_name_their_size_when_a_face_is_out_of_range():
    pool = build_pool(PoolRequest("yze", "wits", 0, artifacts=(("Relic", 8),)))
    assert refusal(lambda: roll(pool, DiceSource(faces=parse_int_spec("a9", YZE)))) == (
        "artifact: 9 is not a face of a d8")


def test_R_MANUAL_1_tiered_faces_stand_alone_without_a_kind():
    assert refusal(lambda: tiered.roll_check(3, DiceSource(faces=parse_int_spec("d62", TIERED)))) == (
        "3 dice, 2 faces typed ('62'): one face per die, e.g. d631 or dice=6,3,1")
    assert refusal(lambda: tiered.roll_check(2, DiceSource(faces=parse_int_spec("d67", TIERED)))) == (
        "7 is not a face of a d6")


# --------------------------------------------------------------------------- R-TIER-5 with typed faces


def _contested(spec: str):
    return tiered.contested(2, 0, DiceSource(faces=parse_int_spec(spec, TIERED)))


def test_R_TIER_5_typed_faces_that_end_in_a_tie_ask_for_the_roll_offs_four():
    # 3+4+2 = 9 against 5+4+0 = 9: the tie is rolled again, and no face is left for it
    assert refusal(lambda: _contested("d3454")) == "tie 9–9: type 4 more faces for the roll-off"
    result = _contested("d34541162")
    assert result.rounds == ((9, 9), (4, 8)) and result.winner == "b"


def test_R_TIER_5_typed_faces_come_four_a_round():
    assert refusal(lambda: _contested("d345")) == (
        "a contested roll reads 4 faces a round (yours, yours, theirs, theirs), and 3 faces were typed: e.g. d3426, "
        "or d34256122 when the first round ties")
    assert refusal(lambda: _contested("d66111111")) == (
        "the contest is decided in round 1 (14–2), but 4 more faces were typed: leave them out")


# --------------------------------------------------------------------------- fuzzed: never a traceback


KINDS = st.sampled_from(["b", "s", "g", "st", "a", "base=", "skill=", "stress=", "artifact=", "x", "", "B", "d"])
BODY = st.text(alphabet="0123456789,+ x=-", max_size=8)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(KINDS, BODY), max_size=5), st.text(max_size=12))
def test_R_MANUAL_1_fuzzed_specs_read_or_refuse_with_a_sentence_and_a_read_roll_uses_every_face(groups, noise):
    spec = " ".join(k + b for k, b in groups) + (" " + noise if noise.strip() and len(groups) % 2 else "")
    pool = build_pool(PoolRequest("yze", "wits", 2, "observation", 1, stress=1, artifacts=(("Relic", 10),)))
    try:
        typed = parse_int_spec(spec, YZE)
        rolled = roll(pool, DiceSource(faces=typed))
    except RulesError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert sorted(d.face for d in rolled.dice) == sorted(f for faces in typed.values() for f in faces)


@settings(max_examples=200, deadline=None)
@given(base=st.lists(st.integers(1, 6), max_size=6), skill=st.lists(st.integers(1, 6), max_size=4),
       artifact=st.lists(st.integers(1, 12), max_size=2), short=st.booleans())
def test_R_MANUAL_1_any_faces_written_either_way_read_back_the_same(base, skill, artifact, short):
    shown = {"base": base, "skill": skill, "artifact": artifact}
    text = write_faces(YZE, shown, short=short)
    if not text:
        return
    assert faces(text) == {k: v for k, v in shown.items() if v}


def test_R_MANUAL_1_every_systems_gm_roll_faces_example_fits_its_quick_pool_example():
    """The GM roll's hint shows ``POOL ; FACES`` with the system's own examples: the faces fit the pool."""
    from gmconsole.systems import quick_pool

    for system in systems.all_systems():
        quick = quick_pool.parse(system, system.quick_pool_example, system.default_push_cost)
        if system.check == "pool":
            rolled = roll(quick.core, DiceSource(faces=parse_int_spec(system.quick_faces_example, system.face_kinds)))
            assert rolled.by_hand, system.id
        elif system.check == "exploding":
            skill, trait, tn = quick.core
            source = exploding.parse_faces(system.quick_faces_example, exploding.check_dice(skill, trait), True)
            assert exploding.roll_check(skill, trait, tn, source).by_hand
        else:
            source = DiceSource(faces=parse_int_spec(system.quick_faces_example, system.face_kinds))
            assert tiered.roll_check(quick.core, source).by_hand
