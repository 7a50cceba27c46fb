"""Reading the history: filter entries and make the rows a table, Markdown or CSV shows of them (rendered by
:mod:`gmconsole.campaign.history_export`).

Entries come from the store oldest first; queries return them newest first. The rendering keeps
the columns a GM reviews after a session: when, session, who, what, result.

Every export is text read from a campaign file going to a terminal or a file another program opens:
table, Markdown and CSV cells are escaped with :func:`gmconsole.safe_text.shown`, JSON with
:func:`gmconsole.safe_text.to_json` (same strings for a JSON reader, no raw control characters).
"""

from __future__ import annotations

from collections.abc import Callable

from gmconsole.campaign.entries import MISSING, Entry, PushEntry, RollEntry, SpecialRollEntry, as_record, given
from gmconsole.campaign.shown_names import outcome_shown, tier_shown
from gmconsole.i18n import N_, NP_, _, language, ngettext, pgettext

COLUMNS = ("at", "session", "character", "kind", "skill", "result", "summary")
"""The columns of the plain table (``gmconsole history``)."""

EXPORT_COLUMNS = ("at", "session", "character", "kind", "skill", "result", "dice", "summary")
"""The columns of the Markdown and CSV exports: the table's and each roll's dice faces, by kind."""

# Translators: the history table's column headers (at: when the entry was written; kind: the entry's kind).
HEADERS = {"at": NP_("history column", "at"), "session": NP_("history column", "session"),
           "character": NP_("history column", "character"), "kind": NP_("history column", "kind"),
           "skill": NP_("history column", "skill"), "result": NP_("history column", "result"),
           "dice": NP_("history column", "dice"), "summary": NP_("history column", "summary")}
"""Each column's header as the table and the Markdown write it, in the console's language. The CSV's header row
is :data:`EXPORT_COLUMNS` itself, in every language: a script reads the columns by those ids (as JSON keeps its
keys), so a CSV written in zh-Hant reads like one written in English; its cells are text for a person."""
# Translators: a kind of die in a roll's dice (base 6 1 3 · skill 4): its label before the faces.
DIE_KINDS = {"base": NP_("die kind", "base"), "skill": NP_("die kind", "skill"), "gear": NP_("die kind", "gear"),
             "stress": NP_("die kind", "stress"), "artifact": NP_("die kind", "artifact"),
             "step": NP_("die kind", "step"), "trait": NP_("die kind", "trait"), "dice": NP_("die kind", "dice")}


def header(column: str) -> str:
    """A column's header as the table and the Markdown write it, in the console's language."""
    return pgettext("history column", HEADERS[column])


def _matches_character(entry: dict, character: str) -> bool:
    wanted = character.casefold()
    return entry.get("character_id") == character or (entry.get("character") or "").casefold() == wanted


def query(
    entries: list[dict],
    *,
    character: str | None = None,
    skill: str | None = None,
    kind: str | None = None,
    include_undone: bool = False,
) -> list[dict]:
    """Filtered entries, newest first (by session, then id). Undone/failed left out unless asked."""
    out = []
    for entry in entries:
        if not include_undone and entry.get("status", "done") != "done":
            continue
        if character is not None and not _matches_character(entry, character):
            continue
        if skill is not None and entry.get("skill") != skill:
            continue
        if kind is not None and entry.get("kind") != kind:
            continue
        out.append(entry)
    out.sort(key=lambda e: (e.get("session", 0), e.get("id", 0)), reverse=True)
    return out


def typed_steps(entry: Entry | dict) -> list[str]:
    """The steps of a roll whose faces were typed by hand (``first roll``, ``push 1``, ...), from
    ``by_hand_steps``; without it, the first roll when ``by_hand`` is set."""
    entry = as_record(entry)
    roll = entry if isinstance(entry, RollEntry) else RollEntry()  # only a roll is typed step by step
    steps = roll.by_hand_steps
    if not isinstance(steps, list):
        steps = [bool(roll.by_hand)]
    return [_("first roll") if i == 0 else _("push {number}").format(number=i)
            for i, typed in enumerate(steps) if typed]


