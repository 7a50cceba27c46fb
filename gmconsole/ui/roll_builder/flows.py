"""The roll builder's dialogs: who helps, the faces of physical dice, the GM's quick roll, a push with
typed faces, special-roll forms and a change of circumstances (a family's own flows are in its folder,
handed over by its console part).

Each flow is a coroutine of :class:`Dialogs` the pane runs as a worker (:meth:`RollBuilder.run_flow`), on the
builder's :class:`~gmconsole.ui.roll_builder.controller.BuilderController`: it opens a dialog
with ``await app.push_screen(..., wait_for_dismiss=True)``, reads the answer and goes on, so a flow
with several questions reads top to bottom. Every roll goes through the campaign service, so it is in
the history and undoable; a refusal is the service's one sentence, shown inline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from textual.screen import Screen

from gmconsole.campaign.entries import Entry, RollEntry, as_record, given
from gmconsole.campaign.model import Character
from gmconsole.i18n import _
from gmconsole.ui.roll_builder.controller import ERRORS, BuilderController, roll_of

__all__ = ["Dialogs", "SpecialForm"]

T = TypeVar("T")

SpecialForm = tuple[str, list[Any], Any, str]
"""A special roll's form as the system's forms make it: ``(title, fields, run, hint)``."""


class Dialogs:
    """The builder's dialogs (see the module's docstring), each a coroutine the pane runs as a worker."""

    def __init__(self, builder: BuilderController) -> None:
        self.builder = builder

    async def _ask(self, screen: Screen[T]) -> T:
        return await self.builder.view.app.push_screen(screen, wait_for_dismiss=True)

    async def helpers(self, character: Character) -> None:
        """``e``: mark who helps the character (R-HELP-1: at most the family's number, three in Year Zero)."""
        from gmconsole.ui.screens.pickers import PickCharacters, roster_choices

        builder = self.builder
        most = builder.console.max_helpers
        choices = roster_choices(builder.service.campaign.roster, leave_out=[character.id])
        if not choices:
            builder.say(_("Nobody else is in the roster to help."))
            return
        ids = await self._ask(PickCharacters(
            _("Who helps {name}? (R-HELP-1: at most {count})").format(name=character.name, count=most), choices,
            builder.draft.helpers, limit=most,
            why=_("R-HELP-1: at most {count} helpers").format(count=most)))
        if ids is None:
            return
        builder.message = ""
        builder.draft = builder.draft.changed(helpers=tuple(ids))
        builder.view.focus_pane()

    async def roll_faces(self) -> None:
        """``f``: roll the pool built with the faces of physical dice typed (R-MANUAL-1)."""
        from gmconsole import systems
        from gmconsole.ui.screens.line_entry import TypeFaces
        from gmconsole.ui.widgets.faces_text import faces_example, faces_needed, faces_shown, with_letters

        builder = self.builder
        asked = builder.roll_keywords()
        needs, counts = faces_needed(builder.system, builder.preview.dice if builder.preview is not None else [])
        example = faces_example(builder.system, counts)
        if needs:
            hint = _("The pool needs {needs} faces. Type each kind's letter, then its faces, e.g. {example} "
                     "(R-MANUAL-1).").format(needs=needs, example=faces_shown(builder.system, counts))
            hint = with_letters(hint, builder.system, example)
        else:
            letters = " ".join(k.letter for k in systems.get(builder.system).face_kinds)
            hint = _("Type each kind's letter, then the faces of the physical dice (R-MANUAL-1).")
            hint = with_letters(hint, builder.system, letters)

        def submit(spec: str) -> dict[str, Any]:
            try:
                return builder.service.rolls.roll(**asked, faces=spec, rng=builder.rng, hidden=builder.draft.hidden)
            except ValueError as exc:  # the service's sentence, with how many faces of each kind are needed
                raise ValueError(_("{error} (the pool needs {needs})").format(error=exc, needs=needs) if needs
                                 else str(exc)) from exc

        builder.rolled(await self._ask(TypeFaces(_("Faces of the physical dice"), hint, submit,
                                                 placeholder=example or "")))

    async def quick_roll(self) -> None:
        """``G``: the GM's quick roll, a pool typed in the system's syntax (``5b 3s``, ``4d6``,
        ``s8 t6 tn5``), with no character; ``POOL ; FACES`` takes the faces of physical dice
        (R-MANUAL-1). Recorded as the GM's, charged to nobody, pushed with ``p`` where the system allows."""
        from gmconsole import systems
        from gmconsole.ui.screens.line_entry import TypeQuickPool

        builder = self.builder

        def submit(text: str) -> dict[str, Any]:
            pool, _sep, faces = text.partition(";")
            return builder.service.rolls.quick_roll(pool, faces=faces.strip() or None, rng=builder.rng,
                                              hidden=builder.draft.hidden)

        from gmconsole.ui.widgets.faces_text import with_letters

        system = systems.get(builder.system)
        faces = system.quick_faces_example
        entry = await self._ask(TypeQuickPool(
            _("GM roll (no character)"), with_letters(
                _("Type {syntax}; add '; FACES' to type the faces of physical dice, e.g. {pool} ; {faces} "
                  "(R-MANUAL-1).").format(syntax=_(system.quick_pool_syntax), pool=system.quick_pool_example,
                                          faces=faces), builder.system, faces),
            submit, placeholder=system.quick_pool_example))
        if entry is not None and builder.draft.hidden and "hidden" not in builder.draft.pinned:
            builder.draft = builder.draft.changed(hidden=False)  # H was for this roll; the draft's options stay
        builder.rolled(entry, options_used=False)

    async def push_faces(self, entry: RollEntry) -> None:
        """``P``: push ``entry`` with the new faces of the rerolled dice typed (R-PUSH-4, R-MANUAL-1)."""
        from gmconsole.campaign.sheet_rolls import recorded_roll
        from gmconsole.ui.screens.line_entry import TypeFaces
        from gmconsole.ui.widgets.faces_text import faces_example, faces_shown, with_letters
        from gmconsole.ui.widgets.roll_text import kind_word

        builder = self.builder
        push_counts = builder.console.push_counts
        if push_counts is None:  # the family's push rerolls none of the roll's dice (GameSystem.builder_actions)
            return
        try:
            recorded = recorded_roll(builder.service.ledger, entry.id)[1]
            counts = push_counts(recorded)
        except ERRORS as exc:
            builder.refused(exc, _("Push refused: {reason}"))
            return
        sides = {d.kind.value: d.sides for d in recorded.dice}  # a push's new stress die is a d6
        rerolled = {(k, sides.get(k, 6)): n for k, n in counts.items() if n}
        example = faces_example(builder.system, rerolled)
        hint = with_letters(
            _("Dice to reroll: {dice}. Type their new faces, e.g. {example} (R-PUSH-4, R-MANUAL-1).").format(
                dice=_(", ").join(f"{kind_word(k)} ×{n}" for k, n in counts.items() if n),
                example=faces_shown(builder.system, rerolled)), builder.system, example)
        needs = _(", ").join(_("{count} {kind}").format(count=n, kind=kind_word(k)) for k, n in counts.items() if n)

        def submit(spec: str) -> dict[str, Any]:
            try:
                return builder.service.rolls.push(entry.id, faces=spec, rng=builder.rng)
            except ValueError as exc:  # the service's sentence, with how many faces of each kind are rerolled
                raise ValueError(_("{error} (the push rerolls {needs})").format(error=exc, needs=needs) if needs
                                 else str(exc)) from exc

        builder.pushed(await self._ask(TypeFaces(_("Faces of the pushed dice"), hint, submit,
                                                 placeholder=example)))

    async def push_added_die_faces(self, entry: RollEntry) -> None:
        """``P`` where a push adds a die (tiered, Push Yourself after the roll): type the face of the one d6 rolled at
        the table (R-MANUAL-1); a refusal is said before the face is asked for."""
        from gmconsole.ui.screens.line_entry import TypeFaces
        from gmconsole.ui.widgets.faces_text import faces_example, faces_shown, with_letters

        builder = self.builder
        try:
            refusal = builder.service.rolls.push_yourself_refusal(entry.id)
        except ERRORS as exc:
            builder.refused(exc, _("Push refused: {reason}"))
            return
        if refusal:
            builder.say(_("Push refused: {reason}").format(reason=refusal))
            return
        added = {("dice", 6): 1}
        example = faces_example(builder.system, added)
        hint = with_letters(_("Push Yourself (2 stamina): type the face of the one d6 added to the dice on the "
                              "table, e.g. {example} (R-MANUAL-1).").format(example=faces_shown(builder.system, added)),
                            builder.system, example)

        def submit(spec: str) -> dict[str, Any]:
            return builder.service.rolls.push(entry.id, faces=spec, rng=builder.rng)

        builder.pushed(await self._ask(TypeFaces(_("Face of the Push Yourself die"), hint, submit,
                                                     placeholder=example)))

    async def form(self, made: SpecialForm, after: Callable[[], None] | None = None) -> None:
        """Open one special-roll form (``(title, fields, run, hint)``); a roll recorded through it is the
        builder's last result on its own (never shown inside the roll before it, under its dice, where an
        opposed test would read as part of that roll). ``after()`` runs once the form is closed."""
        from gmconsole.ui.screens.roll_form import RollFormScreen

        builder = self.builder
        title, fields, run, hint = made
        text = await self._ask(RollFormScreen(title, fields, run, hint=hint))
        if text:
            builder.last_entry = None
            builder.special_text = _("{title}: {result}").format(title=title, result=text)
            builder.draft = builder.draft.after_roll()
        if after is not None:
            after()
        builder.view.redraw()
        builder.view.focus_pane()

    def special_form(self, character: Character, name: str, **extra: Any) -> SpecialForm:
        """The system's special-roll form called ``name`` (``opposed``, ``assisted``, ``save``...) for
        ``character`` (the family's :attr:`ConsoleParts.special_forms <gmconsole.ui.family_console.ConsoleParts>`
        makes them)."""
        builder = self.builder
        make = builder.console.special_forms
        if make is None:
            raise ValueError(_("{system} has no special rolls").format(system=builder.game_system.id))
        state = {"skill": builder.draft.skill, "attribute": builder.attribute_to_roll(),  # assisted and group roll it
                 "difficulty": builder.draft.difficulty, "tn_modifiers": builder.draft.tn_modifiers}
        made: SpecialForm = make(builder.service, character, state, builder.rng, **extra)[name]
        return made

    async def opposed(self, character: Character) -> None:
        """``o``: an opposed roll. A family rolling the pool built against a defender (Year Zero, R-OPP-1) gives
        that form (``ConsoleParts.opposed_pool_form``), and the active side's roll becomes the last result (it
        may be pushed); the other systems open their own opposed or contested form."""
        builder = self.builder
        form_name = builder.game_system.opposed_form
        pool_form = builder.console.opposed_pool_form
        if form_name is not None or pool_form is None:
            await self.form(self.special_form(character, form_name or "opposed"))
            return
        holder: dict[str, Any] = {}

        def after() -> None:
            if "entry" in holder:
                builder.draft = builder.draft.after_roll()
                builder.last_entry = roll_of(builder.reread(holder["entry"]) or as_record(holder["entry"]))
                builder.special_text = ""

        made = pool_form(builder.roll_keywords(), builder.service, builder.rng,
                         lambda entry: holder.__setitem__("entry", entry))
        await self.form(made, after)

    async def attack(self, character: Character) -> None:
        """``k`` (tiered): an attack, then who takes its damage (R-TIER-4, ``ConsoleParts.attack_target``)."""
        builder = self.builder
        attacks: list[Entry] = []
        made = self.special_form(character, "attack", on_attack=attacks.append)
        target = builder.console.attack_target
        await self.form(made, None if target is None else lambda: target(
            builder.view.app, builder.service, attacks[-1] if attacks else None))

    async def circumstances(self, character: Character, skill: str) -> None:
        """``w``: record why ``character`` may try ``skill`` again (docs/RULES.md: only one chance;
        exploding retries); the "only one chance" warning goes away."""
        from gmconsole.ui.screens.line_entry import TypeReason

        builder = self.builder

        def submit(reason: str) -> dict[str, Any]:
            return builder.service.rolls.change_of_circumstances(character.id, skill, reason)

        entry = await self._ask(TypeReason(
            _("Why may {name} try {skill} again?").format(name=character.name, skill=builder.skill_name()),
            _("Say what changed (recorded in the history)."), submit, placeholder=_("found the right tools"),
            enter="ok"))
        if entry is not None:
            builder.report(_("Recorded: {summary}").format(summary=given(as_record(entry).summary, "")),
                           as_record(entry))
            builder.message = ""
        builder.view.redraw()
        builder.view.focus_pane()
