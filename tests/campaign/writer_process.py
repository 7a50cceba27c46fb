"""One writer of a campaign, run as its own process by ``test_writers_at_once.py``.

``python writer_process.py ROLE ROOT SECONDS SEED [CHARACTER SKILL]`` writes the demo campaign
``yze-demo`` under ROOT for SECONDS, then exits; every change it was given back (acknowledged) is one line
on stdout, stamped with ``time.monotonic()`` (the same clock in every process of the machine):

- ``cli``: the command line, ``gmconsole roll yze ... --json`` through :func:`gmconsole.cli.main` in a loop
  (a script or a stream deck), rolling CHARACTER's SKILL: ``ack ID T`` per recorded roll;
- ``console``: a service opened as the console opens it (``console=True``, the default wait), which follows
  the others (``reload()``) between its own changes: Ash's stress +1 (−1 from 8 up), rolls, undo of the
  campaign's last change (and at times its redo at once), each asked first (``next_undo``) as the console asks the GM:
  ``ack ID T``, ``undone ID T``, ``redone ID T``; a refusal is ``refused T MESSAGE``.

The dice come from SEED; the moments do not (they depend on the other processes), which is the point.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
import time


def say(*words: object) -> None:
    print(*words, flush=True)


def run_cli(root: str, seconds: float, seed: int, character: str, skill: str) -> None:
    from gmconsole.cli import main

    say("ready")
    end, n = time.monotonic() + seconds, 0
    while time.monotonic() < end:
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


def run_console(root: str, seconds: float, seed: int) -> None:
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.campaign.service import CampaignService

    rng = random.Random(seed)
    service = CampaignService.open(root, "yze-demo", console=True, wait=None, rng=random.Random(seed))
    say("ready")
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
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


if __name__ == "__main__":
    role, root, seconds, seed = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    if role == "cli":
        run_cli(root, seconds, seed, sys.argv[5], sys.argv[6])
    else:
        run_console(root, seconds, seed)
