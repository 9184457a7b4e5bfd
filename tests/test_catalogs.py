"""The catalogs: every message the code marks (babel.cfg, as `make messages` reads it) is
translated in every language, with the same placeholders, and the compiled catalogs the app
reads are the .po files as they are now (`make catalogs`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from scorekeeper.languages import DEFAULT_LANGUAGE, LANGUAGES

CHECKOUT = Path(__file__).resolve().parent.parent
TRANSLATIONS = CHECKOUT / "scorekeeper" / "translations"
TRANSLATED = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]
# Python's "%(name)s" (and a bare "%s"), and "{name}", the style the scripts' words use.
PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?([diouxXeEfFgGcrsa%])")
BRACES = re.compile(r"\{(\w*)\}")

Key = tuple[str | None, str | tuple[str, ...]]


def placeholders(text: str) -> set[str]:
    """The placeholders of a message or a translation: "%(count)s", "%s", "{name}"."""
    found = {f"%({name})s" if name else f"%{kind}" for name, kind in PERCENT.findall(text)}
    found.discard("%%")
    return found | {f"{{{name}}}" for name in BRACES.findall(text)}


def extracted() -> dict[Key, str]:
    """Every message the code marks, with where it is first marked."""
    with open(CHECKOUT / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: dict[Key, str] = {}
    for filename, line, message, _comments, context in extract_from_dir(
        str(CHECKOUT), method_map, options_map
    ):
        found.setdefault((context, message), f"{filename}:{line}")
    return found


def catalog(language: str) -> Catalog:
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po)


def key(message: Message) -> Key:
    plural = isinstance(message.id, (list, tuple))
    # Babel's read_mo leaves a message's context (pgettext's) as bytes.
    context = message.context
    context = context.decode() if isinstance(context, bytes) else context
    return (context, tuple(message.id) if plural else message.id)


def forms(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string,)


def ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def translations(language: str) -> dict[Key, tuple[str, ...]]:
    return {key(m): forms(m) for m in catalog(language) if m.id}


@pytest.fixture(scope="module")
def marked() -> dict[Key, str]:
    found = extracted()
    # Extraction that silently found nothing would make every check below pass.
    assert (None, "Sign in") in found and (None, ("%(count)s hand", "%(count)s hands")) in found
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_marked_message_is_translated(marked, language):
    kept = {key(m): m for m in catalog(language) if m.id}
    missing = [where for k, where in marked.items() if k not in kept]
    fuzzy = [str(k[1]) for k, m in kept.items() if k in marked and m.fuzzy]
    empty = [str(k[1]) for k, m in kept.items() if k in marked and not all(forms(m))]
    assert missing == [], f"not in {language}'s catalog (run make messages): {missing}"
    assert fuzzy == [], f"marked fuzzy in {language}: {fuzzy}"
    assert empty == [], f"not translated in {language}: {empty}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_plural_has_every_form_of_its_language(language):
    kept = catalog(language)
    wrong = [m.id for m in kept if m.pluralizable and len(forms(m)) != kept.num_plurals]
    assert wrong == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translation_has_the_placeholders_of_its_message(language):
    wrong = []
    for message in catalog(language):
        if not message.id or not all(forms(message)):
            continue
        wanted = set().union(*(placeholders(text) for text in ids(message)))
        given = [placeholders(text) for text in forms(message)]
        if message.pluralizable:
            # A form for one thing may say "one" where the message says "%(count)s"; no form
            # may name what the message does not, and the last (the many) names it all.
            fits = all(found <= wanted for found in given) and given[-1] == wanted
        else:
            fits = given[0] == wanted
        if not fits:
            wrong.append((message.id, forms(message)))
    assert wrong == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_holds_no_message_the_code_no_longer_marks(marked, language):
    stale = [k[1] for k in translations(language) if k not in marked]
    assert stale == [], f"{language}: run make messages"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalog_is_the_po_file_as_it_is(language):
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.mo", "rb") as mo:
        compiled = {key(m): forms(m) for m in read_mo(mo) if m.id}
    written = {key(m): forms(m) for m in catalog(language) if m.id and not m.fuzzy}
    assert compiled == written, f"{language}: run make catalogs"


# fmt: off
@pytest.mark.parametrize(
    ("text",                                   "found"),
    [
        ("Hand %(number)s saved.",             {"%(number)s"}),
        ("%(least)s-%(most)s players",         {"%(least)s", "%(most)s"}),
        ("%d%% of %s",                         {"%d", "%s"}),
        ("Saved at {time}",                    {"{time}"}),
        ("No placeholder at all.",             set()),
    ],
    ids=["named", "two", "positional", "braces", "none"],
)
# fmt: on
def test_placeholders_are_read_in_each_style(text, found):
    assert placeholders(text) == found
