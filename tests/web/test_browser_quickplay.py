"""Quick play and open tables in the browser (Debian's Chromium): two signed-in people ask for a
rated game of Purrfect Match, land at one table, finish it, and the leaderboard and their
profiles show the rated game; a guest waits in the line, is told in words when the server no
longer knows the ticket and asks again, and fills the empty seat with an easy bot; a public
table made with the lobby's Public box is listed in Open tables, a second browser sits down
there without an invite, and the list no longer shows it. Screenshots of the lobby with people
waiting and an open table go to docs/img/lobby-{desktop,phone}.png and
docs/img/quickplay-waiting-desktop.png."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, expect

from tests.web.client import http
from tests.web.conftest import LiveServer, running
from tests.web.test_browser import first_choice, fits_the_width, game_over, play_until
from tests.web.test_browser_account import fill_account_form

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "img"
TABLE_URL = re.compile(r"/table/([^/?#]+)$")
#: How long a page may take to be seated or to see a change: far above what it takes.
SLOW = 30_000


def ask(page: Page, game: str, players: int, name: str | None = None) -> None:
    """Fill the quick-play form and ask (the last field sends it with Enter, as a keyboard
    would)."""
    page.get_by_test_id("qp-game").select_option(game)
    page.get_by_test_id("qp-players").fill(str(players))
    if name is None:
        page.get_by_test_id("qp-find").click()
    else:
        page.get_by_test_id("qp-name").fill(name)
        page.get_by_test_id("qp-name").press("Enter")


def seated(page: Page) -> tuple[str, int]:
    """Wait until the page is at a table, in a seat; (table, seat)."""
    expect(page).to_have_url(TABLE_URL, timeout=SLOW)
    root = page.locator("[data-testid=table-page][data-seat]")
    expect(root).to_be_attached(timeout=SLOW)
    match = TABLE_URL.search(page.url)
    assert match
    return match.group(1), int(root.get_attribute("data-seat") or -1)


def summary(server: LiveServer, table: str) -> dict[str, Any]:
    status, answer = http("GET", f"{server.url}/api/tables/{table}")
    assert status == 200, answer
    assert isinstance(answer, dict)
    return answer


def close_lobbies(*pages: Page) -> None:
    """Close lobby pages while their server still answers: a lobby keeps asking it (the open
    tables, a ticket), and a request to a stopped server is an error on the console."""
    for page in pages:
        page.close()


def wait_until(check: Callable[[], bool], timeout: float = SLOW / 1000) -> None:
    """Ask ``check`` again every tenth of a second until it holds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not so within the time allowed"
        time.sleep(0.1)


def test_two_accounts_meet_by_quick_play_and_their_rated_game_counts(
    tmp_path: Path, new_page: Callable[..., Page]
) -> None:
    with running(tmp_path / "data", bot_pause=0.0) as server:
        ann, bob = new_page(), new_page()
        for page, username, name in ((ann, "ann", "Ann"), (bob, "bob", "Bob")):
            page.goto(f"{server.url}/")
            expect(page.get_by_test_id("qp-rated")).to_be_hidden()  # a guest: no Rated box
            fill_account_form(page, "signup", username, name)
            expect(page.get_by_test_id("account-who")).to_have_text(name)
            # signed in: no name to give, rated by default, the new-table form names them
            expect(page.get_by_test_id("qp-name")).to_be_hidden()
            expect(page.get_by_test_id("qp-rated")).to_be_checked()
            expect(page.get_by_test_id("create-name")).to_have_value(name)

        ask(ann, "purrfect", 2)
        expect(ann.get_by_test_id("qp-you")).to_contain_text("Ann")
        expect(ann.get_by_test_id("qp-summary")).to_contain_text("Purrfect Match, 2 players, rated")
        expect(ann.get_by_test_id("qp-line")).to_have_attribute("aria-live", "polite")
        ask(bob, "purrfect", 2)
        # Bob sees Ann waiting, or is seated with her at once: either way one table for both
        expect(bob.get_by_test_id("qp-other").or_(bob.get_by_test_id("table-page"))).to_be_visible(
            timeout=SLOW
        )
        (table, seat_a), (table_b, seat_b) = seated(ann), seated(bob)
        assert table == table_b and seat_a != seat_b
        info = summary(server, table)
        assert info["rated"] is True and info["game"] == "purrfect"
        assert sorted(seat["label"] for seat in info["seats"]) == ["Ann", "Bob"]

        play_until([ann, bob], first_choice, game_over([ann, bob]))
        status, board = http("GET", f"{server.url}/api/leaderboard/purrfect?min_games=0")
        assert status == 200
        rows = {row["username"]: row for row in board["rows"] if row.get("username")}
        assert set(rows) == {"ann", "bob"}
        assert rows["ann"]["games"] == rows["bob"]["games"] == 1
        for page, username in ((ann, "ann"), (bob, "bob")):
            page.goto(f"{server.url}/players/{username}")
            recent = page.get_by_test_id("profile-recent-purrfect").locator("tbody tr")
            expect(recent).to_have_count(1)
            expect(page.get_by_test_id(f"profile-replay-{table}")).to_be_visible()


