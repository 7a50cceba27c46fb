"""The campaign journal: a folder of Markdown notes for Obsidian or any Markdown notes app.

``gmconsole journal NAME --out DIR [--session N]`` (and the console, when the settings file's
``journal_dir`` names a folder and ``S`` ends a session) writes:

- one note per session, ``Session 03 - Title.md``: YAML front matter (``campaign``, ``session``, ``title``,
  ``date``, ``scenes``, ``characters``; the date bare when it is ``YYYY-MM-DD``, a date to notes apps), links
  to the characters' notes (``[[Ripley Hale]]``) and to the sessions before and after, then the session's
  recap with its dice and luck (:func:`recaps.recap_markdown`, the same words as ``gmconsole session NAME
  recap``);
- one note per character who did something in a session, ``Ripley Hale.md``: their rolls, pushes and luck
  session by session (the statistics' figures, :func:`~gmconsole.campaign.statistics.figures_of`), the panic
  table rows they met, and under a link back to each session (``[[Session 03 - Title]]``) their lines of
  that session's recap (rolls, pushes and their costs, panics).

**Only its own files.** A manifest, ``.gmconsole-journal.json`` in DIR, keeps the name and the SHA-256 of every
note the journal wrote, per campaign (two campaigns may share DIR; one never writes over the other's notes). A
note is written again only when the manifest names it and the file still holds what the journal wrote; any
other file at that name (the GM's own note, or a note the GM edited since) is left alone and named in the
result (:attr:`Written.skipped`), as is a symbolic link or anything but a plain file at the name (never
followed). Every other file in DIR is never read. Each note is written whole (a temporary file beside it,
synced, renamed over the name: :func:`gmconsole.store.atomic.atomic_write`). DIR may be anywhere, and a link
itself.

**One session, not every session.** ``--session N`` reads the history of session N alone (its recap records,
as the recap does) and, for the character notes' figures, the statistics summary kept beside every history
chunk (a few KiB each, as ``gmconsole stats`` reads them). The character notes' lines of the other sessions
come from the manifest, which keeps each character's lines of each session written; a session never written
yet is listed in the figures, and its lines come when it is written.

**Untrusted text.** Names and titles come from the campaign's files: the YAML strings are double-quoted with
every quote, backslash and control character escaped (:func:`yaml_text`); Markdown goes through the recap's
escaping; a file name is made safe for every common system (:func:`note_name`: no path separator, no
character Windows or a wiki link refuses, no reserved device name, no leading dot, at most
:data:`NAME_BYTES` bytes). The manifest is read as untrusted too (bounded, checked, ignored when damaged: the
journal then writes only names where no file is).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from gmconsole.campaign.stats_markdown import luck_text, md_cell, rate_text
from gmconsole.i18n import _, verbatim
from gmconsole.safe_text import UNSAFE, shown

if TYPE_CHECKING:
    from gmconsole.campaign.ledger import Ledger

__all__ = ["MANIFEST", "NAME_BYTES", "Written", "note_name", "session_note_name", "write_journal", "yaml_text"]

MANIFEST = ".gmconsole-journal.json"
"""The journal's record of the notes it wrote, in DIR."""
MANIFEST_LIMIT = 64 * 1024 * 1024
"""The largest manifest read: a 50,000-entry campaign's lines are a few MiB."""
NOTE_LIMIT = 64 * 1024 * 1024
"""The largest note read back to compare with what the journal wrote."""
NAME_BYTES = 150
"""Longest note name before ``.md``, in UTF-8 bytes: well within the 255 bytes of every common file system."""
_FORBIDDEN = re.compile(r'[<>:"/\\|?*#^\[\]]')
"""What a file name may not hold on Windows (``<>:"/\\|?*``) or in an Obsidian link (``#^[]|``)."""
_RESERVED = re.compile(r"(CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])", re.IGNORECASE)
"""Windows' device names, reserved whatever the extension."""
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_LINE_SECTIONS = ("rolls", "pushes", "panics")
"""The recap sections whose lines a character's note lists."""


@dataclass
class Written:
    """What one writing of the journal did: the notes written, those already up to date, and those left
    alone (``(name, why)``: a file the journal did not write, a link)."""

    folder: Path
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    """Notes the journal wrote before that the campaign no longer makes (a session renamed), untouched since."""

    def to_json(self) -> dict:
        return {"folder": str(self.folder), "written": self.written, "unchanged": self.unchanged,
                "removed": self.removed, "skipped": [{"file": name, "why": why} for name, why in self.skipped]}


