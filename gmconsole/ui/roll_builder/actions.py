"""The roll builder's key actions (:class:`BuilderKeys`, mixed into
:class:`~gmconsole.ui.roll_builder.pane.RollBuilder`).

A building key makes a new :class:`~gmconsole.ui.roll_builder.draft.RollDraft` (the pane redraws
from its watcher); a key that asks something starts a dialog flow
(:mod:`~gmconsole.ui.roll_builder.flows`); rolling, pushing, applying costs and undoing go through
the campaign service, so each is in the history and undoable.
"""

from __future__ import annotations

import gmconsole.ui.roll_builder.flows as flows
from gmconsole.campaign.entries import RollEntry, as_record, given
from gmconsole.i18n import _
from gmconsole.ui.roll_builder.flows import ERRORS

__all__ = ["BuilderKeys"]


class BuilderKeys:
    """The ``action_*`` methods behind the builder's keys (:mod:`~gmconsole.ui.roll_builder.keys`)."""

    # ------------------------------------------------------------------ building keys
    def action_next_attribute(self) -> None:
        character = self.need_character()
        if character is None:
            return
        names = list(character.attributes)
        cycle: list[str | None] = ([None] + names) if self.game_system.attribute_from_skill else names
        attribute = self.draft.attribute
        current = attribute if attribute in cycle else (None if None in cycle else self.attribute_to_roll())
        index = cycle.index(current) if current in cycle else -1
        self.message = ""
        self.draft = self.draft.changed(attribute=cycle[(index + 1) % len(cycle)])

    def action_other_attribute(self) -> None:
        """``a`` with a skill picked: the same cycle, named in the key bar for what it does then."""
        self.action_next_attribute()

    def action_next_gear(self) -> None:
        character = self.need_character()
        if character is None:
            return
        items = self._usable_gear(character, self.draft.skill)
        if not items:
            said = (_("{name} carries no gear usable with {skill}.") if self.draft.skill
                    else _("{name} carries no gear usable without a skill."))
            self.say(said.format(name=character.name, skill=self.skill_name()))
            return
        cycle: list[str | None] = [None] + items
        current = self.draft.gear[0] if self.draft.gear else None
        index = cycle.index(current) if current in cycle else 0
        nxt = cycle[(index + 1) % len(cycle)]
        self.message = ""
        self.draft = self.draft.changed(gear=() if nxt is None else (nxt,))

    def action_difficulty(self, step: int) -> None:
        from gmconsole.ui.widgets.roll_text import difficulty_choices

        if self.need_character() is None:
            return
        ladder = [d for d, _label in difficulty_choices(self.system)]
        if not ladder:
            self.say(_("{system} has no difficulty ladder; use + and − instead.").format(system=self.system))
            return
        default = self.game_system.default_difficulty()
        if default not in ladder:
            default = ladder[len(ladder) // 2]
        current = self.draft.difficulty or default
        index = ladder.index(current) if current in ladder else ladder.index(default)
        self.message = ""
        self.draft = self.draft.changed(difficulty=ladder[(index + step) % len(ladder)])

    def action_modifier(self, step: int) -> None:
        if self.need_character() is None:
            return
        self.message = ""
        self.draft = self.draft.changed(modifier=self.draft.modifier + step)

    def action_bonus(self, step: int) -> None:
        """``b`` / ``B``: one bonus die more or less; ``b`` stops at the system's limit and says so
        (R-TIER-1, :data:`gmconsole.systems.tiered.roll.MAX_BONUS_DICE`: the key exists only in ``tiered``)."""
        from gmconsole.systems.tiered.roll import MAX_BONUS_DICE

        if self.need_character() is None:
            return
        wanted = max(0, self.draft.bonus_dice + step)
        self.message = ""
        if step > 0 and wanted > MAX_BONUS_DICE:
            wanted = MAX_BONUS_DICE
            self.message = _("No more bonus dice: at most +{count} bonus dice help a check (R-TIER-1); B takes "
                             "one away.").format(count=MAX_BONUS_DICE)
        self.draft = self.draft.changed(bonus_dice=wanted)

    def action_push_yourself(self) -> None:
        if self.need_character() is None:
            return
        self.message = ""
        self.draft = self.draft.changed(push_yourself=not self.draft.push_yourself)

    def action_toggle_reactive(self) -> None:
        if self.need_character() is None:
            return
        self.message = ""
        self.draft = self.draft.changed(reactive=not self.draft.reactive)

    def action_toggle_hidden(self) -> None:
        """``H``: the next roll is the GM's hidden roll, or shown again (a per-roll option, pinnable)."""
        if self.need_character() is None:
            return
        self.message = ""
        self.draft = self.draft.changed(hidden=not self.draft.hidden)
        said = (_("the next roll is hidden from the players' table view — H again shows it") if self.draft.hidden
                else _("the next roll is shown on the players' table view again"))
        set_status = getattr(self.screen, "set_status", None)  # the main screen's status line, as other keys say
        if set_status is not None:
            set_status(said)
        else:
            self.say(said)

    def action_helpers(self) -> None:
        character = self.need_character()
        if character is not None:
            self.run_flow(flows.helpers(self, character))

    def action_clear_helpers(self) -> None:
        self.message = ""
        self.draft = self.draft.changed(helpers=())

    def action_clear(self) -> None:
        """``x``: start the roll afresh, pins included, and clear the last roll's result from the pane."""
        self.special_text = self.message = ""
        self.last_entry = None
        self.draft = self.draft.cleared().changed(pinned=frozenset())

    def action_pin(self) -> None:
        """``!``: pin the per-roll options set now, or unpin them all (:meth:`RollDraft.toggle_pins`)."""
        if self.need_character() is None:
            return
        draft, self.message = self.draft.toggle_pins(self.option_words)
        self.draft = draft

    def action_tn_modifiers(self) -> None:
        """exploding: pick TN modifiers from the seed's tables (:mod:`~gmconsole.ui.roll_builder.modifier_flows`)."""
        import gmconsole.ui.roll_builder.modifier_flows as modifier_flows

        if self.need_character() is not None:
            self.run_flow(modifier_flows.pick_tn_modifiers(self))

    def action_skill_modifiers(self) -> None:
        """Year Zero: pick the skill's named modifiers (seed 002; myz role-skill uses, R-MYZ-LIMIT)."""
        import gmconsole.ui.roll_builder.modifier_flows as modifier_flows

        if self.need_character() is not None:
            self.run_flow(modifier_flows.pick_skill_modifiers(self))

    def action_clear_skill_modifiers(self) -> None:
        self.message = ""
        self.draft = self.draft.changed(skill_modifiers=())

    def action_clear_tn_modifiers(self) -> None:
        self.message = ""
        self.draft = self.draft.changed(tn_modifiers=())

    # ------------------------------------------------------------------ rolling
    def asked_use(self, then) -> bool:
        """A skill rolled for one of its uses (myz Sic a Dog) with none picked: ask which, then ``then``
        (True: asked; the key does nothing more now)."""
        import gmconsole.ui.roll_builder.modifier_flows as modifier_flows

        if not modifier_flows.use_missing(self):
            return False
        self.run_flow(modifier_flows.ask_use(self, then))
        return True

    def refusal_words(self, reason: str, *, after_roll: bool = False) -> str:
        """Why the pool built cannot be rolled, as the builder says it: a use still to pick is asked by ``r``
        and ``f`` (or picked with ``m``), so it is said as a question, not a refusal; and not at all right
        after a roll (``after_roll``: the pool folded under its result), where it would stand above the result
        as if about it."""
        import gmconsole.ui.roll_builder.modifier_flows as modifier_flows

        if modifier_flows.use_missing(self):
            return "" if after_roll else _("{reason} (r or f asks which, m picks it)").format(reason=reason)
        return _("Cannot roll: {reason}").format(reason=reason)

    def action_roll(self) -> None:
        if self.need_character() is None or self.asked_use(self.action_roll) or self.cannot_roll():
            return
        try:
            entry = self.service.rolls.roll(**self.roll_keywords(), rng=self.app.rng, hidden=self.draft.hidden)
        except ERRORS as exc:
            self.refused(exc)
            return
        self.rolled(entry)

    def action_roll_faces(self) -> None:
        if self.need_character() is None or self.asked_use(self.action_roll_faces) or self.cannot_roll():
            return
        self.run_flow(flows.roll_faces(self))

    def action_quick_roll(self) -> None:
        """``G``: the GM's quick roll (:func:`flows.quick_roll`)."""
        self.run_flow(flows.quick_roll(self))

    def _roll_to_push(self) -> RollEntry | None:
        entry = self.last_entry
        if entry is None or given(entry.status, "done") != "done":
            self.say(_("Roll first: there is no roll here to push."))
            return None
        if entry.push_refusal:
            self.say(_("Push refused: {reason}").format(reason=entry.push_refusal))
            return None
        from gmconsole.campaign.rolls import push_out_of_scene

        ended = push_out_of_scene(self.service.ledger, entry)
        if ended:  # said before `P` asks for faces, not after the GM typed them for nothing
            self.say(_("Push refused: {reason}").format(reason=ended))
            return None
        return entry

    def action_push(self) -> None:
        entry = self._roll_to_push()
        if entry is None:
            return
        try:
            pushed = self.service.rolls.push(entry.id, rng=self.app.rng)
        except ERRORS as exc:
            self.refused(exc, _("Push refused: {reason}"))
            return
        self.pushed(pushed)

    def action_push_odds(self) -> None:
        """``O``: the full table of what pushing the roll on screen can give and cost."""
        from gmconsole.ui.screens.push_odds import PushOddsScreen

        entry = self._roll_to_push()
        if entry is None:
            return
        try:
            odds = self.service.rolls.push_odds(given(entry.id, None))
        except ERRORS as exc:
            self.refused(exc, _("Push refused: {reason}"))
            return
        self.app.push_screen(PushOddsScreen(odds, given(entry.summary, "")))

    def action_push_faces(self) -> None:
        entry = self._roll_to_push()
        if entry is not None:  # a push that adds a die (tiered) asks for that one face
            self.run_flow((flows.push_added_die_faces if self.game_system.push_adds_die else flows.push_faces)(
                self, entry))

    def action_apply_costs(self, typed_panic: bool = False) -> None:
        """``c``: apply the costs of the current roll; with none waiting there (e.g. after the console
        was reopened, or another character has rolled since), those of the newest roll still owing costs
        in the campaign's state. The roll on screen stays the builder's last roll (it may
        still be pushed), and a line of its own says whose roll's costs were applied.
        ``A``: the same with the panic D6 rolled at the table typed (R-MANUAL-1)."""
        from gmconsole.ui.cost_applying import apply_costs_of, newest_pending

        shown_entry = entry = self.last_entry
        if entry is None or entry.costs_status != "pending" or given(entry.status, "done") != "done":
            item = newest_pending(self.service, self.character_id)
            shown_applied = entry if entry is not None and entry.costs_status == "applied" else None
            # nothing else waiting: the roll on screen says its costs were applied (its panic is not rolled
            # again, R-PANIC-1) rather than that there were none
            entry = self.reread({"id": item["roll_id"], "session": item.get("session")}) if item else shown_applied
        if entry is None:
            self.say(_paid_at_the_push(shown_entry) or _("No costs are waiting: roll (and push) first."))
            return
        # the roll whose costs are applied is shown as the last roll when it is the one on screen, or, with
        # none on screen (the console reopened), when it is the selected character's own; never another's
        on_screen = (shown_entry is None and given(entry.character_id, None) == self.character_id) or (
            shown_entry is not None and (given(shown_entry.session, None), shown_entry.id) == (
                given(entry.session, None), entry.id))

        def done(result: dict) -> None:
            applied = as_record(result)
            summary = given(applied.summary, "")
            if on_screen:
                self.last_entry = self.reread(entry) or entry
                said = _("Applied: {summary}").format(summary=summary)
            else:  # an older roll's costs: the roll on screen stays, and the line names whose were applied
                from gmconsole.safe_text import shown

                said = _("Applied the costs of roll {id} ({name}): {summary}").format(
                    id=entry.id, name=shown(given(entry.character, "")), summary=summary)
            self.message = ""
            self.report(said, applied)
            self.refresh_view()
            self.focus()

        apply_costs_of(self.app, entry, done, self.say, refused=self.refused, typed_panic=typed_panic)

    def action_undo(self) -> None:
        try:
            undone = self.service.undo()
        except ERRORS as exc:
            self.refused(exc)
            return
        if self.last_entry is not None:
            self.last_entry = self.reread(self.last_entry)
        undone = as_record(undone)
        self.message = ""
        self.report(_("Undone: {summary}").format(summary=given(undone.summary, "")), undone)
        self.refresh_view()

    # ------------------------------------------------------------------ opposed and special rolls
    def action_opposed(self) -> None:
        character = self.need_character()
        if character is None:
            return
        if self.game_system.opposed_form is None and (self.asked_use(self.action_opposed) or self.cannot_roll()):
            return  # the pool built is the active side
        self.run_flow(flows.opposed(self, character))

    def _special(self, name: str) -> None:
        character = self.need_character()
        if character is not None:
            self.run_flow(flows.form(self, flows.special_form(self, character, name)))

    def action_save(self) -> None:
        self._special("save")

    def action_assisted(self) -> None:
        self._special("assisted")

    def action_group(self) -> None:
        self._special("group")

    def action_attack(self) -> None:
        character = self.need_character()
        if character is not None:
            self.run_flow(flows.attack(self, character))

    def action_consequence(self) -> None:
        """tiered Mixed / Limited: pick one consequence (:func:`flows.consequence`)."""
        entry = self.last_entry
        if entry is None or entry.tier not in ("mixed", "limited") or given(entry.status, "done") != "done":
            self.say(_("Consequences come with a Mixed or Limited roll: roll first."))
            return
        self.run_flow(flows.consequence(self, entry))

    def action_role_outcome(self) -> None:
        """myz ``j``: apply what the role skill's roll on screen leads to (R-MYZ-ROLE-1: a build, finds, Save
        a Life; :mod:`~gmconsole.ui.roll_builder.role_flows`)."""
        import gmconsole.ui.roll_builder.role_flows as role_flows

        entry = self.last_entry
        if entry is None or given(entry.status, "done") != "done":
            self.say(_("Roll first: j applies what a role skill's roll leads to."))
            return
        self.run_flow(role_flows.apply(self, entry))

    def action_reroll_grant(self) -> None:
        """R-EXP-5: reroll the failed check shown with a grant its character holds
        (:func:`~gmconsole.ui.roll_builder.grant_flow.reroll`)."""
        import gmconsole.ui.roll_builder.grant_flow as grant_flow

        self.run_flow(grant_flow.reroll(self, self.last_entry))

    def action_circumstances(self) -> None:
        """Record a change of circumstances (docs/RULES.md: only one chance; exploding retries) for the skill
        being built: the service records why, and the "only one chance" warning goes away."""
        character = self.need_character()
        if character is None:
            return
        if not self.draft.skill:
            self.say(_("Pick the skill to try again first (s)."))
            return
        self.run_flow(flows.circumstances(self, character, self.draft.skill))


def _paid_at_the_push(entry: RollEntry | None) -> str | None:
    """What ``c`` says on a pushed roll whose cost was the stress paid at the push (yze ``stress-dice``):
    nothing waits, and why; ``None`` for any other roll."""
    if entry is None or not given(entry.stress_paid, 0) or given(entry.status, "done") != "done":
        return None
    return _("the cost of roll {id} was paid at the push (stress +{count}): nothing waits").format(
        id=entry.id, count=entry.stress_paid)
