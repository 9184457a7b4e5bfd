"""A server's start: what it loads before its first answer, and the compiled templates it keeps."""

import shutil
import subprocess
import sys
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.web import template_cache

ROOT = Path(__file__).resolve().parent.parent

# Loaded only by the requests (or commands) that need them, never by a server's start.
LAZY = ("weasyprint", "alembic", "flask_migrate", "zxcvbn", "segno")
# Loaded by the first request that reads a row (or in the background after the first answer).
DATABASE = ("sqlalchemy", "flask_sqlalchemy", "scorekeeper.models")

# As `make run` starts: the serve module, the app, the announcement on this computer only,
# then the home page of a visitor who is not signed in.
START = (
    "import sys\n"
    "from scorekeeper import create_app\n"
    "from scorekeeper.commands import serve\n"
    "app = create_app({{'SECRET_KEY': 'x', 'SQLALCHEMY_DATABASE_URI': 'sqlite:///{db}',"
    " 'PDF_WARM_UP': False, 'DATABASE_WARM_UP': {warm}, 'WTF_CSRF_ENABLED': False}}, {path!r})\n"
    "serve.announce('127.0.0.1', 5000)\n"
    "client = app.test_client()\n"
    "home = client.get('/')\n"
    "assert home.status_code == 200 and b'Make an account' in home.data, home.data\n"
    "home.close()\n"
)


