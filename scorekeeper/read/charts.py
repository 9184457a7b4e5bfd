"""Line charts drawn as SVG on the server: no chart library in the browser."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

WIDTH, HEIGHT = 360, 220
# LEFT holds the y-axis labels and the x-axis name; RIGHT half the last label, centred on its point.
LEFT, RIGHT, TOP, BOTTOM = 46, 22, 12, 28
# The height a second row of x-axis labels (`x_notes`) adds under the first.
NOTE_ROW = 13
# Each series gets a colour and a marker shape, so the lines stay apart for readers who do not
# tell the colours apart.
MARKERS = ("circle", "square", "diamond", "triangle")
# Sizes, strokes and light-scheme colours are written on the SVG itself: a PDF (WeasyPrint)
# draws an inline SVG from its own attributes alone, not from the page's stylesheets. A browser
# lets app.css override them, which recolours the charts for the dark scheme.
COLOURS = ("#0f6e4a", "#b3261e", "#1d4ed8", "#8a5a00", "#7e22ce", "#0e7490", "#be185d", "#3f3f46")
GRID_COLOUR, LABEL_COLOUR = "#cfc8b6", "#545b57"
FONT_SIZE, NOTE_FONT_SIZE = 11, 10
LINE_WIDTH = 2.5


@dataclass(frozen=True)
class Series:
    """One line: a player's name and their value at each point (None leaves a gap)."""

    name: str
    values: Sequence[int | None]


def _nice_step(span: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if span / step <= 5:
            return step
    return 10_000


def _unbroken_runs(values: Sequence[int | None]) -> list[list[tuple[int, int]]]:
    """The (index, value) runs between gaps, so a missing value breaks the line."""
    runs: list[list[tuple[int, int]]] = [[]]
    for index, value in enumerate(values):
        if value is None:
            runs.append([])
        else:
            runs[-1].append((index, value))
    return [run for run in runs if run]


def where_changed(labels: Sequence[str]) -> list[str]:
    """Each label where it differs from the one before, else "": a day once per run of games."""
    return [label if i == 0 or label != labels[i - 1] else "" for i, label in enumerate(labels)]


def _marker(kind: str, x: float, y: float) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5"/>'
    if kind == "square":
        return f'<rect x="{x - 3.2:.1f}" y="{y - 3.2:.1f}" width="6.4" height="6.4"/>'
    if kind == "diamond":
        return f'<path d="M{x:.1f} {y - 4.5:.1f}l4.5 4.5-4.5 4.5-4.5-4.5z"/>'
    return f'<path d="M{x:.1f} {y - 4.5:.1f}l4.5 8h-9z"/>'


def line_chart(
    series: Sequence[Series],
    x_labels: Sequence[str],
    title: str,
    description: str,
    ident: str = "chart",
    *,
    x_name: str = "",
    x_notes: Sequence[str] = (),
) -> Markup:
    """An accessible SVG line chart; `description` is its text alternative.

    :param ident: a prefix for the chart's element ids, unique on its page.
    :param x_name: what the x-axis labels count ("Game"), written left of the first.
    :param x_notes: a second, smaller row of labels under the first ("" where none).
    """
    values = [v for s in series for v in s.values if v is not None]
    # The scale always holds 0; totals below it (bonuses) push its floor down.
    top, bottom = max(values, default=0), min(values, default=0)
    step = _nice_step(max(top - min(bottom, 0), 1))
    y_max = max(step, -(-top // step) * step)
    y_min = min(0, (bottom // step) * step)
    height = HEIGHT + (NOTE_ROW if x_notes else 0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = max(len(x_labels), 1)

    def x_at(i: int) -> float:
        return LEFT + (plot_w * i / (count - 1) if count > 1 else plot_w / 2)

    def y_at(v: int) -> float:
        return TOP + plot_h * (y_max - v) / (y_max - y_min)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" font-size="{FONT_SIZE}" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{ident}-title">{escape(title)}</title>',
        f'<desc id="{ident}-desc">{escape(description)}</desc>',
        f'<g class="grid" stroke="{GRID_COLOUR}" stroke-width="1">',
    ]
    ticks = range(y_min, y_max + 1, step)
    for tick in ticks:
        y = y_at(tick)
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>')
    parts.append(f'</g><g class="axes" fill="{LABEL_COLOUR}">')
    for tick in ticks:
        parts.append(
            f'<text x="{LEFT - 6}" y="{y_at(tick) + 4:.1f}" text-anchor="end">{tick}</text>'
        )
    label_y = HEIGHT - 8
    if x_name:
        parts.append(
            f'<text x="{LEFT - 10}" y="{label_y}" text-anchor="end">{escape(x_name)}</text>'
        )
    for i, label in enumerate(x_labels):
        parts.append(
            f'<text x="{x_at(i):.1f}" y="{label_y}" text-anchor="middle">{escape(label)}</text>'
        )
    for i, note in enumerate(x_notes):
        if note:
            parts.append(
                f'<text class="note" x="{x_at(i):.1f}" y="{label_y + NOTE_ROW}" '
                f'text-anchor="middle" font-size="{NOTE_FONT_SIZE}">{escape(note)}</text>'
            )
    parts.append("</g>")
    for n, line in enumerate(series):
        points = [(x_at(i), y_at(v)) for i, v in enumerate(line.values) if v is not None]
        if not points:
            continue
        shade = n % len(COLOURS)
        parts.append(
            f'<g class="series s{shade}" fill="{COLOURS[shade]}"><title>{escape(line.name)}</title>'
        )
        for run in _unbroken_runs(line.values):
            path = " ".join(f"{x_at(i):.1f},{y_at(v):.1f}" for i, v in run)
            parts.append(
                f'<polyline points="{path}" fill="none" stroke="{COLOURS[shade]}" '
                f'stroke-width="{LINE_WIDTH}" stroke-linejoin="round"/>'
            )
        parts.extend(_marker(MARKERS[n % len(MARKERS)], x, y) for x, y in points)
        parts.append("</g>")
    parts.append("</svg>")
    legend = "".join(
        f'<li class="s{n % len(COLOURS)}"><svg viewBox="-6 -6 12 12" aria-hidden="true" '
        f'fill="{COLOURS[n % len(COLOURS)]}">'
        f"{_marker(MARKERS[n % len(MARKERS)], 0, 0)}</svg>{escape(line.name)}</li>"
        for n, line in enumerate(series)
    )
    return Markup(
        f'<figure class="chart-figure">{"".join(parts)}'
        f'<ul class="chart-legend">{legend}</ul></figure>'
    )
