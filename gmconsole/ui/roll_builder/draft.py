"""The roll being built, as one value: :class:`RollDraft`.

The draft holds what the GM has set for the next roll (skill, attribute, gear and the per-roll
options), which options are pinned, and the drafts of the other characters. It is immutable: every
key makes a new draft, the pane holds it in one reactive and redraws from one watcher.

Per-roll options and pinning them: a modifier, a difficulty, helpers, bonus dice, Push
Yourself, TN modifiers, named skill modifiers and a reactive roll belong to one roll of one
character: once that roll is recorded they go back to their defaults, and another character's roll
starts from the defaults, so nothing is carried into a roll the GM did not build (Push Yourself
charged stamina on every later roll; "mod −7" followed the GM to the next character). Going back to
a character whose roll was not recorded yet brings back the options built for it (a
glance at another character does not throw them away). The GM may pin them (``!``): a pinned option keeps its
value through rolls and changes of character until it is unpinned. A push is part of the roll it
pushes, and the GM's quick roll uses none of them, so neither resets anything.

The skill, the attribute and the gear are what the roll is *of*, not options of one roll: they stay
with the character's draft.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from gmconsole.campaign.sheet_rolls import RollRequest
from gmconsole.i18n import N_, _

__all__ = ["PER_ROLL", "PIN_MARK", "RollDraft"]

PER_ROLL: dict[str, Any] = {
    "modifier": 0,
    "difficulty": None,
    "helpers": (),
    "bonus_dice": 0,
    "push_yourself": False,
    "tn_modifiers": (),
    "skill_modifiers": (),
    "reactive": False,
    "hidden": False,
}
"""The per-roll options of the builder and the value each goes back to."""

PIN_MARK = N_("(pinned)")
"""Written after a pinned option in the builder's settings line: text, not only a colour (translated there)."""

SHOWN_WHEN_SET = frozenset({"skill_modifiers", "tn_modifiers", "push_yourself", "hidden"})
"""Options the settings line names only once the GM has set them (the others always show)."""

_ALWAYS_ASKED = ("skill", "gear", "difficulty", "helpers", "modifier")
"""What every system's roll request carries from the draft (the system's own options come on top)."""


@dataclass(frozen=True)
class RollDraft:
    """One character's roll as the GM is building it, with the pins and the other characters' drafts."""

    skill: str | None = None
    attribute: str | None = None
    gear: tuple[str, ...] = ()
    difficulty: str | None = None
    helpers: tuple[str, ...] = ()
    modifier: int = 0
    reactive: bool = False
    bonus_dice: int = 0
    push_yourself: bool = False
    tn_modifiers: tuple[str, ...] = ()
    skill_modifiers: tuple[str, ...] = ()
    hidden: bool = False
    """The GM's hidden roll (``H``): recorded as usual, never shown on the players' table view."""
    pinned: frozenset[str] = frozenset()
    others: Mapping[str, RollDraft] = field(default_factory=dict)
    """The drafts left with other characters (by character id), brought back when the GM returns."""

    def changed(self, **values: Any) -> RollDraft:
        """This draft with ``values`` set."""
        return replace(self, **values)

    def cleared(self) -> RollDraft:
        """Nothing built: skill, attribute, gear and every option at its default (pins and the other
        characters' drafts stay)."""
        return RollDraft(pinned=self.pinned, others=self.others)

    # ------------------------------------------------------------------ per-roll options and pins
    def is_set(self, name: str) -> bool:
        return getattr(self, name) != PER_ROLL[name]

    def after_roll(self) -> RollDraft:
        """A roll was recorded: every option not pinned goes back to its default."""
        return replace(self, **{name: default for name, default in PER_ROLL.items() if name not in self.pinned})

    def toggle_pins(self, named: Callable[[str], str]) -> tuple[RollDraft, str]:
        """``!``: pin every per-roll option set now that is not pinned yet; when all of them already
        are, unpin everything (the marks in the settings line show which). Returns the new draft and
        what it did in words, each option as ``named`` gives it (``pinned: mod −1, diff demanding``);
        with nothing set and nothing pinned, the sentence that says so."""
        new = {name for name in PER_ROLL if self.is_set(name)} - self.pinned
        if new:
            said = _("pinned: {options}").format(options=_(", ").join(named(name) for name in PER_ROLL if name in new))
            return replace(self, pinned=frozenset(self.pinned | new)), said
        if self.pinned:
            options = _(", ").join(named(name) for name in PER_ROLL if name in self.pinned)
            said = _("unpinned: {options}").format(options=options)
            return replace(self, pinned=frozenset()), said
        return self, _("Nothing to pin: set a modifier, difficulty, helpers or another option first, then press !.")

    def mark(self, name: str, text: str) -> str:
        """``text`` (one part of the settings line) with the pin mark when ``name`` is pinned."""
        return f"{text} {_(PIN_MARK)}" if name in self.pinned else text

    def moved(self, left: str | None, to: str) -> RollDraft:
        """The GM moves from character ``left`` to ``to``: this draft stays with ``left``; ``to`` gets
        back their own skill, attribute, gear and unpinned options as the GM left them (defaults for a
        character not built yet, or whose roll was recorded since), and the pinned options as they
        stand now. Nobody helps their own roll."""
        others = dict(self.others)
        if left is not None:
            others[left] = replace(self, pinned=frozenset(), others={})
        back = others.get(to, RollDraft())
        carried = {name: getattr(self, name) if name in self.pinned else getattr(back, name) for name in PER_ROLL}
        out = replace(back, **carried, pinned=self.pinned, others=others)
        return replace(out, helpers=tuple(h for h in out.helpers if h != to))

    def shown_options(self, options: tuple[str, ...]) -> tuple[str, ...]:
        """Which of the system's ``options`` the settings line names now, in the system's order."""
        return tuple(name for name in options if name not in SHOWN_WHEN_SET or self.is_set(name))

    # ------------------------------------------------------------------ what the service is asked
    def request(self, character_id: str, attribute: str | None, options: tuple[str, ...]) -> RollRequest:
        """The :class:`~gmconsole.campaign.sheet_rolls.RollRequest` for this draft: the common fields and
        the system's own ``options``; ``attribute`` is the one to roll (the pane resolves the default)."""
        values = {name: getattr(self, name) for name in _ALWAYS_ASKED + tuple(options)}
        return RollRequest(character_id=character_id, attribute=attribute, **values)


def keywords(request: RollRequest, options: tuple[str, ...]) -> dict[str, Any]:
    """``request`` as the keyword arguments of ``preview_roll``, ``roll`` and ``opposed_roll``: the
    common fields and the system's own ``options`` (an option another system has is not passed)."""
    wanted = {"character_id", "attribute", *_ALWAYS_ASKED, *options}
    return {f.name: getattr(request, f.name) for f in fields(request) if f.name in wanted}
