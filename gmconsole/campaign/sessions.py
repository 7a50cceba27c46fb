"""Sessions and scenes of a campaign (issue 11): the session list, the pending-costs check that comes
before closing a session, and the recap of a session built from its history.

Nothing here changes a campaign: :class:`gmconsole.campaign.service.CampaignService` opens sessions and
scenes through its one safe commit (``new_session`` / ``new_scene``) and calls these readers. The recap
is not stored: it is rebuilt from the history whenever it is asked for, so an undo (or a roll recorded
later from the command line) is always reflected and there is no second copy to get out of step.

History entries come from the campaign's files and are untrusted text: every string put in the
Markdown goes through :func:`gmconsole.safe_text.shown`; the data form is for ``to_json``.
"""

from __future__ import annotations

import datetime as _dt
import re

from gmconsole.campaign.errors import ValidationError
from gmconsole.safe_text import shown

__all__ = ["RECAP_SECTIONS", "check_date", "check_title", "pending_costs", "recap", "recap_markdown",
           "session_list"]

TITLE_LIMIT = 120
"""Longest session title accepted (it shares the title line with the campaign and the panes)."""

RECAP_SECTIONS: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("rolls", "Rolls", frozenset({"roll", "opposed", "assisted", "group", "contested", "save", "attack", "inspire"})),
    ("pushes", "Pushes and their costs", frozenset({"push", "costs", "drop_costs", "consequence"})),
    ("panics", "Panics", frozenset({"panic"})),
    ("stress_trauma", "Stress and trauma", frozenset({"stress", "trauma", "heal", "rest", "mutation_points",
                                                      "willpower", "wounds", "strain", "stamina"})),
    ("conditions", "Conditions", frozenset({"condition"})),
    ("xp", "XP", frozenset({"xp"})),
    ("clocks", "Clocks and doom", frozenset({"clock", "doom"})),
)
"""``(key, heading, entry kinds)`` of the recap's sections, in the order the GM reads them."""

_KIND_SECTION = {kind: key for key, _heading, kinds in RECAP_SECTIONS for kind in kinds}


def check_title(title: str | None) -> str:
    """A session title the GM typed: control characters refused (issue 10), at most TITLE_LIMIT long."""
    from gmconsole.campaign.validation import check_typed_text

    title = (title or "").strip()
    check_typed_text(title, "a session title")
    if len(title) > TITLE_LIMIT:
        raise ValidationError(f"a session title is at most {TITLE_LIMIT} characters (this one has {len(title)})")
    return title


def check_date(date: str | None) -> str | None:
    """A session date the GM typed, ``YYYY-MM-DD`` (blank: ``None``, i.e. today)."""
    date = (date or "").strip()
    if not date:
        return None
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", date):
        raise ValidationError(f"the date must be written YYYY-MM-DD, not {shown(date)!r}")
    try:
        _dt.date.fromisoformat(date)
    except ValueError:
        raise ValidationError(f"{date} is not a date in the calendar") from None
    return date


def _done(entries: list[dict]) -> list[dict]:
    return [e for e in entries if e.get("status", "done") == "done"]


def pending_costs(service, session: int | None = None) -> list[dict]:
    """The costs still waiting from rolls of ``session`` (the current one by default), as the
    service's ``pending_costs()`` items (``roll_id``, ``character``, ``costs``): what the console asks
    about before it closes a session."""
    number = service.session.number if session is None else session
    return [p for p in service.pending_costs() if p.get("session", number) == number]


def session_list(service) -> list[dict]:
    """Every session, oldest first: ``{"number", "title", "started", "scenes", "entries"}``; ``entries``
    counts the entries in force (undone and failed ones left out, as ``history`` does)."""
    out = []
    for s in service.campaign.sessions:
        out.append({"number": s.number, "title": s.title, "started": s.started or s.date, "scenes": s.scene,
                    "entries": len(_done(service.entries(s.number)))})
    return out


def _line(entry: dict) -> dict:
    from gmconsole.campaign.history import result_text

    line = {"id": entry.get("id"), "scene": entry.get("scene"), "kind": entry.get("kind", ""),
            "character": entry.get("character") or "", "summary": entry.get("summary", ""),
            "result": result_text(entry)}
    if entry.get("skill"):
        line["skill"] = entry["skill"]
    if entry.get("costs"):
        line["costs"] = [{"name": c.get("name", ""), "amount": c.get("amount"), "target": c.get("target")}
                         for c in entry["costs"] if isinstance(c, dict)]
        line["costs_status"] = entry.get("costs_status", "")
    return line


