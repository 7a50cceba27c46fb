"""``gmconsole stats --json`` on each bundled demo after one seeded session equals the figures recorded
in ``fixtures/stats_seeded_session.json``: making the statistics faster (or counting more kinds of roll)
must not change a figure nobody meant to change. After a deliberate change, rewrite the file with
``python tests/campaign/test_statistics_unchanged.py`` and read its diff."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from stats_session import DEMOS, play_session, stats_json

FIXTURE = Path(__file__).parent / "fixtures" / "stats_seeded_session.json"


def figures(root: Path) -> dict:
    """Every demo's figures after its seeded session: the whole campaign, and the first character alone."""
    out = {}
    for name in DEMOS:
        play_session(root, name)
        data = stats_json(root, name)
        out[name] = {"all": data, "first character": stats_json(root, name, "--character", next(iter(
            data["by_character"])))}
    return out


@pytest.mark.parametrize("name", DEMOS)
def test_stats_json_after_a_seeded_session_is_unchanged(tmp_path, name):
    play_session(tmp_path, name)
    data = stats_json(tmp_path, name)
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))[name]
    assert data == recorded["all"]
    assert stats_json(tmp_path, name, "--character", next(iter(data["by_character"]))) == recorded["first character"]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        FIXTURE.write_text(json.dumps(figures(Path(folder)), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    sys.exit(0)
