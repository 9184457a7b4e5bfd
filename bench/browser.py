"""A browser of sorts over Flask's test client: it keeps cookies and fills in forms."""

from __future__ import annotations

import time
from collections.abc import Mapping

from flask import Flask
from werkzeug.test import TestResponse

from bench.pages import Form, FormData, read


class BenchError(Exception):
    """The bench itself broke: a page answered other than it must."""


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
