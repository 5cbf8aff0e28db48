"""Accounts in the browser (Debian's Chromium): sign up in the lobby, make a table and sit at
it, then sign in from another browser, find the table under "Your tables" and sit down again
at the same seat; the first browser is told its seat moved. Screenshots of the lobby signed in,
on a desktop and a phone, go to docs/img/account-*.png."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import running

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "img"
PASSWORD = "a long secret for nora"


def fill_account_form(page: Page, which: str, username: str, name: str | None = None) -> None:
    """Open the lobby's sign-in or sign-up form, fill it in and send it."""
    page.get_by_test_id(f"account-{which}").click()
    page.get_by_test_id("account-username").fill(username)
    page.get_by_test_id("account-password").fill(PASSWORD)
    if name is not None:
        page.get_by_test_id("account-name").fill(name)
    page.get_by_test_id("account-submit").click()


def test_a_seat_follows_its_account_to_another_browser(
    tmp_path: Path, new_page: Callable[..., Page]
) -> None:
    with running(tmp_path / "data") as server:
        home = new_page()
        home.goto(f"{server.url}/")
        fill_account_form(home, "signup", "nora", "Nora")
        expect(home.get_by_test_id("account-who")).to_have_text("Nora")
        expect(home.get_by_test_id("your-tables")).to_contain_text("None yet")
        home.get_by_test_id("create-submit").click()
        home.get_by_test_id("enter-table").click()
        expect(home.locator("[data-testid=table-page][data-seat='0']")).to_be_attached()
        table = home.url.rstrip("/").rsplit("/", 1)[1]
        home.goto(f"{server.url}/")  # the lobby: this browser holds the seat already
        expect(home.get_by_test_id(f"open-{table}")).to_be_visible()
        home.screenshot(path=str(IMAGES / "account-desktop.png"))
        home.get_by_test_id(f"open-{table}").click()
        expect(home.locator("[data-testid=table-page][data-seat='0']")).to_be_attached()

        away = new_page(phone=True)
        away.goto(f"{server.url}/")
        expect(away.get_by_test_id("account-who")).to_have_count(0)
        fill_account_form(away, "signin", "NORA")
        expect(away.get_by_test_id("account-who")).to_have_text("Nora")
        sit = away.get_by_test_id(f"sit-down-{table}")
        expect(sit).to_be_visible()
        away.evaluate("window.scrollTo(0, 0)")
        away.screenshot(path=str(IMAGES / "account-phone.png"))
        sit.click()
        expect(away.locator("[data-testid=table-page][data-seat='0']")).to_be_attached()
        expect(home.get_by_test_id("watch")).to_be_visible()  # the first browser's seat moved

        away.goto(f"{server.url}/")
        away.get_by_test_id("account-signout").click()
        expect(away.get_by_test_id("account-signin")).to_be_visible()
        away.reload()
        expect(away.get_by_test_id("account-signin")).to_be_visible()
        away.close()  # while the server answers: the lobby keeps asking it for open tables
        assert PASSWORD not in server.log()
