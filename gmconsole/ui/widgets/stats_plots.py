"""The statistics screen's plots, drawn in the terminal with ``textual-plotext``.

Imported by the statistics screen when it opens, never at start-up: ``textual_plotext`` (and
``plotext`` under it) costs its import only to a GM who asks for the figures (docs/statistics.md).

Three plots: the successes observed against those expected, roll after roll (two lines); the luck of
each character (bars, in standard deviations); and the faces of each die marked suspect (bars of the
counts, against the count a fair die gives, as a line). Each is a :class:`PlotextPlot` with a fixed
height, so the screen scrolls rather than squeezing them at 80x24. Names come from the campaign file:
they pass through :func:`~gmconsole.safe_text.shown` before plotext draws them.

Titles and labels are in the console's language. plotext counts a character as one cell, so a line holding
wide characters (a title in Chinese, a Chinese name) comes out wider than the plot: :func:`fit_lines` takes
blanks out of such a line (after the wide text, else before it) until it fits, and nothing is cut at the edge.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual_plotext import PlotextPlot

from gmconsole.i18n import _
from gmconsole.safe_text import cut_cells, shown

__all__ = ["FacesPlot", "LuckPlot", "SuccessPlot"]

_NAME_CELLS = 12
"""A character's name is cut to this many cells under its bar (the plot is 38 cells wide at 80x24)."""


_POINTS = 500
"""Points drawn of each line, at most: a braille plot 60 cells wide has 120 dots across, and plotext draws
every point on the console's thread at each render (32,000 rolls: seconds a scroll)."""


def _cut(name: str, cells: int = _NAME_CELLS) -> str:
    return cut_cells(shown(name), cells)


def _run(plain: str, indices: range) -> int:
    """How many blanks ``plain`` has in a row at ``indices``, from the first."""
    return next((n for n, i in enumerate(indices) if plain[i] != " "), len(indices))


def _narrower(line: Text, width: int) -> Text:
    """``line`` with blanks taken out until it is ``width`` cells (or as near as its blanks allow): first on the
    side of the wide text with more blanks next to it (a name's padding before it, a legend's canvas after it)."""
    excess = cell_len(line.plain) - width
    plain = line.plain
    wide = [i for i, char in enumerate(plain) if cell_len(char) > 1]
    if excess <= 0 or not wide:
        return line
    after_range, before_range = range(wide[-1] + 1, len(plain)), range(wide[0] - 1, -1, -1)
    after = [i for i in after_range if plain[i] == " "]
    before = [i for i in before_range if plain[i] == " "]
    first = before + after if _run(plain, before_range) > _run(plain, after_range) else after + before
    drop = set(first[:excess])
    kept = Text()
    start = 0
    for index in sorted(drop):
        kept.append_text(line[start:index])
        start = index + 1
    kept.append_text(line[start:])
    return kept


def fit_lines(text: Text, width: int) -> Text:
    """plotext's drawing with each line at most ``width`` cells (see the module docstring)."""
    if all(cell_len(line) == len(line) for line in text.plain.split("\n")):  # a newline is 0 cells
        return text
    return Text("\n").join(_narrower(line, width) for line in text.split("\n"))


class _Drawn(PlotextPlot):
    """A plot drawn afresh at each render, at the size it is rendered at: plotext lays out bar labels
    when they are given, at the size it last had, so a plot given its data before its last resize
    (a scroll bar appearing) drew them at a width that depended on timing."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._data: tuple | None = None

    def show(self, *data) -> None:
        """Draw ``data`` (what :meth:`draw` takes) from the next render on."""
        self._data = data
        self.refresh()

    def render(self):
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        plt.plotsize(self.size.width, self.size.height)
        if self._data is not None:
            self.draw(plt, *self._data)
        return fit_lines(super().render(), self.size.width)

    def draw(self, plt, *data) -> None:
        """Draw ``data`` with ``plt`` (each plot below says how); the base draws an empty frame."""


class SuccessPlot(_Drawn):
    """Successes observed against expected, summed roll after roll."""

    def draw(self, plt, observed: list[int], expected: list[float]) -> None:
        plt.title(_("Successes: observed against expected"))
        every = -(-len(observed) // _POINTS)  # at most _POINTS points, the last one kept
        kept = [*range(0, len(observed) - 1, every), len(observed) - 1]
        rolls = [i + 1 for i in kept]
        plt.plot(rolls, [expected[i] for i in kept], label=_("expected"), marker="braille")
        plt.plot(rolls, [observed[i] for i in kept], label=_("observed"), marker="braille")
        plt.xlabel(_("rolls"))


class LuckPlot(_Drawn):
    """The luck of each character, in standard deviations (+ luckier than the odds said)."""

    def draw(self, plt, luck: dict[str, float]) -> None:
        plt.title(_("Luck per character (SD)"))
        places = list(range(len(luck), 0, -1))  # numbers, named after: plotext places text labels by hash
        plt.bar(places, list(luck.values()), orientation="horizontal", width=0.5)
        plt.yticks(places, [_cut(name) for name in luck])
        plt.vline(0)


class FacesPlot(_Drawn):
    """The faces one suspect die showed, against what a fair die gives."""

    def draw(self, plt, label: str, faces: list[int]) -> None:
        plt.title(_("{die}: faces (line: a fair die)").format(die=shown(label)))
        numbers = list(range(1, len(faces) + 1))
        plt.bar(numbers, faces, width=0.6)
        plt.plot(numbers, [sum(faces) / len(faces)] * len(faces), marker="braille")
        plt.xticks(numbers)
