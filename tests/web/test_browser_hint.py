"""Practice tables in Debian's Chromium: made from the lobby's checkbox, said on the join page
and in the table's header; the Hint button beside the choices on your decision, "Thinking…",
then the advice with the best choice's place marked on the board, gone once the decision is
made; no Hint at a normal table. Screenshots at phone and desktop size go to docs/img."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.web.conftest import LiveServer, running
from tests.web.test_browser import (
    ENABLED_ACTIONS,
    Choice,
    choices,
    create_table,
    join,
    play_until,
    quick_golf,
)

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "img"
#: Long enough for a hint worked out at the game's default worlds on a busy machine.
ADVICE_WAIT = 60_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with running(tmp_path_factory.mktemp("hint") / "data") as live:
        yield live


def shot(page: Page, name: str) -> None:
    """A screenshot for docs/web.md."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_function("() => !document.querySelector('.ghost')")  # no card mid-flight
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def create_practice_table(page: Page, base: str, seats: list[str], name: str) -> dict[int, str]:
    """The lobby's form with "Practice table" ticked; take seat 0; {seat: invite url}."""
    page.goto(f"{base}/")
    page.get_by_test_id("create-game").select_option("clecanian")
    page.get_by_test_id("create-players").fill(str(len(seats)))
    for seat, kind in enumerate(seats[1:], start=1):
        page.get_by_test_id(f"create-seat-{seat}").select_option(kind)
    page.get_by_test_id("create-name").fill(name)
    page.get_by_test_id("option-rounds").fill("1")
    practice = page.get_by_test_id("create-practice")
    expect(page.locator("label[for=create-practice]")).to_have_text(
        "Practice table: hints for everyone"
    )
    expect(page.locator("#create-practice-help")).to_contain_text("agrees")
    practice.check()
    page.get_by_test_id("create-submit").click()
    expect(page.get_by_test_id("created")).to_be_visible()
    invites = {}
    for seat, kind in enumerate(seats):
        if seat and kind == "human":
            url = page.get_by_test_id(f"invite-link-{seat}").get_attribute("href")
            assert url
            invites[seat] = url
    page.get_by_test_id("enter-table").click()
    expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", re.compile(r"\d+"))
    return invites


#: A phone with a short screen, where the dock holding the advice is taller than the room
#: below the grid.
SHORT_PHONE: ViewportSize = {"width": 375, "height": 600}

#: Whether a place the hint marks on the board is on screen and not behind the dock (or the
#: hint marks no place on the board).
IN_VIEW_ABOVE_THE_DOCK = """() => {
  const limit = Math.min(
    document.querySelector('[data-testid=dock]').getBoundingClientRect().top, innerHeight);
  const places = [...document.querySelectorAll('[data-testid=board] .hinted')];
  return places.length === 0 || places.some((place) => {  // none: a choice in the dock itself
    const box = place.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= limit;
  });
}"""


def holding(holder: Page) -> Callable[[Page, list[Choice]], str | None]:
    """``quick_golf``, except that ``holder`` keeps the card it drew (decides nothing while it
    may discard it), so that a test can ask for a hint on that decision."""

    def policy(page: Page, offered: list[Choice]) -> str | None:
        if page is holder and any(name == "discard" for _, name, _ in offered):
            return None
        return quick_golf(page, offered)

    return policy


def holds_a_drawn_card(page: Page) -> Callable[[], bool]:
    drawn = page.locator("[data-testid=drawn-card][data-card]")
    return lambda: drawn.count() == 1 and any(name == "discard" for _, name, _ in choices(page))


def watch_for_thinking(page: Page) -> None:
    """Note whether "Thinking…" is ever shown from now on (it may be brief)."""
    page.evaluate(
        """() => {
          window.sawThinking = false;
          new MutationObserver(() => {
            if (document.querySelector('[data-testid=advice-thinking]')) window.sawThinking = true;
          }).observe(document.body, { subtree: true, childList: true });
        }"""
    )


