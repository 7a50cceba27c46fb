"""The roll builder's per-roll options and pinning them (issue 12).

A modifier, a difficulty, helpers, bonus dice, Push Yourself, TN modifiers, named skill modifiers
and a reactive roll belong to one roll of one character: once that roll is recorded they go back to
their defaults, and another character's roll starts from the defaults, so nothing is carried into a
roll the GM did not build (Push Yourself charged stamina on every later roll; "mod −7" followed the GM
to the next character). Going back to a character whose roll was not recorded yet brings back the
options built for it (play-test 5: a glance at another character threw them away). The GM may pin
them (``!``): a pinned option keeps its value through rolls and changes of character until it is
unpinned. A push is part of the roll it pushes, and the GM's quick roll uses none of them, so
neither resets anything.

The skill, the attribute and the gear are what the roll is *of*, not options of one roll: they stay
with the character's draft as before.
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["PER_ROLL", "carry_to", "mark", "reset_unpinned", "toggle_pins"]

PER_ROLL: dict[str, Any] = {
    "modifier": 0,
    "difficulty": None,
    "helpers": (),
    "bonus_dice": 0,
    "push_yourself": False,
    "tn_modifiers": (),
    "skill_modifiers": (),
    "reactive": False,
}
"""The per-roll options of the builder and the value each goes back to."""

PIN_MARK = "(pinned)"
"""Written after a pinned option in the builder's settings line: text, not only a colour."""


def _is_set(builder, name: str) -> bool:
    return getattr(builder, name) != PER_ROLL[name]


def toggle_pins(builder, named: Callable[[str], str]) -> str:
    """``!``: pin every per-roll option set now that is not pinned yet; when all of them already
    are, unpin everything (the marks in the settings line show which). Returns what it did in
    words, each option as ``named`` gives it (``pinned: mod −1, diff demanding``); with nothing
    set and nothing pinned, the sentence that says so."""
    set_now = {name for name in PER_ROLL if _is_set(builder, name)}
    new = set_now - builder.pinned
    if new:
        builder.pinned = frozenset(builder.pinned | new)
        return "pinned: " + ", ".join(named(name) for name in PER_ROLL if name in new)
    if builder.pinned:
        was = builder.pinned
        builder.pinned = frozenset()
        return "unpinned: " + ", ".join(named(name) for name in PER_ROLL if name in was)
    return "Nothing to pin: set a modifier, difficulty, helpers or another option first, then press !."


def reset_unpinned(builder) -> None:
    """After a recorded roll: every option not pinned goes back to its default."""
    for name, default in PER_ROLL.items():
        if name not in builder.pinned:
            setattr(builder, name, default)


def carry_to(builder, draft: dict) -> dict:
    """The draft a character gets back when the GM moves to them: their own skill, attribute, gear and
    unpinned options as the GM left them (defaults for a character not built yet, or whose roll was
    recorded since), and the pinned options as they stand now."""
    out = dict(draft)
    for name, default in PER_ROLL.items():
        out[name] = getattr(builder, name) if name in builder.pinned else draft.get(name, default)
    return out


def mark(builder, name: str, text: str) -> str:
    """``text`` (one part of the settings line) with the pin mark when ``name`` is pinned."""
    return f"{text} {PIN_MARK}" if name in builder.pinned else text
