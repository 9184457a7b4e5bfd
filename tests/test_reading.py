"""The page-reading helpers: `visible_text` reads only what a reader sees."""

from __future__ import annotations

import pytest
from reading import markup, visible_text
from werkzeug.wrappers import Response


def shown(body: str) -> Response:
    return Response(
        f"<!doctype html><html><head><title>Tab</title></head><body>{body}</body></html>"
    )


@pytest.mark.parametrize(
    ("body",                                                          "text"),
    [
        ('<p class="x">Ann&#39;s  turn</p>',                            "Ann's turn"),
        ("<p>Hand 1</p><p hidden>Hand 2</p>",                           "Hand 1"),
        ('<div hidden><p>gone <b>too</b></p></div><p>kept</p>',         "kept"),
        ('<span aria-hidden="true">★</span>Ann',                        "Ann"),
        ('<script>var a = "no";</script><p>yes</p>',                    "yes"),
        ('<input name="n" value="secret"><label>Name</label>',          "Name"),
        ("<p>split\n   over\n lines</p>",                               "split over lines"),
    ],
    ids=["entities-and-spaces", "hidden", "nested-hidden", "aria-hidden", "script",
         "input-value", "folded-lines"],
)  # fmt: skip
def test_visible_text_holds_only_what_is_shown(body: str, text: str) -> None:
    assert visible_text(shown(body)) == text


def test_markup_keeps_the_tags_for_finding_attributes() -> None:
    assert 'value="secret"' in markup(shown('<input name="n" value="secret">'))
