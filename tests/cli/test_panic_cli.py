"""``gmconsole panic NAME CHARACTER [--face N] [--in-range C ...] [--json]``: the
tracker's ``p`` from the command line, with the D6 rolled at the table (R-MANUAL-1)."""

from __future__ import annotations

import json
import random

import pytest


def _refused(result, *words) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_a_typed_face_is_applied_recorded_by_hand_and_said_as_json(demo_gm):
    # Ripley Hale has 1 stress: D6 6 + 1 = 7, Nervous twitch (+1 stress to her and to those at short range)
    result = demo_gm("panic", "yze-demo", "ripley hale", "--face", "6", "--in-range", "Dallas Kane", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["die"], data["total"], data["effect"]) == (6, 7, "nervous-twitch")
    assert data["by_hand"] is True and data["spreads"] is True and data["stress_change"] == 1
    assert data["stress_added"] == [{"character_id": "c4", "character": "Dallas Kane", "stress": 1}]
    assert data["text"].startswith("You and every PC") and isinstance(data["roll_id"], int)
    sheet = json.loads(demo_gm("sheet", "yze-demo", "Dallas Kane", "--json").stdout)
    assert sheet["trackers"]["stress"] == 1
    history = json.loads(demo_gm("history", "yze-demo", "--format", "json").stdout)
    assert history[0]["kind"] == "panic" and history[0]["id"] == data["roll_id"]


def test_without_a_face_the_console_rolls_and_the_text_names_the_row(demo_gm):
    result = demo_gm("panic", "yze-demo", "c4")
    assert result.returncode == 0, result.stderr
    assert "Dallas Kane panics:" in result.stdout and "Keeping it together" in result.stdout  # stress 0
    assert "history entry" in result.stdout


def test_bad_requests_exit_2_with_one_line(demo_gm):
    _refused(demo_gm("panic", "nowhere", "Ripley Hale"), "nowhere")
    _refused(demo_gm("panic", "yze-demo", "Nobody"), "Nobody")
    _refused(demo_gm("panic", "yze-demo", "Ripley Hale", "--face", "7"), "D6 face")
    _refused(demo_gm("panic", "yze-demo", "Ripley Hale", "--face", "0"), "D6 face")
    _refused(demo_gm("panic", "myz-demo", "Grease", "--face", "3"), "no panic table")
    history = json.loads(demo_gm("history", "yze-demo", "--format", "json").stdout)
    assert not [e for e in history if e["kind"] == "panic"]



def test_a_row_that_reaches_others_with_nobody_named_in_range_warns(demo_gm):
    """``--face 6`` on a spreading row without ``--in-range`` prints more than ``"spreads": true,
    "stress_added": []``: a warning says nobody was named in range (R-PANIC-1)."""
    as_json = demo_gm("panic", "yze-demo", "Ripley Hale", "--face", "6", "--json")  # stress 1: 7 Nervous twitch
    assert as_json.returncode == 0, as_json.stderr
    data = json.loads(as_json.stdout)
    assert data["spreads"] is True and data["stress_added"] == []
    assert len(data["warnings"]) == 1 and "--in-range" in data["warnings"][0]
    assert "Nervous twitch" in data["warnings"][0] and "nobody" in data["warnings"][0]
    words = demo_gm("panic", "yze-demo", "Parker Moss", "--face", "5")  # stress 2: 7 Nervous twitch
    assert words.returncode == 0 and "gmconsole: warning:" in words.stderr and "--in-range" in words.stderr
    calm = demo_gm("panic", "yze-demo", "Dallas Kane", "--face", "1", "--json")  # stress 0: keeps it together
    assert "warnings" not in json.loads(calm.stdout) and "warning" not in calm.stderr


def test_R_PANIC_1_an_npc_named_in_range_exits_2_naming_the_npc_and_the_rule(demo_gm):
    """Rows that reach others reach player characters only (seed 002: 「玩家角色」): an NPC in
    ``--in-range`` is refused before any die is rolled, and nothing is recorded."""
    _refused(demo_gm("panic", "yze-demo", "Ripley Hale", "--face", "6", "--in-range", "Hull rats"),
             "Hull rats", "player characters", "R-PANIC-1")
    _refused(demo_gm("panic", "yze-demo", "Ripley Hale", "--in-range", "Dallas Kane", "Security officer"),
             "Security officer", "R-PANIC-1")
    history = json.loads(demo_gm("history", "yze-demo", "--format", "json").stdout)
    assert not [e for e in history if e["kind"] == "panic"]


