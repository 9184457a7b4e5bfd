"""Serve the app for the kitchen table: a production WSGI server, reachable on the Wi-Fi.

Run by `make run` after the database is migrated. HOST and PORT override the defaults
(0.0.0.0, so phones on the same network can connect, and 5000).
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Mapping

import segno
from waitress import serve

from scorekeeper.app import create_app


def lan_address() -> str | None:
    """The machine's address on the local network, found without sending a packet."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            # Connecting a UDP socket only picks the outgoing interface; nothing is sent.
            probe.connect(("192.0.2.1", 9))
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def phone_url(host: str, port: int) -> str:
    """The address a phone on the same Wi-Fi should open."""
    if host in ("0.0.0.0", "::", ""):
        address = lan_address()
        if address:
            return f"http://{address}:{port}/"
        return f"http://127.0.0.1:{port}/"
    return f"http://{host}:{port}/"


def only_this_computer(host: str) -> bool:
    """True when `host` is a loopback address (or name): no phone can reach it."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def announce(host: str, port: int) -> None:
    """Say where the app answers: with a QR code for phones, unless only this computer can."""
    if only_this_computer(host):
        print(f"\nScorekeeper is serving on http://{host}:{port}/, reachable only on this computer")
        print("(phones cannot open it; leave HOST out to serve the Wi-Fi too).")
    else:
        url = phone_url(host, port)
        print(f"\nScorekeeper is serving on http://127.0.0.1:{port}/ on this computer.")
        print(f"On a phone on the same Wi-Fi, open {url} or scan this code:\n")
        segno.make(url, error="m").terminal(compact=True)
    print("\nPress Ctrl+C to stop.\n", flush=True)


def proxy_settings(environ: Mapping[str, str] = os.environ) -> dict[str, object]:
    """Waitress's settings for one TLS proxy in front (with HTTPS=1), as gunicorn has.

    Waitress removes X-Forwarded-* headers from any peer it does not trust, before the app
    sees them: behind a proxy, every visitor would share the proxy's address (one failure
    counter for all) and the app would think it is served over plain HTTP. With HTTPS set, the
    proxy at TRUSTED_PROXY (by default 127.0.0.1, the proxy on this machine) is trusted for one
    hop: waitress takes the visitor's address, scheme and host from its headers.
    """
    if environ.get("HTTPS", "").lower() not in ("1", "true", "yes"):
        return {}
    return {
        "trusted_proxy": environ.get("TRUSTED_PROXY", "127.0.0.1"),
        "trusted_proxy_count": 1,
        "trusted_proxy_headers": "x-forwarded-for x-forwarded-proto x-forwarded-host",
        "clear_untrusted_proxy_headers": True,
    }


def main() -> None:
    """Print where to point a phone (with a QR code) and serve until interrupted."""
    host = os.environ.get("HOST", "0.0.0.0")
    port = int(os.environ.get("PORT", "5000"))
    app = create_app()
    announce(host, port)
    serve(app, host=host, port=port, threads=8, ident="scorekeeper", **proxy_settings())


if __name__ == "__main__":
    main()
