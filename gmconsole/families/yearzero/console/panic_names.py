"""A character's panic effect by its name in the Year Zero panic table (R-PANIC-1), for the roster, the
tracker's State column and the players' table view (the console part's ``panic_name``)."""

from __future__ import annotations

from gmconsole.i18n import pick
from gmconsole.safe_text import shown

__all__ = ["panic_name"]


def panic_name(panic) -> str:
    """A character's panic effect (``Character.panic``) by its table row's name in the console's language.

    The sheet keeps the row's id and its name in the language spoken when it was rolled, so a panic rolled
    in English read "Seek cover" in a zh-Hant console; the data file's ``{en, zh-Hant}`` name of the row
    is shown instead, and the kept name only when the table has no such row. Escaped: the kept name is
    read from the campaign file."""
    from gmconsole.families.yearzero.rules.panic import panic_table

    row = next((r for r in panic_table() if r.get("id") == panic.effect), None) if panic.effect else None
    return shown(pick(row["name"]) if row else (panic.name or panic.effect))
