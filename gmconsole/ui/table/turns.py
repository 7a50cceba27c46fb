"""The turn order: the round, whose turn it is, and who acts after them; or plainly, no conflict.

Everyone in the conflict is listed by name, an NPC whose numbers the GM keeps hidden too (only their
card or total is left out), with the fast and slow actions they took this round where the system has them
(R-ACT-1). Names come from the campaign file and are escaped.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from gmconsole.i18n import N_, _
from gmconsole.safe_text import shown
from gmconsole.ui.filled import filled
from gmconsole.ui.widgets.styles import BOLD_CYAN, BOLD_YELLOW, HIGHLIGHT, ON_TURN

__all__ = ["TurnOrder"]

VALUE_LABEL = {"cards": N_("card"), "roll": N_("total"), "manual": N_("place")}


def _state(service):
    """The conflict's initiative, or ``None`` between conflicts."""
    data = service.session.initiative
    if data is None:
        return None
    from gmconsole.rules.initiative import Initiative

    return Initiative.from_dict(data)


def _taken(service, state):
    """``taken(combatant)``: the fast and slow actions they took this round (R-ACT-1), where the system has
    them; else always ``""``."""
    from gmconsole import systems

    if not systems.get(service.campaign.system).fast_slow_actions:
        return lambda combatant: ""
    from gmconsole.campaign.combat_actions import taken_text

    return lambda combatant: taken_text(state, combatant)


class TurnOrder(Static):
    """The initiative order; :meth:`show` redraws it from the service (``compact``: a few lines)."""

    DEFAULT_CSS = "TurnOrder { padding: 0 1; }"

    def show(self, service, *, compact: bool, numbers_shown) -> None:
        state = _state(service)
        if state is None or not state.slots:
            self.update(Text(_("No conflict right now: no turn order."), style="bold"))
            return
        campaign = service.campaign

        def name_of(combatant: str) -> tuple[str, bool]:
            character = campaign.find_character(combatant)
            if character is None:
                return shown(combatant), False
            return shown(character.name), numbers_shown(character)

        current = state.current()
        now = name_of(current.combatant)[0] if current else "—"
        text = filled(_("ROUND {round}   NOW: {now}"), "bold", round=(str(state.round), BOLD_CYAN),
                      now=(f" {now} ", HIGHLIGHT))
        if compact:
            after = [name_of(slot.combatant)[0] for slot in state.slots[state.turn + 1:]]
            if after:
                text.append("\n" + _("then: {names}").format(names=_(", ").join(after)))
            self.update(text)
            return
        rows = []
        what = _(VALUE_LABEL[state.mode]) if state.mode in VALUE_LABEL else ""
        taken = _taken(service, state)
        for slot in state.slots:
            name, numbers = name_of(slot.combatant)
            rows.append((_("{name} · delayed").format(name=name) if slot.delayed else name, numbers, slot))
        width = max(cell_len(label) for label, _n, _s in rows)  # the cards in one column
        for index, (label, numbers, slot) in enumerate(rows):
            label += " " * (width - cell_len(label))
            value = f"  {what} {slot.value}" if numbers and state.mode != "manual" else ""
            if index == state.turn:
                text.append(f"\n▶ {label}", style=ON_TURN)
                text.append(value, style=BOLD_YELLOW)
            else:
                text.append(f"\n  {label}", style="dim" if index < state.turn else "")
                text.append(value, style="dim")
            if taken(slot.combatant):
                text.append("  " + _("taken: {actions}").format(actions=taken(slot.combatant)), style="dim")
        self.update(text)
