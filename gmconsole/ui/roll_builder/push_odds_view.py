""""Should I push?" in the roll builder: the odds and costs of pushing the roll on screen.

Under ``p: push`` the builder shows one line — the chance of success after the push, the successes to
expect, the panic chance and what each cost can come to — computed exactly from the dice the roll shows
(``service.rolls.push_odds``). It is
redrawn with the result, so a setting the GM changes (push cost, skill 1s) shows at once. ``O`` opens
the full table (:class:`~gmconsole.ui.screens.push_odds.PushOddsScreen`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Protocol

from gmconsole.campaign.entries import RollEntry, given
from gmconsole.campaign.service import CampaignService
from gmconsole.i18n import _
from gmconsole.safe_text import shown
from gmconsole.systems.family_phrasing import cost_word
from gmconsole.ui.roll_builder.controller import ERRORS

__all__ = ["PushOdds", "broken_chances", "cost_name", "percent", "push_odds_line", "push_odds_of", "spread"]


class PushOdds(Protocol):
    """What the builder reads of a push's odds (``service.rolls.push_odds``: the family's own record, Year
    Zero's ``PushOdds``), each chance exact."""

    @property
    def p_success(self) -> Fraction: ...

    @property
    def p_win(self) -> Fraction | None: ...

    @property
    def expected_successes(self) -> Fraction: ...

    @property
    def to_beat(self) -> int | None: ...

    @property
    def p_panic(self) -> Fraction | None: ...

    @property
    def cost_distribution(self) -> dict[str, dict[int, Fraction]]: ...

    @property
    def cost_details(self) -> tuple[tuple[str, str | None, dict[int, Fraction]], ...]: ...

    @property
    def gear_ruined(self) -> dict[str, Fraction]: ...


def percent(p: Fraction | float) -> str:
    """A chance as the builder writes it: whole percents, with "<1 %" and ">99 %" at the ends."""
    value = float(p) * 100
    if 0 < value < 1:
        return "<1 %"
    if 99 < value < 100:
        return ">99 %"
    return f"{value:.0f} %"


def spread(dist: dict[int, Fraction]) -> str:
    """What a cost can come to: "2" when certain, else "2–5"."""
    amounts = [a for a, p in dist.items() if p]
    low, high = min(amounts), max(amounts)
    return str(low) if low == high else f"{low}–{high}"


def push_odds_of(service: CampaignService, entry: RollEntry) -> PushOdds | None:
    """The push odds of ``entry``, or ``None`` when it cannot be pushed or was undone."""
    if given(entry.status, "done") != "done":
        return None
    try:
        return service.rolls.push_odds(given(entry.id, None))
    except ERRORS:
        return None


_last_line: list[Any] = [None]
"""The last line made, with what it was made from: the builder redraws its result on every keypress
(a harder difficulty, another helper), and the roll on screen has not changed; a campaign change
re-reads the entry, so a new entry object (or another scene or language) makes the line again."""


def push_odds_line(service: CampaignService, entry: RollEntry) -> str | None:
    """One line: "if pushed: 42 % success, 0.5 expected · panic 42 % · trauma 2–5 · O: odds" (an opposed roll:
    "if pushed: 13 % to beat 2, ...", R-OPP-1)."""
    from gmconsole.i18n import language

    made_from = (service, entry, service.session.number, service.session.scene, language())
    last = _last_line[0]
    if last is not None and all(a is b or a == b for a, b in zip(last[0], made_from)):
        return last[1]
    line = _line(service, entry)
    _last_line[0] = (made_from, line)
    return line


def _line(service: CampaignService, entry: RollEntry) -> str | None:
    odds = push_odds_of(service, entry)
    if odds is None:
        return None
    expected = f"{float(odds.expected_successes):.1f}"
    if odds.to_beat is None:
        parts = [_("if pushed: {p} success, {expected} expected").format(p=percent(odds.p_success), expected=expected)]
    else:  # R-OPP-1: one success is no win against the defender's, so the line gives the chance to beat them
        parts = [_("if pushed: {p} to beat {defender}, {expected} expected").format(
            p=percent(odds.p_win or 0), defender=odds.to_beat, expected=expected)]
    if odds.p_panic is not None:
        parts.append(_("panic {p}").format(p=percent(odds.p_panic)))
    for name, dist in odds.cost_distribution.items():
        if any(a for a, p in dist.items() if p) and name != "broken":
            parts.append(f"{cost_name(name)} {spread(dist)}")
    for attribute, p in broken_chances(service, odds).items():
        parts.append(_("broken ({attribute} 0) {p}").format(attribute=attribute, p=percent(p)))
    for item, p in odds.gear_ruined.items():
        parts.append(_("{item} unusable {p}").format(item=shown(item), p=percent(p)))
    return " · ".join(parts) + " · " + _("O: odds")


def cost_name(name: str) -> str:
    """A cost by its name in the GM's language ("gear damage", "mutation points")."""
    return shown(cost_word(name))


def broken_chances(service: CampaignService, odds: PushOdds) -> dict[str, Fraction]:
    """The attribute (or the dog's Strength) a push can take to 0 — the character (or the dog) broken —
    with the chance (a bare "broken" beside the gear damage would read as the gear)."""
    from gmconsole.campaign.skills import attribute_name_of

    out = {}
    for name, target, dist in odds.cost_details:
        if name == "broken" and dist.get(1):
            who = _("the dog's Strength") if target == "dog" else attribute_name_of(service.campaign.system, target)
            out[who or shown(target)] = dist[1]
    return out
