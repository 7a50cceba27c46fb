"""The lines of a session's recap, entry by entry (:func:`gmconsole.campaign.recaps.recap` puts them in
their sections): what each says, once, in the section the GM looks for it.

- A roll and its pushes: the roll's line says what the first roll gave with its dice (``first_summary``: the
  roll's summary before its first push, kept in that push's record of what it changed), each push's line
  what the push gave with the dice after it; when some steps were typed from physical dice and others rolled
  by the console, the typed ones say so (``typed_step``). A roll's costs are listed once (see
  :func:`roll_lines`).
- A panic, whatever entry carried it (the tracker's panic roll, the costs ``c`` applied, an opposed roll's
  defender): one line per panic roll with its D6, the stress it was rolled with, the total and the row
  (:func:`panic_lines`); a costs entry's own line only points there. The stress a panic gave, to the one
  who panicked and to the PCs in range, goes with the stress and trauma (:func:`panic_stress_lines`).

Every line is a dict (the recap's ``--json``): ``id``, ``scene``, ``kind``, ``character``, ``summary``,
``result`` and what the line adds (``dice``, ``costs``, a panic roll's ``face``, ``stress``, ``total`` and
``effect``, the table row's id). History entries are untrusted text: the Markdown escapes every string.
"""

from __future__ import annotations

from gmconsole.campaign.entries import MISSING, CostsEntry, Entry, PanicEntry, PushEntry, RollEntry, given
from gmconsole.campaign.pending_costs import cost_text
from gmconsole.i18n import _, pick
from gmconsole.phrasing import possessive

__all__ = ["costs_of", "costs_status", "line", "panic_lines", "panic_stress_lines", "roll_lines"]


def costs_of(entry: Entry) -> list | None:
    """The costs an entry carries: a roll's, a push's (the roll's so far) or those a costs entry paid."""
    return given(entry.costs, None) if isinstance(entry, (RollEntry, PushEntry, CostsEntry)) else None


def costs_status(entry: Entry, default):
    """A roll's costs state (``pending``, ``applied``, ``dropped``); ``default`` for any other entry."""
    return given(entry.costs_status, default) if isinstance(entry, RollEntry) else default


def _panics(entry: Entry) -> list[dict]:
    """The panics an entry carries: the tracker's panic roll, or the costs entry's own and its defender's."""
    if isinstance(entry, PanicEntry):
        found = [entry.panic]
    elif isinstance(entry, CostsEntry):
        found = [entry.panic, entry.defender_panic]
    else:
        return []
    return [p for p in found if isinstance(p, dict) and isinstance(p.get("rolls"), list)]


def _paid_summary(entry: Entry) -> str:
    """A costs entry's summary without the payer's name before each cost (``A pays: A: x; A: y``, as
    the costs change records it, reads ``A pays: x; y``), and each panic it rolled said in short (``A panics
    (see Panics)``): the panic's own line, with its dice and whether its D6 was typed, is under Panics."""
    summary, name = given(entry.summary, ""), entry.character or ""
    if name:
        summary = summary.replace(f"pays: {name}: ", "pays: ").replace(f"; {name}: ", "; ")
    panics = _panics(entry)
    for panic in panics:
        said, rolls = panic.get("summary"), panic["rolls"]
        who = rolls[0].get("character") if rolls and isinstance(rolls[0], dict) else None
        if isinstance(said, str) and said and isinstance(who, str):
            summary = summary.replace(said, _("{name} panics (see Panics)").format(name=who), 1)
    if panics:  # the panic's own line says its D6 was typed: the words the costs' summary put after itself
        before, _summary, after = _("{summary} (panic D6 typed)").partition("{summary}")
        if summary.startswith(before) and summary.endswith(after) and len(summary) >= len(before) + len(after):
            summary = summary[len(before):len(summary) - len(after)]
    return summary


