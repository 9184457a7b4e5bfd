"""`make run`'s printing process: the same PDFs as the server's own, and the server's when it fails."""

import io
import os
import subprocess
import sys
import threading
import time

import pytest

from scorekeeper.commands import serve
from scorekeeper.read import pdf_worker
from scorekeeper.read.pdf_worker import PdfWorker
from tests.test_sheets import FOUR, play, read_pdf


@pytest.fixture
def worker():
    started = PdfWorker.start()
    assert started is not None
    started.warm_up(())  # begin
    assert started.wait_until_ready(60)
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
    pdf_worker.attach(app, worker, at_once=True)
    answers = drawn_by(worker)
    assert [fresh(client, url) for url in urls] == own
    assert answers == [True, True]
    assert worker.usable
    # It runs at the server's priority: a PDF drawn there is never held back behind other work.
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, worker.process.pid) == mine


def never_ready() -> PdfWorker:
    """A printing process still importing its engine (it never gets there; it ends when its
    input closes)."""
    child = [sys.executable, "-c", "import sys; sys.stdin.buffer.read()"]
    pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE, "bufsize": 0}
    return PdfWorker(subprocess.Popen(child, **pipes))


def test_the_printing_process_says_when_it_is_ready():
    started = PdfWorker.start(at_once=False)
    try:
        # On one core it imports nothing before its first job: the server's start has the
        # core.
        assert not started.begun
        assert not started.wait_until_ready(1)
        started.warm_up(())
        assert started.wait_until_ready(60)
        assert started.ready and started.usable
    finally:
        started.stop()


def test_told_to_the_printing_process_imports_at_once():
    started = PdfWorker.start(at_once=True)
    try:
        assert started.begun
        assert started.wait_until_ready(60)  # without being sent anything
    finally:
        started.stop()


@pytest.mark.parametrize(("usable", "second"), [({0}, False), ({0, 1}, True), ({3, 5, 7}, True)])
def test_the_printing_process_imports_at_once_with_a_second_core(monkeypatch, usable, second):
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: usable, raising=False)
    assert pdf_worker.second_core() is second


@pytest.mark.parametrize(("cores", "second"), [(None, False), (1, False), (2, True)])
def test_without_cpu_affinity_the_cores_are_counted(monkeypatch, cores, second):
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    assert pdf_worker.second_core() is second


def test_the_printing_process_begins_once_the_app_has_answered(app, client):
    started = PdfWorker.start(at_once=False)
    try:
        pdf_worker.attach(app, started)
        assert not started.begun
        client.get("/").close()
        assert started.begun
        assert started.wait_until_ready(60)
    finally:
        started.stop()


def test_a_pdf_asked_before_the_printing_process_is_ready_waits_for_it(
    app, client, make_game, monkeypatch
):
    game = make_game(players=FOUR)
    url = f"/games/{game.id}/sheet.pdf"
    own = fresh(client, url)
    # A server that has not imported the engine: the printing process, started first, is
    # further on than the server would be. The PDF waits for it, and it draws it.
    monkeypatch.setattr(pdf_worker, "ENGINE", "not.imported.here")
    started = PdfWorker.start()
    try:
        pdf_worker.attach(app, started, at_once=True)
        answers = drawn_by(started)
        assert fresh(client, url) == own
        assert answers == [True]
        assert started.ready
    finally:
        started.stop()


def test_a_server_that_has_the_engine_draws_while_the_printing_process_is_not_ready(
    app, client, make_game
):
    game = make_game(players=FOUR)
    url = f"/games/{game.id}/sheet.pdf"
    own = fresh(client, url)  # the engine is imported in this process now
    slow = never_ready()
    try:
        pdf_worker.attach(app, slow, at_once=True)
        answers = drawn_by(slow)
        assert fresh(client, url) == own
        assert answers == [False]
        assert slow.usable  # still there for the PDFs after it is ready
    finally:
        slow.stop()


def test_a_printing_process_never_ready_is_given_up(app, client, make_game, monkeypatch):
    game = make_game(players=FOUR)
    url = f"/games/{game.id}/sheet.pdf"
    own = fresh(client, url)
    monkeypatch.setattr(pdf_worker, "ENGINE", "not.imported.here")
    monkeypatch.setattr(pdf_worker, "READY_SECONDS", 0.5)
    slow = never_ready()
    pdf_worker.attach(app, slow, at_once=True)
    answers = drawn_by(slow)
    assert fresh(client, url) == own  # drawn by the server after half a second
    assert answers == [False]
    assert not slow.usable and slow.process.poll() is not None


def test_a_printing_process_that_died_leaves_the_pdfs_to_the_server(app, client, make_game, worker):
    game = make_game(players=FOUR)
    url = f"/games/{game.id}/sheet.pdf"
    own = fresh(client, url)
    pdf_worker.attach(app, worker, at_once=True)
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
    monkeypatch.setattr(serve, "run_server", lambda app, host, port: served.append(app))
    serve.main()
    (app,) = served
    worker = app.extensions["pdf_worker"]
    assert started == ["printing process", "app"]
    # Once the server stops, so does the printing process.
    assert worker.process.returncode is not None


def test_a_job_that_comes_in_during_a_warm_up_cuts_it_short(monkeypatch):
    from scorekeeper.read import pdf_engine

    told = []
    monkeypatch.setattr(pdf_engine, "warm_up", lambda files, stop: told.append(stop()))
    read, write = os.pipe()
    sending = os.fdopen(write, "wb")
    pdf_worker._send(sending, ("warm", ()))
    pdf_worker._send(sending, ("warm", ()))

    def close_once_both_are_done() -> None:
        while len(told) < 2:
            time.sleep(0.01)
        sending.close()

    closer = threading.Thread(target=close_once_both_are_done)
    closer.start()
    replies = io.BytesIO()
    with os.fdopen(read, "rb", buffering=0) as jobs:
        pdf_worker.serve_jobs(jobs, replies, at_once=True)
    closer.join()
    # The first saw the second waiting behind it; the second, nothing.
    assert told == [True, False]
    replies.seek(0)
    answers = [pdf_worker._receive(replies) for _ in range(3)]
    assert answers == [("ready", None), ("ok", None), ("ok", None)]


# A printing process whose warm-up takes long and tells, in the "PDF" it draws, whether it was
# told to stop because a job was waiting.
SLOW_WARM_UP = """
import os, pickle, sys, time
from scorekeeper.read import pdf_engine, pdf_worker
told = []
def warm_up(files, stop):
    time.sleep(0.5)
    told.append(stop())
pdf_engine.warm_up = warm_up
pdf_engine.StaticFilesOnly = lambda *args: None
pdf_engine.write_pdf = lambda *args: pickle.dumps(told)
replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
jobs = os.fdopen(os.dup(sys.stdin.fileno()), "rb", buffering=0)
pdf_worker.serve_jobs(jobs, replies, at_once=True)
"""


def test_a_pdf_asked_for_during_a_warm_up_cuts_it_short(tmp_path):
    import pickle

    child = [sys.executable, "-c", SLOW_WARM_UP]
    pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE, "bufsize": 0}
    worker = PdfWorker(subprocess.Popen(child, **pipes))
    worker.begun = True
    try:
        assert worker.wait_until_ready(60)
        worker.warm_up(())
        fetcher = ("http://kitchen.local/", "/static/", str(tmp_path))
        drawn = worker.write_pdf("<p>Sheet</p>", "http://kitchen.local/", fetcher, "", ())
        # The job was sent while the warm-up ran: it saw it waiting.
        assert pickle.loads(drawn) == [True]
        assert worker.usable and worker.unanswered == 0
    finally:
        worker.stop()
