"""Printed sheets as PDF: WeasyPrint renders the app's own templates, fetching nothing online.

The reusable API: `paper_size()` reads the paper asked for, `render_html()` renders a template
as the page a browser prints, `render_pdf()` turns the same template into PDF bytes, and
`pdf_response()` sends them. Each PDF is drawn in the request that asks for it, within the
process's drawing slots (`slots`), by WeasyPrint (`pdf_engine`); finished PDFs are kept
in memory, in a size-bounded cache keyed by what they show (`pdf_cache`).
"""

from __future__ import annotations

from collections.abc import Hashable
from io import BytesIO
from pathlib import Path
from typing import Any

from flask import (
    Response,
    current_app,
    has_request_context,
    render_template,
    request,
    send_file,
    url_for,
)

from scorekeeper.models import League
from scorekeeper.paper import DEFAULT_PAPER, PAPERS
from scorekeeper.read import pdf_engine
from scorekeeper.read.pdf_cache import PdfCache, key_of
from scorekeeper.read.slots import DrawingsBusy, Slots, app_slots
from scorekeeper.rules.language import _

# The stylesheets a PDF is printed with, in order: the app's, then the paper's.
STYLESHEETS = ("app.css", "print.css")
# The scoresheets' PDFs: the few rules of app.css they rely on (pdf.css), then the paper's.
SHEET_STYLESHEETS = ("pdf.css", "print.css")
# The paper a download may ask for (?paper=a4|letter) and WeasyPrint's name for each.
PAPER_SIZES: dict[str, str] = {paper.key: paper.name for paper in PAPERS}
# The Content-Security-Policy of a PDF response, in place of the app's policy for pages.
PDF_SECURITY_POLICY = "base-uri 'none'; form-action 'none'"
# Where relative URLs point when no request is being served (a script, a test).
OFFLINE_ROOT = "http://scorekeeper.invalid/"


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
        *some, last = PAPER_SIZES
        known = _("%(some)s or %(last)s") % {"some": ", ".join(some), "last": last}
        refusal = _("There is no paper size %(asked)s: ask for paper=%(known)s.")
        raise PaperRefused(refusal % {"asked": repr(requested), "known": known}) from None


def page_css(paper: str, landscape: bool) -> str:
    """The `@page` size rule for this paper, turned sideways when asked."""
    return f"@page {{ size: {paper} {'landscape' if landscape else 'portrait'}; }}"


def page_name(paper: str, landscape: bool) -> str:
    """The named page of print.css for this paper: "a4-portrait", "letter-landscape", ..."""
    return f"{paper.lower()}-{'landscape' if landscape else 'portrait'}"


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


def render_pdf(
    template_name: str,
    paper: str,
    landscape: bool = False,
    *,
    owner: Hashable,
    fresh: bool = False,
    stylesheets: tuple[str, ...] = STYLESHEETS,
    **context: Any,
) -> bytes:
    """Render a template to PDF on this paper, with its print CSS, fetching nothing online.

    The same page on the same paper with the same stylesheets comes from the cache, unless
    `fresh`; a drawing takes one of the process's slots, the owner's one at a time.

    :param paper: "A4" or "Letter" (see `paper_size`).
    :param landscape: turn the pages sideways.
    :param owner: whose drawings queue together (`owner_of` the sheet's league).
    :param fresh: draw it again even when the cache holds it (the owner's hard reload).
    :param stylesheets: the files of static/ to print with, in order: the app's own and
        print.css by default; the scoresheets give SHEET_STYLESHEETS.
    :return: the PDF file's bytes.
    :raises slots.DrawingsBusy: when no slot came free in a short wait (a 503).
    """
    context["printing"] = True
    html = render_html(template_name, paper, landscape, **context)
    base_url = request.root_url if has_request_context() else OFFLINE_ROOT
    files = stylesheet_files(stylesheets)
    size_rule = page_css(paper, landscape)
    stamps = ",".join(str(path.stat().st_mtime_ns) for path in files)
    key = key_of((html, base_url, size_rule, stamps))
    cache = pdf_cache()
    if not fresh and (found := cache.get(key)) is not None:
        return found
    with drawing_slots().held(owner):
        # The same sheet may have been drawn while this request waited for its slot.
        if not fresh and (found := cache.get(key)) is not None:
            return found
        static_path = url_for("static", filename="")
        folder = current_app.static_folder or ""
        fetcher = pdf_engine.StaticFilesOnly(base_url, static_path, folder)
        document: bytes = pdf_engine.write_pdf(html, base_url, fetcher, size_rule, files)
    cache.put(key, document)
    return document


def owner_of(league: League) -> Hashable:
    """Whose drawings queue together: the league's owner, or the league when it has none."""
    return ("account", league.owner_id) if league.owner_id is not None else ("league", league.id)


def fresh_asked() -> bool:
    """True when the request asks for a fresh copy (`Cache-Control: no-cache`, a hard reload)."""
    return has_request_context() and "no-cache" in request.headers.get("Cache-Control", "")


def drawing_slots() -> Slots:
    """This app's drawing slots (PDF_DRAWINGS at once, one per owner)."""
    return app_slots("pdf_slots", current_app.config["PDF_DRAWINGS"], DrawingsBusy)


def pdf_cache() -> PdfCache:
    """This app's cache of finished PDFs and recap pictures in memory (PDF_CACHE_BYTES), made
    on first use."""
    cache: PdfCache | None = current_app.extensions.get("pdf_cache")
    if cache is None:
        size = current_app.config["PDF_CACHE_BYTES"]
        cache = current_app.extensions.setdefault("pdf_cache", PdfCache(size))
    return cache


def stylesheet_files(names: tuple[str, ...] = STYLESHEETS) -> tuple[Path, ...]:
    """The app's stylesheets `names` (of static/), in order."""
    folder = Path(current_app.static_folder or "")
    return tuple(folder / name for name in names)


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
