"""The four charts of the 2013 Big Two analysis, drawn server-side as SVG by matplotlib.

Each chart plots the season's regular players and the average player (``*``) against two
of the statistics columns. The third chart adds the theoretical line s = 4(ℓ* − ℓ): net
score per game against real losses per game, where ℓ* is the average player's real losses
per game (a player's net per game is T − 4ℓ and the average T is 4ℓ*).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from matplotlib import rc_context
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure

from games.selectors import StandingRow
from scoring.display import lazy_text
from scoring.score_files import BigTwoPlayerStats, big_two_rows

# Small figure, large type: scaled to a phone's width the names stay readable.
FIGURE_INCHES = (5.0, 3.9)
STYLE: dict[Any, Any] = {
    "font.size": 11,
    "svg.fonttype": "none",
    "svg.hashsalt": "mahjong-league",
    # Every text is drawn as written: a player's name between two $ was read as maths
    # (an invalid one made the whole chart fail, a valid one was drawn as a formula).
    "text.parse_math": False,
}
PLAYER_COLOUR = "#1f4e9c"
AVERAGE_COLOUR = "#b3261e"


@dataclass(frozen=True)
class Chart:
    """One chart: which statistics go on which axis, named as the statistics columns."""

    slug: str
    x: str
    y: str
    x_label: str
    y_label: str

    @property
    def title(self) -> str:
        return _("%(x)s vs %(y)s") % {"x": self.x_label, "y": self.y_label}


CHARTS = {
    chart.slug: chart
    for chart in (
        Chart(
            "losses-wins",
            "real_losses_per_game",
            "win_fraction",
            lazy_text("Real losses / game"),
            lazy_text("Win %"),
        ),
        Chart(
            "losses-fries",
            "real_losses_per_game",
            "fry_fraction",
            lazy_text("Real losses / game"),
            lazy_text("Fry %"),
        ),
        Chart(
            "losses-net",
            "real_losses_per_game",
            "net_score_per_game",
            lazy_text("Real losses / game"),
            lazy_text("Net / game"),
        ),
        Chart(
            "wins-net",
            "win_fraction",
            "net_score_per_game",
            lazy_text("Win %"),
            lazy_text("Net / game"),
        ),
    )
}


def chart_rows(standings: Sequence[StandingRow]) -> list[BigTwoPlayerStats]:
    """The regular players' rows, then the average player's (``*``, over everyone)."""
    rows = big_two_rows(standings)
    return [row for row in rows[:-1] if row.is_regular] + rows[-1:]


def _value(row: BigTwoPlayerStats, column: str) -> float:
    value: Fraction | None = getattr(row, column)
    return float(value or 0)


def chart_svg(chart: Chart, standings: Sequence[StandingRow]) -> str:
    """The chart as a standalone SVG document (text as text, so it stays small and sharp)."""
    rows = chart_rows(standings)
    buffer = io.StringIO()
    # Text stays text (the browser's own fonts, nothing embedded or fetched); fixed ids
    # make the same standings give the same bytes.
    with rc_context(STYLE):
        figure = Figure(figsize=FIGURE_INCHES, layout="constrained")
        FigureCanvasSVG(figure)
        axes = figure.add_subplot()
        if len(rows) > 1:
            _plot(axes, chart, rows)
        else:
            axes.text(
                0.5, 0.5, _("No games yet"), ha="center", va="center", transform=axes.transAxes
            )
        axes.set(title=chart.title, xlabel=chart.x_label, ylabel=chart.y_label)
        axes.grid(True, alpha=0.4)
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def _plot(axes: Any, chart: Chart, rows: list[BigTwoPlayerStats]) -> None:
    xs = [_value(row, chart.x) for row in rows]
    ys = [_value(row, chart.y) for row in rows]
    colours = [PLAYER_COLOUR] * (len(rows) - 1) + [AVERAGE_COLOUR]
    axes.scatter(xs, ys, s=100, facecolors="none", edgecolors=colours, linewidths=1.5)
    for x, y, row in zip(xs, ys, rows, strict=True):
        axes.annotate(row.name, (x, y), xytext=(7, 2), textcoords="offset points", fontsize=13)
    if (chart.x, chart.y) == ("real_losses_per_game", "net_score_per_game"):
        _theoretical_line(axes, xs[-1], xs)


def _theoretical_line(axes: Any, average_loss: float, xs: list[float]) -> None:
    """s = 4(ℓ* − ℓ), drawn a little past the players on both sides."""
    low, high = min(xs), max(xs)
    margin = 0.05 * (high - low)
    ends = [low - margin, high + margin]
    axes.plot(
        ends, [4 * (average_loss - x) for x in ends], color=AVERAGE_COLOUR, label="s = 4(ℓ* − ℓ)"
    )
    axes.legend()
