"""The roll builder's modifier pickers (``m``).

- ``exploding``: TN modifiers from the seed's tables (social, other, situational, environmental); for
  a range like "+1–4" or a per-unit entry the GM types the value, checked by the rules core.
- Year Zero: the named modifiers of the skill being built, from the system's table (seed 002's
  Stealth factors, Manipulation's bargaining position and interrogation; `myz`: what a role skill's
  roll is for — a deal on the side, the sector entered, the device — which R-MYZ-LIMIT watches). For
  a row that asks (which sector? which device?) the GM types the detail.

:class:`ModifierPicks` runs them on the builder's controller. Both follow one pattern: a picker of marked
rows, then one small question per row that needs a value, then the builder's preview (pool, odds, warnings)
follows at once. The picks go into the draft's ``tn_modifiers`` or ``skill_modifiers``; the service checks
them on every preview and records them with the roll.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from textual.screen import Screen

from gmconsole.i18n import _, pick
from gmconsole.rules.errors import RulesError
from gmconsole.ui.family_console import SkillModifierRow, console_of
from gmconsole.ui.roll_builder.controller import BuilderController

__all__ = ["ModifierPicks", "skill_modifier_choices"]


class ModifierPicks:
    """The builder's modifier pickers and the question of a skill's use (see the module's docstring)."""

    def __init__(self, builder: BuilderController) -> None:
        self.builder = builder

    async def _picks_into(self, field: str, picker: Screen[Any], needs: Callable[[str], tuple[str, str, str] | None],
                          check: Callable[[str, str], str],
                          choose: Callable[[str], Awaitable[str | bool | None]] | None = None) -> None:
        """Open ``picker``; for each marked key ``needs(key)`` returns ``(title, hint, placeholder)`` when
        the GM must type a value (``check(key, text)`` turns it into the pick or raises with the reason,
        shown in the box), else ``None``. ``choose(key)``, when given, is asked first: a value picked from a
        list (the pick), ``None`` (ask as above) or ``False`` (escape). The picks go into the draft's
        ``field``; escape at the picker or at a question keeps the old ones."""
        from gmconsole.ui.screens.line_entry import TypeModifierValue

        builder = self.builder
        keys = await builder.view.app.push_screen(picker, wait_for_dismiss=True)
        if keys is None:
            builder.view.focus_pane()
            return
        chosen: list[str] = []
        for key in keys:
            picked = await choose(key) if choose is not None else None
            if picked is False:
                builder.view.redraw()
                builder.view.focus_pane()
                return
            if isinstance(picked, str):
                chosen.append(picked)
                continue
            question = needs(key)
            if question is None:
                chosen.append(key)
                continue
            title, hint, placeholder = question

            def checked(text: str, key: str = key) -> str:
                return check(key, text)

            value = await builder.view.app.push_screen(
                TypeModifierValue(title, hint, checked, placeholder=placeholder, enter="ok"), wait_for_dismiss=True)
            if value is None:
                builder.view.redraw()
                builder.view.focus_pane()
                return
            chosen.append(value)
        builder.message = ""
        builder.draft = builder.draft.changed(**{field: tuple(chosen)})
        builder.view.focus_pane()

    async def pick_tn_modifiers(self) -> None:
        """``exploding`` ``m``: pick TN modifiers from the seed's tables (values typed for ranges; the family's
        ``ConsoleParts.tn_modifiers`` words and checks them)."""
        from gmconsole.ui.screens.pickers import PickTnModifiers

        builder = self.builder
        tables = builder.console.tn_modifiers
        if tables is None:  # the key is offered only where the system lists it (GameSystem.builder_actions)
            return
        current = {m.split("=", 1)[0]: m for m in builder.draft.tn_modifiers}

        def needs(key: str) -> tuple[str, str, str] | None:
            return tables.tn_modifier_question(key, current.get(key, ""))

        def check(key: str, text: str) -> str:
            return tables.tn_modifier_checked(key, text)  # the rules core refuses a value out of range, with the reason

        picker = PickTnModifiers(_("TN modifiers (type to filter, space marks, ctrl+s done)"),
                                 tables.tn_modifier_choices(), list(current), filtering=True)
        await self._picks_into("tn_modifiers", picker, needs, check)

    async def pick_skill_modifiers(self) -> None:
        """Year Zero ``m``: mark the named modifiers of the skill being built (type a detail where a row
        asks); the preview shows each by name in the pool's explanation, the roll records them."""
        from gmconsole.ui.screens.skill_modifier_picker import SkillModifierScreen

        builder = self.builder
        system, skill = builder.system, builder.draft.skill
        named = builder.console.skill_modifiers
        rows = {row.id: row for row in named.modifiers_for(system, skill)} if named is not None else {}
        if not rows:
            builder.say(_("{skill}: the rules list no named modifiers for it; use + and − instead.").format(
                skill=builder.skill_name() or _("No skill")) if skill
                else _("Pick a skill first (s): named modifiers belong to a skill."))
            return
        current = {m.split("=", 1)[0]: m for m in builder.draft.skill_modifiers}

        def needs(key: str) -> tuple[str, str, str] | None:
            row = rows[key]
            if row.ask is None:
                return None
            old = current.get(key, "")
            return (_("{modifier}: {ask}").format(modifier=pick(row.name), ask=pick(row.ask)), pick(row.ask),
                    old.split("=", 1)[1] if "=" in old else "")

        def check(key: str, text: str) -> str:
            value = f"{key}={text}"
            try:
                if named is not None:
                    named.resolve(system, skill, [value])
            except RulesError as exc:
                raise ValueError(str(exc)) from exc
            return value

        async def choose(key: str) -> str | bool | None:
            row = rows[key]
            if row.pick == "patient":
                return await self._pick_patient(row, current.get(key, ""))
            if row.choices:
                return await self._pick_listed(row, current.get(key, ""))
            return None

        values = {rid: row.modifier for rid, row in rows.items()}
        title = _("Modifiers of {skill} (space marks, ctrl+s done)").format(skill=builder.skill_name())
        picker = SkillModifierScreen(title, skill_modifier_choices(system, skill), values, list(current))
        await self._picks_into("skill_modifiers", picker, needs, check, choose)

    async def ask_use(self, then: Callable[[], None]) -> None:
        """Ask which use the roll is for (seed 000, Sic a Dog: fighting rolls the dog's Strength, scouting and
        tracking the handler's Wits), one key each; the use joins the draft's named modifiers (recorded by
        name) and ``then`` goes on with the roll. Escape rolls nothing."""
        from gmconsole.ui.screens.roll_form import ChoiceScreen

        builder = self.builder
        named = builder.console.skill_modifiers
        uses = named.uses_for(builder.system, builder.draft.skill) if named is not None else []
        keys = [row.id[:1] for row in uses]
        if len(set(keys)) < len(keys):  # two uses starting alike: number them
            keys = [str(n) for n in range(1, len(uses) + 1)]
        choices = [(row.id, key, pick(row.name)) for row, key in zip(uses, keys, strict=True)]
        title = _("{skill}: which use?").format(skill=builder.skill_name())
        hint = _("Each use rolls its own attribute; the roll records the use.")
        chosen = await builder.view.app.push_screen(ChoiceScreen.make(title, choices, hint=hint),
                                                    wait_for_dismiss=True)
        builder.view.focus_pane()
        if chosen is None:
            return
        builder.with_use(chosen)
        then()

    async def _pick_listed(self, row: SkillModifierRow, old: str) -> str | bool | None:
        """myz Jury-Rig's device (R-MYZ-BUILD-1): picked from the seed's devices (type to filter), or, on the
        last row, typed (``None``: ask it typed). The pick keeps the device's English name."""
        from gmconsole.ui.screens.pickers import PickDevice

        builder = self.builder
        role_outcomes = builder.console.role_outcomes
        listed = list(role_outcomes.devices(builder.system)) if role_outcomes is not None else []
        was = old.split("=", 1)[1] if "=" in old else ""
        marked = [d.id for d in listed if d.name["en"] == was] or ([OTHER] if was else [])
        choices = [(d.id, d.label()) for d in listed] + [(OTHER, _("Another device (type its name next)"))]
        ids = await builder.view.app.push_screen(PickDevice(
            _("{modifier}: which one? (type to filter, ctrl+s done)").format(modifier=pick(row.name)), choices,
            marked, limit=1, minimum=1, filtering=True), wait_for_dismiss=True)
        if ids is None:
            return False
        device = next((d for d in listed if d.id == ids[0]), None)
        return None if device is None else f"{row.id}={device.name['en']}"

    async def _pick_patient(self, row: SkillModifierRow, old: str) -> str | bool:
        """Heal, Save a Life (R-MYZ-SAVE-1): the patient marked in the roster (not the healer), kept by name."""
        from gmconsole.ui.screens.pickers import PickCharacters, roster_choices

        builder = self.builder
        character = builder.character()
        choices = roster_choices(builder.service.campaign.roster, leave_out=[character.id] if character else [])
        if not choices:
            builder.say(_("Nobody else is in the roster to save."))
            return False
        was = builder.service.campaign.find_character(old.split("=", 1)[1]) if "=" in old else None
        ids = await builder.view.app.push_screen(
            PickCharacters(_("{modifier}: whose life?").format(modifier=pick(row.name)), choices,
                           [was.id] if was else [], limit=1, minimum=1),
            wait_for_dismiss=True)
        if ids is None:
            return False
        return f"{row.id}={builder.service.character(ids[0]).name}"


def skill_modifier_choices(system: str, skill: str | None) -> list[tuple[str, str]]:
    """``(id, label)`` of the skill's named modifiers: value and English name (the view's language; the
    Chinese names still find a row when typed, the family's ``SkillModifiers.resolve``)."""
    out: list[tuple[str, str]] = []
    named = console_of(system).skill_modifiers
    for row in named.modifiers_for(system, skill) if named is not None else []:
        value = f"{row.modifier:+d}".replace("-", "\u2212") if row.modifier else "··"
        group = pick(row.group) if row.group else ""
        name = pick(row.name).rstrip('.。')
        asked = (_("{modifier} (pick who)") if row.pick else _("{modifier} (pick which)") if row.choices
                 else _("{modifier} (type which)") if row.ask else "{modifier}")
        out.append((row.id, f"{value} {asked.format(modifier=name)}" + (f" [{group}]" if group else "")))
    return out


OTHER = "\x00other"
"""The last row of a list of listed details: a detail of the GM's own, typed next."""