def recap(service, session: int | None = None) -> dict:
    """The recap of ``session`` (the current one by default) as data, built from its history entries
    in force, oldest first, one list per section of :data:`RECAP_SECTIONS`; ``pending_costs`` lists the
    rolls whose costs were never applied. A session the campaign does not have is a ValidationError."""
    number = service.session.number if session is None else session
    found = service.campaign.session(number)
    if found is None:
        have = ", ".join(str(s.number) for s in service.campaign.sessions)
        raise ValidationError(f"{shown(service.campaign.name)} has no session {number} (it has {have})")
    entries = _done(service.entries(number))
    status_of = {e.get("id"): e.get("costs_status", "") for e in entries if e.get("costs")}
    sections: dict[str, list[dict]] = {key: [] for key, _h, _k in RECAP_SECTIONS}
    for entry in entries:
        key = _KIND_SECTION.get(entry.get("kind"))
        if key is None:
            continue
        line = _line(entry)
        if key == "rolls" and entry.get("pushes"):
            line.pop("costs", None)  # a pushed roll's costs are the push's: listed under the push
            line.pop("costs_status", None)
        elif entry.get("kind") == "push" and "costs" in line:
            line["costs_status"] = status_of.get(entry.get("roll_id"), "")  # the roll says whether they were paid
        sections[key].append(line)
    pending = [_line(e) for e in entries if e.get("costs_status") == "pending" and e.get("costs")]
    return {"campaign": service.campaign.name, "session": number, "title": found.title,
            "date": found.date, "started": found.started or found.date, "scenes": found.scene,
            "entries": len(entries), "sections": sections, "pending_costs": pending,
            "doom": found.doom, "clocks": [{"name": k.name, "filled": k.filled, "segments": k.segments}
                                           for k in found.clocks]}


def _cost_text(costs: list[dict]) -> str:
    return ", ".join(f"{c.get('name', '')} {c.get('amount', '')}" + (f" ({c['target']})" if c.get("target") else "")
                     for c in costs)


def _md(text) -> str:
    """One piece of untrusted text for a Markdown line: escaped, and no line break or table pipe."""
    return shown(text).replace("|", "\\|")


def recap_markdown(data: dict) -> str:
    """The recap (from :func:`recap`) as Markdown: a heading, one line of facts, then each section that
    has something, entries grouped by scene."""
    title = f" — {_md(data['title'])}" if data.get("title") else ""
    lines = [f"# {_md(data['campaign'])}: session {data['session']}{title}", "",
             f"{_md(data['date'])} · {data['scenes']} scene{'s' if data['scenes'] != 1 else ''} · "
             f"{data['entries']} entr{'ies' if data['entries'] != 1 else 'y'}"]
    empty = True
    for key, heading, _kinds in RECAP_SECTIONS:
        items = data["sections"].get(key) or []
        if not items:
            continue
        empty = False
        lines += ["", f"## {heading}", ""]
        for item in items:
            who = f"{_md(item['character'])}: " if item["character"] and item["character"] not in item["summary"] else ""
            result = f" — {_md(item['result'])}" if item["result"] and item["result"] not in item["summary"] else ""
            lines.append(f"- scene {item['scene'] or '?'} · {who}{_md(item['summary'])}{result}")
            if item.get("costs"):
                status = f" ({_md(item['costs_status'])})" if item.get("costs_status") else ""
                lines.append(f"  - costs{status}: {_md(_cost_text(item['costs']))}")
    if data.get("clocks") or data.get("doom"):
        lines += ["", "## At the end of the session", ""]
        if data.get("doom"):
            lines.append(f"- doom pool: {data['doom']}")
        for clock in data.get("clocks") or ():
            lines.append(f"- clock {_md(clock['name'])}: {clock['filled']}/{clock['segments']}")
    if data.get("pending_costs"):
        lines += ["", "## Costs never applied", ""]
        for item in data["pending_costs"]:
            lines.append(f"- #{item['id']} {_md(item['character'])}: {_md(_cost_text(item['costs']))}")
    if empty:
        lines += ["", "Nothing was rolled or changed in this session."]
    return "\n".join(lines) + "\n"
