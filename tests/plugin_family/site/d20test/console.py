"""The console's side (:class:`gmconsole.ui.family_console.ConsoleParts`): no special rolls; the verdict."""

from __future__ import annotations

special_forms = None


def verdict_lines(entry) -> list[str]:
    from d20test.detail import D20Detail

    rolled = D20Detail.of(entry.detail)
    verdict = "SUCCESS" if rolled.success else "FAILURE"
    return [f"{verdict}: the d20 shows {rolled.top}, at or under {rolled.tn} succeeds"]
