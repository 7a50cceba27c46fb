"""Named skill modifiers and opposed pairs, read from the system's table (``skill_modifiers``, ``opposed_by``).

Seed 002's skill texts list their own modifiers: Stealth's factors (潛行), Manipulation's bargaining
position (說服) and interrogation (審問: opposed by Stamina, +1 against a captive). The roll builder
offers them by name instead of a bare ±N, and the history records them by name (docs/RULES.md,
"Seed 002's skill texts carry their own modifier lists"). In `myz` the same table names what a role
skill's roll is for (a deal on the side, the sector entered, the device built): no dice change,
but R-MYZ-LIMIT watches them (:mod:`gmconsole.families.yearzero.rules.limits`).

A picked modifier is written ``id`` or, for a row that asks for a detail, ``id=detail``
(``enter-sector=B7``). :func:`resolve` checks a roll's picks against the skill and returns them with
their values; the pool builder adds the values like any other modifier (R-MOD-1, yze-step R-STEP-1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gmconsole.i18n import _, pick
from gmconsole.rules.data import system_table
from gmconsole.rules.errors import RulesError

__all__ = ["Picked", "SkillModifier", "find", "listed_name", "missing_use", "modifiers_for", "opposed_skill",
           "recorded", "resolve", "use_of", "uses_for", "uses_text"]

MAX_DETAIL = 60
"""A typed detail (a sector, a device) is kept short: it is shown on one line and in the history."""


def _table(system: str) -> dict[str, Any]:
    return system_table(system)


@dataclass(frozen=True)
class SkillModifier:
    """One row of a system's ``skill_modifiers`` table (names in English and Traditional Chinese)."""

    id: str
    skill: str
    modifier: int
    name: dict[str, Any]
    group: dict[str, Any]
    excludes: tuple[str, ...] = ()
    opposed_by: str | None = None
    ask: dict[str, Any] | None = None
    use: dict[str, Any] | None = None
    """One of the skill's uses (myz Sic a Dog: fight, scout, track): ``{"attribute": ..., "of": "dog"}``,
    the attribute it rolls and, for the dog's own, whose; a roll of the skill names exactly one use."""
    stunts: str | None = None
    """The skill whose stunts a roll for this use offers (Sic a Dog fighting: ``fight``, as the dog Fights for
    the handler; scouting: ``scout``); ``None``: the rolled skill's own list (tracking's)."""
    choices: str | None = None
    """The table whose rows the detail is picked from (myz ``jury_rig_devices``); a typed detail naming
    a row (its id or name, in either language) is kept as that row's English name."""
    pick: str | None = None
    """What the console picks the detail from instead of asking it typed (``patient``: a roster member,
    kept by name)."""

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> SkillModifier:
        return cls(id=row["id"], skill=row["skill"], modifier=int(row.get("modifier", 0)), name=row["name"],
                   group=row.get("group") or {}, excludes=tuple(row.get("excludes", ())),
                   opposed_by=row.get("opposed_by"), ask=row.get("ask"), use=row.get("use"),
                   stunts=row.get("stunts"), choices=row.get("choices"), pick=row.get("pick"))

    @property
    def attribute(self) -> str | None:
        """The attribute a use rolls (``None`` for a row that is no use)."""
        return (self.use or {}).get("attribute")

    @property
    def dogs_own(self) -> bool:
        """A use that rolls the dog's own attribute (Sic a Dog fighting): its push hurts the dog."""
        return (self.use or {}).get("of") == "dog"

    def label(self, with_value: bool = True) -> str:
        """The name in the GM's language and its value (``The area is dark or dimly lit +1``) for pickers and
        the pool's lines."""
        text = pick(self.name).rstrip(".。")
        if with_value and self.modifier:
            text += f" {self.modifier:+d}".replace("-", "\u2212")
        return text


