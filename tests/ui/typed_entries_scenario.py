"""A short session on each demo campaign, and every word the console and the CLI show of its history.

:func:`play` records rolls (each character's first skill, seeded dice), a push, costs applied or
dropped, and the special rolls each system offers; :func:`rendered` turns every entry of the session
into what the history table, the history detail, the roll builder's result and the CLI show of it.
``test_typed_entries.py`` compares that with ``typed_entries_golden.json``, written from the dict
readers before they read typed entries (run this module as a script to write it again).
"""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path

DEMOS = ("exploding-demo", "myz-demo", "tiered-demo", "yze-demo", "yze-step-demo")
GOLDEN = Path(__file__).with_name("typed_entries_golden.json")


def _try(call, *args, **kw) -> None:
    """A change this system refuses (no push, no costs, no such roll) is simply not part of the session."""
    with contextlib.suppress(Exception):  # each system takes a different subset of the changes
        call(*args, **kw)


def _roll(service, character, skill, **kw) -> None:
    """A check with the skill alone, or with the character's first attribute where the system asks one."""
    try:
        service.rolls.roll(character.id, skill, **kw)
    except Exception:  # exploding and tiered name the attribute
        _try(service.rolls.roll, character.id, skill, attribute=next(iter(character.attributes), None), **kw)


def play(service) -> None:
    """Rolls, pushes, costs and special rolls, as far as the campaign's system has them."""
    from gmconsole import systems

    roster = list(service.campaign.roster)
    ids = [c.id for c in roster]
    for n, character in enumerate(roster[:4]):
        skill = next(iter(character.skills), None)
        rng = random.Random(100 + n)
        _roll(service, character, skill, rng=rng)
        if n % 2 == 0:
            _try(service.rolls.push, rng=rng)
        if n == 0:
            _try(service.outcomes.apply_costs)
        if n == 1:
            _try(lambda: service.outcomes.drop_costs(service.history.filtered(kind="roll")[0]["id"]))
    first = roster[0]
    skill = next(iter(first.skills), None)
    rng = random.Random(7)
    if len(ids) > 1:
        _try(service.rolls.opposed_roll, ids[0], skill, defender_id=ids[1], defender_skill=skill, rng=rng)
        _try(service.rolls.push, rng=rng)
        _try(service.rolls.opposed_test, ids[0], skill, ids[1], rng=rng)
        _try(service.rolls.assisted_check, ids[0], skill, ids[1:3], rng=rng)
        _try(service.rolls.group_check, ids[:3], skill, rng=rng)
        _try(service.rolls.contested, ids[0], next(iter(first.attributes), ""), ids[1], rng=rng)
    _try(service.rolls.saving_throw, ids[0], "phys", rng=rng)
    _try(service.rolls.attack, ids[0], None, rng=rng, damage=3)
    _try(service.rolls.quick_roll, systems.get(service.campaign.system).quick_pool_example, rng=rng)
    _try(service.rolls.roll, ids[0], skill, faces="base=6,1,1 skill=6", rng=rng)
    _roll(service, roster[-1], next(iter(roster[-1].skills), None), rng=random.Random(3))


def rendered(service) -> list[dict]:
    """For every entry of the session (oldest first): the history cells and detail, the result lines,
    and what the CLI's ``history`` shows and prints as JSON."""
    from gmconsole.campaign import history
    from gmconsole.campaign.skills import die_source_name
    from gmconsole.cli.campaign_commands import entry_text
    from gmconsole.families.exploding.console import forms as exploding_forms
    from gmconsole.families.yearzero.console import text as yearzero_text
    from gmconsole.ui.screens.history_detail import costs_mark, detail_text
    from gmconsole.ui.widgets import roll_text

    def names(kind: str, source: str) -> str:  # as the history screen names a die's source
        return die_source_name(service.campaign, kind, source)

    out = []
    for entry in service.history.entries():
        seen = {"id": entry.get("id"), "kind": entry.get("kind"),
                "detail": detail_text(entry, names=names).plain, "costs": costs_mark(entry),
                "result": history.result_text(entry), "dice": history.dice_text(entry),
                "row": history.row(entry), "public": json.dumps(history.public(entry), sort_keys=True)}
        if entry.get("kind") == "roll":
            seen["lines"] = roll_text.result_lines(entry)
            seen["explained"] = roll_text.rolled_explanation(entry)
            seen["opposed"] = roll_text.opposed_line(entry)
            seen["stunts"] = yearzero_text.stunt_count(entry)
            seen["cli"] = entry_text(entry, "demo")
        for kind, text in (("opposed", exploding_forms.opposed_test_text),
                           ("assisted", exploding_forms.assisted_text), ("group", exploding_forms.group_text)):
            if entry.get("kind") == kind:
                seen["special"] = text(entry)
        out.append(seen)
    for fmt in ("table", "markdown", "csv"):
        out.append({"kind": f"export {fmt}", "text": service.history.export_session(fmt=fmt)})
    from gmconsole.campaign import recaps

    recap = recaps.recap(service.ledger)
    out.append({"kind": "recap", "text": json.dumps(recap, sort_keys=True, default=str)})
    out.append({"kind": "recap markdown", "text": recaps.recap_markdown(recap)})
    return out


def everything(root: Path, clock) -> dict[str, list[dict]]:
    """:func:`rendered` after :func:`play` on each demo of the data folder ``root``."""
    from gmconsole.campaign.service import CampaignService

    out = {}
    for name in DEMOS:
        service = CampaignService.open(root, name, clock=clock, rng=random.Random(20260314))
        try:
            play(service)
            out[name] = json.loads(json.dumps(rendered(service)))
        finally:
            service.close()
    return out


if __name__ == "__main__":
    import tempfile
    from datetime import UTC, datetime

    from gmconsole.campaign.library import install_demos

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "data"
        root.mkdir()
        install_demos(root)
        at = datetime(2026, 3, 14, 19, 30, tzinfo=UTC)
        GOLDEN.write_text(json.dumps(everything(root, lambda: at), indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
