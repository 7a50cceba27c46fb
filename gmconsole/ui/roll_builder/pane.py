"""Pane 3 of the main screen: the active roll builder.

The GM picks a skill (typed to filter), an attribute, gear, a difficulty, helpers and other
modifiers; the pool is drawn die by die in kind colours (R-POOL-1) with the exact odds, refreshed on
every key through ``service.rolls.preview_roll`` (which writes nothing). Then one key rolls with the
console's dice (or the GM types the faces of physical dice, R-MANUAL-1), pushes (refused with the
reason, R-PUSH-2/3), rolls opposed (R-OPP-1, the paired skill offered first), applies the costs and
undoes them. Which keys and options a campaign's system offers is asked of the system
(:attr:`GameSystem.builder_actions`, :attr:`GameSystem.builder_options`).

The roll being built is one :class:`~gmconsole.ui.roll_builder.draft.RollDraft` held in the ``draft``
reactive: a key makes a new draft and the pane redraws from its one watcher. Dialogs run as workers
(:mod:`~gmconsole.ui.roll_builder.flows`). The builder asks the campaign service
(``self.app.service``) for everything and adds no rule of its own; the app hears every change from the
service and tells each screen (:class:`~gmconsole.ui.messages.CampaignChanged`), whose handler calls
:meth:`RollBuilder.sync`. Every refusal is shown inline as the one sentence the service gave.
"""

from __future__ import annotations

import contextlib
from typing import Any

from rich.text import Text
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import var
from textual.widgets import Input, Static

from gmconsole import systems
from gmconsole.campaign.entries import Entry, as_record, given
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.rolls import lasting_modifiers, latest_roll
from gmconsole.campaign.storage_access import StoreError
from gmconsole.i18n import _, language, pick
from gmconsole.safe_text import shown
from gmconsole.ui.lazy_mount import child, mount_in_place, show_line
from gmconsole.ui.roll_builder.actions import BuilderKeys
from gmconsole.ui.roll_builder.draft import RollDraft, keywords
from gmconsole.ui.roll_builder.flows import ERRORS
from gmconsole.ui.roll_builder.keys import BINDINGS, DEFAULT_CSS
from gmconsole.ui.roll_builder.result_view import LINES, draw_result, keep_in_view, note_result, pool_folded
from gmconsole.ui.roll_builder.said_lines import SaidLines
from gmconsole.ui.roll_builder.skill_list import (
    FILTER_KEEPS,
    SkillFilter,
    SkillList,
    fill,
)
from gmconsole.ui.widgets.dice_pool import DicePool
from gmconsole.ui.widgets.roll_text import (
    odds_line,
    signed,
    skill_choices,
    tn_modifier_text,
)
from gmconsole.wording import error_text, quoted

__all__ = ["RollBuilder"]

_SYSTEM_ACTIONS = frozenset(action for system in systems.all_systems() for action in system.builder_actions)
"""The builder's keys some system has and another lacks (each system lists its own)."""


