"""What a recorded Year Zero roll reads as in the console: its successes and stunts, a skill that counts
every 6 (R-STUNT-1), the stunt list and its limit (R-MYZ-LIMIT), an opposed roll's outcome (R-OPP-1) and a
stress die's 1 (R-PUSH-3). The family's console part hands these over
(:class:`gmconsole.ui.family_console.ConsoleParts`)."""

from __future__ import annotations

from gmconsole import systems
from gmconsole.campaign.entries import MISSING, Entry, as_roll, given
from gmconsole.families.yearzero.rules.detail import YearZeroDetail
from gmconsole.i18n import _, ngettext, pick
from gmconsole.phrasing import possessive
from gmconsole.rules.data import extra_successes
from gmconsole.ui.widgets.roll_text import typed_words

__all__ = ["opposed_line", "sixes_words", "stunt_count", "stunt_lines", "verdict_lines"]


def stunt_count(entry: Entry | dict) -> int:
    """The stunts / bonus effects a recorded Year Zero roll gives. An opposed roll (R-OPP-1) follows its
    outcome: only a win of the active side gives any, and only its net successes beyond the first
    count (the defender's successes cancel the active side's); a tie or a defender's hold gives none."""
    entry = as_roll(entry)
    opposed = entry.opposed or {}
    if opposed:
        if opposed.get("outcome") != "active":
            return 0
        return max(0, int(opposed.get("net_successes", 0)) - 1)
    return int(YearZeroDetail.of(entry.detail).stunts or 0)


def sixes_words(entry: Entry | dict) -> str:
    """R-STUNT-1: a recorded roll of a skill whose text counts every 6 (Move, a side deal, Heal, Shake It Off,
    Inspire) in the skill's words, ``2 sixes: 2 friends helped``; ``""`` for any other roll (an opposed roll
    follows its outcome, :func:`stunt_count`)."""
    from gmconsole.families.yearzero.rules.sixes import every_six, marks_of

    entry = as_roll(entry)
    skill, successes = given(entry.skill, None), given(entry.successes, None)
    game = systems.find(given(entry.system, ""))
    if not skill or not isinstance(successes, int) or entry.opposed or game is None or not game.lists_stunts:
        return ""  # the skills that count every 6 are myz skills, listing their own stunts
    counted = every_six(game.id, skill, successes, marks_of(entry.skill_modifiers or ()))
    return counted.text() if counted is not None else ""


def stunt_lines(entry: Entry | dict) -> list[str]:
    """The stunts (`myz`: the skill's own list, with its limit, R-MYZ-LIMIT) or bonus effects (`yze`) a
    successful roll may buy; none when it bought none."""
    from gmconsole.families.yearzero.rules.limits import stunt_warning

    entry = as_roll(entry)
    options = YearZeroDetail.of(entry.detail).stunt_list or []
    if not options or not (stunt_count(entry) or sixes_words(entry)):  # one 6 may buy Move's stunt (R-STUNT-1)
        return []
    system = given(entry.system, "")
    game = systems.find(system)
    if game is None or not game.lists_stunts:
        return [_("bonus effects: {effects}").format(
            effects=" · ".join(pick(o).rstrip(".").rstrip("。") for o in options))]
    limit = stunt_warning(system, given(entry.skill, None), stunt_count(entry), len(options))
    return [_("stunts:")] + [f"  • {pick(o)}" for o in options] + ([f"⚠ {limit.text} (R-MYZ-LIMIT)"] if limit else [])


def verdict_lines(entry: Entry | dict) -> list[str]:
    """A recorded Year Zero roll's verdict: its successes and stunts (an opposed roll's on net successes,
    R-OPP-1), pushed, typed faces, and the panic a stress die's 1 makes due (R-PUSH-3)."""
    entry = as_roll(entry)
    if entry.successes is MISSING:
        return []
    system = given(entry.system, "")
    n = entry.successes
    stunts = stunt_count(entry)
    sixes = sixes_words(entry)  # R-STUNT-1: every 6 counted in the skill's words, not "N-1 stunts"
    extra = _(", ") + sixes if sixes else (f", {extra_successes(system, stunts)}" if stunts else "")
    pushed = _("{result} · pushed {count}×") if entry.pushes else "{result}"
    opposed = entry.opposed or {}
    lines: list[str] = []
    if opposed:  # R-OPP-1: the verdict is the opposed outcome, on net successes
        verdict = {"active": _("SUCCESS"), "reroll": _("TIE")}.get(opposed.get("outcome", ""), _("FAILURE"))
        net = opposed.get("net_successes", 0)
        said = _("{verdict} (opposed): net {successes} ({rolled} rolled − {defender} of the defender)")
        lines.append(typed_words(entry, pushed.format(count=entry.pushes, result=said.format(
            verdict=verdict, successes=_successes(net), rolled=n, defender=opposed.get("defender_successes", 0))
            + extra)))
    else:
        verdict = _("SUCCESS") if n else _("FAILURE")
        lines.append(typed_words(entry, pushed.format(count=entry.pushes, result=_("{verdict}: {successes}").format(
            verdict=verdict, successes=_successes(n)) + extra)))
    panic = YearZeroDetail.of(entry.detail).panic
    if panic and given(entry.character_id, "") is None:  # a GM roll names no character: charged to nobody
        lines.append(_("a stress die shows 1 (R-PUSH-3): a GM roll, so nobody panics"))
    elif panic:
        lines.append(_("a stress die shows 1: panic roll due (R-PUSH-3)"))
    return lines


def _successes(n: int) -> str:
    return ngettext("{count} success", "{count} successes", n).format(count=n)


def opposed_line(entry: Entry | dict | None) -> str:
    """A Year Zero opposed roll (R-OPP-1) of a recorded entry in words: both sides' successes, the
    defender's faces and who carries it — read from the entry, so it follows a push."""
    entry = as_roll(entry or {})
    opposed = entry.opposed
    if not opposed:
        return ""
    from gmconsole.ui.widgets.dice_pool import dice_words

    faces = dice_words(opposed.get("defender_dice", []))
    outcome = {"active": _("the active side wins"), "defender": _("the defender holds (a tie fails the active side)"),
               "reroll": _("a tie: roll the opposed roll again (setting)")}[opposed["outcome"]]
    line = _("{name}: {successes} · {defender}: {defender_successes} ({faces}) → {outcome}; net successes "
             "{count}").format(name=given(entry.character, None), successes=opposed["active_successes"],
                               defender=opposed["defender"], defender_successes=opposed["defender_successes"],
                               faces=faces, outcome=outcome, count=opposed["net_successes"])
    if opposed.get("defender_panic") and opposed.get("defender_id"):
        state = {"pending": _("panic roll pending (c applies it)"), "applied": _("panic roll applied")}.get(
            entry.costs_status, _("panic roll due"))
        line = _("{line}; {owner} stress die shows 1: {state} (R-PANIC-1)").format(
            line=line, owner=possessive(opposed["defender"]), state=state)
    return line
