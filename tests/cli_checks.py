"""Checks every CLI test makes of a finished ``gmconsole`` subprocess (the command-line contract)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path


def ok_json(result) -> dict:
    """The JSON a successful command printed; it must exit 0 and print nothing on stderr."""
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


def refused(result, *words: str) -> str:
    """Bad input: status 2, exactly one line on stderr naming ``words``, never a traceback."""
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@contextlib.contextmanager
def stuck_writer(folder):
    """Another writer in the middle of a change that does not end (its turn holds the campaign's lock)
    until the block ends: what a command's ``--wait`` waits for."""
    from gmconsole.store.lock import CampaignLock

    lock = CampaignLock(Path(folder) / "lock", Path(folder).name)
    lock.acquire()
    try:
        yield lock
    finally:
        lock.release()
