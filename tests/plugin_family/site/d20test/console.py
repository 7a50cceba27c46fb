"""The console's side (:class:`gmconsole.ui.family_console.ConsoleParts`): no special rolls; the verdict."""

from __future__ import annotations

special_forms = None


def verdict_lines(entry) -> list[str]:
    verdict = "SUCCESS" if entry.success else "FAILURE"
    return [f"{verdict}: the d20 shows {entry.top}, at or under {entry.tn} succeeds"]
