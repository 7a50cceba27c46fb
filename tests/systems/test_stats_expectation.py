"""Each family's exact expectation of a roll's successes, as rolled, asked of the system."""

from fractions import Fraction

from gmconsole import systems
from gmconsole.systems.family import StatsPart


def _stats(system_id):
    return systems.family_of(system_id).stats


def _yz_dice(*kinds, sides=6, face=3):
    return [{"kind": k, "sides": sides, "face": face, "rerolled": False} for k in kinds]


def test_year_zero_pool_of_4_base_2_skill_1_stress_expects_7_sixths():
    roll = {"first_dice": _yz_dice(*["base"] * 4, *["skill"] * 2, "stress")}
    expected, observed, _chance, _stress = _stats("yze").first_roll(roll)
    assert expected.mean == Fraction(7, 6)
    assert expected.variance == 7 * Fraction(1, 6) * Fraction(5, 6)
    assert observed == 0
    assert _chance == 1 - Fraction(5, 6) ** 7
    assert _stress == 1


def test_R_ART_1_year_zero_artifact_d12_counts_two_successes_on_10_to_12():
    roll = {"dice": [{"kind": "artifact", "sides": 12, "face": 11}]}
    expected, observed, _chance, _stress = _stats("myz").first_roll(roll)
    assert expected.mean == Fraction(4 + 2 * 3, 12)
    assert expected.variance == Fraction(4 + 4 * 3, 12) - Fraction(10, 12) ** 2
    assert observed == 2


def test_R_PUSH_1_year_zero_push_expects_the_kept_successes_plus_the_rerolled_dice():
    dice = [{"kind": "base", "sides": 6, "face": 6, "rerolled": False},
            {"kind": "base", "sides": 6, "face": 1, "rerolled": False},
            {"kind": "skill", "sides": 6, "face": 6, "rerolled": True},
            {"kind": "stress", "sides": 6, "face": 2, "rerolled": True}]
    expected, observed, kept = _stats("yze").push({"push_dice": dice, "successes": 2})
    assert expected.mean == 1 + Fraction(2, 6)
    assert expected.variance == 2 * Fraction(5, 36)
    assert (observed, kept) == (2, 1)


def test_R_EXP_1_exploding_check_expects_its_success_chance():
    roll = {"pool": {"dice": [{"kind": "skill", "sides": 8}, {"kind": "trait", "sides": 6}]}, "tn": 4,
            "success": True, "margin": 2}
    stats = _stats("exploding")
    expected, observed, _chance, _stress = stats.first_roll(roll)
    assert expected.mean == 1 - Fraction(3, 8) * Fraction(3, 6)
    assert observed == 1
    assert stats.band(roll) == "+2"
    assert stats.push({}) is None


def test_R_TIER_2_tiered_check_expects_great_or_critical_and_a_pool_of_0_keeps_the_lowest():
    stats = _stats("tiered")
    expected, observed, _chance, _stress = stats.first_roll({"tier": "mixed", "outcome": {"pool": 1}})
    assert expected.mean == Fraction(1, 6)
    assert observed == 0
    expected, observed, _chance, _stress = stats.first_roll({"tier": "great", "outcome": {"pool": 0}})
    assert expected.mean == Fraction(1, 36)
    assert observed == 1


def test_every_family_gives_a_stats_part():
    for system_id in systems.SYSTEM_IDS:
        assert isinstance(_stats(system_id), StatsPart)


def test_year_zero_dice_that_are_not_dice_are_not_read():
    stats = _stats("yze")
    assert stats.first_roll({"first_dice": [{"kind": "base", "sides": 4, "face": 2}]}) is None
    assert stats.first_roll({"first_dice": [{"kind": "base", "sides": 6, "face": "6"}]}) is None
    assert stats.first_roll({"first_dice": [{"kind": "base", "sides": 6}]}) is None
    assert stats.first_roll({"first_dice": "six"}) is None
    assert stats.push({"push_dice": [{"kind": "base", "sides": 6, "face": 0, "rerolled": True}]}) is None
