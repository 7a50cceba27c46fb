"""The roll builder's ``R``: a failed check rerolled with a grant the character holds (seed 003, R-EXP-5).

Under a failed check the result's next steps offer it beside the retry after a change of circumstances
(``w``) when the character's sheet names a grant covering the skill (:func:`offer_line`). ``R`` asks which
grant when there are several (one key each), then whether the console rolls or the GM types the faces of
physical dice (R-MANUAL-1); the service records the reroll with the grant's name
(:meth:`CampaignService.reroll_with_grant`), and the reroll is the builder's last result.
"""

from __future__ import annotations

from typing import Any

from gmconsole import systems
from gmconsole.campaign.entries import RollEntry, given
from gmconsole.campaign.service import CampaignService
from gmconsole.i18n import _
from gmconsole.rules.errors import RulesError
from gmconsole.ui.roll_builder.controller import ERRORS, BuilderController, roll_of

__all__ = ["GrantReroll", "offer_line"]


def _grants_for(service: CampaignService, entry: RollEntry) -> list[dict[str, Any]]:
    """The grants that may reroll ``entry`` now (R-EXP-5), empty when none may."""
    from gmconsole.campaign import grants  # loaded with the first result shown, not at start-up

    try:
        system = systems.get(given(entry.system, None))
    except RulesError:
        return []
    if not system.reroll_grants or grants.refusal(service.ledger, entry) is not None:
        return []
    return grants.covering(service.campaign.character(given(entry.character_id, None)), given(entry.skill, None))


def offer_line(service: CampaignService, entry: RollEntry) -> list[str]:
    """The next step "Reroll with a grant (R: Old hand): 88 % success" under a failed check the character's
    grants may reroll (R-EXP-5); nothing otherwise."""
    from gmconsole.campaign import grants

    held = _grants_for(service, entry)
    if not held:
        return []
    from gmconsole.systems.family import RerollGrantPart

    part = systems.family_of(given(entry.system, None)).second_chance
    names = _(", ").join(grants.grant_text(service.campaign, {"name": grant["name"]}) for grant in held)
    line = part.grant_line(entry.to_dict(), names) if isinstance(part, RerollGrantPart) else None
    return [line] if line else []


class GrantReroll:
    """The builder's ``R`` (see the module's docstring): a failed check rerolled with a grant."""

    def __init__(self, builder: BuilderController) -> None:
        self.builder = builder

    async def reroll(self, entry: RollEntry | None) -> None:
        """``R``: pick the grant (when several cover the check), then the console's dice (``r``) or the faces
        typed (``f``); the reroll is recorded with the grant's name."""
        from gmconsole.campaign import grants
        from gmconsole.ui.screens.line_entry import TypeFaces
        from gmconsole.ui.screens.roll_form import ChoiceScreen

        builder = self.builder
        app = builder.view.app
        service = builder.service
        if entry is None:
            builder.say(_("Roll a check first: a grant rerolls a failed check (R-EXP-5)."))
            return
        entry = roll_of(builder.reread(entry)) or entry
        rerolled = entry.detail.value("reroll", None)
        if given(entry.status, "done") != "done" and isinstance(rerolled, dict):  # the reroll undone: the check again
            entry = roll_of(builder.reread({"id": rerolled.get("of"), "session": given(entry.session, None)})) or entry
        why = grants.refusal(service.ledger, entry)
        held = _grants_for(service, entry)
        if why is not None or not held:
            character = service.campaign.character(given(entry.character_id, None))
            builder.say(why or _("{name} holds no reroll grant covering this check: the character form (e in the "
                                 "roster) names them (R-EXP-5).").format(name=character.name if character else "—"))
            return
        grant = held[0]
        if len(held) > 1:
            choices = [(str(n), str(n), grants.grant_text(service.campaign, g)) for n, g in enumerate(held[:9], 1)]
            picked = await app.push_screen(ChoiceScreen.make(_("Reroll with which grant? (R-EXP-5)"), choices),
                                           wait_for_dismiss=True)
            if picked is None:
                builder.view.focus_pane()
                return
            grant = held[int(picked) - 1]
        how = await app.push_screen(ChoiceScreen.make(
            _("Reroll roll {id} with {grant} (R-EXP-5)").format(id=entry.id, grant=grant["name"]),
            [("roll", "r", _("the console rolls")), ("faces", "f", _("type the faces of physical dice (R-MANUAL-1)"))]),
            wait_for_dismiss=True)
        if how is None:
            builder.view.focus_pane()
            return

        checked = entry

        def submit(spec: str | None) -> dict[str, Any]:
            return service.rolls.reroll_with_grant(checked.id, grant["name"], faces=spec, rng=builder.rng)

        if how == "faces":
            from gmconsole.ui.widgets.faces_text import faces_example, with_letters

            example = faces_example(builder.system, _pool_counts(entry))
            hint = with_letters(_("Type the faces of the reroll's dice, each kind's letter then its faces, e.g. "
                                  "{example} (R-MANUAL-1).").format(example=example), builder.system, example)
            builder.rolled(await app.push_screen(TypeFaces(_("Faces of the reroll"), hint, submit,
                                                           placeholder=example), wait_for_dismiss=True))
            return
        try:
            done = submit(None)
        except ERRORS as exc:
            builder.refused(exc)
            return
        builder.rolled(done)


def _pool_counts(entry: RollEntry) -> dict[tuple[str, int], int]:
    """``{(kind, sides): count}`` of the dice the failed check rolled (the reroll rolls the same)."""
    counts: dict[tuple[str, int], int] = {}
    for die in (given(entry.pool, None) or {}).get("dice", []):
        if isinstance(die, dict) and isinstance(die.get("kind"), str) and isinstance(die.get("sides"), int):
            key = (die["kind"], die["sides"])
            counts[key] = counts.get(key, 0) + 1
    return counts
