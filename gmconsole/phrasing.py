"""Small wording helpers shared by the command line and the console."""

from __future__ import annotations

from collections.abc import Iterable

from gmconsole.i18n import DEFAULT, _, language


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the word for that many: ``1 entry``, ``2 entries``, ``0 scenes`` (``many``: the
    plural when it is not ``one`` + ``s``)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def possessive(name: str) -> str:
    """``name``'s, in English: ``Ann's``, ``Hull rats'`` — a name ending in s takes only the
    apostrophe (the GM's style guide: "Hull rats's" reads wrong at the table). In another language,
    its catalogue's ``{name}'s`` (zh-Hant: ``{name}的``)."""
    if language() != DEFAULT:
        return _("{name}'s").format(name=name)
    return f"{name}'" if name[-1:] in ("s", "S") else f"{name}'s"


def side_by_side(figures: Iterable[str]) -> str:
    """Figures side by side, each a word and its number: ``base 80.2%, stress 30.6%``; in zh-Hant with the
    comma between clauses, ``基礎 80.2%，壓力 30.6%``. A list of words alone (names, kinds) is joined with
    ``_(", ")`` (zh-Hant's list comma 、), a list of sentences with ``_("; ")`` (；)."""
    joined = ""
    for figure in figures:
        joined = _("{figures}, {figure}").format(figures=joined, figure=figure) if joined else figure
    return joined


def quoted(text: object) -> str:
    """``text`` between quotation marks for a message that echoes what was typed or read:
    ``“luck”`` — words for the GM, not Python's ``'luck'`` repr (which shows escapes and flips its
    quotes around an apostrophe); unsafe characters are escaped (:func:`gmconsole.safe_text.shown`)."""
    from gmconsole.safe_text import shown

    return f"“{shown(text)}”"


def error_text(exc: BaseException) -> str:
    """The sentence of a refusal for the GM: ``str(exc)``, except that a ``KeyError`` (whose ``str`` is
    the repr of its key, ``'c9'``) gives its message as written."""
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    return str(exc)
