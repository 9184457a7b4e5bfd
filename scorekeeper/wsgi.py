"""The app for WSGI servers: `gunicorn -c gunicorn.conf.py scorekeeper.wsgi:app`."""

from scorekeeper.app import create_app

app = create_app()