@dataclass(frozen=True)
class Picked:
    """A modifier picked for one roll, with its typed detail (``None`` for rows that ask none)."""

    modifier: SkillModifier
    detail: str | None = None

    @property
    def label(self) -> str:
        """The name in the GM's language with the typed detail, without the value (``Entering a sector B7``)."""
        text = self.modifier.label(with_value=False)
        return f"{text} {self.detail}" if self.detail else text

    @property
    def key(self) -> str:
        return self.modifier.id if self.detail is None else f"{self.modifier.id}={self.detail}"

    def as_dict(self) -> dict[str, Any]:
        """How the history records it: by id and by name (both languages), its value and detail."""
        out = {"id": self.modifier.id, "name": dict(self.modifier.name), "modifier": self.modifier.modifier,
               "group": dict(self.modifier.group)}
        if self.detail is not None:
            out["detail"] = self.detail
        return out


def modifiers_for(system: str, skill: str | None) -> list[SkillModifier]:
    """The named modifiers the table gives ``skill`` (in table order; empty when it lists none)."""
    if not skill:
        return []
    rows = _table(system).get("skill_modifiers", ())
    return [SkillModifier.from_row(r) for r in rows if r["skill"] == skill]


def find(system: str, skill: str | None, key: str) -> SkillModifier:
    """The row ``key`` (an id, or ``id=detail``) among ``skill``'s modifiers; one clear error otherwise."""
    wanted = key.split("=", 1)[0].strip().casefold()
    rows = modifiers_for(system, skill)
    for row in rows:
        if wanted in (row.id, row.name["en"].rstrip(".").casefold(), row.name.get("zh-Hant", "")):
            return row
    if not rows:
        if not skill:
            raise RulesError(_("a roll without a skill has no named modifiers in {system}: pick the skill first")
                             .format(system=system))
        raise RulesError(_("{skill} has no named modifiers in {system}").format(skill=skill, system=system))
    names = ", ".join(r.id for r in rows)
    raise RulesError(_("{skill} has no modifier {key!r}: choose one of {names}").format(
        skill=skill, key=key.split("=", 1)[0].strip(), names=names))


def _detail(system: str, row: SkillModifier, key: str) -> str | None:
    text = key.split("=", 1)[1].strip() if "=" in key else ""
    if row.ask is None:
        if text:
            raise RulesError(_("{id} takes no detail (give it as {id})").format(id=row.id))
        return None
    text = " ".join(text.split())
    if not text:
        raise RulesError(_("{id} needs a detail: {ask} (give it as {id}=...)").format(id=row.id, ask=pick(row.ask)))
    if len(text) > MAX_DETAIL:
        raise RulesError(_("the detail of {id} is too long ({count} characters, at most {most})").format(
            id=row.id, count=len(text), most=MAX_DETAIL))
    if not text.isprintable():
        raise RulesError(_("the detail of {id} has characters that cannot be shown").format(id=row.id))
    return listed_name(system, row, text) or text


def listed_name(system: str, row: SkillModifier, text: str) -> str | None:
    """The English name of the row of ``row.choices`` that ``text`` names (its id or its name in either
    language, without regard to case), so ``scrap gun``, ``Scrap gun`` and 廢料槍 are one device; ``None``
    when ``text`` names none (a device of the GM's own) or the modifier picks from no table."""
    if not row.choices:
        return None
    wanted = " ".join(text.split()).casefold()
    for listed in _table(system).get(row.choices, ()):
        names = (listed.get("id", ""), *listed.get("name", {}).values())
        if wanted in {str(n).casefold() for n in names}:
            english: str = listed["name"]["en"]
            return english
    return None


