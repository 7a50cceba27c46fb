"""Small pieces of wording the campaign layer's messages share, in the console's language (issue 16).

A sentence is translated whole (``_("{owner} {trait} is at 0: ...")``); what fills a placeholder may
itself differ by language, and is made here: English says ``Ann's``/``Hull rats'``, Chinese ``Ann 的``.
"""

from __future__ import annotations

from gmconsole.i18n import _, language, pick
from gmconsole.wording import possessive

__all__ = ["attribute_shown", "owner_of"]


def owner_of(name: str) -> str:
    """``name`` as the owner of what follows: ``Ann's`` in English (:func:`gmconsole.wording.possessive`),
    the catalogue's form elsewhere (``Ann 的``)."""
    if language() == "en":
        return possessive(name)
    return _("{name}'s").format(name=name)


def attribute_shown(system: str, attribute: str) -> str:
    """An attribute in a message: its id in English, as the messages always wrote it (``strength``); its
    name from the system table in another language (``力量``); an attribute the table lacks as it is."""
    if language() == "en" or not system:
        return attribute
    from gmconsole.rules.data import system_table

    row = next((r for r in system_table(system).get("attributes", []) if r.get("id") == attribute), None)
    return (pick(row.get("name")) or attribute) if row else attribute

