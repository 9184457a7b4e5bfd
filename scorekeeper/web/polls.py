"""The answer to a page's poll of a game's version: tagged with it, and empty when unchanged.

A phone at the table asks every few seconds; almost every answer is "nothing moved". The
version is the answer's ETag, so a page that sends it back in `If-None-Match` gets
`304 Not Modified` and no body.
"""

from __future__ import annotations

from flask import abort, jsonify, request
from werkzeug.wrappers import Response


def version_answer(version: int | None) -> Response:
    """The game's version as JSON with its ETag, or 304 when `If-None-Match` names it; 404
    when there is no version to give (the game is gone, or not the link's)."""
    if version is None:
        abort(404)
    response = jsonify(version=version)
    response.set_etag(f"v{version}")
    return response.make_conditional(request)
