"""The roll builder's dialogs: who helps, the faces of physical dice, the GM's quick roll, a push with
typed faces, special-roll forms, a tiered consequence and a change of circumstances.

Each flow is a coroutine the pane runs as a worker (:meth:`RollBuilder.run_flow`): it opens a dialog
with ``await app.push_screen(..., wait_for_dismiss=True)``, reads the answer and goes on, so a flow
with several questions reads top to bottom. Every roll goes through the campaign service, so it is in
the history and undoable; a refusal is the service's one sentence, shown inline.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmconsole.campaign.entries import Entry, RollEntry, as_record, given
from gmconsole.campaign.errors import StoreError
from gmconsole.i18n import _

if TYPE_CHECKING:
    from gmconsole.ui.roll_builder.pane import RollBuilder

__all__ = ["ERRORS", "apply_consequence", "circumstances", "helpers", "push_added_die_faces", "push_faces",
           "quick_roll", "roll_faces", "special_form"]

ERRORS = (ValueError, KeyError, OSError, StoreError)
"""What a service call may raise for the GM to read: RulesError / ValidationError (ValueError), a
StoreError (a failed save, a read-only campaign); shown inline, and the campaign is kept as it was."""

CONSEQUENCE_KEYS = {"damage": "d", "reduced-effect": "r", "complication": "c", "lost-gear": "l"}
"""The key that picks each tiered consequence in the consequence menu."""


async def _ask(builder: RollBuilder, screen):
    return await builder.app.push_screen(screen, wait_for_dismiss=True)


async def helpers(builder: RollBuilder, character) -> None:
    """``e``: mark who helps the character (R-HELP-1: at most three)."""
    from gmconsole.systems.yearzero.roll import MAX_HELPERS
    from gmconsole.ui.screens.pickers import PickCharacters, roster_choices

    choices = roster_choices(builder.service.campaign.roster, leave_out=[character.id])
    if not choices:
        builder.say(_("Nobody else is in the roster to help."))
        return
    ids = await _ask(builder, PickCharacters(
        _("Who helps {name}? (R-HELP-1: at most {count})").format(name=character.name, count=MAX_HELPERS), choices,
        builder.draft.helpers, limit=MAX_HELPERS, why=_("R-HELP-1: at most {count} helpers").format(count=MAX_HELPERS)))
    if ids is None:
        return
    builder.message = ""
    builder.draft = builder.draft.changed(helpers=tuple(ids))
    builder.focus()


async def roll_faces(builder: RollBuilder) -> None:
    """``f``: roll the pool built with the faces of physical dice typed (R-MANUAL-1)."""
    from gmconsole import systems
    from gmconsole.ui.screens.line_entry import TypeFaces
    from gmconsole.ui.widgets.faces_text import faces_example, faces_keys, faces_needed, faces_shown

    asked = builder.roll_keywords()
    needs, counts = faces_needed(builder.system, builder.preview.dice if builder.preview is not None else [])
    example = faces_example(builder.system, counts)
    if needs:
        hint = _("The pool needs {needs} faces. Type each kind's letter, then its faces, e.g. {example} "
                 "(R-MANUAL-1).").format(needs=needs, example=faces_shown(builder.system, counts))
        hint += faces_keys(builder.system, example)
    else:
        letters = " ".join(k.letter for k in systems.get(builder.system).face_kinds)
        hint = _("Type each kind's letter, then the faces of the physical dice (R-MANUAL-1).")
        hint += faces_keys(builder.system, letters)

    def submit(spec: str) -> dict:
        try:
            return builder.service.rolls.roll(**asked, faces=spec, rng=builder.app.rng, hidden=builder.draft.hidden)
        except ValueError as exc:  # the service's sentence, with how many faces of each kind are needed
            raise ValueError(_("{error} (the pool needs {needs})").format(error=exc, needs=needs) if needs
                             else str(exc)) from exc

    builder.rolled(await _ask(builder, TypeFaces(_("Faces of the physical dice"), hint, submit,
                                                        placeholder=example or "")))


async def quick_roll(builder: RollBuilder) -> None:
    """``G``: the GM's quick roll, a pool typed in the system's syntax (``5b 3s``, ``4d6``,
    ``s8 t6 tn5``), with no character; ``POOL ; FACES`` takes the faces of physical dice
    (R-MANUAL-1). Recorded as the GM's, charged to nobody, pushed with ``p`` where the system allows."""
    from gmconsole import systems
    from gmconsole.ui.screens.line_entry import TypeQuickPool

    def submit(text: str) -> dict:
        pool, _sep, faces = text.partition(";")
        return builder.service.rolls.quick_roll(pool, faces=faces.strip() or None, rng=builder.app.rng,
                                                hidden=builder.draft.hidden)

    from gmconsole.ui.widgets.faces_text import faces_keys

    system = systems.get(builder.system)
    faces = system.quick_faces_example
    entry = await _ask(builder, TypeQuickPool(
        _("GM roll (no character)"), _("Type {syntax}; add '; FACES' to type the faces of physical dice, e.g. "
                                       "{pool} ; {faces} (R-MANUAL-1).").format(
            syntax=_(system.quick_pool_syntax), pool=system.quick_pool_example, faces=faces)
        + faces_keys(builder.system, faces),
        submit, placeholder=system.quick_pool_example))
    if entry is not None and builder.draft.hidden and "hidden" not in builder.draft.pinned:
        builder.draft = builder.draft.changed(hidden=False)  # H was for this roll; the draft's options stay
    builder.rolled(entry, options_used=False)


