"""Every writer at once, as real processes: two command lines rolling in a loop and a console changing
stress, rolling, undoing and redoing (following the others between its changes) write one copy of the
demo campaign ``yze-demo`` for a few seconds (``writer_process.py``). Afterwards every acknowledged change
is in the history exactly once, with where it was made; ids are unique and increase in file order; the
undo stack names exactly the changes in force; nothing is left to settle; and each character's stress is
what the stress changes still in force make it. Then the same with one writer killed (-9) at a moment a
fixed seed chooses: nothing acknowledged is lost and the others go on.

A change that no longer fits what another writer did first is refused naming it, never made twice: costs
applied from the command line while a console still holds the roll, a roll another writer pushed.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gmconsole.campaign.service import CampaignService

WRITER = Path(__file__).with_name("writer_process.py")
SECONDS = 3.0
"""How long the writers write at least (after their start-up), and until each has done enough
(:func:`enough`): hundreds of turns on two idle cores, fewer on a loaded one, never too few."""
SETTLED = "The history of yze-demo agrees with the campaign; nothing to repair."

# role name -> (argv after ROOT STOP SEED, the source its entries carry, the kinds it records)
WRITERS = {
    "cli-lambert": (["cli"], ["Lambert Cho", "medicine"], "cli"),
    "cli-dallas": (["cli"], ["Dallas Kane", "manipulation"], "cli"),
    "console": (["console"], [], "console"),
}


@pytest.fixture
def demos(tmp_path, copy_demos):
    return copy_demos(tmp_path / "data")


def start(root: Path, name: str, seed: int, out: Path, stop: Path) -> subprocess.Popen:
    role, extra, _source = WRITERS[name]
    env = {k: v for k, v in os.environ.items() if k != "GMCONSOLE_DEBUG"}
    return subprocess.Popen([sys.executable, str(WRITER), *role, str(root), str(stop), str(seed), *extra],
                            stdout=out.open("w"), stderr=subprocess.PIPE, text=True, env=env)


def lines_of(out: Path) -> list[list[str]]:
    """The whole lines a writer printed (one cut short by kill -9 was never acknowledged)."""
    text = out.read_text()
    return [line.split(maxsplit=3) for line in text.splitlines(keepends=True) if line.endswith("\n")]


def wait_ready(outs: dict[str, Path], processes: dict[str, subprocess.Popen]) -> None:
    deadline = time.monotonic() + 60
    while not all(lines_of(out)[:1] == [["ready"]] for out in outs.values()):
        for name, process in processes.items():
            assert process.poll() is None, (name, process.stderr.read())
        assert time.monotonic() < deadline, "a writer never started"
        time.sleep(0.02)


def enough(lines: list[list[str]], name: str, killed_at: float | None) -> bool:
    """Whether a writer still running has done what the checks look for: more than 5 acknowledged changes,
    an undo for the console, and a change after the kill."""
    acks = sum(w[0] == "ack" for w in lines)
    undone = name != "console" or any(w[0] == "undone" for w in lines)
    after = killed_at is None or any(w[0] in ("ack", "undone", "redone") and float(w[2]) > killed_at
                                     for w in lines)
    return acks > 5 and undone and after


def wait_for(ready, processes: dict[str, subprocess.Popen], *, but: str | None = None, deadline: float = 120) -> None:
    """Poll ``ready()`` until it holds; a writer (other than ``but``) that exits before is a failure."""
    until = time.monotonic() + deadline
    while not ready():
        for name, process in processes.items():
            assert name == but or process.poll() is None, (name, process.stderr.read())
        assert time.monotonic() < until, "the writers did not get that far"
        time.sleep(0.02)


def switches(logs: dict[str, list[list[str]]]) -> int:
    """How often the writer changes from one acknowledged change to the next, in the order they were made."""
    made = sorted((float(w[2]), name) for name, lines in logs.items() for w in lines if w[0] == "ack")
    return sum(a[1] != b[1] for a, b in itertools.pairwise(made))


def run_writers(root: Path, tmp_path: Path, kill: str | None = None, kill_seed: int = 0, *,
                interleaved: int = 0):
    """Run the three writers; with ``kill``, kill -9 that one at a moment ``kill_seed`` chooses.
    Returns each writer's lines and the ``time.monotonic()`` of the kill (or ``None``)."""
    outs = {name: tmp_path / f"{name}.out" for name in WRITERS}
    stop = tmp_path / "stop"
    processes = {name: start(root, name, seed, outs[name], stop) for seed, name in enumerate(WRITERS, start=7)}
    killed_at = None
    try:
        wait_ready(outs, processes)
        started = time.monotonic()
        if kill is not None:  # after the victim's k-th acknowledged change, k chosen by the seed
            k = random.Random(kill_seed).randint(1, 4)
            wait_for(lambda: sum(w[0] == "ack" for w in lines_of(outs[kill])) >= k, processes)
            killed_at = time.monotonic()
            os.kill(processes[kill].pid, signal.SIGKILL)
        # the writers go on until each has done enough, however slow the machine is, then the test stops them
        wait_for(lambda: time.monotonic() - started >= SECONDS and all(
            enough(lines_of(outs[name]), name, killed_at) for name in WRITERS if name != kill) and switches(
            {name: lines_of(out) for name, out in outs.items()}) > interleaved, processes, but=kill)
        stop.touch()
        for name, process in processes.items():
            status = process.wait(timeout=60)
            errors = process.stderr.read()
            assert status == (-signal.SIGKILL if name == kill else 0), (name, errors)
    finally:
        for process in processes.values():
            if process.poll() is None:
                process.kill()
                process.wait()
            process.stderr.close()
    return {name: lines_of(out) for name, out in outs.items()}, killed_at


