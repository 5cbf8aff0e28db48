"""The review of a finished game in Debian's Chromium, at phone and desktop sizes: each
decision's mark, loss, best choice and reason at its replay frame, the strip of points lost
(a bar a decision, by mouse and by keyboard, to the worst decision), each seat's figures,
"Reviewing…" until the review is ready, and the lobby's Review link. Screenshots go to
docs/img."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Page, expect

from matchmaker.server import reviews
from matchmaker.server.analyst import AnalysisSettings
from matchmaker.server.app import create_app
from matchmaker.server.table import Timing
from tests.web.client import http
from tests.web.conftest import free_port

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "img"
#: Enough worlds a decision for marks of every kind, few enough for a quick review.
WORLDS = 40
#: A Purrfect Match game of bots, one of them the random ``easy`` (plenty to mark).
GAME = {
    "game": "purrfect",
    "options": {"players": 4},
    "seats": ["easy", "medium", "greedy", "medium"],
}


class Site:
    """An in-process server whose analysis worker can be held (``closed``) and let go."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.open = threading.Event()
        self.open.set()
        self.real = reviews.review_seats

    def review_seats(self, record: dict[str, Any], worlds: int, seed: int) -> list[dict[str, Any]]:
        assert self.open.wait(120), "the test never let the review go"
        return self.real(record, worlds, seed)

    def finished_game(self) -> str:
        """A table of bots played to its end; its id."""
        status, made = http("POST", f"{self.url}/api/tables", GAME)
        assert status == 201, made
        table: str = made["table"]
        wait_until(lambda: self.get(f"/api/tables/{table}")["status"] == "over", "the game's end")
        return table

    def get(self, path: str) -> Any:
        status, answer = http("GET", self.url + path)
        assert status < 400, answer
        return answer

    def review(self, table: str) -> dict[str, Any]:
        """The table's review, once ready."""
        answer: dict[str, Any] = wait_until(
            lambda: (
                (found := self.get(f"/api/tables/{table}/review"))["status"] == "ready" and found
            ),
            "the review",
        )
        return answer


def wait_until(condition: Callable[[], Any], what: str, timeout: float = 120.0) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < deadline, f"waited {timeout:.0f} s for {what}"
        time.sleep(0.05)
    return value


@contextmanager
def serving(data: Path) -> Iterator[Site]:
    """The app under uvicorn in a thread of this process (so that a test can hold its
    analysis worker, a thread here), bots without pauses."""
    settings = AnalysisSettings(workers=0, review_worlds=WORLDS)
    app = create_app(data, Timing(bot_pause=0, round_pause=0), analysis=settings)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    site = Site(f"http://127.0.0.1:{port}")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reviews, "review_seats", site.review_seats)
        thread.start()
        try:
            wait_until(lambda: server.started, "the server to start", 30)
            yield site
        finally:
            site.open.set()
            server.should_exit = True
            thread.join(30)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with serving(tmp_path_factory.mktemp("review") / "data") as served:
        yield served


@pytest.fixture(scope="module")
def game(site: Site) -> dict[str, Any]:
    """A finished game, its replay frames from seat 0 and from everyone, and its review."""
    table = site.finished_game()
    return {
        "table": table,
        "review": site.review(table),
        "frames": site.get(f"/api/tables/{table}/replay?seat=0")["frames"],
        "public": site.get(f"/api/tables/{table}/replay")["frames"],
    }


def frame_of(frames: list[dict[str, Any]], decision: dict[str, Any]) -> int:
    """The index of the frame that tells a decision: its seq is the one after the event."""
    (index,) = [i for i, frame in enumerate(frames) if frame["seq"] == decision["event"] + 1]
    return index


def one_decimal(value: float) -> str:
    """A number of points as the page writes it (JavaScript's ``toFixed(1)``: an exact tie
    rounds up, as 4.25 to 4.3)."""
    return str(Decimal(value).quantize(Decimal("0.1"), ROUND_HALF_UP))


def percent(share: float) -> str:
    """A share as the page writes it (JavaScript's ``Math.round``: a half rounds up, as 64.5
    to 65, where Python's ``round`` gives 64)."""
    return f"{math.floor(share * 100 + 0.5)}%"


def index_of(page: Page) -> int:
    return int(page.get_by_test_id("replay-page").get_attribute("data-index") or "-1")


def open_review(page: Page, site: Site, table: str, seat: int | None = 0) -> None:
    query = "review=1" if seat is None else f"seat={seat}&review=1"
    page.goto(f"{site.url}/replay/{table}?{query}")
    expect(page.get_by_test_id("review")).to_have_attribute("data-state", "ready")


