"""What every family's special-roll forms are made of.

- Each family's own forms are in its folder (``gmconsole/families/<family>/forms.py``: exploding's opposed
  test, assisted and group checks; tiered's saving throw, attack and contested roll and an attack's target;
  Year Zero's opposed roll of the builder's pool), handed over by its console part
  (:class:`gmconsole.ui.family_console.ConsoleParts`); they build on :data:`Form`, :func:`other_rows`,
  :func:`skill_rows` and :func:`then_hint` here.

Every roll goes through the campaign service, so it is recorded in the history and undoable; a form
only asks the questions and words the recorded entry. Who takes part (the defender) and the
defender's skill are marked in lists of the roster (NPCs too) and of the campaign's own skills by name;
only what is no participant (a typed pool, typed faces) is typed. A form is ``(title, fields, run, hint)``
for :class:`~gmconsole.ui.screens.roll_form.RollFormScreen`; ``run`` raises ``ValueError`` with one
sentence on bad input.
"""

from __future__ import annotations

from collections.abc import Callable

from gmconsole.i18n import _
from gmconsole.ui.screens.pickers import roster_choices
from gmconsole.ui.screens.roll_form import FormField

__all__ = ["Form", "other_rows", "skill_rows", "then_hint"]

Form = tuple[str, list[FormField], Callable[[dict], str], str]
"""A special-roll form: its title, the fields it asks, ``run(values)`` giving the result text, and its hint."""


def other_rows(service, character_id: str) -> tuple[tuple[str, str], ...]:
    """The roster members other than ``character_id``, as list rows (NPCs pickable)."""
    return tuple(roster_choices(service.campaign.roster, leave_out=[character_id]))


def skill_rows(service) -> tuple[tuple[str, str], ...]:
    """The campaign's skills by name, as list rows (``id``, name): its own list when it has one,
    else the system's table (exploding: with the skills on its sheets), as the skill picker ``s``."""
    from gmconsole.ui.widgets.roll_text import skill_choices

    campaign = service.campaign
    known = sorted({sid for c in campaign.roster for sid in c.skills})
    own = None if campaign.skills is None else [(k.id, k.name) for k in campaign.skills]
    rows = skill_choices(campaign.system, None, known, own)  # no defender yet: names alone, no "untrained"
    untrained = _("{skill} (untrained)").format(skill="")
    return tuple((c.id, c.label.removesuffix(untrained)) for c in rows if c.id)


def then_hint(said: str, sentence: str) -> str:
    """A form's hint: ``sentence`` after the sentences ``said`` (``sentence`` alone when ``said`` is empty)."""
    # Translators: a form's hint, one whole sentence after the ones before ({hint}); a language writing no
    # space between sentences leaves it out
    return _("{hint} {sentence}").format(hint=said, sentence=sentence) if said else sentence
