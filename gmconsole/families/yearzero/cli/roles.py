"""The `myz` role skills that act on something else, from the command line: each rolls the skill from the
character's sheet (``service.rolls.roll``, the roll the console's builder records) and applies what it does through
the service, as the console does:

- ``inspire NAME CHARACTER --target ROLL_ID [--hinder]``: the Chronicler's Inspire; its 6s are added to the
  recorded roll ``ROLL_ID`` (``--hinder``: each takes one of its 6s), ``service.outcomes.inspire``;
- ``shake-it-off NAME CHARACTER --attribute A --incoming N``: the Slave's Shake It Off; each 6 takes one point
  off the ``N`` points of incoming trauma (not push trauma), the rest lands on ``A``, ``service.outcomes.shake_it_off``;
- ``mend NAME CHARACTER --patient P --attribute A``: Heal, Mend the Broken; the patient's broken attribute
  recovers a point per 6, ``service.outcomes.mend_the_broken``;
- ``jury-rig NAME CHARACTER --device D [--stunt ID ...]``: the Gearhead's Jury-Rig marked for a device
  (``device=D``, the builder's ``m``); a success builds it with the stunts named (R-MYZ-BUILD-1/2, the
  ``outcome`` command's path); a failure builds nothing and says the seed's words.

The roll and what it does are two history entries, each undoable, as in the console (``u`` takes back the
effect, then the roll). Every command takes ``--gear ITEM``, ``--faces SPEC`` (R-MANUAL-1), ``--seed N``,
``--json`` and ``--wait S``. What can be refused is refused before the dice are rolled: a campaign whose
system has no role skills (exit 2 naming the one that has), an unknown character, target roll, attribute or
stunt, a target already inspired, a patient not broken. A refusal the dice bring (a Jury-Rig with fewer stunts
than named) keeps the roll and says how to apply the build later (``gmconsole outcome``), as ``roll
--role-outcome`` does; any other refusal of the effect takes the roll back, so exit 2 records nothing.

JSON: the skill's roll entry as ``roll --campaign --json`` prints it (with ``roll_id``), and ``applied``: the
entry its effect recorded (``entry_id``, ``kind``, ``summary`` and its own keys: inspire ``mode``,
``inspire_roll_id``, ``roll_id`` the target; shake-it-off ``prevented``, ``taken``; mend ``recovered``,
``attribute``; jury-rig ``build``, ``gear``, ``gear_id``), ``null`` when a failed Jury-Rig built nothing.
Inspire adds ``target``: ``{"roll_id", "successes", "inspired"}``, the target roll as it now stands; ``--seed``
adds ``seed``.
"""

from __future__ import annotations

import random

from gmconsole import systems
from gmconsole.campaign.entries import as_record, given
from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, seed, warn_about
from gmconsole.cli.common import CliError, WholeNumber, emit, no_role_skills
from gmconsole.cli.costs_commands import roll_id
from gmconsole.i18n import N_, _, pick
from gmconsole.safe_text import shown

__all__ = ["register"]

incoming = WholeNumber(N_("an amount of trauma"), 1, 100)
"""``--incoming N``: the points of trauma coming in, 1 or more."""


def _common(parser) -> None:
    """The flags every role-skill command shares: the roll's gear, its dice, its output and its waiting."""
    parser.add_argument("--gear", nargs="+", action="extend", default=[], metavar="ITEM",
                        help=_("gear used in the roll (names or ids)"))
    parser.add_argument("--faces", metavar="SPEC",
                        help=_('the faces typed from physical dice, e.g. "b63124 s355 g6" or "base=6,3 skill=5" '
                               "(R-MANUAL-1)"))
    parser.add_argument("--seed", type=seed, metavar="N", help=_("seed the dice (repeatable results)"))
    parser.add_argument("--json", action="store_true",
                        help=_("print the roll's entry as JSON (with roll_id) and the entry its effect recorded"))
    add_wait(parser)


