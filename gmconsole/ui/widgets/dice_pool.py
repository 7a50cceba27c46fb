"""A pool of dice drawn die by die, each kind in its own colour (R-POOL-1).

R-POOL-1: a roll's dice are always kept apart by kind (and, for gear and artifact dice, by item),
shown in separate colours. The widget takes the dice as the campaign service gives them
(``{"kind", "sides", "source"}`` plus ``"face"`` and ``"rerolled"`` once rolled) and draws one
line per group: a kind label (with the item's name for gear and artifact dice) and the dice.

The colours are theme variables, ``$dice-base``, ``$dice-skill``, ... (:func:`dice_variables`, added to
the app's CSS variables): on a dark theme the console's own colours (:data:`KIND_COLOURS`); on a light
theme ``$text-warning``, ``$text-success`` and ``$text-error`` for base, skill and stress dice, and
darker hues of their own for the rest (:data:`LIGHT_COLOURS`), which read on a light background; a
colour too close to another kind's is replaced by its own hue, so every kind stays distinguishable.
A theme may set any ``dice-KIND`` in its ``variables``. The non-colour marks stay in every theme:
each group's label, a success underlined, a bane reversed, a rerolled die ``*``, an added die ``+``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from gmconsole.i18n import NP_, _, pgettext
from gmconsole.ui.filled import filled

__all__ = ["KIND_COLOURS", "LIGHT_COLOURS", "DicePool", "dice_variables", "kind_colours", "render_dice",
           "render_folded"]

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
"""One colour per die kind (R-POOL-1), on dark themes; exploding trait dice share the base colour."""

LIGHT_COLOURS: dict[str, str] = {
    "base": "#8a5a00", "skill": "#1a7f37", "gear": "#0550ae", "stress": "#cf222e", "artifact": "#8250df",
    "step": "#a14a00", "dice": "#24292f",
}
"""The kinds' hues on light themes when the theme's own colour does not serve (dark enough on white)."""

FROM_LIGHT_THEME = {"base": "text-warning", "skill": "text-success", "stress": "text-error", "dice": "foreground"}
"""On a light theme, the kinds whose colour is the theme's own (the colours Textual makes to read as text)."""

KINDS = ("base", "skill", "gear", "stress", "artifact", "step", "dice")
TOO_CLOSE = 60
"""Two kinds' colours nearer than this (distance in RGB) are taken as one: the later gets its own hue."""


def _rgb(colour: str) -> tuple[int, int, int] | None:
    colour = colour.strip().lstrip("#")
    if len(colour) < 6:
        return None
    try:
        return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)
    except ValueError:
        return None


def _close(one: str, other: str) -> bool:
    a, b = _rgb(one), _rgb(other)
    return a is not None and b is not None and sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5 < TOO_CLOSE


def dice_variables(dark: bool, variables: dict[str, str]) -> dict[str, str]:
    """``{"dice-KIND": colour}`` for the theme whose CSS ``variables`` are given (see the module docstring)."""
    fallback = {kind: KIND_COLOURS[kind].split()[-1] for kind in KINDS} if dark else LIGHT_COLOURS
    chosen: dict[str, str] = {}
    for kind in KINDS:
        own = variables.get(f"dice-{kind}")
        colour = own or (fallback[kind] if dark else variables.get(FROM_LIGHT_THEME.get(kind, ""), fallback[kind]))
        if not own and any(_close(colour, earlier) for earlier in chosen.values()):
            colour = fallback[kind]
        chosen[kind] = colour
    return {f"dice-{kind}": colour for kind, colour in chosen.items()}


def kind_colours(app) -> dict[str, str]:
    """The style of each die kind in ``app``'s theme: ``bold`` and its ``$dice-KIND`` colour
    (:data:`KIND_COLOURS` when the app has no such variables)."""
    variables = getattr(app, "theme_variables", None) or {}
    if "dice-base" not in variables:
        return KIND_COLOURS
    colours = {kind: f"bold {variables[f'dice-{kind}']}" for kind in KINDS}
    colours["trait"] = colours["base"]
    return colours


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


KIND_NAMES = {"base": NP_("die kind", "base"), "skill": NP_("die kind", "skill"), "gear": NP_("die kind", "gear"),
              "stress": NP_("die kind", "stress"), "artifact": NP_("die kind", "artifact"),
              "step": NP_("die kind", "step"), "trait": NP_("die kind", "trait"), "dice": NP_("die kind", "dice")}
"""A die kind as its label reads (the die dicts keep the English kind)."""


SourceNames = Callable[[str, str], str]
"""``names(kind, source)``: what a die's source reads as (:func:`gmconsole.campaign.skills.die_source_name`)."""


