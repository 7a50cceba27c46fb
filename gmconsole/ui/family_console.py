"""What the console asks a game family: its special-roll forms, the words of its recorded rolls, and what
its own keys of the roll builder need.

A family's object hands this part over as ``console`` (:class:`gmconsole.systems.family.GameFamily`);
:func:`console_of` checks it against :class:`ConsoleParts`. A family gives at least ``special_forms``
and ``verdict_lines`` (:class:`RequiredParts`); every other member has a default meaning "the family has
none of it" (:class:`_Defaults`: no stunts, no opposed pool, no named modifiers...), so a family installed
as its own package writes only what it has. The console never imports a family's module by name.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from gmconsole import systems
from gmconsole.i18n import _, verbatim

if TYPE_CHECKING:
    from gmconsole.campaign.entries import Entry, RollEntry

__all__ = ["ConsoleParts", "RequiredParts", "RoleOutcomesPart", "SkillModifierRow", "SkillModifiers", "TnModifiers",
           "console_of"]

Form = tuple[str, list[Any], Callable[[dict], str], str]
"""A special-roll form: its title, its fields, ``run(values)`` giving the result text, and its hint
(:data:`gmconsole.ui.widgets.roll_specials.Form`)."""


@runtime_checkable
class RequiredParts(Protocol):
    """What every family's console part gives."""

    special_forms: Callable[..., dict[str, Any]] | None
    """``special_forms(service, character, state, rng, **extra)``: the family's special-roll forms by name
    (``"assisted"``, ``"save"``...; see ``gmconsole/families/<family>/forms.py``), or ``None`` where the
    builder's own pool is rolled against a defender (R-OPP-1)."""

    def verdict_lines(self, entry: RollEntry) -> list[str]:
        """What a recorded roll of the family means, without its costs, stunts or modifiers."""
        ...


class SkillModifierRow(Protocol):
    """One named modifier of a skill (Year Zero's ``skill_modifiers`` table), as the builder's picker reads it."""

    id: str
    name: Any
    ask: Any
    pick: str | None
    choices: Any
    modifier: int
    group: Any


class SkillModifiers(Protocol):
    """The named modifiers of a family's skills, picked with the builder's ``m``."""

    def modifiers_for(self, system: str, skill: str | None) -> Sequence[SkillModifierRow]:
        """The named modifiers ``skill`` has (empty: none)."""
        ...

    def resolve(self, system: str, skill: str | None, keys: Iterable[str]) -> list[Any]:
        """The picks of one roll checked (a :class:`RulesError` with the reason otherwise)."""
        ...

    def uses_for(self, system: str, skill: str | None) -> Sequence[SkillModifierRow]:
        """The uses ``skill`` is rolled for (empty: it needs none)."""
        ...

    def use_of(self, system: str, skill: str | None, keys: Iterable[str]) -> SkillModifierRow | None:
        """The use among a roll's picks, or ``None``."""
        ...


class TnModifiers(Protocol):
    """The TN modifiers a family's GM picks from tables with the builder's ``m``."""

    def tn_modifier_choices(self) -> list[tuple[str, str]]:
        """``(key, label)`` of every modifier the GM may pick."""
        ...

    def tn_modifier_text(self, picked: str) -> str:
        """A pick (``key`` or ``key=amount``) by its name, with the amount chosen."""
        ...

    def tn_modifier_question(self, key: str, old: str) -> tuple[str, str, str] | None:
        """What is asked once ``key`` is marked (title, question, amount offered), or ``None``."""
        ...

    def tn_modifier_checked(self, key: str, text: str) -> str:
        """The pick of the amount typed, or the rules' refusal."""
        ...


class RoleOutcomesPart(Protocol):
    """What a role skill's roll leads to, applied with the builder's ``j`` where the system offers it
    (``GameSystem.builder_actions``; myz, R-MYZ-ROLE-1)."""

    def offer_lines(self, service: Any, entry: RollEntry) -> list[str]:
        """The lines under a roll's verdict about what ``j`` does now or did (none: ``[]``)."""
        ...

    def apply(self, builder: Any, entry: RollEntry) -> Coroutine[Any, Any, None]:
        """``j``: apply what ``entry`` leads to, asking the GM what the rules leave open (a builder's flow)."""
        ...

    def devices(self, system: str) -> Sequence[Any]:
        """The devices the seed lists for a named modifier to pick from (each with ``id``, ``name``, ``label()``)."""
        ...