class RollBuilder(BuilderKeys, SaidLines, VerticalScroll):
    """The active roll builder (a focusable, scrolling pane). Its keys are its ``BINDINGS``; the help
    screen (``?``) and docs/keys.md list them for the GM."""

    DEFAULT_CSS = DEFAULT_CSS
    BINDINGS = BINDINGS

    draft: var[RollDraft] = var(RollDraft, always_update=True, init=False)
    """The roll being built; every change redraws the pane (:meth:`watch_draft`)."""

    def __init__(self, *, id: str | None = "roll-builder", classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.character_id: str | None = None
        self._keys_for_skill = False
        self.preview: Any = None
        self.last_entry: Entry | None = None
        self.special_text = ""
        self.message = ""
        self._choices: list = []
        self._shown: list = []
        self._before_filter: dict[str, Any] = {}
        self._no_match: str | None = None
        # the last result drawn, the draft its pool is folded for and the draft last drawn (result_view)
        self.result_seen: tuple | None = None
        self.folded_for: RollDraft | None = None
        self.drawn: tuple | None = None

    def compose(self):
        yield Static("", id="rb-title")
        with Horizontal(id="rb-skill-row"):
            yield Static(_("Skill"), id="rb-skill-label")
            yield SkillFilter(placeholder=_("s: type to filter skills"), id="rb-skill-filter")
        yield Static("", id="rb-settings")
        yield DicePool(id="rb-pool")
        yield Static("", id="rb-explain")

    def on_mount(self) -> None:
        self.retranslate()
        self.call_after_refresh(self._newest_roll)  # a reopened campaign's newest roll, after the first frame

    def _newest_roll(self) -> None:
        with contextlib.suppress(ValidationError, StoreError):  # no roll yet; a damaged chunk is offered when read
            self.last_entry = self.last_entry or as_record(latest_roll(self.service.ledger, None, "push"))
            self.refresh_view()

    def retranslate(self) -> None:
        """The pane's title, the skill row's label and the filter's hint in the language spoken now (again
        when the campaign's language changes), and the view redrawn in it."""
        self.border_title = "3 " + _("Roll builder")
        self.query_one("#rb-skill-label", Static).update(_("Skill"))
        self.query_one("#rb-skill-filter", SkillFilter).placeholder = _("s: type to filter skills")
        self.refresh_view()

    def watch_draft(self) -> None:
        if self.is_mounted:
            self.refresh_view()

    # ------------------------------------------------------------------ public API
    @property
    def service(self):
        return self.app.service

    @property
    def system(self) -> str:
        return self.service.campaign.system

    @property
    def game_system(self) -> systems.GameSystem:
        return systems.get(self.system)

    def select_character(self, character_id: str) -> None:
        """Build the roll of ``character_id`` (the roster's selection).

        Each character keeps the roll drafted for them until it is recorded
        (:meth:`RollDraft.moved`); pinned options come along. The last roll's result stays on screen, its
        head naming whose roll it was, until a new roll replaces it or ``x`` clears it: the GM who moves the
        selection to the one hit still reads the damage to apply, while the pool follows the selection.
        """
        try:
            character = self.service.character(character_id)
        except ERRORS as exc:
            self.refused(exc)
            return
        from gmconsole.ui.roll_builder.modifier_flows import kept_for_skill

        draft = self.draft
        if character.id != self.character_id:
            draft = draft.moved(self.character_id, character.id)
            draft = draft.changed(skill_modifiers=kept_for_skill(self.system, draft.skill, draft.skill_modifiers))
            self.character_id = character.id
        self.message = ""
        self.draft = draft

    def sync(self) -> None:
        """Re-read the campaign after a change elsewhere (roster edit, undo, new session...)."""
        if self.character_id is not None and self.service.campaign.find_character(self.character_id) is None:
            self.character_id = None
            self.special_text = self.message = ""
            self.draft = self.draft.cleared()
        if self.last_entry is not None:
            self.last_entry = self.reread(self.last_entry)
        self.forget_stale()  # nothing said before the change goes on saying what is no longer true
        self.refresh_view()

    def request(self):
        """The :class:`~gmconsole.campaign.rolls.RollRequest` of the roll being built."""
        return self.draft.request(self.character_id, self.attribute_to_roll(), self.game_system.builder_options)

    def roll_keywords(self) -> dict[str, Any]:
        """:meth:`request` as the keyword arguments of ``preview_roll``, ``roll`` and ``opposed_roll``."""
        return keywords(self.request(), self.game_system.builder_options)

    # ------------------------------------------------------------------ helpers for the flows
    def character(self):
        if self.character_id is None:
            return None
        return self.service.campaign.find_character(self.character_id)

    def need_character(self):
        character = self.character()
        if character is None:
            self.say(_("Pick a character in the roster first."))
        return character

    def attribute_to_roll(self) -> str | None:
        """The attribute picked, else the one the system rolls by default (Year Zero: the skill's own,
        left to the service; otherwise the character's first attribute)."""
        if self.draft.attribute is not None:
            return self.draft.attribute
        character = self.character()
        if self.game_system.attribute_from_skill or character is None:
            return None
        return next(iter(character.attributes), None)

    def reread(self, entry: Entry | dict) -> Entry | None:
        """``entry`` as the campaign holds it now (a push or costs applied since), or ``None`` if gone."""
        entry = as_record(entry)
        try:
            return self.service.history.record(entry.id, given(entry.session, None))
        except ERRORS:
            return None

    def say(self, text: str) -> None:
        self.message = text
        self.set_line("#rb-message", text)

    def set_line(self, selector: str, text: str) -> None:
        """Show ``text`` in one line group of the pane; an empty group takes no room."""
        show_line(self, selector.lstrip("#"), Text(text) if text else "", LINES)

    def refused(self, exc: Exception, sentence: str = "{reason}") -> None:
        """Say why a service call was refused, as ``sentence`` words it around the ``{reason}`` (``Push refused:
        {reason}``, already translated); a damaged campaign file is named and a way out offered (restore its
        backup, or set it aside: :func:`gmconsole.ui.damaged.offer_restore`)."""
        from gmconsole.campaign.errors import CorruptFile

        if isinstance(exc, CorruptFile):
            from gmconsole.ui.damaged import offer_restore

            offer_restore(self.app, exc, say=self.say)
            return
        self.say(sentence.format(reason=error_text(exc)))

    def rolled(self, entry: Entry | dict | None, *, options_used: bool = True) -> None:
        """Show a recorded roll; the options it used go back to their defaults unless pinned (a GM
        roll, ``options_used=False``, used none of them: the character's draft is kept)."""
        if entry is None:
            return
        self.last_entry = as_record(entry)
        self.special_text = ""
        self.message = ""
        self.draft = self.draft.after_roll() if options_used else self.draft
        self.focus()

    def pushed(self, push_entry: dict | None) -> None:
        if push_entry is None:
            return
        # the service updated the roll's entry (an opposed roll's outcome too, R-OPP-1): read it again
        self.last_entry = self.reread(self.last_entry) or self.last_entry
        self.message = ""
        self.refresh_view()
        self.focus()

    def run_flow(self, flow) -> None:
        """Run one dialog flow (a coroutine from :mod:`~gmconsole.ui.roll_builder.flows`) as a worker."""
        self.run_worker(flow, group="roll-builder-flow")

    # ------------------------------------------------------------------ drawing
    def refresh_view(self) -> None:
        """Preview the roll being built and redraw everything (the per-key path, kept fast): the last
        result first, then the draft, its pool folded from a roll's result until the draft changes."""
        fresh = note_result(self)
        self._draw()
        keep_in_view(self, fresh=fresh)

    def _draw(self) -> None:
        if (self.draft.skill is not None) != self._keys_for_skill:  # `a` is named for what it does now
            self._keys_for_skill = self.draft.skill is not None
            self.refresh_bindings()
        character = self.character()
        title = self.get_child_by_id("rb-title", Static)
        if character is None:
            title.update(Text(_("Roll builder — pick a character in the roster (1, enter) · G: a GM roll")))
            self.preview = None
            self._clear_pool(self.message)
            return
        title.update(Text(_("Roll — {name} ({system})").format(name=shown(character.name), system=self.system)))
        self.preview = None  # the settings line must not read the last pool's attribute
        self.set_line("#rb-settings", self._settings_line(character))
        if self._nothing_to_roll() is not None:  # said in full when the GM presses r or f
            self._clear_pool(self.message, _("s: pick a skill (type to filter) · a: roll an attribute alone"))
            return
        try:
            self.preview = self.service.rolls.preview_roll(**self.roll_keywords())
        except ERRORS as exc:  # e.g. a skill the service refuses: its sentence, inline
            self.preview = None
            self._clear_pool(self.message or _("Cannot roll: {reason}").format(reason=error_text(exc)))
            return
        p = self.preview
        self.set_line("#rb-settings", self._settings_line(character))
        folded = pool_folded(self)
        self.get_child_by_id("rb-pool", DicePool).show(p.dice, folded=folded)
        odds = odds_line(self.system, p.odds) if p.can_roll else ""
        if p.target_number is not None:
            odds = _("TN {tn} · {odds}").format(tn=p.target_number, odds=odds)
        self.set_line("#rb-odds", _("Odds: {odds}").format(odds=odds) if odds else "")
        self.set_line("#rb-explain", "" if folded else _("; ").join(p.explanation))  # the folded pool says it
        from gmconsole.ui.roll_builder.result_view import warning_lines
        self.set_line("#rb-warnings", warning_lines(self, p.warnings))
        refusal = "" if p.can_roll else self.refusal_words(p.reason, after_roll=folded)
        self.set_line("#rb-message", self.message or refusal)
        draw_result(self)

    def _clear_pool(self, message: str, hint: str = "") -> None:
        if self.character() is None:
            self.set_line("#rb-settings", "")
        for selector in ("#rb-odds", "#rb-warnings"):
            self.set_line(selector, "")
        self.set_line("#rb-explain", hint)
        self.get_child_by_id("rb-pool", DicePool).show([])
        self.set_line("#rb-message", message)
        draw_result(self)

    def _settings_line(self, character) -> str:
        draft = self.draft
        attribute = self.preview.attribute if self.preview is not None else draft.attribute
        gear = ", ".join(self._gear_name(character, g) for g in draft.gear) or _("none")
        named = self.skill_name() if draft.skill else _("none")
        skill = (_("— (no skill matches {typed})").format(typed=quoted(self._no_match)) if self._no_match is not None
                 else named)
        parts = [_("skill {skill}").format(skill=skill),
                 _("attr {attribute}").format(attribute=self._attribute_name(attribute) or "—"),
                 _("gear {gear}").format(gear=gear)]
        parts += [draft.mark(name, self.option_words(name))
                  for name in draft.shown_options((*self.game_system.builder_options, "hidden"))]
        return " · ".join(parts)

    def option_words(self, name: str) -> str:
        """One per-roll option as the settings line and ``!`` say it: ``mod −1``, ``diff demanding``."""
        draft = self.draft
        if name == "difficulty":
            return _("diff {difficulty}").format(difficulty=self._difficulty_name(draft.difficulty) or _("default"))
        if name == "modifier":
            said = _("mod {modifier}").format(modifier=signed(draft.modifier))
            # a panic row's modifier beside the GM's own: "mod +0, panic −2" (the pool's lines name the row)
            lasting = lasting_modifiers(self.character(), getattr(self.preview, "attribute", None), draft.skill)
            return _(", ").join([said, *(f"{m['source']} {signed(m['modifier'])}" for m in lasting)])
        if name == "helpers":
            return _("help {helpers}").format(helpers=", ".join(self._who(h) for h in draft.helpers) or _("none"))
        if name == "reactive":
            return _("REACTIVE") if draft.reactive else _("active")
        if name == "skill_modifiers":
            return _("mods {modifiers}").format(modifiers=", ".join(draft.skill_modifiers))
        if name == "tn_modifiers":
            return _("TN mods {modifiers}").format(modifiers=", ".join(tn_modifier_text(m) for m in draft.tn_modifiers))
        if name == "bonus_dice":
            return _("bonus {count}").format(count=draft.bonus_dice)
        if name == "hidden":
            return _("HIDDEN from the table")
        return _("push yourself")

    def _difficulty_name(self, difficulty: str | None) -> str | None:
        """A difficulty id as the GM reads it: the id in English, the system table's name in another language
        (the id when the table has no such row)."""
        if difficulty is None or language() == "en":
            return difficulty
        from gmconsole.rules.data import system_table

        try:
            rows = system_table(self.system).get("difficulty", [])
        except (OSError, KeyError, ValueError):
            return difficulty
        row = next((r for r in rows if isinstance(r, dict) and r.get("id") == difficulty), None)
        return pick(row["name"]) if row and "name" in row else difficulty

    def skill_name(self) -> str:
        """The skill being built as the GM knows it (its name; the id stays the key), escaped."""
        from gmconsole.campaign.skills import name_of

        return shown(name_of(self.service.campaign, self.draft.skill) or "")

    def _attribute_name(self, attribute: str | None) -> str:
        """An attribute as the GM knows it (the system table's name; exploding traits as typed), escaped."""
        from gmconsole.campaign.skills import attribute_name_of

        return shown(attribute_name_of(self.system, attribute) or "")

    def _nothing_to_roll(self) -> str | None:
        """Why there is no pool to roll yet, in one sentence (``None``: there is one to preview): a
        skill filter that matches nothing, or a roll with neither a skill nor an attribute in a
        system whose skills bring their attribute (Year Zero)."""
        if self._no_match is not None:
            return _("Nothing to roll: no skill matches {typed}; type part of a skill's name, "
                     "or escape to go back to the skill picked before.").format(typed=quoted(self._no_match))
        if self.game_system.attribute_from_skill and self.draft.skill is None and self.draft.attribute is None:
            return _("Nothing to roll: pick a skill (s) or an attribute to roll alone (a).")
        return None

    def cannot_roll(self) -> bool:
        """Say why the roll being built cannot be rolled, if it cannot (True: said, roll nothing)."""
        nothing = self._nothing_to_roll()
        if nothing is not None:
            self.say(nothing)
            return True
        if self.preview is not None and not self.preview.can_roll:
            self.say(_("Cannot roll: {reason}").format(reason=self.preview.reason))
            return True
        return False

    def _gear_name(self, character, ref: str) -> str:
        item = character.gear_item(ref)
        return item.name if item is not None else ref

    def _who(self, ref: str) -> str:
        found = self.service.campaign.find_character(ref)
        return found.name if found is not None else ref

    # ------------------------------------------------------------------ which keys apply
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the actions valid for the campaign's system are shown and run."""
        try:
            system = self.game_system
        except AttributeError:
            return True
        if action in _SYSTEM_ACTIONS:
            return action in system.builder_actions
        if action in ("next_attribute", "other_attribute"):  # one key `a`, named for what it does now
            return (self.draft.skill is not None) == (action == "other_attribute")
        return True

    # ------------------------------------------------------------------ skill filter
    def action_pick_skill(self) -> None:
        if self.character() is None:
            self.say(_("Pick a character in the roster first."))
            return
        self._before_filter = {k: getattr(self.draft, k) for k in FILTER_KEEPS}
        self._no_match = None
        known = sorted({sid for c in self.service.campaign.roster for sid in c.skills})
        own = self.service.campaign.skills  # the campaign's own list, else the system's table
        self._choices = skill_choices(self.system, self.character(), known,
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
            self._no_match = None
            self.message = ""
            self.draft = self.draft.changed(skill=self._shown[0].id)
        else:  # no skill is picked while nothing matches: the last match is not rolled by mistake
            self._no_match = event.value
            self.message = _("No skill matches {typed}.").format(typed=quoted(event.value))
            self.draft = self.draft.changed(skill=None)

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
            self.say(_("No skill matches {typed}; type part of a skill's name.").format(typed=quoted(event.value)))
            return
        self._leave_filter(self._with_skill(self._shown[self.query_one(SkillList).highlighted or 0].id))

    def choose_skill(self, skill: str) -> None:
        """Build a roll of ``skill``, as picking it in the filter does (the command palette's "Roll ...")."""
        self.message = ""
        self.draft = self._with_skill(skill)

    def _with_skill(self, skill: str) -> RollDraft:
        """The draft rolling ``skill``: its own attribute (Year Zero), the gear usable for it, its mods."""
        draft = self.draft
        attribute = None if self.game_system.attribute_from_skill else draft.attribute
        gear = draft.gear
        character = self.character()
        if character is not None:  # gear chosen for another skill does not come along
            usable = set(self._usable_gear(character, skill))
            gear = tuple(g for g in gear if g in usable)
        from gmconsole.ui.roll_builder.modifier_flows import kept_for_skill

        mods = kept_for_skill(self.system, skill, draft.skill_modifiers)
        return draft.changed(skill=skill, attribute=attribute, gear=gear, skill_modifiers=mods)

    def on_skill_filter_leave(self) -> None:
        self._leave_filter(self.draft.changed(**self._before_filter))

    def _leave_filter(self, draft: RollDraft) -> None:
        self._no_match = None
        self.remove_class("-filtering")
        self.query_one(SkillFilter).value = ""
        self.message = ""
        self.screen.set_focus(self)
        self.draft = draft

    def _usable_gear(self, character, skill: str | None) -> list[str]:
        """The items the GM may add to a roll of ``skill``: not destroyed, and either for any skill
        (no skill list) or listing that skill."""
        return [g.id for g in character.gear
                if not g.destroyed and (not g.skills or (skill is not None and skill in g.skills))]
