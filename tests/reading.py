"""Reading a rendered page as a user would: its text, form values, and the totals list."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from scorekeeper.languages import LANGUAGES

# Elements whose content is never shown as text on the page.
_UNSEEN = {"head", "script", "style", "template", "noscript"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}


class _Visible(HTMLParser):
    """Collects the text of elements that are shown: not `hidden`, not in head or script."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.open: list[tuple[str, bool]] = []  # (tag, hides its content)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        names = {name for name, _ in attrs}
        hides = tag in _UNSEEN or "hidden" in names or ("aria-hidden", "true") in attrs
        self.open.append((tag, hides))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.open) - 1, -1, -1):
            if self.open[index][0] == tag:
                del self.open[index:]
                return

    def handle_data(self, data: str) -> None:
        if not any(hides for _, hides in self.open):
            self.words.append(data)


def visible_text(response) -> str:
    """The text a reader sees on the page: no tags, no attributes, no hidden elements.

    White space is folded to single spaces, so a sentence split over lines reads whole.
    """
    reader = _Visible()
    reader.feed(response.get_data(as_text=True))
    reader.close()
    return " ".join(" ".join(reader.words).split())


def markup(response) -> str:
    """The page's HTML (entities such as &#39; turned back into text), to find tags and attributes.

    For what the page says, use `visible_text`: markup also holds attributes and hidden parts.
    """
    return html.unescape(response.get_data(as_text=True))


# The older name of `markup`, for tests still using it: it is the HTML, not the text.
page = markup


def input_value(response, name: str) -> str:
    """The value an input of the rendered form holds."""
    tag = re.search(rf'<input[^>]*\bname="{name}"[^>]*>', markup(response)).group(0)
    return re.search(r'value="([^"]*)"', tag).group(1)


def is_checked(response, name: str) -> bool:
    """Whether a checkbox of the rendered form is ticked."""
    tag = re.search(rf'<input[^>]*\bname="{name}"[^>]*>', markup(response)).group(0)
    return re.search(r"\bchecked\b", tag) is not None


def totals(response) -> list[tuple[str, str, str]]:
    """(place, name, total) of each row of the table screen's totals, top to bottom."""
    listing = re.search(r'data-testid="totals">(.*?)</ol>', markup(response), re.S).group(1)
    rows = []
    for item in re.findall(r"<li.*?</li>", listing, re.S):
        place = re.search(r'class="place num">([^<]*)<', item).group(1)
        name = re.search(r'class="name">([^<]*)', item).group(1).strip()
        total = re.search(r'class="total num">([^<]*)<', item).group(1)
        rows.append((place, name, total))
    return rows


# Attributes whose text a person reads or hears: a label read aloud, a hint, a button's words.
_SPOKEN_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")


class _Chunks(_Visible):
    """The page's words as its pieces: each run of visible text and each spoken attribute."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        super().handle_starttag(tag, attrs)
        if any(hides for _, hides in self.open) and tag not in _VOID:
            return
        spoken = dict(attrs)
        for name in _SPOKEN_ATTRIBUTES:
            if spoken.get(name):
                self.words.append(spoken[name] or "")
        if tag == "input" and spoken.get("type") in ("submit", "button") and spoken.get("value"):
            self.words.append(spoken["value"] or "")


def _chunks(response) -> set[str]:
    reader = _Chunks()
    reader.feed(response.get_data(as_text=True))
    reader.close()
    return {" ".join(words.split()) for words in reader.words if words.strip()}


def english_left(english, translated, keep: tuple[str, ...] = ()) -> list[str]:
    """The pieces of text a translated page shows exactly as the English page does: words
    left untranslated. Pieces with no word of three letters or more (numbers, signs, "Q 10")
    are left out, and so is any piece made only of the words in `keep` (player, league and
    game names, which no language changes).
    """
    names = (*keep, *LANGUAGES.values())  # the switch names each language in its own words
    kept = {word for name in names for word in re.findall(r"[^\W\d_]+", name)}
    left = []
    for piece in _chunks(english) & _chunks(translated):
        words = [w for w in re.findall(r"[^\W\d_]+", piece) if w not in kept]
        if any(len(word) >= 3 for word in words):
            left.append(piece)
    return sorted(left)
