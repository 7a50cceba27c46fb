"""The tiered system as a :class:`~gmconsole.systems.base.GameSystem` object (facts only; the dice
rules are in :mod:`.roll` and :mod:`.odds`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TieredSystem", "TIERED"]


@dataclass(frozen=True)
class TieredSystem:
    """The fields are documented on the protocol."""

    id: str = "tiered"
    title: str = "Luck + attribute + skill d6, four tiers"
    family: str = "tiered"
    tracker_counters: tuple[str, ...] = ("stamina", "xp")
    sheet_counters: tuple[str, ...] = ("stamina", "stamina_max", "level", "xp", "class_bonus")
    new_attribute_text: str = "1"
    skills_table: str | None = None
    has_panic_table: bool = False
    has_stress: bool = False
    has_roles: bool = False
    pushes: bool = False
    push_costs: tuple[str, ...] = ()
    default_push_cost: str | None = None
    default_initiative: str = "roll"
    initiative_attribute: str = "dex"
    cli_module: str = "gmconsole.cli.tiered_cli"
    # asked by campaign commands
    check: str = "tiered"
    special_rolls: tuple[str, ...] = ("contested", "save", "attack")
    step_dice: bool = False
    typed_pool: None = None

    # asked by the roll builder
    builder_options: tuple[str, ...] = ("modifier", "helpers", "bonus_dice", "push_yourself")
    builder_actions: tuple[str, ...] = ("bonus", "push_yourself", "save", "attack", "consequence")
    attribute_from_skill: bool = False
    special_forms: str | None = "tiered_forms"
    opposed_form: str | None = "contested"

    def default_difficulty(self) -> str | None:
        return None


TIERED = TieredSystem()
