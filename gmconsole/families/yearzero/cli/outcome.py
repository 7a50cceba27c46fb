"""``gmconsole outcome NAME ROLL_ID``: what a recorded myz role skill's roll leads to, applied from the command
line as the roll builder's ``j`` applies it (R-MYZ-ROLE-1), and the ``--role-outcome`` of a campaign roll.

- a Jury-Rig roll marked ``--skill-modifier device=NAME``: a success builds the device as gear, with the
  stunts named by ``--stunt ID`` (R-MYZ-BUILD-1/2);
- a Find the Path roll, or a Make a Deal roll marked ``side-deal``: the choices named by ``--stunt ID``
  (a deal's as often as named), their D6 amounts rolled (``--seed``) or typed (``--finds-faces d43``, one face
  per D6 in the order named, R-MANUAL-1) and recorded (R-MYZ-FINDS-1/2);
- a Heal roll marked ``save-a-life=NAME``: the patient stabilized, or with ``--patient-dies`` after a failure
  dead (the GM's word, R-MYZ-SAVE-1).

``--choices`` lists what the roll may pick (ids and the seed's words) and applies nothing. JSON: the recorded
entry (``entry_id``, ``kind``, ``summary`` and ``build``, ``finds`` or ``save``) with ``roll_id``; with
``--choices`` ``{"roll_id", "kind", "choices", "picks": [{"id", "text"}]}``. A roll that leads to nothing,
an outcome already applied or a pick the roll does not allow exits 2 with the reason, recording nothing.
"""

from __future__ import annotations

import random

from gmconsole.campaign.entries import as_record, given
from gmconsole.cli.campaign_access import add_wait, campaign_root, guard, seed, warn_about
from gmconsole.cli.campaign_commands import outcome_result
from gmconsole.cli.campaign_roll_flags import add_outcome_flags
from gmconsole.cli.common import CliError, emit
from gmconsole.cli.costs_commands import roll_id
from gmconsole.i18n import _, pick
from gmconsole.safe_text import shown

__all__ = ["register"]


def register(subparsers) -> None:
    """Add ``outcome``."""
    outcome = subparsers.add_parser("outcome", help=_("apply what a myz role skill's roll leads to: build the "
                                                      "device, roll the finds, Save a Life"))
    outcome.add_argument("name", metavar="NAME", help=_("the campaign (gmconsole campaigns lists them)"))
    outcome.add_argument("roll", metavar="ROLL_ID", type=roll_id, help=_("the roll's history id"))
    add_outcome_flags(outcome)
    outcome.add_argument("--choices", action="store_true",
                         help=_("list the stunts or choices the roll may pick, and apply nothing"))
    outcome.add_argument("--seed", type=seed, help=_("seed the finds' dice (repeatable results)"))
    outcome.add_argument("--json", action="store_true", help=_("print JSON"))
    add_wait(outcome)
    outcome.set_defaults(handler=guard(run_outcome))


def _choices(service, roll: int) -> tuple[dict, str]:
    """What the roll ``roll`` may pick, as ``--choices`` lists it."""
    from gmconsole.families.yearzero.rules.jury_rig import device_named, stunts_for
    from gmconsole.families.yearzero.rules.role_outcomes import choices_of

    offer = service.outcomes.role_outcome(service.history.entry(roll))
    if offer is None:
        raise CliError(_("roll {id} leads to no role-skill outcome").format(id=roll))
    if offer.kind == "build":
        rows = [(s.id, pick(s.text)) for s in stunts_for(service.campaign.system,
                                                           device_named(service.campaign.system, offer.detail or ""))]
    elif offer.kind == "finds":
        rows = [(o.id, pick(o.text)) for o in offer.outcome.options]
    else:
        rows = []
    count = choices_of(offer.outcome, offer.successes) if offer.kind != "save-a-life" else 0
    result = {"roll_id": roll, "kind": offer.kind, "detail": offer.detail, "successes": offer.successes,
              "choices": count, "applied": offer.applied, "picks": [{"id": i, "text": t} for i, t in rows]}
    lines = [_("roll {id}: {kind}, {successes} successes, {count} to pick").format(
        id=roll, kind=offer.kind, successes=offer.successes, count=count)]
    lines += [f"  {i}  {shown(t)}" for i, t in rows]
    if offer.applied:
        lines.append(_("already applied: {summary}").format(summary=shown(str(offer.applied.get("summary", "")))))
    return result, "\n".join(lines)


def run_outcome(args) -> int:
    from gmconsole.campaign.service import CampaignService

    rng = random.Random(args.seed) if args.seed is not None else random.Random()
    with CampaignService.open(campaign_root(args), args.name, rng=rng, wait=args.wait) as service:
        warn_about(service, args)
        if args.choices:
            result, text = _choices(service, args.roll)
            emit(result, args.json, text)
            return 0
        entry = service.outcomes.apply_role_outcome(args.roll, stunts=args.stunt, faces=args.finds_faces,
                                                    dies=args.patient_dies, rng=rng)
    said = given(as_record(entry).summary, "")
    emit(outcome_result(entry, args.roll), args.json,
         said + "\n" + _("(undo: ctrl+z in the console; history entry {id})").format(id=entry["id"]))
    return 0
