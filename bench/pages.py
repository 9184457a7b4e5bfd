"""Pages as a browser reads them: the URLs they load, their links and their forms, and a hand
form filled in as a table reports a hand.

Standard library only: the bench reads pages with it in process, and the load test's phones
(`bench/phones.py`, in Locust's own environment) over HTTP.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

FormData = dict[str, Any]

# What a browser fetches while it loads a page (a manifest's icons only on installing the app).
LOADING_RELS = {"stylesheet", "icon", "apple-touch-icon", "manifest", "preload", "modulepreload"}
# The words of the table screen's links to the hand form and to the scoresheet PDF.
SCORE_LINK = "Score hand"
PDF_LINK = "Scoresheet PDF"
OUT_BOX = re.compile(r"p\d+_out")  # a seat's "went out" box: p0_out, p1_out, ...


@dataclass
class Form:
    """A form as a browser would send it untouched, and its boxes, ticked or not."""

    action: str
    fields: FormData = field(default_factory=dict)
    boxes: list[tuple[str, str]] = field(default_factory=list)


class PageReader(HTMLParser):
    """What a browser reads of a page: the URLs it loads, its links with their words, its
    forms with their values, and the data attributes of its elements with an id."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.links: list[tuple[str, str]] = []  # (href, the link's words)
        self.forms: list[Form] = []
        self.data: dict[str, dict[str, str]] = {}  # element id: its data-* attributes
        self.select: list[str] = []  # the open select's name, then its options' values
        self.link: list[str] = []  # the open link's href, then its words

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note a URL to load, a link, a form, or a control of the last form."""
        found = {name: value or "" for name, value in attrs}
        if "id" in found:
            data = {k.removeprefix("data-"): v for k, v in found.items() if k.startswith("data-")}
            self.data[found["id"]] = data
        if tag == "link" and LOADING_RELS & set(found.get("rel", "").lower().split()):
            self.loads.append(found.get("href", ""))
        elif tag in ("script", "img") and found.get("src"):
            self.loads.append(found["src"])
        elif tag == "a" and found.get("href"):
            self.link = [found["href"]]
        elif tag == "form":
            self.forms.append(Form(found.get("action", "")))
        if not self.forms:
            return
        form, name, kind = self.forms[-1], found.get("name", ""), found.get("type", "text")
        if tag == "input" and kind in ("checkbox", "radio"):
            form.boxes.append((name, found.get("value", "on")))
            if "checked" in found:
                form.fields[name] = found.get("value", "on")
        elif tag == "input" and name and kind not in ("submit", "button", "image", "file"):
            form.fields[name] = found.get("value", "")
        elif tag == "select":
            self.select = [name]
        elif tag == "option" and self.select:
            self.select.append(found.get("value", ""))
            if "selected" in found or len(self.select) == 2:  # else the first option
                form.fields[self.select[0]] = self.select[-1]

    def handle_data(self, data: str) -> None:
        """Keep the words of the open link."""
        if self.link:
            self.link.append(data)

    def handle_endtag(self, tag: str) -> None:
        """Close a select or a link."""
        if tag == "select":
            self.select = []
        elif tag == "a" and self.link:
            self.links.append((self.link[0], " ".join("".join(self.link[1:]).split())))
            self.link = []

    def link_to(self, words: str) -> str | None:
        """The address of the first link whose words begin with `words`, if any."""
        return next((href for href, said in self.links if said.startswith(words)), None)


def read(page: str) -> PageReader:
    """A page as a browser reads it."""
    reader = PageReader()
    reader.feed(page)
    return reader


def filled_report(form: Form, turn: int) -> FormData:
    """A hand form's fields filled in as a table reports a hand.

    Seat `turn` (around the table) went out; the others count cards of a group or two, or
    now and then type their total.
    """
    seats = [name.removesuffix("_out") for name, _ in form.boxes if OUT_BOX.fullmatch(name)]
    values = dict(form.fields)
    for index, seat in enumerate(seats):
        counts = [name for name in values if name.startswith(f"{seat}_cards_")]
        if index == turn % len(seats):
            values[f"{seat}_out"] = "y"
        elif (turn + index) % 6 == 0:
            values[f"{seat}_total"] = str(5 * (turn + index))
        else:
            values[counts[(turn + index) % len(counts)]] = str(1 + turn * index % 3)
            values[counts[(turn + 2 * index) % len(counts)]] = "1"
    return values