def stress_changes(entry: dict) -> dict[str, int]:
    """Character id -> how much this entry changed their stress (from its undo record)."""
    record = entry.get("undo") or {}
    before, after = record.get("before", {}), record.get("after", {})
    changes = {}
    for key in set(before) | set(after):
        if key.startswith("character:"):
            was, now = (before.get(key) or {}).get("stress", 0), (after.get(key) or {}).get("stress", 0)
            if was != now:
                changes[key.split(":", 1)[1]] = now - was
    return changes


def check_the_campaign(root: Path, logs: dict[str, list[list[str]]], stress_before: dict[str, int],
                       killed: str | None = None) -> None:
    """Everything the module docstring promises, read after every writer ended."""
    with CampaignService.open(root, "yze-demo", source="cli") as service:
        entries = service.history.entries()
        ids = [e["id"] for e in entries]
        assert ids == sorted(set(ids)), "ids repeat or go back in file order"
        by_id = {e["id"]: e for e in entries}

        acknowledged: dict[int, str] = {}
        for name, lines in logs.items():
            for words in lines:
                if words[0] == "ack":
                    entry_id = int(words[1])
                    assert entry_id not in acknowledged, f"id {entry_id} given to two changes"
                    acknowledged[entry_id] = name
        assert acknowledged.keys() <= by_id.keys(), f"acknowledged but lost: {acknowledged.keys() - by_id.keys()}"
        for entry_id, name in acknowledged.items():
            assert by_id[entry_id]["source"] == WRITERS[name][2], by_id[entry_id]
        in_flight = by_id.keys() - acknowledged.keys()
        assert len(in_flight) <= (1 if killed else 0), f"never acknowledged: {sorted(in_flight)}"
        assert all(by_id[i]["source"] == WRITERS[killed][2] for i in in_flight)

        # Only the console undoes and redoes: the last of its acknowledged steps says each entry's status.
        expected = dict.fromkeys(acknowledged, "done")
        for words in logs["console"]:
            if words[0] in ("undone", "redone"):
                expected[int(words[1])] = "undone" if words[0] == "undone" else "done"
        differ = {i for i, status in expected.items() if by_id[i].get("status") != status}
        assert len(differ) <= (1 if killed == "console" else 0), f"status not as acknowledged: {sorted(differ)}"

        state = json.loads((root / "yze-demo" / "campaign.json").read_text())["state"]["1"]
        done = [e["id"] for e in entries if e.get("status") == "done"]
        assert [i for _session, i in state["undo"]] == done, "the undo stack is not the changes in force"
        assert all(by_id[i]["status"] == "undone" for _session, i in state["redo"])
        assert state["last_entry"] == ids[-1]

        for character in service.campaign.roster:
            in_force = sum(stress_changes(e).get(character.id, 0) for e in entries if e.get("status") == "done")
            assert character.stress == stress_before[character.id] + in_force, character.name

        assert service.settle_history()["summary"] == SETTLED
    assert all(enough(logs[name], name, None) for name in logs if name != killed)


