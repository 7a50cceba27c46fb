"""The chi-square test and p-value behind dice fairness, and the luck score."""

from fractions import Fraction

import pytest

from gmconsole.rules.fairness import Expected, chi_square, fairness_verdict, luck, p_value, rolls_needed


@pytest.mark.parametrize(("chi2", "df", "p"), [(11.07, 5, 0.05), (15.09, 5, 0.01), (3.841, 1, 0.05),
                                               (6.635, 1, 0.01), (18.307, 10, 0.05), (2.0, 2, 0.36788)])
def test_p_value_matches_the_chi_square_table(chi2, df, p):
    assert p_value(chi2, df) == pytest.approx(p, rel=2e-3)


def test_p_value_of_no_difference_is_one_and_of_a_huge_one_nearly_zero():
    assert p_value(0.0, 5) == 1.0
    assert p_value(200.0, 5) < 1e-30


def test_chi_square_matches_a_hand_computation():
    # 60 rolls of a d6, 10 expected per face; deviations -5, 3, 0, 2, 1, -1: (25+9+0+4+1+1) / 10
    assert chi_square([5, 13, 10, 12, 11, 9]) == pytest.approx(4.0)


def test_a_die_showing_6_every_time_is_suspect_once_it_has_enough_rolls():
    verdict = fairness_verdict([0, 0, 0, 0, 0, 30])
    assert verdict["n"] == 30 == rolls_needed(6)
    assert verdict["chi2"] == pytest.approx(150.0)  # 5 faces (0-5)²/5 + (30-5)²/5
    assert verdict["suspect"] is True


def test_too_few_rolls_give_no_verdict_and_say_how_many_are_needed():
    verdict = fairness_verdict([0, 0, 0, 0, 0, 29])
    assert verdict["suspect"] is None
    assert verdict["needed"] == 30


def test_an_even_die_is_not_suspect():
    assert fairness_verdict([10, 9, 11, 10, 10, 10])["suspect"] is False


def test_luck_is_observed_minus_expected_in_standard_deviations():
    expected = Expected(Fraction(2), Fraction(4))
    assert luck(5, expected) == pytest.approx(1.5)
    assert luck(0, expected) == pytest.approx(-1.0)
    assert luck(3, Expected()) is None
