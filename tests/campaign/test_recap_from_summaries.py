"""The recap of a session read from the summaries kept beside its history chunks (their ``recap`` part: a few
fields of each entry, not its dice, odds and undo record) says exactly what the recap built from every whole
entry says: the same data (``gmconsole session NAME recap --json``) and the same Markdown, in English and in
zh-Hant, whatever the session holds: rolls and pushes with typed and rolled dice, costs applied, dropped or
left pending, panics from each path (costs applied, an opposed roll's defender, the tracker's panic roll, a
chained roll), harm, sheet changes, conditions, XP, clocks, doom, scenes and undone entries, spread over
several chunks (a push in another chunk than its roll)."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from campaign_helpers import frozen_clock, yz
from stats_session import DEMOS, play_session

from gmconsole.campaign import recaps
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.service import CampaignService
from gmconsole.i18n import set_language
from gmconsole.rules.errors import RulesError
from gmconsole.store import campaign_store as cs

LANGUAGES = ("en", "zh-Hant")


@pytest.fixture
def small_chunks(monkeypatch):
    """Chunks of four entries: the session spreads over many, a roll and its push in different ones."""
    monkeypatch.setattr(cs, "CHUNK_SIZE", 4)


@pytest.fixture
def speaking():
    """``speaking(language)`` sets the language the recap is read in; English again afterwards."""
    yield set_language
    set_language("en")


def _stress(service, who, first: int = 4) -> str:
    """Typed stress dice for ``who``'s present stress: ``first``, then 4s; empty without stress."""
    count = service.character(who).stress
    return f" stress={','.join(map(str, [first] + [4] * (count - 1)))}" if count else ""


def _play(service) -> None:
    """A Year Zero evening with a bit of everything the recap lists."""
    service.setup.update_settings({"max_pushes": 2})
    ann = service.roster.add_character({"name": "Ann", "attributes": yz(3, 4, 3, 2), "skills": {"ranged": 2,
                                                                                                "melee": 1},
                                        "stress": 1})
    bo = service.roster.add_character({"name": "Bo", "attributes": yz(3, 3, 3, 3), "skills": {"melee": 1}, "stress": 7})
    cy = service.roster.add_character({"name": "Cy", "attributes": yz(3, 3, 3, 3)})
    clock = service.trackers.add_clock("Alarm", 6)
    # costs applied with a typed panic D6: the panic, the stress it spread to Bo
    roll = service.rolls.roll(ann.id, "ranged", faces="base=6,2,3,4 skill=5,3 stress=1")
    service.outcomes.apply_costs(roll["id"], in_range=[bo.id], panic_face=6)
    service.sessions.new_scene()
    # a typed first roll pushed twice with the console's dice: the first roll's words, the typed step
    roll = service.rolls.roll(ann.id, "ranged", faces="base=2,3,4,4 skill=3,2" + _stress(service, ann.id),
                              goal="the lock")
    service.rolls.push(roll["id"], rng=random.Random(3))
    with contextlib.suppress(RulesError, ValidationError):
        service.rolls.push(roll["id"], rng=random.Random(5))
    # costs dropped, costs left pending
    dropped = service.rolls.roll(bo.id, "melee", faces="base=6,3,3 skill=2" + _stress(service, bo.id, 1))
    service.outcomes.drop_costs(dropped["id"])
    service.trackers.change_stress(cy.id, 1)
    service.rolls.roll(cy.id, "melee", faces="base=6,3,3" + _stress(service, cy.id, 1))
    # both sides of an opposed roll panic, the defender's chaining a roll for Cy
    entry = service.rolls.opposed_roll(ann.id, "melee", defender_id=bo.id, defender_skill="melee",
                                       faces="base=6,3,3 skill=2" + _stress(service, ann.id, 1),
                                       defender_faces="base=3,3,3 skill=4" + _stress(service, bo.id, 1))
    service.outcomes.apply_costs(entry["id"], in_range=[cy.id], panic_face=6, defender_panic_face=6,
                                 rng=random.Random(4))
    service.sessions.new_scene()
    # the tracker's panic roll, typed and rolled
    service.trackers.panic_roll(cy.id, face=6, in_range=[ann.id], by_hand=True)
    service.trackers.panic_roll(ann.id, in_range=[bo.id, cy.id], rng=random.Random(9))
    # the console's own dice, pushed; a GM's quick roll pushed (R-PUSH-7: no stress die)
    roll = service.rolls.roll(bo.id, "melee", rng=random.Random(11))
    with contextlib.suppress(RulesError, ValidationError):
        service.rolls.push(roll["id"], rng=random.Random(12))
    quick = service.rolls.quick_roll("4b 2s", faces="base=3,3,2,4 skill=5,2")
    with contextlib.suppress(RulesError, ValidationError):
        service.rolls.push(quick["id"], rng=random.Random(13))
    # harm, a sheet changed, stress, trauma, healing, conditions, XP, clocks and doom
    service.trackers.harm(bo.id, 1, "strength")
    service.roster.set_attribute(cy.id, "agility", current=2)
    service.trackers.change_stress(cy.id, 1)
    service.trackers.apply_trauma(ann.id, "wits")
    service.trackers.heal(ann.id, "wits")
    service.trackers.add_condition(bo.id, "exhausted")
    service.trackers.change_tracker(ann.id, "xp", 2)
    service.trackers.advance_clock(clock.id, 2)
    service.trackers.change_doom(1)
    # undone: a roll, then a push (its roll as it was before it), then one undone and redone
    service.rolls.roll(cy.id, "melee", faces="base=6,6,1" + _stress(service, cy.id))
    service.undo()
    roll = service.rolls.roll(ann.id, "ranged", faces="base=2,3,4,4 skill=3,2" + _stress(service, ann.id))
    service.rolls.push(roll["id"], rng=random.Random(21))
    service.undo()
    service.trackers.change_doom(2)
    service.undo()
    service.redo()