def line(entry: Entry, with_costs: bool = True) -> dict:
    """One recap line of ``entry``; its costs (each with its ``text`` in words) only when ``with_costs``."""
    from gmconsole.campaign.history import dice_text, result_text

    kind = given(entry.kind, "")
    out = {"id": given(entry.id, None), "scene": given(entry.scene, None), "kind": kind,
           "character": entry.character or "",
           "summary": _paid_summary(entry) if kind == "costs" else given(entry.summary, ""),
           "result": result_text(entry)}
    if entry.skill:
        out["skill"] = entry.skill
    dice = dice_text(entry)
    if dice:
        out["dice"] = dice
    costs = costs_of(entry)
    if costs and with_costs:
        out["costs"] = [{"name": c.get("name", ""), "amount": c.get("amount"), "target": c.get("target"),
                         "text": cost_text(c)} for c in costs if isinstance(c, dict)]
    if costs and costs_status(entry, None):
        out["costs_status"] = costs_status(entry, None)
    return out


def _first_summary(roll: Entry, first_push: PushEntry) -> str | None:
    """What ``roll`` said before it was pushed: its summary as the first push found it (that push's record of
    what it changed in the roll's entry), or ``None`` when the record does not say."""
    undo = first_push.undo if isinstance(first_push.undo, dict) else {}
    for change in undo.get("entries") or ():
        if isinstance(change, dict) and change.get("id") == given(roll.id, None):
            before = change.get("before")
            said = before.get("summary") if isinstance(before, dict) else None
            return said if isinstance(said, str) and said else None
    return None


def _typed_steps(roll: Entry, steps: list[PushEntry]) -> list[bool]:
    """Whether each step of ``roll`` (the first roll, then each push) was typed from physical dice."""
    recorded = given(roll.by_hand_steps, None) if isinstance(roll, RollEntry) else None
    if isinstance(recorded, list) and len(recorded) == 1 + len(steps):
        return [bool(typed) for typed in recorded]
    first = bool(given(getattr(roll, "by_hand", MISSING), False))
    return [first] + [bool(given(push.by_hand, False)) for push in steps]


def roll_lines(entries: list[Entry]) -> dict:
    """Each recap line of a roll or a push, keyed by entry id: where a roll's costs are listed once, what the
    first roll said (``first_summary``) and which steps were typed when a roll mixes typed and rolled dice.

    A roll's costs belong to its newest step (the roll, or its last push: each push's costs are the roll's
    so far). They are listed there only when nothing else lists them: a costs entry of this session says
    what was paid, and costs still pending have their own section."""
    by_roll: dict = {}
    for entry in entries:
        if isinstance(entry, PushEntry):
            by_roll.setdefault(given(entry.roll_id, None), []).append(entry)
    paid_here = {given(e.roll_id, None) for e in entries if isinstance(e, CostsEntry)}
    by_id: dict = {}
    for entry in entries:
        by_id.setdefault(given(entry.id, None), entry)  # the first with an id, as a search from the start finds
    lines = {}
    for entry in entries:
        if isinstance(entry, PushEntry):
            pushed = given(entry.roll_id, None)
            roll = by_id.get(pushed, Entry())
            steps = by_roll[pushed]
            last = entry is steps[-1]
        elif isinstance(entry, RollEntry) and ((entry.costs and entry.successes is not MISSING)
                                               or by_roll.get(given(entry.id, None))):
            pushed = None
            roll, steps = entry, by_roll.get(given(entry.id, None), [])
            last = not steps
        else:
            continue
        status = costs_status(roll, costs_status(entry, ""))
        shown_here = last and status != "pending" and given(roll.id, pushed) not in paid_here
        out = line(entry, with_costs=shown_here)
        typed = _typed_steps(roll, steps)
        mixed = any(typed) and not all(typed)
        if isinstance(entry, PushEntry):
            step = next(at for at, push in enumerate(steps, 1) if push is entry)
            out["push_step"], out["pushes"] = step, len(steps)
            if last and entry.costs:
                out["costs_status"] = status  # the roll says whether they were paid
            else:
                out.pop("costs_status", None)
            typed_here = typed[step] if step < len(typed) else False
        else:
            if not shown_here:
                out.pop("costs_status", None)
            first = _first_summary(entry, steps[0]) if steps else None
            if first is not None:
                out["first_summary"] = first
            typed_here = typed[0]
        if mixed and typed_here:
            out["typed_step"] = True
        lines[given(entry.id, None)] = out
    return lines


