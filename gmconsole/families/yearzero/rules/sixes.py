"""R-STUNT-1: the `myz` skills whose text counts **every** 6 (seed 000) say so instead of "N−1 stunts".

Move helps one friend per 6 ("You can even choose this stunt when you only roll one 6"), a deal on the side
gives one option per 6, Heal's Mend the Broken gives back attribute points equal to the 6s, Shake It Off
removes one trauma per 6, Inspire gives all its 6s. Each such skill's table row has ``sixes``: the words
of the count (English ``one``/``many``, one form for a language without plurals), the ``key`` the
``--json`` carries beside ``stunts``, and ``when``, the named skill modifier a roll must be marked with
for the count to apply (Make a Deal's ``side-deal``; finding a contact counts no 6s).

The 6s are the roll's successes (roles count them the same way: an artifact die's 10+ counts two).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gmconsole.families.yearzero.rules.pool import find_skill
from gmconsole.i18n import _, language, ngettext

__all__ = ["EverySix", "every_six", "marks_of"]


@dataclass(frozen=True)
class EverySix:
    """The count of a roll whose skill counts every 6: its ``--json`` ``key``, the ``count`` and the words."""

    key: str
    count: int
    words: dict[str, Any]

    def effect(self) -> str:
        """What the 6s do, in the skill's words and the GM's language: ``2 friends helped``."""
        own = self.words.get(language())
        said = own if language() != "en" and own else (self.words["one"] if self.count == 1 else self.words["many"])
        effect: str = said.format(count=self.count)
        return effect

    def text(self) -> str:
        """``2 sixes: 2 friends helped``; empty for a roll with no 6 (a failure counts none)."""
        if self.count < 1:
            return ""
        sixes = ngettext("{count} six", "{count} sixes", self.count).format(count=self.count)
        return _("{sixes}: {effect}").format(sixes=sixes, effect=self.effect())


def marks_of(picked: Iterable[object] | None) -> tuple[str, ...]:
    """The ids of a roll's named skill modifiers, as recorded (dicts with ``id``) or as picked (``id`` or
    ``id=detail``)."""
    out = []
    for item in picked or ():
        key = item.get("id") if isinstance(item, dict) else item
        if isinstance(key, str):
            out.append(key.split("=", 1)[0].strip())
    return tuple(out)


def every_six(system: str, skill: str | None, successes: int, marks: Iterable[str] = ()) -> EverySix | None:
    """The count of 6s a roll of ``skill`` reports (R-STUNT-1), or ``None`` when the skill counts stunts
    (``N−1``) as usual — or counts 6s only for a use the roll is not marked with (``marks``: the ids of its
    named skill modifiers)."""
    row = find_skill(system, skill) if skill else None
    words = row.get("sixes") if row else None
    if not words or (words.get("when") and words["when"] not in set(marks)):
        return None
    return EverySix(words["key"], max(0, int(successes)), words)
