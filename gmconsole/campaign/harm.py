"""Harm to one character, as the campaign's system defines it (:attr:`GameSystem.harm`), and the words
that record a change of a sheet's numbers with their values.

:func:`apply` changes the :class:`Character` it is given (the service passes the copy it is changing)
and returns the entry's fields: the summary says before → after (``Ripley Hale: Strength 3 → 1
(damage 2)``, ``Kara Venn: wounds 0 → 2``), and the entry keeps the numbers. Nothing goes below 0;
an attribute at 0 is broken where the system says so; harm that would change nothing is
:class:`Unchanged` (no entry). :func:`last_roll_attribute` finds the attribute the form offers first
when the GM picks one (R-MYZ-TRAUMA).
"""

from __future__ import annotations

from gmconsole import systems
from gmconsole.campaign.errors import Unchanged, ValidationError
from gmconsole.campaign.model import Character
from gmconsole.campaign.skills import attribute_name_of, name_of
from gmconsole.campaign.validation import field_word
from gmconsole.i18n import _
from gmconsole.phrasing import possessive, quoted

__all__ = ["apply", "attribute_choices", "attribute_value", "check_amount", "default_attribute", "last_roll_attribute",
           "now_text", "sheet_values", "values_text"]


def check_amount(amount) -> int:
    """Harm is a whole number of points, 1 or more."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise ValidationError(_("harm must be a whole number of points, 1 or more, not {amount}").format(
            amount=quoted(amount)))
    return amount


def attribute_value(system: str, value: int) -> str:
    """An attribute's current value as the GM reads it: ``3``, ``d8`` (step dice), ``0``."""
    return systems.get(system).rating_text(value) if value else "0"


def apply(system: str, character: Character, amount: int, attribute: str | None = None) -> dict:
    """Harm ``character`` by ``amount`` points as ``system`` says; ``attribute`` names the attribute
    that takes it where harm lowers an attribute (the system's own when ``None``). Returns the entry's
    fields: ``summary``, ``amount``, ``attribute`` or ``tracker``, ``before`` and ``value``."""
    check_amount(amount)
    rule = systems.get(system).harm
    if rule.counter is not None:
        if attribute:
            raise ValidationError(_("{system} harm goes to {counter}, not to an attribute").format(
                system=system, counter=field_word(rule.counter)))
        return _counter_harm(rule, character, amount)
    return _attribute_harm(system, rule, character, amount, attribute or rule.attribute)


def _counter_harm(rule, character: Character, amount: int) -> dict:
    counter = rule.counter
    old = getattr(character, counter)
    if rule.lowers_counter and old <= 0:
        raise Unchanged(_("{owner} {counter} is already 0: harm changes nothing, nothing recorded").format(
            owner=possessive(character.name), counter=field_word(counter)))
    new = max(0, old - amount) if rule.lowers_counter else old + amount
    setattr(character, counter, new)
    summary = _("{name}: {counter} {old} → {new}").format(name=character.name, counter=field_word(counter), old=old,
                                                           new=new)
    if rule.lowers_counter and old - amount < 0:
        summary = _("{summary} (harm {amount}, stops at 0)").format(summary=summary, amount=amount)
    return {"summary": summary, "amount": amount, "tracker": counter, "before": old, "value": new}


def _attribute_harm(system: str, rule, character: Character, amount: int, attribute: str | None) -> dict:
    facts = systems.get(system)
    if attribute is None or attribute not in character.attributes:
        raise ValidationError(_("{name} has no attribute {attribute} (the sheet has {attributes})").format(
            name=character.name, attribute=quoted(attribute),
            attributes=", ".join(attribute_name_of(system, a) or a for a in character.attributes)))
    shown = attribute_name_of(system, attribute) or attribute
    value = character.attributes[attribute]
    old = value.current
    if old <= 0:
        raise Unchanged(_("{owner} {attribute} is already 0 (broken): harm changes nothing, nothing recorded").format(
            owner=possessive(character.name), attribute=shown))
    new, taken = old, 0
    while taken < amount and new > 0:
        new = facts.attribute_step(new, -1)
        taken += 1
    value.current = max(0, new)
    details = [_("{word} {amount}").format(word=_(rule.word), amount=amount)]
    if taken < amount:
        details.append(_("stops at 0"))
    if value.current == 0 and facts.breaks_at_zero:
        details.append(_("broken"))
    summary = _("{name}: {attribute} {old} → {new} ({details})").format(
        name=character.name, attribute=shown, old=attribute_value(system, old),
        new=attribute_value(system, value.current), details=_(", ").join(details))
    return {"summary": summary, "amount": amount, "attribute": attribute, "before": old, "value": value.current}


