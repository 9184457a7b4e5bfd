"""Web hygiene: security headers on every response, cookies, and the proxy in front."""

from __future__ import annotations

from flask import Flask, Response
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper.web import access

# No inline script or style anywhere: every script and stylesheet is a file in static/.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "object-src 'none'",
        "frame-ancestors 'none'",
    )
)

# No page uses the camera, microphone, location, payments or USB; the table screen keeps
# the phone awake (Screen Wake Lock), on this site only.
PERMISSIONS_POLICY = ", ".join(
    (
        "camera=()",
        "microphone=()",
        "geolocation=()",
        "payment=()",
        "usb=()",
        "screen-wake-lock=(self)",
    )
)


def configure(app: Flask) -> None:
    """Add the security headers to every response; behind HTTPS, secure the cookies.

    With HTTPS set (behind a TLS proxy), cookies are sent over HTTPS only and the proxy's
    X-Forwarded-* headers are trusted for one hop. What a signed-in owner or a joined phone
    is sent (pages, the league file) is kept in no cache: a shared computer's browser, or a
    proxy, would otherwise keep the league's players, games and links.
    """
    if app.config.get("HTTPS"):
        if not (app.config["TRUSTED_HOSTS"] or app.config["SERVER_NAME"]):
            app.logger.warning(
                "Neither TRUSTED_HOSTS nor SERVER_NAME is set: the table and read-only links "
                "in Settings take their host from each request's Host header."
            )
        app.config["SESSION_COOKIE_SECURE"] = True
        app.config["PREFERRED_URL_SCHEME"] = "https"
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        # Static files say how long they keep (and need no look at the session).
        if "Cache-Control" not in response.headers and access.visitor_is_known():
            response.headers["Cache-Control"] = "no-store"
        if app.config.get("HTTPS"):
            response.headers.setdefault(
                "Strict-Transport-Security", "max-age=31536000; includeSubDomains"
            )
        return response
