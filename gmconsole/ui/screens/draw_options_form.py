"""The cards-mode draw form (RULES.md §4): speed N and keep-best-of-N for each combatant.

Opened by the initiative pane when a conflict starts in cards mode; blank fields mean 1.
"""

from __future__ import annotations

from typing import Callable

from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row

__all__ = ["DrawOptionsForm"]


class DrawOptionsForm(FormScreen):
    """Cards mode: speed N (draw N cards, act N times) and keep-best-of-N per combatant; blank = 1."""

    form_title = "Draw initiative: speed and keep-best-of per combatant (blank = 1)"

    def __init__(self, combatants: list[tuple[str, str]], submit: Callable[[dict], str | None]) -> None:
        super().__init__(submit)
        self.combatants = combatants

    def fields(self):
        for cid, name in self.combatants:
            yield field_row(f"{name[:12]} speed", f"speed-{cid}", "", "1-4")
            yield field_row(f"{name[:12]} keep", f"keep-{cid}", "", "keep best of 1-4")

    def parse(self) -> dict:
        speeds, keep = {}, {}
        for cid, name in self.combatants:
            speed = self.whole(f"speed-{cid}", f"{name}'s speed", blank=1)
            best = self.whole(f"keep-{cid}", f"{name}'s keep-best-of", blank=1)
            if speed < 1 or best < 1:
                raise FormError(f"{name}: speed and keep-best-of are at least 1.")
            if speed != 1:
                speeds[cid] = speed
            if best != 1:
                keep[cid] = best
        return {"speeds": speeds, "keep_best": keep}
