"""History entries as the chunk files keep them (:mod:`gmconsole.store.lean_entries`): what a roll is, without
what follows from it; read back exactly as recorded, older full entries read as written, and a lean form that
does not read back is a damaged file naming the entry, never a guess.

Every campaign here is played through the service, as the console and the command line play it.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
from pathlib import Path

import pytest

from gmconsole import systems
from gmconsole.campaign.library import install_demos
from gmconsole.campaign.service import CampaignService
from gmconsole.i18n import set_language
from gmconsole.store.errors import CorruptFile
from gmconsole.store.lean_entries import pack, unpack

CHUNK = Path("history") / "session-0001" / "entries-000000001.json"
DEMOS = ("yze-demo", "myz-demo", "yze-step-demo", "exploding-demo", "tiered-demo")


@pytest.fixture(autouse=True)
def _no_disk_flush(monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def _play(root: Path, name: str, seed: int = 5, turns: int = 12) -> list[dict]:
    """Rolls (some pushed), costs applied, stress: the entries as the service recorded them."""
    rng = random.Random(seed)
    with CampaignService.open(root, name, rng=rng) as service:
        pcs = [c for c in service.campaign.roster if not c.is_npc]
        for _turn in range(turns):
            who = rng.choice(pcs)
            skill = rng.choice(sorted(who.skills) or [None])
            named = not systems.get(service.campaign.system).attribute_from_skill
            attribute = rng.choice(sorted(who.attributes)) if named else None
            try:
                service.rolls.roll(who.id, skill, attribute=attribute)
            except Exception:  # a roll the rules refuse (a broken attribute): play on
                continue
            for step, chance in ((service.rolls.push, 0.5), (service.outcomes.apply_costs, 0.3)):
                if rng.random() < chance:
                    # nothing to push (a family without pushes), no costs waiting: play on
                    with contextlib.suppress(Exception):
                        step()
            if rng.random() < 0.3:
                service.trackers.change_stress(who.id, 1)
        return [dict(e) for e in service.history.entries()]


def _stored(folder: Path) -> dict[str, dict]:
    return json.loads((folder / CHUNK).read_text(encoding="utf-8"))["entries"]


@pytest.mark.parametrize("name", DEMOS)
def test_every_entry_reads_back_exactly_as_recorded_after_reopening(tmp_path, name):
    install_demos(tmp_path)
    recorded = _play(tmp_path, name)
    assert len(recorded) > 10
    with CampaignService.open(tmp_path, name, read_only=True) as service:
        read = service.history.entries()
    assert json.dumps(read) == json.dumps(recorded)


def test_a_year_zero_roll_is_written_lean_and_its_pool_odds_and_stunts_are_worked_out_when_read(tmp_path):
    install_demos(tmp_path)
    with CampaignService.open(tmp_path, "yze-demo", rng=random.Random(2)) as service:
        shown = service.rolls.preview_roll("c1", "ranged")
        service.rolls.roll("c1", "ranged")
        service.rolls.push()
        recorded = service.history.entries()
    stored = _stored(tmp_path / "yze-demo")["1"]
    assert stored["~"] == 1
    assert stored["pool"] == stored["odds"] == stored["stunt_list"] == "~"
    assert isinstance(stored["dice"], str) and stored["dice"].count("*")  # the push rerolled some dice
    assert stored["request"]["~"] == "defaults" and "gear" not in stored["request"]
    assert len(json.dumps(stored, ensure_ascii=False, separators=(",", ":")).encode()) < 1200
    full = len(json.dumps(recorded[0], ensure_ascii=False, separators=(",", ":")).encode())
    assert full > 3000  # what the same roll took written in full
    with CampaignService.open(tmp_path, "yze-demo", read_only=True) as service:
        roll = service.history.entries()[0]
    assert roll["odds"] == shown.odds and roll["pool"]["dice"] == shown.dice
    assert roll["pool"]["explanation"] == ["Agility 4: 4 base dice", "Ranged 2: 2 skill dice", "stress 1: 1 stress die"]


def test_a_push_keeps_the_character_before_it_and_only_what_changed_after(tmp_path):
    """The undo record of a push: the character in full (less its defaults) before, the stress it gained after;
    undone after reopening, the stress goes back."""
    install_demos(tmp_path)
    with CampaignService.open(tmp_path, "yze-demo", rng=random.Random(2)) as service:
        before = service.character("c1").stress
        service.rolls.roll("c1", "ranged")
        service.rolls.push()
    undo = _stored(tmp_path / "yze-demo")["2"]["undo"]
    assert undo["before"]["character:c1"]["name"] == "Ripley Hale"
    assert undo["after"] == {"~": "changes", "character:c1": {"~": "changes", "stress": before + 1}}
    with CampaignService.open(tmp_path, "yze-demo") as service:
        service.undo()
        assert service.character("c1").stress == before


def test_the_explanation_is_worked_out_in_the_readers_language(tmp_path):
    install_demos(tmp_path)
    with CampaignService.open(tmp_path, "yze-demo", rng=random.Random(2)) as service:
        service.rolls.roll("c1", "ranged")
    set_language("zh-Hant")
    try:
        with CampaignService.open(tmp_path, "yze-demo", read_only=True) as service:
            explanation = service.history.entries()[0]["pool"]["explanation"]
    finally:
        set_language(None)
    assert explanation and all("dice" not in line for line in explanation), explanation
    assert any("基礎骰" in line for line in explanation), explanation


def test_an_entry_written_in_full_by_an_older_gmconsole_reads_as_written_beside_lean_ones(tmp_path):
    install_demos(tmp_path)
    recorded = _play(tmp_path, "yze-demo", turns=4)
    path = tmp_path / "yze-demo" / CHUNK
    document = json.loads(path.read_text(encoding="utf-8"))
    first = min(document["entries"], key=int)
    full = {k: v for k, v in recorded[0].items() if k not in ("id", "session")}
    document["entries"][first] = full
    path.write_text(json.dumps(document), encoding="utf-8")
    with CampaignService.open(tmp_path, "yze-demo", read_only=True) as service:
        assert json.dumps(service.history.entries()) == json.dumps(recorded)


def test_what_pack_cannot_say_exactly_is_written_as_it_is():
    """A key order no template gives, a die with more than kind, sides, face and rerolled: kept whole."""
    entry = {"kind": "roll", "system": "yze", "request": {"skill": "ranged", "character_id": "c1"},
             "dice": [{"kind": "base", "sides": 6, "face": 4, "source": "Flamethrower"}]}
    stored = pack(entry)
    assert stored["request"] == entry["request"] and stored["dice"] == entry["dice"]
    assert json.dumps(unpack(stored, "entry 1")) == json.dumps(entry)


HOSTILE = [
    (lambda e: e.update({"~": 7}), "entry 1 is written in a form this gmconsole does not read (7)"),
    (lambda e: e.update(dice="base6:4 " * 5000), "entry 1.dice holds more dice than a roll has"),
    (lambda e: e.update(dice="base6:4 ba$e6:1"), "entry 1.dice: 'ba$e6:1' is not a die"),
    (lambda e: e.update(dice="base999:1"), "entry 1.dice[0].sides is 999, where one of 4, 6, 8, 10, 12"),
    (lambda e: e.update(dice="base6:9"), "entry 1.dice[0].face is 9, where a whole number from 1 to 6"),
    (lambda e: e.update(helpers="~"), "entry 1.helpers is left to be worked out, but nothing works it out"),
    (lambda e: e.update(outcome={"~": "defaults"}), "entry 1.outcome leaves out defaults nothing names"),
    (lambda e: e["pool_request"].update(attribute_value="four"), "entry 1.pool cannot be worked out from the entry"),
]


@pytest.mark.parametrize(("change", "said"), HOSTILE, ids=[said.split(" is ")[0][8:] or "format"
                                                          for _change, said in HOSTILE])
def test_a_lean_form_that_does_not_read_back_makes_the_chunk_damaged_naming_the_entry(tmp_path, change, said):
    install_demos(tmp_path)
    with CampaignService.open(tmp_path, "yze-demo", rng=random.Random(2)) as service:
        service.rolls.roll("c1", "ranged")
    path = tmp_path / "yze-demo" / CHUNK
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document["entries"]["1"])
    path.write_text(json.dumps(document), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(CorruptFile) as caught, CampaignService.open(tmp_path, "yze-demo", read_only=True) as service:
        service.history.entries()
    assert caught.value.path == path and said in str(caught.value), str(caught.value)
    assert path.read_bytes() == before


def test_a_field_its_family_cannot_work_out_is_kept_as_written():
    """A request the rules refuse (no attribute value) leaves ``odds: None`` stored, not left to be worked out."""
    entry = {"kind": "roll", "system": "yze", "pool_request": {"system": "yze", "attribute_value": "four"},
             "odds": None, "dice": [{"kind": "base", "sides": 6, "face": 4, "rerolled": False}]}
    stored = pack(entry)
    assert stored["odds"] is None and stored["dice"] == "base6:4"
    assert json.dumps(unpack(stored, "entry 1")) == json.dumps(entry)


def test_R_PUSH_2_a_reactive_rolls_odds_are_worked_out_without_a_push(tmp_path):
    """R-PUSH-2: a reactive roll may not be pushed, so the odds worked out from its stored request when read are
    those shown before it, without the push's."""
    install_demos(tmp_path)
    with CampaignService.open(tmp_path, "yze-demo", rng=random.Random(2)) as service:
        shown = service.rolls.preview_roll("c1", "mobility", reactive=True).odds
        pushable = service.rolls.preview_roll("c1", "mobility").odds
        service.rolls.roll("c1", "mobility", reactive=True)
    assert _stored(tmp_path / "yze-demo")["1"]["odds"] == "~"
    with CampaignService.open(tmp_path, "yze-demo", read_only=True) as service:
        odds = service.history.entries()[0]["odds"]
    assert odds == shown and odds != pushable
