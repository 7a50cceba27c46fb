"""Small pieces of wording the campaign layer's messages share, in the console's language.

A sentence is translated whole (``_("{owner} {trait} is at 0: ...")``); what fills a placeholder may
itself differ by language, and is made here: English says ``Ann's``/``Hull rats'``, Chinese ``Ann 的``.
"""

from __future__ import annotations

from gmconsole.i18n import N_, _, language, pick

__all__ = ["CONDITION_WORDS", "SAVE_OUTCOMES", "attribute_shown", "covered_by", "outcome_shown", "role_shown",
           "tier_shown"]


def attribute_shown(system: str, attribute: str) -> str:
    """An attribute as the GM reads it, in English as in the console's language: its name from the system
    table's ``attributes`` (``Strength`` for ``strength``, ``力量`` in zh-Hant; tiered's ``str``; exploding's
    usual traits, ``agility`` → ``Agility`` / ``敏捷``); the id stays the key of sheets, entries and ``--json``.
    A trait the table does not know on a sheet that names its own (exploding: ``luck``) reads as the GM typed
    it, its first letter capitalised (``Luck``); an unknown attribute of a system with fixed ones as it is."""
    from gmconsole import systems
    from gmconsole.rules.data import system_table

    game = systems.find(system)
    if game is None or not isinstance(attribute, str) or not attribute:
        return attribute
    row = next((r for r in system_table(system).get("attributes", []) if r.get("id") == attribute), None)
    if row is not None:
        return pick(row.get("name")) or attribute
    return attribute[:1].upper() + attribute[1:] if game.attributes is None else attribute


def tier_shown(tier: str) -> str:
    """A tiered roll's tier as stored (``mixed``, a value scripts compare) as a message says it: as stored in
    English, as the history always wrote it; the data file's name in another language (``混合``)."""
    if language() == "en":
        return tier
    from gmconsole import systems

    for game in systems.all_systems():  # the system whose tier it is names it (tiered's data file)
        named = game.tier_name(tier, language())
        if named is not None:
            return named
    return tier


SAVE_OUTCOMES = {"critical": N_("critical"), "success": N_("success"), "failure": N_("failure")}
"""A saving throw's outcome (the value the entry stores) as a message says it."""


def outcome_shown(outcome: str) -> str:
    """A saving throw's stored outcome (``success``) in the console's language."""
    return _(SAVE_OUTCOMES[outcome]) if outcome in SAVE_OUTCOMES else outcome


def role_shown(role: str) -> str:
    """A character's role (myz: ``dog-handler``) as the sheet names it: in English its id's words, as the roster
    always wrote it (``dog handler``); in another language the data file's name of that role (``馴犬師``); a role
    no system lists (typed by hand) as it is."""
    if language() != "en":
        from gmconsole import systems
        from gmconsole.rules.data import system_table

        for system in systems.all_systems():
            row = next((r for r in system_table(system.id).get("roles", []) if r.get("id") == role), None)
            if row is not None:
                return pick(row.get("name")) or role
    return role.replace("-", " ")


CONDITION_WORDS = (N_("tired"), N_("angry"), N_("scared"))
"""The conditions a campaign's ``condition_coverage`` starts with, marked so the catalogue names them."""


def covered_by(coverage: dict[str, list[str]], condition: str) -> list[str] | None:
    """The skills ``condition``'s −1 covers (``[]``: every roll; ``None``: not a covered condition). A condition
    the GM typed in another language the console speaks counts as the covered one it names (疲憊 is ``tired``:
    the console suggests 疲憊, so a condition typed that way must charge its die like ``tired``)."""
    if condition in coverage:
        return coverage[condition]
    from gmconsole.i18n import in_every_language

    return next((skills for key, skills in coverage.items() if condition in in_every_language(key)), None)
