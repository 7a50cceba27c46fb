"""The GM's keymap (``[keymap]`` in config.toml): every binding id the console has, and what is wrong
with a keymap (an id the console does not have, a key that takes another binding's key on one screen).

Textual applies the keymap itself (``App.set_keymap``: each binding whose id the keymap names gets the
keymap's keys, everywhere it is bound); the key bar draws from the screen's active bindings, so it
shows the GM's keys. The help screen and the main screen's tab line name keys from the panes' own
``BINDINGS``: they ask :func:`keys_of` here, which reads the keymap first. The owners of bindings are
imported only by :func:`binding_rows` (``gmconsole config keys``, and the check of a keymap after the
console's first frame), never at start-up.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from textual.app import App
from textual.binding import Binding

from gmconsole.i18n import N_, _, key_label
from gmconsole.phrasing import quoted

__all__ = ["BindingRow", "binding_rows", "key_names", "keymap_problems", "keys_of", "normalized", "settled_keymap"]

OWNERS = (
    ("gmconsole.ui.screens.main", "MainScreen", N_("main screen")),
    ("gmconsole.ui.widgets.roster", "RosterPane", N_("roster")),
    ("gmconsole.ui.widgets.initiative", "InitiativePane", N_("initiative")),
    ("gmconsole.ui.roll_builder.pane", "RollBuilder", N_("roll builder")),
    ("gmconsole.ui.roll_builder.skill_list", "SkillFilter", N_("skill filter")),
    ("gmconsole.ui.widgets.tracker", "TrackerPane", N_("tracker")),
    ("gmconsole.ui.screens.history", "HistoryScreen", N_("history")),
    ("gmconsole.ui.screens.session_flow", "RecapScreen", N_("recap")),
    ("gmconsole.ui.screens.settings", "SettingsScreen", N_("settings")),
    ("gmconsole.ui.screens.skills_screen", "SkillsScreen", N_("skills")),
    ("gmconsole.ui.screens.help", "HelpScreen", N_("help")),
    ("gmconsole.ui.screens.form_base", "FormScreen", N_("forms")),
    ("gmconsole.ui.screens.gear_form", "GearScreen", N_("gear")),
    ("gmconsole.ui.screens.roll_form", "RollFormScreen", N_("roll forms")),
    ("gmconsole.ui.screens.confirm", "ConfirmScreen", N_("confirm")),
    ("gmconsole.ui.screens.line_entry", "LineEntryScreen", N_("typed lines")),
    ("gmconsole.ui.screens.pickers", "MarkListScreen", N_("pickers")),
    ("gmconsole.ui.screens.pick_combatants", "PickCombatantsScreen", N_("combatants")),
    ("gmconsole.ui.screens.roll_form", "ChoiceScreen", N_("choices")),
    ("gmconsole.ui.screens.demo_picker", "DemoPickerScreen", N_("campaign picker")),
    ("gmconsole.ui.screens.question", "QuestionScreen", N_("questions")),
)
"""Where bindings with ids live: (module, class, the place the GM knows it by, marked for translation)."""

NAMES = {"plus": "+", "minus": "-", "equals_sign": "=", "full_stop": ".", "comma": ",", "question_mark": "?",
         "escape": "esc", "exclamation_mark": "!", "slash": "/"}


@dataclass(frozen=True)
class BindingRow:
    """One binding the GM may move: its id, default keys, what it does, and where it works."""

    id: str
    keys: str
    description: str
    where: str


def _owners():
    for module_name, class_name, where in OWNERS:
        owner = getattr(importlib.import_module(module_name), class_name, None)
        if owner is not None:
            yield owner, where


def binding_rows() -> list[BindingRow]:
    """Every binding with an id, once each, in the order of :data:`OWNERS`."""
    rows: dict[str, BindingRow] = {}
    for owner, where in _owners():
        for binding in getattr(owner, "BINDINGS", ()):
            if isinstance(binding, Binding) and binding.id and binding.id not in rows:
                rows[binding.id] = BindingRow(binding.id, key_names(binding.key), binding.description, where)
    return list(rows.values())


def normalized(keymap: dict[str, str]) -> dict[str, str]:
    """``keymap`` with Textual's key names (``?`` is ``question_mark``), as ``App.set_keymap`` keeps it."""
    return dict(App._normalize_keymap(keymap))


def keymap_problems(keymap: dict[str, str], at_line=lambda what, binding_id: what, system=None) -> list[str]:
    """What is wrong with ``keymap``, one sentence each (:func:`settled_keymap`)."""
    return settled_keymap(keymap, at_line, system)[1]