def ask_for_a_hint(page: Page) -> str:
    """Press Hint; "Thinking…", then the advice; the best choice's label (its place marked)."""
    watch_for_thinking(page)
    button = page.get_by_test_id("hint")
    expect(button).to_be_visible()
    expect(button).to_have_text("Hint")
    button.click()
    best = page.get_by_test_id("advice-best").locator("strong")
    expect(best).to_be_visible(timeout=ADVICE_WAIT)
    assert page.evaluate("() => window.sawThinking"), '"Thinking…" was never shown'
    label = best.inner_text()
    expect(page.get_by_test_id("advice-why")).to_contain_text(label)
    rows = page.get_by_test_id("advice-options").locator("li")
    assert rows.count() == len(choices(page)), "the advice lists every choice"
    expect(rows.first.locator(".label")).to_have_text(label)
    marked = page.locator("[data-testid=table-page] .hinted")
    expect(marked).to_have_count(1)
    # The marked place is in view above the dock that holds the advice (scrolled there if not).
    page.wait_for_function(IN_VIEW_ABOVE_THE_DOCK)
    aria = marked.get_attribute("aria-label") or ""
    text = marked.inner_text() if marked.evaluate("e => e.classList.contains('action')") else ""
    assert aria.startswith(label) or text.startswith(label), (label, aria, text)
    return label


def test_a_practice_table_gives_hints_and_marks_the_best_place(
    server: LiveServer, new_page: Callable[..., Page]
) -> None:
    ann, bob = new_page(), new_page(phone=True)
    invites = create_practice_table(ann, server.url, ["human", "human"], "Ann")
    bob.goto(invites[1])
    expect(bob.get_by_test_id("practice-note")).to_contain_text("practice table")
    join(bob, invites[1], "Bob")
    for page in (ann, bob):
        expect(page.get_by_test_id("practice-tag")).to_have_text("Practice table · hints on")

    # Bob holds the card he drew from the stock: his hint, on a phone.
    play_until([ann, bob], holding(bob), holds_a_drawn_card(bob))
    expect(ann.get_by_test_id("hint")).to_be_hidden()  # not Ann's decision
    ask_for_a_hint(bob)
    expect(bob.get_by_test_id("hint")).to_be_disabled()
    shot(bob, "hint-phone")

    # Making the decision (the best one) takes the advice away.
    marked = bob.locator("[data-testid=table-page] .hinted")
    marked.click()
    expect(bob.get_by_test_id("advice")).to_be_hidden()
    expect(marked).to_have_count(0)

    # Ann's turn with a drawn card: her hint, on a desktop.
    play_until([ann, bob], holding(ann), holds_a_drawn_card(ann))
    ask_for_a_hint(ann)
    shot(ann, "hint-desktop")
    expect(bob.get_by_test_id("advice")).to_be_hidden()  # a hint goes to its asker alone

    # On a short phone the dock with the advice in it covers most of the grid: the marked
    # place is scrolled above it (a fixed scroll margin left it behind the dock).
    bob.set_viewport_size(SHORT_PHONE)
    play_until([ann, bob], holding(bob), holds_a_drawn_card(bob))
    bob.evaluate("() => window.scrollTo(0, 0)")
    ask_for_a_hint(bob)


def test_no_hint_at_a_normal_table(server: LiveServer, new_page: Callable[..., Page]) -> None:
    page = new_page()
    create_table(page, server.url, "clecanian", ["human", "medium"], "Cy", {"rounds": "1"})
    expect(page.locator(ENABLED_ACTIONS).first).to_be_visible()  # a decision of Cy's
    expect(page.get_by_test_id("hint")).to_be_hidden()
    expect(page.get_by_test_id("practice-tag")).to_be_hidden()
    expect(page.get_by_test_id("advice")).to_be_hidden()
