"""The tiered family's ``gmconsole roll`` flags: what a campaign roll and a roll without a sheet
refuse (see :mod:`gmconsole.systems.cli_flags`)."""

from __future__ import annotations

from gmconsole.systems.cli_flags import FROM_THE_SHEET, NOT_PUSHED, CliFlags

__all__ = ["CLI_FLAGS"]

CLI_FLAGS = CliFlags(
    campaign_refused=(
        ("--reactive", "only Year Zero rolls are pushed, so only they can be reactive"),
        ("--push", "only Year Zero rolls are pushed (tiered: --push-yourself)"),
        ("--push-faces", NOT_PUSHED),
        ("--skill-modifier", "named skill modifiers are Year Zero's "
                             "(exploding: --modifier KEY[=N]; tiered: --bonus-dice N or --modifier \u00b1N)"),
        ("--tn-modifier", "TN modifiers are exploding's (use --modifier \u00b1N)"),
        ("--tn-mod", "TN modifiers are exploding's (use --modifier \u00b1N)"),
        ("--dice", f"{FROM_THE_SHEET}: use --attribute A and --skill K"),
        ("--luck", f"{FROM_THE_SHEET} (the Luck die is always rolled)"),
        ("--stamina", f"{FROM_THE_SHEET} (its stamina pays --push-yourself)"),
    ),
    elsewhere_refused=(
        ("--tn", "a tiered check reads its highest die, against no TN: add dice with --bonus N"),
        ("--modifier", "a tiered pool changes by dice: --bonus N (at most 2)"),
        ("--difficulty", "a tiered check has no difficulty: add dice with --bonus N"),
        ("--base", "a tiered pool is --luck, --attribute N and --skill N (or --dice N)"),
        ("--push", "tiered: --push-yourself"),
    ),
    tn_modifiers=False,
    gm_pool="dice",
)
