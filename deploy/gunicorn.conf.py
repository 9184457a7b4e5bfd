"""gunicorn's settings for Scorekeeper, an example to copy (docs/deploy.md):

    gunicorn -c gunicorn.conf.py scorekeeper.wsgi:app

Options given on the command line override these (`-b 0.0.0.0:8000` in the container).
"""

import os

# Behind a proxy on the same machine (Caddy or nginx, docs/deploy.md).
bind = "127.0.0.1:8000"

# Two processes per core, each answering four requests at once on its threads: a save or a
# page takes milliseconds, a PDF holds a thread while it draws (PDF_DRAWINGS per process).
workers = 2 * (os.cpu_count() or 1)
worker_class = "gthread"
threads = 4

# An idle connection is kept open longer than the proxy keeps its own to the app (Caddy two
# minutes): gunicorn's 2 s would close it under the proxy, which then connects again on the
# next request, or meets the close as it sends. `make load` measured the reconnection after
# an idle moment at up to tens of milliseconds on a busy machine (docs/capacity.md).
keepalive = 150

# gunicorn 25.1 and later open a control socket in ~/.gunicorn or $XDG_RUNTIME_DIR, which a
# second instance run by the same user takes over and deletes. Nothing here uses it.
control_socket_disable = True

# One line per request: the app writes it itself (scorekeeper.requests: method, path without
# its query string and with a read-only link's secret hidden, status, milliseconds), on
# stdout beside gunicorn's own messages. gunicorn's access log stays off: it would write each
# request a second time, with the secret in the path.
accesslog = None
logconfig_dict = {
    "loggers": {
        "scorekeeper.requests": {"level": "INFO", "handlers": ["console"], "propagate": False},
    },
}
