"""How a character's numbers read at a glance, per system (shared by the roster and tracker panes).

Year Zero dice-pool sheets (``myz``, ``yze``) show attributes as current/max dice; step and
exploding sheets show die sizes (``d8``, or ``d8→d6`` when lowered); tiered shows plain numbers.
Trackers are the system's own: myz mutation points and XP, yze stress and willpower, exploding
wounds and strain, tiered stamina, level and XP.
"""

from __future__ import annotations

from typing import Callable

from rich.text import Text

from gmconsole.campaign.model import Campaign, Character

SHORT = {
    "strength": "Str", "agility": "Agi", "wits": "Wit", "empathy": "Emp",
    "str": "STR", "dex": "DEX", "int": "INT", "cha": "CHA", "per": "PER",
}


def attribute_ids(campaign: Campaign) -> list[str]:
    """The attributes in sheet order: the system's fixed ones, or (exploding) every trait in the roster."""
    from gmconsole.campaign.validation import attribute_ids as fixed

    ids = fixed(campaign.system)
    if ids is not None:
        return list(ids)
    seen: list[str] = []
    for character in campaign.roster:
        for name in character.attributes:
            if name not in seen:
                seen.append(name)
    return seen


def attribute_label(attribute: str) -> str:
    return SHORT.get(attribute, attribute[:3].title())


def attribute_cell(system: str, character: Character, attribute: str) -> Text:
    """``3/4`` (red when lowered) for dice counts, ``d8`` for die sizes, ``—`` when the sheet lacks it."""
    value = character.attributes.get(attribute)
    if value is None:
        return Text("—", style="dim")
    if system in ("yze-step", "exploding"):
        lowered = f"d{value.current}" if value.current else "0"
        text = f"d{value.max}" if value.current == value.max else f"d{value.max}→{lowered}"
    elif system == "tiered":
        text = str(value.max) if value.current == value.max else f"{value.current}/{value.max}"
    else:
        text = f"{value.current}/{value.max}"
    style = "bold red" if value.current <= 0 else ("yellow" if value.current < value.max else "")
    return Text(text, style=style)


def tracker_columns(system: str) -> list[tuple[str, Callable[[Character], str]]]:
    """The system's counters as ``(label, value of a character)``."""
    if system == "myz":
        return [
            ("Trauma", lambda c: str(sum(c.trauma().values()))),
            ("MP", lambda c: str(c.mutation_points)),
            ("XP", lambda c: str(c.xp)),
        ]
    if system in ("yze", "yze-step"):
        return [
            ("Stress", lambda c: str(c.stress)),
            ("WP", lambda c: str(c.willpower)),
            ("Dmg", lambda c: str(sum(a.trauma for a in c.attributes.values())) if system == "yze" else
             str(sum(1 for a in c.attributes.values() if a.current < a.max))),
        ]
    if system == "exploding":
        # "Stn", not "Str": exploding sheets often have a Strength trait beside strain.
        return [("Wnd", lambda c: str(c.wounds)), ("Stn", lambda c: str(c.strain))]
    return [
        ("Stam", lambda c: f"{c.stamina}/{c.stamina_max}"),
        ("Wnd", lambda c: str(c.wounds)),
        ("Lvl", lambda c: str(c.level)),
        ("XP", lambda c: str(c.xp)),
    ]


def badges(system: str, character: Character) -> Text:
    """BROKEN, the active panic effect, a dead dog, the conditions held — what the GM must not miss."""
    out = Text()

    def add(text: str, style: str) -> None:
        if out.plain:
            out.append(" ")
        out.append(text, style=style)

    if system in ("myz", "yze", "yze-step") and character.broken:
        add("BROKEN", "bold white on red")
    if character.panic is not None:
        add(f"PANIC {character.panic.total}", "bold black on yellow")
    if character.dog is not None and character.dog.dead:
        add("dog dead", "red")
    for condition in character.conditions:
        add(condition, "magenta")
    return out


def who(character: Character) -> str:
    """Name with the myz role, the NPC mark and group count: ``Raiders ×5 (npc)``, ``Grease · gearhead``."""
    name = character.name
    if character.role:
        name += f" · {character.role.replace('-', ' ')}"
    if character.is_group:
        name += f" ×{character.count}"
    if character.is_npc:
        name += " (npc)"
    return name
