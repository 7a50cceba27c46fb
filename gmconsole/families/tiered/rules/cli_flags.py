"""The tiered family's ``gmconsole roll`` flags: what a campaign roll and a roll without a sheet
refuse (see :mod:`gmconsole.systems.cli_flags`)."""

from __future__ import annotations

from gmconsole.i18n import N_
from gmconsole.systems.cli_flags import ROLE_OUTCOME_FLAGS, CliFlags

__all__ = ["CLI_FLAGS"]

_AFTER_THE_ROLL = N_("the Push Yourself die is added after a roll recorded in a campaign: roll with --campaign NAME "
                     "--character C and --push (--push-faces F types its face); without a sheet, --push-yourself "
                     "adds it before the roll")

CLI_FLAGS = CliFlags(
    refused_with_a_sheet=(
        ("--reactive", N_("only Year Zero rolls are pushed, so only they can be reactive")),
        ("--skill-modifier", N_("named skill modifiers are Year Zero's "
                             "(exploding: --modifier KEY[=N]; tiered: --bonus-dice N or --modifier \u00b1N)")),
        ("--tn-modifier", N_("TN modifiers are exploding's (use --modifier \u00b1N)")),
        ("--tn-mod", N_("TN modifiers are exploding's (use --modifier \u00b1N)")),
        ("--dice", N_("with --campaign the pool comes from the character's sheet: use --attribute A and --skill K")),
        ("--luck", N_("with --campaign the pool comes from the character's sheet (the Luck die is always rolled)")),
        ("--stamina", N_("with --campaign the pool comes from the character's sheet"
                         " (its stamina pays --push-yourself)")),
        *ROLE_OUTCOME_FLAGS,
    ),
    refused_without_a_sheet=(
        ("--tn", N_("a tiered check reads its highest die, against no TN: add dice with --bonus N")),
        ("--modifier", N_("a tiered pool changes by dice: --bonus N (at most 2)")),
        ("--difficulty", N_("a tiered check has no difficulty: add dice with --bonus N")),
        ("--base", N_("a tiered pool is --luck, --attribute N and --skill N (or --dice N)")),
        ("--push", _AFTER_THE_ROLL),
        ("--push-faces", _AFTER_THE_ROLL),
    ),
    tn_modifiers=False,
    gm_pool="dice",
)
