"""The roll builder's controller: what a key means in the builder's state, with no widget of its own.

:class:`BuilderController` holds the roll being built (one :class:`~gmconsole.ui.roll_builder.draft.RollDraft`),
the character it is built for, the preview of its pool, the last roll shown and what the builder said
(:class:`~gmconsole.ui.roll_builder.said_lines.SaidLines`). A building key makes a new draft; rolling, pushing,
applying costs and undoing go through the campaign service, so each is in the history and undoable; a refusal
is the service's one sentence. It adds no rule of its own.

It talks to the pane that shows it through :class:`BuilderView` alone (redraw, the message line, focus, the
status line, the app and its dice): it never reaches into a widget. The keys that write to the campaign
(:class:`~gmconsole.ui.roll_builder.recorder.RollRecorder`) and the dialogs that ask the GM something
(:mod:`~gmconsole.ui.roll_builder.flows` and its siblings) build on the controller, never the other way round.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Protocol

from textual.app import App

from gmconsole import systems
from gmconsole.campaign.entries import Entry, RollEntry, TableRollEntry, as_record, as_roll, given
from gmconsole.campaign.errors import StoreError
from gmconsole.campaign.model import Character, RollPreview
from gmconsole.campaign.service import CampaignService
from gmconsole.campaign.sheet_rolls import RollRequest
from gmconsole.i18n import _
from gmconsole.phrasing import error_text, quoted
from gmconsole.ui.family_console import ConsoleParts, console_of
from gmconsole.ui.roll_builder.draft import RollDraft, keywords
from gmconsole.ui.roll_builder.said_lines import SaidLines
from gmconsole.ui.roll_builder.settings_line import option_words, settings_line, skill_name
from gmconsole.ui.roll_builder.skill_uses import kept_for_skill, use_missing

__all__ = ["ERRORS", "BuilderController", "BuilderView", "roll_of", "stands"]

ERRORS = (ValueError, KeyError, OSError, StoreError)
"""What a service call may raise for the GM to read: RulesError / ValidationError (ValueError), a
StoreError (a failed save, a read-only campaign); shown inline, and the campaign is kept as it was."""



class BuilderView(Protocol):
    """What the controller asks of the pane that shows it."""

    @property
    def app(self) -> App[Any]: ...

    @property
    def service(self) -> CampaignService:
        """The open campaign's service (the app's)."""
        ...

    @property
    def rng(self) -> random.Random:
        """The console's dice (the app's)."""
        ...

    def redraw(self) -> None:
        """Preview the roll being built and draw everything again."""

    def show_message(self, text: str) -> None:
        """Show ``text`` on the message line now (empty: the line takes no room)."""

    def focus_pane(self) -> None:
        """Give the keys back to the builder (after a dialog)."""

    def status(self, text: str) -> None:
        """Say ``text`` on the screen's status line, as other panes' keys do."""


class BuilderController:
    """The roll being built and what the builder's keys do with it (see the module's docstring)."""

    def __init__(self, view: BuilderView) -> None:
        self.view = view
        self.character_id: str | None = None
        self._draft = RollDraft()
        self.preview: RollPreview | None = None
        self.last_entry: RollEntry | None = None
        """The last roll shown (its result stays on screen until a new roll replaces it or ``x`` clears it)."""
        self.said = SaidLines(self._campaign_version, self.reread)
        # the skill filter: the draft's fields when it opened, and what it matches nothing of (None: a match)
        self.before_filter: dict[str, Any] = {}
        self.no_match: str | None = None
        # the last result drawn, the draft its pool is folded for and the draft last drawn
        self.result_seen: tuple[Any, ...] | None = None
        self.folded_for: RollDraft | None = None
        self.drawn: tuple[str | None, RollDraft] | None = None

    # ------------------------------------------------------------------ state
    @property
    def draft(self) -> RollDraft:
        """The roll being built; every new draft redraws the pane."""
        return self._draft

    @draft.setter
    def draft(self, draft: RollDraft) -> None:
        self._draft = draft
        self.view.redraw()

    @property
    def message(self) -> str:
        return self.said.message

    @message.setter
    def message(self, text: str) -> None:
        self.said.message = text

    @property
    def special_text(self) -> str:
        return self.said.special_text

    @special_text.setter
    def special_text(self, text: str) -> None:
        self.said.special_text = text

    @property
    def service(self) -> CampaignService:
        return self.view.service

    @property
    def rng(self) -> random.Random:
        return self.view.rng

    @property
    def system(self) -> str:
        return self.service.campaign.system

    @property
    def game_system(self) -> systems.GameSystem:
        return systems.get(self.system)

    @property
    def console(self) -> ConsoleParts:
        """What the campaign's game family gives the console (its words, forms and flows)."""
        return console_of(self.system)

    def _campaign_version(self) -> Any:
        """Moves on with every change, undo or redo of the campaign (``None`` before the app runs)."""
        try:
            return self.service.ledger.version()
        except (AttributeError, LookupError):
            return None

    def character(self) -> Character | None:
        if self.character_id is None:
            return None
        return self.service.campaign.find_character(self.character_id)

    def need_character(self) -> Character | None:
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

    def request(self) -> RollRequest:
        """The :class:`~gmconsole.campaign.sheet_rolls.RollRequest` of the roll being built (for the selected character:
        the pane previews and rolls only once one is picked)."""
        if self.character_id is None:
            raise KeyError(_("Pick a character in the roster first."))
        return self.draft.request(self.character_id, self.attribute_to_roll(), self.game_system.builder_options)

    def roll_keywords(self) -> dict[str, Any]:
        """:meth:`request` as the keyword arguments of ``preview_roll``, ``roll`` and ``opposed_roll``."""
        return keywords(self.request(), self.game_system.builder_options)

    def reread(self, entry: Entry | dict[str, Any]) -> Entry | None:
        """``entry`` as the campaign holds it now (a push or costs applied since), or ``None`` if gone."""
        entry = as_record(entry)
        try:
            return self.service.history.record(entry.id, given(entry.session, None))
        except ERRORS:
            return None

    # ------------------------------------------------------------------ what the builder says
    def say(self, text: str) -> None:
        self.message = text
        self.view.show_message(text)

    def report(self, text: str, entry: Entry) -> None:
        """Say under the last result what the GM's key did to ``entry`` (:meth:`SaidLines.report`)."""
        self.said.report(text, entry)

    def refused(self, exc: Exception, sentence: str = "{reason}") -> None:
        """Say why a service call was refused, as ``sentence`` words it around the ``{reason}`` (``Push refused:
        {reason}``, already translated); a damaged campaign file is named and a way out offered (restore its
        backup, or set it aside: :func:`gmconsole.ui.damaged.offer_restore`)."""
        from gmconsole.campaign.errors import CorruptFile

        if isinstance(exc, CorruptFile):
            from gmconsole.ui.damaged import offer_restore

            offer_restore(self.view.app, exc, say=self.say)
            return
        self.say(sentence.format(reason=error_text(exc)))

    # ------------------------------------------------------------------ the campaign and the selection
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
            self._draft = self.draft.cleared()  # drawn once, below
        if self.last_entry is not None:
            self.last_entry = roll_of(self.reread(self.last_entry))
        self.said.forget_stale()  # nothing said before the change goes on saying what is no longer true
        self.view.redraw()

    def newest_roll(self) -> None:
        """A reopened campaign's newest roll, shown as the last result."""
        from gmconsole.campaign.errors import ValidationError
        from gmconsole.campaign.sheet_rolls import latest_roll

        try:  # no roll yet; a damaged chunk is offered when read
            self.last_entry = self.last_entry or roll_of(as_record(latest_roll(self.service.ledger, None, "push")))
        except (ValidationError, StoreError):
            return
        self.view.redraw()

    def rolled(self, entry: Entry | dict[str, Any] | None, *, options_used: bool = True) -> None:
        """Show a recorded roll; the options it used go back to their defaults unless pinned (a GM
        roll, ``options_used=False``, used none of them: the character's draft is kept)."""
        if entry is None:
            return
        self.last_entry = roll_of(as_record(entry))
        self.special_text = ""
        self.message = ""
        self.draft = self.draft.after_roll() if options_used else self.draft
        self.view.focus_pane()

    def pushed(self, push_entry: dict[str, Any] | None) -> None:
        if push_entry is None:
            return
        # the service updated the roll's entry (an opposed roll's outcome too, R-OPP-1): read it again
        if self.last_entry is not None:
            self.last_entry = roll_of(self.reread(self.last_entry)) or self.last_entry
        self.message = ""
        self.view.redraw()
        self.view.focus_pane()

    def shown_again(self, entry: RollEntry, said: str = "") -> None:
        """``entry`` read again as the last result (a consequence or outcome applied to it), ``said`` under it."""
        self.last_entry = roll_of(self.reread(entry)) or entry
        self.special_text = said
        self.message = ""
        self.view.redraw()
        self.view.focus_pane()

    # ------------------------------------------------------------------ the skill
    def usable_gear(self, character: Character, skill: str | None) -> list[str]:
        """The items the GM may add to a roll of ``skill``: not destroyed, and either for any skill
        (no skill list) or listing that skill."""
        return [g.id for g in character.gear
                if not g.destroyed and (not g.skills or (skill is not None and skill in g.skills))]

    def with_skill(self, skill: str | None) -> RollDraft:
        """The draft rolling ``skill``: its own attribute (Year Zero), the gear usable for it, its mods."""
        draft = self.draft
        attribute = None if self.game_system.attribute_from_skill else draft.attribute
        gear = draft.gear
        character = self.character()
        if character is not None:  # gear chosen for another skill does not come along
            usable = set(self.usable_gear(character, skill))
            gear = tuple(g for g in gear if g in usable)
        mods = kept_for_skill(self.system, skill, draft.skill_modifiers)
        return draft.changed(skill=skill, attribute=attribute, gear=gear, skill_modifiers=mods)

    def choose_skill(self, skill: str) -> None:
        """Build a roll of ``skill``, as picking it in the filter does (the command palette's "Roll ...")."""
        self.message = ""
        self.draft = self.with_skill(skill)

    def filter_matched(self, skill: str | None) -> None:
        """The skill filter's first match is ``skill`` (``None``: the attribute alone), previewed at once."""
        self.no_match = None
        self.message = ""
        self.draft = self.draft.changed(skill=skill)

    def filter_matched_nothing(self, typed: str) -> None:
        """The skill filter reads ``typed`` and matches nothing: no skill is picked, so the last match is not
        rolled by mistake."""
        self.no_match = typed
        self.message = _("No skill matches {typed}.").format(typed=quoted(typed))
        self.draft = self.draft.changed(skill=None)

    def left_filter(self, draft: RollDraft) -> None:
        """The skill filter is closed with ``draft`` the roll being built."""
        self.no_match = None
        self.message = ""
        self.draft = draft

    def use_missing(self) -> bool:
        """A use of the skill (myz Sic a Dog) still to pick before the roll (:func:`skill_uses.use_missing`)."""
        return use_missing(self.system, self.draft, self.character())

    def with_use(self, use: str) -> None:
        """The use picked joins the draft's named modifiers (recorded by name)."""
        self.message = ""
        self.draft = self.draft.changed(skill_modifiers=(*self.draft.skill_modifiers, use))

    # ------------------------------------------------------------------ in words
    def skill_name(self) -> str:
        """The skill being built as the GM knows it, escaped."""
        return skill_name(self.service, self.draft.skill)

    def option_words(self, name: str) -> str:
        """One per-roll option as the settings line and ``!`` say it: ``mod −1``, ``diff demanding``."""
        return option_words(self.service, self.draft, self.character(), self.preview, name)

    def settings_line(self, character: Character) -> str:
        """The settings line of the roll being built for ``character``."""
        return settings_line(self.service, self.draft, character, self.preview, self.no_match,
                             self.game_system.builder_options)

    # ------------------------------------------------------------------ what can be rolled
    def nothing_to_roll(self) -> str | None:
        """Why there is no pool to roll yet, in one sentence (``None``: there is one to preview): a
        skill filter that matches nothing, or a roll with neither a skill nor an attribute in a
        system whose skills bring their attribute (Year Zero)."""
        if self.no_match is not None:
            return _("Nothing to roll: no skill matches {typed}; type part of a skill's name, "
                     "or escape to go back to the skill picked before.").format(typed=quoted(self.no_match))
        if self.game_system.attribute_from_skill and self.draft.skill is None and self.draft.attribute is None:
            return _("Nothing to roll: pick a skill (s) or an attribute to roll alone (a).")
        return None

    def cannot_roll(self) -> bool:
        """Say why the roll being built cannot be rolled, if it cannot (True: said, roll nothing)."""
        nothing = self.nothing_to_roll()
        if nothing is not None:
            self.say(nothing)
            return True
        if self.preview is not None and not self.preview.can_roll:
            self.say(_("Cannot roll: {reason}").format(reason=self.preview.reason))
            return True
        return False

    def refusal_words(self, reason: str, *, after_roll: bool = False) -> str:
        """Why the pool built cannot be rolled, as the builder says it: a use still to pick is asked by ``r``
        and ``f`` (or picked with ``m``), so it is said as a question, not a refusal; and not at all right
        after a roll (``after_roll``: the pool folded under its result), where it would stand above the result
        as if about it."""
        if self.use_missing():
            return "" if after_roll else _("{reason} (r or f asks which, m picks it)").format(reason=reason)
        return _("Cannot roll: {reason}").format(reason=reason)

    # ------------------------------------------------------------------ the last result and the folded pool
    def result_key(self) -> tuple[Any, ...] | None:
        """What the result shown stands for (which roll, in which state, and the words of the GM's last key about
        it): a new key means a new result to read."""
        entry = self.last_entry
        if entry is None:
            return ("special", self.special_text) if self.special_text else None
        consequences = tuple(entry.detail.value("consequences_chosen", None) or ())
        return (given(entry.session, None), entry.id, given(entry.status, "done"), given(entry.pushes, 0),
                given(entry.costs_status, None), consequences, bool(entry.detail.value("role_outcome", None)),
                self.special_text)

    def note_result(self) -> bool:
        """Before the pane is drawn: whether a result appeared since it was last drawn (a roll, a push, its
        costs applied, an undo), and if it is a roll that stands, fold the next roll's pool for the draft as it
        is now (it unfolds when the GM changes the draft, :meth:`pool_folded`)."""
        key = self.result_key()
        if key == self.result_seen:
            return False
        self.result_seen = key
        self.folded_for = self.draft if stands(self.last_entry) else None
        return key is not None

    def pool_folded(self) -> bool:
        """Whether the next roll's pool is drawn on one line: from a roll's result until the draft changes."""
        if self.folded_for is not None and _own(self.folded_for) != _own(self.draft):
            self.folded_for = None
        return self.folded_for is not None

    def draft_moved_under_result(self) -> bool:
        """Whether the draft changed since it was last drawn (same character), under a result that stands:
        the pane then scrolls down to the odds and warnings it changed."""
        drawn = (self.character_id, _own(self.draft))
        changed = self.drawn is not None and self.drawn[0] == drawn[0] and self.drawn != drawn
        self.drawn = drawn
        return changed and stands(self.last_entry)

    def warning_lines(self, warnings: list[str]) -> str:
        """The warnings under the next roll's pool, each marked ⚠. Right after a roll, until the GM changes the
        draft (its pool folded), "only one chance" is no warning about the roll just made: it says, unmarked, what
        the next roll of that skill needs; building a second roll brings the warning back."""
        advice = None
        if self.pool_folded():
            from gmconsole.campaign.sheet_rolls import one_chance_words

            character = self.character()
            words = one_chance_words(self.service.ledger, character, self.request()) if character is not None else None
            if words is not None and words[0] in warnings:
                warnings = [w for w in warnings if w != words[0]]
                advice = words[1]
        return "\n".join([*(f"⚠ {w}" for w in warnings), *([advice] if advice else [])])


def roll_of(entry: Entry | None) -> RollEntry | None:
    """``entry`` as the roll the builder shows (its result's fields read as a roll's); a roll on one of the GM's
    tables has no dice or pool to show, so the builder keeps only what its report says of it."""
    return None if entry is None or isinstance(entry, TableRollEntry) else as_roll(entry)


def stands(entry: Entry | None) -> bool:
    """Whether ``entry`` is a result that counts (not undone)."""
    return entry is not None and given(entry.status, "done") == "done"


def _own(draft: RollDraft) -> RollDraft:
    """``draft`` without the drafts left with other characters (a look at another character changes none)."""
    return replace(draft, others={})