def source_names(app) -> SourceNames | None:
    """How the dice of the campaign ``app`` has open name their sources (a step die's attribute by its name), or
    ``None`` for an app without a campaign (the source as the die keeps it)."""
    service = getattr(app, "service", None)
    if service is None:
        return None
    from gmconsole.campaign.skills import die_source_name

    return lambda kind, source: die_source_name(service.campaign, kind, source)


def _label(kind: str, source: str, names: SourceNames | None = None) -> str:
    name = pgettext("die kind", KIND_NAMES[kind]) if kind in KIND_NAMES else kind
    if source and names is not None:
        source = names(kind, source)
    return f"{name}" + (f" ({source})" if source else "")


def render_dice(dice: Iterable[dict], *, width: int | None = None, colours: dict[str, str] | None = None,
                names: SourceNames | None = None) -> Text:
    """Rich text of ``dice``: one line per kind (and item), label then the dice, in the kind's colour
    (from ``colours``, :func:`kind_colours`; default :data:`KIND_COLOURS`), a source named by ``names``
    (:func:`source_names`; without it, as the die keeps it).

    A rolled die shows its face: a success face is underlined (6+ on a Year Zero die), a 1 is
    shown reversed as a bane, a die a push rerolled is marked with ``*``, a die a push added with ``+``
    before its face.
    """
    groups: dict[tuple[str, str], list[dict]] = {}
    for die in dice:
        groups.setdefault(_group_key(die), []).append(die)
    if width is None:
        width = min(24, max((cell_len(_label(k, s, names)) for k, s in groups), default=0))
    text = Text()
    first = True
    for (kind, source), members in groups.items():
        if not first:
            text.append("\n")
        first = False
        colour = (colours or KIND_COLOURS).get(kind, "bold")
        label = _label(kind, source, names)
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
            added = "+" if die.get("added") else ""  # the die a push added (tiered: Push Yourself after the roll)
            text.append(f"[{added}{_die_text(die)}{mark}]", style=style)
            text.append(" ")
    if first:
        text.append(_("no dice"), style="dim")
    return text


def render_folded(dice: Iterable[dict], *, colours: dict[str, str] | None = None,
                  names: SourceNames | None = None) -> Text:
    """``dice`` not rolled yet in one line, each group (kind and item, R-POOL-1) as its label and its count of
    each die size, in the kind's colour: ``next roll: base 4d6 · skill 2d6 · gear (rifle) 1d6``."""
    groups: dict[tuple[str, str], dict[int, int]] = {}
    for die in dice:
        sizes = groups.setdefault(_group_key(die), {})
        sides = int(die.get("sides", 6))
        sizes[sides] = sizes.get(sides, 0) + 1
    text = Text()
    for index, ((kind, source), sizes) in enumerate(groups.items()):
        if index:
            text.append(" · ")
        counts = "+".join(f"{count}d{sides}" for sides, count in sizes.items())
        text.append(f"{_label(kind, source, names)} {counts}", style=(colours or KIND_COLOURS).get(kind, "bold"))
    if not groups:
        text.append(_("no dice"), style="dim")
    return filled(_("next roll: {dice}"), dice=text)


def dice_words(dice: Iterable[dict]) -> str:
    """``dice`` in one line of words, grouped as :func:`render_dice` groups them (kind and item, then
    the faces): ``base 6 2; skill 3; gear (rifle) 5``, for a sentence such as the defender's roll."""
    groups: dict[tuple[str, str], list[str]] = {}
    for die in dice:
        groups.setdefault(_group_key(die), []).append(_die_text(die))
    return (_("; ").join(f"{_label(kind, source)} {' '.join(faces)}" for (kind, source), faces in groups.items())
            or _("no dice"))


class DicePool(Static):
    """The pool drawn die by die in kind colours; ``show(dice)`` redraws it (and a change of theme)."""

    _dice: list[dict] = []  # replaced by show(), never changed in place
    _folded = False
    _drawn: tuple | None = None  # what was drawn last (dice, folded, colours, labels): the same is not redrawn

    DEFAULT_CSS = """
    DicePool {
        height: auto;
        width: 100%;
    }
    """

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.show(self._dice, folded=self._folded))

    def show(self, dice: Iterable[dict], *, folded: bool = False) -> None:
        """Draw ``dice`` (the service's die dicts, rolled or not) in the theme's dice colours: a line per
        group, or all of them on one line (``folded``, :func:`render_folded`)."""
        self._dice = list(dice)
        self._folded = folded
        colours = kind_colours(self.app)
        names = source_names(self.app)
        labels = [_label(*_group_key(die), names) for die in self._dice]  # a skill renamed since redraws
        if self._drawn == (self._dice, folded, colours, labels):  # the builder redraws its last result at every key
            return
        self._drawn = (self._dice, folded, colours, labels)
        render = render_folded if folded else render_dice
        self.update(render(self._dice, colours=colours, names=names))
