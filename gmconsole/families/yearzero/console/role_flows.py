"""The roll builder's ``j`` (myz): what a role skill's roll leads to, applied once after the roll and any
push (R-MYZ-ROLE-1), each as one undoable entry through the campaign service.

- Jury-Rig marked for a device (``m``): a success builds it; the GM marks the stunts the extra 6s buy
  (R-MYZ-BUILD-2), and the item joins the Gearhead's gear (R-MYZ-BUILD-1).
- Find the Path, or Make a Deal marked as a deal on the side: the GM marks the stunts or options the roll
  buys; the D6 amounts are rolled, or their faces typed (R-MANUAL-1), and recorded (R-MYZ-FINDS-1/2).
- Heal marked Save a Life for a patient: a success stabilizes them; on a failure the GM says whether it
  kills (R-MYZ-SAVE-1).

The result keeps the builder's layout (:mod:`~gmconsole.ui.roll_builder.result_view`): the roll's dice and
verdict stay on top, what ``j`` offers or did is a line under them (:func:`offer_lines`). The family's console
part hands this module over as ``role_outcomes`` (:class:`gmconsole.ui.family_console.RoleOutcomesPart`); the
builder offers ``j`` where the system lists it (``GameSystem.builder_actions``).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from gmconsole.campaign.entries import RollEntry, as_record, given
from gmconsole.campaign.service import CampaignService
from gmconsole.families.yearzero.rules.jury_rig import devices
from gmconsole.i18n import _, ngettext, pick
from gmconsole.safe_text import shown
from gmconsole.ui.roll_builder.controller import ERRORS, BuilderController
from gmconsole.ui.roll_builder.flows import SpecialForm

if TYPE_CHECKING:
    from gmconsole.campaign.commands.role_outcomes import Offer

__all__ = ["RoleOutcomes", "apply", "devices", "offer_lines"]


def _patient(service: CampaignService, offer: Offer) -> str:
    from gmconsole.campaign.commands.role_outcomes import patient_name

    return shown(patient_name(service.ledger, offer.detail))


def offer_lines(service: CampaignService, entry: RollEntry) -> list[str]:
    """The lines under a roll's verdict about what its role skill leads to: what ``j`` does now, what was
    applied, or the seed's words for a failure. Empty for a roll that leads to nothing."""
    offer = service.outcomes.role_outcome(entry)
    if offer is None:
        return []
    if offer.applied:
        return [_("Applied: {summary}").format(summary=shown(str(offer.applied.get("summary", ""))))]
    failure = pick(offer.outcome.failure) if offer.outcome.failure else ""
    if offer.kind == "build":
        device = shown(offer.detail or "")
        if not offer.success:
            return [_("{device} is not built (R-MYZ-BUILD-1): {seed}").format(device=device, seed=failure)]
        said = ngettext("j: build {device} ({count} stunt to pick)", "j: build {device} ({count} stunts to pick)",
                        offer.choices) if offer.choices else _("j: build {device}")
        return [said.format(device=device, count=offer.choices)]
    if offer.kind == "finds":
        if not offer.success:
            return [failure] if failure else []
        if not offer.choices:
            return []
        said = (ngettext("j: choose {count} stunt and roll what it finds",
                         "j: choose up to {count} stunts and roll what they find", offer.choices)
                if offer.outcome.per == "stunt" else
                ngettext("j: choose {count} option of the deal and roll it",
                         "j: choose {count} options of the deal and roll them", offer.choices))
        return [said.format(count=offer.choices)]
    patient = _patient(service, offer)
    if offer.success:
        return [_("j: Save a Life — {patient} is stabilized").format(patient=patient)]
    return [_("j: Save a Life failed — say whether it kills {patient} ({seed})").format(patient=patient, seed=failure)]


def apply(builder: BuilderController, entry: RollEntry) -> Coroutine[Any, Any, None]:
    """``j``: apply what the roll ``entry`` leads to (:meth:`RoleOutcomes.apply`), as a flow the pane runs."""
    return RoleOutcomes(builder).apply(entry)


