"""The roll builder (pane 3 of the main screen), as a package: a pane and its controller.

- :mod:`.pane`: the :class:`RollBuilder` widget (layout, its keys, drawing the preview, the skill filter);
- :mod:`.keys`: its key bindings and CSS;
- :mod:`.controller`: the :class:`~.controller.BuilderController`, no widget: the roll being built, the last
  roll, what the builder said, and what each key means (it talks to the pane through
  :class:`~.controller.BuilderView`);
- :mod:`.draft`: the roll being built (:class:`RollDraft`) and the request it makes;
- :mod:`.settings_line`, :mod:`.skill_uses`, :mod:`.said_lines`: the settings line in words, a skill's named
  modifiers and uses, and how long what the builder said stays true;
- :mod:`.flows`, :mod:`.modifier_flows`, :mod:`.role_flows` and :mod:`.grant_flow`: the dialogs (pickers,
  forms, faces, a role skill's outcome, a grant's reroll), each a class on the controller, run as workers;
- :mod:`.result_view` and :mod:`.push_odds_view`: the last result's widget and the lines under it;
- :mod:`.skill_list`: the skill filter and list.

Imports go one way: the pane uses the dialogs, the dialogs the controller, the controller the values below it.
"""

from __future__ import annotations

from gmconsole.ui.roll_builder.draft import RollDraft
from gmconsole.ui.roll_builder.pane import RollBuilder
from gmconsole.ui.roll_builder.skill_list import SkillFilter, SkillList

__all__ = ["RollBuilder", "RollDraft", "SkillFilter", "SkillList"]
