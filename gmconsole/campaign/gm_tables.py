"""The GM's own tables: loaded from a TOML file into the campaign, removed, listed and rolled.

A table is kept in the campaign document (``campaign.tables``), so undo, the other writers and every
console see it::

    {"name": "Critical injuries", "die": "d66",
     "rows": [{"low": 11, "high": 16, "text": "Winded.", "costs": [{"name": "stress", "amount": 1}]}]}

A row's costs are held as a push's are (:mod:`gmconsole.campaign.pending_costs`), worked out for the
campaign's system when the file is loaded: ``damage`` is the harm the system's sheets take (an attribute's
damage in Year Zero, stamina lost in tiered), ``stress``, ``condition``, ``panic`` and ``doom`` as named. A
roll of the table records them as the roll's costs waiting, which ``gmconsole costs`` and the console's
``c`` apply. The dice are :mod:`gmconsole.rules.gm_tables`'s. The file format is in docs/tables.md.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from gmconsole import systems
from gmconsole.campaign import validation
from gmconsole.campaign.errors import ValidationError
from gmconsole.campaign.model import Campaign
from gmconsole.i18n import _, ngettext
from gmconsole.phrasing import quoted
from gmconsole.rules.errors import RulesError
from gmconsole.rules.gm_tables import DieExpression, Range, check_rows, parse_die, parse_range, row_for

__all__ = ["MAX_ROWS", "MAX_TABLES", "die_of", "find", "load", "parse_file", "remove", "roll_fields"]

MAX_TABLES = 50
MAX_ROWS = 300
MAX_NAME = 60
MAX_TEXT = 2000
MAX_AMOUNT = 99
_ROW_KEYS = ("range", "text", "damage", "stress", "condition", "panic", "doom")


def die_of(table: dict[str, Any]) -> DieExpression:
    return parse_die(table["die"])


def find(campaign: Campaign, name: str) -> dict[str, Any]:
    """The table named ``name`` (any case; the one name starting so), else refused naming the tables."""
    wanted = (name or "").strip().casefold()
    tables = campaign.tables
    exact = [t for t in tables if t["name"].casefold() == wanted]
    starting = [t for t in tables if t["name"].casefold().startswith(wanted)] if wanted else []
    found = exact or (starting if len(starting) == 1 else [])
    if not found:
        names = _(", ").join(t["name"] for t in tables) or _("none: load a file with gmconsole tables NAME --load")
        raise ValidationError(_("{campaign} has no table {table}; its tables: {names}").format(
            campaign=campaign.name, table=quoted(name), names=names))
    return found[0]


def _header_lines(text: str) -> tuple[list[int], list[list[int]]]:
    """The line of each ``[[tables]]`` header and, per table, of each ``[[tables.rows]]`` header."""
    tables: list[int] = []
    rows: list[list[int]] = []
    for n, line in enumerate(text.splitlines(), 1):
        if re.match(r"\s*\[\[\s*tables\s*\]\]", line):
            tables.append(n)
            rows.append([])
        elif re.match(r"\s*\[\[\s*tables\s*\.\s*rows\s*\]\]", line) and rows:
            rows[-1].append(n)
    return tables, rows


def _amount(row: dict[str, Any], key: str, where: str) -> int | None:
    value = row.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_AMOUNT:
        raise ValidationError(_("{where}: {key} is a whole number from 1 to {most}").format(
            where=where, key=key, most=MAX_AMOUNT))
    return value


def _costs(row: dict[str, Any], system: systems.GameSystem, where: str) -> list[dict[str, Any]]:
    """A row's costs as a push records them, for ``system``; a cost its sheets cannot pay is refused."""
    costs: list[dict[str, Any]] = []
    damage = _amount(row, "damage", where)
    if damage is not None:
        harm = system.harm
        if harm.attribute:
            costs.append({"name": "damage", "amount": damage, "target": harm.attribute})
        elif harm.counter:
            costs.append({"name": harm.counter, "amount": -damage if harm.lowers_counter else damage})
    stress = _amount(row, "stress", where)
    if stress is not None:
        if "stress" not in system.sheet_counters:
            raise ValidationError(_("{where}: {system} sheets have no stress").format(where=where, system=system.id))
        costs.append({"name": "stress", "amount": stress})
    condition = row.get("condition")
    if condition is not None:
        if not isinstance(condition, str) or not condition.strip() or len(condition) > MAX_NAME:
            raise ValidationError(_("{where}: condition is a condition's name (e.g. \"scared\")").format(where=where))
        _typed(condition, _("a condition"), where)
        costs.append({"name": "condition", "amount": 1, "target": condition.strip().casefold()})
    panic = row.get("panic")
    if panic is not None:
        if not isinstance(panic, bool):
            raise ValidationError(_("{where}: panic is true or false").format(where=where))
        if panic and not system.has_panic_table:
            raise ValidationError(_("{where}: {system} has no panic table").format(where=where, system=system.id))
        if panic:
            costs.append({"name": "panic", "amount": 1})
    doom = _amount(row, "doom", where)
    if doom is not None:
        costs.append({"name": "doom", "amount": doom})
    return costs


