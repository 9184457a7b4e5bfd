"""`make run`'s printing process: the same PDFs as the server's own, and the server's when it fails."""

import os

import pytest

from scorekeeper.commands import serve
from scorekeeper.read import pdf_worker
from scorekeeper.read.pdf_worker import PdfWorker
from tests.test_sheets import FOUR, play, read_pdf


@pytest.fixture
def worker():
    started = PdfWorker.start()
    assert started is not None
    yield started
    started.stop()


def drawn_by(worker: PdfWorker) -> list[bool]:
    """Record, for each PDF asked of `worker`, whether it drew it."""
    answers = []
    real = worker.write_pdf

    def write_pdf(*args, **kwargs):
        drawn = real(*args, **kwargs)
        answers.append(drawn is not None)
        return drawn

    worker.write_pdf = write_pdf
    return answers


def fresh(client, url: str) -> bytes:
    # Cache-Control: no-cache asks for a PDF drawn afresh, not one kept from before.
    response = client.get(url, headers={"Cache-Control": "no-cache"})
    read_pdf(response)  # a PDF, with pages
    return response.data


def test_the_printing_process_draws_the_same_pdf_as_the_server(app, client, make_game, worker):
    game = make_game(players=FOUR)
    play(game, 3)
    urls = [f"/games/{game.id}/sheet.pdf", f"/games/{game.id}/blank.pdf?paper=letter"]
    own = [fresh(client, url) for url in urls]
    pdf_worker.attach(app, worker)
    answers = drawn_by(worker)
    assert [fresh(client, url) for url in urls] == own
    assert answers == [True, True]
    assert worker.usable
    # It runs below the server in priority, so it never holds back the server's pages.
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, worker.process.pid) == min(
        19, mine + pdf_worker.NICENESS
    )


def test_a_printing_process_that_died_leaves_the_pdfs_to_the_server(app, client, make_game, worker):
    game = make_game(players=FOUR)
    url = f"/games/{game.id}/sheet.pdf"
    own = fresh(client, url)
    pdf_worker.attach(app, worker)
    answers = drawn_by(worker)
    worker.process.kill()
    worker.process.wait()
    assert fresh(client, url) == own
    assert fresh(client, url) == own
    assert answers == [False, False]
    assert not worker.usable


def test_a_job_the_printing_process_cannot_do_is_left_to_the_server(worker):
    assert worker.write_pdf(None, "http://x/", ("http://x/", "/static/", "."), "", ()) is None
    assert worker.failed and not worker.usable
    assert worker.process.poll() is not None  # it was ended


def test_make_run_starts_the_printing_process_before_the_app(monkeypatch, tmp_path):
    from scorekeeper import create_app

    started = []
    real_start = PdfWorker.start

    def start():
        started.append("printing process")
        return real_start()

    def build_app():
        started.append("app")
        return create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://"}, tmp_path)

    served = []
    monkeypatch.setattr(PdfWorker, "start", staticmethod(start))
    monkeypatch.setattr(serve, "build_app", build_app)
    monkeypatch.setattr(serve, "announce", lambda host, port: None)
    monkeypatch.setattr(serve, "serve", lambda app, **settings: served.append(app))
    serve.main()
    (app,) = served
    worker = app.extensions["pdf_worker"]
    assert started == ["printing process", "app"]
    # Once the server stops, so does the printing process.
    assert worker.process.returncode is not None
