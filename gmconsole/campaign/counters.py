"""Tracker changes on one character (stress, counters, trauma, conditions, gear bonus).

Each function changes the :class:`Character` it is given (the service passes the copy it is
changing), raises a :class:`ValidationError` for a change that cannot be right, and returns the
one-line summary the history shows.
"""

from __future__ import annotations

from gmconsole import systems
from gmconsole.campaign.errors import Unchanged, ValidationError
from gmconsole.campaign.model import Campaign, Character, Gear
from gmconsole.campaign.shown_names import attribute_shown
from gmconsole.campaign.validation import check_typed_text, field_word
from gmconsole.i18n import _
from gmconsole.phrasing import possessive, quoted
from gmconsole.store.shape import COUNTER_MAX, STRESS_MAX

COUNTERS = ("stress", "mutation_points", "willpower", "wounds", "strain", "stamina", "xp")

# STRESS_MAX: the most stress a character holds (the panic roll reads D6 + stress up to the rules core's
# MAX_DICE, ``GameSystem.panic_table``'s roll, and the table tops out long before);
# COUNTER_MAX: the most any other counter holds. Both are the ranges a campaign file is read with
# (:mod:`gmconsole.store.shape`), so nothing set here is refused when read back.


def _label(tracker: str) -> str:
    return field_word(tracker)


def _whose(character: Character, tracker: str) -> str:
    """``Ann's stress``, for a message."""
    return _("{owner} {field}").format(owner=possessive(character.name), field=_label(tracker))


def counter_range(character: Character, tracker: str) -> tuple[int, int | None]:
    """The values a counter may hold: 0 up to ``stamina_max`` for stamina (when set), up to
    :data:`STRESS_MAX` for stress, no upper bound the GM needs (``None``; a file holds at most
    :data:`COUNTER_MAX`, which :func:`set_counter` and :func:`change_counter` keep to) for the others."""
    if tracker == "stamina" and character.stamina_max:
        return 0, character.stamina_max
    if tracker == "stress":
        return 0, STRESS_MAX
    return 0, None


def set_counter(character: Character, tracker: str, value: int) -> str:
    """A counter set to a typed ``value``, checked against :func:`counter_range`;
    the value it already has is :class:`Unchanged`."""
    if tracker not in COUNTERS:
        raise ValidationError(_("unknown tracker {tracker}: use one of {trackers}").format(
            tracker=quoted(tracker), trackers=", ".join(COUNTERS)))
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(_("{what} must be a whole number, not {value}").format(what=_label(tracker),
                                                                                    value=quoted(value)))
    low, high = counter_range(character, tracker)
    if value < low or (high is not None and value > high):
        span = (_("from {low} to {high}").format(low=low, high=high) if high is not None
                else _("{low} or more").format(low=low))
        raise ValidationError(_("{what} must be {span}, not {value}").format(what=_whose(character, tracker),
                                                                            span=span, value=value))
    if value > COUNTER_MAX:
        raise ValidationError(_("{what} must be at most {most}, not {value}").format(
            what=_whose(character, tracker), most=COUNTER_MAX, value=value))
    old = getattr(character, tracker)
    if value == old:
        raise Unchanged(_("{what} is already {value}: nothing recorded").format(what=_whose(character, tracker),
                                                                               value=old))
    setattr(character, tracker, value)
    return _("{name}: {tracker} set {old} → {new}").format(name=character.name, tracker=_label(tracker), old=old,
                                                           new=value)


