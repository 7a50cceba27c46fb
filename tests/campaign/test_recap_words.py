"""What the session's recap says of a roll, its push, its panic and the stress it spread, and of a retry: each
thing once, in the section the GM looks for it, in words that do not repeat themselves.

- every panic is under "Panics" with its D6, the stress it was rolled with, the total and the row, whatever
  entry carried it (the tracker's panic roll, the costs ``c`` applied, an opposed roll's defender);
- the stress a panic gave (the one who panics, the PCs in range) is under "Stress and trauma";
- a pushed roll's line says what the first roll gave, with its dice, and the push's what the push gave;
- tiered's plain dice are not named "dice" twice; exploding's change of circumstances stands beside its retry.

The JSON (``gmconsole session NAME recap --json``) keeps the ids (``nervous-twitch``) as a contract.
"""

from __future__ import annotations

import random

from campaign_helpers import yz

from gmconsole.campaign import recaps
from gmconsole.i18n import set_language


def _lines(markdown: str, heading: str) -> list[str]:
    """The lines of the recap's ``## heading`` section."""
    if f"## {heading}\n" not in markdown:
        return []
    part = markdown.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in part.splitlines() if line.strip()]


def _party(service):
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 4, 3, 2), "skills": {"ranged": 2},
                                        "stress": 1})
    bob = service.roster.add_character({"name": "Bob", "attributes": yz(3, 3, 3, 3), "skills": {}})
    return ann, bob


def test_a_panic_rolled_when_costs_are_applied_is_under_panics_and_its_stress_under_stress_and_trauma(
        make_service):
    """R-PANIC-1: Ann's stress die shows 1, ``c`` applies the costs with the panic D6 typed (6: with her stress
    1, 7 Nervous twitch) and Bob is at short range: the panic is listed under Panics, the costs line only
    points to it, and Ann's own stress +1 and Bob's are under Stress and trauma."""
    service = make_service("yze")
    ann, bob = _party(service)
    roll = service.rolls.roll(ann.id, "ranged", faces="base=6,2,3,4 skill=5,3 stress=1")
    service.outcomes.apply_costs(roll["id"], in_range=[bob.id], panic_face=6)
    data = service.sessions.recap()
    text = recaps.recap_markdown(data)
    assert _lines(text, "Panics") == ["- scene 1 · Ann panics: D6 6 + stress 1 = 7: Nervous twitch (typed face)"]
    assert _lines(text, "Pushes and their costs") == ["- scene 1 · Ann panics (see Panics)"]
    assert _lines(text, "Stress and trauma") == ["- scene 1 · Ann: stress 1 → 2 (Nervous twitch)",
                                                 "- scene 1 · Bob: stress +1 (Ann's Nervous twitch)"]
    panic = data["sections"]["panics"][0]
    assert (panic["kind"], panic["face"], panic["stress"], panic["total"], panic["effect"]) == (
        "costs", 6, 1, 7, "nervous-twitch")  # the row's id, as --json always gave it
    assert text.count("Nervous twitch") == 4  # the panic, the stress it gave twice, the dice and luck's row


def test_the_trackers_panic_roll_lists_each_roll_of_a_chain_and_the_stress_it_spread(make_service):
    """The tracker's panic roll (its own entry) reads the same: D6 + stress = total and row, a typed D6 said."""
    service = make_service("yze")
    ann, bob = _party(service)
    service.trackers.panic_roll(ann.id, face=6, in_range=[bob.id], by_hand=True)
    text = recaps.recap_markdown(service.sessions.recap())
    assert _lines(text, "Panics") == ["- scene 1 · Ann panics: D6 6 + stress 1 = 7: Nervous twitch (typed face)"]
    assert _lines(text, "Stress and trauma") == ["- scene 1 · Ann: stress 1 → 2 (Nervous twitch)",
                                                 "- scene 1 · Bob: stress +1 (Ann's Nervous twitch)"]


def test_a_pushed_rolls_line_says_the_first_roll_and_the_push_line_the_push_without_repeating_words(
        make_service):
    """A first roll typed, pushed with the console's dice: the roll's line read ``2 successes (pushed) — 2
    successes (pushed; typed: first roll) · dice: base 6 3 1 2``, the count after the push beside the first
    roll's dice, said twice. Now the roll's line says the first roll's count with its dice and that they were
    typed, the push's line what the push gave with its dice."""
    service = make_service("yze")
    ann, _bob = _party(service)
    roll = service.rolls.roll(ann.id, "ranged", faces="base=6,3,2,2 skill=4,5 stress=2")
    push = service.rolls.push(roll["id"])
    text = recaps.recap_markdown(service.sessions.recap())
    assert _lines(text, "Rolls") == [
        "- scene 1 · Ann rolls Ranged: 1 success (typed faces) · dice: base 6 3 2 2 · skill 4 5 · stress 2"]
    pushes = _lines(text, "Pushes and their costs")
    assert pushes[0].startswith(f"- scene 1 · {push['summary']} · dice: base 6 ")
    assert "(pushed" not in text and "typed: first roll" not in text


