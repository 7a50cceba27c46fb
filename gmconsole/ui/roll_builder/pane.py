"""Pane 3 of the main screen: the active roll builder.

The GM picks a skill (typed to filter), an attribute, gear, a difficulty, helpers and other
modifiers; the pool is drawn die by die in kind colours (R-POOL-1) with the exact odds, refreshed on
every key through ``service.rolls.preview_roll`` (which writes nothing). Then one key rolls with the
console's dice (or the GM types the faces of physical dice, R-MANUAL-1), pushes (refused with the
reason, R-PUSH-2/3), rolls opposed (R-OPP-1, the paired skill offered first), applies the costs and
undoes them. Which keys and options a campaign's system offers is asked of the system
(:attr:`GameSystem.builder_actions`, :attr:`GameSystem.builder_options`).

The pane is the widget: its layout, its keys (each ``action_*`` hands the key to the controller or starts a
dialog), and drawing what the controller holds. The
:class:`~gmconsole.ui.roll_builder.controller.BuilderController` holds the roll being built (one
:class:`~gmconsole.ui.roll_builder.draft.RollDraft`), the last roll and what the builder said, and knows what
each key means; every new draft redraws the pane (:meth:`RollBuilder.redraw`). Dialogs run as workers
(:class:`~gmconsole.ui.roll_builder.flows.Dialogs` and its siblings, on the controller). The builder asks the
campaign service for everything and adds no rule of its own; the app hears every change from the service and
tells each screen (:class:`~gmconsole.ui.messages.CampaignChanged`), whose handler calls
:meth:`RollBuilder.sync`. Every refusal is shown inline as the one sentence the service gave.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Static

from gmconsole import systems
from gmconsole.campaign.model import Character, RollPreview
from gmconsole.campaign.service import CampaignService
from gmconsole.campaign.sheet_rolls import RollRequest
from gmconsole.i18n import _
from gmconsole.phrasing import error_text, quoted
from gmconsole.safe_text import shown
from gmconsole.ui.lazy_mount import child, mount_in_place, show_line
from gmconsole.ui.roll_builder.controller import ERRORS, BuilderController, stands
from gmconsole.ui.roll_builder.draft import RollDraft
from gmconsole.ui.roll_builder.draft_keys import DraftKeys
from gmconsole.ui.roll_builder.flows import Dialogs
from gmconsole.ui.roll_builder.grant_flow import GrantReroll
from gmconsole.ui.roll_builder.keys import BINDINGS, DEFAULT_CSS
from gmconsole.ui.roll_builder.modifier_flows import ModifierPicks
from gmconsole.ui.roll_builder.recorder import RollRecorder
from gmconsole.ui.roll_builder.result_view import LINES, LastResult, result_steps
from gmconsole.ui.roll_builder.skill_list import FILTER_KEEPS, SkillFilter, SkillList, fill
from gmconsole.ui.widgets.dice_pool import DicePool
from gmconsole.ui.widgets.roll_text import SkillChoice, odds_line, skill_choices

__all__ = ["RollBuilder"]

_SYSTEM_ACTIONS = frozenset(action for system in systems.all_systems() for action in system.builder_actions)
"""The builder's keys some system has and another lacks (each system lists its own)."""


class _Console(Protocol):  # what the builder reads of the console app
    service: CampaignService
    rng: random.Random