class RoleOutcomes:
    """The builder's ``j`` (see the module's docstring): what a role skill's roll leads to, applied."""

    def __init__(self, builder: BuilderController) -> None:
        self.builder = builder

    async def apply(self, entry: RollEntry) -> None:
        """``j``: apply what the roll ``entry`` leads to, asking what the rules leave to the GM."""
        builder = self.builder
        service = builder.service
        offer = service.outcomes.role_outcome(entry)
        if offer is None:
            builder.say(_("This roll leads to no role-skill outcome: mark its purpose with m before rolling (a device, "
                          "a deal on the side, Save a Life) or roll Find the Path."))
            return
        if offer.applied:
            builder.say(_("Already applied: {summary} (u undoes it)").format(summary=offer.applied.get("summary", "")))
            return
        if not offer.ready:
            builder.say(" ".join(offer_lines(service, entry)) or _("Nothing to apply: the roll bought no stunts."))
            return
        if offer.kind == "build":
            if offer.choices:
                await self._form(entry, self._build_form(entry, offer))
            else:
                self._done(entry, lambda: service.outcomes.build_device(entry.id))
        elif offer.kind == "finds":
            await self._form(entry, self._finds_form(entry, offer))
        elif offer.success:
            self._done(entry, lambda: service.outcomes.save_a_life(entry.id))
        else:
            await self._failed_save(entry, offer)

    def _done(self, entry: RollEntry, call: Callable[[], object]) -> None:
        """Apply through the service and show what it did under the roll's result (or the refusal)."""
        builder = self.builder
        try:
            call()
        except ERRORS as exc:
            builder.refused(exc)
            builder.view.focus_pane()
            return
        self._shown(entry)

    def _shown(self, entry: RollEntry) -> None:
        """The roll read again: its result now says what was applied (:func:`offer_lines`)."""
        self.builder.shown_again(entry)

    async def _form(self, entry: RollEntry, made: SpecialForm) -> None:
        """Open a form whose ``run`` applies the outcome; once it is closed the result shows what was applied."""
        from gmconsole.ui.screens.roll_form import OutcomeFormScreen

        builder = self.builder
        title, fields, run, hint = made
        await builder.view.app.push_screen(OutcomeFormScreen(title, fields, run, hint=hint), wait_for_dismiss=True)
        self._shown(entry)

    def _build_form(self, entry: RollEntry, offer: Offer) -> SpecialForm:
        """R-MYZ-BUILD-2: mark the stunts the extra 6s buy for the device (the repeatable ones once per stunt)."""
        from gmconsole.families.yearzero.rules.jury_rig import device_named, stunt_choices
        from gmconsole.ui.screens.roll_form import FormField

        builder = self.builder
        device = device_named(builder.system, offer.detail or "")
        rows = stunt_choices(builder.system, device, offer.choices)

        def run(values: dict[str, Any]) -> str:
            done = builder.service.outcomes.build_device(entry.id, values["stunts"])
            return _("Applied: {summary}").format(summary=given(as_record(done).summary, ""))

        effect = device.effect_text() if device.listed else _("a device of the GM's own: bonus 0, no skills (edit it "
                                                              "in the roster's gear)")
        hint = ngettext("{device}: {effect} The roll has {count} stunt (one per 6 beyond the first); mark up to "
                        "{count} (R-MYZ-BUILD-2), or none. ctrl+s builds it.",
                        "{device}: {effect} The roll has {count} stunts (one per 6 beyond the first); mark up to "
                        "{count} (R-MYZ-BUILD-2), or none. ctrl+s builds it.", offer.choices).format(
            device=pick(device.name), effect=effect, count=offer.choices)
        fields = [FormField("stunts", _("Stunts (space marks)"), choices=tuple(rows), many=True)]
        return (_("Jury-Rig: build {device}").format(device=pick(device.name)), fields, run, hint)

    def _finds_form(self, entry: RollEntry, offer: Offer) -> SpecialForm:
        """R-MYZ-FINDS-1/2: mark the stunts (Find the Path, each once) or options (a deal, as often as the 6s
        allow); the D6 amounts are rolled, or typed in the order marked (R-MANUAL-1)."""
        from gmconsole.families.yearzero.rules.role_outcomes import find_rows
        from gmconsole.ui.screens.roll_form import FormField

        builder = self.builder
        outcome = offer.outcome

        def run(values: dict[str, Any]) -> str:
            done = builder.service.outcomes.record_finds(entry.id, values["finds"], faces=values["faces"] or None,
                                                rng=builder.rng)
            return _("Applied: {summary}").format(summary=given(as_record(done).summary, ""))

        dice = _(", ").join(f"{pick(o.name)} {o.dice}D6" if o.dice > 1 else f"{pick(o.name)} D6"
                            for o in outcome.options if o.dice)
        if outcome.per == "stunt":
            hint = ngettext("The roll has {count} stunt (one per 6 beyond the first), each once per roll "
                            "(R-MYZ-LIMIT, R-MYZ-FINDS-1).",
                            "The roll has {count} stunts (one per 6 beyond the first), each once per roll "
                            "(R-MYZ-LIMIT, R-MYZ-FINDS-1).", offer.choices).format(count=offer.choices)
            title = _("Find the Path: what the stunts find")
        else:
            hint = ngettext("The deal gives {count} option (one per 6), an option may be chosen again "
                            "(R-MYZ-FINDS-2).",
                            "The deal gives {count} options (one per 6), an option may be chosen again "
                            "(R-MYZ-FINDS-2).", offer.choices).format(count=offer.choices)
            title = _("Deal on the side: what the 6s bring")
        amounts = _("Amounts: {dice}. Leave the faces blank for the console's dice, or type one face per D6 in the "
                    "order marked, e.g. d43 (R-MANUAL-1).").format(dice=dice)
        # Translators: a form's hint, one whole sentence after the ones before ({hint}); a language writing no
        # space between sentences leaves it out
        hint = _("{hint} {sentence}").format(hint=hint, sentence=amounts)
        fields = [FormField("finds", _("Choices (space marks)"), choices=tuple(find_rows(outcome, offer.choices)),
                            many=True),
                  FormField("faces", _("Faces typed (blank: console dice)"), placeholder="d43")]
        return (title, fields, run, hint)

    async def _failed_save(self, entry: RollEntry, offer: Offer) -> None:
        """R-MYZ-SAVE-1: a failed Save a Life kills the patient only by the GM's word: one key says which."""
        from gmconsole.ui.screens.roll_form import ChoiceScreen

        builder = self.builder
        patient = _patient(builder.service, offer)
        choices = [("dies", "k", _("The failure kills {patient}").format(patient=patient)),
                   ("lives", "l", _("{patient} lives, not stabilized").format(patient=patient))]
        picked = await builder.view.app.push_screen(ChoiceScreen.make(
            _("Save a Life failed"), choices,
            hint=_("{failure} (R-MYZ-SAVE-1: the GM's call)").format(failure=pick(offer.outcome.failure))),
            wait_for_dismiss=True)
        if picked is None:
            builder.view.focus_pane()
            return
        self._done(entry, lambda: builder.service.outcomes.save_a_life(entry.id, dies=picked == "dies"))
