"""Compiled templates kept in the instance folder, so a restarted server skips compiling them.

Jinja compiles each template to Python code on its first use in a process: for the home page
(layout, form macros and page) that is a good part of a new server's first answer. Jinja's
own `FileSystemBytecodeCache` keeps that code on disk, keyed by the template's name and
checked against a digest of its source, so an edited template is compiled again and the pages
are the same as without it. Writes go through a temporary file renamed into place (workers may
write at once); a cache that cannot be read or written only costs the compiling.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from flask import Flask
from jinja2 import FileSystemBytecodeCache
from jinja2.bccache import Bucket

FOLDER = "template-cache"


class InstanceBytecodeCache(FileSystemBytecodeCache):
    """Jinja's file-system bytecode cache, which never fails a page over a disk error."""

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # unreadable or cut short: compiled afresh (and written again)
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:  # a full disk or a read-only folder: the page is served all the same
            logging.getLogger(__name__).warning("Could not keep a compiled template", exc_info=True)


def configure(app: Flask) -> None:
    """Keep compiled templates in instance/template-cache/ (TEMPLATE_CACHE = False: don't)."""
    if not app.config.get("TEMPLATE_CACHE", True):
        return
    folder = Path(app.instance_path) / FOLDER
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError:
        logging.getLogger(__name__).warning("No template cache in %s", folder, exc_info=True)
        return
    app.jinja_options = {**app.jinja_options, "bytecode_cache": InstanceBytecodeCache(str(folder))}
