"""What the console says about typing the faces of physical dice (R-MANUAL-1): how many faces a roll
needs, an example of the right length written the way the GM types it (``b3456 s34 st3``, one digit
per d6, or ``base=3,4,5,6 skill=3,4 stress=3``), and which letter is which kind of die.

The letters are the system's own (:attr:`GameSystem.face_kinds
<gmconsole.systems.base.GameSystem.face_kinds>`); the rules core reads them (:mod:`gmconsole.rules.spec`).
"""

from __future__ import annotations

import re

from gmconsole import systems
from gmconsole.i18n import N_, _
from gmconsole.rules.spec import write_faces
from gmconsole.ui.widgets.roll_text import kind_word

__all__ = ["faces_example", "faces_keys", "faces_needed", "faces_shown", "with_letters"]

FACES_KEYS = {"base": N_("base dice"), "skill": N_("skill dice"), "gear": N_("gear dice"),
              "stress": N_("stress dice"), "artifact": N_("artifact dice"), "step": N_("step dice"),
              "trait": N_("trait dice"), "dice": N_("dice")}
"""What each letter of typed faces (``b`` in ``b61``) stands for, in the GM's language."""


def _kinds(system: str):
    game = systems.find(system)
    return game.face_kinds if game is not None else ()


def _faces(system: str, counts: dict[tuple[str, int], int]) -> dict[str, list[str]]:
    """Exactly ``n`` faces for each ``(kind, sides): n`` of ``counts``; an exploding die's first face is
    its maximum followed by the next face (``8+4``)."""
    by_kind: dict[str, list[str]] = {}
    game = systems.find(system)
    explode = game is not None and game.dice_explode
    for (kind, sides), n in counts.items():
        faces = by_kind.setdefault(kind, [])
        for i in range(n):
            face = max(1, min(sides, (sides + 1) // 2 + i))
            faces.append(f"{sides}+{face}" if explode and i == 0 else str(face))
    return {kind: faces for kind, faces in by_kind.items() if faces}


def faces_example(system: str, counts: dict[tuple[str, int], int], short: bool = True) -> str:
    """An example of typed faces with exactly ``n`` faces for each ``(kind, sides): n`` of ``counts`` (the
    dice a roll, a push or an attack actually needs), so the GM copies a hint of the right length:
    ``b3456 s34`` (``short``) or ``base=3,4,5,6 skill=3,4``."""
    return write_faces(_kinds(system), _faces(system, counts), short=short)


def faces_shown(system: str, counts: dict[tuple[str, int], int]) -> str:
    """The example both ways, as a hint shows it: ``b3456 s34 or base=3,4,5,6 skill=3,4``."""
    short, long = faces_example(system, counts), faces_example(system, counts, short=False)
    return short if short == long else _("{short} or {long}").format(short=short, long=long)


def faces_needed(system: str, dice: list[dict]) -> tuple[str, dict[tuple[str, int], int]]:
    """What the faces-entry modal asks for (R-MANUAL-1), read from a preview's dice: how many faces of
    each kind the pool needs (``"4 base d6, 2 skill d6, 1 stress d6"``) and the dice counted as
    :func:`faces_example` takes them."""
    counts: dict[tuple[str, int], int] = {}
    for die in dice:
        key = (die["kind"], die["sides"])
        counts[key] = counts.get(key, 0) + 1
    needs = _(", ").join(_("{count} d{sides}").format(count=n, sides=sides) if kind == "dice"
                         else _("{count} {kind} d{sides}").format(count=n, kind=kind_word(kind), sides=sides)
                         for (kind, sides), n in counts.items())
    return needs, counts


def faces_keys(system: str, example: str) -> str:
    """Which kind each letter of ``example`` is (``Letters: b=base dice, s=skill dice.``), a sentence to put
    after a hint (:func:`with_letters`): the letters are the same in every language, as the rules core reads
    them, so the GM is told what each means. Empty when the example uses none."""
    words = {k.letter: k.name for k in _kinds(system) if k.letter} | {k.name: k.name for k in _kinds(system)}
    used = dict.fromkeys(m.group().lower() for m in re.finditer(r"(?<![a-z])[a-z]+", example, re.I))
    named = [f"{word}={_(FACES_KEYS[words[word]])}" for word in used
             if word in words and words[word] in FACES_KEYS and word != words[word]]
    return _("Letters: {keys}.").format(keys=_(", ").join(named)) if named else ""


def with_letters(hint: str, system: str, example: str) -> str:
    """``hint`` followed by what each letter of ``example`` is (:func:`faces_keys`), joined as the
    language joins two sentences."""
    letters = faces_keys(system, example)
    return _("{hint} {sentence}").format(hint=hint, sentence=letters) if letters else hint
