"""The rolls of an open campaign: preview a pool, roll it, push it, and the special rolls.

Each method resolves the ids and names the GM typed and hands the roll to its command module
(:mod:`gmconsole.campaign.commands`), which records it through the :class:`~gmconsole.campaign.ledger.Ledger`.
What a recorded roll leads to (its costs, consequences, role outcomes) is
:class:`~gmconsole.campaign.facades.outcomes.Outcomes`'s.
"""

# The engine parts are Protocols handed to engine_parts.part_of as type[Part]; mypy calls that passing an
# abstract class (python/mypy#4717), which here is the point: the part is looked up, never instantiated.
# mypy: disable-error-code="type-abstract"

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict, Unpack

from gmconsole.campaign import skills, validation
from gmconsole.campaign.model import RollPreview
from gmconsole.i18n import _

if TYPE_CHECKING:
    from gmconsole.campaign.engine_parts import P
    from gmconsole.campaign.ledger import Ledger


class RollOptions(TypedDict, total=False):
    """What a roll from the sheet asks for beyond who rolls and which skill, as :meth:`Rolls.preview_roll` and
    :meth:`Rolls.roll` take it (each described at :meth:`Rolls.preview_roll`)."""

    attribute: str | None
    gear: Sequence[str]
    difficulty: str | None
    helpers: Sequence[str]
    modifier: int
    reactive: bool
    goal: str | None
    tn_modifiers: Sequence[str]
    bonus_dice: int
    push_yourself: bool
    skill_modifiers: Sequence[str]


