"""R-STUNT-1 in the rules core: the myz skills whose text counts every 6 (seed 000) say so instead of
"N−1 stunts": Move (one friend helped per 6), Make a Deal's side deals (one option per 6), Heal's Mend the
Broken (attribute points equal to the 6s), Shake It Off (one trauma per 6), Inspire (all 6s given). The
words are data (``data/myz.toml``), in English and zh-Hant; ``--json`` carries the count under the skill's
own key beside ``stunts``."""

from __future__ import annotations

import pytest

from gmconsole.families.yearzero.rules.roll import PoolRequest, build_pool, roll
from gmconsole.families.yearzero.rules.sixes import every_six
from gmconsole.i18n import set_language
from gmconsole.rules.dice import DiceSource

SIXES = [
    ("move", (), "friends_helped", "2 sixes: 2 friends helped", "1 six: 1 friend helped"),
    ("make-a-deal", ("side-deal",), "side_deal_options", "2 sixes: 2 side-deal options to choose",
     "1 six: 1 side-deal option to choose"),
    ("heal", (), "attribute_points", "2 sixes: Mend the Broken: 2 attribute points back",
     "1 six: Mend the Broken: 1 attribute point back"),
    ("shake-it-off", (), "trauma_shaken_off", "2 sixes: 2 points of trauma shaken off",
     "1 six: 1 point of trauma shaken off"),
    ("inspire", (), "sixes_given", "2 sixes: 2 sixes to give (help) or cancel (hinder)",
     "1 six: 1 six to give (help) or cancel (hinder)"),
]


@pytest.mark.parametrize(("skill", "marks", "key", "two", "one"), SIXES)
def test_r_stunt_1_each_skill_counts_every_six_in_its_own_words(skill, marks, key, two, one):
    counted = every_six("myz", skill, 2, marks)
    assert (counted.key, counted.count, counted.text()) == (key, 2, two)
    assert every_six("myz", skill, 1, marks).text() == one
    assert every_six("myz", skill, 0, marks).text() == "", "a failed roll has no six to count"


def test_r_stunt_1_only_a_side_deal_counts_the_sixes_of_make_a_deal_and_other_skills_count_stunts():
    assert every_six("myz", "make-a-deal", 3) is None, "finding a contact is a plain roll"
    assert every_six("myz", "fight", 3) is None
    assert every_six("yze", "medicine", 3) is None


def test_r_stunt_1_the_words_are_in_traditional_chinese_too():
    set_language("zh-Hant")  # the suite puts English back after each test
    assert every_six("myz", "move", 2).text() == "2 個 6：2 位同伴脫身"
    assert every_six("myz", "shake-it-off", 1).text() == "1 個 6：甩開 1 點創傷"


def test_r_stunt_1_the_roll_carries_the_count_under_the_skills_key_beside_stunts():
    pool = build_pool(PoolRequest("myz", "agility", 3, "move", 2))
    rolled = roll(pool, DiceSource(faces={"base": [6, 6, 2], "skill": [6, 3]}))
    data = rolled.as_dict()
    assert (data["stunts"], data["friends_helped"]) == (2, 3)
    plain = roll(build_pool(PoolRequest("myz", "strength", 3, "fight", 1)),
                 DiceSource(faces={"base": [6, 6, 2], "skill": [3]})).as_dict()
    assert "friends_helped" not in plain and plain["stunts"] == 1
