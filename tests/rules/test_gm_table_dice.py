"""The dice of the GM's own tables (gmconsole.rules.gm_tables): die expressions, typed faces (R-MANUAL-1),
the rows' ranges and lookup, and, with a fixed seed, row frequencies against the exact probabilities."""

import random
from fractions import Fraction

import pytest

from gmconsole.rules.errors import RulesError
from gmconsole.rules.gm_tables import Range, check_rows, parse_die, parse_faces, parse_range, row_for


@pytest.mark.parametrize(("text", "count", "sides", "digits"), [
    ("d6", 1, 6, False), ("2d6", 2, 6, False), ("d66", 2, 6, True), ("D66", 2, 6, True), ("d10", 1, 10, False),
    ("d100", 1, 100, False), ("3d6", 3, 6, False), ("d666", 3, 6, True)])
def test_die_expressions(text, count, sides, digits):
    die = parse_die(text)
    assert (die.count, die.sides, die.digits) == (count, sides, digits)


@pytest.mark.parametrize("text", ["d7", "0d6", "2d100", "11d6", "d", "66", "d6+1", "", None, 6])
def test_a_die_no_table_names_is_refused(text):
    with pytest.raises(RulesError, match="is not a table's die"):
        parse_die(text)


def test_a_d66_reads_tens_then_units():
    die = parse_die("d66")
    assert die.total([3, 5]) == 35 and die.total([6, 1]) == 61
    assert parse_faces("3 5", die) == [3, 5] and parse_faces("35", die) == [3, 5] and parse_faces("3,5", die) == [3, 5]
    totals = die.totals()
    assert len(totals) == 36 and min(totals) == 11 and max(totals) == 66 and 17 not in totals
    assert all(p == Fraction(1, 36) for p in totals.values())


def test_sums_and_their_exact_probabilities():
    totals = parse_die("2d6").totals()
    assert totals[7] == Fraction(6, 36) and totals[2] == Fraction(1, 36) and sum(totals.values()) == 1
    assert parse_die("2d6").total([3, 4]) == 7


@pytest.mark.parametrize(("spec", "why"), [
    ("7 1", "cannot show 7"), ("0 3", "cannot show 0"), ("3", "needs 2 faces"), ("1 2 3", "needs 2 faces"),
    ("a b", "are not faces"), ("", "are not faces")])
def test_R_MANUAL_1_typed_faces_are_checked_against_their_dice(spec, why):
    with pytest.raises(RulesError, match=why):
        parse_faces(spec, parse_die("d66"))


def test_d100_takes_one_face_of_up_to_100():
    die = parse_die("d100")
    assert parse_faces("73", die) == [73]
    with pytest.raises(RulesError, match="cannot show 101"):
        parse_faces("101", die)


def test_ranges():
    assert parse_range(7) == Range(7, 7) and parse_range("11-16") == Range(11, 16) and parse_range("3–4") == Range(3, 4)
    for bad in ("6-1", "x", "1-2-3", True, 1.5, ""):
        with pytest.raises(RulesError, match="is not a range"):
            parse_range(bad)


def test_rows_must_cover_every_total_once():
    d66 = parse_die("d66")
    assert check_rows(d66, [Range(11, 36), Range(41, 66)]) == []
    assert check_rows(d66, [Range(11, 36), Range(36, 66)]) == [(2, "rows 1 and 2 both read 36")]
    assert check_rows(d66, [Range(11, 36)]) == [(None, "no row reads 41, 42, 43, 44, 45, 46, 51, 52 ...")]
    assert check_rows(parse_die("d6"), [Range(1, 6), Range(7, 9)])[0][0] == 2


def test_row_for_a_total():
    ranges = [Range(2, 6), Range(7, 7), Range(8, 12)]
    assert [row_for(ranges, t) for t in (2, 6, 7, 12)] == [0, 0, 1, 2]


def test_row_frequencies_match_the_exact_probabilities_fixed_seed():
    """20,000 rolls of a 2d6 and a d66 table (seed 31): each row's share within 4 standard errors of its
    exact probability (the sum of its totals' probabilities)."""
    rng = random.Random(31)
    cases = [("2d6", [Range(2, 4), Range(5, 6), Range(7, 7), Range(8, 9), Range(10, 12)]),
             ("d66", [Range(11, 16), Range(21, 33), Range(34, 56), Range(61, 66)])]
    n = 20_000
    for text, ranges in cases:
        die = parse_die(text)
        assert check_rows(die, ranges) == []
        counts = [0] * len(ranges)
        for _roll in range(n):
            counts[row_for(ranges, die.total(die.roll(rng)))] += 1
        exact = die.totals()
        for span, seen in zip(ranges, counts, strict=True):
            p = float(sum(q for t, q in exact.items() if span.low <= t <= span.high))
            error = (p * (1 - p) / n) ** 0.5
            assert abs(seen / n - p) < 4 * error, (text, span, seen / n, p)
