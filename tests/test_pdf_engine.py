"""The PDF engine: WeasyPrint loaded without running programs, arrays without new C types, and
a warm-up sheet shaped like the real ones."""

import logging
import subprocess
import sys
import textwrap
import threading
from html.parser import HTMLParser

import cffi.cparser
import pytest
import weasyprint
import weasyprint.document
from weasyprint.text.ffi import ffi

from scorekeeper.read import pdf, pdf_engine, specimen, weasyprint_shortcuts
from tests.test_sheets import FIVE, play, read_pdf

linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the library shortcut is Linux's"
)


class Marks(HTMLParser):
    """Every (element, class) of a page, and every element without a class."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.found: set[tuple[str, str]] = set()
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        self.found.update((tag, name) for name in classes or [""])


def test_the_warm_up_sheet_has_every_element_and_class_of_a_finished_games_sheet(
    client, make_game, monkeypatch
):
    game = make_game(players=FIVE)
    play(game, 7)
    drawn = []
    real = pdf_engine.write_pdf

    def write_pdf(html, *args):
        drawn.append(html)
        return real(html, *args)

    monkeypatch.setattr(pdf_engine, "write_pdf", write_pdf)
    read_pdf(client.get(f"/games/{game.id}/sheet.pdf", headers={"Cache-Control": "no-cache"}))
    [sheet] = drawn
    missing = Marks(sheet).found - Marks(specimen.SHEET).found
    assert not missing, f"specimen.SHEET lacks what a finished game's sheet prints: {missing}"


def rendering(monkeypatch) -> list[list]:
    """Record each page WeasyPrint lays out (its title, stylesheets), and whether it was written."""
    drawn = []
    render, write = weasyprint.HTML.render, weasyprint.document.Document.write_pdf

    def laid_out(html, *args, **kwargs):
        document = render(html, *args, **kwargs)
        drawn.append([html.etree_element.findtext(".//title"), kwargs["stylesheets"], False])
        document.written = drawn[-1]
        return document

    def written(document, *args, **kwargs):
        document.written[2] = True
        return write(document, *args, **kwargs)

    monkeypatch.setattr(weasyprint.HTML, "render", laid_out)
    monkeypatch.setattr(weasyprint.document.Document, "write_pdf", written)
    return drawn


def sheet_files(app):
    with app.app_context():
        return pdf.stylesheet_files(pdf.SHEET_STYLESHEETS)


def test_the_warm_up_draws_the_sample_sheet_in_the_sheets_stylesheets(app, monkeypatch):
    drawn = rendering(monkeypatch)
    files = sheet_files(app)
    pdf_engine.warm_up(files)
    assert drawn == [
        ["Scoresheet · Game 12 · Scorekeeper", list(pdf_engine.stylesheets(files)), True]
    ]


@pytest.mark.parametrize(("said", "drawn"), [([True], []), ([False, True], [False])])
def test_a_warm_up_told_to_stop_leaves_the_rest_to_the_first_sheet(app, monkeypatch, said, drawn):
    laid_out = rendering(monkeypatch)
    answers = iter(said)
    pdf_engine.warm_up(sheet_files(app), stop=lambda: next(answers))
    assert [written for _title, _sheets, written in laid_out] == drawn


@linux_only
def test_loading_the_engine_runs_no_program():
    # ctypes.util.find_library runs ldconfig, gcc and ld for each name WeasyPrint tries.
    script = textwrap.dedent("""
        import ctypes.util, sys
        ran = []
        sys.addaudithook(lambda event, args: ran.append(args[0]) if event == "subprocess.Popen" else None)
        usual = ctypes.util.find_library
        from scorekeeper.read import pdf_engine
        assert ctypes.util.find_library is usual, "find_library was not put back"
        print(len(ran), ran[:3])
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0 []"


def keep_loaded_weasyprint(monkeypatch) -> None:
    """Have the test's own WeasyPrint modules put back in sys.modules afterwards, whatever the
    shortcut removes."""
    for name in [n for n in list(sys.modules) if n.split(".")[0] == "weasyprint"]:
        monkeypatch.setitem(sys.modules, name, sys.modules[name])


