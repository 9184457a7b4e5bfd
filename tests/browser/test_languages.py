"""A phone set to Spanish: the pages speak Spanish from the first, sign-in included, and the
switch at the foot of every page changes the language without JavaScript's help."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import ICON_FILE, PHONE, TIMEOUT_MS
from .signing_in import OWNER, OWNER_PASSWORD

pytestmark = pytest.mark.browser


def spanish_phone(browser: Browser, live_server: str, javascript: bool) -> Iterator[Page]:
    context = browser.new_context(
        base_url=live_server, locale="es-ES", java_script_enabled=javascript, **PHONE
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.route("**/static/icons/icon.svg*", lambda route: route.fulfill(path=ICON_FILE))
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


@pytest.fixture(params=[True, False], ids=["with-scripts", "without-scripts"])
def phone_in_spanish(request, browser: Browser, live_server: str) -> Iterator[Page]:
    yield from spanish_phone(browser, live_server, request.param)


def test_a_spanish_phone_signs_in_in_spanish(phone_in_spanish: Page, owner: int):
    page = phone_in_spanish
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("heading", name="Apunta los puntos en la mesa")).to_be_visible()

    page.get_by_role("link", name="Entrar").tap()
    page.get_by_label("Nombre de usuario").fill(OWNER)
    page.get_by_label("Contraseña").fill("not-the-password")
    page.get_by_role("button", name="Entrar").tap()
    expect(page.get_by_role("alert")).to_have_text(
        "Ese nombre de usuario y esa contraseña no coinciden."
    )
    page.get_by_label("Contraseña").fill(OWNER_PASSWORD)
    page.get_by_role("button", name="Entrar").tap()

    expect(page.locator(".flash")).to_have_text(f"Has entrado como {OWNER}.")
    expect(page.get_by_role("heading", name="Empezar una liga")).to_be_visible()
    expect(page.get_by_role("button", name=f"Cerrar la sesión de {OWNER}")).to_have_text("Salir")


def test_the_switch_changes_the_language_and_keeps_the_page(phone_in_spanish: Page):
    page = phone_in_spanish
    page.goto("/login")
    switch = page.locator("form.language-switch")
    for name in ("English", "Español", "Deutsch"):
        box = switch.get_by_role("button", name=name).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, name
    expect(switch.get_by_role("button", name="Español")).to_have_attribute("aria-current", "true")

    switch.get_by_role("button", name="Deutsch").tap()

    expect(page).to_have_url(f"{page.url.split('/login')[0]}/login")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("heading", name="Anmelden")).to_be_visible()
    page.goto("/signup")
    expect(page.get_by_role("heading", name="Konto anlegen")).to_be_visible()
