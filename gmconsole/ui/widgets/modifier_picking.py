"""The roll builder's modifier pickers (``m`` / ``M``), kept out of the builder widget itself.

- ``exploding``: TN modifiers from the seed's tables (social, other, situational, environmental); for
  a range like "+1–4" or a per-unit entry the GM types the value, checked by the rules core.
- Year Zero: the named modifiers of the skill being built, from the system's table (seed 002's
  Stealth factors, Manipulation's bargaining position and interrogation; `myz`: what a role skill's
  roll is for — a deal on the side, the sector entered, the device — which R-MYZ-LIMIT watches). For
  a row that asks (which sector? which device?) the GM types the detail.

Both follow one pattern: a picker of marked rows, then one small question per row that needs a value,
then the builder's preview (pool, odds, warnings) follows at once. Each function takes the
:class:`~gmconsole.ui.widgets.roll_builder.RollBuilder` and sets its ``tn_modifiers`` or
``skill_modifiers``; the service checks them on every preview and records them with the roll.
"""

from __future__ import annotations

from typing import Callable

from gmconsole.systems.yearzero import skill_modifiers as skill_modifiers
from gmconsole.rules.errors import RulesError

__all__ = ["pick_tn_modifiers", "pick_skill_modifiers", "kept_for_skill", "skill_modifier_choices"]


def _ask_each(builder, keys: list[str], needs: Callable[[str], tuple[str, str, str] | None],
              check: Callable[[str, str], str], done: Callable[[list[str]], None]) -> None:
    """Walk the marked ``keys``; for each one ``needs(key)`` returns ``(title, hint, placeholder)``
    when the GM must type a value (``check(key, text)`` turns it into the pick or raises with the
    reason, shown in the box), else ``None``. ``done(picks)`` gets them all; escape keeps the old ones."""
    from gmconsole.ui.screens.faces_entry import FacesEntryScreen

    def step(rest: list[str], chosen: list[str]) -> None:
        if not rest:
            done(chosen)
            return
        key, rest = rest[0], rest[1:]
        question = needs(key)
        if question is None:
            step(rest, chosen + [key])
            return

        def valued(value: str | None) -> None:
            if value is None:
                builder.refresh_view()
                builder.focus()
                return
            step(rest, chosen + [value])

        title, hint, placeholder = question
        builder.app.push_screen(FacesEntryScreen(title, hint, lambda text: check(key, text),
                                                 placeholder=placeholder, enter="ok"), valued)

    step(keys, [])


def _picks_into(builder, field: str, needs: Callable[[str], tuple[str, str, str] | None],
                check: Callable[[str, str], str]) -> Callable[[list[str] | None], None]:
    """The picker's callback: ask for each marked key's value (:func:`_ask_each`), then store the
    picks in the builder's ``field`` and refresh it; a cancelled picker changes nothing."""

    def done(picks: list[str]) -> None:
        setattr(builder, field, tuple(picks))
        builder.message = ""
        builder.refresh_view()
        builder.focus()

    def picked(keys: list[str] | None) -> None:
        if keys is None:
            builder.focus()
            return
        _ask_each(builder, keys, needs, check, done)

    return picked


def pick_tn_modifiers(builder) -> None:
    """``exploding`` ``m``: pick TN modifiers from the seed's tables (values typed for ranges)."""
    from gmconsole.systems.exploding import roll as exploding
    from gmconsole.ui.screens.pick_characters import PickCharactersScreen
    from gmconsole.ui.widgets.roll_text import tn_modifier_choices, tn_modifier_text

    if builder._need_character() is None:
        return
    current = {m.split("=", 1)[0]: m for m in builder.tn_modifiers}

    def needs(key: str):
        entry = exploding.find_modifier(key)
        if entry.modifier is not None:
            return None
        how = f"ranges {entry.range_text()}" if entry.low is not None else f"is {entry.range_text()}"
        old = current.get(key, "")
        name = tn_modifier_text(key)
        return (f"TN modifier: {name}", f"{name} {how}: type how much (the GM's call).",
                old.split("=", 1)[1] if "=" in old else str(entry.low or 1))

    def check(key: str, text: str) -> str:
        amount = exploding.parse_modifier(f"{key}={text}")[1]
        exploding.find_modifier(key).value(amount)  # the rules core refuses a value out of range, with the reason
        return f"{key}={amount}"

    picked = _picks_into(builder, "tn_modifiers", needs, check)
    builder.app.push_screen(PickCharactersScreen("TN modifiers (type to filter, space marks, ctrl+s done)",
                                                 tn_modifier_choices(), list(current), filtering=True), picked)


def skill_modifier_choices(system: str, skill: str | None) -> list[tuple[str, str]]:
    """``(id, label)`` of the skill's named modifiers: value and English name (the view's language; the
    Chinese names still find a row when typed, :func:`gmconsole.systems.yearzero.skill_modifiers.resolve`)."""
    out = []
    for row in skill_modifiers.modifiers_for(system, skill):
        value = f"{row.modifier:+d}".replace("-", "\u2212") if row.modifier else "··"
        group = row.group.get("en", "")
        ask = " (type which)" if row.ask else ""
        out.append((row.id, f"{value} {row.name['en'].rstrip('.')}{ask}" + (f" [{group}]" if group else "")))
    return out


def kept_for_skill(system: str, skill: str | None, picks: tuple[str, ...]) -> tuple[str, ...]:
    """The picks that still belong to ``skill`` (a newly picked skill drops the others', like gear)."""
    ids = {row.id for row in skill_modifiers.modifiers_for(system, skill)}
    return tuple(p for p in picks if p.split("=", 1)[0] in ids)


def pick_skill_modifiers(builder) -> None:
    """Year Zero ``m``: mark the named modifiers of the skill being built (type a detail where a row
    asks); the preview shows each by name in the pool's explanation, the roll records them."""
    from gmconsole.ui.screens.skill_modifier_picker import SkillModifierScreen

    if builder._need_character() is None:
        return
    system, skill = builder.system, builder.skill
    rows = {row.id: row for row in skill_modifiers.modifiers_for(system, skill)}
    if not rows:
        builder._say(f"{builder._skill_name() or 'No skill'}: the rules list no named modifiers for it; use + and − instead."
                     if skill else "Pick a skill first (s): named modifiers belong to a skill.")
        return
    current = {m.split("=", 1)[0]: m for m in builder.skill_modifiers}

    def needs(key: str):
        row = rows[key]
        if row.ask is None:
            return None
        old = current.get(key, "")
        return (f"{row.name['en']}: {row.ask['en']}", row.ask["en"],
                old.split("=", 1)[1] if "=" in old else "")

    def check(key: str, text: str) -> str:
        value = f"{key}={text}"
        try:
            skill_modifiers.resolve(system, skill, [value])
        except RulesError as exc:
            raise ValueError(str(exc)) from exc
        return value

    picked = _picks_into(builder, "skill_modifiers", needs, check)
    values = {rid: row.modifier for rid, row in rows.items()}
    builder.app.push_screen(SkillModifierScreen(f"Modifiers of {builder._skill_name()} (space marks, ctrl+s done)",
                                                skill_modifier_choices(system, skill), values, list(current)), picked)
