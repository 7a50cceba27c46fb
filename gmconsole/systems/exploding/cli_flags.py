"""The exploding family's ``gmconsole roll`` flags: what a campaign roll and a roll without a sheet
refuse (see :mod:`gmconsole.systems.cli_flags`)."""

from __future__ import annotations

from gmconsole.systems.cli_flags import FROM_THE_SHEET, NOT_PUSHED, CliFlags

__all__ = ["CLI_FLAGS"]

CLI_FLAGS = CliFlags(
    campaign_refused=(
        ("--gear", "exploding rolls take no gear dice"),
        ("--reactive", "only Year Zero rolls are pushed, so only they can be reactive"),
        ("--push", "only Year Zero rolls are pushed (tiered: --push-yourself)"),
        ("--push-faces", NOT_PUSHED),
        ("--skill-modifier", "named skill modifiers are Year Zero's "
                             "(exploding: --modifier KEY[=N]; tiered: --bonus-dice N or --modifier \u00b1N)"),
        ("--bonus-dice", "bonus dice are tiered's (use --gear ITEM, --helper NAME or --modifier \u00b1N)"),
        ("--bonus", "bonus dice are tiered's (use --gear ITEM, --helper NAME or --modifier \u00b1N)"),
        ("--push-yourself", "pushing yourself is tiered's (Year Zero: --push)"),
        ("--tn", "with --campaign the TN is built from the sheet (untrained, wounds, strain): use "
                 "--difficulty NAME, --modifier KEY[=N] or --modifier \u00b1N instead of --tn"),
        ("--skill-die", f"{FROM_THE_SHEET}: use --skill K"),
        ("--trait-die", f"{FROM_THE_SHEET}: use --attribute A"),
        ("--wounds", f"{FROM_THE_SHEET} (its wounds count towards the TN)"),
        ("--strain", f"{FROM_THE_SHEET} (its strain counts towards the TN)"),
    ),
    elsewhere_refused=(
        ("--base", "an exploding check rolls --skill-die dN and --trait-die dN"),
        ("--skill", "an exploding check rolls --skill-die dN and --trait-die dN"),
        ("--dice", "an exploding check rolls --skill-die dN and --trait-die dN"),
        ("--push", NOT_PUSHED), ("--gear", "exploding rolls take no gear dice"),
        ("--modifier", "a TN modifier is --tn-mod ±N, or one from the tables with --modifier KEY[=N]"),
        ("--bonus", "bonus dice are tiered's (exploding: --tn-mod -N lowers the TN)"),
    ),
    tn_modifiers=True,
    gm_pool="die_sizes",
)
