"""A page's weight: its HTML and every asset it loads, fetched from the server, in bytes.

Assets are what a browser requests while loading the page: stylesheets (print ones too,
browsers fetch them at low priority), scripts, images, icons and the manifest, then what
the stylesheets load (`url()`, `@import`). The manifest's own icons are fetched only when
the app is put on a home screen; they are listed apart. Every URL the page, its CSS, its
scripts and its manifest name is checked to stay on the server.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from bench.drivers import BenchError, OverHttp

LOADING_RELS = {"stylesheet", "icon", "apple-touch-icon", "manifest", "preload", "modulepreload"}
LOADING_TAGS = {"script", "img", "source", "video", "audio", "iframe", "embed", "track"}
URL_ATTRIBUTES = {"href", "src", "srcset", "action", "formaction", "poster", "data"}
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+?)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")
ABSOLUTE_URL = re.compile(r"""(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s"'`)]*""")


@dataclass(frozen=True)
class Asset:
    """One fetched URL: what referenced it, its type, and the bytes it weighs."""

    url: str
    kind: str
    status: int
    body_bytes: int
    header_bytes: int
    media: str = ""
    cache_control: str = ""
    etag: str = ""

    @property
    def kept(self) -> bool:
        """True when a browser uses its copy on the next visit without asking the server."""
        return kept_without_asking(self.cache_control)


@dataclass
class PageWeight:
    """A page with its assets, what else it requests, and any URL leaving the server."""

    page: str
    html_bytes: int
    html_header_bytes: int
    assets: list[Asset] = field(default_factory=list)
    install_assets: list[Asset] = field(default_factory=list)
    off_server: list[str] = field(default_factory=list)
    poll: Asset | None = None
    poll_seconds: int | None = None
    content_security_policy: str = ""
    # The next visit to the page, everything of the first still in the browser's cache.
    repeat_requests: int = 0
    repeat_bytes: int = 0
    repeat_asked: list[str] = field(default_factory=list)

    @property
    def total_bytes(self) -> int:
        """HTML plus every asset the page loads (bodies only)."""
        return self.html_bytes + sum(a.body_bytes for a in self.assets)

    @property
    def wire_bytes(self) -> int:
        """The same with the response headers."""
        headers = self.html_header_bytes + sum(a.header_bytes for a in self.assets)
        return self.total_bytes + headers

    @property
    def requests(self) -> int:
        """Requests to load the page: the HTML and one per asset."""
        return 1 + len(self.assets)