def note_name(text: object, fallback: str) -> str:
    """``text`` fit to be a note's name (without ``.md``) on every common system and in a wiki link:
    control and invisible characters and ``<>:"?*#^[]`` become spaces, ``/\\|`` a dash, leading dots and spaces
    and trailing dots and spaces go, a Windows device name gets a ``_`` after it, and it is cut to
    :data:`NAME_BYTES` bytes of UTF-8 (never inside a character); ``fallback`` when nothing is left."""
    name = _FORBIDDEN.sub(lambda m: "-" if m.group() in "/\\|" else " ", UNSAFE.sub(" ", str(text)))
    name = " ".join(name.split())
    name = name.encode("utf-8")[:NAME_BYTES].decode("utf-8", "ignore")
    name = name.strip(". ")
    if _RESERVED.fullmatch(name.split(".")[0].strip()):
        name += "_"
    return name or fallback


def session_note_name(number: int, title: str | None) -> str:
    """``Session 03 - Title`` (``Session 03`` without a title): the sessions sort by name."""
    head = verbatim("Session {number:02d}").format(number=number)  # a file name: the same in every language
    return f"{head} - {note_name(title, '')}".rstrip(" -") if title and note_name(title, "") else head


def yaml_text(text: object) -> str:
    """A string for YAML front matter, double-quoted: quotes and backslashes escaped, and every control,
    invisible or line-breaking character written as a ``\\uXXXX`` escape, so no name can end the front
    matter, start a key or hide a character."""
    out = json.dumps(str(text), ensure_ascii=False)  # JSON's string escapes are YAML's double-quoted ones
    return UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}" if ord(m.group()) <= 0xFFFF
                      else f"\\U{ord(m.group()):08x}", out)


def _link(name: str) -> str:
    return f"[[{name}]]"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class _Manifest:
    """The manifest read from DIR, one record per campaign written there (by the name of its folder): the notes
    written (name → SHA-256) and each character's lines per session. Anything of the wrong shape in it is
    dropped (a damaged manifest reads as empty); ``others`` are the notes other campaigns' journals wrote."""

    def __init__(self, folder: Path, key: str) -> None:
        self.path = folder / MANIFEST
        self.key = key
        self.files: dict[str, str] = {}
        self.lines: dict[str, dict[str, list[str]]] = {}
        self.kept: dict[str, dict] = {}
        """Other campaigns' records, written back as read."""
        self.others: set[str] = set()
        self.damaged = False
        from gmconsole.store.errors import StoreError
        from gmconsole.store.safe_open import read_nofollow

        try:
            data = json.loads(read_nofollow(self.path, MANIFEST_LIMIT).decode("utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError, RecursionError, StoreError):  # a link, too large, not JSON: read as empty
            self.damaged = True
            return
        campaigns = data.get("campaigns") if isinstance(data, dict) else None
        if not isinstance(campaigns, dict):
            self.damaged = True
            return
        for name, record in campaigns.items():
            files = record.get("files") if isinstance(record, dict) else None
            if not isinstance(name, str) or not isinstance(files, dict):
                continue
            files = {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str)}
            if name != key:
                self.kept[name] = record
                self.others.update(files)
                continue
            self.files = files
            lines = record.get("lines")
            for who, sessions in (lines.items() if isinstance(lines, dict) else ()):
                if isinstance(who, str) and isinstance(sessions, dict):
                    self.lines[who] = {s: v for s, v in sessions.items() if isinstance(s, str)
                                       and isinstance(v, list) and all(isinstance(x, str) for x in v)}

    def save(self) -> None:
        from gmconsole.store.atomic import atomic_write

        campaigns = {**self.kept, self.key: {"files": dict(sorted(self.files.items())), "lines": self.lines}}
        data = {"format": 1, "written_by": verbatim("gmconsole journal"), "campaigns": campaigns}
        atomic_write(self.path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))


def _front_matter(pairs: list[tuple[str, object]]) -> list[str]:
    lines = ["---"]
    for key, value in pairs:
        if isinstance(value, list):
            lines.append(f"{key}: [" + ", ".join(yaml_text(v) if isinstance(v, str) else str(v) for v in value) + "]")
        elif value is None:
            lines.append(f"{key}: null")
        elif isinstance(value, int) or (key == "date" and isinstance(value, str) and _ISO_DATE.fullmatch(value)):
            lines.append(f"{key}: {value}")  # a YYYY-MM-DD date bare: notes apps read it as a date
        else:
            lines.append(f"{key}: {yaml_text(value)}")
    return [*lines, "---", ""]