def _both(service) -> tuple[dict, dict]:
    return recaps.recap(service.ledger, whole_entries=True), recaps.recap(service.ledger)


def _same(service, language: str, speaking) -> dict:
    speaking(language)
    whole, summarised = _both(service)
    assert summarised == whole
    assert recaps.recap_markdown(summarised) == recaps.recap_markdown(whole)
    return summarised


def test_a_varied_session_recaps_the_same_from_the_summaries_as_from_every_whole_entry(
        make_service, small_chunks, speaking, tmp_path):
    service = make_service("yze")
    _play(service)
    assert len(service.history.chunks()) >= 10  # the session spans many chunks
    seen = {language: _same(service, language, speaking) for language in LANGUAGES}
    data = seen["en"]
    sections = data["sections"]
    # what the comparison covers is there to compare
    assert len(sections["panics"]) >= 5 and any(p["chained"] for p in sections["panics"])
    assert {p["kind"] for p in sections["panics"]} == {"costs", "panic"}
    assert any(line.get("first_summary") for line in sections["rolls"])
    assert any(line.get("typed_step") for line in sections["rolls"] + sections["pushes"])
    assert any(line.get("push_step") == 2 for line in sections["pushes"])
    assert any(line["kind"] == "drop_costs" for line in sections["pushes"])
    assert data["pending_costs"] and sections["sheets"] and sections["conditions"] and sections["xp"]
    assert {line["kind"] for line in sections["stress_trauma"]} >= {"stress", "harm", "trauma", "heal"}
    assert len(sections["clocks"]) >= 3 and data["scenes"] == 3
    whole = service.history.entries(1)
    assert data["entries"] == len([e for e in whole if e.get("status", "done") == "done"]) < len(whole)
    assert "強推" in recaps.recap_markdown(seen["zh-Hant"]) and "恐慌" in recaps.recap_markdown(seen["zh-Hant"])
    # read again by another process, from the summary files this one kept
    with CampaignService.open(tmp_path, service.campaign.name, read_only=True, clock=frozen_clock) as reader:
        for language in LANGUAGES:
            speaking(language)
            assert recaps.recap(reader.ledger) == seen[language]


def test_the_recap_reads_no_whole_entry_once_the_summaries_are_kept(make_service, small_chunks, monkeypatch, tmp_path):
    """With every summary fresh, a reader's recap opens no history chunk: the records are all it needs."""
    service = make_service("yze")
    _play(service)
    truth = recaps.recap(service.ledger, whole_entries=True)
    recaps.recap(service.ledger)  # makes and keeps the summaries
    service.close()
    with CampaignService.open(tmp_path, "yze-test", read_only=True, clock=frozen_clock) as reader:
        def no_chunk(*_args, **_kwargs):
            raise AssertionError("a whole chunk was read")

        monkeypatch.setattr(cs.CampaignStore, "_read_chunk", no_chunk)
        monkeypatch.setattr(cs.CampaignStore, "chunk_entries", no_chunk)
        assert recaps.recap(reader.ledger) == truth


def test_summaries_made_in_english_are_read_in_zh_hant(make_service, small_chunks, speaking, tmp_path):
    """The records hold data, no words: kept while the console spoke English, they give the zh-Hant recap
    that the whole entries give."""
    service = make_service("yze")
    _play(service)
    english = recaps.recap_markdown(recaps.recap(service.ledger))
    service.close()
    speaking("zh-Hant")
    with CampaignService.open(tmp_path, "yze-test", read_only=True, clock=frozen_clock) as reader:
        whole, summarised = _both(reader)
    assert summarised == whole
    chinese = recaps.recap_markdown(summarised)
    assert chinese == recaps.recap_markdown(whole) != english
    assert "## 恐慌" in chinese and "擲骰" in chinese


def test_a_roll_recorded_after_the_recap_is_in_the_next_recap(make_service, small_chunks):
    """The open campaign's memory of its summaries holds only while their chunks are unchanged."""
    service = make_service("yze")
    _play(service)
    before = recaps.recap(service.ledger)
    ann = service.character("Ann")
    service.rolls.roll(ann.id, "ranged", faces="base=6,6,2,2 skill=6,3" + _stress(service, ann.id))
    after = recaps.recap(service.ledger)
    assert len(after["sections"]["rolls"]) == len(before["sections"]["rolls"]) + 1
    assert after == recaps.recap(service.ledger, whole_entries=True)
    service.undo()
    assert recaps.recap(service.ledger) == before


@pytest.mark.parametrize("name", DEMOS)
def test_each_demos_seeded_session_recaps_the_same_from_the_summaries(name, tmp_path, speaking):
    """Every family: the seeded session (special rolls, typed dice, pushes, costs and panics applied)."""
    play_session(tmp_path, name)
    with CampaignService.open(tmp_path, name, read_only=True, clock=frozen_clock) as reader:
        number = reader.session.number
        for language in LANGUAGES:
            speaking(language)
            whole = recaps.recap(reader.ledger, number, whole_entries=True)
            summarised = recaps.recap(reader.ledger, number)
            assert summarised == whole and whole["sections"]["rolls"]
            assert recaps.recap_markdown(summarised) == recaps.recap_markdown(whole)
            assert json.dumps(summarised, sort_keys=True) == json.dumps(whole, sort_keys=True)
