"""Printed sheets as PDF: WeasyPrint renders the app's own templates, fetching nothing online.

The reusable API: `paper_size()` reads the paper asked for, `render_html()` renders a template
as the page a browser prints, `render_pdf()` turns the same template into PDF bytes, and
`pdf_response()` sends them. WeasyPrint is imported here, at start, not on the first request.
"""

from __future__ import annotations

import logging
import mimetypes
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import weasyprint
from flask import (
    Response,
    current_app,
    has_request_context,
    render_template,
    request,
    send_file,
    url_for,
)
from weasyprint.urls import URLFetcher, URLFetcherResponse
from werkzeug.security import safe_join

from scorekeeper.read.paper import DEFAULT_PAPER, PAPERS

# The stylesheets a PDF is printed with, in order: the app's, then the paper's.
STYLESHEETS = ("app.css", "print.css")
# The paper a download may ask for (?paper=a4|letter) and WeasyPrint's name for each.
PAPER_SIZES: dict[str, str] = {paper.key: paper.name for paper in PAPERS}
# Page sizes in PDF points (1/72 inch), portrait.
PAGE_POINTS: dict[str, tuple[int, int]] = {paper.name: paper.points for paper in PAPERS}
# The Content-Security-Policy of a PDF response, in place of the app's policy for pages.
PDF_SECURITY_POLICY = "base-uri 'none'; form-action 'none'"
# Where relative URLs point when no request is being served (a script, a test).
OFFLINE_ROOT = "http://scorekeeper.invalid/"

# app.css is written for browsers: WeasyPrint would warn, on every sheet, about each screen-only
# rule it skips. Errors (a file it could not fetch, say) are still logged.
logging.getLogger("weasyprint").setLevel(logging.ERROR)


class PaperRefused(ValueError):
    """A paper size the sheets are not made for; the message says which ones are."""


def paper_size(requested: str | None, default: str | None) -> str:
    """The paper to print on: the one asked for, else the league's, else A4.

    :param requested: the `?paper=` value, `a4` or `letter` in any case; empty or None for
        the default.
    :param default: the league's `paper_size` ("A4" or "Letter").
    :raises PaperRefused: for any other paper asked for.
    """
    if requested is None or not requested.strip():
        return PAPER_SIZES.get((default or "").lower(), DEFAULT_PAPER)
    try:
        return PAPER_SIZES[requested.strip().lower()]
    except KeyError:
        known = " or ".join(PAPER_SIZES)
        raise PaperRefused(
            f"There is no paper size {requested!r}: ask for paper={known}."
        ) from None


def page_css(paper: str, landscape: bool) -> str:
    """The `@page` size rule for this paper, turned sideways when asked."""
    return f"@page {{ size: {paper} {'landscape' if landscape else 'portrait'}; }}"


def page_name(paper: str, landscape: bool) -> str:
    """The named page of print.css for this paper: "a4-portrait", "letter-landscape", ..."""
    return f"{paper.lower()}-{'landscape' if landscape else 'portrait'}"


def page_points(paper: str, landscape: bool) -> tuple[int, int]:
    """(width, height) of a page of this paper in PDF points."""
    width, height = PAGE_POINTS[paper]
    return (height, width) if landscape else (width, height)


class StaticFilesOnly(URLFetcher):
    """A URL fetcher that serves the app's own static files from disk and refuses the rest.

    A sheet holds names typed by users, so nothing in it may make the server reach out to the
    network or read a file outside `static/`.
    """

    def __init__(self, root_url: str, static_path: str, static_folder: str) -> None:
        super().__init__(allowed_protocols=())
        root = urlsplit(root_url)
        self.origin = (root.scheme, root.netloc)
        self.static_path = static_path if static_path.endswith("/") else static_path + "/"
        self.static_folder = static_folder

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
        """Serve `url` when it names a file under static/; raise ValueError otherwise."""
        parts = urlsplit(url)
        if (parts.scheme, parts.netloc) != self.origin or not parts.path.startswith(
            self.static_path
        ):
            raise ValueError(f"Printed sheets fetch only the app's static files, not {url}")
        name = unquote(parts.path[len(self.static_path) :])
        path = safe_join(self.static_folder, name)
        if path is None or not Path(path).is_file():
            raise ValueError(f"There is no static file {name!r}")
        content_type = mimetypes.guess_type(path)[0] or "application/octet-stream"
        return URLFetcherResponse(
            url, Path(path).read_bytes(), headers={"Content-Type": content_type}
        )


def static_files_only() -> StaticFilesOnly:
    """The fetcher for the current app (and request, when one is being served)."""
    root_url = request.root_url if has_request_context() else OFFLINE_ROOT
    static_path = url_for("static", filename="")
    return StaticFilesOnly(root_url, static_path, current_app.static_folder or "")


def render_html(template_name: str, paper: str, landscape: bool, **context: Any) -> str:
    """Render a sheet's template as the page a browser prints.

    Besides `context` the template gets `paper`, `landscape`, `page_name` (print.css's named
    page for them: give it as class `page-<page_name>` to the sheet, since the app's
    Content-Security-Policy refuses inline styles) and `printing` (True for a PDF).
    """
    context.setdefault("printing", False)
    return render_template(
        template_name,
        paper=paper,
        landscape=landscape,
        page_name=page_name(paper, landscape),
        **context,
    )


def render_pdf(template_name: str, paper: str, landscape: bool = False, **context: Any) -> bytes:
    """Render a template to PDF on this paper, with its print CSS, fetching nothing online.

    :param paper: "A4" or "Letter" (see `paper_size`).
    :param landscape: turn the pages sideways.
    :return: the PDF file's bytes.
    """
    context["printing"] = True
    html = render_html(template_name, paper, landscape, **context)
    fetcher = static_files_only()
    base_url = request.root_url if has_request_context() else OFFLINE_ROOT
    document = weasyprint.HTML(string=html, base_url=base_url, url_fetcher=fetcher)
    size = weasyprint.CSS(string=page_css(paper, landscape), url_fetcher=fetcher)
    return document.write_pdf(stylesheets=[*sheet_stylesheets(), size])


def sheet_stylesheets() -> tuple[weasyprint.CSS, ...]:
    """The app's stylesheets for paper, parsed once per process (again only if a file changes)."""
    folder = Path(current_app.static_folder or "")
    files = tuple(folder / name for name in STYLESHEETS)
    return _parsed(files, tuple(path.stat().st_mtime_ns for path in files))


@lru_cache(maxsize=4)
def _parsed(files: tuple[Path, ...], _stamps: tuple[int, ...]) -> tuple[weasyprint.CSS, ...]:
    # The files are read from disk: nothing is fetched, and @import is not used.
    return tuple(weasyprint.CSS(filename=str(path), media_type="print") for path in files)


def pdf_response(pdf: bytes, filename: str, *, download: bool = False) -> Response:
    """Send PDF bytes, shown in the browser (or saved, with `download`) under `filename`."""
    response = send_file(
        BytesIO(pdf),
        mimetype="application/pdf",
        as_attachment=download,
        download_name=filename,
        max_age=0,
    )
    response.headers["Cache-Control"] = "no-store"
    # A PDF runs nothing of ours, and the app's page policy (no inline style, object-src
    # 'none') can keep browsers' own PDF viewers from showing it (crbug.com/271452).
    response.headers["Content-Security-Policy"] = PDF_SECURITY_POLICY
    return response
