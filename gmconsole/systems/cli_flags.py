"""What a family's ``gmconsole roll SYSTEM`` command line takes and refuses, as data (the cli reads it).

A flag that means nothing to a system (``--tn-modifier`` on a Year Zero roll, ``--push`` on an
exploding one) is refused before anything is rolled, rather than silently ignored, with a sentence
naming the flag that does the job. Each family's tables are in ``systems/<family>/cli_flags.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmconsole.i18n import N_, _

__all__ = ["NOT_PUSHED", "ROLE_OUTCOME_FLAGS", "CliFlags"]

NOT_PUSHED = N_("only Year Zero rolls are pushed")

_ROLES_ONLY = N_("role-skill outcomes are Mutant: Year Zero's (myz)")
ROLE_OUTCOME_FLAGS = tuple((flag, _ROLES_ONLY) for flag in ("--role-outcome", "--stunt", "--finds-faces",
                                                             "--patient-dies"))
"""A campaign roll's flags that apply what a myz role skill's roll leads to (R-MYZ-ROLE-1), refused with why
by the families without roles."""


@dataclass(frozen=True)
class CliFlags:
    """One family's command-line flags.

    ``refused_with_a_sheet``: flags a roll from a sheet (``--campaign NAME --character C``) refuses, each
    with why: the pool flags of a roll without a sheet and the other families' campaign flags.
    ``refused_without_a_sheet``: other families' pool flags a roll without a sheet refuses, each with the
    flag to use instead (``roll yze --tn 5`` names ``--modifier``, not argparse's bare "unrecognized arguments").
    ``tn_modifiers``: a campaign roll's ``--modifier`` also names TN-table rows (``KEY[=N]``) and
    ``--tn-mod ±N`` is taken. ``gm_pool``: how the GM's own roll gives its pool: ``"counts"`` (base,
    skill, gear dice; step dice when the system has them), ``"dice"`` (one count) or ``"die_sizes"``
    (skill and trait die sizes and a TN).
    """

    refused_with_a_sheet: tuple[tuple[str, str], ...]
    refused_without_a_sheet: tuple[tuple[str, str], ...]
    tn_modifiers: bool
    gm_pool: str

    @property
    def campaign_refused(self) -> tuple[tuple[str, str], ...]:
        """``(flag, why)`` a roll from a sheet refuses, the why in the language spoken now (the tables hold
        it marked in English: they are built before the command line knows the language)."""
        return tuple((flag, _(why)) for flag, why in self.refused_with_a_sheet)

    @property
    def elsewhere_refused(self) -> tuple[tuple[str, str], ...]:
        """``(flag, what to use instead)`` a roll without a sheet refuses, in the language spoken now."""
        return tuple((flag, _(why)) for flag, why in self.refused_without_a_sheet)