def resolve(system: str, skill: str | None, keys: Iterable[str]) -> list[Picked]:
    """Check the picks of one roll: each belongs to ``skill``, none twice, none with a row it excludes
    (rows stating the same fact are counted once, e.g. interrogation's captive +1 and "detained or
    imprisoned by you"); a row that asks for a detail has one. Raises :class:`RulesError`."""
    picked: list[Picked] = []
    seen: set[str] = set()
    for key in keys:
        if not str(key).strip():
            raise RulesError(_("a skill modifier needs a name"))
        row = find(system, skill, str(key))
        if row.id in seen:
            raise RulesError(_("{id} is picked twice: each modifier counts once").format(id=row.id))
        clash = next((p.modifier for p in picked if row.id in p.modifier.excludes or p.modifier.id in row.excludes),
                     None)
        if clash is not None and row.use and clash.use:
            raise RulesError(_("{id} and {other} are two uses of {skill}: a roll is one of them, pick one of "
                               "them").format(id=row.id, other=clash.id, skill=pick(_skill_name(system, skill))))
        if clash is not None:
            raise RulesError(_("{id} and {other} state the same fact (or its opposite): pick one of them").format(
                id=row.id, other=clash.id))
        seen.add(row.id)
        picked.append(Picked(row, _detail(system, row, str(key))))
    return picked


def _skill_name(system: str, skill: str | None) -> dict[str, Any]:
    """The table's name of ``skill`` (both languages), or the id for both when the table has no such row."""
    row = next((r for r in _table(system).get("skills", ()) if r["id"] == skill), None)
    return row["name"] if row else {"en": skill or "", "zh-Hant": skill or ""}


def uses_for(system: str, skill: str | None) -> list[SkillModifier]:
    """The uses of ``skill`` (myz Sic a Dog: fight, scout, track), in table order; empty for a skill that
    has none (every other skill: its roll needs no use)."""
    return [row for row in modifiers_for(system, skill) if row.use]


def use_of(system: str, skill: str | None, keys: Iterable[str]) -> SkillModifier | None:
    """The use among a roll's picks (ids, or ``id=detail``), or ``None`` when it names none; the picks are
    checked by :func:`resolve` (two uses at once are refused there)."""
    wanted = {str(key).split("=", 1)[0].strip().casefold() for key in keys}
    return next((row for row in uses_for(system, skill) if row.id in wanted), None)


def uses_text(system: str, skill: str | None) -> str:
    """The uses of ``skill`` named in the GM's language, as a refusal lists them: ``Fighting (the dog's
    Strength), Scouting (the handler's Wits) or Tracking (the handler's Wits)``."""
    names = [pick(row.name) for row in uses_for(system, skill)]
    if len(names) < 2:
        return "".join(names)
    return _("{some} or {last}").format(some=_(", ").join(names[:-1]), last=names[-1])


def missing_use(system: str, skill: str | None, skill_name: str | None = None) -> str:
    """The one sentence that refuses a roll of ``skill`` naming none of its uses (the builder asks instead;
    the command line names its flag)."""
    return _("{skill} is rolled for one of its uses: {uses}").format(
        skill=skill_name or pick(_skill_name(system, skill)), uses=uses_text(system, skill))


def opposed_skill(system: str, skill: str | None, picked: Sequence[Picked] = ()) -> str | None:
    """The skill the defender rolls against ``skill`` (R-OPP-1 pairs, from the table): a picked row's
    ``opposed_by`` first (interrogation: Stamina), else the skill's own; ``None`` when unpaired."""
    for p in picked:
        if p.modifier.opposed_by:
            return p.modifier.opposed_by
    if not skill:
        return None
    for row in _table(system).get("skills", ()):
        if row["id"] == skill:
            opposed_by: str | None = row.get("opposed_by")
            return opposed_by
    return None


def opposed_only_by_role(system: str, skill: str | None) -> str | None:
    """The role a defender must have for ``skill`` to be opposed at all (myz Intimidate: an Enforcer)."""
    for row in _table(system).get("skills", ()):
        if skill and row["id"] == skill:
            role: str | None = row.get("opposed_only_by_role")
            return role
    return None


def recorded(picked: Sequence[Picked]) -> list[dict[str, Any]]:
    """The picks as the history records them (see :meth:`Picked.as_dict`)."""
    return [p.as_dict() for p in picked]
