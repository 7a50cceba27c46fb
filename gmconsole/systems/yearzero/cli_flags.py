"""The Year Zero family's ``gmconsole roll`` flags: what a campaign roll and a roll without a sheet
refuse (see :mod:`gmconsole.systems.cli_flags`)."""

from __future__ import annotations

from gmconsole.systems.cli_flags import FROM_THE_SHEET, CliFlags

__all__ = ["CLI_FLAGS"]

_NO_TN = "a Year Zero roll has no TN: each 6 is a success; make it harder with --modifier -N or --difficulty NAME"

CLI_FLAGS = CliFlags(
    campaign_refused=(
        ("--tn-modifier", "TN modifiers are exploding's (use --modifier \u00b1N)"),
        ("--tn-mod", "TN modifiers are exploding's (use --modifier \u00b1N)"),
        ("--bonus-dice", "bonus dice are tiered's (use --gear ITEM, --helper NAME or --modifier \u00b1N)"),
        ("--bonus", "bonus dice are tiered's (use --gear ITEM, --helper NAME or --modifier \u00b1N)"),
        ("--push-yourself", "pushing yourself is tiered's (Year Zero: --push)"),
        ("--base", f"{FROM_THE_SHEET} (the attribute's current value): use --attribute A or --skill K"),
        ("--stress", f"{FROM_THE_SHEET} (the character's stress)"),
        ("--artifact", f"{FROM_THE_SHEET}: use --gear ITEM for an item's artifact die"),
        ("--die", f"{FROM_THE_SHEET} (its step dice): use --attribute A or --skill K"),
        ("--skill-name", "with --campaign the skill is named by --skill K"),
        ("--skill-ones", "with --campaign --skill-ones is the campaign's setting: "
                         "`gmconsole settings NAME --set skill_ones=stay|blank`"),
        ("--push-cost", "with --campaign the push cost is the campaign's setting: "
                        "`gmconsole settings NAME --set push_cost=COST`"),
        ("--dog", "with --campaign Sic a Dog is a skill: use --skill sic-a-dog"),
    ),
    elsewhere_refused=(
        ("--tn", _NO_TN), ("--tn-mod", _NO_TN),
        ("--skill-die", "a Year Zero pool counts dice: --base N and --skill N (yze-step: --die dN)"),
        ("--trait-die", "a Year Zero pool counts dice: --base N and --skill N (yze-step: --die dN)"),
        ("--wounds", "wounds raise an exploding TN; a Year Zero roll has none"),
        ("--strain", "strain raises an exploding TN; a Year Zero roll has none"),
        ("--dice", "a Year Zero pool is --base N, --skill N and --gear N"),
        ("--bonus", "bonus dice are tiered's (Year Zero: --gear N or --modifier +N)"),
        ("--push-yourself", "pushing yourself is tiered's (Year Zero: --push)"),
    ),
    tn_modifiers=False,
    gm_pool="counts",
)
