"""The last public rolls, newest first, each with its dice drawn big (:mod:`.big_dice`), and under them a
legend of the dice colours and marks.

What counts as public: a roll, special roll or panic roll of the current session that is neither
undone nor marked hidden by the GM (``"hidden": true``). A push changes its roll's entry in place,
so the roll shows its pushed dice; the push entry itself is not shown apart. A hidden roll never
shows, nor does its push. A panic rolled when a roll's costs were applied (the builder's ``c``/``A``,
the history's ``c``) is in that ``costs`` entry (``panic``, an opposed roll's ``defender_panic``): it is
shown as the tracker's panic roll is, by its own words (the rest of the costs are the GM's business). The
panic is shown whoever rolled it, a hidden roll's too: the party's state names it anyway.

On one line (the older rolls at 80×24) each group of dice (R-POOL-1: by kind and item) starts with its
kind's letter (:data:`KIND_LETTERS`), so the kinds read apart without colour: ``b 6★ 3 1✖ · s 4 · st 1``.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.containers import Lines
from rich.text import Text
from textual.widgets import Static

from gmconsole.campaign.entries import MISSING, as_record
from gmconsole.i18n import N_, _, pgettext
from gmconsole.safe_text import shown
from gmconsole.ui.filled import filled
from gmconsole.ui.table.big_dice import (
    ADDED_MARK,
    BANE_MARK,
    REROLLED_MARK,
    SUCCESS_MARK,
    Look,
    big_dice,
    die_face,
    die_mark,
    look,
)
from gmconsole.ui.widgets.dice_pool import KIND_NAMES
from gmconsole.ui.widgets.styles import BOLD_CYAN, BOLD_MAGENTA

__all__ = ["LastRolls", "public_rolls"]

SHOWN_KINDS = ("roll", "panic", "opposed", "assisted", "group", "contested", "save", "attack", "costs")
"""History kinds the table shows as rolls (a push is shown through its roll; costs only with a panic)."""

KIND_LETTERS = {"base": N_("base:b"), "skill": N_("skill:s"), "gear": N_("gear:g"), "stress": N_("stress:st"),
                "artifact": N_("artifact:a"), "step": N_("step:sd"), "trait": N_("trait:t")}
"""Each die kind's letter on the one-line rolls, after the colon (the kind before it tells translators which
letter it is; a translation may be the letter alone). Plain dice (tiered's) have none: they are one kind."""

LEGEND_ORDER = ("base", "skill", "gear", "stress", "artifact", "step", "trait")


def kind_letter(kind: str) -> str:
    """The letter of ``kind`` on the one-line rolls (``b``, ``s``, ``st``…), ``""`` for plain dice."""
    return _(KIND_LETTERS[kind]).rpartition(":")[2] if kind in KIND_LETTERS else ""


def _panics(stored: dict) -> bool:
    return bool(stored.get("panic") or stored.get("defender_panic"))


def public_rolls(service, count: int) -> list:
    """The newest ``count`` rolls the players may see (typed records), newest first. The session is
    read lazily from its newest chunk back and the search stops at ``count``: the view is redrawn at
    every change, and reading a whole long session each time took 0.6 s at 1,500 entries."""
    out = []
    for stored in service.ledger.entries_newest_first(service.session.number):
        if stored.get("kind") not in SHOWN_KINDS or stored.get("status", "done") != "done":
            continue
        if stored.get("kind") == "costs" and not _panics(stored):
            continue
        if stored.get("hidden") is True:  # only a roll can be hidden: other records have no such field
            continue
        out.append(as_record(stored))
        if len(out) == count:
            break
    return out


def _dice(record) -> list[dict]:
    dice = getattr(record, "dice", MISSING)  # a panic record has none: its D6 is in the summary
    dice = dice if dice is not MISSING else []
    return [d for d in dice if isinstance(d, dict)] if isinstance(dice, list) else []


def _summary(record) -> str:
    """What the roll says; a costs entry says only its panics (the tracker's panic roll's words)."""
    if record.kind == "costs":
        panics = [p.get("summary", "") for p in (record.panic, record.defender_panic) if isinstance(p, dict)]
        return _("; ").join(p for p in panics if p)
    return record.summary if record.summary is not MISSING else record.kind


def _title(record, campaign) -> Text:
    summary = shown(_summary(record))
    said_pushed = _("{summary} (pushed)")
    if record.kind == "roll" and record.pushes not in (MISSING, None, 0) and \
            said_pushed.replace("{summary}", "").strip() not in summary:
        title = filled(said_pushed, BOLD_MAGENTA, summary=(summary, "bold"))
    else:
        title = Text(summary, style="bold")
    return _marked_as_the_players(title, record, campaign)


def _marked_as_the_players(title: Text, record, campaign) -> Text:
    """A roll a player made from their own page says so ("— from Lambert Cho's phone"), for the table to see."""
    from gmconsole.campaign.sources import made_where, player_of

    source = getattr(record, "source", MISSING)
    if player_of(source) is None:
        return title
    title.append(" — ", style="dim")
    title.append(made_where(source, campaign), style=BOLD_CYAN)
    return title


class LastRolls(Static):
    """The last public rolls; :meth:`show` redraws them from the service."""

    DEFAULT_CSS = "LastRolls { height: auto; padding: 0 1; }"

    def show(self, service, *, big: int, small: int, width: int) -> None:
        """``big`` rolls with big dice, then ``small`` more on one line each, fitted to ``width`` cells."""
        records = public_rolls(service, big + small)
        seen = look(self.app)
        text = Text()
        if not records:
            text.append(_("No rolls yet this session."), style="dim")
        for index, record in enumerate(records):
            if index:
                text.append("\n")
            if index < big:
                text.append_text(_title(record, service.campaign))
                if _dice(record):  # a panic roll's entry says its D6 and total in the summary
                    text.append("\n")
                    text.append_text(big_dice(_dice(record), width, seen))
                if index + 1 < len(records):
                    text.append("\n")
            else:
                text.append_text(one_line_roll(_title(record, service.campaign), _dice(record), seen, width,
                                               self.app.console))
        legend = dice_legend([d for r in records for d in _dice(r)], seen, letters=small > 0)
        if legend:
            text.append("\n\n")
            text.append_text(legend)
        self.update(text)


def _groups(dice: list[dict]) -> dict[tuple[str, str], list[dict]]:
    """``dice`` kept apart by kind and, for gear, artifact and step dice, by item (R-POOL-1)."""
    groups: dict[tuple[str, str], list[dict]] = {}
    for die in dice:
        kind = str(die.get("kind", "dice"))
        source = str(die.get("source") or "") if kind in ("gear", "artifact", "step") else ""
        groups.setdefault((kind, source), []).append(die)
    return groups


def dice_groups(dice: list[dict], seen: Look) -> list[Text]:
    """A roll's dice as the one-line rolls write them, a group at a time: its kind's letter then its faces with
    their marks, in the kind's colour (``b 6★ 3 1✖``, ``s 4``, ``st 1``: kinds told apart without colour)."""
    groups = []
    for (kind, _source), members in _groups(dice).items():
        letter = kind_letter(kind)
        faces = " ".join(f"{ADDED_MARK if d.get('added') else ''}{die_face(d)}{die_mark(d)}"
                         f"{REROLLED_MARK if d.get('rerolled') else ''}" for d in members)
        groups.append(Text(f"{letter} {faces}" if letter else faces, style=seen.colours.get(kind, "")))
    return groups


def one_line_roll(title: Text, dice: list[dict], seen: Look, width: int, console) -> Text:
    """A roll on one line: its title, then its dice group by group (``b 6★ 3 1✖ · s 4 · st 1``); a roll too
    wide for ``width`` cells goes on under it a whole group at a time, the line it leaves ending in ``·``, so a
    kind's letter is never parted from its dice (a terminal would wrap it anywhere: ``· st`` / ``1✖↻ 3↻``)."""
    text = Text()
    text.append_text(title)
    lines = title.wrap(console, width) if title.plain else Lines()
    used = cell_len(lines[-1].plain.rstrip()) if lines else 0
    separator = "  "
    for group in dice_groups(dice, seen):
        size = cell_len(group.plain)
        if used and used + len(separator) + size > width:
            text.append(separator.rstrip() + "\n")
            used = 0
        elif used:
            text.append(separator)
            used += len(separator)
        text.append_text(group)
        used += size
        separator = " · "
    return text


def dice_legend(dice: list[dict], seen: Look, *, letters: bool) -> Text:
    """Which colour is which kind, for the kinds among ``dice`` (with their letters when the one-line rolls
    use them), and what the marks say; empty without dice of more than the plain kind."""
    kinds = [k for k in LEGEND_ORDER if any(d.get("kind") == k for d in dice)]
    if not kinds:
        return Text()
    legend = Text(style="bold")  # the whole legend bold, its kinds in their colours
    for kind in kinds:
        name = pgettext("die kind", KIND_NAMES[kind])
        # the letter in the kind's colour is its swatch on one-line rolls; big dice show a block of it
        swatch = kind_letter(kind) if letters else "■"
        legend.append(f"{swatch} {name}", style=seen.colours.get(kind, ""))
        legend.append("  ")
    legend.append(_("{success} success {bane} bane {rerolled} rerolled").format(
        success=SUCCESS_MARK, bane=BANE_MARK, rerolled=REROLLED_MARK), style="dim")
    return filled(_("Dice: {kinds}"), "bold", kinds=legend)