async def push_faces(builder: RollBuilder, entry: RollEntry) -> None:
    """``P``: push ``entry`` with the new faces of the rerolled dice typed (R-PUSH-4, R-MANUAL-1)."""
    from gmconsole.campaign.rolls import recorded_roll
    from gmconsole.systems.yearzero import roll as yearzero
    from gmconsole.ui.screens.line_entry import TypeFaces
    from gmconsole.ui.widgets.faces_text import faces_example, faces_keys, faces_shown
    from gmconsole.ui.widgets.roll_text import kind_word

    try:
        recorded = recorded_roll(builder.service.ledger, entry.id)[1]
        counts = yearzero.push_counts(recorded)
    except ERRORS as exc:
        builder.refused(exc, _("Push refused: {reason}"))
        return
    sides = {d.kind.value: d.sides for d in recorded.dice}  # a push's new stress die is a d6
    rerolled = {(k, sides.get(k, 6)): n for k, n in counts.items() if n}
    example = faces_example(builder.system, rerolled)
    hint = (_("Dice to reroll: {dice}. Type their new faces, e.g. {example} (R-PUSH-4, R-MANUAL-1).").format(
                dice=_(", ").join(f"{kind_word(k)} ×{n}" for k, n in counts.items() if n),
                example=faces_shown(builder.system, rerolled))
            + faces_keys(builder.system, example))
    needs = _(", ").join(_("{count} {kind}").format(count=n, kind=kind_word(k)) for k, n in counts.items() if n)

    def submit(spec: str) -> dict:
        try:
            return builder.service.rolls.push(entry.id, faces=spec, rng=builder.app.rng)
        except ValueError as exc:  # the service's sentence, with how many faces of each kind are rerolled
            raise ValueError(_("{error} (the push rerolls {needs})").format(error=exc, needs=needs) if needs
                             else str(exc)) from exc

    builder.pushed(await _ask(builder, TypeFaces(_("Faces of the pushed dice"), hint, submit,
                                                        placeholder=example)))


async def push_added_die_faces(builder: RollBuilder, entry: RollEntry) -> None:
    """``P`` where a push adds a die (tiered, Push Yourself after the roll): type the face of the one d6 rolled at
    the table (R-MANUAL-1); a refusal is said before the face is asked for."""
    from gmconsole.ui.screens.line_entry import TypeFaces
    from gmconsole.ui.widgets.faces_text import faces_example, faces_keys, faces_shown

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
    hint = (_("Push Yourself (2 stamina): type the face of the one d6 added to the dice on the table, e.g. {example} "
              "(R-MANUAL-1).").format(example=faces_shown(builder.system, added))
            + faces_keys(builder.system, example))

    def submit(spec: str) -> dict:
        return builder.service.rolls.push(entry.id, faces=spec, rng=builder.app.rng)

    builder.pushed(await _ask(builder, TypeFaces(_("Face of the Push Yourself die"), hint, submit,
                                                 placeholder=example)))


async def form(builder: RollBuilder, made, after=None) -> None:
    """Open one special-roll form (``(title, fields, run, hint)``); a roll recorded through it is the
    builder's last result on its own (never shown inside the roll before it, under its dice, where an
    opposed test would read as part of that roll). ``after()`` runs once the form is closed."""
    from gmconsole.ui.screens.roll_form import RollFormScreen

    title, fields, run, hint = made
    text = await _ask(builder, RollFormScreen(title, fields, run, hint=hint))
    if text:
        builder.last_entry = None
        builder.special_text = _("{title}: {result}").format(title=title, result=text)
        builder.draft = builder.draft.after_roll()
    if after is not None:
        after()
    builder.refresh_view()
    builder.focus()


def special_form(builder: RollBuilder, character, name: str, **extra):
    """The system's special-roll form called ``name`` (``opposed``, ``assisted``, ``save``...) for
    ``character`` (the family's :attr:`ConsoleParts.special_forms <gmconsole.ui.family_console.ConsoleParts>`
    makes them)."""
    from gmconsole.ui.family_console import console_of

    make = console_of(builder.game_system.id).special_forms
    if make is None:
        raise ValueError(_("{system} has no special rolls").format(system=builder.game_system.id))
    state = {"skill": builder.draft.skill, "attribute": builder.attribute_to_roll(),  # assisted and group roll it
             "difficulty": builder.draft.difficulty, "tn_modifiers": builder.draft.tn_modifiers}
    return make(builder.service, character, state, builder.app.rng, **extra)[name]


