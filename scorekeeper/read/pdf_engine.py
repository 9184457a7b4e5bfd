"""The part of printing that speaks to WeasyPrint: its fonts, its fetcher, its drawing."""

from __future__ import annotations

import logging
import mimetypes
import threading
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import weasyprint
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse
from werkzeug.security import safe_join

# app.css is written for browsers: WeasyPrint would warn, on every sheet, about each screen-only
# rule it skips. Errors (a file it could not fetch, say) are still logged.
logging.getLogger("weasyprint").setLevel(logging.ERROR)


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


# Each thread's font configuration (see font_config).
_threads = threading.local()


def font_config() -> FontConfiguration:
    """This thread's font configuration, made on its first PDF and kept.

    Without one, WeasyPrint makes a new configuration for every PDF: it loads fontconfig's
    configuration again and starts a new Pango font map, whose fonts and glyph caches are empty.
    The sheets use no web fonts (nothing is added to it), and a font map is used by one thread
    at a time: hence one per thread (waitress serves from several; gunicorn's workers from one).
    """
    config = getattr(_threads, "font_config", None)
    if config is None:
        config = _threads.font_config = FontConfiguration()
    return config


def write_pdf(
    html: str, base_url: str, fetcher: StaticFilesOnly, page_css: str, files: tuple[Path, ...]
) -> bytes:
    """The PDF of `html` with the app's stylesheets `files` (parsed once) and the page rule."""
    document = weasyprint.HTML(string=html, base_url=base_url, url_fetcher=fetcher)
    size = weasyprint.CSS(string=page_css, url_fetcher=fetcher)
    # Tagged (its headings, tables and paragraphs marked), so a screen reader can follow it;
    # WeasyPrint takes the document's language and title from the page's lang and <title>.
    drawn: bytes = document.write_pdf(
        stylesheets=[*stylesheets(files), size], font_config=font_config(), pdf_tags=True
    )
    return drawn


def stylesheets(files: tuple[Path, ...]) -> tuple[weasyprint.CSS, ...]:
    """The stylesheets `files`, parsed once per process (again only if a file changes)."""
    return _parsed(files, tuple(path.stat().st_mtime_ns for path in files))


@lru_cache(maxsize=4)
def _parsed(files: tuple[Path, ...], _stamps: tuple[int, ...]) -> tuple[weasyprint.CSS, ...]:
    # The files are read from disk: nothing is fetched, and @import is not used.
    return tuple(weasyprint.CSS(filename=str(path), media_type="print") for path in files)