class _Names:
    """One note name per session and per character, never two alike (a character named like another, or
    like a session, gets its id after it)."""

    def __init__(self, ledger: Ledger) -> None:
        self.sessions = {s.number: session_note_name(s.number, s.title) for s in ledger.campaign.sessions}
        self.taken = {name.casefold() for name in self.sessions.values()} | {MANIFEST.casefold()}
        self.characters: dict[str, str] = {}
        self.roster = {c.name: c for c in ledger.campaign.roster}

    def character(self, name: str) -> str:
        if name not in self.characters:
            found = self.roster.get(name)
            wanted = note_name(name, "character")
            if wanted.casefold() in self.taken:
                wanted = note_name(f"{wanted} ({found.id if found else len(self.characters) + 1})", "character")
            self.taken.add(wanted.casefold())
            self.characters[name] = wanted
        return self.characters[name]


def _session_note(data: dict, names: _Names, characters: list[str]) -> str:
    from gmconsole.campaign.recaps import recap_markdown

    number = data["session"]
    lines = _front_matter([("campaign", data["campaign"]), ("session", number), ("title", data["title"] or ""),
                           ("date", data["date"] or ""), ("scenes", data["scenes"]), ("characters", characters)])
    around = []
    if number - 1 in names.sessions:
        around.append(_("previous: {link}").format(link=_link(names.sessions[number - 1])))
    if number + 1 in names.sessions:
        around.append(_("next: {link}").format(link=_link(names.sessions[number + 1])))
    recap = recap_markdown(data).split("\n")
    lines += recap[:3]  # its heading and its line of facts, then the links
    if characters:
        lines += ["", _("Characters: {links}").format(
            links=" · ".join(_link(names.character(name)) for name in characters))]
    if around:
        lines += ["", " · ".join(around)]
    return "\n".join(lines + recap[3:])


def _characters_of(data: dict) -> list[str]:
    """Who did something in a session's recap (data from :func:`recaps.recap`), in the order met; the GM's
    own rolls (no character) are nobody's."""
    seen: dict[str, None] = {}
    for key in _LINE_SECTIONS:
        for item in data["sections"].get(key) or ():
            name = item.get("character")
            if isinstance(name, str) and name and item.get("kind") != "costs":
                seen.setdefault(name, None)
    return list(seen)


def _lines_of(data: dict, name: str) -> list[str]:
    from gmconsole.campaign.recaps import item_lines

    out: list[str] = []
    for key in _LINE_SECTIONS:
        for item in data["sections"].get(key) or ():
            if item.get("character") == name:
                out += item_lines(item)
    return out


def _figures_row(label: str, figures: dict) -> str:
    pushes = figures.get("pushes") or {}
    cells = [label, str(figures["rolls"]), str(figures["observed_successes"]), f"{figures['expected_successes']:.2f}",
             rate_text(figures["success_rate"]), luck_text(figures["luck"]), str(pushes.get("count", 0)),
             str(pushes.get("turned_failure_into_success", 0))]
    return "| " + " | ".join(cells) + " |"


def _character_note(campaign: str, name: str, figures: dict, names: _Names, lines: dict[str, list[str]]) -> str:
    from gmconsole.campaign.statistics_phrases import panic_row_name

    sessions = sorted({int(s) for s in figures["by_session"]} | {int(s) for s in lines})
    out = _front_matter([("campaign", campaign), ("character", name), ("sessions", sessions)])
    out += [f"# {md_cell(name)}", "", "## " + _("Dice and luck across sessions"), ""]
    if figures["rolls"]:
        head = [_("session"), _("rolls"), _("successes"), _("expected"), _("rate"), _("luck"), _("pushes"),
                _("turned a failure into a success")]
        out += ["| " + " | ".join(head) + " |", "| --- |" + " ---: |" * (len(head) - 1)]
        for number in sessions:
            row = figures["by_session"].get(str(number))
            if row is not None and names.sessions.get(number):
                out.append(_figures_row(_link(names.sessions[number]), row))
        out += [_figures_row("**" + _("all") + "**", figures), "",
                _("luck: successes observed minus those the odds expected, in standard deviations (+ lucky, "
                  "- unlucky).")]
    else:
        out.append(_("No rolls recorded."))
    if figures["panics"]:
        out += ["", "## " + _("Panics"), "", "| " + _("panic (table row)") + " | " + _("times") + " |",
                "| --- | ---: |"]
        out += [f"| {md_cell(panic_row_name(row))} | {n} |" for row, n in figures["panics"].items()]
    for number in sessions:
        said = lines.get(str(number))
        if said and number in names.sessions:
            out += ["", "## " + _link(names.sessions[number]), "", *said]
    return "\n".join(out) + "\n"


