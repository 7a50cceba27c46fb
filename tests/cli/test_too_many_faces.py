"""Twenty thousand faces typed are called faces, and a faces text is bounded before it is read.

A roll whose pool is the dice the faces type (``roll yze --faces b666…`` with no pool flag, the GM's roll
``--campaign NAME --faces …``) said "the attribute value of 20001 is too many dice", "the pool must be a
whole number from -100 to 100, not 20001" or "'20001b' is not a quick pool": the GM typed faces. Each
case runs ``gmconsole``'s ``main``; the data folder must be as it was.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from cli_checks import refused

from gmconsole.rules.spec import MAX_SPEC_CHARS

SIXES = "6" * 20001


def _files(top: Path) -> dict[str, str]:
    """Every file under ``top`` but the ``lock``, whose note names whoever opened the campaign last (the
    GM's roll opens it before the faces are read)."""
    return {str(p.relative_to(top)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(top.rglob("*")) if p.is_file() and p.name != "lock"}


@pytest.mark.parametrize("args", [
    ("roll", "yze", "--faces", f"b{SIXES}"),
    ("roll", "myz", "--faces", f"base={','.join(SIXES)}"),
    ("odds", "yze", "--faces", f"b61 s{SIXES}"),
    ("roll", "tiered", "--faces", f"d{SIXES}"),
    ("odds", "tiered", "--faces", f"d{SIXES}"),
    ("roll", "yze", "--campaign", "yze-demo", "--faces", f"b{SIXES}"),
    ("roll", "myz", "--campaign", "myz-demo", "--faces", f"s{SIXES}"),
    ("roll", "tiered", "--campaign", "tiered-demo", "--faces", f"d{SIXES}"),
], ids=lambda args: " ".join(a[:12] for a in args))
def test_a_pool_made_of_20001_typed_faces_is_refused_as_too_many_faces(demo_gm, tmp_path, args):
    on_disk = _files(tmp_path)
    line = refused(demo_gm(*args), "too many faces typed (20,001)", "at most 100 dice")
    for wrong in ("attribute value", "the pool must be", "quick pool", "modifier"):
        assert wrong not in line
    assert len(line) < 300
    assert _files(tmp_path) == on_disk


def test_20001_faces_for_a_pool_of_two_dice_say_how_many_dice_and_faces_in_one_short_line(run_cli):
    line = refused(run_cli("roll", "yze", "--base", "2", "--faces", f"b{SIXES}"),
                   "base: 2 dice, 20001 faces typed", "one face per die")
    assert len(line) < 300 and "attribute" not in line


def test_a_faces_text_longer_than_any_pool_is_refused_before_it_is_read(demo_gm, tmp_path):
    on_disk = _files(tmp_path)
    huge = "b" + "6," * (MAX_SPEC_CHARS // 2)
    line = refused(demo_gm("roll", "yze", "--campaign", "yze-demo", "--faces", huge),
                   f"{MAX_SPEC_CHARS + 1:,} characters", f"at most {MAX_SPEC_CHARS:,}")
    assert "quick pool" not in line and len(line) < 300
    assert _files(tmp_path) == on_disk