def test_a_roll_and_a_push_both_typed_say_nothing_of_typing(make_service):
    service = make_service("yze")
    ann, _bob = _party(service)
    roll = service.rolls.roll(ann.id, "ranged", faces="base=6,3,2,2 skill=4,5 stress=2")
    service.rolls.push(roll["id"], faces="b452 s66 st34")
    text = recaps.recap_markdown(service.sessions.recap())
    assert _lines(text, "Rolls") == [
        "- scene 1 · Ann rolls Ranged: 1 success · dice: base 6 3 2 2 · skill 4 5 · stress 2"]
    assert _lines(text, "Pushes and their costs")[0] == (
        "- scene 1 · Ann pushes Ranged: 3 successes; stress +1 → 2 · dice: base 6 4* 5* 2* · skill 6* 6* · "
        "stress 3* 4*")


def test_tiered_dice_are_listed_by_their_faces_not_named_dice_twice(make_service):
    service = make_service("tiered")
    wren = service.roster.add_character({"name": "Wren", "attributes": {"str": 1, "dex": 2, "int": 1, "cha": 1,
                                                                        "per": 1},
                                         "skills": {"stealth": 1}, "stamina": 6, "stamina_max": 6})
    service.rolls.roll(wren.id, "stealth", attribute="dex", faces="d4312")
    assert _lines(recaps.recap_markdown(service.sessions.recap()), "Rolls") == [
        "- scene 1 · Wren rolls stealth: mixed · dice: 4 3 1 2"]


def test_an_exploding_retry_stands_beside_its_change_of_circumstances(make_service):
    """A failed check, the change of circumstances that allows a retry (``w``), the retry: the recap lists the
    three in order, and a result says its margin once (it read ``top 3 — top 3 (-1)``)."""
    service = make_service("exploding")
    kara = service.roster.add_character({"name": "Kara", "attributes": {"agility": 10}, "skills": {"shooting": 10}})
    service.rolls.roll(kara.id, "shooting", attribute="agility", faces="s3,1 t2")
    service.rolls.change_of_circumstances(kara.id, "shooting", "found cover")
    service.rolls.roll(kara.id, "shooting", attribute="agility", faces="s10+4,2 t3")
    assert _lines(recaps.recap_markdown(service.sessions.recap()), "Rolls") == [
        "- scene 1 · Kara rolls shooting: top 3 (-1) · dice: skill d10:3 d10:1 · trait d10:2",
        "- scene 1 · Kara may try shooting again: found cover",
        "- scene 1 · Kara rolls shooting: top 14 (+10) · dice: skill d10:10+4 d10:2 · trait d10:3"]


def _opposed_trio(service, *, ann_stress=0, bo_stress=2, bo_name="Bo"):
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(2, 3, 3, 3), "skills": {"melee": 1},
                                        "stress": ann_stress})
    bo = service.roster.add_character({"name": bo_name, "attributes": yz(3, 3, 3, 3), "skills": {"melee": 1},
                                       "stress": bo_stress})
    cy = service.roster.add_character({"name": "Cy", "attributes": yz(3, 3, 3, 3)})
    return ann, bo, cy


def test_R_PANIC_1_an_opposed_defenders_panic_is_under_panics_and_the_stress_it_spread_under_stress(make_service):
    """Bo defends Ann's Melee; his stress die shows 1 (R-OPP-1): ``c`` rolls his panic, D6 5 + stress 2 = 7,
    Nervous twitch, with Ann and Cy at short range. The recap lists Bo's panic with its D6 under Panics, his
    own stress and that of both PCs in range under Stress and trauma, naming whose twitch it was."""
    service = make_service("yze")
    ann, bo, cy = _opposed_trio(service)
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2", defender_faces="base=3,3,3 skill=4 stress=1,4")
    service.outcomes.apply_costs(entry["id"], in_range=[ann.id, cy.id], defender_panic_face=5)
    text = recaps.recap_markdown(service.sessions.recap())
    assert _lines(text, "Panics") == ["- scene 1 · Bo panics: D6 5 + stress 2 = 7: Nervous twitch (typed face)"]
    assert _lines(text, "Pushes and their costs") == ["- scene 1 · Bo panics (see Panics)"]  # never "Ann: Bo …"
    assert _lines(text, "Stress and trauma") == ["- scene 1 · Bo: stress 2 → 3 (Nervous twitch)",
                                                 "- scene 1 · Ann: stress +1 (Bo's Nervous twitch)",
                                                 "- scene 1 · Cy: stress +1 (Bo's Nervous twitch)"]
    assert (service.character("Ann").stress, service.character("Cy").stress) == (1, 1)  # what the recap says


