"""One writer of a campaign, run as its own process by ``test_writers_at_once.py``.

``python writer_process.py ROLE ROOT STOP SEED [CHARACTER SKILL]`` writes the demo campaign
``yze-demo`` under ROOT until the file STOP appears, then exits (the test says when: after enough changes of
every writer, however loaded the machine is); every change it was given back (acknowledged) is one line
on stdout, stamped with ``time.monotonic()`` (the same clock in every process of the machine):

- ``cli``: the command line, ``gmconsole roll yze ... --json`` through :func:`gmconsole.cli.main` in a loop
  (a script or a stream deck), rolling CHARACTER's SKILL: ``ack ID T`` per recorded roll;
- ``console``: a service opened as the console opens it (``console=True``, the default wait), which follows
  the others (``reload()``) between its own changes: Ash's stress +1 (−1 from 8 up), rolls, undo of the
  campaign's last change (and at times its redo at once), each asked first (``next_undo``) as the console asks the GM:
  ``ack ID T``, ``undone ID T``, ``redone ID T``; a refusal is ``refused T MESSAGE``.

The dice come from SEED; the moments do not (they depend on the other processes), which is the point.

``python writer_process.py held ROOT CAMPAIGN`` is a console that keeps ``myz-demo`` open and does what each
line on stdin says, answering one line each (a refusal is ``refused MESSAGE``): ``owe`` (Hammer's Fight
roll, pushed with typed faces so that it owes costs: its id), ``roll`` (Vanja's Move: its id), ``apply ID``,
``push ID``, ``next-undo`` (``ID|WHERE|SUMMARY`` of what undo would take back) and ``undo ID`` (the undo the
GM agreed to for entry ID). It never reloads on its own: it is the console that has not read the others yet.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
import time
from pathlib import Path


def say(*words: object) -> None:
    print(*words, flush=True)


def run_cli(root: str, stop: Path, seed: int, character: str, skill: str) -> None:
    from gmconsole.cli import main

    say("ready")
    n = 0
    while not stop.exists():
        n += 1
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            status = main(["--data-dir", root, "roll", "yze", "--campaign", "yze-demo", "--character", character,
                           "--skill", skill, "--seed", str(seed * 100_000 + n), "--json"])
        said = json.loads(out.getvalue() or "{}")
        if status == 0 and isinstance(said.get("id"), int):
            say("ack", said["id"], time.monotonic())
        else:
            say("refused", time.monotonic(), said.get("error", status))


def run_console(root: str, stop: Path, seed: int) -> None:
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.campaign.service import CampaignService

    rng = random.Random(seed)
    service = CampaignService.open(root, "yze-demo", console=True, wait=None, rng=random.Random(seed))
    say("ready")
    try:
        while not stop.exists():
            service.reload()
            choice = rng.random()
            try:
                if choice < 0.4:
                    delta = -1 if service.character("Ash").stress >= 8 else 1
                    say("ack", service.trackers.change_stress("Ash", delta)["id"], time.monotonic())
                elif choice < 0.6:
                    say("ack", service.rolls.roll("Ash", "observation")["id"], time.monotonic())
                else:
                    for redo in (False, True) if choice >= 0.8 else (False,):  # an undo, or one taken back at once
                        asked = service.next_undo(redo=redo)
                        if asked is None:
                            break
                        done = service.redo(asked[0]) if redo else service.undo(asked[0])
                        say("redone" if redo else "undone", done["id"], time.monotonic())
            except ValidationError as refused:  # another writer's change came first: said, nothing done
                say("refused", time.monotonic(), refused)
    finally:
        service.close()


def run_held(root: str, campaign: str) -> None:
    from gmconsole.campaign.service import CampaignService

    service = CampaignService.open(root, campaign, console=True, wait=None, rng=random.Random(3))
    say("ready")
    for line in sys.stdin:
        what, *arg = line.split()
        try:
            if what == "owe":
                rolled = service.rolls.roll("Hammer", "fight", gear=["Spiked bat"],
                                            faces="base=1,3,4,2,2 skill=2,5,3 gear=3,4")
                service.rolls.push(rolled["id"], faces="base=1,6,2,2 skill=3,2,2 gear=2,2")
                say(rolled["id"])
            elif what == "roll":
                say(service.rolls.roll("Vanja", "move")["id"])
            elif what == "apply":
                say(service.outcomes.apply_costs(int(arg[0]))["id"])
            elif what == "push":
                say(service.rolls.push(int(arg[0]))["id"])
            elif what == "next-undo":
                entry_id, summary, where = service.next_undo()
                say(f"{entry_id}|{where}|{summary}")
            elif what == "undo":
                say(service.undo(int(arg[0]))["id"])
        except ValueError as refused:  # a ValidationError or a RulesError: what the GM would read
            say("refused", refused)
    service.close()


if __name__ == "__main__":
    if sys.argv[1] == "held":
        run_held(sys.argv[2], sys.argv[3])
        sys.exit()
    role, root, stop, seed = sys.argv[1], sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])
    if role == "cli":
        run_cli(root, stop, seed, sys.argv[5], sys.argv[6])
    else:
        run_console(root, stop, seed)
