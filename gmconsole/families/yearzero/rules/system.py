"""The three Year Zero systems as :class:`~gmconsole.systems.base.GameSystem` objects.

Only facts live here (cheap to import at start-up); the dice rules are in :mod:`.pool`,
:mod:`.roll` and :mod:`.odds`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmconsole.families.yearzero.rules.cli_flags import CLI_FLAGS
from gmconsole.families.yearzero.rules.faces import MYZ_FACES, STEP_FACES, YZE_FACES
from gmconsole.i18n import N_, _
from gmconsole.phrasing import possessive
from gmconsole.rules.spec import FaceKind
from gmconsole.systems.cli_flags import CliFlags
from gmconsole.systems.facts import SystemFacts
from gmconsole.systems.harm import Harm

if TYPE_CHECKING:
    from gmconsole.systems.panic_table import PanicTable

__all__ = ["MYZ", "YEAR_ZERO_IDS", "YZE", "YZE_STEP", "YearZeroSystem"]

ATTRIBUTES = ("strength", "agility", "wits", "empathy")
"""Every Year Zero sheet's four attributes, in sheet order."""

STEP_SIZES = (6, 8, 10, 12)
"""yze-step ratings: a step die from D (D6) to A (D12); step dice run D6 to D12 (R-STEP-1)."""

STEP_DOWN = {12: 10, 10: 8, 8: 6, 6: 0}
"""yze-step (R-STEP-2): a point of damage steps the attribute's die down one size; below a D6 it is broken (0)."""

YZE_PUSH_COSTS = ("damage-stress", "attribute-damage", "stress-dice", "conditions", "doom")
"""The Year Zero Engine SRD's five push-cost options (one per campaign, a setting)."""

MYZ_PUSH_COST = "myz"
"""Mutant: Year Zero has one push cost: trauma and mutation points (and gear damage)."""


class YearZeroSystem(SystemFacts):
    """One Year Zero system; the fields are documented on the protocol."""

    id: str
    title_words: str
    tracker_counters: tuple[str, ...]
    sheet_counters: tuple[str, ...]
    new_attribute_text: str
    skills_table: str
    has_panic_table: bool
    has_stress: bool
    has_roles: bool
    push_costs: tuple[str, ...]
    default_push_cost: str
    default_initiative: str
    family: str = "yearzero"
    initiative_attribute: str = "agility"
    pushes: bool = True
    push_adds_die: bool = False
    # asked by campaign commands
    check: str = "pool"
    special_rolls: tuple[str, ...] = ("opposed",)

    @property
    def typed_pool(self) -> tuple[str, str | None]:
        """Mutant rolls a typed pool by its own rules, with no push cost; the Year Zero Engine with
        the basic damage-and-stress cost."""
        return ("myz", None) if not self.has_stress else ("yze", "damage-stress")

    # asked by the roll builder
    builder_options: tuple[str, ...] = ("difficulty", "modifier", "helpers", "reactive", "skill_modifiers")
    builder_actions: tuple[str, ...] = ("toggle_reactive", "push", "push_faces", "push_odds", "apply_costs",
                                        "skill_modifiers", "clear_skill_modifiers", "difficulty")
    attribute_from_skill: bool = True
    opposed_form: str | None = None

    def default_difficulty(self) -> str | None:
        return "average"

    # asked by the sheet, the trackers, the roll text, the quick pool and the CLI
    attribute_hint: str = N_("max or current/max")
    step_dice: bool = False
    only_listed_skills: bool = False
    """Mutant: a skill must be one the game lists (or the campaign's own); the Year Zero Engine names any."""
    repair_restores_all: bool = False
    push_cost_is_a_setting: bool = True
    sheet_columns: tuple[tuple[str, str], ...] = ((N_("Stress"), "stress"), (N_("WP"), "willpower"),
                                                  (N_("Dmg"), "attribute_damage"))
    quick_pool_syntax: str = N_("counts per kind like 5b 3s 1g 2st (base, skill, gear, stress; d8 an artifact die)")
    face_kinds: tuple[FaceKind, ...] = YZE_FACES
    quick_pool_example: str = "5b 3s 1g"
    quick_faces_example: str = "b63124 s355 g1"
    attributes: tuple[str, ...] | None = ATTRIBUTES
    skills_listed: bool = True
    breaks_at_zero: bool = True
    takes_attribute_damage: bool = True
    harm: Harm = Harm(word=N_("damage"), label=N_("Damage"), title=N_("{name} takes damage"), attribute="strength")
    """Year Zero Engine damage lowers Strength (a point, or a die size for step dice); broken at 0."""
    conditions_table: str = "yze"
    skills_tried_untrained: bool = False
    no_skill_words: str = N_("(no skill: attribute only)")
    dice_explode: bool = False
    lists_stunts: bool = False
    cli_flags: CliFlags = CLI_FLAGS
    reroll_grants: bool = False
    fast_slow_actions: bool = False
    """R-ACT-1: seed 002 (yze, yze-step) names fast and slow actions; seed 000 (myz) names actions and maneuvers."""

    @property
    def rates_in_dice(self) -> bool:
        return self.step_dice

    @property
    def panic_table(self) -> PanicTable | None:
        if not self.has_panic_table:
            return None
        from gmconsole.families.yearzero.rules.panic import PANIC_TABLE

        return PANIC_TABLE

    def attribute_refusal(self, what: str, maximum: int, current: int) -> str | None:
        if not self.step_dice:
            return None if 1 <= maximum <= 6 else _("{what} must be from 1 to 6 (it is {value})").format(
                what=what, value=maximum)
        if maximum not in STEP_SIZES:
            return _("{what} must be a step die of 6, 8, 10 or 12 sides (D to A)").format(what=what)
        if current not in (0,) + STEP_SIZES:
            return _("{whose} current die must be 0, 6, 8, 10 or 12").format(whose=possessive(what))
        return None

    def skill_refusal(self, what: str, level: int) -> str | None:
        if self.step_dice:
            return None if level in (0,) + STEP_SIZES else (
                _("{what} must be 0 (no rating) or a step die of 6, 8, 10 or 12 sides").format(what=what))
        return None if 0 <= level <= 5 else _("{what} must be from 0 to 5 (it is {value})").format(
            what=what, value=level)

    def attribute_step(self, value: int, delta: int) -> int:
        if not self.step_dice:
            return max(0, value + delta)
        if delta < 0:
            return STEP_DOWN.get(value, 0)
        return 6 if value == 0 else value + 2

    def rating_text(self, level: int) -> str:
        return f"d{level}" if self.step_dice else str(level)

    def attribute_text(self, current: int, maximum: int) -> str:
        if not self.step_dice:
            return f"{current}/{maximum}"
        lowered = f"d{current}" if current else "0"
        return f"d{maximum}" if current == maximum else f"d{maximum}→{lowered}"

    def difficulty_choices(self) -> tuple[tuple[str, str], ...]:
        from gmconsole.families.yearzero.rules.builder_words import difficulty_choices

        return difficulty_choices(self.id)

    def odds_words(self, odds: dict[str, Any]) -> str:
        from gmconsole.families.yearzero.rules.builder_words import odds_line

        return odds_line(odds) if odds else ""