def change_counter(character: Character, tracker: str, delta: int) -> str:
    """± on a counter; none goes below 0, stamina not above ``stamina_max`` (when it is set)."""
    if tracker not in COUNTERS:
        raise ValidationError(_("unknown tracker {tracker}: use one of {trackers}").format(
            tracker=quoted(tracker), trackers=", ".join(COUNTERS)))
    if tracker == "stress":
        return change_stress(character, delta)
    old = getattr(character, tracker)
    new = old + delta
    low, high = counter_range(character, tracker)
    if (new < low and old == low) or (high is not None and new > high and old == high):
        raise Unchanged(_("{what} is already {value}: {delta} changes nothing, nothing recorded").format(
            what=_whose(character, tracker), value=old, delta=f"{delta:+d}"))
    if new < 0:
        raise ValidationError(_("{name} has {value} {tracker}; cannot lose {amount}").format(
            name=character.name, value=old, tracker=_label(tracker), amount=-delta))
    if new > (COUNTER_MAX if high is None else high):
        raise ValidationError(_("{what} cannot go above {maximum}").format(
            what=_whose(character, tracker), maximum=COUNTER_MAX if high is None else high))
    setattr(character, tracker, new)
    return _stepped(character, tracker, old, new, delta)


def change_stress(character: Character, delta: int) -> str:
    """Stress ± ``delta`` (from 0 to :data:`STRESS_MAX`; clamped rather than refused). At 0 the panic effect
    ends (:func:`end_panics_at_zero_stress`). −1 at 0 is :class:`Unchanged` (no entry: nothing changed)."""
    new = min(STRESS_MAX, max(0, character.stress + delta))
    if new == character.stress and delta:
        raise Unchanged(_("{what} is already {value}: {delta} changes nothing, nothing recorded").format(
            what=_whose(character, "stress"), value=new, delta=f"{delta:+d}"))
    old, character.stress = character.stress, new
    return _stepped(character, "stress", old, new, delta)


def _stepped(character: Character, tracker: str, old: int, new: int, delta: int) -> str:
    """A counter's ± in words, before → after and the step asked: ``Ann: stress 1 → 2 (+1)``; a step
    clamped at 0 shows both (``stress 1 → 0 (-2)``)."""
    return _("{name}: {tracker} {old} → {new} ({delta})").format(name=character.name, tracker=_label(tracker),
                                                                 old=old, new=new, delta=f"{delta:+d}")


def rest(character: Character) -> None:
    """R-PANIC-1: rest in a safe place — stress to 0, which ends the active panic effect."""
    character.stress = 0


def end_panics_at_zero_stress(campaign: Campaign) -> None:
    """docs/RULES.md, panic table: a panic effect lasts until stress is back to 0, whichever way it gets
    there (rest, a row that lowers stress, escalation, a tracker key, a sheet edit).

    The one place this rule lives: the service calls it on every change it commits, so no path
    that sets stress can leave an effect behind."""
    for character in campaign.roster:
        if character.stress == 0 and character.panic is not None:
            character.panic = None


def _attribute(character: Character, attribute: str):
    if attribute not in character.attributes:
        raise ValidationError(_("{name} has no attribute {attribute}").format(name=character.name,
                                                                               attribute=quoted(attribute)))
    return character.attributes[attribute]


def _lowered(system: str, value: int, points: int) -> int:
    for _step in range(points):
        if value <= 0:
            return 0
        value = _system(system).attribute_step(value, -1) if system else value - 1
    return max(0, value)


def _raised(system: str, value: int, maximum: int, points: int) -> int:
    for _step in range(points):
        if value >= maximum:
            break
        value = _system(system).attribute_step(value, +1) if system else value + 1
    return min(value, maximum)


def _system(system: str):
    """The game system named ``system`` (callers that pass no system get the plain point rules)."""
    return systems.get(system)


def trauma(character: Character, attribute: str, amount: int, system: str = "") -> str:
    """Lower an attribute's current value (not below 0); at 0 the character is broken.
    In yze-step each point steps the die down one size (D12 → D10 → D8 → D6 → broken)."""
    if amount < 1:
        raise ValidationError(_("trauma must be 1 or more points"))
    if system and not _system(system).takes_attribute_damage:
        counters = _(" and ").join(field_word(c) for c in _system(system).sheet_counters)
        raise ValidationError(_("{system} characters take {counters}, not damage to a trait").format(
            system=system, counters=counters))
    a = _attribute(character, attribute)
    a.current = _lowered(system, a.current, amount)
    said = (_("{name}: {attribute} −{amount} → {current}/{maximum} — broken") if a.current == 0
            else _("{name}: {attribute} −{amount} → {current}/{maximum}"))
    return said.format(name=character.name, attribute=attribute_shown(system, attribute), amount=amount,
                       current=a.current, maximum=a.max)