def default_attribute(system: str, character: Character, last_rolled: str | None) -> str | None:
    """The attribute the harm form offers first: where the GM picks one (R-MYZ-TRAUMA), the attribute of
    the character's last roll when the sheet has it; else the system's own (``None``: harm goes to a counter)."""
    rule = systems.get(system).harm
    if rule.picks_attribute and last_rolled in character.attributes:
        return last_rolled
    return rule.attribute


def attribute_choices(system: str, character: Character) -> list[tuple[str, str]]:
    """``(id, label)`` of the attributes the GM may pick for harm, in sheet order: ``Strength 3/4
    (damage)``, with the kind of trauma each takes where the system's table names it (R-MYZ-TRAUMA)."""
    from gmconsole.i18n import pick
    from gmconsole.rules.data import system_table

    kinds = {row.get("id"): row.get("trauma") for row in system_table(system).get("attributes", [])}
    facts = systems.get(system)
    out = []
    for name, value in character.attributes.items():
        label = f"{attribute_name_of(system, name) or name} {facts.attribute_text(value.current, value.max)}"
        kind = kinds.get(name)
        if isinstance(kind, dict) and pick(kind):
            label = _("{attribute} ({trauma})").format(attribute=label, trauma=pick(kind))
        out.append((name, label))
    return out


def now_text(system: str, character: Character) -> str:
    """What harm would change, as it is now, for the harm form: ``Strength now 3/4``, ``now 2`` (wounds),
    ``now 6/10`` (stamina of its maximum); ``""`` where the GM picks the attribute (the list shows each)."""
    rule = systems.get(system).harm
    if rule.picks_attribute:
        return ""
    if rule.counter is not None:
        value = getattr(character, rule.counter)
        maximum = getattr(character, f"{rule.counter}_max", 0)
        return _("now {value}").format(value=f"{value}/{maximum}" if maximum else value)
    value = character.attributes.get(rule.attribute or "")
    if value is None:
        return ""
    return _("{attribute} now {value}").format(attribute=attribute_name_of(system, rule.attribute) or rule.attribute,
                                               value=systems.get(system).attribute_text(value.current, value.max))


def last_roll_attribute(entries, character_id: str) -> str | None:
    """The attribute of ``character_id``'s newest roll still in force among ``entries`` (newest first),
    or ``None`` when they hold none."""
    for entry in entries:
        if (entry.get("kind") == "roll" and entry.get("character_id") == character_id
                and entry.get("status", "done") == "done" and entry.get("attribute")):
            return entry["attribute"]
    return None


# -- a sheet's numbers before and after an edit --------------------------------------------------

def sheet_values(campaign, before: Character, after: Character) -> list[dict]:
    """What an edit of a sheet changed among its numbers, each with its values: ``{"attribute": id,
    "before": {"current", "max"}, "after": {...}}``, ``{"skill": id, "before": level, "after": level}``,
    ``{"counter": name, "before": n, "after": n}`` (a missing attribute or skill is ``None`` / 0)."""
    out: list[dict] = []
    for name in [*before.attributes, *(a for a in after.attributes if a not in before.attributes)]:
        old, new = before.attributes.get(name), after.attributes.get(name)
        if old != new:
            out.append({"attribute": name, "before": old.to_dict() if old else None,
                        "after": new.to_dict() if new else None})
    for skill in [*before.skills, *(s for s in after.skills if s not in before.skills)]:
        if before.skills.get(skill, 0) != after.skills.get(skill, 0):
            out.append({"skill": skill, "before": before.skills.get(skill, 0), "after": after.skills.get(skill, 0)})
    for name, old in vars(before).items():
        new = getattr(after, name)
        if isinstance(old, int) and not isinstance(old, bool) and old != new:
            out.append({"counter": name, "before": old, "after": new})
    return out


def values_text(campaign, values: list[dict]) -> str:
    """:func:`sheet_values` in words: ``Strength 3 → 2, stress 1 → 0`` (an attribute whose maximum
    changed reads ``3/4 → 2/3``)."""
    system = campaign.system
    facts = systems.get(system)
    parts = []
    for item in values:
        if "attribute" in item:
            old, new = item["before"], item["after"]
            if old and new and old["max"] == new["max"]:
                texts = attribute_value(system, old["current"]), attribute_value(system, new["current"])
            else:
                texts = (facts.attribute_text(old["current"], old["max"]) if old else "—",
                         facts.attribute_text(new["current"], new["max"]) if new else "—")
            what = attribute_name_of(system, item["attribute"]) or item["attribute"]
        elif "skill" in item:
            texts = (facts.rating_text(item["before"]) if item["before"] else "0",
                     facts.rating_text(item["after"]) if item["after"] else "0")
            what = name_of(campaign, item["skill"]) or item["skill"]
        else:
            texts, what = (str(item["before"]), str(item["after"])), field_word(item["counter"])
        parts.append(_("{what} {old} → {new}").format(what=what, old=texts[0], new=texts[1]))
    return _(", ").join(parts)