def settled_keymap(keymap: dict[str, str], at_line=lambda what, binding_id: what,
                   system=None) -> tuple[dict[str, str], list[str]]:
    """The keymap the console applies, and one sentence per problem with the GM's ``keymap``.

    Named: an entry for a binding the console does not have; two entries moving bindings of one screen or
    pane onto the same key (Textual then keeps only one, and the other binding would have no key at
    all) — the first entry in the file keeps the key, the later one is left out so its binding keeps its
    own key; an entry taking the key of a binding the keymap leaves alone (the GM's entry wins, as asked);
    and a main-screen key a pane binds too. ``keymap`` is normalized, in the file's order; ``at_line(what, id)``
    names an entry with where it is written (``main.history (line 7)``); ``system`` (the campaign's
    :class:`GameSystem`) leaves out the builder keys its system does not have."""
    known = {row.id for row in binding_rows()}
    problems = [_("keymap: no binding has the id {id} (`gmconsole config keys` lists them)").format(
        id=at_line(quoted(binding_id), binding_id)) for binding_id in keymap if binding_id not in known]
    kept = dict(keymap)
    while (clash := _two_moved_onto_one_key(kept)) is not None:
        first, later, key, where = clash
        del kept[later.id]
        problems.append(_("keymap: {later} = {key} is already the key of {first} on "
                          "the {where}, so {what} keeps its own key {own}").format(
            later=at_line(later.id, later.id), key=key_names(key), first=at_line(first.id, first.id),
            where=_(where), what=key_label(later.description), own=key_names(later.key)))
    for owner, where in _owners():
        for key, bindings in _holders(owner, kept).items():
            movers = [b for b in bindings if b.id in kept]
            for other in (b for b in bindings if movers and b is not movers[0]):
                problems.append(_("keymap: {id} = {key} takes that key from {what} ({other}) on the "
                                  "{where}").format(id=at_line(movers[0].id, movers[0].id),
                                                    key=key_names(key), what=key_label(other.description),
                                                    other=other.id or other.action, where=_(where)))
    problems += _shadowed_by_panes(kept, at_line, system)
    return kept, problems


def _holders(owner, keymap: dict[str, str]) -> dict[str, list[Binding]]:
    """Each key of ``owner``'s bindings under ``keymap``, with the bindings that hold it."""
    holders: dict[str, list[Binding]] = {}
    for binding in getattr(owner, "BINDINGS", ()):
        if isinstance(binding, Binding):
            keys = keymap.get(binding.id, binding.key) if binding.id else binding.key
            for key in keys.split(","):
                holders.setdefault(key.strip(), []).append(binding)
    return holders


def _two_moved_onto_one_key(keymap: dict[str, str]):
    """``(first, later, key, where)`` for two bindings of one screen or pane the keymap moves onto one key,
    ``later`` being the one written later in the file; None when there is no such pair."""
    order = list(keymap)
    for owner, where in _owners():
        for key, bindings in _holders(owner, keymap).items():
            moved = {b.id: b for b in bindings if b.id is not None and b.id in keymap}
            movers = [moved[binding_id] for binding_id in sorted(moved, key=order.index)]
            if len(movers) > 1:
                return movers[0], movers[-1], key, where
    return None


PANES = ("RosterPane", "InitiativePane", "RollBuilder", "SkillFilter", "TrackerPane")
"""The main screen's panes: a key one of them binds wins over the main screen's while it has the focus."""


def _hidden(action: str, system) -> bool:
    """True when the roll builder hides ``action`` for ``system`` (a key only another system has)."""
    if system is None:
        return False
    from gmconsole import systems

    name = action.split("(")[0]
    every = {a for other in systems.all_systems() for a in other.builder_actions}
    return name in every and name not in system.builder_actions


def _shadowed_by_panes(keymap: dict[str, str], at_line, system=None) -> list[str]:
    """A main-screen binding moved onto a key a pane binds (e.g. history on `y`, the tiered builder's
    Push Yourself) works only while another pane has the focus: said, like a clash on one screen."""
    owners = list(_owners())
    main = [b for owner, _where in owners if owner.__name__ == "MainScreen" for b in getattr(owner, "BINDINGS", ())
            if isinstance(b, Binding) and b.id in keymap]
    problems = []
    for mover in main:
        assert mover.id is not None  # main holds the bindings the keymap names by their id
        moved = {key.strip() for key in keymap[mover.id].split(",")}
        for owner, where in owners:
            if owner.__name__ not in PANES:
                continue
            for other in getattr(owner, "BINDINGS", ()):
                if not isinstance(other, Binding) or other.priority or _hidden(other.action, system):
                    continue
                keys = keymap.get(other.id, other.key) if other.id else other.key
                hit = moved & {key.strip() for key in keys.split(",")}
                if hit:
                    problems.append(_("keymap: {id} = {key} is also {what} ({other}) in the {where}, which "
                                      "wins there while it has the focus").format(
                        id=at_line(mover.id, mover.id), key=key_names(sorted(hit)[0]),
                        what=key_label(other.description),
                        other=other.id or other.action, where=_(where)))
    return problems


def key_names(keys: str) -> str:
    """Textual key names as the GM types them: ``question_mark,f1`` is ``? / f1``."""
    return " / ".join(NAMES.get(k.strip(), k.strip()) for k in keys.split(","))


def keys_of(app, binding: Binding) -> str:
    """The keys that run ``binding`` in ``app``: the GM's keymap when it names the binding, else the
    binding's own (its ``key_display`` when it has one)."""
    keymap = getattr(app, "keymap", None) or {}
    if binding.id and binding.id in keymap:
        return key_names(keymap[binding.id])
    return binding.key_display or key_names(binding.key)
