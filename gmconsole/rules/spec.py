"""Reading the faces typed from physical dice, at the command line or in the console (R-MANUAL-1).

Groups separated by spaces, in either of two forms, mixed freely:

- short: the kind's letter(s), then its faces, **one digit per face** for dice of six sides
  (``b23124 s355 g14``: base 2,3,1,2,4, skill 3,5,5, gear 1,4); for bigger dice (artifact, step,
  exploding dice) one face (``a10``) or faces between commas (``a10,3``, ``s8+3,2``);
- long: ``kind=face,face`` (``base=2,3,1,2,4 skill=3,5,5``).

Each family declares its kinds and their letters (:class:`FaceKind`) in its own folder, as its
quick-pool syntax writes them. This module splits the text into kinds and tokens and turns plain
tokens into integers; each system checks the tokens against its own pool (an exploding face may read
``8+3``). The sentences that say what is wrong and how to write it (a count, a face out of range, an
unknown letter) are made here, so every roll says them alike.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from gmconsole.i18n import _, ngettext
from gmconsole.rules.errors import RulesError

__all__ = ["MAX_SPEC_CHARS", "FaceKind", "Typed", "check_counts", "count_refusal", "example", "face_refusal",
           "faces_per_kind", "letters_text", "parse_int_spec", "split_spec", "to_int", "write_faces"]

_LONG = re.compile(r"([a-z][a-z-]*)=(.*)", re.I | re.S)
_SHORT = re.compile(r"([a-z]+)(.*)", re.I | re.S)
_MOST_DIGITS = 9
"""A face longer than this is no face of any die (and would only make a huge number)."""
MAX_SPEC_CHARS = 50_000
"""The longest faces text read: a pool of a hundred dice of every kind is a few hundred characters, so
anything longer is refused before it is split (it would only be read to be refused), while twenty thousand
faces pasted by mistake are still read, and counted, to say how many were typed."""
_QUOTED = 40
"""Faces quoted in a refusal beyond this many characters are cut (the count says how many there were)."""
_D6_FACES = (6, 3, 1, 2, 4, 5)
_BIG_FACES = (3, 1, 2, 4, 5)
"""Faces an example shows when the GM's own cannot be reused (never a big die's top face, which would explode)."""


@dataclass(frozen=True)
class FaceKind:
    """A kind of die as faces are typed: its name (``base``, the long form's key), its letter(s) in the
    short form (``b``; ``""`` when only the long form names it) and whether its dice are always d6
    (``d6``): then the short form reads one digit per face, and the faces alone tell the dice rolled;
    otherwise (artifact, step, exploding dice) one face, or faces between commas."""

    name: str
    letter: str = ""
    d6: bool = True


_Face = TypeVar("_Face")  # a typed token (str) or a face read from it (int)


class Typed(dict[str, list[_Face]]):
    """``{kind: [token, ...]}`` (or faces, from :func:`parse_int_spec`) as the GM typed them, with each
    kind's faces as typed (``typed["base"]``: ``"63124"``) and the kinds they were read with, so a
    refusal can quote them and show the GM's own faces written both ways."""

    def __init__(self, items: Mapping[str, list[_Face]] | None = None, *, typed: Mapping[str, str] | None = None,
                 kinds: Sequence[FaceKind] = ()) -> None:
        super().__init__(items or {})
        self.typed: dict[str, str] = dict(typed or {})
        self.kinds: tuple[FaceKind, ...] = tuple(kinds)

    def kind(self, name: str) -> FaceKind:
        """The :class:`FaceKind` named ``name`` (a plain one for a kind the reader did not declare)."""
        return next((k for k in self.kinds if k.name == name), FaceKind(name))


def _kinds(kinds: Sequence[FaceKind | str]) -> tuple[FaceKind, ...]:
    return tuple(k if isinstance(k, FaceKind) else FaceKind(k) for k in kinds)


def letters_text(kinds: Sequence[FaceKind | str]) -> str:
    """The letters of ``kinds`` for a refusal: ``b (base), s (skill), st (stress), a (artifact)``."""
    return _(", ").join(f"{k.letter} ({k.name})" if k.letter else f"{k.name}=" for k in _kinds(kinds))


def _body_text(kind: FaceKind, faces: Sequence[object], short: bool) -> str:
    shown = [str(f) for f in faces]
    if short and kind.d6 and all(len(s) == 1 for s in shown):
        return "".join(shown)
    return ",".join(shown)


def write_faces(kinds: Sequence[FaceKind | str], faces: Mapping[str, Sequence[object]], short: bool = True) -> str:
    """``faces`` (``{kind: [face, ...]}``) written as the GM types them: ``b631 s4`` (``short``, where
    a kind has a letter) or ``base=6,3,1 skill=4``."""
    known = {k.name: k for k in _kinds(kinds)}
    groups = []
    for name, shown in faces.items():
        kind = known.get(name, FaceKind(name))
        if not shown:
            continue
        if short and kind.letter:
            groups.append(kind.letter + _body_text(kind, shown, True))
        else:
            groups.append(f"{name}={_body_text(kind, shown, False)}")
    return " ".join(groups)


def example(kind: FaceKind, sides: Sequence[int], typed: Sequence[object] = ()) -> str:
    """How to type one face per die of ``sides`` for ``kind``, both ways: ``b63124 or base=6,3,1,2,4``.
    The GM's own faces are shown when they are the right number of faces run together (``base=63124``),
    else faces any die of ``sides`` can show."""
    run = "".join(str(t) for t in typed)
    if re.fullmatch(r"[0-9]+", run) and len(run) == len(sides) and all(1 <= int(d) <= s for d, s in zip(run, sides)):
        faces: list[int] = [int(d) for d in run]
    else:
        cycle = _D6_FACES if kind.d6 else _BIG_FACES
        faces = [max(1, min(cycle[i % len(cycle)], s if kind.d6 else max(1, s - 1))) for i, s in enumerate(sides)]
    long = f"{kind.name}={','.join(map(str, faces))}"
    if not kind.letter:
        return long
    return _("{short} or {long}").format(short=kind.letter + _body_text(kind, faces, True), long=long)


def _generic(kinds: tuple[FaceKind, ...]) -> str:
    """An example of the whole syntax for these kinds (the first two kinds' faces), short then long."""
    shown = {k.name: ([6, 1] if k.d6 else [3, 1]) if i == 0 else [4] for i, k in enumerate(kinds[:2])}
    short = write_faces(kinds, shown, short=True)
    long = write_faces(kinds, shown, short=False)
    return long if short == long else _("{short} or {long}").format(short=short, long=long)


def split_spec(spec: str, kinds: Sequence[FaceKind | str]) -> Typed[str]:
    """Split ``spec`` into ``{kind: [token, ...]}``; unknown kinds, empty groups and repeats are errors,
    each one sentence saying how to write it."""
    known = _kinds(kinds)
    if not isinstance(spec, str) or not spec.strip():
        raise RulesError(_("no faces given: type each kind's faces, e.g. {example}").format(example=_generic(known)))
    if len(spec) > MAX_SPEC_CHARS:
        raise RulesError(_("the faces typed are {length} characters long (at most {most}): type one face per die "
                           "rolled").format(length=f"{len(spec):,}", most=f"{MAX_SPEC_CHARS:,}"))
    by_word = {k.name: k for k in known} | {k.letter: k for k in known if k.letter}
    out: Typed[str] = Typed(kinds=known)
    seen: dict[str, str] = {}
    for group in spec.split():
        long = _LONG.fullmatch(group)
        found = long or _SHORT.fullmatch(group)
        if not found or (not long and not re.fullmatch(r"[0-9+,]*", found.group(2))):
            raise RulesError(_("cannot read {group!r}: type a kind's letter and its faces, e.g. {example}").format(
                group=group, example=_generic(known)))
        word, body = found.groups()
        kind = by_word.get(word.lower())
        if kind is None:
            raise RulesError(_("unknown die kind {word!r}: use {letters}").format(word=word,
                                                                                 letters=letters_text(known)))
        if kind.name in out:
            raise RulesError(_("{kind} faces are typed twice ({first!r} and {second!r}); put all {kind} faces in "
                               "one group").format(kind=kind.name, first=seen[kind.name], second=group))
        seen[kind.name] = group
        if not body:
            raise RulesError(_("{group!r} has no faces: type them after it, e.g. {example}").format(
                group=group, example=example(kind, [6, 6])))
        # one digit per face in the short form of a d6 kind; else faces between commas (or one face)
        tokens = body.split(",") if long or "," in body or not kind.d6 else list(body)
        if any(t == "" for t in tokens):
            raise RulesError(_("{group!r} has an empty face: type {kind} faces like {example}").format(
                group=group, kind=kind.name, example=example(kind, [6, 6])))
        out[kind.name] = tokens
        out.typed[kind.name] = body
    return out


def to_int(token: str, kind: str) -> int:
    """A plain face token as an integer, with a clear error for anything else."""
    if not re.fullmatch(r"[0-9]+", token):
        raise RulesError(_("{kind} face {token!r} is not a whole number").format(kind=kind, token=token))
    if len(token) > _MOST_DIGITS:
        raise RulesError(_("{kind}: {token} is not a face of any die").format(kind=kind, token=token))
    return int(token)


def parse_int_spec(spec: str, kinds: Sequence[FaceKind | str]) -> Typed[int]:
    """A SPEC whose faces are plain integers: ``{kind: [face, ...]}`` (a :class:`Typed`)."""
    tokens = split_spec(spec, kinds)
    return Typed({kind: [to_int(t, kind) for t in faces] for kind, faces in tokens.items()}, typed=tokens.typed,
                 kinds=tokens.kinds)


def faces_per_kind(typed: Typed[_Face], most: int) -> dict[str, int]:
    """How many faces each kind types, for a pool made of the dice the faces type (R-MANUAL-1: no pool
    given); a kind typing more faces than a pool holds dice of it (``most``) is refused as faces typed:
    ``base: too many faces typed (20,001): one face per die, and a pool has at most 100 dice of a kind``."""
    counts = {kind: len(faces) for kind, faces in typed.items()}
    for kind, count in counts.items():
        if count > most:
            raise RulesError(_named(kind, _("too many faces typed ({count}): one face per die, and a pool has at most "
                                            "{most} dice of a kind").format(count=f"{count:,}", most=most)))
    return counts


def _quoted(typed: str) -> str:
    """Faces as typed, for a refusal: cut past :data:`_QUOTED` characters."""
    return typed if len(typed) <= _QUOTED else typed[:_QUOTED - 1] + "…"


def _named(kind: str, sentence: str) -> str:
    """``sentence`` about ``kind``'s faces, the kind named first (``base: ...``); a plain pool of ``dice``
    (tiered, a panic die) has one kind only, so its sentence stands alone."""
    return sentence if kind == "dice" else _("{kind}: {sentence}").format(kind=kind, sentence=sentence)


def face_refusal(kind: FaceKind | str, face: int, sides: int) -> RulesError:
    """R-MANUAL-1: ``skill: 7 is not a face of a d6``; faces run together in the long form
    (``base=63124``) are shown written one digit per die, both ways."""
    kind = _kinds([kind])[0]
    said = _("{face} is not a face of a d{sides}").format(face=face, sides=sides)
    digits = str(face)
    if kind.d6 and len(digits) > 1 and all(1 <= int(d) <= sides for d in digits):
        said = _("{said}: one face per die, e.g. {example}").format(
            said=said, example=example(kind, [sides] * len(digits), list(digits)))
    return RulesError(_named(kind.name, said))


def count_refusal(kind: FaceKind, sides: Sequence[int], tokens: Sequence[object] | None, typed: str | None,
                  rerolled: bool = False) -> RulesError:
    """R-MANUAL-1: the faces of ``kind`` are not one per die of ``sides`` (the pool's dice of that kind,
    or those a push rerolls): how many dice, how many faces were typed (``typed``, quoted), and how to
    write them: ``base: 5 dice, 1 face typed ('63124'): one face per die, e.g. b63124 or base=6,3,1,2,4``."""
    n = len(sides)
    given = len(tokens or ())
    if typed is None:
        typed = ",".join(str(t) for t in tokens or ())
    typed = _quoted(typed)
    faces = ngettext("{n} face", "{n} faces", given).format(n=given)
    if not n:
        if rerolled:
            said = _("the push rerolls no {kind} die, but {faces} typed ({typed!r}): type only the rerolled dice")
        else:
            said = _("the pool has no {kind} dice, but {faces} typed ({typed!r}): type only the dice rolled")
        return RulesError(_named(kind.name, said.format(kind=kind.name, faces=faces, typed=typed)))
    dice = ngettext("{n} die", "{n} dice", n).format(n=n)
    how = example(kind, sides, tokens or ())
    if rerolled:
        said = (_("the push rerolls {dice}, {faces} typed ({typed!r}): one face per rerolled die, e.g. {example}")
                if given else _("the push rerolls {dice}, no face typed: one face per rerolled die, e.g. {example}"))
    else:
        said = (_("{dice}, {faces} typed ({typed!r}): one face per die, e.g. {example}") if given
                else _("{dice}, no face typed: one face per die, e.g. {example}"))
    return RulesError(_named(kind.name, said.format(dice=dice, faces=faces, typed=typed, example=how)))


def check_counts(typed: Typed[_Face], sides: Mapping[str, Sequence[int]], rerolled: bool = False) -> None:
    """R-MANUAL-1: exactly one typed face per die of each kind (``sides``: each kind's dice by their
    sides, in order); every kind that is wrong is said, each as :func:`count_refusal` words it, so faces
    typed for another character's pool are corrected in one go rather than kind by kind."""
    wrong = []
    for name in dict.fromkeys([k.name for k in typed.kinds] + list(sides) + list(typed)):
        wanted = list(sides.get(name, ()))
        given = typed.get(name)
        if len(given or ()) == len(wanted):
            continue
        wrong.append(count_refusal(typed.kind(name), wanted, given, typed.typed.get(name), rerolled))
    if len(wrong) == 1:
        raise wrong[0]
    if wrong:
        raise RulesError(_("; ").join(str(refusal) for refusal in wrong))