def register(subparsers) -> None:
    """Add ``inspire``, ``shake-it-off``, ``mend`` and ``jury-rig``."""
    inspire = subparsers.add_parser("inspire", help=_("myz Chronicler: roll Inspire and give its 6s to a recorded "
                                                      "roll (or take them, --hinder)"))
    inspire.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    inspire.add_argument("character", metavar="CHARACTER", help=_("the Chronicler (name or id)"))
    inspire.add_argument("--target", required=True, type=roll_id, metavar="ROLL_ID",
                         help=_("the roll helped or hindered, by its history id"))
    inspire.add_argument("--hinder", action="store_true", help=_("each 6 takes away one of the target roll's 6s"))
    _common(inspire)
    inspire.set_defaults(handler=guard(run_inspire))

    shake = subparsers.add_parser("shake-it-off", help=_("myz Slave: roll Shake It Off against incoming trauma "
                                                          "and take what is left"))
    shake.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    shake.add_argument("character", metavar="CHARACTER", help=_("the Slave (name or id)"))
    shake.add_argument("--attribute", required=True, metavar="A", help=_("the attribute the trauma hits"))
    shake.add_argument("--incoming", required=True, type=incoming, metavar="N",
                       help=_("points of incoming trauma (not from pushing)"))
    _common(shake)
    shake.set_defaults(handler=guard(run_shake_it_off))

    mend = subparsers.add_parser("mend", help=_("myz Heal, Mend the Broken: roll Heal and mend a broken "
                                                "attribute"))
    mend.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    mend.add_argument("character", metavar="CHARACTER", help=_("the healer (name or id)"))
    mend.add_argument("--patient", required=True, metavar="P", help=_("the broken character (name or id)"))
    mend.add_argument("--attribute", required=True, metavar="A", help=_("the broken attribute"))
    _common(mend)
    mend.set_defaults(handler=guard(run_mend))

    rig = subparsers.add_parser("jury-rig", help=_("myz Gearhead: roll Jury-Rig for a device and build it on a "
                                                   "success (R-MYZ-BUILD-1/2)"))
    rig.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    rig.add_argument("character", metavar="CHARACTER", help=_("the Gearhead (name or id)"))
    rig.add_argument("--device", required=True, metavar="D",
                     help=_("the device built: one the seed lists (binoculars, camouflage...) or a name of the "
                            "GM's own"))
    rig.add_argument("--stunt", action="append", default=[], metavar="ID",
                     help=_("a stunt the extra 6s buy, by id (repeatable; bonus, durable, damage...)"))
    _common(rig)
    rig.set_defaults(handler=guard(run_jury_rig))


def _open(args):
    """The campaign, opened to write, with the seeded dice."""
    from gmconsole.campaign.service import CampaignService

    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    return CampaignService.open(campaign_root(args), args.name, rng=rng, wait=args.wait)


def _has_roles(service, command: str) -> None:
    """Refuse a role skill's command where the campaign's system has no roles, naming the one that has."""
    if not systems.get(service.campaign.system).has_roles:
        raise no_role_skills(command, service.campaign.system)


def _attribute(service, who, text: str) -> str:
    """The id of the attribute ``text`` names (id or name, any case) on ``who``'s sheet; refused with the list."""
    from gmconsole.campaign import skills

    found = skills.attribute_id(service.campaign.system, text)
    if found is None or found not in who.attributes:
        raise CliError(_("{name} has no attribute {attribute}: one of {attributes}").format(
            name=who.name, attribute=repr(text), attributes=", ".join(who.attributes)))
    return found


def _roll(service, args, who, skill: str, picks: tuple[str, ...] = ()) -> dict:
    """The role skill's roll from the sheet, recorded as the builder records it."""
    return service.rolls.roll(who.id, skill, gear=args.gear, skill_modifiers=picks, faces=args.faces)


def _apply_or_take_back(service, rolled: dict, apply) -> dict:
    """Apply the roll's effect; when the service refuses it, take the roll back first, so that exit status 2
    means nothing was recorded (the history shows the roll only as undone)."""
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.rules.errors import RulesError

    recorded = service.undo_count
    try:
        return apply()
    except (RulesError, ValidationError) as exc:
        if service.undo_count == recorded:  # the effect changed nothing: the roll is the newest change
            service.undo()
        raise CliError(_("{error}; nothing was recorded (roll {id} is taken back)").format(
            error=exc, id=rolled["id"])) from exc


def _result(rolled: dict, applied: dict | None) -> dict:
    """The command's JSON: the roll's entry with ``roll_id``, and the effect's entry with ``entry_id``."""
    from gmconsole.campaign import history

    result = history.public(rolled)
    result["roll_id"] = rolled["id"]
    result["applied"] = None if applied is None else {**history.public(applied), "entry_id": applied["id"]}
    return result


def _text(rolled: dict, campaign: str, said: str) -> str:
    """The roll for a person (the verdict first, its dice), then what it did."""
    from gmconsole.cli.campaign_commands import entry_text

    return entry_text(rolled, campaign) + "\n" + _("outcome: {summary}").format(summary=shown(said))


