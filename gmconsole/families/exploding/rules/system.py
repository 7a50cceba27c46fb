"""The exploding-dice system as a :class:`~gmconsole.systems.base.GameSystem` object (facts only;
the dice rules are in :mod:`.roll` and :mod:`.odds`)."""

from __future__ import annotations

from typing import Any

from gmconsole.families.exploding.rules.cli_flags import CLI_FLAGS
from gmconsole.families.exploding.rules.faces import FACES
from gmconsole.i18n import N_, _
from gmconsole.rules.spec import FaceKind
from gmconsole.systems.cli_flags import CliFlags
from gmconsole.systems.facts import SystemFacts
from gmconsole.systems.harm import Harm

__all__ = ["EXPLODING", "ExplodingSystem"]


class ExplodingSystem(SystemFacts):
    """The fields are documented on the protocol."""

    id: str = "exploding"
    title_words: str = N_("Exploding dice, top die counts")
    family: str = "exploding"
    tracker_counters: tuple[str, ...] = ("wounds", "strain")
    sheet_counters: tuple[str, ...] = ("wounds", "strain")
    new_attribute_text: str = ""
    skills_table: str | None = None
    has_panic_table: bool = False
    has_stress: bool = False
    has_roles: bool = False
    pushes: bool = False
    push_adds_die: bool = False
    push_costs: tuple[str, ...] = ()
    default_push_cost: str | None = None
    default_initiative: str = "roll"
    initiative_attribute: str = "agility"
    # asked by campaign commands
    check: str = "exploding"
    special_rolls: tuple[str, ...] = ("opposed-test", "assisted", "group")
    typed_pool: None = None

    # asked by the roll builder
    builder_options: tuple[str, ...] = ("difficulty", "modifier", "helpers", "tn_modifiers")
    builder_actions: tuple[str, ...] = ("assisted", "group", "tn_modifiers", "clear_tn_modifiers", "difficulty",
                                       "reroll_grant")
    attribute_from_skill: bool = False
    opposed_form: str | None = "opposed"

    def default_difficulty(self) -> str | None:
        from gmconsole.families.exploding.rules import roll

        return roll.default_difficulty()

    # asked by the sheet, the trackers, the roll text, the quick pool and the CLI
    attributes: tuple[str, ...] | None = None
    attribute_hint: str = N_("agility=8 smarts=6 (die sizes)")
    skills_listed: bool = False
    rates_in_dice: bool = True
    step_dice: bool = False
    breaks_at_zero: bool = False
    takes_attribute_damage: bool = False
    harm: Harm = Harm(word=N_("wounds"), label=N_("Wounds"), title=N_("{name} takes wounds"), counter="wounds")
    repair_restores_all: bool = False
    push_cost_is_a_setting: bool = False
    conditions_table: str = "yze"
    skills_tried_untrained: bool = True
    no_skill_words: str = N_("(no skill: trait die alone, untrained)")
    dice_explode: bool = True
    lists_stunts: bool = False
    cli_flags: CliFlags = CLI_FLAGS
    reroll_grants: bool = True  # R-EXP-5
    fast_slow_actions: bool = False
    # "Stn", not "Str": exploding sheets often have a Strength trait beside strain.
    sheet_columns: tuple[tuple[str, str], ...] = ((N_("Wnd"), "wounds"), (N_("Stn"), "strain"))
    quick_pool_syntax: str = N_("die sizes and TN like s8 t6 tn5 (skill die, trait die, target number; "
                                "s8/6 two sizes)")
    face_kinds: tuple[FaceKind, ...] = FACES
    quick_pool_example: str = "s8 t6 tn5"
    quick_faces_example: str = "s8+3,2 t4"

    def attribute_refusal(self, what: str, maximum: int, current: int) -> str | None:
        from gmconsole.rules.dice import DIE_SIZES  # the dice module is not needed to open the console

        return None if maximum in DIE_SIZES else _("{what} must be a die of 4, 6, 8, 10 or 12 sides").format(what=what)

    def skill_refusal(self, what: str, level: int) -> str | None:
        from gmconsole.rules.dice import DIE_SIZES

        return None if level in (0,) + DIE_SIZES else (
            _("{what} must be 0 (untrained) or a die of 4, 6, 8, 10 or 12 sides").format(what=what))

    def attribute_step(self, value: int, delta: int) -> int:
        return max(0, value + delta)

    def rating_text(self, level: int) -> str:
        return f"d{level}"

    def attribute_text(self, current: int, maximum: int) -> str:
        lowered = f"d{current}" if current else "0"
        return f"d{maximum}" if current == maximum else f"d{maximum}→{lowered}"

    def difficulty_choices(self) -> tuple[tuple[str, str], ...]:
        from gmconsole.families.exploding.rules.builder_words import difficulty_choices

        return difficulty_choices(self.id)

    def odds_words(self, odds: dict[str, Any]) -> str:
        from gmconsole.families.exploding.rules.builder_words import odds_line

        return odds_line(odds) if odds else ""


EXPLODING = ExplodingSystem()
