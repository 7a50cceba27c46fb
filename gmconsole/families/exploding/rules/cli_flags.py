"""The exploding family's ``gmconsole roll`` flags: what a campaign roll and a roll without a sheet
refuse (see :mod:`gmconsole.systems.cli_flags`)."""

from __future__ import annotations

from gmconsole.i18n import N_
from gmconsole.systems.cli_flags import NOT_PUSHED, ROLE_OUTCOME_FLAGS, CliFlags

__all__ = ["CLI_FLAGS"]

CLI_FLAGS = CliFlags(
    refused_with_a_sheet=(
        ("--gear", N_("exploding rolls take no gear dice")),
        ("--reactive", N_("only Year Zero rolls are pushed, so only they can be reactive")),
        ("--push", N_("an exploding check is not pushed: a failed one is rerolled with a grant the sheet "
                       "holds (gmconsole reroll, R-EXP-5) or tried again when circumstances change")),
        ("--push-faces", NOT_PUSHED),
        ("--skill-modifier", N_("named skill modifiers are Year Zero's "
                             "(exploding: --modifier KEY[=N]; tiered: --bonus-dice N or --modifier \u00b1N)")),
        ("--bonus-dice", N_("bonus dice are tiered's (use --gear ITEM, --helper NAME or --modifier \u00b1N)")),
        ("--bonus", N_("bonus dice are tiered's (use --gear ITEM, --helper NAME or --modifier \u00b1N)")),
        ("--push-yourself", N_("pushing yourself is tiered's (Year Zero: --push)")),
        ("--tn", N_("with --campaign the TN is built from the sheet (untrained, wounds, strain): use "
                 "--difficulty NAME, --modifier KEY[=N] or --modifier \u00b1N instead of --tn")),
        ("--skill-die", N_("with --campaign the pool comes from the character's sheet: use --skill K")),
        ("--trait-die", N_("with --campaign the pool comes from the character's sheet: use --attribute A")),
        ("--wounds", N_("with --campaign the pool comes from the character's sheet (its wounds count towards the TN)")),
        ("--strain", N_("with --campaign the pool comes from the character's sheet"
                        " (its strain counts towards the TN)")),
        *ROLE_OUTCOME_FLAGS,
    ),
    refused_without_a_sheet=(
        ("--base", N_("an exploding check rolls --skill-die dN and --trait-die dN")),
        ("--skill", N_("an exploding check rolls --skill-die dN and --trait-die dN")),
        ("--dice", N_("an exploding check rolls --skill-die dN and --trait-die dN")),
        ("--push", NOT_PUSHED), ("--gear", N_("exploding rolls take no gear dice")),
        ("--modifier", N_("a TN modifier is --tn-mod ±N, or one from the tables with --modifier KEY[=N]")),
        ("--bonus", N_("bonus dice are tiered's (exploding: --tn-mod -N lowers the TN)")),
    ),
    tn_modifiers=True,
    gm_pool="die_sizes",
)
