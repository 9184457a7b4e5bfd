"""A browser of sorts over Flask's test client: it keeps cookies and fills in forms."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from flask import Flask
from werkzeug.test import TestResponse

FormData = dict[str, Any]


class BenchError(Exception):
    """The bench itself broke: a page answered other than it must."""


# What a browser fetches while it loads a page (a manifest's icons only on installing the app).
LOADING_RELS = {"stylesheet", "icon", "apple-touch-icon", "manifest", "preload", "modulepreload"}


@dataclass
class Form:
    """A form as a browser would send it untouched, and its boxes, ticked or not."""

    action: str
    fields: FormData = field(default_factory=dict)
    boxes: list[tuple[str, str]] = field(default_factory=list)


class PageReader(HTMLParser):
    """What a browser reads of a page: the URLs it loads, and its forms with their values."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.forms: list[Form] = []
        self.select: list[str] = []  # the open select's name, then its options' values

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note a URL to load, a form, or a control of the last form."""
        found = {name: value or "" for name, value in attrs}
        if tag == "link" and LOADING_RELS & set(found.get("rel", "").lower().split()):
            self.loads.append(found.get("href", ""))
        elif tag in ("script", "img") and found.get("src"):
            self.loads.append(found["src"])
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

    def handle_endtag(self, tag: str) -> None:
        """Close a select."""
        if tag == "select":
            self.select = []


def read(page: str) -> PageReader:
    """A page as a browser reads it."""
    reader = PageReader()
    reader.feed(page)
    return reader


class Browser:
    """One visitor of an app, in process: cookies kept from answer to answer."""

    def __init__(self, app: Flask) -> None:
        self.client = app.test_client()

    def fetch(self, path: str, headers: Mapping[str, str] | None = None) -> TestResponse:
        """GET something that must answer 200."""
        return self.check(self.client.get(path, headers=dict(headers or {})), 200)

    def get(self, path: str) -> str:
        """GET a page that must answer 200; its text."""
        return self.fetch(path).text

    def post(self, path: str, data: FormData, status: int = 302) -> TestResponse:
        """POST a form that must answer `status` (by default a redirect)."""
        return self.check(self.client.post(path, data=data), status)

    def timed(
        self, path: str, data: FormData | None = None, headers: Mapping[str, str] | None = None
    ) -> float:
        """Seconds to send a GET (a POST of `data`) and read the whole answer, 200 (302)."""
        method, status = ("GET", 200) if data is None else ("POST", 302)
        started = time.perf_counter()
        response = self.client.open(path, method=method, data=data, headers=dict(headers or {}))
        response.get_data()
        elapsed = time.perf_counter() - started
        self.check(response, status)
        return elapsed

    def form(self, page: str, action: str) -> Form:
        """The form of `page` that posts to `action` (a form naming none posts to its page)."""
        for found in read(self.get(page)).forms:
            if (found.action or page).split("?")[0] == action:
                return found
        raise BenchError(f"{page} has no form posting to {action}.")

    def submit(self, page: str, action: str, **values: str) -> TestResponse:
        """Fill in the form of `page` posting to `action` with `values`; send it."""
        return self.post(action, {**self.form(page, action).fields, **values})

    @staticmethod
    def check(response: TestResponse, status: int) -> TestResponse:
        """The response, when its status is the one expected."""
        if response.status_code != status:
            text = response.get_data(as_text=True)[:400]
            raise BenchError(f"{response.request.path} answered {response.status_code}: {text}")
        return response
