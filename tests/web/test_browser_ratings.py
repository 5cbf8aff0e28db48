"""Ratings in the browser (Debian's Chromium): after five rated games of two accounts against a
bot, the lobby's leaderboard lists them, a person's name leads to their profile with the
rating's history drawn, they change their name there, and a signed-in person makes a rated
table with the lobby's Rated box (which a guest never sees). Screenshots go to
docs/img/leaderboard-desktop.png and docs/img/profile-{desktop,phone}.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from matchmaker.server.ratings import MIN_GAMES
from tests.web.conftest import running
from tests.web.test_server_accounts import PASSWORD
from tests.web.test_server_ratings import Person, play

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "img"


def sign_in(page: Page, username: str) -> None:
    """Sign in with the lobby's form."""
    page.get_by_test_id("account-signin").click()
    page.get_by_test_id("account-username").fill(username)
    page.get_by_test_id("account-password").fill(PASSWORD)
    page.get_by_test_id("account-submit").click()


def test_leaderboards_profiles_and_rated_tables_in_the_browser(
    tmp_path: Path, new_page: Callable[..., Page]
) -> None:
    with running(tmp_path / "data", bot_pause=0.0) as server:
        ann, bob = Person(server.url), Person(server.url)
        ann.signup("ann")
        bob.signup("bob")
        for person, name in ((ann, "Ann"), (bob, "Bob")):
            assert person.call("POST", "/api/account/name", {"name": name})[0] == 200
        for seed in range(MIN_GAMES):
            play(server, ann, bob, rated=True, seed=seed)

        lobby = new_page()
        lobby.goto(f"{server.url}/")
        board = lobby.get_by_test_id("leaderboard-purrfect")
        expect(board).to_contain_text("Ann")
        expect(board).to_contain_text("Bob")
        expect(board).to_contain_text("easy bot")
        expect(board.locator("tbody tr")).to_have_count(3)
        expect(lobby.get_by_test_id("create-game")).to_be_visible()
        expect(lobby.get_by_test_id("create-rated")).to_be_hidden()  # a guest
        sign_in(lobby, "ann")
        expect(lobby.get_by_test_id("account-who")).to_have_text("Ann")
        expect(lobby.get_by_test_id("create-rated")).to_be_visible()
        lobby.get_by_test_id("leaderboards").scroll_into_view_if_needed()
        lobby.screenshot(path=str(IMAGES / "leaderboard-desktop.png"))

        lobby.get_by_test_id("create-game").select_option("purrfect")
        lobby.get_by_test_id("create-rated").check()
        lobby.get_by_test_id("create-submit").click()
        enter = lobby.get_by_test_id("enter-table")
        expect(enter).to_be_visible()
        table = (enter.get_attribute("href") or "").rsplit("/", 1)[1]
        status, summary = Person(server.url).call("GET", f"/api/tables/{table}")
        assert status == 200 and summary["rated"] is True

        lobby.goto(f"{server.url}/")
        lobby.get_by_test_id("leaderboard-purrfect").get_by_role("link", name="Bob").click()
        expect(lobby.get_by_test_id("profile-name")).to_have_text("Bob")
        expect(lobby.get_by_test_id("profile-rename")).to_have_count(0)  # not Ann's own
        expect(lobby.get_by_test_id("rating-plot")).to_be_visible()
        expect(lobby.get_by_test_id("rating-plot").locator("circle")).to_have_count(MIN_GAMES)
        recent = lobby.get_by_test_id("profile-recent-purrfect").locator("tbody tr")
        expect(recent).to_have_count(MIN_GAMES)
        lobby.screenshot(path=str(IMAGES / "profile-desktop.png"), full_page=True)
        recent.first.get_by_role("link").click()
        expect(lobby).to_have_url(re.compile(r"/replay/t[A-Za-z0-9]+$"))

        lobby.goto(f"{server.url}/players/ann")
        lobby.get_by_test_id("profile-rename").fill("Ann B.")
        expect(lobby.get_by_test_id("account-badge")).to_have_text("Ann")  # who is signed in
        lobby.get_by_test_id("profile-rename-submit").click()
        expect(lobby.get_by_test_id("profile-name")).to_have_text("Ann B.")
        expect(lobby.get_by_test_id("account-badge")).to_have_text("Ann B.")
        status, profile = Person(server.url).call("GET", "/api/players/ann")
        assert status == 200 and profile["name"] == "Ann B."

        phone = new_page(phone=True)
        phone.goto(f"{server.url}/players/bob")
        expect(phone.get_by_test_id("rating-plot")).to_be_visible()
        expect(phone.get_by_test_id("account-badge")).to_have_text("Sign in")  # a guest
        phone.screenshot(path=str(IMAGES / "profile-phone.png"))

        missing = new_page(refused=True)
        missing.goto(f"{server.url}/players/nobody")
        expect(missing.get_by_role("alert")).to_contain_text("no player")
