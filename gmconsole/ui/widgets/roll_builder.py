"""Pane 3 of the main screen: the active roll builder.

The GM picks a skill (typed to filter), an attribute, gear, a difficulty, helpers and other
modifiers; the pool is drawn die by die in kind colours (R-POOL-1) with the exact odds, refreshed on
every key through ``service.preview_roll`` (which writes nothing). Then one key rolls with the
console's dice (or the GM types the faces of physical dice, R-MANUAL-1), pushes (refused with the
reason, R-PUSH-2/3), rolls opposed (R-OPP-1, the paired skill offered first), applies the costs and
undoes them; ``m`` picks ``exploding`` TN modifiers or a Year Zero skill's named modifiers (seed 002;
myz role-skill uses, R-MYZ-LIMIT), ``tiered`` Mixed/Limited consequences are applied with a key.
Every roll, special ones included (opposed, assisted, group, save, attack, contested), goes through
the service, so it is in the history and undoable.

The builder asks the campaign service (``self.app.service``) for everything and adds no rule of
its own; the app hears every change from the service and tells each screen
(:class:`~gmconsole.ui.messages.CampaignChanged`), whose handler calls :meth:`RollBuilder.sync`.
Every refusal is shown inline as the one sentence the service gave.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from gmconsole.rules import YEAR_ZERO_SYSTEMS
from gmconsole.safe_text import shown
from gmconsole.store.errors import StoreError
from gmconsole.ui.widgets.dice_pool import DicePool
from gmconsole.ui.widgets.lazy_mount import child, mount_in_place, show_line
from gmconsole.ui.widgets.roll_text import (
    SkillChoice,
    difficulty_choices,
    faces_example,
    faces_needed,
    filter_skills,
    odds_line,
    opposed_line,
    result_lines,
    rolled_explanation,
    signed,
    skill_choices,
    stunt_lines,
    tn_modifier_text,
)
from gmconsole.wording import error_text, quoted

__all__ = ["RollBuilder", "SkillFilter"]

_ERRORS = (ValueError, KeyError, OSError, StoreError)
"""What a service call may raise for the GM to read: RulesError / ValidationError (ValueError), a
StoreError (a failed save, a read-only campaign); shown inline, and the campaign is kept as it was."""

_YZ_ONLY = {"toggle_reactive", "push", "push_faces", "apply_costs", "skill_modifiers", "clear_skill_modifiers"}
_TIERED_ONLY = {"bonus", "push_yourself", "save", "attack", "consequence"}
_EXPLODING_ONLY = {"assisted", "group", "tn_modifiers", "clear_tn_modifiers"}


class SkillFilter(Input):
    """The skill filter: typing narrows the list, up/down move the highlight, enter picks, escape leaves."""

    BINDINGS = [
        Binding("down", "move(1)", "Next skill", show=False),
        Binding("up", "move(-1)", "Previous skill", show=False),
        Binding("escape", "leave", "Back", id="roll.skill_back"),
    ]

    class Move(Message):
        """Move the skill highlight by ``delta``."""

        def __init__(self, delta: int) -> None:
            super().__init__()
            self.delta = delta

    class Leave(Message):
        """Leave the filter without picking (the skill goes back to what it was)."""

    def action_move(self, delta: int) -> None:
        self.post_message(self.Move(delta))

    def action_leave(self) -> None:
        self.post_message(self.Leave())


class SkillList(OptionList, can_focus=False):
    """The skills matching the filter; never focused itself (the filter keeps the keys)."""


LINES = ("rb-title", "rb-skill-row", "rb-skills", "rb-settings", "rb-pool", "rb-odds", "rb-warnings", "rb-message",
         "rb-explain", "rb-result", "rb-rolled", "rb-rolled-explain", "rb-stunts")
"""The roll builder's line groups, top to bottom (the skill list, odds, warnings, message, result, rolled
dice, their breakdown and stunts are mounted when they are first needed, :mod:`~gmconsole.ui.widgets.lazy_mount`).
The warnings (only one chance, R-MYZ-LIMIT...) sit under the pool they are about, above the last result: the
GM reads them while building the roll, in view even in a short pane (issue 12). The draft's breakdown
(``rb-explain``) stays above the last result; under the last roll's dice is the breakdown recorded with
that roll (play-test 5: the draft's, read there, contradicted the roll)."""


class RollBuilder(VerticalScroll):
    """The active roll builder (a focusable, scrolling pane). Its keys are its ``BINDINGS``; the help
    screen (``?``) and the README's key table list them for the GM."""

    DEFAULT_CSS = """
    RollBuilder {
        height: 1fr;
        padding: 0 1;
    }
    RollBuilder:focus-within #rb-title {
        text-style: bold reverse;
    }
    RollBuilder #rb-title {
        text-style: bold;
        width: 100%;
    }
    RollBuilder #rb-skill-row {
        height: 1;
    }
    RollBuilder #rb-skill-label {
        width: 7;
    }
    RollBuilder SkillFilter {
        border: none;
        height: 1;
        padding: 0;
        width: 1fr;
    }
    RollBuilder SkillFilter:focus {
        background: $boost;
        border: none;
    }
    RollBuilder SkillList {
        display: none;
        height: auto;
        max-height: 6;
        border: none;
        padding: 0;
    }
    RollBuilder.-filtering SkillList {
        display: block;
    }
    RollBuilder #rb-settings {
        color: $text;
    }
    RollBuilder #rb-odds {
        color: $success;
        text-style: bold;
    }
    RollBuilder #rb-explain, RollBuilder #rb-rolled-explain {
        color: $text-muted;
    }
    RollBuilder #rb-warnings {
        color: $warning;
    }
    RollBuilder #rb-message {
        color: $text-error;
        text-style: bold;
    }
    RollBuilder #rb-result {
        border-top: hkey $primary;
    }
    RollBuilder #rb-stunts {
        color: $text-muted;
    }
    RollBuilder Static {
        height: auto;
    }
    """

    BINDINGS = [
        Binding("s", "pick_skill", "Skill", id="roll.skill"),
        Binding("a", "next_attribute", "Attribute", id="roll.attribute",
                tooltip="Attribute: cycle the attribute rolled (Year Zero: an attribute rolled alone, no skill)"),
        Binding("a", "other_attribute", "Other attribute", id="roll.other_attribute",
                tooltip="Other attribute: roll the skill picked with another attribute than its own (cycles)"),
        Binding("g", "next_gear", "Gear", id="roll.gear"),
        Binding("d", "difficulty(1)", "Harder", id="roll.harder"),
        Binding("D", "difficulty(-1)", "Easier", id="roll.easier", show=False),
        Binding("plus,equals_sign", "modifier(1)", "+1", id="roll.plus", show=False),
        Binding("minus", "modifier(-1)", "−1", id="roll.minus", show=False),
        Binding("e", "helpers", "Helpers", id="roll.helpers"),
        Binding("E", "clear_helpers", "No helpers", id="roll.clear_helpers", show=False),
        Binding("t", "toggle_reactive", "Reactive", id="roll.reactive", show=False),
        Binding("r", "roll", "Roll", id="roll.roll"),
        Binding("f", "roll_faces", "Faces", id="roll.faces"),
        Binding("p", "push", "Push", id="roll.push"),
        Binding("P", "push_faces", "Push faces", id="roll.push_faces", show=False),
        Binding("c", "apply_costs", "Costs", id="roll.costs"),
        Binding("A", "apply_costs(True)", "Costs, typed panic D6", id="roll.costs_typed", show=False,
                tooltip="apply the costs with the panic D6 rolled at the table (R-MANUAL-1)"),
        Binding("u", "undo", "Undo last change", id="roll.undo",
                tooltip="Undo last change: takes back the campaign's newest change, whichever pane made it"),
        Binding("o", "opposed", "Opposed", id="roll.opposed"),
        Binding("x", "clear", "Clear", id="roll.clear", show=False),
        Binding("G", "quick_roll", "GM roll", id="roll.quick",
                tooltip="GM roll: type a quick pool (e.g. 5b 3s), no character; '; faces' for physical dice"),
        Binding("exclamation_mark", "pin", "Pin", id="roll.pin", key_display="!",
                tooltip="Pin the options set now (modifier, difficulty, helpers...): they stay for the next "
                        "rolls and characters; ! again when all are pinned: unpin"),
        Binding("b", "bonus(1)", "Bonus die", id="roll.bonus_up"),
        Binding("B", "bonus(-1)", "Bonus −1", id="roll.bonus_down", show=False),
        Binding("y", "push_yourself", "Push yourself", id="roll.push_yourself"),
        Binding("v", "save", "Save", id="roll.save"),
        Binding("k", "attack", "Attack", id="roll.attack"),
        Binding("i", "assisted", "Assisted", id="roll.assisted"),
        Binding("n", "group", "Group", id="roll.group"),
        Binding("m", "tn_modifiers", "TN mods", id="roll.tn_modifiers"),
        Binding("M", "clear_tn_modifiers", "No TN mods", id="roll.clear_tn_modifiers", show=False),
        Binding("m", "skill_modifiers", "Mods", id="roll.skill_modifiers"),
        Binding("M", "clear_skill_modifiers", "No mods", id="roll.clear_skill_modifiers", show=False),
        Binding("C", "consequence", "Consequence", id="roll.consequence"),
        Binding("w", "circumstances", "Retry why", id="roll.circumstances", show=False),
    ]

    def __init__(self, *, id: str | None = "roll-builder", classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.character_id: str | None = None
        self.skill: str | None = None
        self.attribute: str | None = None
        self.gear: tuple[str, ...] = ()
        self.difficulty: str | None = None
        self.helpers: tuple[str, ...] = ()
        self.modifier = 0
        self.reactive = False
        self.bonus_dice = 0
        self.push_yourself = False
        self.tn_modifiers: tuple[str, ...] = ()
        self.skill_modifiers: tuple[str, ...] = ()
        self.pinned: frozenset[str] = frozenset()
        self._keys_for_skill = False
        self.preview: Any = None
        self.last_entry: dict | None = None
        self.special_text = ""
        self.message = ""
        self._choices: list[SkillChoice] = []
        self._shown: list[SkillChoice] = []
        self._before_filter: dict[str, Any] = {}
        self._no_match: str | None = None
        self._drafts: dict[str, dict] = {}
        self._results: dict[str, tuple[dict | None, str]] = {}
        self._undone_ref: tuple[Any, str] | None = None

    # ------------------------------------------------------------------ layout
    def compose(self):
        yield Static("", id="rb-title")
        with Horizontal(id="rb-skill-row"):
            yield Static("Skill", id="rb-skill-label")
            yield SkillFilter(placeholder="s: type to filter skills", id="rb-skill-filter")
        yield Static("", id="rb-settings")
        yield DicePool(id="rb-pool")
        yield Static("", id="rb-explain")

    def on_mount(self) -> None:
        self.refresh_view()

    # ------------------------------------------------------------------ public API
    @property
    def service(self):
        return self.app.service

    @property
    def system(self) -> str:
        return self.service.campaign.system

    _DRAFT = ("skill", "attribute", "gear", "difficulty", "helpers", "modifier", "reactive", "bonus_dice",
              "push_yourself", "tn_modifiers", "skill_modifiers")

    def select_character(self, character_id: str) -> None:
        """Build the roll of ``character_id`` (the roster's selection).

        Each character keeps the roll drafted for them: going back to a character brings back their
        skill, attribute, gear and the per-roll options (modifier, difficulty, helpers...) not pinned,
        until their roll is recorded, so moving through the roster loses nothing; a character not built
        yet starts from the defaults. Pinned options come along to the new character
        (:mod:`~gmconsole.ui.widgets.roll_pins`). The last result shown is that character's own last
        roll (never another character's).
        """
        from gmconsole.ui.widgets.modifier_picking import kept_for_skill
        from gmconsole.ui.widgets.roll_pins import carry_to

        try:
            character = self.service.character(character_id)
        except _ERRORS as exc:
            self._refused(exc)
            return
        if character.id != self.character_id:
            if self.character_id is not None:
                self._drafts[self.character_id] = {k: getattr(self, k) for k in self._DRAFT}
                self._results[self.character_id] = (self.last_entry, self.special_text)
            self.character_id = character.id
            carried = carry_to(self, self._drafts.get(character.id, {}))
            self._reset_draft()
            for key, value in carried.items():
                setattr(self, key, value)
            self.helpers = tuple(h for h in self.helpers if h != character.id)  # nobody helps their own roll
            self.skill_modifiers = kept_for_skill(self.system, self.skill, self.skill_modifiers)
            entry, self.special_text = self._results.get(character.id, (None, ""))
            self.last_entry = self._reread(entry) if entry is not None else None
        self.message = ""
        self.refresh_view()

    def sync(self) -> None:
        """Re-read the campaign after a change elsewhere (roster edit, undo, new session...)."""
        if self.character_id is not None and self.service.campaign.find_character(self.character_id) is None:
            self.character_id = None
            self._reset_roll()
        if self.last_entry is not None:
            self.last_entry = self._reread(self.last_entry)
        if self._undone_ref is not None:
            undone = self._reread({"session": self._undone_ref[0], "id": self._undone_ref[1]})
            if undone is None or undone.get("status") != "undone":  # redone since: the line is stale
                if self.special_text.startswith("Undone: "):
                    self.special_text = ""
                self._undone_ref = None
        self.refresh_view()

    def request(self) -> dict:
        """The keyword arguments of ``preview_roll``/``roll`` for the roll being built."""
        out: dict[str, Any] = {
            "character_id": self.character_id, "skill": self.skill, "attribute": self._attribute_for_request(),
            "gear": self.gear, "difficulty": self.difficulty, "helpers": self.helpers, "modifier": self.modifier,
        }
        if self.system in YEAR_ZERO_SYSTEMS:
            out["reactive"] = self.reactive
            out["skill_modifiers"] = self.skill_modifiers
        if self.system == "tiered":
            out["bonus_dice"] = self.bonus_dice
            out["push_yourself"] = self.push_yourself
        if self.system == "exploding":
            out["tn_modifiers"] = self.tn_modifiers
        return out

    # ------------------------------------------------------------------ state helpers
    def _reset_roll(self) -> None:
        self._reset_draft()
        self.special_text = ""
        self.message = ""

    def _reset_draft(self) -> None:
        self.skill = None
        self.attribute = None
        self.gear = ()
        self.difficulty = None
        self.helpers = ()
        self.modifier = 0
        self.reactive = False
        self.bonus_dice = 0
        self.push_yourself = False
        self.tn_modifiers = ()
        self.skill_modifiers = ()

    def _character(self):
        if self.character_id is None:
            return None
        return self.service.campaign.find_character(self.character_id)

    def _attribute_for_request(self) -> str | None:
        if self.attribute is not None:
            return self.attribute
        character = self._character()
        if self.system in YEAR_ZERO_SYSTEMS or character is None:
            return None
        return next(iter(character.attributes), None)

    def _reread(self, entry: dict) -> dict | None:
        try:
            return self.service.entry(entry["id"], entry.get("session"))
        except _ERRORS:
            return None

    def _say(self, text: str) -> None:
        self.message = text
        self._set("#rb-message", text)

    def _set(self, selector: str, text: str) -> None:
        """Show ``text`` in one line group of the pane; an empty group takes no room."""
        show_line(self, selector.lstrip("#"), Text(text) if text else "", LINES)

    # ------------------------------------------------------------------ drawing
    def refresh_view(self) -> None:
        """Preview the roll being built and redraw everything (the per-key path, kept fast)."""
        if (self.skill is not None) != self._keys_for_skill:  # `a` is named for what it does now
            self._keys_for_skill = self.skill is not None
            self.refresh_bindings()
        character = self._character()
        title = self.get_child_by_id("rb-title", Static)
        if character is None:
            title.update(Text("Roll builder — pick a character in the roster (1, enter) · G: a GM roll"))
            self.preview = None
            self._clear_pool(self.message)
            return
        title.update(Text(f"Roll — {shown(character.name)} ({self.system})"))
        self.preview = None  # the settings line must not read the last pool's attribute
        self._set("#rb-settings", self._settings_line(character))
        if self._nothing_to_roll() is not None:  # said in full when the GM presses r or f
            self._clear_pool(self.message, "s: pick a skill (type to filter) · a: roll an attribute alone")
            return
        try:
            self.preview = self.service.preview_roll(**self.request())
        except _ERRORS as exc:  # e.g. a skill the service refuses: its sentence, inline
            self.preview = None
            self._clear_pool(self.message or f"Cannot roll: {error_text(exc)}")
            return
        p = self.preview
        self._set("#rb-settings", self._settings_line(character))
        self.get_child_by_id("rb-pool", DicePool).show(p.dice)
        odds = odds_line(self.system, p.odds) if p.can_roll else ""
        if p.target_number is not None:
            odds = f"TN {p.target_number} · {odds}"
        self._set("#rb-odds", f"Odds: {odds}" if odds else "")
        self._set("#rb-explain", "; ".join(p.explanation))
        self._set("#rb-warnings", "\n".join(f"⚠ {w}" for w in p.warnings))
        refusal = "" if p.can_roll else f"Cannot roll: {p.reason}"
        self._set("#rb-message", self.message or refusal)
        self._draw_result()

    def _clear_pool(self, message: str, hint: str = "") -> None:
        if self._character() is None:
            self._set("#rb-settings", "")
        for selector in ("#rb-odds", "#rb-warnings"):
            self._set(selector, "")
        self._set("#rb-explain", hint)
        self.get_child_by_id("rb-pool", DicePool).show([])
        self._set("#rb-message", message)
        self._draw_result()

    def _settings_line(self, character) -> str:
        from gmconsole.ui.widgets.roll_pins import mark

        attribute = self.preview.attribute if self.preview is not None else self.attribute
        gear = ", ".join(self._gear_name(character, g) for g in self.gear) or "none"
        named = self._skill_name() if self.skill else "none"
        skill = f"— (no skill matches {quoted(self._no_match)})" if self._no_match is not None else named
        parts = [f"skill {skill}", f"attr {self._attribute_name(attribute) or '—'}", f"gear {gear}"]
        shown_options = ["modifier", "helpers"] + ([] if self.system == "tiered" else ["difficulty"])
        if self.system in YEAR_ZERO_SYSTEMS:
            shown_options += ["reactive"] + (["skill_modifiers"] if self.skill_modifiers else [])
        if self.system == "exploding" and self.tn_modifiers:
            shown_options.append("tn_modifiers")
        if self.system == "tiered":
            shown_options += ["bonus_dice"] + (["push_yourself"] if self.push_yourself else [])
        order = ("difficulty", "modifier", "helpers", "reactive", "skill_modifiers", "tn_modifiers", "bonus_dice",
                 "push_yourself")
        parts += [mark(self, name, self._option_words(name)) for name in order if name in shown_options]
        return " · ".join(parts)

    def _option_words(self, name: str) -> str:
        """One per-roll option as the settings line and ``!`` say it: ``mod −1``, ``diff demanding``."""
        if name == "difficulty":
            return f"diff {self.difficulty or 'default'}"
        if name == "modifier":
            return f"mod {signed(self.modifier)}"
        if name == "helpers":
            return "help " + (", ".join(self._who(h) for h in self.helpers) or "none")
        if name == "reactive":
            return "REACTIVE" if self.reactive else "active"
        if name == "skill_modifiers":
            return f"mods {', '.join(self.skill_modifiers)}"
        if name == "tn_modifiers":
            return "TN mods " + ", ".join(tn_modifier_text(m) for m in self.tn_modifiers)
        if name == "bonus_dice":
            return f"bonus {self.bonus_dice}"
        return "push yourself"

    def _skill_name(self) -> str:
        """The skill being built as the GM knows it (its name; the id stays the key), escaped."""
        from gmconsole.campaign.skills import name_of

        return shown(name_of(self.service.campaign, self.skill) or "")

    def _attribute_name(self, attribute: str | None) -> str:
        """An attribute as the GM knows it (the system table's name; exploding traits as typed), escaped."""
        from gmconsole.campaign.skills import attribute_name_of

        return shown(attribute_name_of(self.system, attribute) or "")

    def _nothing_to_roll(self) -> str | None:
        """Why there is no pool to roll yet, in one sentence (``None``: there is one to preview): a
        skill filter that matches nothing, or a Year Zero roll with neither a skill nor an attribute."""
        if self._no_match is not None:
            return (f"Nothing to roll: no skill matches {quoted(self._no_match)}; type part of a skill's name, "
                    "or escape to go back to the skill picked before.")
        if self.system in YEAR_ZERO_SYSTEMS and self.skill is None and self.attribute is None:
            return "Nothing to roll: pick a skill (s) or an attribute to roll alone (a)."
        return None

    def _cannot_roll(self) -> bool:
        """Say why the roll being built cannot be rolled, if it cannot (True: said, roll nothing)."""
        nothing = self._nothing_to_roll()
        if nothing is not None:
            self._say(nothing)
            return True
        if self.preview is not None and not self.preview.can_roll:
            self._say(f"Cannot roll: {self.preview.reason}")
            return True
        return False

    def _gear_name(self, character, ref: str) -> str:
        item = character.gear_item(ref)
        return item.name if item is not None else ref

    def _who(self, ref: str) -> str:
        found = self.service.campaign.find_character(ref)
        return found.name if found is not None else ref

    def _draw_result(self) -> None:
        lines: list[str] = []
        entry = self.last_entry
        if entry is not None:
            status = entry.get("status", "done")
            head = entry.get("summary", "")
            lines.append(f"Last roll: {head}" + (" (undone)" if status != "done" else ""))
            lines += result_lines(entry, with_stunts=False)
            if entry.get("costs_status") == "pending":
                lines.append("c: apply the costs · u: undo")
            if entry.get("system") in YEAR_ZERO_SYSTEMS and status == "done":
                from gmconsole.campaign.rolls import push_out_of_scene

                refusal = entry.get("push_refusal") or push_out_of_scene(self.service, entry)
                if refusal:
                    lines.append(f"cannot push: {refusal}")
                elif entry.get("costs_status") != "applied":
                    lines.append("p: push")
            if entry.get("tier") in ("mixed", "limited") and status == "done":
                chosen = entry.get("consequences_chosen") or []
                lines.append("C: apply one" + (f" (applied: {', '.join(chosen)})" if chosen else ""))
            opposed = opposed_line(entry)
            if opposed:
                lines.append(f"Opposed: {opposed}")
        else:
            from gmconsole.ui.cost_applying import newest_pending

            item = newest_pending(self.service, self.character_id)  # issue 11: costs outlast the console
            if item is not None:
                lines.append(f"Costs waiting: roll {item['roll_id']} ({shown(item.get('character', ''))}) · c: apply")
        if self.special_text:
            lines.append(self.special_text)
        self._set("#rb-result", "\n".join(lines))
        rolled = child(self, "rb-rolled", DicePool)
        if rolled is None and entry is not None:
            rolled = mount_in_place(self, DicePool(id="rb-rolled"), LINES)
        if rolled is not None:
            rolled.display = entry is not None
            if entry is not None:
                rolled.show(entry.get("dice") or [])
        self._set("#rb-rolled-explain", shown(rolled_explanation(entry)) if entry is not None else "")
        self._set("#rb-stunts", "\n".join(stunt_lines(entry)) if entry is not None else "")

    # ------------------------------------------------------------------ which keys apply
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the actions valid for the campaign's system are shown and run."""
        try:
            system = self.system
        except AttributeError:
            return True
        if action in _YZ_ONLY:
            return system in YEAR_ZERO_SYSTEMS
        if action in _TIERED_ONLY:
            return system == "tiered"
        if action in _EXPLODING_ONLY:
            return system == "exploding"
        if action == "difficulty":
            return system != "tiered"
        if action in ("next_attribute", "other_attribute"):  # one key `a`, named for what it does now
            return (self.skill is not None) == (action == "other_attribute")
        return True

    # ------------------------------------------------------------------ skill filter
    def action_pick_skill(self) -> None:
        if self._character() is None:
            self._say("Pick a character in the roster first.")
            return
        self._before_filter = {k: getattr(self, k) for k in self._FILTER_KEEPS}
        self._no_match = None
        known = sorted({sid for c in self.service.campaign.roster for sid in c.skills})
        own = self.service.campaign.skills  # the campaign's own list (issue 11), else the system's table
        self._choices = skill_choices(self.system, self._character(), known,
                                      None if own is None else [(k.id, k.name) for k in own])
        if child(self, "rb-skills") is None:
            mount_in_place(self, SkillList(id="rb-skills"), LINES)
        self.add_class("-filtering")
        box = self.query_one(SkillFilter)
        box.value = ""
        self._fill_skills("")
        self.screen.set_focus(box)  # at once: the next key typed already belongs to the filter

    def _fill_skills(self, text: str) -> None:
        self._shown = filter_skills(self._choices, text)
        listing = self.query_one(SkillList)
        listing.clear_options()
        listing.add_options([Option(c.label) for c in self._shown])
        if self._shown:
            listing.highlighted = 0

    @on(Input.Changed, "#rb-skill-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        if not self.has_class("-filtering"):
            return
        self._fill_skills(event.value)
        if self._shown:
            self.skill = self._shown[0].id
            self._no_match = None
            self.message = ""
        else:  # no skill is picked while nothing matches: the last match is not rolled by mistake
            self.skill = None
            self._no_match = event.value
            self.message = f"No skill matches {quoted(event.value)}."
        self.refresh_view()

    @on(SkillFilter.Move)
    def _move_highlight(self, event: SkillFilter.Move) -> None:
        if not self._shown:
            return
        listing = self.query_one(SkillList)
        index = ((listing.highlighted or 0) + event.delta) % len(self._shown)
        listing.highlighted = index
        self.skill = self._shown[index].id
        self.refresh_view()

    @on(Input.Submitted, "#rb-skill-filter")
    def _skill_picked(self, event: Input.Submitted) -> None:
        event.stop()
        if not self._shown:
            self._say(f"No skill matches {quoted(event.value)}; type part of a skill's name.")
            return
        listing = self.query_one(SkillList)
        self.skill = self._shown[listing.highlighted or 0].id
        self.attribute = None if self.system in YEAR_ZERO_SYSTEMS else self.attribute
        character = self._character()
        if character is not None:  # gear chosen for another skill does not come along
            usable = set(self._usable_gear(character))
            self.gear = tuple(g for g in self.gear if g in usable)
        from gmconsole.ui.widgets.modifier_picking import kept_for_skill

        self.skill_modifiers = kept_for_skill(self.system, self.skill, self.skill_modifiers)
        self._leave_filter()

    _FILTER_KEEPS = ("skill", "attribute", "gear", "skill_modifiers")
    """What escape from the skill filter puts back as it was when the filter opened."""

    @on(SkillFilter.Leave)
    def _skill_left(self) -> None:
        for key, value in self._before_filter.items():
            setattr(self, key, value)
        self._leave_filter()

    def _leave_filter(self) -> None:
        self._no_match = None
        self.remove_class("-filtering")
        box = self.query_one(SkillFilter)
        box.value = ""
        self.message = ""
        self.screen.set_focus(self)
        self.refresh_view()

    # ------------------------------------------------------------------ building keys
    def _need_character(self):
        character = self._character()
        if character is None:
            self._say("Pick a character in the roster first.")
        return character

    def action_next_attribute(self) -> None:
        character = self._need_character()
        if character is None:
            return
        names = list(character.attributes)
        cycle: list[str | None] = ([None] + names) if self.system in YEAR_ZERO_SYSTEMS else names
        current = self.attribute if self.attribute in cycle else (None if None in cycle else self._attribute_for_request())
        index = cycle.index(current) if current in cycle else -1
        self.attribute = cycle[(index + 1) % len(cycle)]
        self.message = ""
        self.refresh_view()

    def action_other_attribute(self) -> None:
        """``a`` with a skill picked: the same cycle, named in the key bar for what it does then."""
        self.action_next_attribute()

    def action_next_gear(self) -> None:
        character = self._need_character()
        if character is None:
            return
        items = self._usable_gear(character)
        if not items:
            usable = f" usable with {self._skill_name()}" if self.skill else " usable without a skill"
            self._say(f"{character.name} carries no gear{usable}.")
            return
        cycle: list[str | None] = [None] + items
        current = self.gear[0] if self.gear else None
        index = cycle.index(current) if current in cycle else 0
        nxt = cycle[(index + 1) % len(cycle)]
        self.gear = () if nxt is None else (nxt,)
        self.message = ""
        self.refresh_view()

    def _usable_gear(self, character) -> list[str]:
        """The items the GM may add to the roll being built: not destroyed, and either for any skill
        (no skill list) or listing the skill being built."""
        return [g.id for g in character.gear
                if not g.destroyed and (not g.skills or (self.skill is not None and self.skill in g.skills))]

    def action_difficulty(self, step: int) -> None:
        if self._need_character() is None:
            return
        ladder = [d for d, _label in difficulty_choices(self.system)]
        if not ladder:
            self._say(f"{self.system} has no difficulty ladder; use + and − instead.")
            return
        default = "average" if "average" in ladder else ladder[len(ladder) // 2]
        if self.system == "exploding":
            from gmconsole.systems.exploding import roll as exploding

            default = exploding.default_difficulty()
        current = self.difficulty or default
        index = ladder.index(current) if current in ladder else ladder.index(default)
        self.difficulty = ladder[(index + step) % len(ladder)]
        self.message = ""
        self.refresh_view()

    def action_modifier(self, step: int) -> None:
        if self._need_character() is None:
            return
        self.modifier += step
        self.message = ""
        self.refresh_view()

    def action_bonus(self, step: int) -> None:
        """``b`` / ``B``: one bonus die more or less; ``b`` stops at the system's limit and says so
        (R-TIER-1, :data:`gmconsole.systems.tiered.roll.MAX_BONUS_DICE`: the key exists only in ``tiered``)."""
        from gmconsole.systems.tiered.roll import MAX_BONUS_DICE

        if self._need_character() is None:
            return
        wanted = max(0, self.bonus_dice + step)
        self.message = ""
        if step > 0 and wanted > MAX_BONUS_DICE:
            wanted = MAX_BONUS_DICE
            self.message = (f"No more bonus dice: at most +{MAX_BONUS_DICE} bonus dice help a check "
                            f"(R-TIER-1); B takes one away.")
        self.bonus_dice = wanted
        self.refresh_view()

    def action_push_yourself(self) -> None:
        if self._need_character() is None:
            return
        self.push_yourself = not self.push_yourself
        self.message = ""
        self.refresh_view()

    def action_toggle_reactive(self) -> None:
        if self._need_character() is None:
            return
        self.reactive = not self.reactive
        self.message = ""
        self.refresh_view()

    def action_helpers(self) -> None:
        from gmconsole.systems.yearzero.roll import MAX_HELPERS
        from gmconsole.ui.screens.pick_characters import PickCharactersScreen, roster_choices

        character = self._need_character()
        if character is None:
            return
        choices = roster_choices(self.service.campaign.roster, leave_out=[character.id])
        if not choices:
            self._say("Nobody else is in the roster to help.")
            return

        def chosen(ids: list[str] | None) -> None:
            if ids is None:
                return
            self.helpers = tuple(ids)
            self.message = ""
            self.refresh_view()
            self.focus()

        self.app.push_screen(PickCharactersScreen(
            f"Who helps {character.name}? (R-HELP-1: at most {MAX_HELPERS})", choices, self.helpers,
            limit=MAX_HELPERS, why=f"R-HELP-1: at most {MAX_HELPERS} helpers"), chosen)

    def action_clear_helpers(self) -> None:
        self.helpers = ()
        self.message = ""
        self.refresh_view()

    def action_clear(self) -> None:
        """``x``: start the roll afresh, pins included."""
        self._reset_roll()
        self.pinned = frozenset()
        self.refresh_view()

    def action_pin(self) -> None:
        """``!``: pin the per-roll options set now, or unpin them all (:func:`roll_pins.toggle_pins`)."""
        from gmconsole.ui.widgets.roll_pins import toggle_pins

        if self._need_character() is None:
            return
        self.message = toggle_pins(self, self._option_words)
        self.refresh_view()

    # ------------------------------------------------------------------ rolling
    def _rolled(self, entry: dict | None, *, options_used: bool = True) -> None:
        """Show a recorded roll; the options it used go back to their defaults unless pinned (a GM
        roll, ``options_used=False``, used none of them: the character's draft is kept)."""
        if entry is None:
            return
        if options_used:
            self._roll_recorded()
        self.last_entry = entry
        self.special_text = ""
        self.message = ""
        self.refresh_view()
        self.focus()

    def _roll_recorded(self) -> None:
        """A roll was recorded: its options not pinned go back to their defaults (a push resets nothing)."""
        from gmconsole.ui.widgets.roll_pins import reset_unpinned

        reset_unpinned(self)

    def _refused(self, exc: Exception, prefix: str = "") -> None:
        """Say why a service call was refused; a damaged campaign file is named and a way out offered
        (restore its backup, or set it aside: :func:`gmconsole.ui.damaged.offer_restore`)."""
        from gmconsole.store.errors import CorruptFile

        if isinstance(exc, CorruptFile):
            from gmconsole.ui.damaged import offer_restore

            offer_restore(self.app, exc, say=self._say)
            return
        self._say(f"{prefix}{error_text(exc)}")

    def action_roll(self) -> None:
        if self._need_character() is None or self._cannot_roll():
            return
        try:
            entry = self.service.roll(**self.request(), rng=self.app.rng)
        except _ERRORS as exc:
            self._refused(exc)
            return
        self._rolled(entry)

    def action_roll_faces(self) -> None:
        from gmconsole.ui.screens.faces_entry import FacesEntryScreen

        if self._need_character() is None or self._cannot_roll():
            return
        request = self.request()
        needs, example = faces_needed(self.system, self.preview.dice if self.preview is not None else [])
        hint = (f"The pool needs {needs} faces. Type each kind's faces, e.g. {example} (R-MANUAL-1)."
                if needs else "Type each kind's faces of the physical dice (R-MANUAL-1).")

        def submit(spec: str) -> dict:
            try:
                return self.service.roll(**request, faces=spec, rng=self.app.rng)
            except ValueError as exc:  # the service's sentence, with how many faces of each kind are needed
                raise ValueError(f"{exc} (the pool needs {needs})" if needs else str(exc)) from exc

        self.app.push_screen(FacesEntryScreen("Faces of the physical dice", hint, submit, placeholder=example or ""),
                             self._rolled)

    def action_quick_roll(self) -> None:
        """``G``: the GM's quick roll, a pool typed in the system's syntax (``5b 3s``, ``4d6``,
        ``s8 t6 tn5``), with no character; ``POOL ; FACES`` takes the faces of physical dice
        (R-MANUAL-1). Recorded as the GM's, charged to nobody, pushed with ``p`` where the system allows."""
        from gmconsole.ui.screens.faces_entry import FacesEntryScreen

        from gmconsole.rules.quick_pools import EXAMPLE, SYNTAX

        def submit(text: str) -> dict:
            pool, _sep, faces = text.partition(";")
            return self.service.quick_roll(pool, faces=faces.strip() or None, rng=self.app.rng)

        self.app.push_screen(FacesEntryScreen("GM roll (no character)",
                                              f"Type {SYNTAX[self.system]}; add '; FACES' to type the faces of "
                                              "physical dice (R-MANUAL-1).", submit, placeholder=EXAMPLE[self.system]),
                             lambda entry: self._rolled(entry, options_used=False))

    def _roll_to_push(self) -> dict | None:
        entry = self.last_entry
        if entry is None or entry.get("status", "done") != "done":
            self._say("Roll first: there is no roll here to push.")
            return None
        if entry.get("push_refusal"):
            self._say(f"Push refused: {entry['push_refusal']}")
            return None
        from gmconsole.campaign.rolls import push_out_of_scene

        ended = push_out_of_scene(self.service, entry)
        if ended:  # said before `P` asks for faces (play-test 4: refused only after they were typed)
            self._say(f"Push refused: {ended}")
            return None
        return entry

    def _pushed(self, push_entry: dict | None) -> None:
        if push_entry is None:
            return
        # the service updated the roll's entry (an opposed roll's outcome too, R-OPP-1): read it again
        self.last_entry = self._reread(self.last_entry) or self.last_entry
        self.message = ""
        self.refresh_view()
        self.focus()

    def action_push(self) -> None:
        entry = self._roll_to_push()
        if entry is None:
            return
        try:
            pushed = self.service.push(entry["id"], rng=self.app.rng)
        except _ERRORS as exc:
            self._refused(exc, "Push refused: ")
            return
        self._pushed(pushed)

    def action_push_faces(self) -> None:
        from gmconsole.ui.screens.faces_entry import FacesEntryScreen

        from gmconsole.campaign.rolls import recorded_roll
        from gmconsole.systems.yearzero import roll as yearzero

        entry = self._roll_to_push()
        if entry is None:
            return
        try:
            recorded = recorded_roll(self.service, entry["id"])[1]
            counts = yearzero.push_counts(recorded)
        except _ERRORS as exc:
            self._refused(exc, "Push refused: ")
            return
        sides = {d.kind.value: d.sides for d in recorded.dice}  # a push's new stress die is a d6
        example = faces_example(self.system, {(k, sides.get(k, 6)): n for k, n in counts.items() if n})
        hint = ("Dice to reroll: " + ", ".join(f"{k} ×{n}" for k, n in counts.items() if n)
                + f". Type their new faces, e.g. {example} (R-PUSH-4, R-MANUAL-1).")
        needs = ", ".join(f"{n} {k}" for k, n in counts.items() if n)

        def submit(spec: str) -> dict:
            try:
                return self.service.push(entry["id"], faces=spec, rng=self.app.rng)
            except ValueError as exc:  # the service's sentence, with how many faces of each kind are rerolled
                raise ValueError(f"{exc} (the push rerolls {needs})" if needs else str(exc)) from exc

        self.app.push_screen(FacesEntryScreen("Faces of the pushed dice", hint, submit, placeholder=example),
                             self._pushed)

    def action_apply_costs(self, typed_panic: bool = False) -> None:
        """``c``: apply the costs of the current roll; with none waiting there (e.g. after the console
        was reopened), those of the newest roll still owing costs in the campaign's state (issue 11).
        ``A``: the same with the panic D6 rolled at the table typed (R-MANUAL-1)."""
        from gmconsole.ui.cost_applying import apply_costs_of, newest_pending

        entry = self.last_entry
        if entry is None or entry.get("costs_status") != "pending" or entry.get("status", "done") != "done":
            item = newest_pending(self.service, self.character_id)
            entry = self._reread({"id": item["roll_id"], "session": item.get("session")}) if item else None
        if entry is None:
            self._say("No costs are waiting: roll (and push) first.")
            return

        def done(result: dict) -> None:
            self.last_entry = self._reread(entry) or entry
            self.message = ""
            self.special_text = f"Applied: {result.get('summary', '')}"
            self.refresh_view()
            self.focus()

        apply_costs_of(self.app, entry, done, self._say, refused=self._refused, typed_panic=typed_panic)

    def action_undo(self) -> None:
        try:
            undone = self.service.undo()
        except _ERRORS as exc:
            self._refused(exc)
            return
        if self.last_entry is not None:
            self.last_entry = self._reread(self.last_entry)
        self.special_text = f"Undone: {undone.get('summary', '')}"
        self._undone_ref = (undone.get("session"), undone["id"])
        self.message = ""
        self.refresh_view()

    # ------------------------------------------------------------------ opposed and special rolls
    def _form(self, form, after=None) -> None:
        from gmconsole.ui.screens.roll_form import RollFormScreen

        title, fields, run, hint = form

        def closed(text: str | None) -> None:
            if text:
                # the special roll is the last result now: the previous roll's dice and breakdown go
                # (play-test 6: an opposed test was shown inside the roll before it, under its dice)
                self.last_entry = None
                self.special_text = f"{title}: {text}"
                self._roll_recorded()
            if after is not None:
                after()
            self.refresh_view()
            self.focus()

        self.app.push_screen(RollFormScreen(title, fields, run, hint=hint), closed)

    def action_opposed(self) -> None:
        from gmconsole.ui.widgets import roll_specials

        character = self._need_character()
        if character is None:
            return
        if self.system in YEAR_ZERO_SYSTEMS:
            if self._cannot_roll():
                return
            request = self.request()
            holder: dict = {}

            def on_active(entry: dict) -> None:
                holder["entry"] = entry

            def after() -> None:
                if "entry" in holder:
                    self._roll_recorded()
                    self.last_entry = self._reread(holder["entry"]) or holder["entry"]
                    self.special_text = ""

            self._form(roll_specials.opposed_form(request, self.service, self.app.rng, on_active), after)
            return
        if self.system == "exploding":
            self._form(roll_specials.exploding_forms(self.service, character, self._state(), self.app.rng)["opposed"])
        else:
            self._form(roll_specials.tiered_forms(self.service, character, self.app.rng)["contested"])

    def _state(self) -> dict:
        return {"skill": self.skill, "attribute": self._attribute_for_request(), "difficulty": self.difficulty,
                "tn_modifiers": self.tn_modifiers}

    def action_save(self) -> None:
        from gmconsole.ui.widgets import roll_specials

        character = self._need_character()
        if character is not None:
            self._form(roll_specials.tiered_forms(self.service, character, self.app.rng)["save"])

    def action_attack(self) -> None:
        from gmconsole.ui.widgets import roll_specials

        character = self._need_character()
        if character is None:
            return
        attacks: list[dict] = []
        form = roll_specials.tiered_forms(self.service, character, self.app.rng, on_attack=attacks.append)["attack"]
        self._form(form, lambda: roll_specials.pick_attack_target(self.app, self.service, attacks[-1] if attacks else None))

    def action_assisted(self) -> None:
        from gmconsole.ui.widgets import roll_specials

        character = self._need_character()
        if character is not None:
            self._form(roll_specials.exploding_forms(self.service, character, self._state(), self.app.rng)["assisted"])

    def action_group(self) -> None:
        from gmconsole.ui.widgets import roll_specials

        character = self._need_character()
        if character is not None:
            self._form(roll_specials.exploding_forms(self.service, character, self._state(), self.app.rng)["group"])

    # ------------------------------------------------------------------ modifier pickers (m / M)
    def action_tn_modifiers(self) -> None:
        """exploding: pick TN modifiers from the seed's tables (:mod:`~gmconsole.ui.widgets.modifier_picking`)."""
        from gmconsole.ui.widgets.modifier_picking import pick_tn_modifiers

        pick_tn_modifiers(self)

    def action_skill_modifiers(self) -> None:
        """Year Zero: pick the skill's named modifiers (seed 002; myz role-skill uses, R-MYZ-LIMIT)."""
        from gmconsole.ui.widgets.modifier_picking import pick_skill_modifiers

        pick_skill_modifiers(self)

    def action_clear_skill_modifiers(self) -> None:
        self.skill_modifiers = ()
        self.message = ""
        self.refresh_view()

    def action_clear_tn_modifiers(self) -> None:
        self.tn_modifiers = ()
        self.message = ""
        self.refresh_view()

    # ------------------------------------------------------------------ tiered consequences
    _CONSEQUENCE_KEYS = {"damage": "d", "reduced-effect": "r", "complication": "c", "lost-gear": "l"}

    def action_consequence(self) -> None:
        """tiered Mixed / Limited: pick one consequence with one key (``w``: Damage and mark a wound);
        the service applies it (``apply_consequence``), undoable with ``u``."""
        from gmconsole.ui.screens.roll_form import ChoiceScreen

        from gmconsole.systems.tiered import roll as tiered

        entry = self.last_entry
        if entry is None or entry.get("tier") not in ("mixed", "limited") or entry.get("status", "done") != "done":
            self._say("Consequences come with a Mixed or Limited roll: roll first.")
            return
        choices = []
        for c in tiered.consequences():
            name = c.name if isinstance(c.name, str) else c.name.get("en", c.key)
            choices.append((c.key, self._CONSEQUENCE_KEYS.get(c.key, c.key[0]), name))
        choices.append(("damage+wound", "w", "Damage and mark a wound"))
        chosen = entry.get("consequences_chosen") or []
        hint = f"{entry.get('summary', '')}" + (f" — already: {', '.join(chosen)}" if chosen else "")
        self.app.push_screen(ChoiceScreen.make("Consequence (Mixed / Limited)", choices, hint=hint),
                             lambda key: self._apply_consequence(entry, key))

    def _apply_consequence(self, entry: dict, key: str | None, clock_id: str | None = None,
                           gear_id: str | None = None) -> None:
        from gmconsole.ui.screens.pick_characters import PickCharactersScreen

        if key is None:
            self.focus()
            return
        consequence, wound = ("damage", True) if key == "damage+wound" else (key, False)
        clocks = [k for k in self.service.session.clocks if not k.full]
        if consequence == "complication" and clock_id is None and len(clocks) > 1:
            self.app.push_screen(PickCharactersScreen("Which clock does the complication advance?",
                                                      [(k.id, f"{k.name} {k.filled}/{k.segments}") for k in clocks],
                                                      limit=1, minimum=1),
                                 lambda ids: self._apply_consequence(entry, key, ids[0], gear_id) if ids else self.focus())
            return
        if consequence == "complication" and clock_id is None and clocks:
            clock_id = clocks[0].id
        used = (entry.get("request") or {}).get("gear") or []
        character = self.service.campaign.find_character(entry.get("character_id") or "")
        if consequence == "lost-gear" and gear_id is None and not used and character is not None:
            items = [(g.id, g.name) for g in character.gear if g.bonus > 0]
            if len(items) > 1:
                self.app.push_screen(PickCharactersScreen("Which item is lost?", items, limit=1, minimum=1),
                                     lambda ids: self._apply_consequence(entry, key, clock_id, ids[0]) if ids
                                     else self.focus())
                return
            gear_id = items[0][0] if items else None
        try:
            done = self.service.apply_consequence(entry["id"], consequence, clock_id=clock_id, gear_id=gear_id,
                                                  wound=wound)
        except _ERRORS as exc:
            self._refused(exc)
            self.focus()
            return
        self.last_entry = self._reread(entry) or entry
        self.special_text = f"Applied: {done.get('summary', '')}"
        self.message = ""
        self.refresh_view()
        self.focus()

    # ------------------------------------------------------------------ retries
    def action_circumstances(self) -> None:
        """Record a change of circumstances (docs/rules.md: only one chance; exploding retries) for the skill
        being built: the service records why, and the "only one chance" warning goes away."""
        from gmconsole.ui.screens.faces_entry import FacesEntryScreen

        character = self._need_character()
        if character is None:
            return
        if not self.skill:
            self._say("Pick the skill to try again first (s).")
            return
        skill = self.skill

        def submit(reason: str) -> dict:
            return self.service.change_of_circumstances(character.id, skill, reason)

        def done(entry: dict | None) -> None:
            if entry is not None:
                self.special_text = f"Recorded: {entry.get('summary', '')}"
                self.message = ""
            self.refresh_view()
            self.focus()

        self.app.push_screen(FacesEntryScreen(f"Why may {character.name} try {self._skill_name()} again?",
                                              "Say what changed (recorded in the history).", submit,
                                              placeholder="found the right tools", enter="ok"), done)
