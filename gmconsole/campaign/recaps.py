"""Sessions and scenes of a campaign: the session list, the pending-costs check that comes
before closing a session, and the recap of a session built from its history.

Nothing here changes a campaign: :class:`~gmconsole.campaign.facades.sessions.Sessions` opens sessions and
scenes through the ledger's one safe commit (``new_session`` / ``new_scene``) and calls these readers. The recap
is not stored: it is rebuilt from the history whenever it is asked for, so an undo (or a roll recorded
later from the command line) is always reflected and there is no second copy to get out of step. What it
reads of each entry comes from the summaries kept beside the history chunks (their ``recap`` part,
:mod:`gmconsole.campaign.history_summary`), made again from a chunk whenever the chunk changes; the words
are made here, in the reader's language.

History entries come from the campaign's files and are untrusted text: every string put in the
Markdown goes through :func:`gmconsole.safe_text.shown`; the data form is for ``to_json``.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import TYPE_CHECKING

from gmconsole.campaign import recap_lines
from gmconsole.campaign.entries import MISSING, Entry, as_record, given
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.pending_costs import cost_text, costs_status_text, pending_list
from gmconsole.campaign.stats_markdown import dice_and_luck
from gmconsole.i18n import N_, _, ngettext
from gmconsole.phrasing import quoted
from gmconsole.safe_text import shown

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["RECAP_SECTIONS", "check_date", "check_title", "date_warning", "missing_entries", "missing_text",
           "pending_costs", "pending_warning", "recap", "recap_markdown", "session_list", "started_text"]

_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
"""A date as :func:`check_date` accepts it; an older file's date may be any text."""

TITLE_LIMIT = 120
"""Longest session title accepted (it shares the title line with the campaign and the panes)."""

RECAP_SECTIONS: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("rolls", N_("Rolls"), frozenset({"roll", "opposed", "assisted", "group", "contested", "save", "attack",
                                      "inspire", "circumstances", "table_roll"})),
    ("pushes", N_("Pushes and their costs"), frozenset({"push", "costs", "drop_costs", "consequence"})),
    ("roles", N_("Role skills: devices built, finds, lives saved"), frozenset({"build", "finds", "save_life"})),
    ("panics", N_("Panics"), frozenset({"panic"})),
    ("stress_trauma", N_("Stress and trauma"), frozenset({"stress", "trauma", "heal", "rest", "mutation_points",
                                                      "willpower", "wounds", "strain", "stamina", "harm"})),
    ("sheets", N_("Sheets changed"), frozenset({"sheet"})),
    ("conditions", N_("Conditions"), frozenset({"condition"})),
    ("xp", N_("XP"), frozenset({"xp"})),
    ("clocks", N_("Clocks and doom"), frozenset({"clock", "doom"})),
)
"""``(key, heading, entry kinds)`` of the recap's sections, in the order the GM reads them (the heading
marked for the catalogue, translated where the recap is written). A change of circumstances goes with the rolls,
beside the retry it allows. Besides its kinds' entries, "Panics" lists every panic roll whatever entry carried
it, and "Stress and trauma" the stress those panics gave (:mod:`gmconsole.campaign.recap_lines`)."""

_KIND_SECTION = {kind: key for key, _heading, kinds in RECAP_SECTIONS for kind in kinds}


def _section(entry: Entry) -> str | None:
    """The recap section ``entry`` belongs to, by its kind; an edit of a character that changed numbers
    on the sheet (its ``values``: Strength 3 → 2, stress 1 → 0) goes with the sheets, so the recap says
    who was hurt however the GM recorded it."""
    kind = given(entry.kind, None)
    if kind == "roster" and given(getattr(entry, "values", MISSING), None):
        return "sheets"
    return _KIND_SECTION.get(kind)


def check_title(title: str | None) -> str:
    """A session title the GM typed: control characters refused, at most TITLE_LIMIT long."""
    from gmconsole.campaign.validation import check_typed_text

    title = (title or "").strip()
    check_typed_text(title, _("a session title"))
    if len(title) > TITLE_LIMIT:
        raise ValidationError(_("a session title is at most {limit} characters (this one has {length})").format(
            limit=TITLE_LIMIT, length=len(title)))
    return title


