"""The exploding-dice system as a :class:`~gmconsole.systems.base.GameSystem` object (facts only;
the dice rules are in :mod:`.roll` and :mod:`.odds`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ExplodingSystem", "EXPLODING"]


@dataclass(frozen=True)
class ExplodingSystem:
    """The fields are documented on the protocol."""

    id: str = "exploding"
    title: str = "Exploding dice, top die counts"
    family: str = "exploding"
    tracker_counters: tuple[str, ...] = ("wounds", "strain")
    sheet_counters: tuple[str, ...] = ("wounds", "strain")
    new_attribute_text: str = ""
    skills_table: str | None = None
    has_panic_table: bool = False
    has_stress: bool = False
    has_roles: bool = False
    pushes: bool = False
    push_costs: tuple[str, ...] = ()
    default_push_cost: str | None = None
    default_initiative: str = "roll"
    initiative_attribute: str = "agility"
    cli_module: str = "gmconsole.cli.exploding_cli"
    # asked by campaign commands
    check: str = "exploding"
    special_rolls: tuple[str, ...] = ("opposed-test", "assisted", "group")
    step_dice: bool = False
    typed_pool: None = None

    # asked by the roll builder
    builder_options: tuple[str, ...] = ("difficulty", "modifier", "helpers", "tn_modifiers")
    builder_actions: tuple[str, ...] = ("assisted", "group", "tn_modifiers", "clear_tn_modifiers", "difficulty")
    attribute_from_skill: bool = False
    special_forms: str | None = "exploding_forms"
    opposed_form: str | None = "opposed"

    def default_difficulty(self) -> str | None:
        from gmconsole.systems.exploding import roll

        return roll.default_difficulty()


EXPLODING = ExplodingSystem()