def fits_the_width(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_each_decision_is_told_at_its_frame(
    site: Site, game: dict[str, Any], new_page: Callable[..., Page]
) -> None:
    page = new_page()
    open_review(page, site, game["table"])
    mine = game["review"]["seats"][0]
    bars = page.get_by_test_id("review-bar")
    expect(bars).to_have_count(len(mine["decisions"]))
    frames = [int(bars.nth(i).get_attribute("data-frame") or -1) for i in range(bars.count())]
    assert frames == [frame_of(game["frames"], d) for d in mine["decisions"]]
    row = page.get_by_test_id("review-seat-0")
    expect(row).to_contain_text(percent(mine["accuracy"]))
    expect(row).to_contain_text(one_decimal(mine["mean_loss"]))
    expect(page.get_by_test_id("review-seat-1")).to_have_count(0)  # only the seat viewed
    # a best choice and one that lost points, each at its frame with its mark and reason
    best = next(d for d in mine["decisions"] if d["mark"] == "best")
    worse = next(d for d in mine["decisions"] if d["loss"] > 0)
    for decision in (best, worse):
        bars.nth(mine["decisions"].index(decision)).click()
        assert index_of(page) == frame_of(game["frames"], decision)
        note = page.get_by_test_id("review-note")
        expect(note.get_by_test_id("review-mark")).to_have_text(decision["mark"])
        expect(note.get_by_test_id("review-why")).to_have_text(decision["why"])
        if decision["loss"]:
            expect(note).to_contain_text(
                f"{one_decimal(decision['loss'])} points lost. Best: {decision['best']}."
            )
    # a frame with no decision of the seat's says so
    page.get_by_test_id("replay-first").click()
    assert index_of(page) == 0
    expect(page.get_by_test_id("review-note")).to_contain_text("No decision")
    # everyone's view: every seat's decisions and figures
    page.get_by_test_id("replay-seat").select_option("")
    total = sum(len(seat["decisions"]) for seat in game["review"]["seats"])
    expect(bars).to_have_count(total)
    expect(page.get_by_test_id("review-summary").locator("tbody tr")).to_have_count(4)
    assert "review=1" in page.url


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_strip_goes_to_the_worst_decision(
    site: Site, game: dict[str, Any], new_page: Callable[..., Page], phone: bool
) -> None:
    page = new_page(phone=phone)
    open_review(page, site, game["table"])
    decisions = game["review"]["seats"][0]["decisions"]
    worst = max(decisions, key=lambda d: d["loss"])
    at = decisions.index(worst)
    bar = page.get_by_test_id("review-bar").nth(at)
    assert float(bar.get_attribute("data-loss") or 0) == worst["loss"]
    bar.click()
    assert index_of(page) == frame_of(game["frames"], worst)
    expect(bar).to_have_attribute("aria-current", "step")
    expect(page.get_by_test_id("review-note").get_by_test_id("review-mark")).to_have_text(
        worst["mark"]
    )
    assert fits_the_width(page), "the page is wider than the screen"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"review-{'phone' if phone else 'desktop'}.png"))
    # the keyboard: the strip is one Tab stop; ← and → go from decision to decision
    expect(bar).to_have_attribute("tabindex", "0")
    bar.focus()
    if at + 1 < len(decisions):
        page.keyboard.press("ArrowRight")
        assert index_of(page) == frame_of(game["frames"], decisions[at + 1])
        expect(page.get_by_test_id("review-bar").nth(at + 1)).to_be_focused()
    page.keyboard.press("Home")
    assert index_of(page) == frame_of(game["frames"], decisions[0])
    page.keyboard.press("End")
    assert index_of(page) == frame_of(game["frames"], decisions[-1])


def test_reviewing_until_the_review_is_ready(site: Site, new_page: Callable[..., Page]) -> None:
    site.open.clear()  # the review is held while the page asks
    try:
        table = site.finished_game()
        page = new_page()
        page.goto(f"{site.url}/")
        link = page.get_by_test_id(f"review-link-{table}")
        expect(link).to_have_text("Review")
        link.click()
        expect(page).to_have_url(f"{site.url}/replay/{table}?review=1")
        expect(page.get_by_test_id("review-status")).to_contain_text("Reviewing…")
        expect(page.get_by_test_id("review")).to_have_attribute("data-state", "pending")
        expect(page.get_by_test_id("review-bar")).to_have_count(0)
    finally:
        site.open.set()
    expect(page.get_by_test_id("review")).to_have_attribute("data-state", "ready", timeout=30_000)
    expect(page.get_by_test_id("review-bar").first).to_be_visible()


def test_a_replay_offers_its_review(
    site: Site, game: dict[str, Any], new_page: Callable[..., Page]
) -> None:
    page = new_page(phone=True)
    page.goto(f"{site.url}/replay/{game['table']}?seat=0")
    expect(page.get_by_test_id("review")).to_be_hidden()
    page.get_by_test_id("replay-review").click()
    expect(page.get_by_test_id("review")).to_have_attribute("data-state", "ready")
    expect(page).to_have_url(f"{site.url}/replay/{game['table']}?seat=0&review=1")


def test_the_end_of_a_game_links_to_its_review(
    site: Site, game: dict[str, Any], new_page: Callable[..., Page]
) -> None:
    page = new_page()
    page.goto(f"{site.url}/table/{game['table']}?spectate=1")
    expect(page.get_by_test_id("final-scores")).to_be_visible()
    page.get_by_test_id("final-scores").get_by_test_id("review-link").click()
    expect(page).to_have_url(f"{site.url}/replay/{game['table']}?review=1")
    expect(page.get_by_test_id("review")).to_have_attribute("data-state", "ready")
    expect(page.get_by_test_id("review-summary").locator("tbody tr")).to_have_count(4)