class _References(HTMLParser):
    """Every URL in a page's attributes, split into what loads and what only links."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[tuple[str, str, str]] = []
        self.others: list[str] = []
        self.poll_url: str | None = None
        self.poll_seconds: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        rels = set(values.get("rel", "").lower().split())
        for name, value in values.items():
            if not value:
                continue
            if name == "srcset":
                urls = [part.strip().split()[0] for part in value.split(",") if part.strip()]
            elif name in URL_ATTRIBUTES or name.endswith("-url"):
                urls = [value]
            else:
                continue
            for url in urls:
                if tag == "link" and name == "href" and rels & LOADING_RELS:
                    kind = sorted(rels & LOADING_RELS)[0]
                    self.loads.append((kind, url, values.get("media", "")))
                elif tag in LOADING_TAGS and name in ("src", "srcset"):
                    self.loads.append((tag, url, ""))
                else:
                    self.others.append(url)
        if "data-version-url" in values:
            self.poll_url = values["data-version-url"]
            self.poll_seconds = values.get("data-poll-seconds")


def weigh(driver: OverHttp, page: str) -> PageWeight:
    """Fetch `page` and everything it loads from the server; check nothing leaves it."""
    origin = f"http://127.0.0.1:{driver.port}"
    reply = driver.request("GET", page)
    if reply.status != 200:
        raise BenchError(f"{page} answered {reply.status} when weighed.")
    weight = PageWeight(
        page,
        reply.wire_bytes,
        reply.header_bytes,
        content_security_policy=reply.headers.get("content-security-policy", ""),
    )
    found = _References()
    found.feed(reply.body.decode("utf-8"))
    base = urljoin(origin, page)
    fetched: set[str] = set()
    queue = [(kind, urljoin(base, url), media) for kind, url, media in found.loads]
    for url in found.others:
        _check_origin(urljoin(base, url), origin, weight)
    manifest_icons: list[str] = []
    while queue:
        kind, url, media = queue.pop(0)
        if url.startswith("data:") or url in fetched or not _check_origin(url, origin, weight):
            continue
        fetched.add(url)
        asset_reply = driver.request("GET", _path(url))
        weight.assets.append(
            Asset(
                url=_path(url),
                kind=kind,
                status=asset_reply.status,
                body_bytes=asset_reply.wire_bytes,
                header_bytes=asset_reply.header_bytes,
                media=media,
                cache_control=asset_reply.headers.get("cache-control", ""),
                etag=asset_reply.headers.get("etag", ""),
            )
        )
        text = asset_reply.body.decode("utf-8", errors="replace")
        content_type = asset_reply.headers.get("content-type", "")
        if "css" in content_type:
            for match in CSS_URL.finditer(text):
                kind_found = "css url()" if match[1] else "css @import"
                queue.append((kind_found, urljoin(url, match[1] or match[2]), ""))
        elif "javascript" in content_type:
            for absolute in ABSOLUTE_URL.findall(text):
                _check_origin(urljoin(url, absolute), origin, weight)
        elif kind == "manifest":
            manifest = json.loads(text)
            manifest_icons = [urljoin(url, icon["src"]) for icon in manifest.get("icons", [])]
            if manifest.get("start_url"):
                _check_origin(urljoin(url, manifest["start_url"]), origin, weight)
    for url in manifest_icons:
        if url in fetched or not _check_origin(url, origin, weight):
            continue
        fetched.add(url)
        icon = driver.request("GET", _path(url))
        weight.install_assets.append(
            Asset(_path(url), "manifest icon", icon.status, len(icon.body), icon.header_bytes)
        )
    if found.poll_url:
        poll = driver.request("GET", _path(urljoin(base, found.poll_url)))
        weight.poll = Asset(found.poll_url, "poll", poll.status, len(poll.body), poll.header_bytes)
        weight.poll_seconds = int(found.poll_seconds) if found.poll_seconds else None
    broken = [a for a in weight.assets + weight.install_assets if a.status != 200]
    if broken:
        raise BenchError(f"Assets of {page} did not load: {broken}")
    _repeat_visit(driver, weight)
    return weight


def _repeat_visit(driver: OverHttp, weight: PageWeight) -> None:
    """Visit the page again as a browser with the first visit's copies in its cache does.

    The page itself is asked for again; an asset is asked for only when its Cache-Control
    does not let the browser keep it (then conditionally, with its ETag): each such request
    and every byte it brings (headers included) is counted.
    """
    again = driver.request("GET", weight.page)
    if again.status != 200:
        raise BenchError(f"{weight.page} answered {again.status} on the second visit.")
    weight.repeat_requests = 1
    weight.repeat_bytes = again.wire_bytes + again.header_bytes
    weight.repeat_asked = [weight.page]
    for asset in weight.assets:
        if asset.kept:
            continue
        asked = driver.request(
            "GET", asset.url, headers={"If-None-Match": asset.etag} if asset.etag else None
        )
        weight.repeat_requests += 1
        weight.repeat_bytes += asked.wire_bytes + asked.header_bytes
        weight.repeat_asked.append(f"{asset.url} ({asked.status})")


def kept_without_asking(cache_control: str) -> bool:
    """True for `immutable` or a positive max-age, without no-cache or no-store."""
    directives = {
        part.strip().split("=")[0].lower(): part.strip().partition("=")[2]
        for part in cache_control.split(",")
        if part.strip()
    }
    if "no-cache" in directives or "no-store" in directives:
        return False
    if "immutable" in directives:
        return True
    try:
        return int(directives.get("max-age", "0").strip('"')) > 0
    except ValueError:
        return False


def _check_origin(url: str, origin: str, weight: PageWeight) -> bool:
    """True for a URL on the server (or data:/a fragment); else note it as leaving it."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "mailto", "tel", "javascript") or url.startswith("#"):
        return parts.scheme == "data"
    if f"{parts.scheme}://{parts.netloc}" == origin:
        return True
    if url not in weight.off_server:
        weight.off_server.append(url)
    return False


def _path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")