def test_R_PANIC_1_both_sides_panics_and_a_chained_roll_each_have_their_line(make_service):
    """Ann (stress 1) and Bo (stress 7) both show a stress-die 1: Ann's 6 + 1 = 7 twitch, Bo's 6 + 7 = 13 Flee
    chains a panic roll for Cy, who hears him. Each panic roll is a line of its own, the chained one says so;
    the stress each gave says whose row gave it."""
    service = make_service("yze")
    ann, bo, cy = _opposed_trio(service, ann_stress=1, bo_stress=7)
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2 stress=1",
                                       defender_faces="base=3,3,3 skill=4 stress=1,4,4,4,4,4,4")
    costs = service.outcomes.apply_costs(entry["id"], in_range=[cy.id], panic_face=6, defender_panic_face=6,
                                         rng=random.Random(4))
    cy_roll = costs["defender_panic"]["rolls"][1]
    text = recaps.recap_markdown(service.sessions.recap())
    assert _lines(text, "Panics") == [
        "- scene 1 · Ann panics: D6 6 + stress 1 = 7: Nervous twitch (typed face)",
        "- scene 1 · Bo panics: D6 6 + stress 7 = 13: Flee (typed face)",
        f"- scene 1 · Cy panics (chained): D6 {cy_roll['face']} + stress {cy_roll['stress']} = {cy_roll['total']}: "
        f"{_row_name(cy_roll['total'])}"]
    stress = _lines(text, "Stress and trauma")
    assert "- scene 1 · Ann: stress 1 → 2 (Nervous twitch)" in stress
    assert "- scene 1 · Cy: stress +1 (Ann's Nervous twitch)" in stress
    assert "- scene 1 · Bo: stress 7 → 6 (Flee)" in stress


def _row_name(total: int) -> str:
    """The panic table's row name of ``total`` in English (RULES.md's panic table)."""
    rows = {7: "Nervous twitch", 8: "Tremble", 9: "Drop item", 10: "Freeze", 11: "Seek cover", 12: "Scream",
            13: "Flee", 14: "Berserk"}
    return "Keeping it together" if total <= 6 else rows.get(total, "Catatonic")


def test_a_name_from_the_campaign_file_is_escaped_in_the_panic_and_stress_lines(make_service):
    """A defender named ``Bo | Pipe`` would cut a Markdown table and its line: the recap escapes it."""
    service = make_service("yze")
    ann, bo, cy = _opposed_trio(service, bo_name="Bo | Pipe")
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3 skill=2", defender_faces="base=3,3,3 skill=4 stress=1,4")
    service.outcomes.apply_costs(entry["id"], in_range=[cy.id], defender_panic_face=5)
    text = recaps.recap_markdown(service.sessions.recap())
    assert _lines(text, "Panics") == [
        "- scene 1 · Bo \\| Pipe panics: D6 5 + stress 2 = 7: Nervous twitch (typed face)"]
    assert _lines(text, "Stress and trauma") == ["- scene 1 · Bo \\| Pipe: stress 2 → 3 (Nervous twitch)",
                                                 "- scene 1 · Cy: stress +1 (Bo \\| Pipe's Nervous twitch)"]
    assert "Bo | Pipe" not in text


def test_a_panic_row_reads_by_its_name_in_zh_hant_never_its_id(make_service):
    """The recap read in zh-Hant names the panic row in zh-Hant (the ids stay in ``--json``)."""
    service = make_service("yze")
    ann, bob = _party(service)
    roll = service.rolls.roll(ann.id, "ranged", faces="base=6,2,3,4 skill=5,3 stress=1")
    service.outcomes.apply_costs(roll["id"], in_range=[bob.id], panic_face=6)
    set_language("zh-Hant")
    try:
        data = service.sessions.recap()
        text = recaps.recap_markdown(data)
    finally:
        set_language("en")
    panics, stress = _lines(text, "恐慌"), _lines(text, "壓力與創傷")
    assert len(panics) == 1 and panics[0].startswith("- 第 1 場景 · Ann 恐慌：D6 6 + 壓力 1 = 7：")
    assert "nervous-twitch" not in text and "Nervous" not in text
    row = panics[0].split(" = 7：", 1)[1].removesuffix("（手動輸入點數）")
    assert row and row in stress[0] and row in stress[1]
    assert data["sections"]["panics"][0]["effect"] == "nervous-twitch"
