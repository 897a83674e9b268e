"""The player page's charts as inline SVG: drawn on the server, with presentation attributes
only (the content security policy allows no inline styles or scripts), scaled by CSS to the
width of the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.stats.figures import Bar

WIDTH, HEIGHT = 320, 160
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 44, 8, 10, 24
LINE = "#1f4e9c"
ZERO = "#8a8a8a"
BAR = "#2e7d5b"
BAND = "#c7d7f0"


def label_every(bars: int) -> int:
    return 1 if bars <= 6 else -(-bars // 6)


@dataclass(frozen=True)
class Frame:
    """Maps data (x from 0 to ``count`` − 1, y from ``low`` to ``high``) to the drawing."""

    count: int
    low: float
    high: float

    def x(self, index: int) -> float:
        inner = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
        return MARGIN_LEFT + (inner * index / (self.count - 1) if self.count > 1 else inner / 2)

    def y(self, value: float) -> float:
        inner = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
        span = (self.high - self.low) or 1.0
        return MARGIN_TOP + inner * (self.high - value) / span


def _svg(label: str, body: str) -> SafeString:
    return mark_safe(  # every value in it is a number or escaped text
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def _text(x: float, y: float, text: str, anchor: str = "end") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="11" text-anchor="{anchor}" '
        f'fill="currentColor">{escape(text)}</text>'
    )


def _axis(frame: Frame, first: str, last: str) -> str:
    """The y range's ends, the zero line when it is inside, and the first and last x labels."""
    parts = [
        _text(MARGIN_LEFT - 4, frame.y(frame.high) + 4, f"{frame.high:g}"),
        _text(MARGIN_LEFT - 4, frame.y(frame.low) + 4, f"{frame.low:g}"),
        _text(MARGIN_LEFT, HEIGHT - 6, first, "start"),
        _text(WIDTH - MARGIN_RIGHT, HEIGHT - 6, last),
    ]
    if frame.low < 0 < frame.high:
        zero = frame.y(0)
        parts.append(
            f'<line x1="{MARGIN_LEFT}" y1="{zero:.1f}" x2="{WIDTH - MARGIN_RIGHT}" '
            f'y2="{zero:.1f}" stroke="{ZERO}" stroke-dasharray="3 3"/>'
        )
    return "".join(parts)


def _polyline(frame: Frame, values: Sequence[float], colour: str) -> str:
    points = " ".join(f"{frame.x(i):.1f},{frame.y(v):.1f}" for i, v in enumerate(values))
    last = len(values) - 1
    # The dot marks where the line ends now (and is the whole line after one session).
    dot = (
        f'<circle cx="{frame.x(last):.1f}" cy="{frame.y(values[last]):.1f}" r="3" fill="{colour}"/>'
    )
    return f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>{dot}'


def _frame(values: Sequence[float]) -> Frame:
    return Frame(len(values), min(0.0, *values), max(0.0, *values))


def line_chart(label: str, dates: Sequence[str], values: Sequence[float]) -> SafeString:
    """A running total over sessions (net over time), zero marked."""
    if not values:
        return _svg(label, _text(WIDTH / 2, HEIGHT / 2, _("No sessions yet"), "middle"))
    frame = _frame(values)
    return _svg(label, _axis(frame, dates[0], dates[-1]) + _polyline(frame, values, LINE))


def rating_chart(
    label: str, dates: Sequence[str], mus: Sequence[float], sigmas: Sequence[float]
) -> SafeString:
    """μ − 3σ after each session, within the band μ ± 3σ (the uncertainty left)."""
    if not mus:
        return _svg(label, _text(WIDTH / 2, HEIGHT / 2, _("Not rated yet"), "middle"))
    lows = [mu - 3 * sigma for mu, sigma in zip(mus, sigmas, strict=True)]
    highs = [mu + 3 * sigma for mu, sigma in zip(mus, sigmas, strict=True)]
    frame = Frame(len(mus), round(min(0.0, *lows)), round(max(highs)))
    band = [f"{frame.x(i):.1f},{frame.y(v):.1f}" for i, v in enumerate(highs)]
    band += [f"{frame.x(i):.1f},{frame.y(v):.1f}" for i, v in reversed(list(enumerate(lows)))]
    body = f'<polygon points="{" ".join(band)}" fill="{BAND}" stroke="none"/>'
    body += _axis(frame, dates[0], dates[-1]) + _polyline(frame, lows, LINE)
    return _svg(label, body)


def histogram_chart(label: str, bars: Sequence[Bar]) -> SafeString:
    """One bar per value (or range of values), its count above it."""
    if not bars:
        return _svg(label, _text(WIDTH / 2, HEIGHT / 2, _("No winning values"), "middle"))
    top = max(bar.count for bar in bars)
    inner = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    step = inner / len(bars)
    frame = Frame(len(bars), 0, top)
    parts = []
    for index, bar in enumerate(bars):
        x, y = MARGIN_LEFT + index * step, frame.y(bar.count)
        base = frame.y(0)
        parts.append(
            f'<rect x="{x + 1:.1f}" y="{y:.1f}" width="{step - 2:.1f}" '
            f'height="{base - y:.1f}" fill="{BAR}"><title>{escape(bar.label)}: '
            f"{bar.count}</title></rect>"
        )
        parts.append(_text(x + step / 2, y - 2, str(bar.count), "middle"))
        if index % label_every(len(bars)) == 0:  # labels of narrow bars would overlap
            parts.append(_text(x + step / 2, HEIGHT - 6, bar.label, "middle"))
    return _svg(label, "".join(parts))
