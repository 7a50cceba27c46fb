"""Small wording helpers shared by the command line and the console."""

from __future__ import annotations

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
