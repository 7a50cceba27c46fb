"""A pool of dice drawn die by die, each kind in its own colour (R-POOL-1).

R-POOL-1: a roll's dice are always kept apart by kind (and, for gear and artifact dice, by item),
shown in separate colours. The widget takes the dice as the campaign service gives them
(``{"kind", "sides", "source"}`` plus ``"face"`` and ``"rerolled"`` once rolled) and draws one
line per group: a kind label (with the item's name for gear and artifact dice) and the dice.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from gmconsole.i18n import N_, _

__all__ = ["KIND_COLOURS", "DicePool", "render_dice"]

KIND_COLOURS: dict[str, str] = {
    "base": "bold #f5c542",
    "skill": "bold #5fd75f",
    "gear": "bold #5fafff",
    "stress": "bold #ff5f5f",
    "artifact": "bold #d787ff",
    "step": "bold #ffaf5f",
    "trait": "bold #f5c542",
    "dice": "bold #e4e4e4",
}
"""One colour per die kind (R-POOL-1); exploding trait dice share the base colour."""


def _group_key(die: dict) -> tuple[str, str]:
    kind = str(die.get("kind", "dice"))
    source = die.get("source") if kind in ("gear", "artifact", "step") else None
    return kind, str(source or "")


def _die_text(die: dict) -> str:
    """``d6`` before rolling; the face after (``6``, or ``8+3`` for an exploded die)."""
    if "face" not in die and "faces" not in die and "total" not in die:
        return f"d{die.get('sides', 6)}"
    if "faces" in die and isinstance(die["faces"], list) and len(die["faces"]) > 1:
        return "+".join(str(f) for f in die["faces"])
    face = die.get("face", die.get("total"))
    return str(face)


KIND_NAMES = {"base": N_("base"), "skill": N_("skill"), "gear": N_("gear"), "stress": N_("stress"),
              "artifact": N_("artifact"), "step": N_("step"), "trait": N_("trait"), "dice": N_("dice")}
"""A die kind as its label reads (the die dicts keep the English kind)."""


def _label(kind: str, source: str) -> str:
    name = _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind
    return f"{name}" + (f" ({source})" if source else "")


def render_dice(dice: Iterable[dict], *, width: int | None = None) -> Text:
    """Rich text of ``dice``: one line per kind (and item), label then the dice, in the kind's colour.

    A rolled die shows its face: a success face is underlined (6+ on a Year Zero die), a 1 is
    shown reversed as a bane, a die a push rerolled is marked with ``*``.
    """
    groups: dict[tuple[str, str], list[dict]] = {}
    for die in dice:
        groups.setdefault(_group_key(die), []).append(die)
    if width is None:
        width = min(24, max((cell_len(_label(k, s)) for k, s in groups), default=0))
    text = Text()
    first = True
    for (kind, source), members in groups.items():
        if not first:
            text.append("\n")
        first = False
        colour = KIND_COLOURS.get(kind, "bold")
        label = _label(kind, source)
        text.append(label + " " * max(width - cell_len(label), 0) + " ", style=colour)  # cells: a CJK label is wide
        for die in members:
            face = die.get("face")
            style = colour
            if isinstance(face, int):
                if face == 1 and kind not in ("trait", "dice"):
                    style = f"{colour} reverse"
                elif face >= 6 and kind not in ("trait", "dice"):
                    style = f"{colour} underline"
            mark = "*" if die.get("rerolled") else ""
            text.append(f"[{_die_text(die)}{mark}]", style=style)
            text.append(" ")
    if first:
        text.append(_("no dice"), style="dim")
    return text


def dice_words(dice: Iterable[dict]) -> str:
    """``dice`` in one line of words, grouped as :func:`render_dice` groups them (kind and item, then
    the faces): ``base 6 2; skill 3; gear (rifle) 5``, for a sentence such as the defender's roll."""
    groups: dict[tuple[str, str], list[str]] = {}
    for die in dice:
        groups.setdefault(_group_key(die), []).append(_die_text(die))
    return ("; ".join(f"{_label(kind, source)} {' '.join(faces)}" for (kind, source), faces in groups.items())
            or _("no dice"))


class DicePool(Static):
    """The pool drawn die by die in kind colours; ``show(dice)`` redraws it."""

    DEFAULT_CSS = """
    DicePool {
        height: auto;
        width: 100%;
    }
    """

    def show(self, dice: Iterable[dict]) -> None:
        """Draw ``dice`` (the service's die dicts, rolled or not)."""
        self.update(render_dice(list(dice)))