def check_date(date: str | None) -> str | None:
    """A session date the GM typed, ``YYYY-MM-DD`` (blank: ``None``, i.e. today)."""
    date = (date or "").strip()
    if not date:
        return None
    if not _ISO_DATE.fullmatch(date):
        raise ValidationError(_("the date must be written YYYY-MM-DD, not {typed}").format(typed=quoted(date)))
    try:
        _dt.date.fromisoformat(date)
    except ValueError:
        raise ValidationError(_("{date} is not a date in the calendar").format(date=date)) from None
    return date


def date_warning(ledger: Ledger) -> str | None:
    """A warning when the newest session is dated before the one it followed, else ``None``.

    Not a refusal: a GM may log a flashback night or enter an old session late; the warning only
    catches a mistyped date while the GM can still undo the new session."""
    if len(ledger.campaign.sessions) < 2:
        return None
    previous, newest = ledger.campaign.sessions[-2:]
    if not (_ISO_DATE.fullmatch(previous.date or "") and _ISO_DATE.fullmatch(newest.date or "")):
        return None  # an older file's free-form date: nothing to compare
    if newest.date >= previous.date:
        return None
    return _("session {number} is dated {date}, before session {previous} ({previous_date}); it was started "
             "anyway (undo it if the date is wrong)").format(number=newest.number, date=newest.date,
                                                            previous=previous.number, previous_date=previous.date)


def started_text(row: dict) -> str:
    """When a session of :func:`session_list` took place, for a person: the date the GM gave, and the
    moment it was opened when that fell on another day (a session entered late)."""
    date, opened = row.get("date") or "", row.get("started") or ""
    if not date:
        return opened
    if opened.startswith(date) or not opened:
        return date  # the date of play is what the GM reads; the clock time adds nothing
    return _("{date} (opened {opened})").format(date=date, opened=opened)


def _rows(ledger: Ledger, session: int) -> list[dict]:
    """The entries of ``session``, oldest first, as the summaries kept beside its history chunks hold them
    (:mod:`~gmconsole.campaign.history_summary`: what the session list counts), not every entry parsed in
    full."""
    from gmconsole.campaign.history_summary import summaries

    return [row for chunk in summaries(ledger, session, rows=True) for row in chunk.rows or ()]


def _done(entries: list[dict]) -> list[dict]:
    return [e for e in entries if e.get("status", "done") == "done"]


def pending_costs(ledger: Ledger, session: int | None = None) -> list[dict]:
    """The costs still waiting from rolls of ``session`` (the current one by default), as the
    :func:`~gmconsole.campaign.pending_costs.pending_list` items (``roll_id``, ``character``,
    ``costs``): what the console asks about before it closes a session."""
    number = ledger.session.number if session is None else session
    return [p for p in pending_list(ledger.campaign.pending_costs) if p.get("session", number) == number]


def pending_warning(session: int, pending: list[dict]) -> str:
    """What closing ``session`` with the ``pending`` costs (from :func:`pending_costs`) leaves behind,
    naming each roll: the command line warns with it where the console asks first."""
    rolls = _("; ").join(
        _("roll {id} ({character}: {costs})").format(
            id=item.get("roll_id"), character=item.get("character") or "?",
            costs=_(", ").join(cost_text(c) for c in item.get("costs") or () if isinstance(c, dict)))
        for item in pending)
    return _("session {number} has costs not applied yet: {rolls}; they stay pending in its history "
             "(gmconsole costs NAME --apply ROLL_ID applies them)").format(number=session, rolls=rolls)


def session_list(ledger: Ledger) -> list[dict]:
    """Every session, oldest first: ``{"number", "title", "date", "started", "scenes", "entries"}``; ``date``
    is the date of play the GM gave (today by default), ``started`` the moment it was opened (the date
    for sessions recorded before sessions kept it); ``entries`` counts the entries in force (undone and failed ones
    left out, as ``history`` does)."""
    out = []
    for s in ledger.campaign.sessions:
        out.append({"number": s.number, "title": s.title, "date": s.date, "started": s.started or s.date,
                    "scenes": s.scene,
                    "entries": len(_done(_rows(ledger, s.number)))})
    return out