class RollBuilder(VerticalScroll):
    """The active roll builder (a focusable, scrolling pane). Its keys are its ``BINDINGS``; the help
    screen (``?``) and docs/keys.md list them for the GM."""

    DEFAULT_CSS = DEFAULT_CSS
    BINDINGS = BINDINGS

    def __init__(self, *, id: str | None = "roll-builder", classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.controller = BuilderController(self)
        self.dialogs = Dialogs(self.controller)
        self.modifier_picks = ModifierPicks(self.controller)
        self.grant_reroll = GrantReroll(self.controller)
        self.recorder = RollRecorder(self.controller)
        self.draft_keys = DraftKeys(self.controller)
        self._keys_for_skill = False
        self._choices: list[SkillChoice] = []  # every skill the skill filter may offer
        self._shown: list[SkillChoice] = []  # those matching what is typed

    def compose(self) -> ComposeResult:
        yield Static("", id="rb-title")
        with Horizontal(id="rb-skill-row"):
            yield Static(_("Skill"), id="rb-skill-label")
            yield SkillFilter(placeholder=_("s: type to filter skills"), id="rb-skill-filter")
        yield Static("", id="rb-settings")
        yield DicePool(id="rb-pool")
        yield Static("", id="rb-explain")

    def on_mount(self) -> None:
        self.retranslate()
        self.call_after_refresh(self.controller.newest_roll)  # a reopened campaign's newest roll, after a frame

    def retranslate(self) -> None:
        """The pane's title, the skill row's label and the filter's hint in the language spoken now (again
        when the campaign's language changes), and the view redrawn in it."""
        self.border_title = "3 " + _("Roll builder")
        self.query_one("#rb-skill-label", Static).update(_("Skill"))
        self.query_one("#rb-skill-filter", SkillFilter).placeholder = _("s: type to filter skills")
        self.refresh_view()

    # ------------------------------------------------------------------ what the controller asks (BuilderView)
    @property
    def service(self) -> CampaignService:
        """The open campaign's service: the one place the builder reads it from the app."""
        return cast(_Console, self.app).service

    @property
    def rng(self) -> random.Random:
        return cast(_Console, self.app).rng

    def redraw(self) -> None:
        if self.is_mounted:
            self.refresh_view()

    def show_message(self, text: str) -> None:
        self.set_line("#rb-message", text)

    def focus_pane(self) -> None:
        self.focus()

    def status(self, text: str) -> None:
        # the main screen's status line, as other keys say (elsewhere the message line)
        say: Callable[[str], None] = getattr(self.screen, "set_status", None) or self.controller.say
        say(text)

    def run_flow(self, flow: Coroutine[Any, Any, None]) -> None:
        """Run one dialog flow (a coroutine of :mod:`~gmconsole.ui.roll_builder.flows` and its kin) as a worker."""
        self.run_worker(flow, group="roll-builder-flow")

    # ------------------------------------------------------------------ public API
    @property
    def draft(self) -> RollDraft:
        """The roll being built; a new draft redraws the pane."""
        return self.controller.draft

    @draft.setter
    def draft(self, draft: RollDraft) -> None:
        self.controller.draft = draft

    @property
    def preview(self) -> RollPreview | None:
        """The preview of the pool built, as last drawn (``None``: nothing to roll)."""
        return self.controller.preview

    @property
    def character_id(self) -> str | None:
        """Whose roll is being built."""
        return self.controller.character_id

    def select_character(self, character_id: str) -> None:
        """Build the roll of ``character_id``, the roster's selection (:meth:`BuilderController.select_character`)."""
        self.controller.select_character(character_id)

    def sync(self) -> None:
        """Re-read the campaign after a change elsewhere (roster edit, undo, new session...)."""
        self.controller.sync()

    def request(self) -> RollRequest:
        """The :class:`~gmconsole.campaign.sheet_rolls.RollRequest` of the roll being built."""
        return self.controller.request()

    def choose_skill(self, skill: str) -> None:
        """Build a roll of ``skill``, as picking it in the filter does (the command palette's "Roll ...")."""
        self.controller.choose_skill(skill)

    def set_line(self, selector: str, text: str) -> None:
        """Show ``text`` in one line group of the pane; an empty group takes no room."""
        show_line(self, selector.lstrip("#"), Text(text) if text else "", LINES)

    # ------------------------------------------------------------------ drawing
    def refresh_view(self) -> None:
        """Preview the roll being built and redraw everything (the per-key path, kept fast): the last
        result first, then the draft, its pool folded from a roll's result until the draft changes."""
        fresh = self.controller.note_result()
        self._draw()
        self._keep_in_view(fresh=fresh)

    def _draw(self) -> None:
        c = self.controller
        if (c.draft.skill is not None) != self._keys_for_skill:  # `a` is named for what it does now
            self._keys_for_skill = c.draft.skill is not None
            self.refresh_bindings()
        character = c.character()
        title = self.get_child_by_id("rb-title", Static)
        if character is None:
            title.update(Text(_("Roll builder — pick a character in the roster (1, enter) · G: a GM roll")))
            c.preview = None
            self._clear_pool(None, c.message)
            return
        title.update(Text(_("Roll — {name} ({system})").format(name=shown(character.name), system=c.system)))
        c.preview = None  # the settings line must not read the last pool's attribute
        self.set_line("#rb-settings", c.settings_line(character))
        if c.nothing_to_roll() is not None:  # said in full when the GM presses r or f
            self._clear_pool(character, c.message, _("s: pick a skill (type to filter) · a: roll an attribute alone"))
            return
        try:
            c.preview = p = self.service.rolls.preview_roll(**c.roll_keywords())
        except ERRORS as exc:  # e.g. a skill the service refuses: its sentence, inline
            c.preview = None
            self._clear_pool(character, c.message or _("Cannot roll: {reason}").format(reason=error_text(exc)))
            return
        self.set_line("#rb-settings", c.settings_line(character))
        folded = c.pool_folded()
        self.get_child_by_id("rb-pool", DicePool).show(p.dice, folded=folded)
        odds = odds_line(c.system, p.odds) if p.can_roll else ""
        if p.target_number is not None:
            odds = _("TN {tn} · {odds}").format(tn=p.target_number, odds=odds)
        self.set_line("#rb-odds", _("Odds: {odds}").format(odds=odds) if odds else "")
        self.set_line("#rb-explain", "" if folded else _("; ").join(p.explanation))  # the folded pool says it
        self.set_line("#rb-warnings", c.warning_lines(p.warnings))
        refusal = "" if p.can_roll else c.refusal_words(p.reason, after_roll=folded)
        self.set_line("#rb-message", c.message or refusal)
        self._draw_result()

    def _clear_pool(self, character: Character | None, message: str, hint: str = "") -> None:
        if character is None:
            self.set_line("#rb-settings", "")
        for selector in ("#rb-odds", "#rb-warnings"):
            self.set_line(selector, "")
        self.set_line("#rb-explain", hint)
        self.get_child_by_id("rb-pool", DicePool).show([])
        self.set_line("#rb-message", message)
        self._draw_result()

    def _draw_result(self) -> None:
        """The last result (or the costs still waiting) above the next roll's draft, mounted when first needed."""
        c = self.controller
        entry = c.last_entry
        steps = result_steps(self.service, entry, c.character_id)
        box = child(self, "rb-last", LastResult)
        if box is None:
            if entry is None and not steps and not c.special_text:
                return
            box = mount_in_place(self, LastResult(id="rb-last"), LINES)
        box.show(entry, steps, c.special_text)

    def _keep_in_view(self, *, fresh: bool) -> None:
        """Scroll the pane so the GM sees what they just did: a new result from its first line (its dice), a
        change of the draft under a result down to the odds it changed and the warnings under them (a short pane
        holds not both)."""
        moved = self.controller.draft_moved_under_result()
        if fresh:
            self.scroll_home(animate=False, immediate=True)
        elif moved:
            lines = [child(self, name) for name in ("rb-warnings", "rb-odds", "rb-pool")]
            line = next((w for w in lines if w is not None and w.display), None)
            if line is not None:
                self.call_after_refresh(self.scroll_to_widget, line, animate=False)

    # ------------------------------------------------------------------ which keys apply
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the actions valid for the campaign's system are shown and run."""
        try:
            system = self.controller.game_system
        except AttributeError:
            return True
        if action in _SYSTEM_ACTIONS:
            return action in system.builder_actions
        if action in ("next_attribute", "other_attribute"):  # one key `a`, named for what it does now
            return (self.controller.draft.skill is not None) == (action == "other_attribute")
        return True

    # ------------------------------------------------------------------ skill filter
    def action_pick_skill(self) -> None:
        c = self.controller
        character = c.character()
        if character is None:
            c.say(_("Pick a character in the roster first."))
            return
        c.before_filter = {k: getattr(c.draft, k) for k in FILTER_KEEPS}
        c.no_match = None
        campaign = self.service.campaign
        known = sorted({sid for member in campaign.roster for sid in member.skills})
        own = campaign.skills  # the campaign's own list, else the system's table
        self._choices = skill_choices(c.system, character, known,
                                      None if own is None else [(k.id, k.name) for k in own])
        if child(self, "rb-skills") is None:
            mount_in_place(self, SkillList(id="rb-skills"), LINES)
        self.add_class("-filtering")
        box = self.query_one(SkillFilter)
        box.value = ""
        self._shown = fill(self.query_one(SkillList), self._choices, "")
        self.screen.set_focus(box)  # at once: the next key typed already belongs to the filter

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "rb-skill-filter":
            return
        event.stop()
        if not self.has_class("-filtering"):
            return
        self._shown = fill(self.query_one(SkillList), self._choices, event.value)
        if self._shown:
            self.controller.filter_matched(self._shown[0].id)
        else:  # no skill is picked while nothing matches: the last match is not rolled by mistake
            self.controller.filter_matched_nothing(event.value)

    def on_skill_filter_move(self, event: SkillFilter.Move) -> None:
        if not self._shown:
            return
        listing = self.query_one(SkillList)
        index = ((listing.highlighted or 0) + event.delta) % len(self._shown)
        listing.highlighted = index
        self.draft = self.draft.changed(skill=self._shown[index].id)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "rb-skill-filter":
            return
        event.stop()
        if not self._shown:
            self.controller.say(_("No skill matches {typed}; type part of a skill's name.").format(
                typed=quoted(event.value)))
            return
        self._leave_filter(self.controller.with_skill(self._shown[self.query_one(SkillList).highlighted or 0].id))

    def on_skill_filter_leave(self) -> None:
        self._leave_filter(self.draft.changed(**self.controller.before_filter))

    def leave_skill_filter(self) -> None:
        """Close the skill filter if it is open, as escape does (the draft as it was before it): a roll recorded
        from elsewhere in the console (a player's request the GM accepted) is about to be shown, and the open
        filter hides the last result."""
        if self.has_class("-filtering"):
            self.on_skill_filter_leave()

    def _leave_filter(self, draft: RollDraft) -> None:
        self.remove_class("-filtering")
        self.query_one(SkillFilter).value = ""
        self.screen.set_focus(self)
        self.controller.left_filter(draft)

    # ------------------------------------------------------------------ building keys
    def action_next_attribute(self) -> None:
        self.draft_keys.next_attribute()

    action_other_attribute = action_next_attribute  # `a` with a skill picked, named in the key bar for what it does

    def action_next_gear(self) -> None:
        self.draft_keys.next_gear()

    def action_difficulty(self, step: int) -> None:
        self.draft_keys.difficulty(step)

    def action_modifier(self, step: int) -> None:
        self.draft_keys.modifier(step)

    def action_bonus(self, step: int) -> None:
        self.draft_keys.bonus(step)

    def action_push_yourself(self) -> None:
        self.draft_keys.toggle("push_yourself")

    def action_toggle_reactive(self) -> None:
        self.draft_keys.toggle("reactive")

    def action_toggle_hidden(self) -> None:
        self.draft_keys.toggle_hidden()

    def action_clear_helpers(self) -> None:
        self.draft_keys.clear_option("helpers")

    def action_clear_skill_modifiers(self) -> None:
        self.draft_keys.clear_option("skill_modifiers")

    def action_clear_tn_modifiers(self) -> None:
        self.draft_keys.clear_option("tn_modifiers")

    def action_clear(self) -> None:
        self.draft_keys.clear()

    def action_pin(self) -> None:
        self.draft_keys.pin()

    # ------------------------------------------------------------------ keys that ask something
    def _with_character(self, flow: Callable[[Character], Coroutine[Any, Any, None]]) -> None:
        """Run ``flow`` for the selected character (none selected: say to pick one)."""
        character = self.controller.need_character()
        if character is not None:
            self.run_flow(flow(character))

    def action_helpers(self) -> None:
        self._with_character(self.dialogs.helpers)

    def action_tn_modifiers(self) -> None:
        """exploding: pick TN modifiers from the seed's tables (:mod:`~gmconsole.ui.roll_builder.modifier_flows`)."""
        if self.controller.need_character() is not None:
            self.run_flow(self.modifier_picks.pick_tn_modifiers())

    def action_skill_modifiers(self) -> None:
        """Year Zero: pick the skill's named modifiers (seed 002; myz role-skill uses, R-MYZ-LIMIT)."""
        if self.controller.need_character() is not None:
            self.run_flow(self.modifier_picks.pick_skill_modifiers())

    def _asked_use(self, then: Callable[[], None]) -> bool:
        """A skill rolled for one of its uses (myz Sic a Dog) with none picked: ask which, then ``then``
        (True: asked; the key does nothing more now)."""
        if not self.controller.use_missing():
            return False
        self.run_flow(self.modifier_picks.ask_use(then))
        return True

    def _ready_to_roll(self, key: Callable[[], None]) -> bool:
        """The pool built may be rolled by ``key`` now (else said, or its skill's use asked first)."""
        c = self.controller
        return not (c.need_character() is None or self._asked_use(key) or c.cannot_roll())

    # ------------------------------------------------------------------ rolling
    def action_roll(self) -> None:
        if self._ready_to_roll(self.action_roll):
            self.recorder.roll()

    def action_roll_faces(self) -> None:
        if self._ready_to_roll(self.action_roll_faces):
            self.run_flow(self.dialogs.roll_faces())

    def action_quick_roll(self) -> None:
        """``G``: the GM's quick roll (:meth:`Dialogs.quick_roll`)."""
        self.run_flow(self.dialogs.quick_roll())

    def action_push(self) -> None:
        self.recorder.push()

    def action_push_odds(self) -> None:
        """``O``: the full table of what pushing the roll on screen can give and cost."""
        from gmconsole.ui.screens.push_odds import PushOddsScreen

        odds = self.recorder.push_odds()
        if odds is not None:
            self.app.push_screen(PushOddsScreen(*odds))

    def action_push_faces(self) -> None:
        entry = self.recorder.roll_to_push()
        if entry is not None:  # a push that adds a die (tiered) asks for that one face
            adds_die = self.controller.game_system.push_adds_die
            self.run_flow((self.dialogs.push_added_die_faces if adds_die else self.dialogs.push_faces)(entry))

    def action_apply_costs(self, typed_panic: bool = False) -> None:
        self.recorder.apply_costs(typed_panic)

    def action_undo(self) -> None:
        self.recorder.undo()

    # ------------------------------------------------------------------ opposed and special rolls
    def action_opposed(self) -> None:
        c = self.controller
        character = c.need_character()
        if character is None:
            return
        if c.game_system.opposed_form is None and (self._asked_use(self.action_opposed) or c.cannot_roll()):
            return  # the pool built is the active side
        self.run_flow(self.dialogs.opposed(character))

    def _special(self, name: str) -> None:
        character = self.controller.need_character()
        if character is not None:
            self.run_flow(self.dialogs.form(self.dialogs.special_form(character, name)))

    def action_save(self) -> None:
        self._special("save")

    def action_assisted(self) -> None:
        self._special("assisted")

    def action_group(self) -> None:
        self._special("group")

    def action_attack(self) -> None:
        self._with_character(self.dialogs.attack)

    def action_consequence(self) -> None:
        """tiered Mixed / Limited: pick one consequence (the family's ``ConsoleParts.consequence_flow``)."""
        entry = self.controller.last_entry
        if entry is None or entry.detail.value("tier") not in ("mixed", "limited") or not stands(entry):
            self.controller.say(_("Consequences come with a Mixed or Limited roll: roll first."))
            return
        if (flow := self.controller.console.consequence_flow) is not None:
            self.run_flow(flow(self.controller, entry))

    def action_role_outcome(self) -> None:
        """myz ``j``: apply what the role skill's roll on screen leads to (R-MYZ-ROLE-1: a build, finds, Save
        a Life; the family's ``ConsoleParts.role_outcomes``, offered where the system lists the key)."""
        entry = self.controller.last_entry
        if entry is None or not stands(entry):
            self.controller.say(_("Roll first: j applies what a role skill's roll leads to."))
            return
        if (role_outcomes := self.controller.console.role_outcomes) is not None:
            self.run_flow(role_outcomes.apply(self.controller, entry))

    def action_reroll_grant(self) -> None:
        """R-EXP-5: reroll the failed check shown with a grant its character holds
        (:meth:`~gmconsole.ui.roll_builder.grant_flow.GrantReroll.reroll`)."""
        self.run_flow(self.grant_reroll.reroll(self.controller.last_entry))

    def action_circumstances(self) -> None:
        """Record a change of circumstances (docs/RULES.md: only one chance; exploding retries) for the skill
        being built: the service records why, and the "only one chance" warning goes away."""
        c = self.controller
        character = c.need_character()
        if character is None:
            return
        if not c.draft.skill:
            c.say(_("Pick the skill to try again first (s)."))
            return
        self.run_flow(self.dialogs.circumstances(character, c.draft.skill))
