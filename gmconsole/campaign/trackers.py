"""Tracker changes on one character (stress, counters, trauma, conditions, gear bonus).

Each function changes the :class:`Character` it is given (the service passes the copy it is
changing), raises a :class:`ValidationError` for a change that cannot be right, and returns the
one-line summary the history shows.
"""

from __future__ import annotations

from gmconsole import systems
from gmconsole.campaign.errors import Unchanged, ValidationError
from gmconsole.campaign.model import Campaign, Character, Gear
from gmconsole.campaign.validation import check_typed_text
from gmconsole.wording import possessive, quoted

COUNTERS = ("stress", "mutation_points", "willpower", "wounds", "strain", "stamina", "xp")

STRESS_MAX = 100
"""The most stress a typed value may set: the panic roll reads D6 + stress up to the rules core's
MAX_DICE (:func:`gmconsole.systems.yearzero.panic.panic_roll`), and the table tops out long before."""


def _label(tracker: str) -> str:
    return tracker.replace("_", " ")


def counter_range(character: Character, tracker: str) -> tuple[int, int | None]:
    """The values a counter may hold: 0 up to ``stamina_max`` for stamina (when set), up to
    :data:`STRESS_MAX` for stress, no upper bound (``None``) for the others."""
    if tracker == "stamina" and character.stamina_max:
        return 0, character.stamina_max
    if tracker == "stress":
        return 0, STRESS_MAX
    return 0, None


def set_counter(character: Character, tracker: str, value: int) -> str:
    """A counter set to a typed ``value`` (issue 12, item 2), checked against :func:`counter_range`;
    the value it already has is :class:`Unchanged`."""
    if tracker not in COUNTERS:
        raise ValidationError(f"unknown tracker {quoted(tracker)}: use one of {', '.join(COUNTERS)}")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(f"{_label(tracker)} must be a whole number, not {quoted(value)}")
    low, high = counter_range(character, tracker)
    if value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise ValidationError(f"{possessive(character.name)} {_label(tracker)} must be {span}, not {value}")
    old = getattr(character, tracker)
    if value == old:
        raise Unchanged(f"{possessive(character.name)} {_label(tracker)} is already {old}: nothing recorded")
    setattr(character, tracker, value)
    return f"{character.name}: {_label(tracker)} set {old} → {value}"


def change_counter(character: Character, tracker: str, delta: int) -> str:
    """± on a counter; none goes below 0, stamina not above ``stamina_max`` (when it is set)."""
    if tracker not in COUNTERS:
        raise ValidationError(f"unknown tracker {quoted(tracker)}: use one of {', '.join(COUNTERS)}")
    if tracker == "stress":
        return change_stress(character, delta)
    old = getattr(character, tracker)
    new = old + delta
    low, high = counter_range(character, tracker)
    if (new < low and old == low) or (high is not None and new > high and old == high):
        raise Unchanged(f"{possessive(character.name)} {_label(tracker)} is already {old}: {delta:+d} changes nothing, "
                        "nothing recorded")
    if new < 0:
        raise ValidationError(f"{character.name} has {old} {_label(tracker)}; cannot lose {-delta}")
    if tracker == "stamina" and character.stamina_max and new > character.stamina_max:
        raise ValidationError(f"{possessive(character.name)} stamina cannot go above {character.stamina_max}")
    setattr(character, tracker, new)
    return f"{character.name}: {_label(tracker)} {delta:+d} → {new}"


def change_stress(character: Character, delta: int) -> str:
    """Stress ± ``delta`` (not below 0; clamped at 0 rather than refused). At 0 the panic effect ends
    (:func:`end_panics_at_zero_stress`). −1 at 0 is :class:`Unchanged` (no entry, issue 12 item 3)."""
    new = max(0, character.stress + delta)
    if new == character.stress and delta:
        raise Unchanged(
            f"{possessive(character.name)} stress is already {new}: {delta:+d} changes nothing, nothing recorded"
        )
    character.stress = new
    return f"{character.name}: stress {delta:+d} → {new}"


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
        raise ValidationError(f"{character.name} has no attribute {quoted(attribute)}")
    return character.attributes[attribute]


