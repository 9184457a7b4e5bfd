"""A recap card as a picture a phone can share: a PNG 1080 pixels wide, drawn with Pillow in
the DejaVu fonts, showing the card's texts (`Recap.texts`) in the page's order."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from io import BytesIO
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from scorekeeper.rules.recap import Recap

WIDTH = 1080
MARGIN = 80
# A phone's portrait picture at least 4:5; a longer card grows down.
SHORTEST = 1350
# Found by Pillow in the system's font folders (fonts-dejavu-core on Debian).
FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
BACKGROUND = "#0f3d2e"
RULE = "#2f6a53"
ELLIPSIS = "…"

Style = Literal[
    "title", "subtitle", "headline", "note", "place", "name", "winner", "score",
    "label", "words", "aside",
]  # fmt: skip
# Each style: its font, size in pixels and colour.
STYLES: dict[Style, tuple[str, int, str]] = {
    "title": ("bold", 76, "#f2c14e"),
    "subtitle": ("regular", 36, "#b8cbbf"),
    "headline": ("bold", 50, "#f6f3ea"),
    "note": ("regular", 36, "#ffd37a"),
    "place": ("bold", 44, "#b8cbbf"),
    "name": ("regular", 44, "#f6f3ea"),
    "winner": ("bold", 44, "#f2c14e"),
    "score": ("bold", 44, "#f6f3ea"),
    "label": ("bold", 34, "#f2c14e"),
    "words": ("regular", 40, "#f6f3ea"),
    "aside": ("regular", 30, "#b8cbbf"),
}
PLACE_WIDTH = 90  # the place number's column, before the names


class FontsMissing(RuntimeError):
    """The DejaVu fonts are not installed, so the picture cannot be drawn."""


@dataclass(frozen=True, slots=True)
class Drawn:
    """A line of text on the picture: its style and where it goes (its left edge, or its right
    edge when `right`, at its top)."""

    text: str
    style: Style
    x: int
    y: int
    right: bool = False


@functools.lru_cache(maxsize=len(STYLES))
def font(style: Style) -> ImageFont.FreeTypeFont:
    """The font of a style, read once per process.

    :raises FontsMissing: when the system has no DejaVu fonts.
    """
    kind, size, _colour = STYLES[style]
    try:
        return ImageFont.truetype(FONT_FILES[kind], size)
    except OSError as missing:
        raise FontsMissing(
            f"The recap picture needs the DejaVu fonts ({FONT_FILES[kind]}); install "
            "fonts-dejavu-core (.ci/system-deps run)."
        ) from missing


def line_height(style: Style) -> int:
    """The height a line of this style takes, its spacing included."""
    return round(STYLES[style][1] * 1.3)


def fitted(text: str, style: Style, width: float) -> str:
    """`text` as it fits in `width` pixels: whole, or cut short with an ellipsis."""
    face = font(style)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + ELLIPSIS) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def wrapped(text: str, style: Style, width: float) -> list[str]:
    """`text` broken into lines of at most `width` pixels at its spaces (a word longer than a
    line is broken where it must)."""
    face = font(style)
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        tried = f"{line} {word}" if line else word
        if face.getlength(tried) <= width:
            line = tried
            continue
        if line:
            lines.append(line)
        while face.getlength(word) > width:
            cut = max(1, len(fitted(word, style, width)) - 1)
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    return [*lines, line] if line else lines


def layout(recap: Recap) -> tuple[list[Drawn], int]:
    """Where each text of the card goes, top to bottom, and the picture's height."""
    drawn: list[Drawn] = []
    inner = WIDTH - 2 * MARGIN
    y = MARGIN

    def block(text: str, style: Style, space_after: int = 0) -> None:
        nonlocal y
        for line in wrapped(text, style, inner):
            drawn.append(Drawn(line, style, MARGIN, y))
            y += line_height(style)
        y += space_after

    block(recap.title, "title")
    block(recap.subtitle, "subtitle", 28)
    block(recap.headline, "headline", 8)
    if recap.note:
        block(recap.note, "note")
    y += 32
    for placing in recap.placings:
        score_width = font("score").getlength(placing.score)
        name_width = inner - PLACE_WIDTH - score_width - 24
        name_style: Style = "winner" if placing.place == 1 else "name"
        drawn.append(Drawn(str(placing.place), "place", MARGIN, y))
        drawn.append(
            Drawn(fitted(placing.name, name_style, name_width), name_style, MARGIN + PLACE_WIDTH, y)
        )
        if placing.note:
            below = y + line_height("name")
            note = fitted(placing.note, "aside", name_width)
            drawn.append(Drawn(note, "aside", MARGIN + PLACE_WIDTH, below))
        drawn.append(Drawn(placing.score, "score", WIDTH - MARGIN, y, right=True))
        y += line_height("name") + (line_height("aside") if placing.note else 0)
    y += 40
    for part in recap.parts:
        block(part.label, "label", 4)
        block(part.words, "words")
        if part.aside:
            block(part.aside, "aside")
        y += 32
    return drawn, max(SHORTEST, y + MARGIN)


def draw(recap: Recap) -> bytes:
    """The card as a PNG file.

    :raises FontsMissing: when the system has no DejaVu fonts.
    """
    texts, height = layout(recap)
    picture = Image.new("RGB", (WIDTH, height), BACKGROUND)
    pen = ImageDraw.Draw(picture)
    # A rule under the headline, between the places and the parts.
    first_place = next((d.y for d in texts if d.style == "place"), None)
    if first_place is not None:
        pen.line([(MARGIN, first_place - 20), (WIDTH - MARGIN, first_place - 20)], RULE, 3)
    for text in texts:
        pen.text(
            (text.x, text.y),
            text.text,
            font=font(text.style),
            fill=STYLES[text.style][2],
            anchor="ra" if text.right else "la",
        )
    out = BytesIO()
    picture.save(out, "PNG")
    return out.getvalue()
