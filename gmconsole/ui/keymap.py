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

from gmconsole.wording import quoted

__all__ = ["BindingRow", "binding_rows", "key_names", "keymap_problems", "keys_of", "normalized"]

OWNERS = (
    ("gmconsole.ui.screens.main", "MainScreen", "main screen"),
    ("gmconsole.ui.widgets.roster", "RosterPane", "roster"),
    ("gmconsole.ui.widgets.initiative", "InitiativePane", "initiative"),
    ("gmconsole.ui.roll_builder.pane", "RollBuilder", "roll builder"),
    ("gmconsole.ui.roll_builder.skill_list", "SkillFilter", "skill filter"),
    ("gmconsole.ui.widgets.tracker", "TrackerPane", "tracker"),
    ("gmconsole.ui.screens.history", "HistoryScreen", "history"),
    ("gmconsole.ui.screens.sessions", "RecapScreen", "recap"),
    ("gmconsole.ui.screens.settings", "SettingsScreen", "settings"),
    ("gmconsole.ui.screens.skills_screen", "SkillsScreen", "skills"),
    ("gmconsole.ui.screens.help", "HelpScreen", "help"),
    ("gmconsole.ui.screens.form_base", "FormScreen", "forms"),
    ("gmconsole.ui.screens.gear_form", "GearScreen", "gear"),
    ("gmconsole.ui.screens.roll_form", "RollFormScreen", "roll forms"),
    ("gmconsole.ui.screens.confirm", "ConfirmScreen", "confirm"),
    ("gmconsole.ui.screens.line_entry", "LineEntryScreen", "typed lines"),
    ("gmconsole.ui.screens.pickers", "MarkListScreen", "pickers"),
    ("gmconsole.ui.screens.pick_combatants", "PickCombatantsScreen", "combatants"),
    ("gmconsole.ui.screens.roll_form", "ChoiceScreen", "choices"),
    ("gmconsole.ui.screens.demo_picker", "DemoPickerScreen", "campaign picker"),
    ("gmconsole.ui.screens.question", "QuestionScreen", "questions"),
)
"""Where bindings with ids live: (module, class, the place the GM knows it by)."""

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
    return App._normalize_keymap(keymap)


def keymap_problems(keymap: dict[str, str], line_of=lambda binding_id: "", system=None) -> list[str]:
    """One sentence per keymap entry naming a binding the console does not have, and per key the keymap
    gives that another binding holds on the same screen or pane (Textual then drops that binding there,
    silently). ``keymap`` is normalized; ``line_of(id)`` says where the entry is written (`` (line 7)``);
    ``system`` (the campaign's :class:`GameSystem`) leaves out the builder keys its system does not have."""
    known = {row.id for row in binding_rows()}
    problems = [f"keymap: no binding has the id {quoted(binding_id)}{line_of(binding_id)} "
                "(`gmconsole config keys` lists them)" for binding_id in keymap if binding_id not in known]
    for owner, where in _owners():
        holders: dict[str, list[Binding]] = {}
        for binding in getattr(owner, "BINDINGS", ()):
            if isinstance(binding, Binding):
                keys = keymap.get(binding.id, binding.key) if binding.id else binding.key
                for key in keys.split(","):
                    holders.setdefault(key.strip(), []).append(binding)
        for key, bindings in holders.items():
            movers = [b for b in bindings if b.id in keymap]
            if len(bindings) < 2 or not movers:
                continue
            mover = movers[0]
            for other in (b for b in bindings if b is not mover):
                problems.append(f"keymap: {mover.id}{line_of(mover.id)} = {key_names(key)} takes that key from "
                                f"{other.description} ({other.id or other.action}) on the {where}")
    problems += _shadowed_by_panes(keymap, line_of, system)
    return problems


PANES = ("roster", "initiative", "roll builder", "skill filter", "tracker")
"""The main screen's panes: a key one of them binds wins over the main screen's while it has the focus."""


def _hidden(action: str, system) -> bool:
    """True when the roll builder hides ``action`` for ``system`` (a key only another system has)."""
    if system is None:
        return False
    from gmconsole import systems

    name = action.split("(")[0]
    every = {a for other in systems.all_systems() for a in other.builder_actions}
    return name in every and name not in system.builder_actions


def _shadowed_by_panes(keymap: dict[str, str], line_of, system=None) -> list[str]:
    """A main-screen binding moved onto a key a pane binds (play-test 10: history on `y`, the tiered builder's
    Push Yourself) works only while another pane has the focus: said, like a clash on one screen."""
    owners = list(_owners())
    main = [b for owner, where in owners if where == "main screen" for b in getattr(owner, "BINDINGS", ())
            if isinstance(b, Binding) and b.id in keymap]
    problems = []
    for mover in main:
        moved = {key.strip() for key in keymap[mover.id].split(",")}
        for owner, where in owners:
            if where not in PANES:
                continue
            for other in getattr(owner, "BINDINGS", ()):
                if not isinstance(other, Binding) or other.priority or _hidden(other.action, system):
                    continue
                keys = keymap.get(other.id, other.key) if other.id else other.key
                hit = moved & {key.strip() for key in keys.split(",")}
                if hit:
                    problems.append(f"keymap: {mover.id}{line_of(mover.id)} = {key_names(sorted(hit)[0])} is also "
                                    f"{other.description} ({other.id or other.action}) in the {where}, which wins "
                                    "there while it has the focus")
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
