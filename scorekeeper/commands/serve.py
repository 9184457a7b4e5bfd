"""Serve the app for the kitchen table: a production WSGI server, reachable on the Wi-Fi.

`scorekeeper serve` (and `make run`, after the database is migrated). --host and --port, or
HOST and PORT, override the defaults (0.0.0.0, so phones on the same network can connect,
and 5000).
"""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
from collections.abc import Mapping

import click
import segno
from flask import Flask
from waitress import serve

from scorekeeper.app import create_app
from scorekeeper.commands.language import SpokenCommand, SpokenOption
from scorekeeper.rules.language import N_, _
from scorekeeper.web import request_log

if sys.platform != "win32":
    # Open files are limited per process on Unix only.
    import resource

# Connections held open at once: thousands, so a few hundred slow or idle ones (a phone that
# sleeps mid-request, or someone holding sockets on purpose) leave room for the family's phones.
CONNECTION_LIMIT = 4000
# Seconds a connection may send nothing before it is closed, checked this often: a phone on
# Wi-Fi sends its request at once, and one that stalls reconnects.
CHANNEL_TIMEOUT = 20
CLEANUP_INTERVAL = 5
# Requests answered at once. A PDF holds one only while it draws or waits briefly for a slot
# (PDF_DRAWINGS), so the other threads stay free for pages and saves.
THREADS = 16


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
    print()
    if only_this_computer(host):
        url = f"http://{host}:{port}/"
        print(
            _("Scorekeeper is serving on %(url)s, reachable only on this computer") % {"url": url}
        )
        print(_("(phones cannot open it; leave HOST out to serve the Wi-Fi too)."))
    else:
        here = f"http://127.0.0.1:{port}/"
        url = phone_url(host, port)
        print(_("Scorekeeper is serving on %(url)s on this computer.") % {"url": here})
        print(_("On a phone on the same Wi-Fi, open %(url)s or scan this code:") % {"url": url})
        print()
        segno.make(url, error="m").terminal(compact=True)
    print()
    print(_("Press Ctrl+C to stop."))
    print(flush=True)


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


def family_settings(app: Flask) -> dict[str, object]:
    """Waitress's settings for a family network: many connections, short timeouts, and the
    app's own body limit, so an oversized body is refused before waitress stores it."""
    return {
        "threads": THREADS,
        "connection_limit": CONNECTION_LIMIT,
        "channel_timeout": CHANNEL_TIMEOUT,
        "cleanup_interval": CLEANUP_INTERVAL,
        # select() cannot watch more than 1024 sockets; poll() (not on Windows) has no ceiling.
        "asyncore_use_poll": sys.platform != "win32",
        # Waitress refuses a body as long as its limit; Flask takes one as long as its own.
        "max_request_body_size": app.config["MAX_CONTENT_LENGTH"] + 1,
        "ident": "scorekeeper",
    }


def allow_open_files(wanted: int) -> None:
    """Raise this process's limit of open files towards `wanted` (each connection holds one),
    as far as the system's hard limit allows."""
    if sys.platform == "win32":
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < ceiling:
        resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))


@click.command(
    "serve",
    cls=SpokenCommand,
    short_help=N_("Serve the app with waitress (--host, --port)."),
    help=N_(
        "Serve Scorekeeper with waitress until Ctrl+C, and say where phones can reach it.\n\n"
        "Migrate the database first (`scorekeeper db upgrade`). HOST and PORT in the "
        "environment set the same as the options. Each request is logged on stderr with its time."
    ),
)
@click.option(
    "--host",
    cls=SpokenOption,
    envvar="HOST",
    default="0.0.0.0",
    show_default=True,
    help=N_(
        "The address to listen on: 0.0.0.0 for every network, 127.0.0.1 for this computer only."
    ),
)
@click.option(
    "--port",
    cls=SpokenOption,
    envvar="PORT",
    default=5000,
    show_default=True,
    type=click.IntRange(1, 65535),
    help=N_("The port to listen on."),
)
def serve_command(host: str, port: int) -> None:
    """Serve Scorekeeper with waitress until Ctrl+C, and say where phones can reach it.

    Migrate the database first (`scorekeeper db upgrade`). HOST and PORT in the environment
    set the same as the options. Each request is logged on stderr with its time.
    """
    app = create_app()
    request_log.log_to_stderr()
    announce(host, port)
    # Room for every connection, plus the database, log and temporary files.
    allow_open_files(CONNECTION_LIMIT + 256)
    serve(app, host=host, port=port, **family_settings(app), **proxy_settings())


if __name__ == "__main__":
    serve_command()
