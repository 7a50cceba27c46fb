"""What the command-line rolls of one system family share: ``assisted`` and ``group`` (exploding), ``save``,
``attack`` and ``contested`` (tiered), each the console's roll of the same name through the same service method.

Every such command takes ``--faces SPEC`` (dice rolled at the table, R-MANUAL-1, in the family's letters or the
long form), ``--seed N``, ``--json`` and ``--wait S``; opens the campaign with the dice it rolls; refuses, before
anything is rolled, a campaign whose system has no such roll (naming the family that has it); and prints the
recorded entry: for a person its summary (the verdict) then the dice, with ``--json`` the entry as the history
keeps it with ``roll_id`` (its entry id) and ``seed`` when one was given. A refusal is one line, exit status 2,
and records nothing: the service checks every name, flag and face before it records the roll.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator

from gmconsole import systems
from gmconsole.campaign.entries import Entry, SpecialRollEntry, as_record, given
from gmconsole.cli.campaign_access import add_wait, campaign_root, seed, warn_about
from gmconsole.cli.common import CliError, die_kind, emit
from gmconsole.i18n import _, verbatim
from gmconsole.safe_text import shown

__all__ = ["add_roll_flags", "dice_text", "opened_for", "print_roll", "roll_result", "special_record", "undo_line"]


def add_roll_flags(parser, short: str, long: str, note: str = "") -> None:
    """``--faces SPEC``, ``--seed N``, ``--json`` and ``--wait S``; ``short`` and ``long`` show the family's faces in
    both forms (``"d45"``, ``"dice=4,5"``), ``note`` (translated) what else the GM types."""
    if note:
        said = _("the faces of the dice rolled at the table (R-MANUAL-1), e.g. {short} or {long} ({note}); default: "
                 "the console rolls").format(short=short, long=long, note=note)
    else:
        said = _("the faces of the dice rolled at the table (R-MANUAL-1), e.g. {short} or {long}; default: the "
                 "console rolls").format(short=short, long=long)
    parser.add_argument("--faces", metavar="SPEC", help=said)
    parser.add_argument("--seed", type=seed, metavar="N", help=_("seed the dice (repeatable results)"))
    parser.add_argument("--json", action="store_true",
                        help=_("print the recorded entry as JSON (with roll_id)"))
    add_wait(parser)


@contextlib.contextmanager
def opened_for(args, kind: str | None, command: str) -> Iterator:
    """The campaign ``args.name`` opened to record the special roll ``kind`` (a name in
    :attr:`GameSystem.special_rolls`; ``None``: the command checks the family itself), its dice from ``--seed``
    (or fresh); a campaign whose system has no such roll is refused with the family that has it, before anything
    is rolled."""
    from gmconsole.campaign.service import CampaignService

    if args.faces is not None and args.seed is not None:
        raise CliError(_("give either --faces or --seed, not both"))
    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    with CampaignService.open(campaign_root(args), args.name, rng=rng, wait=args.wait) as service:
        warn_about(service, args)
        system = service.campaign.system
        if kind is not None and kind not in systems.get(system).special_rolls:
            family = next(s.id for s in systems.all_systems() if kind in s.special_rolls)
            raise CliError(_("{command} belongs to {family} campaigns; {name} is {system}").format(
                command=command, family=family, name=shown(args.name), system=system))
        yield service


def special_record(entry: Entry | dict) -> SpecialRollEntry:
    """The recorded special roll (an assisted or group check, a save, an attack, a contest) as its record, whose
    fields (``group``, ``score``, ``damage``, ``rounds``...) each command reads."""
    record = as_record(entry)
    if not isinstance(record, SpecialRollEntry):
        raise TypeError(verbatim("entry {id} is a {kind} entry, not a special roll").format(id=record.id,
                                                                                         kind=record.kind))
    return record


def roll_result(entry, args) -> dict:
    """The command's JSON: the recorded entry as the history keeps it, with ``roll_id`` (its entry id) and the
    ``seed`` given."""
    from gmconsole.campaign import history

    result = history.public(entry)
    result["roll_id"] = as_record(entry).id
    if args.seed is not None:
        result["seed"] = args.seed
    return result


def dice_text(dice) -> str:
    """A roll's dice as the command line names them, each with its kind (``skill 10+9, trait 3``; a plain d6 is
    its face alone), as a campaign roll prints them."""
    shown_dice = []
    for die in dice or ():
        faces = "+".join(str(f) for f in die["faces"]) if "faces" in die else str(die.get("face"))
        shown_dice.append(faces if die["kind"] == "dice" else f"{die_kind(die['kind'])} {faces}")
    return _(", ").join(shown_dice)


def undo_line(entry_id: int) -> str:
    """How the GM takes the entry back."""
    return _("(undo: ctrl+z in the console; history entry {id})").format(id=entry_id)


def print_roll(result: dict, args, entry, lines: list[str], after: list[str] | tuple = ()) -> None:
    """Print ``result`` (``--json``) or the entry's summary, then ``lines`` (each escaped where it quotes the
    campaign), how to undo it, and ``after`` (what a second entry did, an attack's damage)."""
    record = as_record(entry)
    text = [shown(given(record.summary, "")), *lines, undo_line(record.id), *after]
    emit(result, args.json, "\n".join(text))
