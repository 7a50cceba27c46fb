"""The Year Zero family's ``gmconsole roll`` flags: what a campaign roll and a roll without a sheet
refuse (see :mod:`gmconsole.systems.cli_flags`)."""

from __future__ import annotations

from gmconsole.i18n import N_
from gmconsole.systems.cli_flags import CliFlags

__all__ = ["CLI_FLAGS"]

_NO_TN = N_("a Year Zero roll has no TN: each 6 is a success; make it harder with --modifier -N or --difficulty NAME")

CLI_FLAGS = CliFlags(
    refused_with_a_sheet=(
        ("--tn-modifier", N_("TN modifiers are exploding's (use --modifier \u00b1N)")),
        ("--tn-mod", N_("TN modifiers are exploding's (use --modifier \u00b1N)")),
        ("--bonus-dice", N_("bonus dice are tiered's (use --gear ITEM, --helper NAME or --modifier \u00b1N)")),
        ("--bonus", N_("bonus dice are tiered's (use --gear ITEM, --helper NAME or --modifier \u00b1N)")),
        ("--push-yourself", N_("pushing yourself is tiered's (Year Zero: --push)")),
        ("--base", N_("with --campaign the pool comes from the character's sheet"
                      " (the attribute's current value): use --attribute A or --skill K")),
        ("--stress", N_("with --campaign the pool comes from the character's sheet (the character's stress)")),
        ("--artifact", N_("with --campaign the pool comes from the character's sheet"
                          ": use --gear ITEM for an item's artifact die")),
        ("--die", N_("with --campaign the pool comes from the character's sheet"
                     " (its step dice): use --attribute A or --skill K")),
        ("--skill-name", N_("with --campaign the skill is named by --skill K")),
        ("--skill-ones", N_("with --campaign --skill-ones is the campaign's setting: "
                         "`gmconsole settings NAME --set skill_ones=stay|blank`")),
        ("--push-cost", N_("with --campaign the push cost is the campaign's setting: "
                        "`gmconsole settings NAME --set push_cost=COST`")),
        ("--dog", N_("with --campaign Sic a Dog is a skill: use --skill sic-a-dog --use fight")),
    ),
    refused_without_a_sheet=(
        ("--tn", _NO_TN), ("--tn-mod", _NO_TN),
        ("--skill-die", N_("a Year Zero pool counts dice: --base N and --skill N (yze-step: --die dN)")),
        ("--trait-die", N_("a Year Zero pool counts dice: --base N and --skill N (yze-step: --die dN)")),
        ("--wounds", N_("wounds raise an exploding TN; a Year Zero roll has none")),
        ("--strain", N_("strain raises an exploding TN; a Year Zero roll has none")),
        ("--dice", N_("a Year Zero pool is --base N, --skill N and --gear N")),
        ("--bonus", N_("bonus dice are tiered's (Year Zero: --gear N or --modifier +N)")),
        ("--push-yourself", N_("pushing yourself is tiered's (Year Zero: --push)")),
    ),
    tn_modifiers=False,
    gm_pool="counts",
)
