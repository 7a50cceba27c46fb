"""The tiered system as a :class:`~gmconsole.systems.base.GameSystem` object (facts only; the dice
rules are in :mod:`.roll` and :mod:`.odds`)."""

from __future__ import annotations

from typing import Any

from gmconsole.families.tiered.rules.cli_flags import CLI_FLAGS
from gmconsole.families.tiered.rules.faces import FACES
from gmconsole.i18n import N_, _
from gmconsole.rules.spec import FaceKind
from gmconsole.systems.cli_flags import CliFlags
from gmconsole.systems.facts import SystemFacts
from gmconsole.systems.harm import Harm

__all__ = ["TIERED", "TieredSystem"]


class TieredSystem(SystemFacts):
    """The fields are documented on the protocol."""

    id: str = "tiered"
    title_words: str = N_("Luck + attribute + skill d6, four tiers")
    family: str = "tiered"
    tracker_counters: tuple[str, ...] = ("stamina", "xp")
    sheet_counters: tuple[str, ...] = ("stamina", "stamina_max", "level", "xp", "class_bonus")
    new_attribute_text: str = "1"
    skills_table: str | None = None
    has_panic_table: bool = False
    has_stress: bool = False
    has_roles: bool = False
    pushes: bool = False
    push_adds_die: bool = True
    push_costs: tuple[str, ...] = ()
    default_push_cost: str | None = None
    default_initiative: str = "roll"
    initiative_attribute: str = "dex"
    # asked by campaign commands
    check: str = "tiered"
    special_rolls: tuple[str, ...] = ("contested", "save", "attack")
    typed_pool: None = None

    # asked by the roll builder
    builder_options: tuple[str, ...] = ("modifier", "helpers", "bonus_dice", "push_yourself")
    builder_actions: tuple[str, ...] = ("bonus", "push_yourself", "push", "push_faces", "save", "attack", "consequence")
    attribute_from_skill: bool = False
    opposed_form: str | None = "contested"

    def default_difficulty(self) -> str | None:
        return None

    # asked by the sheet, the trackers, the roll text, the quick pool and the CLI
    attributes: tuple[str, ...] | None = ("str", "dex", "int", "cha", "per")
    attribute_hint: str = N_("0-6")
    skills_listed: bool = False
    rates_in_dice: bool = False
    step_dice: bool = False
    breaks_at_zero: bool = False
    takes_attribute_damage: bool = True
    harm: Harm = Harm(word=N_("stamina"), label=N_("Stamina lost"), title=N_("{name} loses stamina"),
                      counter="stamina", lowers_counter=True)
    repair_restores_all: bool = False
    push_cost_is_a_setting: bool = False
    conditions_table: str = "yze"
    skills_tried_untrained: bool = False
    no_skill_words: str = N_("(no skill: attribute only)")
    dice_explode: bool = False
    lists_stunts: bool = False
    cli_flags: CliFlags = CLI_FLAGS
    reroll_grants: bool = False
    fast_slow_actions: bool = False
    sheet_columns: tuple[tuple[str, str], ...] = ((N_("Stam"), "stamina_of_max"), (N_("Wnd"), "wounds"),
                                                  (N_("Lvl"), "level"), (N_("XP"), "xp"))
    quick_pool_syntax: str = N_("a dice count like 4 or 4d6")
    face_kinds: tuple[FaceKind, ...] = FACES
    quick_pool_example: str = "4d6"
    quick_faces_example: str = "d6512"

    def attribute_refusal(self, what: str, maximum: int, current: int) -> str | None:
        return None if 0 <= maximum <= 6 else _("{what} must be from 0 to 6 (it is {value})").format(
            what=what, value=maximum)

    def skill_refusal(self, what: str, level: int) -> str | None:
        return None if 0 <= level <= 5 else _("{what} must be from 0 to 5 (it is {value})").format(
            what=what, value=level)

    def attribute_step(self, value: int, delta: int) -> int:
        return max(0, value + delta)

    def rating_text(self, level: int) -> str:
        return str(level)

    def attribute_text(self, current: int, maximum: int) -> str:
        return str(maximum) if current == maximum else f"{current}/{maximum}"

    def difficulty_choices(self) -> tuple[tuple[str, str], ...]:
        from gmconsole.families.tiered.rules.builder_words import difficulty_choices

        return difficulty_choices(self.id)

    def odds_words(self, odds: dict[str, Any]) -> str:
        from gmconsole.families.tiered.rules.builder_words import odds_line

        return odds_line(odds) if odds else ""

    def tier_name(self, tier: str, language: str) -> str | None:
        from gmconsole.families.tiered.rules.roll import Tier

        return Tier(tier).name_in(language) if tier in {t.value for t in Tier} else None


TIERED = TieredSystem()
