"""The statistics plots with wide characters (nothing cut mid-character at 80×24): plotext counts
a Chinese character as one cell, so its lines come out wider than the plot; :func:`fit_lines` narrows them
so every line is the plot's width and the frame's edges stay in one column."""

from __future__ import annotations

import plotext as plt
from rich.cells import cell_len
from rich.text import Text

from gmconsole.ui.widgets.stats_plots import fit_lines

WIDTH = 38
"""A plot's width at 80×24."""


def _drawn(draw) -> list[str]:
    plt.clear_figure()
    plt.clear_data()
    plt.plotsize(WIDTH, 10)
    draw()
    return [line.plain for line in fit_lines(Text.from_ansi(plt.build()), WIDTH).split("\n")]


def _luck(names: list[str], title: str = "各角色運氣（標準差）") -> None:
    plt.title(title)
    plt.bar([2, 1], [1.5, -0.5], orientation="horizontal", width=0.5)
    plt.yticks([2, 1], names)
    plt.vline(0)


def test_a_chinese_name_beside_an_english_one_keeps_the_axis_in_one_column():
    lines = _drawn(lambda: _luck(["王小明", "Ripley Hale"]))
    assert all(cell_len(line) == WIDTH for line in lines)
    axis = {cell_len(line[:line.index("┤")]) for line in lines if "┤" in line}
    edge = {cell_len(line[:line.rindex("│")]) for line in lines if line.rstrip().endswith("│")}
    assert len(axis) == 1 and edge == {WIDTH - 1}
    assert any(line.strip().startswith("各角色運氣（標準差）") for line in lines)


def test_a_chinese_legend_and_label_keep_the_frame_whole():
    def successes():
        plt.title("成功數：實際與預期")
        plt.plot([1, 2, 3], [1, 2, 3], label="預期", marker="braille")
        plt.xlabel("擲骰")

    lines = _drawn(successes)
    assert all(cell_len(line) == WIDTH for line in lines)
    assert next(line for line in lines if "預期" in line and "┤" in line).endswith("│")


def test_english_lines_are_left_as_plotext_draws_them():
    plt.clear_figure()
    plt.plotsize(WIDTH, 10)
    _luck(["Ann", "Ripley Hale"], "Luck by character (SD)")
    drawn = Text.from_ansi(plt.build())
    assert fit_lines(drawn, WIDTH) is drawn


def test_a_plot_with_as_many_wide_characters_as_line_breaks_is_still_fitted():
    """The first fit_lines skipped a drawing whose cells added up to its length: a newline is 0 cells, so a
    three-line drawing with three wide characters (期望值) looked narrow and came out three cells too wide."""
    from rich.cells import cell_len
    from rich.text import Text

    from gmconsole.ui.widgets.stats_plots import fit_lines

    drawing = Text("ab\n期望值" + " " * 7 + "│\nxy\n")  # 3 newlines
    assert cell_len(drawing.plain) == len(drawing.plain)  # the trap: 3 newlines, 3 wide characters
    assert [cell_len(line) for line in fit_lines(drawing, 10).plain.split("\n")] == [2, 10, 2]