def _owed_panic(demo_gm) -> int:
    """Ripley Hale (1 stress) rolls a stress die showing 1: a panic is owed; the roll's id."""
    result = demo_gm("roll", "yze", "--campaign", "yze-demo", "--character", "Ripley Hale", "--skill", "ranged",
                     "--faces", "base=2,2,3,4 skill=5,3 stress=1", "--json")
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stdout)
    assert entry["costs"] == [{"name": "panic", "amount": 1}]
    return entry["roll_id"]


def _campaign_dice_seeded(monkeypatch, first_face: int) -> None:
    """The campaign's dice (``costs --apply`` rolls the panic D6 with them) seeded so that the first D6
    shows ``first_face``: the command runs in this process, so the seed is given where it opens."""
    from gmconsole.campaign.commands.typed_values import roll_panic_die
    from gmconsole.campaign.service import CampaignService

    seed = next(s for s in range(1000) if roll_panic_die(random.Random(s)) == first_face)
    opened = CampaignService.open.__func__

    def open_seeded(cls, *args, **kwargs):
        kwargs["rng"] = kwargs.get("rng") or random.Random(seed)
        return opened(cls, *args, **kwargs)

    monkeypatch.setattr(CampaignService, "open", classmethod(open_seeded))


def _costs_entries(demo_gm) -> list[dict]:
    history = json.loads(demo_gm("history", "yze-demo", "--format", "json").stdout)
    return [e for e in history if e["kind"] == "costs"]


def test_R_PANIC_1_costs_apply_takes_in_range_pcs_only_and_rolls_the_panic_once(demo_gm, monkeypatch):
    """``costs NAME --apply ID --in-range C ...``: an NPC is refused (the costs stay waiting, no die is
    rolled); PCs are taken; the panic is rolled once, and applying again exits 2 saying so."""
    roll_id = _owed_panic(demo_gm)
    _campaign_dice_seeded(monkeypatch, 6)  # 6 + 1 stress = 7, Nervous twitch
    _refused(demo_gm("costs", "yze-demo", "--apply", str(roll_id), "--in-range", "Hull rats"),
             "Hull rats", "R-PANIC-1")
    waiting = json.loads(demo_gm("costs", "yze-demo", "--json").stdout)
    assert [item["roll_id"] for item in waiting] == [roll_id]
    _refused(demo_gm("costs", "yze-demo", "--in-range", "Dallas Kane"), "--in-range", "--apply")
    applied = demo_gm("costs", "yze-demo", "--apply", str(roll_id), "--in-range", "Dallas Kane", "--json")
    assert applied.returncode == 0 and applied.stderr == "", applied.stderr
    assert "warnings" not in json.loads(applied.stdout)
    _refused(demo_gm("costs", "yze-demo", "--apply", str(roll_id), "--in-range", "Dallas Kane"), "already applied")
    costs = _costs_entries(demo_gm)
    assert len(costs) == 1
    assert [(r["face"], r["total"], r["effect"]) for r in costs[0]["panic"]["rolls"]] == [(6, 7, "nervous-twitch")]
    assert [g["character"] for g in costs[0]["panic"]["stress"]] == ["Dallas Kane"]


@pytest.mark.parametrize(("face", "warned"), [(6, True), (3, False)])
def test_R_PANIC_1_costs_apply_with_nobody_in_range_warns_when_the_panic_reaches_others(demo_gm, monkeypatch,
                                                                                         face, warned):
    """As ``panic`` does: a spreading row (7, Nervous twitch) applied without ``--in-range`` is recorded,
    nobody else touched, with a warning on stderr and ``"warnings"`` in JSON; a row for one (4) warns
    of nothing."""
    roll_id = _owed_panic(demo_gm)
    _campaign_dice_seeded(monkeypatch, face)
    applied = demo_gm("costs", "yze-demo", "--apply", str(roll_id), "--json")
    assert applied.returncode == 0, applied.stderr
    data = json.loads(applied.stdout)
    assert _costs_entries(demo_gm)[0]["panic"]["rolls"][0]["face"] == face
    if warned:
        assert len(data["warnings"]) == 1 and "7 Nervous twitch" in data["warnings"][0]
        assert "--in-range" in data["warnings"][0] and "gmconsole: warning:" in applied.stderr
    else:
        assert "warnings" not in data and applied.stderr == ""
