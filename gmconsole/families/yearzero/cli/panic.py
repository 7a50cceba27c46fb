"""``gmconsole panic NAME CHARACTER [--face N] [--in-range C ...] [--chain-faces C=N ...] [--json] [--wait S]``.

A panic roll (D6 + stress on the panic table, R-PANIC-1) for a character of the campaign, applied and
recorded as the tracker's ``p`` records it: one undoable history entry. ``--face`` is the D6 rolled at
the table (R-MANUAL-1; the entry is marked by hand); without it the console rolls. ``--in-range``
names the player characters a row that reaches others touches (stress at short range, or a chained
panic roll for those who hear or see); the console asks that question only for such a row, the command
takes the answer up front and ignores it for a row that reaches nobody. R-PANIC-1: an NPC named there
exits 2 naming it and the rule, before the die is rolled. A row that reaches others
with nobody named is recorded as it is (nobody else touched), with a warning on stderr and, in JSON,
``"warnings"`` (only then, as ``session new`` does), since the GM may have forgotten ``--in-range``.
``--chain-faces C=N ...`` types the D6 of each chained panic roll (R-PANIC-3): one for every PC named by
``--in-range`` (a typed evening types them all: a PC still owed one is named and refused, exit 2, before any
die is rolled), none for someone out of range, each 1 to 6; without the flag the console rolls them. They
are used only when the row makes those who hear or see roll (Scream, Flee, Berserk).

JSON: ``{"die", "total", "effect", "name", "text", "escalated", "stress_change", "spreads",
"stress_added", "chained", "by_hand", "character", "summary", "roll_id"}`` (each ``chained`` roll with its
own ``by_hand``, true for a face typed with ``--chain-faces``); ``effect`` is the table
row's id (e.g. ``tremble``). Unknown campaign or character, a system without a panic table, or a face
outside 1–6 exit 2 with one line.
"""

from __future__ import annotations

import random
import sys

from gmconsole.campaign.entries import PanicEntry, as_record, given
from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, warn_about
from gmconsole.cli.common import CliError, WholeNumber, emit
from gmconsole.i18n import N_, _, pick
from gmconsole.safe_text import shown

d6_face = WholeNumber(N_("a D6 face"), 1, 6)
"""A D6 face typed from a physical die: a whole number 1 to 6."""


def chain_faces(typed: list[str]) -> dict[str, int]:
    """``--chain-faces Bo=3 "Cy Ray=6"``: each PC in range and the D6 typed for their chained panic roll
    (R-PANIC-3); a pair not written ``NAME=N`` or a face not a whole number 1 to 6 is refused (exit 2)."""
    faces: dict[str, int] = {}
    for pair in typed:
        name, sep, face = pair.rpartition("=")
        if not sep or not name.strip():
            raise CliError(_("--chain-faces takes NAME=FACE pairs, like Bo=3, not {pair}").format(pair=repr(pair)))
        if not face.strip().isdigit() or not 1 <= int(face) <= 6:
            raise CliError(_("{name}: {face} is not a D6 face (a whole number 1 to 6)").format(
                name=name.strip(), face=repr(face)))
        faces[name.strip()] = int(face)
    return faces


def register(subparsers) -> None:
    """Add ``panic``."""
    panic = subparsers.add_parser("panic", help=_("make a panic roll for a character (yze, yze-step) and record it"))
    panic.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    panic.add_argument("character", metavar="CHARACTER", help=_("who panics (name, case-insensitive, or id)"))
    panic.add_argument("--face", type=d6_face, metavar="N",
                       help=_("the D6 rolled at the table (1-6); default: the console rolls"))
    panic.add_argument("--in-range", nargs="+", action="extend", default=[], metavar="C",
                       help=_("player characters in range if the row reaches others (stress, or a chained panic "
                              "roll each; never NPCs, R-PANIC-1)"))
    panic.add_argument("--chain-faces", nargs="+", action="extend", metavar="C=N",
                       help=_("the D6 rolled at the table for each chained panic roll (a row that makes those who "
                              "hear or see roll), one per PC named by --in-range; default: the console rolls them "
                              "(R-PANIC-3)"))
    panic.add_argument("--json", action="store_true", help=_("print JSON"))
    add_wait(panic)
    panic.set_defaults(handler=guard(run_panic))


def panic_result(recorded: PanicEntry | dict) -> dict:
    """The command's JSON from the recorded ``panic`` entry (its ``name`` and ``text`` in English in every
    language: the data file's words scripts read; the text printed for a person is in the language spoken)."""
    entry = as_record(recorded)
    assert isinstance(entry, PanicEntry)  # a panic roll's entry
    info = entry.panic
    first = info["rolls"][0]
    return {
        "die": first["face"], "total": first["total"], "effect": first["effect"], "name": first["name"]["en"],
        "text": first["text"]["en"], "escalated": first["escalated"], "stress_change": first["stress_change"],
        "spreads": first.get("spreads", False), "stress_added": info.get("stress", []),
        "chained": [{"character": r["character"], "die": r["face"], "total": r["total"], "effect": r["effect"],
                     "by_hand": bool(r.get("by_hand"))} for r in info["rolls"][1:]],
        "by_hand": bool(entry.by_hand), "character": given(entry.character, ""),
        "summary": given(entry.summary, ""), "roll_id": entry.id,
    }


def run_panic(args) -> int:
    from gmconsole.campaign.service import CampaignService

    with CampaignService.open(campaign_root(args), args.name, rng=random.Random(), wait=args.wait) as service:
        warn_about(service)
        if not service.trackers.has_panic_table:
            raise CliError(_("{system} has no panic table: panic rolls belong to yze and yze-step").format(
                system=service.campaign.system))
        who = service.character(args.character)
        in_range = [service.character(x).id for x in args.in_range]
        if who.id in in_range:
            raise CliError(_("{name} is the one who panics: --in-range names the others").format(name=who.name))
        chained = None if args.chain_faces is None else chain_faces(args.chain_faces)
        # R-PANIC-1: the service refuses an NPC in range (one line, exit 2) before the D6 is rolled; R-PANIC-3:
        # so are chained faces for someone out of range, of a face out of 1-6, or with a PC in range owed one
        entry = as_record(service.trackers.panic_roll(who.id, in_range=in_range, face=args.face, chain_faces=chained))
        assert isinstance(entry, PanicEntry)  # a panic roll records a panic entry
    result = panic_result(entry)
    first = entry.panic["rolls"][0]
    lines = [shown(given(entry.summary, "")), shown(pick(first["text"]))]
    if result["spreads"] and not in_range:
        result["warnings"] = [_("{name} panics: {total} {row} reaches others, but nobody was named with --in-range: "
                                "nobody else was touched (R-PANIC-1)").format(
            name=result["character"], total=result["total"], row=pick(first["name"]))]
        for warning in result["warnings"]:
            print(_("gmconsole: warning: {message}").format(message=shown(warning)), file=sys.stderr)
    lines.append(_("(undo: ctrl+z in the console; history entry {id})").format(id=entry.id))
    emit(result, args.json, "\n".join(lines))
    return 0
