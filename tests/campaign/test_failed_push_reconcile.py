"""A damaged-file flow as a GM meets it.

- After an older ``campaign.json`` backup is restored, a push newer than the restored state
  is marked ``failed``; the roll entry the push had updated in place must go back to its unpushed
  state too (the push's undo record holds its before-image), so the dice shown and the state agree.
"""

from __future__ import annotations

import json

from campaign_helpers import frozen_clock

from gmconsole.campaign.library import install_demos
from gmconsole.campaign.service import CampaignService
from gmconsole.cli import main
from gmconsole.store.campaign_store import CampaignStore
from gmconsole.store.shape import GMCONSOLE


def _history(capsys, root, name, *extra):
    capsys.readouterr()
    status = main(["--data-dir", str(root), "history", name, "--format", "json", *extra])
    out = capsys.readouterr()
    assert status == 0, out.err
    return json.loads(out.out)


def _set(entry: dict) -> dict:
    """An entry's fields that hold something (a before-image writes ``None`` where a field was absent),
    less the undo record the CLI leaves out."""
    return {k: v for k, v in entry.items() if v is not None and k != "undo"}


def test_restoring_an_older_state_puts_a_failed_pushs_roll_back_to_unpushed(tmp_path, capsys):
    root = tmp_path / "data"
    root.mkdir()
    install_demos(root)
    with CampaignService.open(root, "yze-step-demo", clock=frozen_clock) as service:
        sela = service.campaign.find_character("Sela Quint")
        service.trackers.change_stress(sela.id, 1)
        rolled = service.rolls.roll(sela.id, "crafting", faces="step=1,4 stress=2")
        unpushed = _history(capsys, root, "yze-step-demo")[-1]
        pushed = service.rolls.push(faces="step=1 stress=1,6")
        assert service.character(sela.id).stress == 2
    state = root / "yze-step-demo" / "campaign.json"
    good = state.read_bytes()
    state.write_bytes(good[: len(good) // 3])
    CampaignStore.repair(root, "yze-step-demo", state, shapes=GMCONSOLE)  # the console's "y" at open

    shown = {e["id"]: e for e in _history(capsys, root, "yze-step-demo", "--all")}
    assert shown[pushed["id"]]["status"] == "failed"
    roll = shown[rolled["id"]]
    assert roll["status"] == "done"
    assert _set(roll) == _set(unpushed)  # the roll as it was before the push: dice, summary, no "pushed" mark
    with CampaignService.open(root, "yze-step-demo", clock=frozen_clock) as service:
        assert service.character(sela.id).stress == 1
        assert _set(service.history.entry(rolled["id"])) == _set(unpushed)
        assert "pushed" not in service.history.entry(rolled["id"])["summary"]
    # and the writer's recovery wrote it: a second reader sees the same
    again = {e["id"]: e for e in _history(capsys, root, "yze-step-demo", "--all")}
    assert _set(again[rolled["id"]]) == _set(unpushed)
