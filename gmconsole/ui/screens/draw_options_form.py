"""The cards-mode draw form (docs/rules.md): speed N and keep-best-of-N for each combatant.

Opened by the initiative pane when a conflict starts in cards mode; blank fields mean 1.
"""

from __future__ import annotations

from typing import Callable

from gmconsole.ui.screens.form_base import FormError, FormScreen, field_row
from gmconsole.wording import possessive

__all__ = ["DrawOptionsForm"]


class DrawOptionsForm(FormScreen):
    """Cards mode: speed N (draw N cards, act N times) and keep-best-of-N per combatant; blank = 1."""

    form_title = "Draw initiative: speed and keep-best-of per combatant (blank = 1)"

    def __init__(self, combatants: list[tuple[str, str]], submit: Callable[[dict], str | None]) -> None:
        super().__init__(submit)
        self.combatants = combatants

    def fields(self):
        for cid, name in self.combatants:
            # a long name is shortened with "…" in the label and given whole in the field's hint
            short = name if len(name) <= 12 else name[:11] + "…"
            whole = "" if short == name else f"{name}: "
            yield field_row(f"{short} speed", f"speed-{cid}", "", f"{whole}1-4")
            yield field_row(f"{short} keep", f"keep-{cid}", "", f"{whole}keep best of 1-4")

    def parse(self) -> dict:
        speeds, keep = {}, {}
        for cid, name in self.combatants:
            speed = self.whole(f"speed-{cid}", f"{possessive(name)} speed", blank=1)
            best = self.whole(f"keep-{cid}", f"{possessive(name)} keep-best-of", blank=1)
            if speed < 1 or best < 1:
                raise FormError(f"{name}: speed and keep-best-of are at least 1.")
            if speed != 1:
                speeds[cid] = speed
            if best != 1:
                keep[cid] = best
        return {"speeds": speeds, "keep_best": keep}