def _finish(service, args, rolled: dict, applied: dict | None, said: str, **extra) -> tuple[dict, str]:
    """The JSON and the text of a role skill's command, read while the campaign is open."""
    rolled = service.history.entry_anywhere(rolled["id"])  # as it stands after its effect
    seeded = {"seed": args.seed} if args.seed is not None else {}
    return {**_result(rolled, applied), **extra, **seeded}, _text(rolled, args.name, said)


def _said(args, out: tuple[dict, str]) -> int:
    """Print what :func:`_finish` made, once the campaign is closed."""
    emit(out[0], args.json, out[1])
    return 0


def run_inspire(args) -> int:
    from gmconsole.campaign.sheet_rolls import recorded_roll

    with _open(args) as service:
        warn_about(service, args)
        _has_roles(service, "inspire")
        who = service.character(args.character)
        target, _recorded = recorded_roll(service.ledger, args.target)  # a Year Zero roll still in force, or refused
        if target.get("inspired"):
            raise CliError(_("roll {id} was already inspired: undo that first to inspire it again").format(
                id=args.target))
        rolled = _roll(service, args, who, "inspire")
        mode = "hinder" if args.hinder else "help"
        applied = _apply_or_take_back(service, rolled, lambda: service.outcomes.inspire(rolled["id"], args.target,
                                                                                        mode))
        now = service.history.entry_anywhere(args.target)
        target_now = {"roll_id": args.target, "successes": now.get("successes"), "inspired": now.get("inspired")}
        out = _finish(service, args, rolled, applied, applied["summary"], target=target_now)
    return _said(args, out)


def run_shake_it_off(args) -> int:
    with _open(args) as service:
        warn_about(service, args)
        _has_roles(service, "shake-it-off")
        who = service.character(args.character)
        attribute = _attribute(service, who, args.attribute)
        rolled = _roll(service, args, who, "shake-it-off")
        applied = _apply_or_take_back(service, rolled,
                                      lambda: service.outcomes.shake_it_off(rolled["id"], attribute, args.incoming))
        out = _finish(service, args, rolled, applied, applied["summary"])
    return _said(args, out)


def run_mend(args) -> int:
    from gmconsole.campaign.shown_names import attribute_shown
    from gmconsole.phrasing import possessive

    with _open(args) as service:
        warn_about(service, args)
        _has_roles(service, "mend")
        who = service.character(args.character)
        patient = service.character(args.patient)
        attribute = _attribute(service, patient, args.attribute)
        if patient.attributes[attribute].current > 0:
            raise CliError(_("{owner} {attribute} is not broken: Mend the Broken mends an attribute at 0").format(
                owner=possessive(patient.name), attribute=attribute_shown(service.campaign.system, attribute)))
        rolled = _roll(service, args, who, "heal")
        applied = _apply_or_take_back(service, rolled,
                                      lambda: service.outcomes.mend_the_broken(rolled["id"], patient.id, attribute))
        out = _finish(service, args, rolled, applied, applied["summary"])
    return _said(args, out)


def run_jury_rig(args) -> int:
    from gmconsole.families.yearzero.rules.jury_rig import build, device_named

    with _open(args) as service:
        warn_about(service, args)
        _has_roles(service, "jury-rig")
        who = service.character(args.character)
        system = service.campaign.system
        device = device_named(system, args.device)
        build(system, device, len(args.stunt) + 1, args.stunt)  # the stunts fit the device (R-MYZ-BUILD-2)
        rolled = _roll(service, args, who, "jury-rig", (f"device={args.device}",))
        offer = service.outcomes.role_outcome(service.history.entry_anywhere(rolled["id"]))
        if offer is None or not offer.success:
            failure = pick(offer.outcome.failure) if offer is not None and offer.outcome.failure else ""
            said = _("{device} is not built (R-MYZ-BUILD-1): {seed}").format(device=pick(device.name), seed=failure)
            out = _finish(service, args, rolled, None, said)
        else:
            applied = _build(service, args, rolled["id"])
            out = _finish(service, args, rolled, applied, given(as_record(applied).summary, ""))
    return _said(args, out)


def _build(service, args, roll: int) -> dict:
    """R-MYZ-BUILD-1/2: build the device the successful roll ``roll`` was marked for, with the stunts named. A
    refusal here comes from the dice (more stunts named than the 6s bought): the roll stands, as after ``roll
    --role-outcome``, and the line says how to build it."""
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.rules.errors import RulesError

    try:
        return service.outcomes.apply_role_outcome(roll, stunts=args.stunt)
    except (RulesError, ValidationError) as exc:
        raise CliError(_("{error}; roll {id} is recorded, its outcome not applied: `gmconsole outcome {name} {id} "
                         "--stunt ID ...`").format(error=exc, id=roll, name=args.name)) from exc