def test_a_quick_load_that_fails_is_tried_again_the_usual_way(monkeypatch, caplog):
    import ctypes.util
    import importlib

    usual = ctypes.util.find_library
    keep_loaded_weasyprint(monkeypatch)
    seen = []

    def cannot_open(name):
        seen.append(ctypes.util.find_library(name))
        # Another thread, meanwhile, gets the usual answer.
        other = threading.Thread(target=lambda: seen.append(ctypes.util.find_library("c")))
        other.start()
        other.join()
        raise OSError("cannot load library 'libgobject-2.0.so.0'")

    monkeypatch.setattr(importlib, "import_module", cannot_open)
    with caplog.at_level(logging.WARNING):
        assert weasyprint_shortcuts._import_on_linux() is None
    assert seen == [None, usual("c")]  # nothing was found by the thread that tried
    assert seen[1]
    assert ctypes.util.find_library is usual
    assert not [name for name in sys.modules if name.split(".")[0] == "weasyprint"]
    assert "did not all open by their Linux names" in caplog.text


def test_a_quick_load_without_the_font_subsetter_is_tried_again_the_usual_way(monkeypatch):
    import importlib
    import types

    keep_loaded_weasyprint(monkeypatch)
    without = types.SimpleNamespace(harfbuzz_subset=None)

    def loads_without_subsetter(name):
        sys.modules["weasyprint.text.ffi"] = without
        return weasyprint

    monkeypatch.setattr(importlib, "import_module", loads_without_subsetter)
    assert weasyprint_shortcuts._import_on_linux() is None
    assert "weasyprint.text.ffi" not in sys.modules


class FakeFfi:
    def __init__(self) -> None:
        self.asked: list[tuple[object, object]] = []

    def new(self, cdecl, init=None):
        self.asked.append((cdecl, init))
        return cdecl


def test_a_counted_glyph_array_is_made_as_an_open_one():
    fake = FakeFfi()
    weasyprint_shortcuts.open_arrays(fake)
    weasyprint_shortcuts.open_arrays(fake)  # once only
    assert fake.new("hb_codepoint_t[3]", [5, 7, 9]) == "hb_codepoint_t[]"
    assert fake.new("hb_codepoint_t[2]", (1, 2)) == "hb_codepoint_t[]"
    # Anything else is passed on as it is.
    assert fake.new("hb_codepoint_t[4]", [1, 2]) == "hb_codepoint_t[4]"
    assert fake.new("hb_codepoint_t[4]") == "hb_codepoint_t[4]"
    assert fake.new("char[]", b"ab") == "char[]"
    assert fake.new("PangoRectangle *") == "PangoRectangle *"
    assert fake.asked[0] == ("hb_codepoint_t[]", [5, 7, 9])
    assert fake.asked[-1] == ("PangoRectangle *", None)


def test_the_engines_glyph_arrays_hold_their_values():
    array = ffi.new("hb_codepoint_t[3]", [5, 7, 9])
    assert list(array) == [5, 7, 9]
    assert ffi.typeof(array) is ffi.typeof("hb_codepoint_t[]")


def test_a_sheet_of_new_glyph_counts_parses_no_c_type(monkeypatch):
    parsed = []
    real = cffi.cparser.Parser.parse_type

    def parse_type(parser, cdecl):
        parsed.append(cdecl)
        return real(parser, cdecl)

    def draw(count: int) -> None:
        letters = "".join(chr(code) for code in range(0x100, 0x100 + count))
        page = weasyprint.HTML(string=f"<p>{letters}</p><p><b>{letters}</b></p>")
        assert page.write_pdf(font_config=pdf_engine.font_config()).startswith(b"%PDF")

    draw(3)  # a first PDF parses types of its own, whatever the glyphs
    monkeypatch.setattr(cffi.cparser.Parser, "parse_type", parse_type)
    # Glyph counts no earlier test is likely to have drawn: 61 and 83 different letters.
    for count in (61, 83):
        draw(count)
    assert [cdecl for cdecl in parsed if "hb_codepoint_t" in cdecl] == []