def heal(character: Character, attribute: str, amount: int, system: str = "") -> str:
    """Raise an attribute's current value (not above its maximum; yze-step: one die size per point)."""
    if amount < 1:
        raise ValidationError(_("healing must be 1 or more points"))
    a = _attribute(character, attribute)
    if a.current >= a.max:
        raise ValidationError(_("{owner} {attribute} is already at its maximum {maximum}").format(
            owner=possessive(character.name), attribute=attribute_shown(system, attribute), maximum=a.max))
    a.current = _raised(system, a.current, a.max, amount)
    return _("{name}: {attribute} +{amount} → {current}/{maximum}").format(
        name=character.name, attribute=attribute_shown(system, attribute), amount=amount, current=a.current,
        maximum=a.max)


def add_condition(character: Character, condition: str) -> str:
    """Give a condition (held once)."""
    name = condition.strip().casefold()
    if not name:
        raise ValidationError(_("name the condition to add"))
    check_typed_text(name, _("a condition"))
    if name in character.conditions:
        raise ValidationError(_("{name} is already {condition}").format(name=character.name, condition=name))
    character.conditions.append(name)
    return _("{name} is {condition}").format(name=character.name, condition=name)


def remove_condition(character: Character, condition: str) -> str:
    """Clear a condition the character holds."""
    name = condition.strip().casefold()
    if name not in character.conditions:
        raise ValidationError(_("{name} is not {condition}").format(name=character.name, condition=name))
    character.conditions.remove(name)
    return _("{name} is no longer {condition}").format(name=character.name, condition=name)


def damage_gear(character: Character, item: Gear, amount: int) -> str:
    """Lower an item's current bonus (not below 0)."""
    if amount < 1:
        raise ValidationError(_("gear damage must be 1 or more"))
    if item.bonus <= 0:
        raise ValidationError(_("{item} has no bonus left to lose").format(item=item.name))
    item.bonus = max(0, item.bonus - amount)
    return _("{name}: {item} bonus −{amount} → {bonus}").format(name=character.name, item=item.name, amount=amount,
                                                                 bonus=item.bonus)


def repair_gear(system: str, character: Character, item: Gear, successes: int) -> str:
    """R-REPAIR-1: myz Jury-Rig — any success restores the full bonus; yze — each success restores
    1 point up to the starting value. Failure makes the current bonus the new maximum; failing at
    bonus 0 destroys the item."""
    if successes < 0:
        raise ValidationError(_("successes cannot be negative"))
    if item.destroyed:
        raise ValidationError(_("{item} is destroyed and cannot be repaired").format(item=item.name))
    if successes == 0:
        if item.bonus == 0:
            item.destroyed = True
            return _("{name}: repair of {item} fails at bonus 0 — destroyed").format(name=character.name,
                                                                                     item=item.name)
        item.max_bonus = item.bonus
        return _("{name}: repair of {item} fails — its maximum is now {bonus}").format(
            name=character.name, item=item.name, bonus=item.bonus)
    if item.bonus >= item.max_bonus:
        raise ValidationError(_("{item} is not damaged").format(item=item.name))
    if system and _system(system).repair_restores_all:
        item.bonus = item.max_bonus
    else:
        item.bonus = min(item.max_bonus, item.bonus + successes)
    return _("{name}: {item} repaired → bonus {bonus}/{maximum}").format(name=character.name, item=item.name,
                                                                          bonus=item.bonus, maximum=item.max_bonus)