def _panic_text(roll: dict, chained: bool) -> str:
    """``Ann panics: D6 6 + stress 1 = 7: Nervous twitch`` (a chained roll says so; R-PANIC-2 raised totals too)."""
    names = {"name": roll.get("character", "?"), "face": roll.get("face"), "stress": roll.get("stress"),
             "total": roll.get("total"), "row": pick(roll.get("name")) or roll.get("effect", "")}
    if roll.get("escalated"):
        names["sum"] = (roll["face"] + roll["stress"] if isinstance(roll.get("face"), int)
                        and isinstance(roll.get("stress"), int) else "?")
        text = (_("{name} panics (chained): D6 {face} + stress {stress} = {sum}, raised to {total} (R-PANIC-2): {row}")
                if chained else
                _("{name} panics: D6 {face} + stress {stress} = {sum}, raised to {total} (R-PANIC-2): {row}"))
    else:
        text = (_("{name} panics (chained): D6 {face} + stress {stress} = {total}: {row}") if chained
                else _("{name} panics: D6 {face} + stress {stress} = {total}: {row}"))
    return text.format(**names)


def panic_lines(entry: Entry) -> list[dict]:
    """One Panics line for each panic roll ``entry`` carries, in the order rolled; the first roll of a panic
    whose D6 was typed at the table says so (its chained rolls are the console's)."""
    out = []
    for panic in _panics(entry):
        for at, roll in enumerate(r for r in panic["rolls"] if isinstance(r, dict)):
            text = _panic_text(roll, chained=at > 0)
            if at == 0 and given(getattr(entry, "by_hand", MISSING), False):
                text = _("{panic} (typed face)").format(panic=text)
            out.append({"id": given(entry.id, None), "scene": given(entry.scene, None), "kind": given(entry.kind, ""),
                        "character": roll.get("character", ""), "summary": text, "result": "",
                        "face": roll.get("face"), "stress": roll.get("stress"), "total": roll.get("total"),
                        "effect": roll.get("effect"), "chained": at > 0})
    return out


def _stress_line(entry: Entry, who: str, text: str) -> dict:
    return {"id": given(entry.id, None), "scene": given(entry.scene, None), "kind": "stress", "character": who,
            "summary": text, "result": ""}


def panic_stress_lines(entry: Entry) -> list[dict]:
    """The stress the panics ``entry`` carries gave, as Stress and trauma lines: the panicking character's own
    (``Ann: stress 1 → 2 (Nervous twitch)``), then each PC's at short range (``Bob: stress +1 (Ann's Nervous
    twitch)``, R-PANIC-1)."""
    out = []
    for panic in _panics(entry):
        rolls = [r for r in panic["rolls"] if isinstance(r, dict)]
        for roll in rolls:
            before, change = roll.get("stress"), roll.get("stress_change")
            if not (isinstance(before, int) and isinstance(change, int)) or max(0, before + change) == before:
                continue
            text = _("{name}: stress {before} → {after} ({row})").format(
                name=roll.get("character", "?"), before=before, after=max(0, before + change),
                row=pick(roll.get("name")) or roll.get("effect", ""))
            out.append(_stress_line(entry, roll.get("character", ""), text))
        spreading = [r for r in rolls if isinstance(r.get("others"), dict) and r["others"].get("stress")]
        for gain in panic.get("stress") or ():
            if not isinstance(gain, dict):
                continue
            names = {"name": gain.get("character", "?"), "stress": gain.get("stress")}
            if len(spreading) == 1:  # whose row it was is known only when one row of the chain spreads stress
                row = pick(spreading[0].get("name")) or spreading[0].get("effect", "")
                text = _("{name}: stress +{stress} ({whose} {row})").format(
                    whose=possessive(spreading[0].get("character", "?")), row=row, **names)
            else:
                text = _("{name}: stress +{stress} (a panic at short range)").format(**names)
            out.append(_stress_line(entry, gain.get("character", ""), text))
    return out
