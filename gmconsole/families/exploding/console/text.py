"""What a recorded exploding roll reads as in the console (its top die against the TN, the margin), and the
TN modifiers the GM picks from the seed's tables. The family's console part hands these over
(:class:`gmconsole.ui.family_console.ConsoleParts`)."""

from __future__ import annotations

from gmconsole.campaign.entries import MISSING, Entry, as_roll
from gmconsole.families.exploding.rules.detail import ExplodingDetail
from gmconsole.i18n import N_, _, pick
from gmconsole.ui.widgets.roll_text import signed, typed_words

__all__ = ["TN_TABLES", "tn_modifier_checked", "tn_modifier_choices", "tn_modifier_question", "tn_modifier_text",
           "verdict_lines"]


def verdict_lines(entry: Entry | dict) -> list[str]:
    """A recorded exploding roll's verdict: success, failure or critical failure, its top die against the TN
    and the margin, typed faces."""
    entry = as_roll(entry)
    rolled = ExplodingDetail.of(entry.detail)
    if rolled.top is MISSING:
        return []
    verdict = (_("CRITICAL FAILURE") if rolled.critical_failure
               else (_("SUCCESS") if rolled.success else _("FAILURE")))
    margin = rolled.margin
    said = (_("{verdict}: top {top} vs TN {tn}, margin {margin}") if isinstance(margin, int)
            else _("{verdict}: top {top} vs TN {tn}")).format(
        verdict=verdict, top=rolled.top, tn=None if rolled.tn is MISSING else rolled.tn,
        margin=f"{margin:+d}" if isinstance(margin, int) else "")
    return [typed_words(entry, said)]


TN_TABLES = {"social": N_("social"), "other": N_("other"), "situational": N_("situational"),
             "environmental": N_("environmental")}
"""The exploding TN modifier tables by the word that heads each row of the picker (the key in English)."""


def tn_modifier_choices() -> list[tuple[str, str]]:
    """``(table.key, label)`` of every exploding TN modifier the GM may pick by hand, with the seed's
    value or range (e.g. ``other: Cramped +1-4``)."""
    from gmconsole.families.exploding.rules import roll as exploding

    out = []
    for table, entries in exploding.modifier_tables().items():
        for e in entries:
            if e.pickable:
                named = _(TN_TABLES[table]) if table in TN_TABLES else table
                row = f"{pick(e.name)} {e.range_text()}"
                row = _("{group}: {row}").format(group=pick(e.group), row=row) if e.group else row
                out.append((e.full_key, _("{table}: {row}").format(table=named, row=row)))
    return out


def tn_modifier_text(picked: str) -> str:
    """A picked exploding TN modifier (``environmental.darkness`` or ``other.cramped=2``) by the name
    the seed's table gives it, with the amount chosen: ``Darkness``, ``Cramped +2``."""
    from gmconsole.families.exploding.rules import roll as exploding
    from gmconsole.rules.errors import RulesError

    key, _sep, amount = picked.partition("=")
    try:
        name = pick(exploding.find_modifier(key).name)
    except RulesError:
        return picked
    return f"{name} {signed(int(amount))}" if amount.lstrip("+-").isdigit() else name


def tn_modifier_question(key: str, old: str) -> tuple[str, str, str] | None:
    """What the TN modifier picker asks once ``key`` is marked: ``None`` for a modifier of one value, else its
    title, its question (the seed's range) and the amount offered (``old``, a pick made before, ``key=2``)."""
    from gmconsole.families.exploding.rules import roll as exploding

    entry = exploding.find_modifier(key)
    if entry.modifier is not None:
        return None
    name, values = tn_modifier_text(key), entry.range_text()
    asked = (_("{name} ranges {values}: type how much (the GM's call).") if entry.low is not None
             else _("{name} is {values}: type how much (the GM's call)."))
    return (_("TN modifier: {name}").format(name=name), asked.format(name=name, values=values),
            old.split("=", 1)[1] if "=" in old else str(entry.low or 1))


def tn_modifier_checked(key: str, text: str) -> str:
    """The pick ``key=amount`` of the amount typed for ``key``; the rules core's :class:`RulesError` when the
    amount is no number or out of the seed's range, with the reason."""
    from gmconsole.families.exploding.rules import roll as exploding

    amount = exploding.parse_modifier(f"{key}={text}")[1]
    exploding.find_modifier(key).value(amount)
    return f"{key}={amount}"
