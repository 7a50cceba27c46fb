"""The d20 roll-under system's facts (:class:`gmconsole.systems.base.GameSystem`)."""

from __future__ import annotations

from typing import Any

from gmconsole.rules.spec import FaceKind
from gmconsole.systems.cli_flags import CliFlags
from gmconsole.systems.facts import SystemFacts
from gmconsole.systems.harm import Harm

__all__ = ["D20_TEST", "D20System"]

D20 = FaceKind("d20", "d", d6=False)
"""The one die, typed as ``d14`` (its face)."""


class D20System(SystemFacts):
    """Roll one d20; at or under attribute + skill (+ modifier) succeeds."""

    id: str = "d20-test"
    title_words: str = "d20 roll-under (a test family)"
    family: str = "d20test"
    tracker_counters: tuple[str, ...] = ("wounds",)
    sheet_counters: tuple[str, ...] = ("wounds",)
    new_attribute_text: str = "10"
    skills_table: str | None = None
    has_panic_table: bool = False
    has_stress: bool = False
    has_roles: bool = False
    pushes: bool = False
    push_adds_die: bool = False
    push_costs: tuple[str, ...] = ()
    default_push_cost: str | None = None
    default_initiative: str = "roll"
    initiative_attribute: str = "wits"
    check: str = "d20"
    special_rolls: tuple[str, ...] = ()
    typed_pool: None = None
    builder_options: tuple[str, ...] = ("modifier",)
    builder_actions: tuple[str, ...] = ()
    attribute_from_skill: bool = False
    opposed_form: str | None = None
    attributes: tuple[str, ...] | None = ("might", "wits")
    attribute_hint: str = "1-20"
    skills_listed: bool = False
    rates_in_dice: bool = False
    step_dice: bool = False
    breaks_at_zero: bool = False
    takes_attribute_damage: bool = False
    harm: Harm = Harm(word="wounds", label="Wounds", title="{name} takes wounds", counter="wounds")
    repair_restores_all: bool = False
    push_cost_is_a_setting: bool = False
    conditions_table: str = "yze"
    skills_tried_untrained: bool = True
    no_skill_words: str = "(no skill: attribute only)"
    dice_explode: bool = False
    lists_stunts: bool = False
    cli_flags: CliFlags = CliFlags(refused_with_a_sheet=(), refused_without_a_sheet=(), tn_modifiers=False,
                                   gm_pool="dice")
    reroll_grants: bool = False
    fast_slow_actions: bool = False
    sheet_columns: tuple[tuple[str, str], ...] = (("Wnd", "wounds"),)
    quick_pool_syntax: str = "a target like 12 (the d20 must show it or less)"
    quick_pool_example: str = "12"
    quick_faces_example: str = "d14"
    face_kinds: tuple[FaceKind, ...] = (D20,)
    die_sizes: tuple[int, ...] = (20,)

    def default_difficulty(self) -> str | None:
        return None

    def attribute_refusal(self, what: str, maximum: int, current: int) -> str | None:
        return None if 1 <= maximum <= 20 else f"{what} must be from 1 to 20 (it is {maximum})"

    def skill_refusal(self, what: str, level: int) -> str | None:
        return None if 0 <= level <= 10 else f"{what} must be from 0 to 10 (it is {level})"

    def attribute_step(self, value: int, delta: int) -> int:
        return max(0, value + delta)

    def rating_text(self, level: int) -> str:
        return str(level)

    def attribute_text(self, current: int, maximum: int) -> str:
        return str(maximum) if current == maximum else f"{current}/{maximum}"

    def difficulty_choices(self) -> tuple[tuple[str, str], ...]:
        return ()

    def odds_words(self, odds: dict[str, Any]) -> str:
        return f"success {odds['p_success']:.0%} (d20 at or under {odds['target']})" if odds else ""


D20_TEST = D20System()
