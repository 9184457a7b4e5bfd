"""Printing in a process of its own beside `make run`'s server, started before the app loads.

WeasyPrint takes about half a second to import, then its first sheet loads fonts and parses the
stylesheets. In the server's own process that work would hold the interpreter while pages are
served. `make run` (`commands/serve.py`) therefore starts this module as a child process first
thing. On a machine of two cores or more it imports WeasyPrint there at once, beside the
server's start; on one core it waits until the server has sent its first answer (or asks for a
first PDF), so the start does not share its only core, then imports while the visitor signs in.
Then it warms up on the server's word, once it has answered: it parses the sheets' stylesheets
and draws a made-up sheet (`pdf_engine.warm_up`), so the first real sheet costs no more than
the next; a PDF asked for meanwhile cuts that short. Each PDF is drawn there, with the same
engine (`pdf_engine`) and the same fetcher limited to the app's static files, so the bytes are
the ones the server would have made.

The child says when it is ready (WeasyPrint imported). A PDF asked for before then waits for
it: the child is further on than a server that would begin importing now (a server that has the
engine already draws that PDF itself). It runs at the server's priority, so a PDF drawn there
is never slower than one the server would draw. The server sends each job down the child's
stdin and reads the PDF from its stdout, one job at a time. A child that has died, failed, or
is not ready within READY_SECONDS is left alone and the server draws PDFs itself, as a server
without this child (gunicorn, tests) always does.
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask, Response

HEADER = struct.Struct("!Q")
ENGINE = "scorekeeper.read.pdf_engine"
READY_SECONDS = 60.0
log = logging.getLogger(__name__)


def _send(stream: IO[bytes], message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(HEADER.pack(len(data)) + data)
    stream.flush()


def _read(stream: IO[bytes], size: int) -> bytes:
    data = b""
    while len(data) < size:  # an unbuffered pipe may return less than asked
        chunk = stream.read(size - len(data))
        if not chunk:
            raise EOFError("the printing process has gone")
        data += chunk
    return data


def _receive(stream: IO[bytes]) -> Any:
    (size,) = HEADER.unpack(_read(stream, HEADER.size))
    return pickle.loads(_read(stream, size))  # noqa: S301  (our own child, over a private pipe)


class PdfWorker:
    """The server's side: a child process that draws PDFs, one at a time."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self.lock = threading.Lock()
        self.unanswered = 0  # replies to warm-ups nobody waited for
        self.failed = False
        self.begun = False  # the child was sent a first job: it imports its engine then
        self.ready = False  # the child said so: its engine is imported

    @classmethod
    def start(cls, at_once: bool | None = None) -> PdfWorker | None:
        """Start the child; None if it cannot start.

        :param at_once: import WeasyPrint now rather than once the server has answered (or
            asks for a PDF); by default, when this process may use a second core (`second_core`).
        """
        at_once = second_core() if at_once is None else at_once
        try:
            process = subprocess.Popen(
                [sys.executable, "-m", __name__, *(["--at-once"] if at_once else [])],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                bufsize=0,  # unbuffered: a reply waiting in the pipe is seen by select()
                close_fds=True,
            )
        except OSError:
            log.warning("No printing process: PDFs are drawn in the server", exc_info=True)
            return None
        worker = cls(process)
        worker.begun = at_once
        return worker

    @property
    def usable(self) -> bool:
        """True while the child runs and has not failed."""
        return not self.failed and self.process.poll() is None

    def warm_up(self, files: tuple[Path, ...]) -> None:
        """Have the child parse the stylesheets `files` ahead of the first sheet (no wait)."""
        with self.lock:
            if self.usable:
                try:
                    _send(self.process.stdin, ("warm", files))  # type: ignore[arg-type]
                    self.unanswered += 1
                    self.begun = True
                except OSError:
                    self._fail("could not be told to warm up")

    def write_pdf(
        self,
        html: str,
        base_url: str,
        fetcher: tuple[str, str, str],
        page_css: str,
        files: tuple[Path, ...],
    ) -> bytes | None:
        """The PDF, drawn by the child; None when the child cannot (the caller draws it).

        :param fetcher: (root URL, static URL path, static folder) of `StaticFilesOnly`.
        """
        with self.lock:
            if not self.usable:
                return None
            try:
                if not self._ready_to_draw():
                    return None
                # Sent before the warm-ups' replies are read: a warm-up still under way sees the
                # job waiting and leaves the rest to it. A job larger than the pipe waits for the
                # child to read it, which it does once it has replied (replies are small).
                _send(self.process.stdin, ("pdf", html, base_url, fetcher, page_css, files))  # type: ignore[arg-type]
                while self.unanswered:
                    _receive(self.process.stdout)  # type: ignore[arg-type]
                    self.unanswered -= 1
                status, result = _receive(self.process.stdout)  # type: ignore[arg-type]
            except (OSError, EOFError, pickle.UnpicklingError):
                self._fail("stopped answering")
                return None
            if status != "ok":
                self._fail(f"failed: {result}")
                return None
            return result

    def wait_until_ready(self, seconds: float) -> bool:
        """Wait up to `seconds` for the child to be ready; True once it is."""
        with self.lock:
            try:
                return self.usable and self._await_ready(seconds)
            except (OSError, EOFError, pickle.UnpicklingError):
                self._fail("stopped answering")
                return False

    def _ready_to_draw(self) -> bool:
        """True once the child is ready, waiting for it if need be; False when this server
        should draw the PDF itself: it has the engine already (it does not wait), or the
        child was not ready within READY_SECONDS (it is given up)."""
        if self.ready:
            return True
        if not self.begun:  # it waits for a first job before importing anything
            _send(self.process.stdin, ("warm", ()))  # type: ignore[arg-type]
            self.unanswered += 1
            self.begun = True
        if ENGINE in sys.modules:
            return self._await_ready(0.0)
        if self._await_ready(READY_SECONDS):
            return True
        self._fail(f"was not ready after {READY_SECONDS:.0f} s")
        return False

    def _await_ready(self, seconds: float) -> bool:
        if not self.ready:
            if not select.select([self.process.stdout], [], [], seconds)[0]:
                return False
            if _receive(self.process.stdout) != ("ready", None):  # type: ignore[arg-type]
                raise EOFError("the printing process said something else first")
            self.ready = True
        return True

    def _fail(self, what: str) -> None:
        self.failed = True
        log.warning("The printing process %s: PDFs are drawn in the server from now on", what)
        self.stop()

    def stop(self) -> None:
        """End the child (closing its input ends it; it is killed if it does not end)."""
        if self.process.stdin and not self.process.stdin.closed:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()


