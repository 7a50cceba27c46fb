"""What a `myz` role skill's roll leads to (seed 000), read from ``role_outcomes`` in ``data/myz.toml``:
a Jury-Rig build (:mod:`.jury_rig`), Find the Path's finds and a Fixer's deal on the side (here), Heal's
Save a Life (:func:`.roles.save_a_life`).

R-MYZ-ROLE-1 (gmconsole's reading): the seed says what a role skill's roll gives, but not when the table
takes it; the console applies it after the roll and any push (the roll builder's ``j``, ``--role-outcome``
on the command line), once per roll, as one undoable entry; a roll whose outcome was applied is not pushed
again (undo the outcome first), as for its costs.

R-MYZ-FINDS-1 (Find the Path, gmconsole's reading): a successful roll buys one stunt per 6 beyond the
first, each once per roll (R-MYZ-LIMIT); the D6 bullets, D6 rations of grub contaminated by the Rot and D6
rations of Rot-free water are rolled (or typed, R-MANUAL-1) and recorded with the roll (amounts and dice),
as are the artifact, the Rot level and the time; rushing through in a quarter of the time finds no
artifacts, grub or water (the seed), so it is refused together with those. Finds are recorded in the
history and the recap, not put on a sheet (the console keeps no counters of grub, water or bullets).

R-MYZ-FINDS-2 (Make a Deal, gmconsole's reading): a successful deal on the side gives one option for every
6 (R-STUNT-1); an option may be chosen more than once (the seed limits only Find the Path's stunts to one
each); D6 bullets, D6 rations of grub, 2D6 rations of Rot-free water and 2D6 doses of booze are rolled
(or typed) and recorded as for Find the Path; dirt on someone is recorded for the GM to decide. A failed
deal says the seed's words (someone feels cheated) and gives nothing.

Pure: the dice come from a :class:`~gmconsole.rules.dice.DiceSource` the caller gives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gmconsole.i18n import _, language, ngettext, pick
from gmconsole.phrasing import counted
from gmconsole.rules.data import system_table
from gmconsole.rules.dice import DiceSource, Die, DieKind, roll_dice
from gmconsole.rules.errors import RulesError

__all__ = ["FindOption", "Finds", "RoleOutcome", "choices_of", "find_rows", "outcome_for", "outcomes", "roll_finds"]


@dataclass(frozen=True)
class FindOption:
    """One option of a finds outcome: the seed's words, the D6 its amount takes (0: none) and the unit it
    is counted in, or what is found (``found``) when there is no amount."""

    id: str
    name: dict[str, Any]
    text: dict[str, Any]
    dice: int = 0
    unit: dict[str, Any] | None = None
    found: dict[str, Any] | None = None
    excludes: tuple[str, ...] = ()

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> FindOption:
        return cls(id=row["id"], name=row["name"], text=row["text"], dice=int(row.get("dice", 0)),
                   unit=row.get("unit"), found=row.get("found"), excludes=tuple(row.get("excludes", ())))

    def amount_text(self, amount: int) -> str:
        """``4 bullets`` (``4 發子彈``): an amount in the option's unit, in the console's language."""
        unit = self.unit or {}
        if unit.get(language()) and language() != "en":
            return f"{amount} {unit[language()]}"
        return counted(amount, unit.get("one", ""), unit.get("many"))


@dataclass(frozen=True)
class RoleOutcome:
    """One row of ``role_outcomes``: what a roll of ``skill`` (marked ``when``, if it names a purpose) leads to."""

    id: str
    skill: str
    kind: str
    when: str | None = None
    per: str = "stunt"
    once: bool = True
    failure: dict[str, Any] | None = None
    summary: dict[str, Any] | None = None
    options: tuple[FindOption, ...] = ()

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> RoleOutcome:
        return cls(id=row["id"], skill=row["skill"], kind=row["kind"], when=row.get("when"),
                   per=row.get("per", "stunt"), once=bool(row.get("once", True)), failure=row.get("failure"),
                   summary=row.get("summary"), options=tuple(FindOption.from_row(o) for o in row.get("options", ())))

    def option(self, option_id: str) -> FindOption:
        found = next((o for o in self.options if o.id == option_id), None)
        if found is None:
            raise RulesError(_("{option} is not one of the choices of {outcome}: choose from {known}").format(
                option=option_id, outcome=self.id, known=", ".join(o.id for o in self.options)))
        return found


def outcomes(system: str) -> list[RoleOutcome]:
    """The role-skill outcomes of ``system`` (only `myz` has any)."""
    return [RoleOutcome.from_row(r) for r in system_table(system).get("role_outcomes", ())]


def outcome_for(system: str, skill: str | None, picks: Mapping[str, str | None]) -> RoleOutcome | None:
    """The outcome a roll of ``skill`` with the purposes ``picks`` (modifier id → detail) leads to, if any."""
    for outcome in outcomes(system):
        if outcome.skill == skill and (outcome.when is None or outcome.when in picks):
            return outcome
    return None


def choices_of(outcome: RoleOutcome, successes: int) -> int:
    """How many choices a roll with ``successes`` makes: one per 6 beyond the first (``per`` stunt) or one
    per 6 (``per`` six, R-STUNT-1); none without a success."""
    if successes < 1:
        return 0
    return successes - 1 if outcome.per == "stunt" else successes


def find_rows(outcome: RoleOutcome, choices: int) -> list[tuple[str, str]]:
    """``(value, label)`` rows for marking the choices: each option once, or, when an option may be chosen
    more than once (R-MYZ-FINDS-2), once per choice (``bullets#2``: the second time)."""
    out = []
    for option in outcome.options:
        times = 1 if outcome.once else max(1, choices)
        for n in range(1, times + 1):
            label = pick(option.text) if n == 1 else _("{option} (again: {times}×)").format(option=pick(option.text),
                                                                                          times=n)
            out.append((option.id if n == 1 else f"{option.id}#{n}", label))
    return out


@dataclass(frozen=True)
class Finds:
    """What a finds outcome recorded: each choice with its dice and amount (``None`` without dice)."""

    outcome: RoleOutcome
    rows: tuple[dict[str, Any], ...]
    by_hand: bool

    def texts(self) -> list[str]:
        """Each find in words, in the order chosen: ``4 bullets``, ``an artifact, if it's there to be found``."""
        return [row["text"] for row in self.rows]

    def as_dict(self) -> dict[str, Any]:
        return {"outcome": self.outcome.id, "finds": [dict(r) for r in self.rows], "by_hand": self.by_hand}


def _checked(outcome: RoleOutcome, picked: Sequence[str], successes: int) -> list[FindOption]:
    """The options picked (``bullets#2`` is bullets a second time), checked: known, within the choices the
    roll has, each once where the outcome says so, none with an option it excludes."""
    if successes < 1:
        raise RulesError(_("the roll failed: it finds nothing"))
    chosen = [outcome.option(str(p).split("#", 1)[0].strip()) for p in picked]
    if not chosen:
        raise RulesError(_("choose at least one of the stunts (or close without recording)"))
    allowed = choices_of(outcome, successes)
    if len(chosen) > allowed:
        raise RulesError(ngettext("{count} choices, but the roll gives {allowed} (R-MYZ-FINDS-1, R-MYZ-FINDS-2)",
                                  "{count} choices, but the roll gives {allowed} (R-MYZ-FINDS-1, R-MYZ-FINDS-2)",
                                  allowed).format(count=len(chosen), allowed=allowed))
    counts = Counter(o.id for o in chosen)
    if outcome.once:
        twice = next((o for o, n in counts.items() if n > 1), None)
        if twice is not None:
            raise RulesError(_("{option} is chosen twice: each stunt can only be chosen once per roll "
                               "(R-MYZ-LIMIT)").format(option=twice))
    for option in chosen:
        clash = next((o for o in option.excludes if o in counts), None)
        if clash is not None:
            raise RulesError(_("{option} finds nothing in the sector, so it cannot go with {other} "
                               "(R-MYZ-FINDS-1)").format(option=option.id, other=clash))
    return chosen


def roll_finds(outcome: RoleOutcome, picked: Sequence[str], successes: int, source: DiceSource) -> Finds:
    """R-MYZ-FINDS-1/2: the choices ``picked`` for a roll with ``successes``, their D6 amounts rolled from
    ``source`` (the console's dice or faces typed, R-MANUAL-1: one ``dice`` face per D6, in the order chosen)."""
    chosen = _checked(outcome, picked, successes)
    dice = [Die(DieKind.DICE) for option in chosen for _n in range(option.dice)]
    faces = [r.face for r in roll_dice(dice, source)] if dice else []
    if not dice:
        source.finish()  # faces typed for choices that take no dice are refused, not ignored
    rows, at = [], 0
    for option in chosen:
        row: dict[str, Any] = {"id": option.id}
        if option.dice:
            rolled = faces[at:at + option.dice]
            at += option.dice
            text = option.amount_text(sum(rolled))
            if len(rolled) > 1:  # 2D6: the dice behind the amount, as the GM reads them (7 doses of booze (3+4))
                text = _("{amount} ({dice})").format(amount=text, dice="+".join(str(f) for f in rolled))
            row.update(dice=rolled, amount=sum(rolled), text=text)
        else:
            row.update(amount=None, text=pick(option.found) or pick(option.text))
        rows.append(row)
    return Finds(outcome, tuple(rows), source.by_hand)
