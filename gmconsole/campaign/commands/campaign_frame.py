"""Changes to the campaign's frame: settings, sessions, scenes and the campaign's own skill list.

A new session carries doom, clocks and a running conflict over; scenes start again at 1. Each change
is one undoable history entry.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gmconsole.campaign import skills, validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign, Clock, Session, Settings
from gmconsole.i18n import _
from gmconsole.phrasing import quoted

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger


def update_settings(ledger: Ledger, changes: dict) -> dict:
    """Change campaign settings (push cost, max pushes, R-… settings, initiative mode)."""

    def mutate(c: Campaign) -> dict:
        merged = c.settings.to_dict()
        unknown = sorted(set(changes) - set(merged))
        if unknown:
            raise ValidationError(_("unknown setting {name}").format(name=quoted(unknown[0])))
        merged.update(changes)
        c.settings = validation.check_settings(Settings.from_dict(merged), c.system)
        from gmconsole.campaign.settings_info import change_text

        return {"summary": _("settings: {changes}").format(changes=change_text(c.system, changes)),
                "changes": dict(changes)}

    return ledger.commit("settings", mutate)


def new_session(ledger: Ledger, date: str | None = None, title: str | None = None) -> Session:
    """Open the next session (number + 1, today's date unless given, an optional typed ``title``);
    doom, clocks and a running conflict carry over (a fight stopped at the end of an evening goes on
    the next); scenes start again at 1 (:mod:`gmconsole.campaign.recaps`)."""
    from gmconsole.campaign import recaps

    title = recaps.check_title(title)
    date = recaps.check_date(date)

    def mutate(c: Campaign) -> dict:
        last = c.current_session
        session = Session(
            number=last.number + 1,
            date=date or ledger.today(),
            doom=last.doom,
            clocks=[Clock.from_dict(k.to_dict()) for k in last.clocks],
            initiative=copy.deepcopy(last.initiative),
            title=title,
            started=ledger.now(),
        )
        c.sessions.append(session)
        if last.initiative:
            begins = (_("session {number} begins: {title}; the conflict goes on (round {round})") if title
                      else _("session {number} begins; the conflict goes on (round {round})"))
        else:
            begins = _("session {number} begins: {title}") if title else _("session {number} begins")
        summary = begins.format(number=session.number, title=title, round=(last.initiative or {}).get("round", 1))
        return {"summary": summary, "title": title}

    ledger.commit("session", mutate)
    return ledger.session


def new_scene(ledger: Ledger) -> dict:
    """Start a new scene (the "only one chance" warning looks at rolls in the same scene)."""

    def mutate(c: Campaign) -> dict:
        c.current_session.scene += 1
        return {"summary": _("scene {number} begins").format(number=c.current_session.scene)}

    return ledger.commit("scene", mutate)


def add_skill(ledger: Ledger, name: str, attribute: str, text: str = "") -> dict:
    """Add a skill to the campaign's list (:mod:`gmconsole.campaign.skills`); undoable."""
    return ledger.commit("skills", lambda c: skills.change_entry("add", skills.add(c, name, attribute, text)))


def edit_skill(ledger: Ledger, skill: str, *, name: str | None = None, attribute: str | None = None,
               text: str | None = None) -> dict:
    """Rename a skill, re-link its attribute or change its text (its id stays); undoable."""
    return ledger.commit("skills", lambda c: skills.change_entry(
        "edit", *skills.edit(c, skill, name=name, attribute=attribute, text=text)))


def remove_skill(ledger: Ledger, skill: str) -> dict:
    """Remove a skill no character has (refused, naming them, otherwise); undoable."""
    return ledger.commit("skills", lambda c: skills.change_entry("remove", skills.remove(c, skill)))


def load_skills(ledger: Ledger, text: str, source: str | None = None) -> dict:
    """Replace the campaign's skills with a list read from TOML text (``source`` names it: a file's name; by
    default "the skill list" in the console's language); undoable."""
    source = source or _("the skill list")
    new = skills.parse_list(text, source)
    return ledger.commit("skills", lambda c: skills.change_entry("load", skills.replace(c, new), source=source))


def change_skill_list(ledger: Ledger, *, load: tuple[str, str] | None = None,
                      add: Sequence[tuple[str, str]] = (), rename: Sequence[tuple[str, str]] = (),
                      remove: Sequence[str] = ()) -> dict:
    """Several changes at once, in one undoable entry (all or nothing): ``load`` ``(TOML text,
    source)`` first, then ``add`` ``(name, attribute)``, ``rename`` ``(skill, new name)``, ``remove``."""
    new = skills.parse_list(*load) if load else None
    return ledger.commit("skills", lambda c: skills.batch(c, new, load[1] if load else "", add, rename, remove))


def set_player_difficulty(ledger: Ledger, difficulty: str | None) -> dict:
    """Set the difficulty the players' own rolls use in the current session (an id of the system's
    difficulty ladder, the ids the roll builder's ``d``/``D`` cycle; ``None``: the system's default);
    one undoable ``players`` entry. Refused for a difficulty the system does not have."""
    from gmconsole import systems

    ladder = [d for d, _label in systems.get(ledger.campaign.system).difficulty_choices()]
    if difficulty is not None and difficulty not in ladder:
        if not ladder:
            raise ValidationError(_("{system} has no difficulty ladder").format(system=ledger.campaign.system))
        raise ValidationError(_("{difficulty} is not a difficulty of {system}; one of {choices}").format(
            difficulty=quoted(difficulty), system=ledger.campaign.system, choices=", ".join(ladder)))

    def mutate(c: Campaign) -> dict:
        c.current_session.player_difficulty = difficulty
        summary = (_("players' rolls: difficulty {difficulty}").format(difficulty=difficulty) if difficulty
                   else _("players' rolls: the default difficulty"))
        return {"summary": summary, "difficulty": difficulty}

    return ledger.commit("players", mutate)
