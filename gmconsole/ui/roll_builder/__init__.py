"""The roll builder (pane 3 of the main screen), as a package.

- :mod:`.pane`: the :class:`RollBuilder` widget (layout, drawing the preview, the skill filter);
- :mod:`.keys` and :mod:`.actions`: its key bindings, CSS and key actions;
- :mod:`.draft`: the roll being built (:class:`RollDraft`) and the request it makes;
- :mod:`.result_view`: the last result and its breakdown;
- :mod:`.flows`, :mod:`.modifier_flows` and :mod:`.grant_flow`: the dialogs (pickers, forms, faces, a grant's
  reroll), run as workers;
- :mod:`.skill_list`: the skill filter and list.
"""

from __future__ import annotations

from gmconsole.ui.roll_builder.draft import RollDraft
from gmconsole.ui.roll_builder.pane import RollBuilder
from gmconsole.ui.roll_builder.skill_list import SkillFilter, SkillList

__all__ = ["RollBuilder", "RollDraft", "SkillFilter", "SkillList"]
