"""A seeded session on each bundled demo, played through the campaign service as a GM would: every
character rolls each of their skills with the console's dice and once with dice typed by hand, Year Zero
rolls are pushed now and then, the GM makes quick rolls, the tiered demo a saving throw and an attack,
the exploding demo an opposed test, the Year Zero demos an opposed roll, and every pending cost is
applied (panic rolls included). The statistics tests read its history (``gmconsole stats --json`` and
the session recap must agree on it, and must not change when the statistics get faster)."""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import random
import shutil
import tempfile
from pathlib import Path

from campaign_helpers import frozen_clock

from gmconsole import systems
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.library import install_demos
from gmconsole.campaign.service import CampaignService
from gmconsole.cli import main
from gmconsole.families.yearzero.rules import skill_modifiers
from gmconsole.i18n import language
from gmconsole.rules.errors import RulesError

DEMOS = ("yze-demo", "yze-step-demo", "myz-demo", "exploding-demo", "tiered-demo")

QUICK = {"yze": "4b 2s 1st", "yze-step": "d10 d8", "myz": "5b 3s 1g", "exploding": "s8 t6 tn5", "tiered": "3"}
"""One GM's quick roll per system, in its own syntax."""


def _typed(dice: list[dict], rng: random.Random) -> str:
    """A faces SPEC for ``dice`` as a GM types physical dice (no top face, so nothing explodes)."""
    by_kind: dict[str, list[str]] = {}
    for die in dice:
        by_kind.setdefault(die["kind"], []).append(str(rng.randint(1, max(1, die["sides"] - 1))))
    return " ".join(f"{kind}={','.join(faces)}" for kind, faces in by_kind.items())


_PLAYED: dict[tuple[str, int, str], Path] = {}
"""Data folders holding the demos with one seeded session played, by (demo, seed, language): each is
played once per test process and copied after (``play_session``)."""

_PLAYED_IN = Path(tempfile.mkdtemp(prefix="gmconsole-played-"))
atexit.register(shutil.rmtree, _PLAYED_IN, ignore_errors=True)


def play_session(root: Path, name: str, seed: int = 15) -> None:
    """Install the demos under ``root`` (once) and play one seeded session on ``name``.

    Into an empty ``root`` the same session played before in this process (same demo, seed and language)
    is copied, files' times kept: the session is the same one every time (seeded dice, frozen clock), and
    playing it was most of these tests' CPU. A ``root`` holding anything already is played on."""
    if not root.exists() or not any(root.iterdir()):
        key = (name, seed, language())
        played = _PLAYED.get(key)
        if played is None:
            played = _PLAYED_IN / f"{len(_PLAYED)}"
            played.mkdir()
            _play(played, name, seed)
            _PLAYED[key] = played
        shutil.copytree(played, root, dirs_exist_ok=True)
        return
    _play(root, name, seed)


def _play(root: Path, name: str, seed: int) -> None:
    """Install the demos under ``root`` (once) and play one seeded session on ``name``."""
    if not (root / name).exists():
        install_demos(root)
    rng = random.Random(seed)
    refused = (RulesError, ValidationError)
    with CampaignService.open(root, name, rng=random.Random(seed), clock=frozen_clock) as service:
        service.sessions.new_session("2026-12-01")
        system = service.campaign.system
        for character in [c for c in service.campaign.roster if not c.is_npc]:
            for skill in character.skills:
                # the exploding and tiered families roll a skill with an attribute the GM names
                attribute = None if systems.get(system).attribute_from_skill else next(iter(character.attributes))
                # a skill rolled for one of its uses (myz Sic a Dog) names its first: fighting, as it always rolled
                uses = [u.id for u in skill_modifiers.uses_for(system, skill)][:1]
                for typed in (False, False, True):
                    with contextlib.suppress(*refused):
                        dice = service.rolls.preview_roll(character.id, skill, attribute=attribute,
                                                          skill_modifiers=uses).dice
                        service.rolls.roll(character.id, skill, attribute=attribute, skill_modifiers=uses,
                                           faces=_typed(dice, rng) if typed else None)
                        if rng.random() < 0.4:
                            service.rolls.push()
        with contextlib.suppress(*refused):
            service.rolls.quick_roll(QUICK[system])
        with contextlib.suppress(*refused):
            service.rolls.quick_roll(QUICK[system])
        pcs = [c.id for c in service.campaign.roster if not c.is_npc]
        with contextlib.suppress(*refused):
            service.rolls.saving_throw(pcs[0], "phys")
        with contextlib.suppress(*refused):
            service.rolls.attack(pcs[0], None, damage=2)
        with contextlib.suppress(*refused):
            first = service.campaign.roster[0]
            service.rolls.opposed_test(first.id, next(iter(first.skills)), pcs[1])
        with contextlib.suppress(*refused):
            first = service.campaign.roster[0]
            service.rolls.opposed_roll(first.id, next(iter(first.skills)), defender_pool="base=3 skill=1")
        for pending in service.outcomes.pending_costs():  # the stress dice's 1s bring panic rolls
            with contextlib.suppress(*refused):
                service.outcomes.apply_costs(pending["roll_id"])


def stats_json(root: Path, name: str, *flags: str) -> dict:
    """``gmconsole --data-dir root stats NAME FLAGS --json``, read."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--data-dir", str(root), "stats", name, *flags, "--json"]) == 0
    return json.loads(out.getvalue())