def test_a_guest_asks_again_after_losing_the_ticket_and_fills_with_an_easy_bot(
    tmp_path: Path, new_page: Callable[..., Page]
) -> None:
    with running(tmp_path / "data", bot_pause=0.0, quickplay_bots_after=0.0) as server:
        page = new_page(refused=True)  # the server answers unknown_ticket once, on purpose
        page.goto(f"{server.url}/")
        expect(page.get_by_test_id("qp-game")).to_have_accessible_name("Game")
        expect(page.get_by_test_id("qp-players")).to_have_accessible_name("Players")
        expect(page.get_by_test_id("qp-rated")).to_be_hidden()
        page.get_by_test_id("qp-game").select_option("clecanian")
        expect(page.get_by_test_id("qp-players")).to_have_attribute("min", "2")
        expect(page.get_by_test_id("qp-players")).to_have_attribute("max", "4")

        def forget(route: Route) -> None:
            """The server forgets the ticket (as a restart does) before it is asked about."""
            ticket = json.loads(route.request.post_data or "{}")["ticket"]
            assert http("POST", f"{server.url}/api/quickplay/leave", {"ticket": ticket})[0] == 200
            route.continue_()

        page.route("**/api/quickplay/status", forget, times=1)
        ask(page, "clecanian", 2, name="Gus")
        error = page.get_by_test_id("qp-error")
        expect(error).to_contain_text("no longer has your place in the line", timeout=SLOW)
        expect(page.get_by_test_id("qp-again")).to_be_focused()
        page.keyboard.press("Enter")  # "Ask again"

        expect(page.get_by_test_id("qp-you")).to_contain_text("Gus", timeout=SLOW)
        line = "Clecanian Golf, 2 players, casual"
        expect(page.get_by_test_id("qp-summary")).to_contain_text(line)
        expect(page.get_by_test_id("qp-waited")).to_have_text(re.compile(r"^\d\d:\d\d$"))
        bot = page.get_by_test_id("qp-bot")
        expect(bot).to_have_value("medium")
        expect(bot.locator("option[value=easy]")).to_have_text("easy bot")
        bot.select_option("easy")
        expect(page.get_by_test_id("qp-fill")).to_be_enabled(timeout=SLOW)
        page.get_by_test_id("qp-fill").click()

        table, seat = seated(page)
        info = summary(server, table)
        assert info["game"] == "clecanian" and info["rated"] is False
        labels = {s["seat"]: s["label"] for s in info["seats"]}
        assert labels[seat] == "Gus"
        assert [label for s, label in labels.items() if s != seat] == ["easy bot"]
        expect(page.get_by_test_id("table-page")).to_contain_text("easy bot")