def _lowered(system: str, value: int, points: int) -> int:
    for _ in range(points):
        if value <= 0:
            return 0
        value = _system(system).attribute_step(value, -1) if system else value - 1
    return max(0, value)


def _raised(system: str, value: int, maximum: int, points: int) -> int:
    for _ in range(points):
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
        raise ValidationError("trauma must be 1 or more points")
    if system and not _system(system).takes_attribute_damage:
        counters = " and ".join(c.replace("_", " ") for c in _system(system).sheet_counters)
        raise ValidationError(f"{system} characters take {counters}, not damage to a trait")
    a = _attribute(character, attribute)
    a.current = _lowered(system, a.current, amount)
    broken = " — broken" if a.current == 0 else ""
    return f"{character.name}: {attribute} −{amount} → {a.current}/{a.max}{broken}"


def heal(character: Character, attribute: str, amount: int, system: str = "") -> str:
    """Raise an attribute's current value (not above its maximum; yze-step: one die size per point)."""
    if amount < 1:
        raise ValidationError("healing must be 1 or more points")
    a = _attribute(character, attribute)
    if a.current >= a.max:
        raise ValidationError(f"{possessive(character.name)} {attribute} is already at its maximum {a.max}")
    a.current = _raised(system, a.current, a.max, amount)
    return f"{character.name}: {attribute} +{amount} → {a.current}/{a.max}"


def add_condition(character: Character, condition: str) -> str:
    """Give a condition (held once)."""
    name = condition.strip().casefold()
    if not name:
        raise ValidationError("name the condition to add")
    check_typed_text(name, "a condition")
    if name in character.conditions:
        raise ValidationError(f"{character.name} is already {name}")
    character.conditions.append(name)
    return f"{character.name} is {name}"


def remove_condition(character: Character, condition: str) -> str:
    """Clear a condition the character holds."""
    name = condition.strip().casefold()
    if name not in character.conditions:
        raise ValidationError(f"{character.name} is not {name}")
    character.conditions.remove(name)
    return f"{character.name} is no longer {name}"


def damage_gear(character: Character, item: Gear, amount: int) -> str:
    """Lower an item's current bonus (not below 0)."""
    if amount < 1:
        raise ValidationError("gear damage must be 1 or more")
    if item.bonus <= 0:
        raise ValidationError(f"{item.name} has no bonus left to lose")
    item.bonus = max(0, item.bonus - amount)
    return f"{character.name}: {item.name} bonus −{amount} → {item.bonus}"


def repair_gear(system: str, character: Character, item: Gear, successes: int) -> str:
    """R-REPAIR-1: myz Jury-Rig — any success restores the full bonus; yze — each success restores
    1 point up to the starting value. Failure makes the current bonus the new maximum; failing at
    bonus 0 destroys the item."""
    if successes < 0:
        raise ValidationError("successes cannot be negative")
    if item.destroyed:
        raise ValidationError(f"{item.name} is destroyed and cannot be repaired")
    if successes == 0:
        if item.bonus == 0:
            item.destroyed = True
            return f"{character.name}: repair of {item.name} fails at bonus 0 — destroyed"
        item.max_bonus = item.bonus
        return f"{character.name}: repair of {item.name} fails — its maximum is now {item.bonus}"
    if item.bonus >= item.max_bonus:
        raise ValidationError(f"{item.name} is not damaged")
    if system and _system(system).repair_restores_all:
        item.bonus = item.max_bonus
    else:
        item.bonus = min(item.max_bonus, item.bonus + successes)
    return f"{character.name}: {item.name} repaired → bonus {item.bonus}/{item.max_bonus}"
