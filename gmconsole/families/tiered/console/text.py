"""What a recorded tiered roll reads as in the console: its tier as the result line shouts it and how the
dice reached it, and the consequences a Mixed or Limited result offers. The family's console part hands
these over (:class:`gmconsole.ui.family_console.ConsoleParts`)."""

from __future__ import annotations

from gmconsole.campaign.entries import MISSING, Entry, as_roll, given
from gmconsole.families.tiered.rules.detail import TieredDetail
from gmconsole.i18n import _, language, pick
from gmconsole.ui.widgets.roll_text import typed_words

__all__ = ["chosen_consequences", "consequence_names", "tier_word", "verdict_lines"]


def verdict_lines(entry: Entry | dict) -> list[str]:
    """A recorded tiered roll's verdict: its tier and how the dice reached it, typed faces, and the
    consequences to choose from when it offers them."""
    from gmconsole.families.tiered.rules.builder_words import tier_reading

    entry = as_roll(entry)
    rolled = TieredDetail.of(entry.detail)
    if rolled.tier is MISSING:
        return []
    outcome = entry.outcome if isinstance(entry.outcome, dict) else {}
    faces = [face for d in entry.dice or [] if isinstance(d, dict) and isinstance(face := d.get("face"), int)]
    reading = tier_reading(str(rolled.tier), faces, given(rolled.highest, None), outcome.get("keeps_lowest") is True)
    lines = [typed_words(entry, _("{tier} ({reading})").format(tier=tier_word(rolled.tier), reading=reading))]
    if rolled.consequences == "offered":
        names = _(", ").join(consequence_names().values())
        lines.append(_("consequences to choose: {names}").format(names=names))
    return lines


def consequence_names() -> dict[str, str]:
    """The tiered consequences (``data/tiered.toml``) by key, each by its name in the console's language."""
    from gmconsole.families.tiered.rules import roll as tiered

    return {c.key: pick(c.name, c.key) for c in tiered.consequences()}


def chosen_consequences(keys) -> str:
    """The consequences a roll has had applied, as a list: in English the keys the entry records (``damage,
    lost-gear``, as it always read), in another language each one's name from the data file."""
    named = {} if language() == "en" else consequence_names()
    return _(", ").join(named.get(key, key) for key in keys or [])


def tier_word(tier) -> str:
    """A tiered result as the result line shows it (the rules' ``builder_words.tier_shouted``)."""
    from gmconsole.families.tiered.rules.builder_words import tier_shouted

    return tier_shouted(tier)