def attach(app: Flask, worker: PdfWorker, *, at_once: bool = False) -> None:
    """Have `app` draw its PDFs in `worker`, which begins importing its engine (and parsing the
    sheets' stylesheets) once the app's first answer is on its way (`at_once` for an app that
    has answered already: hooks can no longer be added to it)."""
    from scorekeeper.read import pdf

    app.extensions["pdf_worker"] = worker
    folder = Path(app.static_folder or "")
    # The scoresheets' stylesheets only: the first PDF asked for would wait behind any other.
    sheets = tuple(folder / name for name in pdf.SHEET_STYLESHEETS)
    begun = threading.Event()

    def begin() -> None:
        worker.warm_up(sheets)

    def after_first_answer(response: Response) -> Response:
        if not begun.is_set():
            begun.set()
            response.call_on_close(begin)
        return response

    if at_once:
        begin()
    else:
        app.after_request(after_first_answer)


def second_core() -> bool:
    """True when this process may run on two cores or more: the printing process then imports
    WeasyPrint on one while the server starts on the other.

    Whether the machine is busy is not asked: the load average tells of the last minute, not of
    the next second. Measured on two cores (eight starts each way), importing at once slowed
    the server's start by about a tenth, and brought a PDF asked for just after signing in from
    3.7 to 1.7 times a plain table's; waiting for the first answer left it waiting for the
    import.
    """
    try:
        return len(os.sched_getaffinity(0)) > 1
    except (AttributeError, OSError):  # no CPU affinity on macOS and Windows
        return (os.cpu_count() or 1) > 1


def serve_jobs(jobs: IO[bytes], replies: IO[bytes], at_once: bool = False) -> None:
    """The child's loop: import the engine (`at_once`, else on the first job), say so, then
    answer each job until input ends. A warm-up is cut short when a job comes in meanwhile
    (`jobs` unbuffered, so a job not yet read is seen waiting)."""
    job = None
    if not at_once:
        try:
            job = _receive(jobs)
        except EOFError:
            return
    from scorekeeper.read import pdf_engine  # the half second that this process is for

    _send(replies, ("ready", None))

    def job_waiting() -> bool:
        try:
            return bool(select.select([jobs], [], [], 0)[0])
        except (OSError, ValueError):  # no select() on a pipe (Windows): warm up in full
            return False

    while True:
        if job is None:
            try:
                job = _receive(jobs)
            except EOFError:
                return
        try:
            if job[0] == "warm":
                pdf_engine.warm_up(job[1], stop=job_waiting)
                result: Any = None
            else:
                _, html, base_url, (root_url, static_path, folder), page_css, files = job
                fetcher = pdf_engine.StaticFilesOnly(root_url, static_path, folder)
                result = pdf_engine.write_pdf(html, base_url, fetcher, page_css, files)
        except Exception as error:  # the server draws this one itself, and says why
            log.exception("Drawing a PDF failed in the printing process")
            _send(replies, ("error", repr(error)))
        else:
            _send(replies, ("ok", result))
        job = None


def main() -> None:
    """Run as the child: jobs on stdin, replies on stdout; anything printed goes to stderr."""
    # Ctrl+C in `make run` reaches the whole process group: the server stops, which closes
    # this process's input, and that ends it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    logging.basicConfig(level=logging.WARNING)
    jobs = os.fdopen(os.dup(sys.stdin.fileno()), "rb", buffering=0)
    serve_jobs(jobs, replies, at_once="--at-once" in sys.argv[1:])


if __name__ == "__main__":
    main()
