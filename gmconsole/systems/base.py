"""What a game system tells the rest of gmconsole: the :class:`GameSystem` protocol.

Callers never compare a system id with a string. They fetch the system once
(``systems.get(campaign.system)``) and ask it: which counters the tracker shows, whether
there is a panic table, how a push is paid, which extra keys the roll builder offers. Adding
a system-specific behaviour therefore touches one folder: the family's package under
``gmconsole/systems/``.

Like :mod:`gmconsole.rules`, this package is pure: no textual, tinydb or rich, no campaign,
store, ui or cli imports. Heavy rule modules (odds engines) are imported lazily by the methods
that need them, so reading a system's facts at start-up costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from gmconsole.rules.spec import FaceKind
    from gmconsole.systems.cli_flags import CliFlags
    from gmconsole.systems.harm import Harm
    from gmconsole.systems.panic_table import PanicTable

__all__ = ["GameSystem"]


@runtime_checkable
class GameSystem(Protocol):
    """The facts and behaviour that differ between game systems.

    Attributes are plain data read by every layer; each family documents its values.
    """

    id: str
    """The system id written in campaign files and typed on the command line (``"yze"``)."""

    @property
    def title(self) -> str:
        """The game's name as the GM reads it in pickers (``"Year Zero Engine (dice pool)"``), in the console's
        language; the fact ``title_words`` holds it marked in English."""

    family: str
    """The rules family's package name (``"yearzero"``, ``"exploding"``, ``"tiered"``); for
    grouping in documents and help only, never for deciding behaviour."""

    tracker_counters: tuple[str, ...]
    """The character counters the tracker pane shows and ``t`` cycles through."""

    sheet_counters: tuple[str, ...]
    """The counters the character form lets the GM type."""

    new_attribute_text: str
    """What a new sheet's attribute fields start at in the character form ("" for none)."""

    default_initiative: str
    """How a conflict's turn order is drawn by default: ``"cards"`` or ``"roll"``."""

    initiative_attribute: str
    """The attribute added to the D6 when initiative is rolled."""

    @property
    def skills_table(self) -> str | None:
        """The bundled table whose ``skills`` list this system's characters use, or ``None``."""

    has_panic_table: bool
    """True when stress dice showing 1 send the character to a panic table."""

    @property
    def panic_table(self) -> PanicTable | None:
        """The panic table and its roll (:class:`~gmconsole.systems.panic_table.PanicTable`: D6 + stress,
        R-PANIC-1), or ``None`` where the system has none (``has_panic_table`` false)."""

    has_stress: bool
    """True when characters carry a stress counter that adds stress dice to their rolls."""

    has_roles: bool
    """True when characters have roles with specialist skills (Mutant: Year Zero)."""

    pushes: bool
    """True when a roll can be pushed (Year Zero); other systems have their own second chances."""

    push_adds_die: bool
    """True when the push of a recorded roll (the roll builder's ``p``/``P``, ``roll --campaign ... --push``)
    adds one die to the dice on the table instead of rerolling some (tiered: Push Yourself after the roll,
    :mod:`gmconsole.families.tiered.rules.push_after`); False where a push rerolls (``pushes``) or there is none."""

    push_costs: tuple[str, ...]
    """The push-cost options a campaign may choose (empty when rolls are not pushed)."""

    @property
    def default_push_cost(self) -> str | None:
        """The push cost a new campaign starts with (``None`` when rolls are not pushed)."""


    # asked by the roll builder
    builder_options: tuple[str, ...]
    """The per-roll options the roll builder offers and its settings line shows, in that order (names of
    :class:`gmconsole.campaign.sheet_rolls.RollRequest` fields: ``difficulty``, ``modifier``, ``helpers``,
    ``reactive``, ``skill_modifiers``, ``tn_modifiers``, ``bonus_dice``, ``push_yourself``)."""

    builder_actions: tuple[str, ...]
    """The roll builder's keys (action names) that only this system has: pushing and costs, reactive
    rolls, named skill or TN modifiers, bonus dice, saves, attacks... A key another system has and
    this one lacks is hidden and does nothing here."""

    attribute_from_skill: bool
    """True when a skill brings its own attribute (Year Zero): the builder leaves the attribute unset,
    may roll an attribute alone, and needs a skill or an attribute before there is a pool. Otherwise the
    character's first attribute is rolled unless the GM picks another."""

    def default_difficulty(self) -> str | None:
        """The difficulty a roll has when the GM names none (``None``: no difficulty ladder)."""
        ...


    opposed_form: str | None
    """Which of the family's special-roll forms (:class:`gmconsole.ui.family_console.ConsoleParts`) the builder's
    opposed key opens (``"opposed"``, ``"contested"``)."""

    # asked by campaign commands
    check: str
    """What kind of check the sheet rolls, for documents and tests: ``"pool"`` (a Year Zero pool, successes
    counted, pushable), ``"exploding"`` (the top die against a target number) or ``"tiered"`` (2d6 read
    as a tier). How it is built, rolled and recorded is the family's engine's
    (:class:`gmconsole.campaign.sheet_rolls.RollEngine`), never decided by this word."""

    special_rolls: tuple[str, ...]
    """The special rolls the system offers besides a check: ``"opposed"`` (the Year Zero opposed
    roll, R-OPP-1); ``"opposed-test"``, ``"assisted"``, ``"group"`` (exploding); ``"contested"``,
    ``"save"``, ``"attack"`` (tiered). A special roll the system lacks is refused, naming the system."""

    @property
    def typed_pool(self) -> tuple[str, str | None] | None:
        """The pool rules and push cost a defender's pool typed as counts (``base=3 skill=2``) is
        rolled with in an opposed roll, or ``None`` where the system has no such roll."""

    # asked by the sheet, the trackers, the roll text, the quick pool and the CLI

    attributes: tuple[str, ...] | None
    """The attribute ids every sheet has, in sheet order; ``None`` when the GM names each character's
    own traits (exploding)."""

    attribute_hint: str
    """What the character form says an attribute field takes (``"die size 6/8/10/12"``)."""

    skills_listed: bool
    """True when sheets take skills from a list (the system's table or the campaign's own list);
    False when the GM names each character's own skills."""

    @property
    def rates_in_dice(self) -> bool:
        """True when attributes and skills are die sizes (``d8``) rather than counts or numbers."""

    step_dice: bool
    """True when damage steps an attribute's die down one size (D12 → D10 → D8 → D6 → broken)."""

    breaks_at_zero: bool
    """True when an attribute at 0 leaves the character broken (the BROKEN badge)."""

    takes_attribute_damage: bool
    """True when damage lowers an attribute; False when it goes to counters (wounds, strain)."""

    harm: Harm
    """What the harm key (``H``) and ``gmconsole harm`` change when a character is hurt: an attribute's
    current value (Year Zero damage, myz trauma to the attribute the GM picks) or a counter (wounds,
    stamina) (:class:`gmconsole.systems.harm.Harm`)."""

    repair_restores_all: bool
    """R-REPAIR-1: True when any repair success restores an item's full bonus (Mutant: Year Zero's
    Jury-Rig); False when each success restores one point."""

    push_cost_is_a_setting: bool
    """True when the campaign's push-cost setting decides what a push costs; False when the game fixes
    it (Mutant: Year Zero)."""

    conditions_table: str
    """The bundled table whose ``conditions`` list the tracker offers when adding a condition."""

    sheet_columns: tuple[tuple[str, str], ...]
    """The roster's counter columns as ``(label, value key)``; a key is a counter name or one of
    ``"trauma"`` (total attribute trauma), ``"attribute_damage"`` (the damage taken, in the system's steps:
    :func:`~gmconsole.systems.harm.damage_taken`), ``"stamina_of_max"``."""

    quick_pool_syntax: str
    """The GM's quick pool syntax, as its prompt and the refusal of a bad one say it."""

    quick_pool_example: str
    """One quick pool in that syntax, the console's placeholder."""

    quick_faces_example: str
    """Faces of the dice of :attr:`quick_pool_example` typed in the short form (R-MANUAL-1), as the GM
    roll's hint shows them after ``;`` (``5b 3s 1g ; b63124 s355 g1``)."""

    face_kinds: tuple[FaceKind, ...]
    """The kinds of dice whose faces the GM types from physical dice (R-MANUAL-1), each with its letter in
    the short form (``b63124 s355``; :mod:`gmconsole.rules.spec`), as its quick pool names them."""





    def attribute_refusal(self, what: str, maximum: int, current: int) -> str | None:
        """Why an attribute's rating (``maximum``) or current value cannot be on a sheet, or ``None``.
        ``what`` names it ("Ada's strength")."""

    def skill_refusal(self, what: str, level: int) -> str | None:
        """Why a skill rating cannot be on a sheet, or ``None``; ``what`` names it ("Ada's sneak")."""

    def attribute_step(self, value: int, delta: int) -> int:
        """An attribute's current value one step down (``delta`` -1) or up (+1): a point, or a die size
        for step dice. Never below 0; the caller keeps it under the maximum."""

    def rating_text(self, level: int) -> str:
        """A skill or attribute rating as the GM reads it: ``3`` or ``d8``."""

    def attribute_text(self, current: int, maximum: int) -> str:
        """An attribute's current and full rating at a glance: ``3/4``, ``d8→d6``, ``4``."""

    skills_tried_untrained: bool
    """True when a character may try any skill untrained (exploding), so the roll builder offers every
    skill, those the sheet lacks marked untrained."""

    @property
    def no_skill_label(self) -> str:
        """The roll builder's last skill choice, rolling without a skill (``"(no skill: attribute only)"``), in the
        console's language; the fact ``no_skill_words`` holds it marked in English."""

    die_sizes: tuple[int, ...]
    """The sizes of the dice the system's rolls record (the history refuses a die of another size)."""

    dice_explode: bool
    """True when a die showing its highest face rolls again and adds (typed as ``8+3``)."""

    lists_stunts: bool
    """True when a success's extra successes buy stunts from the skill's own list, one per line, within
    R-MYZ-LIMIT (Mutant: Year Zero); False when the bonus effects are named on one line."""

    def difficulty_choices(self) -> tuple[tuple[str, str], ...]:
        """``(id, label)`` of the difficulty ladder, easiest first (empty when the system has none)."""

    def odds_words(self, odds: dict[str, Any]) -> str:
        """A preview's exact odds in one line of plain words (``""`` for no odds)."""

    def tier_name(self, tier: str, language: str) -> str | None:
        """A result tier as a roll entry stores it (``mixed``) by the system's own name for it in ``language``
        (``混合``); ``None`` where the system has no such tier."""

    cli_flags: CliFlags
    """What ``gmconsole roll`` takes and refuses for this system (:mod:`gmconsole.systems.cli_flags`)."""

    reroll_grants: bool
    """True when a character may hold reroll grants (seed 003: "some Tradecraft, Trade Secrets or Quirks grant
    the ability to reroll failed skill checks"), named on the sheet and offered after a failed check
    (R-EXP-5, :mod:`gmconsole.campaign.grants`)."""

    fast_slow_actions: bool
    """True when a combatant has a fast and a slow action each round (seed 002: help counts as an action of
    the same kind, fast or slow, as the action helped): the initiative pane marks them and a roll's helpers
    spend one (R-ACT-1, R-ACT-2, :mod:`gmconsole.rules.initiative_actions`)."""