MYZ = YearZeroSystem(
    id="myz", title_words=N_("Mutant: Year Zero"),
    tracker_counters=("mutation_points", "xp"), sheet_counters=("mutation_points", "xp"),
    new_attribute_text="2", skills_table="myz",
    has_panic_table=False, has_stress=False, has_roles=True,
    push_costs=(MYZ_PUSH_COST,), default_push_cost=MYZ_PUSH_COST, default_initiative="roll",
    repair_restores_all=True, push_cost_is_a_setting=False, lists_stunts=True, only_listed_skills=True,
    # R-MYZ-ROLE-1: j applies what a role skill's roll leads to (a build, finds, Save a Life)
    builder_actions=YearZeroSystem.builder_actions + ("role_outcome",),
    # R-MYZ-TRAUMA: trauma lowers the attribute the GM picks (Strength: damage, Agility: fatigue, ...)
    harm=Harm(word=N_("trauma"), label=N_("Trauma"), title=N_("{name} takes trauma"), attribute="strength",
              picks_attribute=True),
    sheet_columns=((N_("Trauma"), "trauma"), (N_("MP"), "mutation_points"), (N_("XP"), "xp")),
    quick_pool_syntax=N_("counts per kind like 5b 3s 1g (base, skill, gear; d8 an artifact die)"),
    quick_pool_example="4b 2s", quick_faces_example="b6312 s35", face_kinds=MYZ_FACES,
)

YZE = YearZeroSystem(
    id="yze", title_words=N_("Year Zero Engine (dice pool)"),
    tracker_counters=("stress", "willpower"), sheet_counters=("stress", "willpower"),
    new_attribute_text="2", skills_table="yze",
    has_panic_table=True, has_stress=True, has_roles=False,
    push_costs=YZE_PUSH_COSTS, default_push_cost="stress-dice", default_initiative="cards", fast_slow_actions=True,
)

YZE_STEP = YearZeroSystem(
    id="yze-step", title_words=N_("Year Zero Engine (step dice)"),
    tracker_counters=("stress", "willpower"), sheet_counters=("stress", "willpower"),
    new_attribute_text="8", skills_table="yze",
    has_panic_table=True, has_stress=True, has_roles=False,
    push_costs=YZE_PUSH_COSTS, default_push_cost="stress-dice", default_initiative="cards", fast_slow_actions=True,
    attribute_hint=N_("die size 6/8/10/12"), step_dice=True,
    sheet_columns=((N_("Stress"), "stress"), (N_("WP"), "willpower"), (N_("Dmg"), "attribute_damage")),
    quick_pool_syntax=N_("step dice like d10 d8 (attribute die, then skill die; 2st stress dice)"),
    quick_pool_example="d10 d8", quick_faces_example="d10,3", face_kinds=STEP_FACES,
)

YEAR_ZERO_IDS = (MYZ.id, YZE.id, YZE_STEP.id)
"""The ids of the Year Zero systems, for the family's own modules (callers ask a system object)."""


_GAMES = {game.id: game for game in (MYZ, YZE, YZE_STEP)}


def game_of(system_id: str) -> YearZeroSystem:
    """The Year Zero game a pool is rolled for, asked where the family's games differ (stress dice, roles,
    step dice, a listed skill) rather than comparing its id; an id of no Year Zero game reads as the dice
    pool Year Zero Engine, as the rules did before the facts were asked."""
    return _GAMES.get(system_id, YZE)