def missing_entries(ledger: Ledger, number: int) -> list[dict]:
    """The entries of session ``number`` that a history file set aside held, as
    ``{"first", "last", "file", "aside"}``: a file holds the ids from its first up to the next file's
    first (set aside or not); the newest file up to the highest id the campaign knows (``last`` is
    ``None`` when that is unknown). Only the names in the session folders are read, and the newest
    chunk of each session when a set-aside file of this session is the newest of all."""
    files = ledger.chunk_files()
    found = []
    for at, (session, first, aside) in enumerate(files):
        if session != number or aside is None:
            continue
        later = [f for _s, f, _a in files[at + 1:] if f > first]
        last = later[0] - 1 if later else ledger.highest_entry_id()
        found.append({"first": first, "last": last if last >= first else None,
                      "file": aside.name.split(".damaged-", 1)[0], "aside": aside.name})
    return found


def missing_text(gap: dict, session: int) -> str:
    """One line for a recap: which entries are missing, and the file that held them."""
    first, last = gap["first"], gap["last"]
    names = {"first": first, "last": last, "file": shown(gap["file"]), "session": session,
             "aside": shown(gap["aside"])}
    if last == first:
        text = _("Entry #{first} is missing from this recap: {file} (history of session {session}) was set aside "
                 "as {aside}, kept beside it to be mended by hand.")
    elif last is not None:
        text = _("Entries #{first} to #{last} are missing from this recap: {file} (history of session {session}) "
                 "was set aside as {aside}, kept beside it to be mended by hand.")
    else:
        text = _("Entries from #{first} on are missing from this recap: {file} (history of session {session}) was "
                 "set aside as {aside}, kept beside it to be mended by hand.")
    return text.format(**names)


def _in_force(ledger: Ledger, number: int, whole_entries: bool) -> list[Entry]:
    """The entries of session ``number`` in force, oldest first, as records: what the summaries beside the
    history chunks keep of each for the recap (:func:`~gmconsole.campaign.history_summary.recap_records`), or,
    with ``whole_entries``, every whole entry read from its chunk (the reference the records are tested
    against: the recap's lines are the same from either)."""
    if whole_entries:
        return [as_record(e) for e in _done(ledger.entries(number))]
    from gmconsole.campaign.history_summary import recap_records

    return [e for e in recap_records(ledger, number) if given(e.status, "done") == "done"]


def recap(ledger: Ledger, session: int | None = None, *, whole_entries: bool = False) -> dict:
    """The recap of ``session`` (the current one by default) as data, built from its history entries
    in force, oldest first, one list per section of :data:`RECAP_SECTIONS`; ``pending_costs`` lists the
    rolls whose costs were never applied; ``statistics`` the session's dice and luck, as ``gmconsole
    stats NAME --session N --json`` prints them. A session the campaign does not have is a ValidationError.

    The entries are read from the summaries kept beside the history chunks (a few fields of each, not its
    dice, odds and undo record); ``whole_entries`` reads every whole entry instead (see :func:`_in_force`)."""
    number = ledger.session.number if session is None else session
    found = ledger.campaign.session(number)
    if found is None:
        have = ", ".join(str(s.number) for s in ledger.campaign.sessions)
        raise ValidationError(_("{campaign} has no session {number} (it has {have})").format(
            campaign=shown(ledger.campaign.name), number=number, have=have))
    entries = _in_force(ledger, number, whole_entries)
    sections: dict[str, list[dict]] = {key: [] for key, _h, _k in RECAP_SECTIONS}
    roll_lines = recap_lines.roll_lines(entries)
    for entry in entries:
        key = _section(entry)
        if key is not None and key != "panics":  # a panic roll's entry is listed by its rolls, just below
            sections[key].append(roll_lines.get(given(entry.id, None)) or recap_lines.line(entry))
        sections["panics"] += recap_lines.panic_lines(entry)
        sections["stress_trauma"] += recap_lines.panic_stress_lines(entry)
    pending = [recap_lines.line(e) for e in entries
               if recap_lines.costs_status(e, None) == "pending" and recap_lines.costs_of(e)]
    from gmconsole.campaign.statistics import statistics

    return {"campaign": ledger.campaign.name, "session": number, "title": found.title,
            "date": found.date, "started": found.started or found.date, "scenes": found.scene,
            "entries": len(entries), "missing": missing_entries(ledger, number),
            "sections": sections, "pending_costs": pending,
            "doom": found.doom, "clocks": [{"name": k.name, "filled": k.filled, "segments": k.segments}
                                           for k in found.clocks],
            "statistics": statistics(ledger, session=number)}


def _cost_text(costs: list[dict]) -> str:
    return _(", ").join(cost_text(c) for c in costs)


def _md(text) -> str:
    """One piece of untrusted text for a Markdown line: escaped, and no line break or table pipe."""
    return shown(text).replace("|", "\\|")


