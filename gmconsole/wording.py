"""Small English wording helpers shared by the command line and the console."""

from __future__ import annotations


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the word for that many: ``1 entry``, ``2 entries``, ``0 scenes`` (``many``: the
    plural when it is not ``one`` + ``s``)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"
