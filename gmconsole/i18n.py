"""The console's language: which catalogue its words come from (the GM's own language).

Every string the GM reads is written in English in the code and wrapped: ``_("Roster")`` returns it in the
language set by :func:`set_language` (``gmconsole --lang zh-Hant``, ``GMCONSOLE_LANG``, later the settings
file), ``ngettext`` does the same for text with a count, ``pgettext("history column", "Push")`` for a short
label whose translation depends on where it is shown (its context; the catalogue keeps one entry per context),
and ``N_("Roster")`` only marks a string that is
evaluated before any language is set (a Binding's description, a class attribute) so the extractor finds
it; the code that draws it (the key bar, the help screen) translates it then, so changing the language after
import works.

The catalogues are stdlib ``gettext`` ones: ``gmconsole/locale/gmconsole.pot`` is the template extracted from
the code, ``gmconsole/locale/<dir>/LC_MESSAGES/gmconsole.po`` the reviewed translation updated from it, the
compiled ``.mo`` beside it is what runs (``tools/update_catalogues.py`` does all three; ``docs/languages.md``).
Each ``.mo`` is read once, the first time its language is chosen; English needs none,
and does not even import ``gettext`` (about 2 ms of every start-up, ``python -X importtime``).

Text from the data files (skills, attributes, panic rows, readings) carries its own ``{en, zh-Hant}``:
:func:`pick` chooses the current language's text there. What the GM typed is never translated.
"""

from __future__ import annotations

import os

__all__ = ["KEY_BAR", "LANGUAGES", "NP_", "N_", "UnknownLanguage", "_", "in_every_language", "key_label", "language",
           "ngettext", "pgettext", "pick", "set_language", "verbatim"]


def verbatim(text: str) -> str:
    """``text`` as written, in every language, on purpose: a word of a file format, a JSON value scripts
    compare, a protocol word. ``tools/untranslated.py`` (and the test built on it) takes a string wrapped
    here as decided, where an unwrapped one is a string somebody forgot to translate."""
    return text


DOMAIN = "gmconsole"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
"""Where the catalogues are (a plain path: ``pathlib`` is not worth importing for it at start-up)."""
LANGUAGES = {"en": verbatim("English"), "zh-Hant": "繁體中文"}
"""The languages the console speaks: code (as the data files and ``--lang`` spell it) → its own name."""
DEFAULT = "en"

_state: dict[str, object] = {"code": DEFAULT, "translation": None}
"""The language spoken and its ``gettext`` translation (``None``: English, every string as written)."""
_loaded: dict[str, object] = {}
"""The translations read so far, by language: each ``.mo`` is read once."""


class UnknownLanguage(ValueError):
    """A language code the console has no catalogue for; the message lists the known ones."""


def catalogue_dir(code: str) -> str:
    """The folder name of ``code``'s catalogue under ``locale/`` (gettext spells ``zh-Hant`` ``zh_Hant``)."""
    return code.replace("-", "_")


def _find(code: str) -> str | None:
    wanted = code.strip().casefold().replace("_", "-")
    return next((known for known in LANGUAGES if known.casefold() == wanted), None)


def set_language(code: str | None) -> str:
    """Speak ``code`` from now on (``None`` or ``""``: English); return the code as the console spells it.

    Raises :class:`UnknownLanguage`, naming the known codes, for a language there is no catalogue for."""
    found = DEFAULT if not code else _find(code)
    if found is None:
        known = ", ".join(LANGUAGES)
        raise UnknownLanguage(_("unknown language {code}: known languages are {known}").format(
            code=repr(code), known=known))
    _state["code"] = found
    _state["translation"] = _translation(found)
    return found


def _translation(code: str):
    """``code``'s gettext translation, read once (``None`` for English, which needs none)."""
    if code == DEFAULT:
        return None
    if code not in _loaded:
        import gettext  # only for a language other than English

        _loaded[code] = gettext.translation(DOMAIN, LOCALE_DIR, languages=[catalogue_dir(code)])
    return _loaded[code]


def language() -> str:
    """The code of the language the console speaks now (``"en"`` or ``"zh-Hant"``)."""
    return _state["code"]  # type: ignore[return-value]


def _(message: str) -> str:
    """``message`` in the current language (itself when the catalogue has no translation)."""
    translation = _state["translation"]
    return message if translation is None else translation.gettext(message)  # type: ignore[attr-defined]


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count`` in the current language."""
    translation = _state["translation"]
    if translation is None:
        return singular if count == 1 else plural
    return translation.ngettext(singular, plural, count)  # type: ignore[attr-defined]


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language as it reads in ``context`` (a short label that means different things
    in different places: a key's label, a history column, a sheet heading); itself when there is no translation."""
    translation = _state["translation"]
    return message if translation is None else translation.pgettext(context, message)  # type: ignore[attr-defined]


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (it is translated where it is drawn)."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` for the catalogue in ``context`` without translating it now; where it is drawn,
    ``pgettext(context, message)`` translates it (the same context, written there again)."""
    return message


KEY_BAR = verbatim("key bar")
"""The context of a key's label (a ``Binding``'s description) whose English is also another word of the console
with another meaning: ``NP_("key bar", "Save")`` saves a form, where the history's ``save`` is a saving throw."""


def key_label(description: str) -> str:
    """A key's label (a ``Binding``'s description, marked ``N_`` or ``NP_("key bar", ...)``) in the current
    language: its ``key bar`` translation when the catalogue has one, else its plain one."""
    said = pgettext(KEY_BAR, description)
    return said if said != description else _(description)


def in_every_language(message: str) -> set[str]:
    """``message`` as every language the console speaks writes it (English included): for a word the GM may
    type in any of them and mean one thing (a condition's name, ``tired`` or 疲憊). Read from each catalogue
    without changing the language spoken (the roll builder asks this at every preview)."""
    return {message} | {translation.gettext(message) for translation in map(_translation, LANGUAGES) if translation}


def pick(value: object, fallback: str = "") -> str:
    """The current language's text of a data-file value ``{"en": ..., "zh-Hant": ...}``; English when that
    language has none; a plain string as it is."""
    if isinstance(value, dict):
        return str(value.get(language()) or value.get(DEFAULT) or next(iter(value.values()), fallback))
    return fallback if value is None else str(value)
