"""The roll builder's keys that change the roll being built: the attribute, the gear, the difficulty, the
modifier, bonus dice, Push Yourself, a reactive or hidden roll, no helpers or modifiers, pins, and starting
afresh (:class:`DraftKeys`, on the :class:`~gmconsole.ui.roll_builder.controller.BuilderController`). Each makes
a new :class:`~gmconsole.ui.roll_builder.draft.RollDraft` (the pane redraws from it); nothing is written to the
campaign, but for one thing: pinning a difficulty other than the default also sets it for the players' own rolls
(their pages are served by another process, so the campaign keeps it), and unpinning it clears it.
"""

from __future__ import annotations

from typing import Any

from gmconsole.i18n import _
from gmconsole.ui.roll_builder.controller import ERRORS, BuilderController
from gmconsole.ui.roll_builder.draft import RollDraft

__all__ = ["DraftKeys"]


class DraftKeys:
    """``a``, ``g``, ``d`` / ``D``, ``+`` / ``−``, ``b`` / ``B``, ``y``, ``t``, ``H``, ``E``, ``M``, ``x`` and ``!``."""

    def __init__(self, builder: BuilderController) -> None:
        self.builder = builder

    def _changed(self, **values: Any) -> None:
        """The draft with ``values`` set, and the message answering an earlier key gone."""
        builder = self.builder
        builder.message = ""
        builder.draft = builder.draft.changed(**values)

    def next_attribute(self) -> None:
        """``a``: the next attribute (Year Zero: an attribute rolled alone, no skill, first)."""
        builder = self.builder
        character = builder.need_character()
        if character is None:
            return
        names: list[str | None] = list(character.attributes)
        cycle: list[str | None] = [None, *names] if builder.game_system.attribute_from_skill else names
        attribute = builder.draft.attribute
        current = attribute if attribute in cycle else (None if None in cycle else builder.attribute_to_roll())
        index = cycle.index(current) if current in cycle else -1
        self._changed(attribute=cycle[(index + 1) % len(cycle)])

    def next_gear(self) -> None:
        """``g``: the next item usable with the skill (none at the end of the cycle)."""
        builder = self.builder
        character = builder.need_character()
        if character is None:
            return
        items = builder.usable_gear(character, builder.draft.skill)
        if not items:
            said = (_("{name} carries no gear usable with {skill}.") if builder.draft.skill
                    else _("{name} carries no gear usable without a skill."))
            builder.say(said.format(name=character.name, skill=builder.skill_name()))
            return
        cycle: list[str | None] = [None, *items]
        current = builder.draft.gear[0] if builder.draft.gear else None
        index = cycle.index(current) if current in cycle else 0
        nxt = cycle[(index + 1) % len(cycle)]
        self._changed(gear=() if nxt is None else (nxt,))

    def difficulty(self, step: int) -> None:
        """``d`` / ``D``: a step up or down the system's difficulty ladder (round)."""
        from gmconsole.ui.widgets.roll_text import difficulty_choices

        builder = self.builder
        if builder.need_character() is None:
            return
        ladder = [d for d, _label in difficulty_choices(builder.system)]
        if not ladder:
            builder.say(_("{system} has no difficulty ladder; use + and − instead.").format(system=builder.system))
            return
        default = builder.game_system.default_difficulty()
        if default not in ladder:
            default = ladder[len(ladder) // 2]
        current = builder.draft.difficulty or default
        index = ladder.index(current) if current in ladder else ladder.index(default)
        self._changed(difficulty=ladder[(index + step) % len(ladder)])

    def modifier(self, step: int) -> None:
        builder = self.builder
        if builder.need_character() is not None:
            self._changed(modifier=builder.draft.modifier + step)

    def bonus(self, step: int) -> None:
        """``b`` / ``B``: one bonus die more or less; ``b`` stops at the system's limit and says so
        (R-TIER-1, the family's ``ConsoleParts.max_bonus_dice``: the key exists only in ``tiered``)."""
        builder = self.builder
        most = builder.console.max_bonus_dice
        if builder.need_character() is None:
            return
        wanted = max(0, builder.draft.bonus_dice + step)
        builder.message = ""
        if step > 0 and wanted > most:
            wanted = most
            builder.message = _("No more bonus dice: at most +{count} bonus dice help a check (R-TIER-1); B "
                                "takes one away.").format(count=most)
        builder.draft = builder.draft.changed(bonus_dice=wanted)

    def toggle(self, option: str) -> None:
        """``y``, ``t``: Push Yourself, a reactive roll, on or off."""
        builder = self.builder
        if builder.need_character() is not None:
            self._changed(**{option: not getattr(builder.draft, option)})

    def toggle_hidden(self) -> None:
        """``H``: the next roll is the GM's hidden roll, or shown again (a per-roll option, pinnable)."""
        builder = self.builder
        if builder.need_character() is None:
            return
        self._changed(hidden=not builder.draft.hidden)
        builder.view.status(_("the next roll is hidden from the players' table view — H again shows it")
                            if builder.draft.hidden else _("the next roll is shown on the players' table view again"))

    def clear_option(self, option: str) -> None:
        """``E``, ``M``: no helpers, no named or TN modifiers."""
        self._changed(**{option: ()})

    def clear(self) -> None:
        """``x``: start the roll afresh, pins included, and clear the last roll's result from the pane."""
        builder = self.builder
        builder.special_text = builder.message = ""
        builder.last_entry = None
        builder.draft = builder.draft.cleared().changed(pinned=frozenset())

    def pin(self) -> None:
        """``!``: pin the per-roll options set now, or unpin them all (:meth:`RollDraft.toggle_pins`)."""
        builder = self.builder
        if builder.need_character() is None:
            return
        before = self._pinned_difficulty(builder.draft)
        draft, builder.message = builder.draft.toggle_pins(builder.option_words)
        builder.draft = draft
        after = self._pinned_difficulty(draft)
        if after is not None or before is not None:
            self._players_difficulty(after)

    def _pinned_difficulty(self, draft: RollDraft) -> str | None:
        """The difficulty ``draft`` pins when it is not the system's default, else ``None``."""
        if "difficulty" not in draft.pinned or draft.difficulty is None:
            return None
        return None if draft.difficulty == self.builder.game_system.default_difficulty() else draft.difficulty

    def _players_difficulty(self, difficulty: str | None) -> None:
        """Set (``None``: clear) the difficulty of the players' own rolls, one undoable change, and say so on
        the status line; nothing when the campaign holds it already."""
        builder = self.builder
        setup = builder.service.setup
        if setup.player_difficulty() == difficulty:
            return
        try:
            entry = setup.set_player_difficulty(difficulty)
        except ERRORS as exc:
            builder.refused(exc)
            return
        said = builder.message
        builder.view.status(entry["summary"])
        if builder.message != said:  # no status line (the builder alone): the message line keeps what ! did
            builder.say(said)
