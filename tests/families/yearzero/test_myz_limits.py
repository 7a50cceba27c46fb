"""R-MYZ-LIMIT: seed 000's limits on myz role skills, as warnings computed from earlier rolls."""

from __future__ import annotations

from gmconsole.families.yearzero.rules import limits as myz_limits
from gmconsole.families.yearzero.rules.skill_modifiers import resolve


def _past(entry_id, who, skill, picks, *, session=1, success=True, name=None):
    return myz_limits.PastRoll(entry_id=entry_id, session=session, character_id=who, character=name or who,
                               skill=skill, picks=picks, success=success)


def _warn(who, skill, picks, past, session=1):
    return myz_limits.warnings("myz", who, who, skill, resolve("myz", skill, picks), session, past)


def test_the_limits_are_data_with_the_seeds_words():
    ids = {lim.id: lim for lim in myz_limits.limits("myz")}
    assert set(ids) == {"side-deal-once-per-session", "one-stalker-per-sector", "jury-rig-not-the-same-device-again",
                        "find-the-path-each-stunt-once-per-roll"}
    assert "You can only roll once per session." in ids["side-deal-once-per-session"].seed
    assert "only one of you get to roll to Find a Path when you enter a sector" in ids["one-stalker-per-sector"].seed
    assert "Each stunt can only be chosen once per roll" in ids["find-the-path-each-stunt-once-per-roll"].seed
    assert myz_limits.limits("yze") == []


def test_r_myz_limit_make_a_deal_once_per_session():
    past = [_past(5, "fixer", "make-a-deal", {"side-deal": None})]
    found = _warn("fixer", "make-a-deal", ["side-deal"], past)
    assert [w.limit_id for w in found] == ["side-deal-once-per-session"]
    assert "#5" in found[0].text and "once per session" in found[0].text and found[0].text_zh
    assert _warn("fixer", "make-a-deal", ["side-deal"], past, session=2) == []  # a new session
    assert _warn("other", "make-a-deal", ["side-deal"], past) == []  # another Fixer's deal
    assert _warn("fixer", "make-a-deal", [], past) == []  # finding a contact is not a side deal
    contact = [_past(5, "fixer", "make-a-deal", {})]
    assert _warn("fixer", "make-a-deal", ["side-deal"], contact) == []


def test_r_myz_limit_one_stalker_per_sector():
    past = [_past(3, "lina", "find-the-path", {"enter-sector": "B7"}, name="Lina")]
    found = _warn("kai", "find-the-path", ["enter-sector=b7"], past, session=4)
    assert [w.limit_id for w in found] == ["one-stalker-per-sector"]
    assert "Lina" in found[0].text and "B7" in found[0].text.upper()
    assert _warn("kai", "find-the-path", ["enter-sector=C2"], past) == []  # another sector
    assert _warn("lina", "find-the-path", ["enter-sector=B7"], past) == []  # the Stalker who rolled it
    assert _warn("kai", "find-the-path", [], past) == []  # keep looking: everyone may roll


def test_r_myz_limit_jury_rig_not_the_same_device_again_after_a_failure():
    failed = [_past(8, "grease", "jury-rig", {"device": "scrap gun"}, success=False)]
    found = _warn("grease", "jury-rig", ["device=Scrap Gun"], failed)
    assert [w.limit_id for w in found] == ["jury-rig-not-the-same-device-again"]
    assert "new scrap" in found[0].text
    assert _warn("grease", "jury-rig", ["device=cart"], failed) == []
    worked = [_past(8, "grease", "jury-rig", {"device": "scrap gun"}, success=True)]
    assert _warn("grease", "jury-rig", ["device=scrap gun"], worked) == []


def test_r_myz_limit_the_newest_earlier_roll_is_named():
    past = [
        _past(2, "fixer", "make-a-deal", {"side-deal": None}),
        _past(9, "fixer", "make-a-deal", {"side-deal": None}),
    ]
    assert _warn("fixer", "make-a-deal", ["side-deal"], past)[0].entry_id == 9


def test_r_myz_limit_find_the_path_each_stunt_once_per_roll():
    assert myz_limits.stunt_warning("myz", "find-the-path", 7, 7) is None
    found = myz_limits.stunt_warning("myz", "find-the-path", 9, 7)
    assert found is not None and "9 stunts but 7 different ones" in found.text
    assert myz_limits.stunt_warning("myz", "fight", 9, 6) is None
    assert myz_limits.stunt_warning("yze", "find-the-path", 9, 7) is None