# Translators: an entry's kind in the history's kind column (roll, push, costs, a stress change...).
KIND_NAMES = {
    "roll": NP_("history kind", "roll"), "push": NP_("history kind", "push"), "costs": NP_("history kind", "costs"),
    "drop_costs": NP_("history kind", "drop costs"), "panic": NP_("history kind", "panic"),
    "roster": NP_("history kind", "roster"), "sheet": NP_("history kind", "sheet"), "gear": NP_("history kind", "gear"),
    "trauma": NP_("history kind", "trauma"), "rest": NP_("history kind", "rest"), "heal": NP_("history kind", "heal"),
    "damage": NP_("history kind", "damage"), "doom": NP_("history kind", "doom"), "clock": NP_("history kind", "clock"),
    "initiative": NP_("history kind", "initiative"), "scene": NP_("history kind", "scene"),
    "session": NP_("history kind", "session"), "settings": NP_("history kind", "settings"),
    "players": NP_("history kind", "players"),
    "skills": NP_("history kind", "skills"), "opposed": NP_("history kind", "opposed"),
    "save": NP_("history kind", "save"), "attack": NP_("history kind", "attack"),
    "assisted": NP_("history kind", "assisted"), "group": NP_("history kind", "group"),
    "contested": NP_("history kind", "contested"), "consequence": NP_("history kind", "consequence"),
    "circumstances": NP_("history kind", "circumstances"), "inspire": NP_("history kind", "inspire"),
    "repair": NP_("history kind", "repair"), "stress": NP_("history kind", "stress"),
    "condition": NP_("history kind", "condition"), "harm": NP_("history kind", "harm"),
    "build": NP_("history kind", "build"), "finds": NP_("history kind", "finds"),
    "save_life": NP_("history kind", "save a life"),
    "table_roll": NP_("history kind", "table roll"), "tables": NP_("history kind", "tables"),
}
"""An entry's kind as the GM reads it (the entry, its JSON and the ``--kind`` filter keep the English id)."""
STATUS_NAMES = {"done": N_("done"), "undone": N_("undone"), "failed": N_("failed")}


def kind_name(kind: str) -> str:
    """``kind`` in the console's language (in English, and when it has no name: the kind's id, as the
    ``--kind`` filter takes it)."""
    return pgettext("history kind", KIND_NAMES[kind]) if kind in KIND_NAMES and language() != "en" else kind


def status_name(status: str) -> str:
    """An entry's status (``done``, ``undone``) in the console's language."""
    return _(STATUS_NAMES[status]) if status in STATUS_NAMES else status


def result_text(entry: Entry | dict) -> str:
    """The outcome in a few words: ``3 successes``, ``Great``, ``top 9 (+3)``, or empty.

    A pushed roll whose steps were rolled in different ways names the typed ones:
    ``2 successes (pushed; typed: first roll)``. Only rolls, pushes and special rolls have a result."""
    entry = as_record(entry)
    if isinstance(entry, PushEntry):
        tier = entry.detail.value("tier")  # tiered: Push Yourself after the roll, read as the tier it reached
        if tier is not MISSING:
            return tier_shown(tier)
        return "" if entry.successes is MISSING else _successes(entry.successes)
    if isinstance(entry, RollEntry):
        special = SpecialRollEntry()  # a roll names no damage, winner, total or score
    elif isinstance(entry, SpecialRollEntry):
        special = entry
    else:
        return ""
    if entry.successes is not MISSING:
        n = entry.successes
        said = _successes(n)
        if isinstance(entry, RollEntry) and entry.pushes:
            steps = entry.by_hand_steps
            mixed = isinstance(steps, list) and any(steps) and not all(steps)
            said = (_("{result} (pushed; typed: {steps})").format(result=said, steps=_(", ").join(typed_steps(entry)))
                    if mixed else _("{result} (pushed)").format(result=said))
        return said
    # a roll's or special roll's tier or top die, an attack's damage, a save's total and score: its family's own
    # fields (its detail; a roll has none of the last three)
    own = entry.detail.value
    tier, top, margin, damage = own("tier"), own("top"), own("margin"), own("damage")
    if tier is not MISSING:
        if damage is not MISSING:
            return _("{tier}, {count} damage").format(tier=tier_shown(tier), count=damage)
        return tier_shown(tier)
    if special.winner_name is not MISSING and top is MISSING:
        return _("{name} wins").format(name=special.winner_name)
    if isinstance(entry.outcome, str):
        return _("{outcome} ({total} vs {score})").format(outcome=outcome_shown(entry.outcome),
                                                          total=own("total", None), score=own("score", None))
    if top is not MISSING:
        if isinstance(margin, int):
            return _("top {top} ({margin})").format(top=top, margin=f"{margin:+d}")
        return _("top {top}").format(top=top)
    return ""


