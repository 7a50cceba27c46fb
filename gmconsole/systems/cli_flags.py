"""What a family's ``gmconsole roll SYSTEM`` command line takes and refuses, as data (the cli reads it).

A flag that means nothing to a system (``--tn-modifier`` on a Year Zero roll, ``--push`` on an
exploding one) is refused before anything is rolled, rather than silently ignored, with a sentence
naming the flag that does the job. Each family's tables are in ``systems/<family>/cli_flags.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FROM_THE_SHEET", "NOT_PUSHED", "CliFlags"]

FROM_THE_SHEET = "with --campaign the pool comes from the character's sheet"
NOT_PUSHED = "only Year Zero rolls are pushed"


@dataclass(frozen=True)
class CliFlags:
    """One family's command-line flags.

    ``campaign_refused``: flags a roll from a sheet (``--campaign NAME --character C``) refuses, each
    with why: the pool flags of a roll without a sheet and the other families' campaign flags.
    ``elsewhere_refused``: other families' pool flags a roll without a sheet refuses, each with the
    flag to use instead (play-test 5: ``roll yze --tn 5`` said only "unrecognized arguments").
    ``tn_modifiers``: a campaign roll's ``--modifier`` also names TN-table rows (``KEY[=N]``) and
    ``--tn-mod ±N`` is taken. ``gm_pool``: how the GM's own roll gives its pool: ``"counts"`` (base,
    skill, gear dice; step dice when the system has them), ``"dice"`` (one count) or ``"die_sizes"``
    (skill and trait die sizes and a TN).
    """

    campaign_refused: tuple[tuple[str, str], ...]
    elsewhere_refused: tuple[tuple[str, str], ...]
    tn_modifiers: bool
    gm_pool: str