def _text(value: Any, what: str, where: str, most: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValidationError(_("{where} needs {what}").format(where=where, what=what))
    if len(value) > most:
        raise ValidationError(_("{where}: {what} is at most {most} characters").format(where=where, what=what,
                                                                                       most=most))
    _typed(value.replace("\n", " "), what, where)
    return value.strip()


def _typed(value: str, what: str, where: str) -> None:
    """A control or text-direction character refused, naming the row or table and its line."""
    try:
        validation.check_typed_text(value, what)
    except ValidationError as exc:
        raise ValidationError(_("{where}: {reason}").format(where=where, reason=exc)) from None


def _table(data: Any, system: systems.GameSystem, where: str, row_lines: list[int]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValidationError(_("{where} is not a table").format(where=where))
    unknown = sorted(set(data) - {"name", "die", "rows"})
    if unknown:
        raise ValidationError(_("{where}: unknown key {key} (use name, die, rows)").format(
            where=where, key=quoted(unknown[0])))
    name = _text(data.get("name"), _("a name"), where, MAX_NAME)
    try:
        die = parse_die(data.get("die"))
    except RulesError as exc:
        raise ValidationError(_("{where}: {reason}").format(where=where, reason=exc)) from None
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise ValidationError(_("{where} has no [[tables.rows]]").format(where=where))
    if len(rows) > MAX_ROWS:
        raise ValidationError(_("{where} has {n} rows; a table has at most {most}").format(
            where=where, n=len(rows), most=MAX_ROWS))
    out: list[dict[str, Any]] = []
    ranges: list[Range] = []

    def at_row(n: int) -> str:
        return (_("{where}, row {n} (line {line})").format(where=where, n=n + 1, line=row_lines[n])
                if n < len(row_lines) else _("{where}, row {n}").format(where=where, n=n + 1))

    for n, row in enumerate(rows):
        at = at_row(n)
        unknown = sorted(set(row) - set(_ROW_KEYS))
        if unknown:
            raise ValidationError(_("{where}: unknown key {key} (use {keys})").format(
                where=at, key=quoted(unknown[0]), keys=", ".join(_ROW_KEYS)))
        try:
            span = parse_range(row.get("range"))
        except RulesError as exc:
            raise ValidationError(_("{where}: {reason}").format(where=at, reason=exc)) from None
        ranges.append(span)
        out.append({"low": span.low, "high": span.high, "text": _text(row.get("text"), _("a text"), at, MAX_TEXT),
                    "costs": _costs(row, system, at)})
    wrong = check_rows(die, ranges)
    if wrong:
        row_number, reason = wrong[0]
        raise ValidationError(_("{where}: {reason}").format(
            where=where if row_number is None else at_row(row_number - 1), reason=reason))
    return {"name": name, "die": die.text, "rows": out}


def parse_file(text: str, system_id: str, source: str) -> list[dict[str, Any]]:
    """The tables of TOML text (docs/tables.md) for a campaign of ``system_id``; a file that is not TOML, a
    table or row that is wrong, or two tables of one name is refused in one sentence naming its line."""
    from gmconsole.campaign.toml_text import toml_document

    data = toml_document(text, source)
    tables = data.get("tables")
    if not isinstance(tables, list) or not tables:
        raise ValidationError(_("{source} has no [[tables]]").format(source=source))
    if len(tables) > MAX_TABLES:
        raise ValidationError(_("{source} has {n} tables; a campaign has at most {most}").format(
            source=source, n=len(tables), most=MAX_TABLES))
    table_lines, row_lines = _header_lines(text)
    system = systems.get(system_id)
    out: list[dict[str, Any]] = []
    for n, table in enumerate(tables):
        where = (_("{source}, table {n} (line {line})").format(source=source, n=n + 1, line=table_lines[n])
                 if n < len(table_lines) else _("{source}, table {n}").format(source=source, n=n + 1))
        made = _table(table, system, where, row_lines[n] if n < len(row_lines) else [])
        if any(t["name"].casefold() == made["name"].casefold() for t in out):
            raise ValidationError(_("{where}: a table {name} is already in the file").format(
                where=where, name=quoted(made["name"])))
        out.append(made)
    return out


def load(campaign: Campaign, tables: list[dict[str, Any]], source: str) -> dict[str, Any]:
    """Put ``tables`` in the campaign (one of the same name, any case, is replaced); the entry's fields."""
    names = {t["name"].casefold() for t in tables}
    kept = [t for t in campaign.tables if t["name"].casefold() not in names]
    if len(kept) + len(tables) > MAX_TABLES:
        raise ValidationError(_("a campaign has at most {most} tables").format(most=MAX_TABLES))
    replaced = len(campaign.tables) - len(kept)
    campaign.tables = kept + copy.deepcopy(tables)
    summary = ngettext("tables loaded from {source}: {n} table ({names})",
                       "tables loaded from {source}: {n} tables ({names})", len(tables)).format(
        source=source, n=len(tables), names=_(", ").join(t["name"] for t in tables))
    if replaced:
        summary = _("{summary}; {n} replaced").format(summary=summary, n=replaced)
    return {"summary": summary, "tables": [t["name"] for t in tables]}


def remove(campaign: Campaign, name: str) -> dict[str, Any]:
    """Take the table ``name`` out of the campaign; the entry's fields."""
    table = find(campaign, name)
    campaign.tables = [t for t in campaign.tables if t is not table]
    return {"summary": _("table removed: {name}").format(name=table["name"]), "tables": [table["name"]]}


def roll_fields(table: dict[str, Any], faces: list[int], character: str | None, by_hand: bool) -> dict[str, Any]:
    """A roll's entry fields: the faces read on the table, its row and what it costs (waiting, when any)."""
    die = die_of(table)
    total = die.total(faces)
    ranges = [Range(r["low"], r["high"]) for r in table["rows"]]
    n = row_for(ranges, total)
    row = table["rows"][n]
    costs = copy.deepcopy(row.get("costs", []))
    who = _("{name} rolls {table}").format(name=character, table=table["name"]) if character else table["name"]
    summary = _("{who}: {die} {total} — {text}").format(who=who, die=die.text, total=total, text=row["text"])
    if by_hand:
        summary = _("{summary} (typed faces)").format(summary=summary)
    return {"summary": summary, "table": table["name"], "die": die.text, "faces": list(faces), "total": total,
            "row": n + 1, "text": row["text"], "costs": costs, "by_hand": by_hand,
            **({"costs_status": "pending"} if costs and character else {})}