def _result_words(summary: str, result: str) -> str:
    """What a line's result adds to its summary, escaped: nothing when the summary says it already; the rest of
    it when the summary ends with its first words (``rolls shooting: top 3`` and ``top 3 (-1)`` read ``top 3
    (-1)``, ``saves (PHYS 6): 2 — failure`` and ``failure (2 vs 6)`` read ``… — failure (2 vs 6)``, never the
    words twice); else `` — result``."""
    if not result or result in summary:
        return ""
    said = max((cut for cut in range(1, len(result)) if result[cut] == " " and summary.endswith(result[:cut])),
               default=0)
    return _md(result[said:]) if said else f" — {_md(result)}"


def recap_markdown(data: dict) -> str:
    """The recap (from :func:`recap`) as Markdown: a heading, one line of facts, then each section that
    has something, entries grouped by scene, then the dice and luck as tables (when anything was rolled)."""
    title = f" — {_md(data['title'])}" if data.get("title") else ""
    lines = [_("# {campaign}: session {number}{title}").format(campaign=_md(data["campaign"]),
                                                               number=data["session"], title=title), "",
             " · ".join((_md(data["date"]),
                         ngettext("{n} scene", "{n} scenes", data["scenes"]).format(n=data["scenes"]),
                         ngettext("{n} entry", "{n} entries", data["entries"]).format(n=data["entries"])))]
    for gap in data.get("missing") or ():
        lines += ["", f"⚠ {missing_text(gap, data['session'])}"]
    empty = True
    for key, heading, _kinds in RECAP_SECTIONS:
        items = data["sections"].get(key) or []
        if not items:
            continue
        empty = False
        lines += ["", f"## {_(heading)}", ""]
        for item in items:
            summary = item.get("first_summary") or item["summary"]  # a pushed roll: what the first roll gave
            # a costs line names whom it is about itself ("Bo panics" for Ann's roll: never "Ann: Bo panics")
            said = (_("{name}: {summary}").format(name=_md(item["character"]), summary=_md(summary))
                    if item["character"] and item["character"] not in summary and item.get("kind") != "costs"
                    else _md(summary))
            result = "" if item.get("first_summary") else _result_words(summary, item["result"])
            said += result
            if item.get("pushes", 0) > 1:
                said = _("{said} (push {step} of {pushes})").format(said=said, step=item["push_step"],
                                                                    pushes=item["pushes"])
            if item.get("typed_step"):
                said = _("{said} (typed faces)").format(said=said)
            dice = " · " + _("dice: {dice}").format(dice=_md(item["dice"])) if item.get("dice") else ""
            scene = _("scene {scene}").format(scene=item["scene"] or "?")
            lines.append(f"- {scene} · {said}{dice}")
            if item.get("costs") and item.get("kind") != "costs":  # a costs entry's summary says them in words
                costs = _md(_cost_text(item["costs"]))
                if item.get("costs_status"):
                    lines.append("  - " + _("costs {status}: {costs}").format(
                        status=_md(costs_status_text(item["costs_status"])), costs=costs))
                else:
                    lines.append("  - " + _("costs: {costs}").format(costs=costs))
            elif item.get("costs_status") == "pending":
                lines.append("  - " + _("costs not applied yet (listed at the end)"))
    if data.get("statistics") and (data["statistics"]["rolls"] or data["statistics"]["panics"]):
        lines += ["", *dice_and_luck(data["statistics"])]
    if data.get("clocks") or data.get("doom"):
        lines += ["", "## " + _("At the end of the session"), ""]
        if data.get("doom"):
            lines.append("- " + _("doom pool: {doom}").format(doom=data["doom"]))
        for clock in data.get("clocks") or ():
            lines.append("- " + _("clock {name}: {filled}/{segments}").format(
                name=_md(clock["name"]), filled=clock["filled"], segments=clock["segments"]))
    if data.get("pending_costs"):
        lines += ["", "## " + _("Costs never applied"), ""]
        for item in data["pending_costs"]:
            lines.append(f"- #{item['id']} " + _("{name}: {costs}").format(
                name=_md(item["character"]), costs=_md(_cost_text(item["costs"]))))
    if empty and data.get("missing"):
        lines += ["", _("Nothing else is left in the history of this session.")]
    elif empty:
        lines += ["", _("Nothing was rolled or changed in this session.")]
    return "\n".join(lines) + "\n"