def stresses(root: Path) -> dict[str, int]:
    with CampaignService.open(root, "yze-demo", read_only=True) as service:
        return {c.id: c.stress for c in service.campaign.roster}


def test_two_command_lines_and_a_console_write_at_once_and_every_change_is_there_once(demos, tmp_path):
    before = stresses(demos)
    logs, _ = run_writers(demos, tmp_path, interleaved=10)
    check_the_campaign(demos, logs, before)
    # each command line's rolls were made on top of the others': all three wrote between each other's turns
    with CampaignService.open(demos, "yze-demo", read_only=True) as reader:
        sources = [e["source"] for e in reader.history.entries()]
    switches = sum(a != b for a, b in itertools.pairwise(sources))
    assert switches > 10, sources


@pytest.mark.parametrize("victim", list(WRITERS))
def test_a_writer_killed_at_any_moment_loses_nothing_acknowledged_and_the_others_go_on(demos, tmp_path, victim):
    before = stresses(demos)
    logs, killed_at = run_writers(demos, tmp_path, kill=victim, kill_seed=sum(map(ord, victim)))
    check_the_campaign(demos, logs, before, killed=victim)
    for name, lines in logs.items():
        if name != victim:  # its next change after the kill succeeded
            assert any(w[0] in ("ack", "undone", "redone") and float(w[2]) > killed_at for w in lines), name


@pytest.fixture
def held(demos):
    """A console process holding ``myz-demo`` open that has not read what others do since (``held``
    in ``writer_process.py``): ``held(line)`` sends it one line and returns its answer."""
    env = {k: v for k, v in os.environ.items() if k != "GMCONSOLE_DEBUG"}
    process = subprocess.Popen([sys.executable, str(WRITER), "held", str(demos), "myz-demo"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)

    def ask(line: str) -> str:
        process.stdin.write(line + "\n")
        process.stdin.flush()
        answer = process.stdout.readline()
        assert answer, process.stderr.read()
        return answer.rstrip("\n")

    try:
        assert process.stdout.readline() == "ready\n", process.stderr.read()
        yield ask
    finally:
        process.stdin.close()
        assert process.wait(timeout=60) == 0, process.stderr.read()
        process.stdout.close()
        process.stderr.close()


def entries_of(root: Path) -> list[dict]:
    with CampaignService.open(root, "myz-demo", read_only=True) as reader:
        return reader.history.entries()


def test_costs_the_command_line_applied_first_are_refused_in_the_console_naming_it_and_applied_once(
        demos, held, run_cli_subprocess):
    roll_id = int(held("owe"))
    applied = run_cli_subprocess("--data-dir", str(demos), "costs", "myz-demo", "--apply", str(roll_id), "--json")
    assert applied.returncode == 0, applied.stderr
    assert held(f"apply {roll_id}") == f"refused the costs of roll {roll_id} were already applied from the command line"
    entries = entries_of(demos)
    assert [e["kind"] for e in entries].count("costs") == 1
    assert next(e for e in entries if e["id"] == roll_id)["costs_status"] == "applied"


def test_R_PUSH_2_a_roll_another_writer_pushed_is_refused_in_the_console_naming_it_and_pushed_once(demos, held):
    roll_id = int(held("roll"))
    with CampaignService.open(demos, "myz-demo", source="cli") as command_line:
        command_line.rolls.push(roll_id)
    assert held(f"push {roll_id}") == f"refused roll {roll_id} was already pushed from the command line"
    assert [e["kind"] for e in entries_of(demos)].count("push") == 1


def test_undo_of_the_command_lines_roll_is_named_and_refused_when_another_came_on_top(demos, held, run_cli_subprocess):
    def roll() -> dict:
        done = run_cli_subprocess("--data-dir", str(demos), "roll", "myz", "--campaign", "myz-demo", "--character",
                                  "Lina", "--skill", "scout", "--json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    first = roll()
    assert held("next-undo") == f"{first['id']}|from the command line|{first['summary']}"
    second = roll()  # comes on top before the GM answers
    assert held(f"undo {first['id']}") == (
        f"refused nothing was done: the campaign's last change is now {second['summary']} (from the command line); "
        "undo again to take that up")
    assert [e["status"] for e in entries_of(demos)] == ["done", "done"]  # nothing undone
    assert held("next-undo") == f"{second['id']}|from the command line|{second['summary']}"
    assert held(f"undo {second['id']}") == str(second["id"])
    assert [e["status"] for e in entries_of(demos)] == ["done", "undone"]
