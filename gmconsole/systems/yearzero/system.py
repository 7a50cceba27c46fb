"""The three Year Zero systems as :class:`~gmconsole.systems.base.GameSystem` objects.

Only facts live here (cheap to import at start-up); the dice rules are in :mod:`.pool`,
:mod:`.roll` and :mod:`.odds`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["YearZeroSystem", "MYZ", "YZE", "YZE_STEP", "YEAR_ZERO_IDS"]

YZE_PUSH_COSTS = ("damage-stress", "attribute-damage", "stress-dice", "conditions", "doom")
"""The Year Zero Engine SRD's five push-cost options (one per campaign, a setting)."""

MYZ_PUSH_COST = "myz"
"""Mutant: Year Zero has one push cost: trauma and mutation points (and gear damage)."""


@dataclass(frozen=True)
class YearZeroSystem:
    """One Year Zero system; the fields are documented on the protocol."""

    id: str
    title: str
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
    cli_module: str = "gmconsole.cli.yze_cli"
    # asked by campaign commands
    check: str = "pool"
    special_rolls: tuple[str, ...] = ("opposed",)

    @property
    def step_dice(self) -> bool:
        return self.id == "yze-step"

    @property
    def typed_pool(self) -> tuple[str, str | None]:
        """Mutant rolls a typed pool by its own rules, with no push cost; the Year Zero Engine with
        the basic damage-and-stress cost."""
        return ("myz", None) if self.id == "myz" else ("yze", "damage-stress")

    # asked by the roll builder
    builder_options: tuple[str, ...] = ("difficulty", "modifier", "helpers", "reactive", "skill_modifiers")
    builder_actions: tuple[str, ...] = ("toggle_reactive", "push", "push_faces", "apply_costs", "skill_modifiers",
                                        "clear_skill_modifiers", "difficulty")
    attribute_from_skill: bool = True
    special_forms: str | None = None
    opposed_form: str | None = None

    def default_difficulty(self) -> str | None:
        return "average"


MYZ = YearZeroSystem(
    id="myz", title="Mutant: Year Zero",
    tracker_counters=("mutation_points", "xp"), sheet_counters=("mutation_points", "xp"),
    new_attribute_text="2", skills_table="myz",
    has_panic_table=False, has_stress=False, has_roles=True,
    push_costs=(MYZ_PUSH_COST,), default_push_cost=MYZ_PUSH_COST, default_initiative="roll",
)

YZE = YearZeroSystem(
    id="yze", title="Year Zero Engine (dice pool)",
    tracker_counters=("stress", "willpower"), sheet_counters=("stress", "willpower"),
    new_attribute_text="2", skills_table="yze",
    has_panic_table=True, has_stress=True, has_roles=False,
    push_costs=YZE_PUSH_COSTS, default_push_cost="stress-dice", default_initiative="cards",
)

YZE_STEP = YearZeroSystem(
    id="yze-step", title="Year Zero Engine (step dice)",
    tracker_counters=("stress", "willpower"), sheet_counters=("stress", "willpower"),
    new_attribute_text="8", skills_table="yze",
    has_panic_table=True, has_stress=True, has_roles=False,
    push_costs=YZE_PUSH_COSTS, default_push_cost="stress-dice", default_initiative="cards",
)

YEAR_ZERO_IDS = (MYZ.id, YZE.id, YZE_STEP.id)
"""The ids of the Year Zero systems, for the family's own modules (callers ask a system object)."""
