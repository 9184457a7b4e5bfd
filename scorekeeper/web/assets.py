"""Static files: fingerprinted URLs kept a year, sent compressed, so a repeat visit asks nothing.

`url_for("static", filename=...)` gets `?v=<digest of the file>`. A request carrying the file's
current digest is answered `Cache-Control: public, max-age=31536000, immutable`: a browser uses
its copy without asking again until the file changes, and then the page names a new URL. Any
other request (no digest, or an old one) gets the current file with `no-cache`, so it is
checked each time. Text files (CSS, JavaScript, SVG) go out brotli- or gzip-compressed,
compressed once per version of the file and kept in memory.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
import threading
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, Response, abort, current_app, request
from flask.typing import ResponseReturnValue
from werkzeug.security import safe_join

try:  # installed with Flask-Compress on CPython; gzip alone otherwise
    import brotli
except ImportError:  # pragma: no cover
    brotli = None

YEAR = 365 * 24 * 60 * 60
COMPRESSIBLE = {
    "text/css",
    "text/javascript",
    "application/javascript",
    "image/svg+xml",
    "application/json",
    "application/manifest+json",
    "text/plain",
}
CODINGS = ("br", "gzip") if brotli is not None else ("gzip",)
# Below this size, compressing saves less than the header costs.
SMALLEST_COMPRESSED = 256
# The types of the files the app ships, the same on every system: `mimetypes` reads the
# system's own tables, which differ between systems (Windows' registry can say text/plain
# for .js).
TYPES = {
    ".css": "text/css",
    ".js": "text/javascript",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/vnd.microsoft.icon",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".txt": "text/plain",
}


@dataclass
class StaticFile:
    """One static file as read from disk, its digest, and its compressed bodies."""

    path: str
    stamp: tuple[int, int]
    body: bytes
    digest: str
    mimetype: str
    encoded: dict[str, bytes] = field(default_factory=dict)

    def body_for(self, accepted: str) -> tuple[bytes, str | None]:
        """The body to send to a client whose Accept-Encoding is `accepted`, and its coding."""
        if self.mimetype not in COMPRESSIBLE or len(self.body) < SMALLEST_COMPRESSED:
            return self.body, None
        for coding in CODINGS:
            if _accepts(accepted, coding):
                if coding not in self.encoded:
                    self.encoded[coding] = _compress(self.body, coding)
                return self.encoded[coding], coding
        return self.body, None


class StaticFiles:
    """The app's static folder, read once per version of each file."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self._files: dict[str, StaticFile] = {}
        self._lock = threading.Lock()

    def get(self, filename: str) -> StaticFile | None:
        """The file `filename` under the folder, or None when there is no such file."""
        path = safe_join(self.folder, filename)
        if path is None:
            return None
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            return None
        if not os.path.isfile(path):
            return None
        stamp = (info.st_mtime_ns, info.st_size)
        found = self._files.get(path)
        if found is not None and found.stamp == stamp:
            return found
        with open(path, "rb") as handle:
            body = handle.read()
        mimetype = _type_of(path)
        found = StaticFile(path, stamp, body, hashlib.sha256(body).hexdigest()[:16], mimetype)
        with self._lock:
            self._files[path] = found
        return found


def _type_of(path: str) -> str:
    """The file's media type: named in TYPES, else as the system knows it."""
    known = TYPES.get(os.path.splitext(path)[1].lower())
    return known or mimetypes.guess_type(path)[0] or "application/octet-stream"


def register(app: Flask) -> None:
    """Serve the static folder this way, and fingerprint every URL made for it."""
    files = StaticFiles(app.static_folder or "")
    app.extensions["static_files"] = files

    @app.url_defaults
    def fingerprint(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint != "static" or "v" in values or not values.get("filename"):
            return
        found = files.get(values["filename"])
        if found is not None:
            values["v"] = found.digest

    app.view_functions["static"] = send_static
    app.after_request(compress_refusal)


def send_static(filename: str) -> ResponseReturnValue:
    """A static file: kept a year under its current digest, else checked on every use."""
    found = current_app.extensions["static_files"].get(filename)
    if found is None:
        abort(404)
    body, coding = found.body_for(request.headers.get("Accept-Encoding", ""))
    response = Response(body, mimetype=found.mimetype)
    if coding:
        response.headers["Content-Encoding"] = coding
    if found.mimetype in COMPRESSIBLE:
        response.vary.add("Accept-Encoding")
    response.set_etag(found.digest + (f"-{coding}" if coding else ""))
    if request.args.get("v") == found.digest:
        response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


def compress_refusal(response: Response) -> Response:
    """Compress a 4xx page as Flask-Compress does a success (it leaves other statuses alone).

    A refused hand form (422) is as big as the form itself, and goes to the same slow phone.
    """
    if (
        not 400 <= response.status_code < 500
        or response.is_streamed
        or "Content-Encoding" in response.headers
        or response.mimetype not in current_app.config.get("COMPRESS_MIMETYPES", ())
    ):
        return response
    body = response.get_data()
    if len(body) < SMALLEST_COMPRESSED:
        return response
    accepted = request.headers.get("Accept-Encoding", "")
    coding = next((c for c in CODINGS if _accepts(accepted, c)), None)
    response.vary.add("Accept-Encoding")
    if coding is None:
        return response
    response.set_data(_compress(body, coding, fast=True))
    response.headers["Content-Encoding"] = coding
    return response


def _accepts(accepted: str, coding: str) -> bool:
    for part in accepted.lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() == coding:
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def _compress(body: bytes, coding: str, fast: bool = False) -> bytes:
    # Static files are compressed once, as small as can be; pages each time, quickly.
    if coding == "br":
        return brotli.compress(body, quality=4 if fast else 11)
    return gzip.compress(body, compresslevel=6 if fast else 9, mtime=0)