def _successes(n: int) -> str:
    return ngettext("{count} success", "{count} successes", n).format(count=n)


def dice_groups(dice) -> list[list[str]]:
    """Dice as ``[kind, faces]`` pairs, the kind as stored: ``[["base", "6 1 3"], ["artifact", "d8:7"]]``
    (``8+3`` an exploding die, ``dN:`` a die not a D6, ``*`` a die rerolled by a push, ``+4`` a die a tiered
    Push Yourself added)."""
    groups: dict[str, list[str]] = {}
    for die in dice or ():
        if not isinstance(die, dict):
            continue
        faces = die.get("faces")
        face = "+".join(str(f) for f in faces) if isinstance(faces, list) else str(die.get("face", "?"))
        sides = die.get("sides")
        size = f"d{sides}:" if isinstance(sides, int) and sides != 6 else ""
        added = "+" if die.get("added") else ""  # the die a tiered Push Yourself added: ``+4``
        groups.setdefault(str(die.get("kind", "die")), []).append(
            f"{added}{size}{face}{'*' if die.get('rerolled') else ''}")
    return [[kind, " ".join(faces)] for kind, faces in groups.items()]


def shown_dice(entry: Entry | dict):
    """The dice :func:`dice_text` shows: a roll's first throw, a special roll's dice, a push's dice after
    that push; ``None`` for an entry without dice."""
    entry = as_record(entry)
    if isinstance(entry, RollEntry):
        return entry.first_dice or entry.dice
    if isinstance(entry, SpecialRollEntry):
        return entry.dice
    if isinstance(entry, PushEntry):
        return entry.push_dice
    return None


def _kept_groups(entry: Entry) -> list | None:
    """The dice groups a summary row keeps (:mod:`~gmconsole.campaign.history_summary`), when well formed."""
    groups = entry.extra.get("dice_groups") if isinstance(entry.extra, dict) else None
    if isinstance(groups, list) and all(isinstance(g, list) and len(g) == 2 and all(isinstance(t, str) for t in g)
                                        for g in groups):
        return groups
    return None


def shown_groups(entry: Entry | dict) -> list[list[str]]:
    """The groups of dice :func:`dice_text` writes (:func:`dice_groups` of :func:`shown_dice`), or those a
    summary row keeps already."""
    entry = as_record(entry)
    groups = _kept_groups(entry)
    return dice_groups(shown_dice(entry)) if groups is None else groups


def dice_text(entry: Entry | dict) -> str:
    """A roll's dice faces grouped by kind: ``base 6 1 3 · skill 4 · artifact d8:7`` (``8+3`` an exploding
    die, ``dN:`` a die not a D6); plain dice of one kind (tiered's) by their faces alone: ``6 5 3``. A roll's
    are its first throw; a push entry's are the dice after that push, ``*`` marking the rerolled ones. Empty
    for an entry without dice. A summary row (what the recap reads) has its groups made already."""
    groups = shown_groups(entry)
    # plain dice (tiered's d6, kind "dice") are one kind: their faces alone, not "dice 4 3 1" under "dice:"
    return " · ".join(faces if kind == "dice"
                      else f"{pgettext('die kind', DIE_KINDS[kind]) if kind in DIE_KINDS else kind} {faces}"
                      for kind, faces in groups)


def row(entry: Entry | dict, skill_name: Callable[[str], str | None] | None = None) -> dict:
    """One flat row for table / Markdown / CSV; ``skill_name`` gives the name the GM reads for a skill
    id (the campaign's :func:`gmconsole.campaign.skills.name_of`; without it, the id)."""
    entry = as_record(entry)
    skill = entry.skill or ""
    return {
        "at": given(entry.at, ""),
        "session": given(entry.session, ""),
        "character": given(entry.character, ""),
        "kind": kind_name(given(entry.kind, "")),
        "skill": ((skill_name(skill) if skill_name and skill else None) or skill),
        "result": result_text(entry),
        "dice": dice_text(entry),
        "summary": given(entry.summary, ""),
    }


def public(entry: dict) -> dict:
    """An entry as the JSON export shows it (without the undo record)."""
    return {k: v for k, v in entry.items() if k != "undo"}