class Rolls:
    """Rolls, as the console and the command line ask for them: ``service.rolls``."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        """The open campaign's ledger, through which every change is recorded."""

    def _roll_request(self, character_id: str, *, gear=(), helpers=(), tn_modifiers=(), skill_modifiers=(),
                      **fields):
        """One :class:`sheet_rolls.RollRequest` for preview, roll and opposed roll: ids resolved, lists frozen."""
        from gmconsole.campaign import sheet_rolls

        if fields.get("skill"):  # a skill named by id or by its name in the campaign's list
            fields["skill"] = skills.resolve(self.ledger.campaign, fields["skill"])
        return sheet_rolls.RollRequest(
            character_id=self.ledger.character(character_id).id, gear=tuple(gear),
            helpers=tuple(self.ledger.character(h).id for h in helpers),
            tn_modifiers=tuple(tn_modifiers), skill_modifiers=tuple(skill_modifiers), **fields,
        )

    def preview_roll(self, character_id: str, skill: str | None = None,
                     **options: Unpack[RollOptions]) -> RollPreview:
        """The pool a roll would use (``options``: :class:`RollOptions`), built from the sheet, with its explanation,
        exact odds, whether it can be rolled (and why not) and warnings — writes nothing (the UI calls it on every
        key).

        ``skill``/``attribute`` are ids from the system's table (no skill: the attribute alone);
        ``gear`` item ids or names; ``difficulty`` an id from the system's difficulty table;
        ``helpers`` character ids (R-HELP-1, at most 3); ``modifier`` ± situational (R-MOD-1);
        ``reactive`` marks a roll that may not be pushed (R-PUSH-2); ``goal`` feeds the "only one
        chance" warning; exploding: ``tn_modifiers`` ids from the modifier tables; tiered:
        ``bonus_dice`` (R-TIER-1, at most 2) and ``push_yourself`` (2 stamina for +1 die);
        Year Zero: ``skill_modifiers`` named modifiers from the skill's own list (seed 002; myz: what a
        role skill's roll is for, R-MYZ-LIMIT), ids or ``id=detail``, recorded by name.
        """
        from gmconsole.campaign import sheet_rolls

        validation.check_typed_text(options.get("goal"), _("the goal"))  # typed by the GM, kept in the history
        return sheet_rolls.preview(self.ledger, self._roll_request(character_id, skill=skill, **options))

    def roll(self, character_id: str, skill: str | None = None, *, faces: str | None = None,
             rng: random.Random | None = None, hidden: bool = False, **options: Unpack[RollOptions]) -> dict:
        """Roll the pool :meth:`preview_roll` shows (the same ``options``) and record it in the current session.

        ``faces`` is a SPEC typed from physical dice (R-MANUAL-1, e.g. ``"base=6,1 skill=4"``);
        otherwise ``rng`` (default: the service's) rolls. The entry holds the full pool, faces,
        by-hand flag, odds at the time and the outcome (``successes`` / ``tier`` / ``top``), and the
        costs the rules core computed (``costs_status`` ``pending`` until :meth:`apply_costs`).
        Stress-die 1s (yze stress-dice) and tiered Limited XP are recorded here as costs too.
        ``hidden`` marks the GM's hidden roll (``"hidden": true``): the players' table view never shows it.
        """
        from gmconsole.campaign.commands import rolls as recorded

        validation.check_typed_text(options.get("goal"), _("the goal"))  # typed by the GM, kept in the history
        request = self._roll_request(character_id, skill=skill, hidden=hidden, **options)
        return recorded.roll(self.ledger, request, faces, rng or self.ledger.rng)

    def quick_roll(self, pool: str, *, faces: str | None = None, rng: random.Random | None = None,
                   hidden: bool = False) -> dict:
        """The GM's quick roll: ``pool`` typed in the system's compact syntax
        (:attr:`GameSystem.quick_pool_syntax <gmconsole.systems.base.GameSystem.quick_pool_syntax>`, e.g. ``"5b 3s"``),
        rolled and recorded as the GM's roll, with no character and no costs; ``faces`` and ``hidden`` as
        for :meth:`roll`."""
        from gmconsole.campaign.commands import quick_rolls

        return quick_rolls.quick_roll(self.ledger, pool, faces, rng or self.ledger.rng, hidden)

    def roll_table(self, table: str, character: str | None = None, *, faces: str | None = None,
                   rng: random.Random | None = None) -> dict:
        """Roll one of the GM's own tables (:mod:`gmconsole.campaign.gm_tables`) for ``character`` (id or name;
        the row's costs then wait for them, as a push's do) or for nobody; ``faces`` typed from physical dice
        (R-MANUAL-1; a D66 is two D6 read tens then units), else ``rng`` (default: the service's). Undoable."""
        from gmconsole.campaign.commands import tables

        return tables.roll_table(self.ledger, table, character, faces, rng or self.ledger.rng)

    def push(
        self,
        entry_id: int | None = None,
        *,
        faces: str | None = None,
        rng: random.Random | None = None,
        condition: str | None = None,
    ) -> dict:
        """Push a recorded Year Zero roll (R-PUSH-1..4), by default the newest roll of the session.

        ``faces`` is a SPEC for the rerolled dice typed by hand; ``condition`` is the GM's pick for
        the ``conditions`` push cost. The roll's entry is updated with the push and its new costs;
        the push is its own history entry (undoable: undo restores the roll as it was). tiered: the
        Push Yourself die added after the roll (2 stamina; ``faces`` its one face), recorded the same way.
        """
        from gmconsole.campaign.commands import rolls as recorded

        return recorded.push(self.ledger, entry_id, faces, rng or self.ledger.rng, condition)

    def push_yourself_refusal(self, entry_id: int) -> str | None:
        """tiered: why the Push Yourself die cannot be added to the recorded roll ``entry_id`` now, or ``None``
        (asked before the GM types its face)."""
        from gmconsole.campaign.engine_parts import PushAfterPart, part_of
        from gmconsole.campaign.sheet_rolls import latest_roll

        return part_of(self.ledger.campaign.system, PushAfterPart).push_yourself_refusal(
            self.ledger, latest_roll(self.ledger, entry_id, "push"))

    def push_odds(self, entry_id: int):
        """The exact odds and costs of pushing the recorded roll ``entry_id`` from the dice it shows,
        as :class:`~gmconsole.families.yearzero.rules.push_odds.PushOdds`: what :meth:`push` would
        do to it now. Raises ``ValidationError`` or ``RulesError`` with the reason a push is refused."""
        from gmconsole.campaign.commands import rolls as recorded

        return recorded.push_odds(self.ledger, entry_id)

    def _special(self, kind: str, part: type[P], what: str | None = None, refusal: str | None = None) -> P:
        """The engine part rolling the special roll ``kind``, refused where the campaign's game does not offer it
        (:func:`gmconsole.campaign.commands.special_rolls.offered`)."""
        from gmconsole.campaign.commands import special_rolls

        return special_rolls.offered(self.ledger, kind, part, what, refusal)

    def _save_or_attack_refusal(self) -> str:
        from gmconsole.campaign.commands.roll_fields import offered_by

        return _("saving throws and attack rolls belong to {systems}, not {system}").format(
            systems=offered_by("save"), system=self.ledger.campaign.system)

    def change_of_circumstances(self, character_id: str, skill: str, reason: str, goal: str | None = None) -> dict:
        """Record why a character may try the same roll again this scene (only one chance, docs/RULES.md;
        exploding retries): the "only one chance" warning for that skill and goal goes away."""
        from gmconsole.campaign.commands import rolls as recorded

        return recorded.change_of_circumstances(self.ledger, character_id, skill, reason, goal)

    def reroll_with_grant(self, entry_id: int | None, grant: str, *, faces: str | None = None,
                          rng: random.Random | None = None) -> dict:
        """exploding (R-EXP-5): reroll the failed check ``entry_id`` (default: the session's newest roll) with
        the grant named ``grant`` that the character holds on the sheet; a new roll entry, recorded with the
        grant's name (``reroll``), the failed check marked ``rerolled_with`` it (undone together). ``faces``:
        typed from physical dice (R-MANUAL-1)."""
        from gmconsole.campaign.commands import rerolls

        return rerolls.reroll(self.ledger, entry_id, grant, faces, rng or self.ledger.rng)

    def saving_throw(self, character_id: str, save: str, *, faces: str | None = None,
                     rng: random.Random | None = None) -> dict:
        """tiered: a saving throw (``phys``, ``ment``, ``perc``), 2d6 against the score from the sheet
        (R-TIER-3, with the strict-over setting); ``faces`` like ``"dice=4,5"``. Recorded (kind ``save``)."""
        from gmconsole.campaign.engine_parts import SavingThrowPart

        part = self._special("save", SavingThrowPart, refusal=self._save_or_attack_refusal())
        return part.saving_throw(self.ledger, character_id, save, faces, rng or self.ledger.rng)

    def attack(self, character_id: str, weapon: str | None, *, melee: bool = True, reckless: bool = False,
               faces: str | None = None, rng: random.Random | None = None, damage: int | None = None) -> dict:
        """tiered: an attack roll with a weapon from the sheet (its ``damage``; or ``weapon`` None and the
        ``damage`` typed), R-TIER-4 damage by tier, Reckless for melee. Recorded (kind ``attack``, with
        ``tier`` and ``damage``)."""
        from gmconsole.campaign.engine_parts import AttackPart

        part = self._special("attack", AttackPart, refusal=self._save_or_attack_refusal())
        return part.attack(self.ledger, character_id, weapon, melee, reckless, faces, rng or self.ledger.rng, damage)

    def opposed_roll(
        self,
        character_id: str,
        skill: str | None = None,
        *,
        attribute: str | None = None,
        gear: Sequence[str] = (),
        difficulty: str | None = None,
        helpers: Sequence[str] = (),
        modifier: int = 0,
        goal: str | None = None,
        skill_modifiers: Sequence[str] = (),
        defender_id: str | None = None,
        defender_skill: str | None = None,
        defender_attribute: str | None = None,
        defender_pool: str | None = None,
        faces: str | None = None,
        defender_faces: str | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """Year Zero opposed roll (R-OPP-1): roll the active pool (the same arguments as :meth:`roll`),
        then the defender's — ``defender_id`` + ``defender_skill`` (and ``defender_attribute``) from the
        roster, or ``defender_pool`` typed as counts (``"base=3 skill=2 gear=1"``) — and record one
        ``roll`` entry (``roll_type`` ``opposed``) whose ``opposed`` holds the defender's dice and the
        outcome (``active_successes``, ``defender_successes``, ``net_successes``, ``outcome``
        active/defender/reroll per the ``opposed_reroll_ties`` setting). Only the active side may push
        it (:meth:`push`, R-PUSH-2), after the defender rolled; the push reads the outcome again."""
        system = self.ledger.campaign.system
        from gmconsole.campaign.engine_parts import OpposedRollPart

        part = self._special("opposed", OpposedRollPart, refusal=_(
            "{system} has no Year Zero opposed roll").format(system=system))
        request = self._roll_request(
            character_id, skill=skill, attribute=attribute, gear=gear, difficulty=difficulty, helpers=helpers,
            modifier=modifier, goal=goal, skill_modifiers=skill_modifiers,
        )
        return part.opposed_roll(self.ledger, request, defender_id, defender_skill, defender_attribute,
                                          defender_pool, faces, defender_faces, rng or self.ledger.rng)

    def opposed_test(
        self,
        character_id: str,
        skill: str | None,
        defender_id: str,
        *,
        attribute: str | None = None,
        defender_skill: str | None = None,
        defender_attribute: str | None = None,
        faces: str | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """exploding opposed test (R-EXP-4): both roll exploding dice from their sheets (the defender's
        skill defaults to the same skill); the higher top wins; a tie goes to the defender unless the
        ``exploding_tie_to_defender`` setting is off. ``faces``: the active dice then the defender's
        (``"skill=8+3,2,5,1 trait=5,4"``). Recorded (kind ``opposed``, ``top``, ``defender_top``, ``winner``)."""
        from gmconsole.campaign.engine_parts import OpposedTestPart

        part = self._special("opposed-test", OpposedTestPart, _("an opposed test"))
        return part.opposed_test(self.ledger, character_id, skill, attribute, defender_id, defender_skill,
                                 defender_attribute, faces, rng or self.ledger.rng)

    def assisted_check(
        self,
        leader_id: str,
        skill: str,
        others: Sequence[str],
        *,
        attribute: str | None = None,
        difficulty: str | None = None,
        tn_modifiers: Sequence[str] = (),
        hold: Sequence[str] = (),
        faces: str | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """exploding assisted untrained check: the trained leader rolls first against the TN + 1 per other
        participant; points above the TN form a pool; each of ``others`` in turn rolls their trait die
        and spends pool points to close the gap (those named in ``hold`` spend none). Recorded (kind
        ``assisted``: ``top`` of the leader, ``tn``, ``successes``, every turn in ``assisted``/``rolls``).
        ``faces`` typed from physical dice (R-MANUAL-1): the leader's skill dice, then every trait die in turn."""
        from gmconsole.campaign.engine_parts import AssistedCheckPart

        part = self._special("assisted", AssistedCheckPart, _("an assisted check"))
        return part.assisted_check(self.ledger, leader_id, skill, list(others), attribute, difficulty,
                                            tuple(tn_modifiers), list(hold), rng or self.ledger.rng, faces)

    def group_check(
        self,
        character_ids: Sequence[str],
        skill: str,
        *,
        attribute: str | None = None,
        difficulty: str | None = None,
        tn_modifiers: Sequence[str] = (),
        faces: str | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """exploding group check: TN −1 per trained participant, everyone rolls, the successes are
        counted. Recorded (kind ``group``: ``tn``, ``successes``, ``top``, each result in ``group``)."""
        from gmconsole.campaign.engine_parts import GroupCheckPart

        part = self._special("group", GroupCheckPart, _("a group check"))
        return part.group_check(self.ledger, list(character_ids), skill, attribute, difficulty,
                                         tuple(tn_modifiers), faces, rng or self.ledger.rng)

    def contested(
        self,
        character_id: str,
        attribute: str,
        opponent_id: str,
        *,
        opponent_attribute: str | None = None,
        faces: str | None = None,
        rng: random.Random | None = None,
    ) -> dict:
        """tiered contested roll (R-TIER-5): each side 2d6 + attribute (the opponent's defaults to the
        same), the highest wins, a tie is rolled again; ``faces`` ``"dice=a,a,b,b"`` per round.
        Recorded (kind ``contested``: ``rounds``, ``winner`` a/b, ``winner_name``, ``outcome`` won/lost)."""
        from gmconsole.campaign.engine_parts import ContestedPart

        part = self._special("contested", ContestedPart, _("a contested roll"))
        return part.contested(self.ledger, character_id, attribute, opponent_id, opponent_attribute, faces,
                                       rng or self.ledger.rng)
