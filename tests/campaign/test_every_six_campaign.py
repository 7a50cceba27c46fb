"""R-STUNT-1 through the campaign service: a recorded roll of a myz skill that counts every 6 carries the
count under the skill's own key beside ``stunts``, its history summary says it in the skill's words (and so
the recap does), and a push counts again."""

import pytest
from campaign_helpers import yz

from gmconsole.campaign.recaps import recap_markdown


@pytest.fixture
def party(make_service):
    service = make_service("myz")
    service.roster.add_character({"name": "Vanja", "role": "dog-handler", "attributes": yz(3, 5, 3, 2),
                                  "skills": {"move": 2}})
    service.roster.add_character({"name": "Quill", "role": "chronicler", "attributes": yz(2, 3, 4, 5),
                                  "skills": {"inspire": 2, "heal": 2}})
    service.roster.add_character({"name": "Rook", "role": "fixer", "attributes": yz(3, 3, 3, 4),
                                  "skills": {"make-a-deal": 2}})
    service.roster.add_character({"name": "Kett", "role": "slave", "attributes": yz(4, 3, 3, 2),
                                  "skills": {"shake-it-off": 2}})
    return service


def test_r_stunt_1_a_move_roll_counts_friends_helped_in_the_entry_the_summary_and_the_recap(party):
    roll = party.rolls.roll("Vanja", "move", faces="b66123 s23")
    assert (roll["stunts"], roll["friends_helped"]) == (1, 2)
    assert roll["summary"] == "Vanja rolls Move: 2 successes — 2 sixes: 2 friends helped"
    assert "2 sixes: 2 friends helped" in recap_markdown(party.sessions.recap())


def test_r_stunt_1_a_push_counts_the_sixes_again(party):
    roll = party.rolls.roll("Vanja", "move", faces="b61234 s23")
    assert roll["friends_helped"] == 1 and roll["summary"].endswith("1 six: 1 friend helped")
    party.rolls.push(roll["id"], faces="b666 s66")
    pushed = party.history.entry(roll["id"])
    assert (pushed["successes"], pushed["friends_helped"]) == (6, 6)
    assert pushed["summary"] == "Vanja rolls Move: 6 successes — 6 sixes: 6 friends helped (pushed)"
    push_entry = party.history.filtered(kind="push")[0]
    assert push_entry["summary"].startswith("Vanja pushes Move: 6 successes — 6 sixes: 6 friends helped")


@pytest.mark.parametrize(("who", "skill", "picks", "key", "words"), [
    ("Rook", "make-a-deal", ["side-deal"], "side_deal_options", "2 sixes: 2 side-deal options to choose"),
    ("Quill", "heal", [], "attribute_points", "2 sixes: Mend the Broken: 2 attribute points back"),
    ("Kett", "shake-it-off", [], "trauma_shaken_off", "2 sixes: 2 points of trauma shaken off"),
    ("Quill", "inspire", [], "sixes_given", "2 sixes: 2 sixes to give (help) or cancel (hinder)"),
])
def test_r_stunt_1_each_skill_says_its_own_count(party, who, skill, picks, key, words):
    base = len(party.rolls.preview_roll(who, skill, skill_modifiers=picks).dice) - 2
    roll = party.rolls.roll(who, skill, skill_modifiers=picks, faces="b66" + "2" * (base - 2) + " s23")
    assert roll[key] == 2 and roll["stunts"] == 1
    assert roll["summary"].endswith(words)


def test_r_stunt_1_make_a_deal_without_a_side_deal_counts_stunts_as_before(party):
    roll = party.rolls.roll("Rook", "make-a-deal", faces="b6623 s23")
    assert "side_deal_options" not in roll and roll["stunts"] == 1
    assert roll["summary"] == "Rook rolls Make a Deal: 2 successes"


def test_r_stunt_1_a_failed_roll_counts_no_six_and_says_nothing_of_them(party):
    roll = party.rolls.roll("Vanja", "move", faces="b22345 s23")
    assert roll["friends_helped"] == 0 and roll["summary"] == "Vanja rolls Move: 0 successes"