def _put(folder: Path, name: str, text: str, manifest: _Manifest, result: Written) -> None:
    """Write the note ``name`` unless a file the journal did not write (or a link) is there."""
    from gmconsole.store.atomic import atomic_write
    from gmconsole.store.errors import StoreError
    from gmconsole.store.safe_open import read_nofollow

    file = name + ".md"
    path = folder / file
    data = text.encode("utf-8")
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        found = None
    if found is not None:
        if stat.S_ISLNK(found.st_mode):
            result.skipped.append((file, _("a symbolic link: never followed")))
            return
        if not stat.S_ISREG(found.st_mode):
            result.skipped.append((file, _("not a plain file")))
            return
        if file in manifest.others:
            result.skipped.append((file, _("written by another campaign's journal: left as it is")))
            return
        if file not in manifest.files:
            result.skipped.append((file, _("a file the journal did not write: left as it is")))
            return
        try:
            there = read_nofollow(path, NOTE_LIMIT)
        except (OSError, StoreError):
            result.skipped.append((file, _("could not be read: left as it is")))
            return
        if _sha(there) != manifest.files[file]:
            result.skipped.append((file, _("changed since the journal wrote it: left as it is")))
            return
        if there == data:
            result.unchanged.append(file)
            return
    atomic_write(path, data)
    manifest.files[file] = _sha(data)
    result.written.append(file)


def _remove_stale(folder: Path, manifest: _Manifest, result: Written) -> None:
    """Remove the notes the whole journal no longer makes (a session renamed, a character gone) when they
    still hold what the journal wrote; one the GM changed stays, and leaves the manifest."""
    from gmconsole.store.errors import StoreError
    from gmconsole.store.safe_open import read_nofollow

    made = {*result.written, *result.unchanged, *(name for name, _why in result.skipped)}
    for file in [f for f in manifest.files if f not in made]:
        path = folder / file
        if os.path.basename(file) != file or not file.endswith(".md"):
            del manifest.files[file]  # never a path: only a note's name, in DIR
            continue
        try:
            if _sha(read_nofollow(path, NOTE_LIMIT)) == manifest.files[file]:
                os.unlink(path)
                result.removed.append(file)
        except (OSError, StoreError):
            pass  # gone, a link, unreadable: nothing of the journal's to remove
        del manifest.files[file]


def write_journal(ledger: Ledger, folder: str | Path, session: int | None = None, *, key: str | None = None) -> Written:
    """Write the journal of the campaign ``ledger`` holds into ``folder`` (made when missing): every session,
    or ``session`` alone, and the notes of the characters in them (see the module docstring). ``key`` names the
    campaign in the manifest (the name of its folder; default its name). A session the campaign does not have
    is a ValidationError; a folder that cannot be written the store's WriteFailed."""
    from gmconsole import systems
    from gmconsole.campaign import recaps
    from gmconsole.campaign.errors import ValidationError
    from gmconsole.campaign.history_summary import summaries
    from gmconsole.campaign.statistics import figures_of
    from gmconsole.store.atomic import ensure_folder

    campaign = ledger.campaign
    numbers = [s.number for s in campaign.sessions] if session is None else [session]
    datas = [recaps.recap(ledger, number) for number in numbers]  # a session not there: refused before writing
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise ValidationError(_("{folder} is not a folder: the journal is a folder of notes").format(
            folder=shown(folder)))
    ensure_folder(folder)
    result = Written(folder=folder)
    manifest = _Manifest(folder, campaign.name if key is None else key)
    if session is None:
        manifest.lines = {}  # every session's lines are made again
    if manifest.damaged:
        result.skipped.append((MANIFEST, _("damaged: read as empty, so only new names are written")))
    names = _Names(ledger)
    people: dict[str, None] = {}
    for data in datas:
        characters = _characters_of(data)
        people.update(dict.fromkeys(characters))
        _put(folder, names.sessions[data["session"]], _session_note(data, names, characters), manifest, result)
        for name in characters:
            manifest.lines.setdefault(name, {})[str(data["session"])] = _lines_of(data, name)
        if session is None:
            continue
        for name, sessions in manifest.lines.items():  # gone from this session since it was last written
            if name not in characters and sessions.pop(str(data["session"]), None) is not None:
                people.setdefault(name, None)  # their note loses that session's lines
    if people:
        system = systems.get(campaign.system)
        partials = [chunk.partial for chunk in summaries(ledger) if chunk.partial is not None]
        for name in people:
            figures = figures_of(partials, system, character=name)
            text = _character_note(campaign.name, name, figures, names, manifest.lines.get(name, {}))
            _put(folder, names.character(name), text, manifest, result)
    if session is None:
        _remove_stale(folder, manifest, result)
    with contextlib.suppress(FileNotFoundError):
        found = os.lstat(folder / MANIFEST)
        if not stat.S_ISREG(found.st_mode):
            result.skipped.append((MANIFEST, _("not a plain file: the journal cannot keep its record")))
            return result
    manifest.save()
    return result