@runtime_checkable
class ConsoleParts(RequiredParts, Protocol):
    """The console's side of a family, with the defaults of :class:`_Defaults` for what it does not give."""

    max_helpers: int
    """How many characters may help a roll (the builder's ``e``, R-HELP-1); 0: nobody helps."""

    max_bonus_dice: int
    """How many bonus dice may help a check (the builder's ``b``, R-TIER-1); 0: none."""

    opposed_pool_form: Callable[[dict, Any, Any, Callable[[Entry], None]], Form] | None
    """``opposed_pool_form(request, service, rng, on_active)``: the form rolling the builder's pool against a
    defender (R-OPP-1; ``on_active(entry)`` hears of the active side's roll), where ``special_forms`` has no
    opposed form; ``None`` otherwise."""

    attack_target: Callable[[Any, Any, Entry | None], None] | None
    """``attack_target(app, service, entry)``: who takes an attack's damage, asked once its form closed
    (R-TIER-4); ``None`` where the family has no attack."""

    consequence_flow: Callable[[Any, RollEntry], Coroutine[Any, Any, None]] | None
    """``consequence_flow(builder, entry)``: the builder's ``C``, picking and applying one consequence a result
    offers (tiered Mixed / Limited, R-TIER-2), a flow the pane runs; ``None`` where results offer none."""

    push_counts: Callable[[Any], dict[str, int]] | None
    """``push_counts(recorded)``: how many faces of each kind a push with typed faces rerolls; ``None`` where a
    push rerolls no dice of the roll."""

    skill_modifiers: SkillModifiers | None
    """The named modifiers of the family's skills, or ``None``."""

    tn_modifiers: TnModifiers | None
    """The TN modifiers picked from tables, or ``None``."""

    role_outcomes: RoleOutcomesPart | None
    """What a role skill's roll leads to (``j``), or ``None``."""

    def stunt_lines(self, entry: RollEntry) -> list[str]:
        """The stunts or bonus effects a recorded roll may buy, one per line (none: ``[]``)."""
        ...

    def opposed_line(self, entry: RollEntry) -> str:
        """An opposed roll recorded with the builder's pool (R-OPP-1) in words; ``""`` for any other roll."""
        ...

    def chosen_consequences(self, keys: Iterable[str] | None) -> str:
        """The consequences a roll has had applied, as one list."""
        ...

    def panic_name(self, panic: Any) -> str:
        """A character's panic effect (``Character.panic``) by its name in the console's language, escaped."""
        ...


class _Defaults:
    """What a family that does not give a member of :class:`ConsoleParts` has: none of it."""

    max_helpers = 0
    max_bonus_dice = 0
    opposed_pool_form = None
    attack_target = None
    consequence_flow = None
    push_counts = None
    skill_modifiers = None
    tn_modifiers = None
    role_outcomes = None

    @staticmethod
    def stunt_lines(entry: RollEntry) -> list[str]:
        return []

    @staticmethod
    def opposed_line(entry: RollEntry) -> str:
        return ""

    @staticmethod
    def chosen_consequences(keys: Iterable[str] | None) -> str:
        return _(", ").join(keys or [])

    @staticmethod
    def panic_name(panic: Any) -> str:
        from gmconsole.safe_text import shown

        return shown(panic.name or panic.effect)


class _Completed:
    """A family's console part with :class:`_Defaults` for the members it does not give."""

    def __init__(self, part: object) -> None:
        self._part = part

    def __getattr__(self, name: str) -> Any:
        try:
            return getattr(self._part, name)
        except AttributeError:
            return getattr(_Defaults, name)


@cache
def _completed(system_id: str, part: object) -> ConsoleParts:
    if not isinstance(part, RequiredParts):
        raise TypeError(verbatim("the game family of {system} gives no console part (special_forms, "
                                 "verdict_lines)").format(system=system_id))
    return cast(ConsoleParts, _Completed(part))


def console_of(system_id: str) -> ConsoleParts:
    """The console part of the family playing ``system_id``, every member of :class:`ConsoleParts` answered."""
    return _completed(system_id, systems.family_of(system_id).console)