def run(script: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.split("\n")


def test_a_server_answers_its_first_page_without_what_only_some_requests_need(tmp_path):
    start = START.format(db=tmp_path / "app.db", warm=False, path=str(tmp_path))
    # Nor do the pages that never read a row.
    others = (
        "for url in ('/healthz', '/manifest.webmanifest', '/favicon.ico', '/static/app.css'):\n"
        "    assert client.get(url).status_code == 200, url\n"
    )
    loaded = f"print('LOADED', *[name for name in {LAZY + DATABASE!r} if name in sys.modules])\n"
    assert run(start + others + loaded)[-2] == "LOADED"


def test_a_page_that_may_read_a_row_loads_the_database_whole_first(tmp_path):
    # The sign-in page needs only a little of SQLAlchemy, but it loads all of it, and the
    # models, before its view runs, under the extension's lock: a thread importing part of
    # SQLAlchemy while another (the background loading) imports the rest can see a module
    # half made.
    start = START.format(db=tmp_path / "app.db", warm=False, path=str(tmp_path))
    script = start + (
        "view = app.view_functions['auth.login']\n"
        "def login(*args, **kwargs):\n"
        f"    print('LOADED', *[name for name in {DATABASE!r} if name in sys.modules])\n"
        "    return view(*args, **kwargs)\n"
        "app.view_functions['auth.login'] = login\n"
        "print('LOGIN', client.get('/login').status_code)\n"
    )
    out = run(script)
    assert "LOGIN 200" in out
    assert "LOADED " + " ".join(DATABASE) in out  # as the view began


def test_the_database_loads_on_the_first_request_that_reads_a_row(tmp_path):
    # The first page needed no row; the tables are made only now, then someone signs up,
    # creates a league, and the home page lists it: the extension was set up for this app
    # after it had answered, and it works as from the start.
    start = START.format(db=tmp_path / "app.db", warm=False, path=str(tmp_path))
    script = start + (
        "assert 'sqlalchemy' not in sys.modules\n"
        "from scorekeeper.extensions import db\n"
        "with app.app_context():\n"
        "    db.create_all()\n"
        "password = 'kitchen lamp rummy owl'\n"
        "form = {'username': 'alice', 'password': password, 'confirm': password}\n"
        "assert client.post('/signup', data=form).status_code == 302\n"
        "made = client.post('/leagues', data={'name': 'Sunday table', 'preset': 'continental'})\n"
        "assert made.status_code == 302, made.data\n"
        "page = client.get('/').get_data(as_text=True)\n"
        "print('LISTED', 'Sunday table' in page)\n"
        "from sqlalchemy import text\n"
        "with app.app_context():\n"
        "    print('FOREIGN KEYS', db.session.execute(text('PRAGMA foreign_keys')).scalar())\n"
    )
    out = run(script)
    assert "LISTED True" in out
    assert "FOREIGN KEYS 1" in out  # the SQLite settings are on the engine made late too


def test_after_its_first_answer_a_server_loads_the_database_in_the_background(tmp_path):
    start = START.format(db=tmp_path / "app.db", warm=True, path=str(tmp_path))
    script = start + (
        "import threading\n"
        "for thread in threading.enumerate():\n"
        "    if thread.name == 'database-warm-up':\n"
        "        thread.join()\n"
        f"print('LOADED', *[name for name in {DATABASE!r} if name in sys.modules])\n"
    )
    assert run(script)[-2] == "LOADED " + " ".join(DATABASE)


def test_the_password_check_still_uses_zxcvbn_when_it_is_needed(app):
    from scorekeeper.league import accounts

    assert accounts.password_problem("password1234", "alice") is not None
    assert accounts.password_problem("kitchen lamp rummy owl", "alice") is None
    assert "zxcvbn" in sys.modules


def pages(app) -> dict[str, bytes]:
    client = app.test_client()
    return {url: client.get(url).data for url in ("/", "/login", "/signup")}


def test_compiled_templates_are_kept_in_the_instance_and_pages_stay_the_same(tmp_path):
    settings = {"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://", "TESTING": True}
    settings["WTF_CSRF_ENABLED"] = False
    plain = create_app({**settings, "TEMPLATE_CACHE": False}, tmp_path / "plain")
    assert not (tmp_path / "plain" / template_cache.FOLDER).exists()
    first = create_app(settings, tmp_path / "kept")
    with first.app_context():
        from scorekeeper.extensions import db

        db.create_all()
        expected = pages(first)
    folder = tmp_path / "kept" / template_cache.FOLDER
    kept = sorted(folder.iterdir())
    assert kept, "no compiled template was kept"
    with plain.app_context():
        from scorekeeper.extensions import db

        db.create_all()
        assert pages(plain) == expected

    # A new process's app (a restart) loads them instead of compiling: same pages.
    again = create_app(settings, tmp_path / "kept")
    loaded = []
    cache = again.jinja_env.bytecode_cache
    real_load = cache.load_bytecode

    def load(bucket):
        real_load(bucket)
        loaded.append(bucket.code is not None)

    cache.load_bytecode = load
    with again.app_context():
        db.create_all()
        assert pages(again) == expected
    assert loaded and all(loaded)


def test_a_damaged_or_unwritable_template_cache_only_costs_the_compiling(tmp_path):
    settings = {"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://", "TESTING": True}
    settings["WTF_CSRF_ENABLED"] = False
    app = create_app(settings, tmp_path)
    with app.app_context():
        from scorekeeper.extensions import db

        db.create_all()
        expected = app.test_client().get("/login").data
    folder = tmp_path / template_cache.FOLDER
    for kept in folder.iterdir():
        kept.write_bytes(kept.read_bytes()[:40])  # cut short, as a full disk would leave it
    again = create_app(settings, tmp_path)
    with again.app_context():
        db.create_all()
        assert again.test_client().get("/login").data == expected
    # Where the folder was, a file: nothing can be read from it nor written to it (even by
    # root), whether that happens while the app runs or before it starts.
    third = create_app(settings, tmp_path)
    shutil.rmtree(folder)
    folder.write_text("not a folder")
    fourth = create_app(settings, tmp_path)
    for app in (third, fourth):
        with app.app_context():
            db.create_all()
            assert app.test_client().get("/login").data == expected


def test_an_edited_template_is_compiled_again(tmp_path):
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "page.html").write_text("one")
    settings = {"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://"}
    first = create_app(settings, tmp_path / "instance")
    first.jinja_loader.searchpath.insert(0, str(templates))
    with first.app_context():
        assert first.jinja_env.get_template("page.html").render() == "one"
    (templates / "page.html").write_text("two")
    again = create_app(settings, tmp_path / "instance")
    again.jinja_loader.searchpath.insert(0, str(templates))
    with again.app_context():
        assert again.jinja_env.get_template("page.html").render() == "two"