def test_a_public_table_is_listed_and_taken_from_open_tables(
    tmp_path: Path, new_page: Callable[..., Page]
) -> None:
    with running(tmp_path / "data", bot_pause=0.0) as server:
        watcher = new_page(phone=True)  # a lobby left open: it sees the list change
        watcher.goto(f"{server.url}/")
        expect(watcher.get_by_test_id("open-none")).to_be_visible()

        cid = new_page()
        cid.goto(f"{server.url}/")
        cid.get_by_test_id("create-game").select_option("clecanian")
        cid.get_by_test_id("create-players").fill("3")
        cid.get_by_test_id("create-seat-1").select_option("human")
        cid.get_by_test_id("create-seat-2").select_option("medium")
        cid.get_by_test_id("create-name").fill("Cid")
        cid.get_by_test_id("create-public").check()
        cid.get_by_test_id("create-submit").click()
        expect(cid.get_by_test_id("created")).to_contain_text("listed in Open tables")
        cid.get_by_test_id("enter-table").click()
        table, seat = seated(cid)
        assert seat == 0
        assert summary(server, table)["status"] == "waiting"

        listed = watcher.get_by_test_id(f"open-{table}")
        expect(listed).to_be_visible(timeout=SLOW)  # at its next look, within 5 s
        for words in ("Clecanian Golf · 3 players", "Cid", "medium bot", "free seat"):
            expect(listed).to_contain_text(words)
        expect(listed).to_contain_text("1 open seat · made just now")
        assert fits_the_width(watcher)

        dee = new_page()
        dee.goto(f"{server.url}/")
        dee.get_by_test_id("qp-name").fill("Dee")
        dee.get_by_test_id(f"sit-{table}").click()
        assert seated(dee) == (table, 1)
        wait_until(lambda: summary(server, table)["status"] != "waiting")
        expect(cid.get_by_test_id("table-page")).to_contain_text("Dee")
        assert [s["label"] for s in summary(server, table)["seats"]] == ["Cid", "Dee", "medium bot"]
        expect(listed).to_have_count(0, timeout=SLOW)
        expect(watcher.get_by_test_id("open-none")).to_be_visible()
        close_lobbies(watcher)


def test_the_lobby_with_people_waiting_and_an_open_table(
    tmp_path: Path, new_page: Callable[..., Page]
) -> None:
    with running(tmp_path / "data", quickplay_bots_after=60.0) as server:
        status, made = http(
            "POST",
            f"{server.url}/api/tables",
            {"game": "clecanian", "options": {"players": 3}, "seats": ["human", "human", "medium"],
             "names": ["Cid", None, None], "public": True},
        )  # fmt: skip
        assert status == 201, made
        table, own = made["table"], made["invites"][0]["code"]
        assert http("POST", f"{server.url}/api/tables/{table}/join", {"invite": own})[0] == 200

        ann, bob = new_page(), new_page(phone=True)
        for page, name in ((ann, "Ann"), (bob, "Bob")):
            page.goto(f"{server.url}/")
            ask(page, "purrfect", 3, name=name)
            expect(page.get_by_test_id("qp-you")).to_contain_text(name, timeout=SLOW)
            expect(page.get_by_test_id("create-name")).to_have_value(name)  # the name carries on
        for page, other in ((ann, "Bob"), (bob, "Ann")):
            expect(page.get_by_test_id("qp-other")).to_contain_text(other, timeout=SLOW)
            expect(page.get_by_test_id(f"open-{table}")).to_be_visible()
            expect(page.get_by_test_id("qp-fill")).to_be_disabled()
            expect(page.get_by_test_id("qp-bots-in")).to_contain_text("possible in")
        # the clocks tick between the server's answers
        ticked = re.compile(r"^00:(0[3-9]|[1-5]\d)$")
        expect(bob.get_by_test_id("qp-waited")).to_have_text(ticked, timeout=SLOW)
        assert fits_the_width(bob)
        ann.screenshot(path=str(IMAGES / "lobby-desktop.png"))
        panel = ann.get_by_test_id("quickplay")
        panel.screenshot(path=str(IMAGES / "quickplay-waiting-desktop.png"))
        bob.screenshot(path=str(IMAGES / "lobby-phone.png"))

        # Cancel leaves the line: the other sees them go, and the form is back
        ann.get_by_test_id("qp-cancel").click()
        expect(ann.get_by_test_id("qp-find")).to_be_focused()
        expect(bob.get_by_test_id("qp-other")).to_have_count(0, timeout=SLOW)
        expect(bob.get_by_test_id("qp-you")).to_contain_text("Bob")
        # so does leaving the page: well before the server would drop a silent ticket (30 s)
        ann.get_by_test_id("qp-find").click()
        expect(bob.get_by_test_id("qp-other")).to_contain_text("Ann", timeout=SLOW)
        bob.goto("about:blank")
        expect(ann.get_by_test_id("qp-other")).to_have_count(0, timeout=15_000)
        close_lobbies(ann, bob)