async def opposed(builder: RollBuilder, character) -> None:
    """``o``: an opposed roll. Year Zero rolls the pool built against a defender (R-OPP-1), and the
    active side's roll becomes the last result (it may be pushed); the other systems open their own
    opposed or contested form."""
    form_name = builder.game_system.opposed_form
    if form_name is not None:
        await form(builder, special_form(builder, character, form_name))
        return
    from gmconsole.ui.widgets import roll_specials

    holder: dict = {}

    def after() -> None:
        if "entry" in holder:
            builder.draft = builder.draft.after_roll()
            builder.last_entry = builder.reread(holder["entry"]) or as_record(holder["entry"])
            builder.special_text = ""

    made = roll_specials.opposed_form(builder.roll_keywords(), builder.service, builder.app.rng,
                                      lambda entry: holder.__setitem__("entry", entry))
    await form(builder, made, after)


async def attack(builder: RollBuilder, character) -> None:
    """``k`` (tiered): an attack, then who takes its damage (R-TIER-4)."""
    from gmconsole.ui.widgets import roll_specials

    attacks: list[Entry] = []
    made = special_form(builder, character, "attack", on_attack=attacks.append)
    await form(builder, made, lambda: roll_specials.pick_attack_target(
        builder.app, builder.service, attacks[-1] if attacks else None))


async def consequence(builder: RollBuilder, entry: RollEntry) -> None:
    """tiered Mixed / Limited: pick one consequence with one key (``w``: Damage and mark a wound), the
    clock a complication advances and the item lost when there is a choice; the service applies it
    (``apply_consequence``), undoable with ``u``."""
    from gmconsole.ui.screens.pickers import PickClock, PickGear
    from gmconsole.ui.screens.roll_form import ChoiceScreen
    from gmconsole.ui.widgets.roll_text import chosen_consequences, consequence_names

    names = consequence_names()
    choices = [(key, CONSEQUENCE_KEYS.get(key, key[0]), name) for key, name in names.items()]
    choices.append(("damage+wound", "w", _("Damage and mark a wound")))
    chosen = chosen_consequences(entry.consequences_chosen)
    hint = f"{given(entry.summary, '')}" + (_(" — already: {chosen}").format(chosen=chosen) if chosen else "")
    key = await _ask(builder, ChoiceScreen.make(_("Consequence (Mixed / Limited)"), choices, hint=hint))
    if key is None:
        builder.focus()
        return
    kind, wound = ("damage", True) if key == "damage+wound" else (key, False)
    clock_id = gear_id = None
    clocks = [k for k in builder.service.session.clocks if not k.full]
    if kind == "complication" and len(clocks) > 1:
        ids = await _ask(builder, PickClock(_("Which clock does the complication advance?"),
                                                       [(k.id, f"{k.name} {k.filled}/{k.segments}") for k in clocks],
                                                       limit=1, minimum=1))
        if not ids:
            builder.focus()
            return
        clock_id = ids[0]
    elif kind == "complication" and clocks:
        clock_id = clocks[0].id
    used = (entry.request or {}).get("gear") or []
    character = builder.service.campaign.find_character(entry.character_id or "")
    if kind == "lost-gear" and not used and character is not None:
        items = [(g.id, g.name) for g in character.gear if g.bonus > 0]
        if len(items) > 1:
            ids = await _ask(builder, PickGear(_("Which item is lost?"), items, limit=1, minimum=1))
            if not ids:
                builder.focus()
                return
            gear_id = ids[0]
        else:
            gear_id = items[0][0] if items else None
    apply_consequence(builder, entry, kind, clock_id=clock_id, gear_id=gear_id, wound=wound)


def apply_consequence(builder: RollBuilder, entry: RollEntry, kind: str, **how) -> None:
    """Apply the consequence ``kind`` of ``entry`` through the service and show what it did."""
    try:
        done = builder.service.outcomes.apply_consequence(entry.id, kind, **how)
    except ERRORS as exc:
        builder.refused(exc)
        builder.focus()
        return
    builder.last_entry = builder.reread(entry) or entry
    builder.report(_("Applied: {summary}").format(summary=given(as_record(done).summary, "")), as_record(done))
    builder.message = ""
    builder.refresh_view()
    builder.focus()


async def circumstances(builder: RollBuilder, character, skill: str) -> None:
    """``w``: record why ``character`` may try ``skill`` again (docs/RULES.md: only one chance;
    exploding retries); the "only one chance" warning goes away."""
    from gmconsole.ui.screens.line_entry import TypeReason

    def submit(reason: str) -> dict:
        return builder.service.rolls.change_of_circumstances(character.id, skill, reason)

    entry = await _ask(builder, TypeReason(
        _("Why may {name} try {skill} again?").format(name=character.name, skill=builder.skill_name()),
        _("Say what changed (recorded in the history)."), submit, placeholder=_("found the right tools"), enter="ok"))
    if entry is not None:
        builder.report(_("Recorded: {summary}").format(summary=given(as_record(entry).summary, "")),
                       as_record(entry))
        builder.message = ""
    builder.refresh_view()
    builder.focus()
