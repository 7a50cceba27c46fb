"""Initiative in the campaign: delays that end, typed cards and D6s (R-MANUAL-1), a new
draw each round with keepers (R-INIT-2), and adds asked what the start asks — recorded and undoable."""

from __future__ import annotations

import pytest

from gmconsole.campaign.errors import ValidationError
from gmconsole.rules.errors import RulesError


def _crew(service, names=("Ann", "Bo", "Cy")):
    return [service.roster.add_character({"name": n, "attributes": {"strength": 3, "agility": 3, "wits": 3,
                                                                    "empathy": 3}}).id for n in names]


def _order(service):
    return [(s["combatant"], s["value"]) for s in service.session.initiative["slots"]]


def test_R_INIT_3_delay_recorded_and_over_after_the_round(make_service, reopen):
    service = make_service("yze")
    ann, bo, cy = _crew(service)
    service.conflict.start_conflict([ann, bo, cy], cards={ann: [2], bo: [5], cy: [8]})
    service.conflict.delay_turn()
    service.conflict.bring_in(ann)  # after Bo, Ann steps in
    assert _order(service) == [(bo, 5), (ann, 2), (cy, 8)]
    service.conflict.next_turn()
    service.conflict.next_turn()
    assert _order(service) == [(ann, 2), (bo, 5), (cy, 8)]
    again = reopen(service)
    steps = [e["step"] for e in reversed(again.history.filtered(kind="initiative"))]
    assert steps == ["start", "delay", "bring-in", "next", "next"]
    again.undo()
    assert [s["combatant"] for s in again.session.initiative["slots"]] == [bo, ann, cy]


def test_R_MANUAL_1_typed_cards_and_d6_at_start_and_add_are_checked(make_service):
    service = make_service("yze")
    ann, bo, cy = _crew(service)
    entry = service.conflict.start_conflict([ann, bo], speeds={bo: 2}, cards={ann: [4], bo: [9, 1]})
    assert entry["joins"][0]["by_hand"] is True and entry["summary"].endswith("(typed: Ann, Bo)")
    assert _order(service) == [(bo, 1), (ann, 4), (bo, 9)]
    with pytest.raises(RulesError, match=r"^Cy's cards: card 4 is already Ann's$"):
        service.conflict.add_to_conflict(cy, cards=[4])
    with pytest.raises(RulesError, match="1 cards given but speed 2"):
        service.conflict.add_to_conflict(cy, speed=2, cards=[3])
    service.conflict.add_to_conflict(cy, speed=1, keep_best_of=2, cards=[7, 3])
    assert (cy, 3) in _order(service) and 7 in service.session.initiative["deck"]

    myz = make_service("myz", name="myz-typed")
    dee, eli = _crew(myz, ("Dee", "Eli"))
    myz.conflict.start_conflict([dee], faces={dee: 6})
    with pytest.raises(RulesError, match="cannot show 7"):
        myz.conflict.add_to_conflict(eli, face=7)
    entry = myz.conflict.add_to_conflict(eli, face=1)
    assert entry["join"]["face"] == 1 and entry["join"]["by_hand"] is True
    assert [s["value"] for s in myz.session.initiative["slots"]] == [9, 4]


def test_R_INIT_2_setting_draws_anew_each_round_keepers_keep(make_service):
    service = make_service("yze")
    ann, bo, cy = _crew(service)
    service.conflict.start_conflict([ann, bo, cy], cards={ann: [2], bo: [5], cy: [8]})
    service.conflict.keep_card(ann)
    for _ in range(3):
        service.conflict.next_turn()
    assert _order(service) == [(ann, 2), (bo, 5), (cy, 8)]  # the setting is off: the cards stay
    service.setup.update_settings({"initiative_redraw": True})
    service.conflict.next_turn()
    with pytest.raises(ValidationError, match="typed only when a new round draws"):
        service.conflict.next_turn(cards={bo: [1]})
    service.conflict.next_turn()
    entry = service.conflict.next_turn(cards={bo: [1], cy: [10]})
    assert entry["redraw"]["kept"] == {ann: [2]} and entry["by_hand"] is True
    assert entry["summary"].endswith("(typed: Bo, Cy)")
    assert _order(service) == [(bo, 1), (ann, 2), (cy, 10)]
    assert service.session.initiative["round"] == 3
    service.undo()
    assert _order(service) == [(ann, 2), (bo, 5), (cy, 8)]
    service.conflict.keep_card(ann, False)
    for _ in range(3):
        service.conflict.next_turn()
    assert sorted(c for c, _v in _order(service)) == sorted([ann, bo, cy])
    assert service.session.initiative["decks"] == 1 and len(service.session.initiative["deck"]) == 7


def test_refusals_name_combatants_not_their_roster_ids(make_service):
    service = make_service("yze")
    ann, bo, cy = _crew(service)
    service.conflict.start_conflict([ann, bo, cy], cards={ann: [2], bo: [5], cy: [8]})
    with pytest.raises(RulesError, match=r"^Cy is not delaying this round$"):
        service.conflict.bring_in(cy)
    service.conflict.next_turn()
    with pytest.raises(RulesError, match=r"^Ann has already acted this round$"):
        service.conflict.delay_turn(ann)
