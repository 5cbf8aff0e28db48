"""The table page as people meet it, in Debian's Chromium at phone and desktop sizes: the round
end held on screen (and the server's hold), the kept log after a reload and for a late
spectator, the end of a Purrfect Match game, a seat taken back from a second browser (the old
token refused), motion and reduced motion, keyboard play with a visible focus ring, the chat
drawer on a phone with bots' claims folded. Screenshots of both games go to docs/img."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.client import Peer, http
from tests.web.conftest import LiveServer, running
from tests.web.test_browser import (
    PLACED,
    choices,
    create_table,
    first_choice,
    game_over,
    join,
    play_until,
    quick_golf,
    replay_frames,
    seq_of,
    wait_for_seq,
)

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "img"
# Long enough that only people end the hold here (the hold's own clock is tested in
# tests/web/test_server_hold.py).
ROUND_PAUSE = 120.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that holds each Clecanian round end until the people are ready."""
    with running(tmp_path_factory.mktemp("table") / "data", round_pause=ROUND_PAUSE) as live:
        yield live


def shot(page: Page, name: str) -> None:
    """A screenshot for docs/web.md."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_function("() => !document.querySelector('.ghost')")  # no card mid-flight
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def log_lines(page: Page) -> list[str]:
    lines: list[str] = page.get_by_test_id("narration").locator("li").all_text_contents()
    return lines


def spectator_state(server: LiveServer, table: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A spectator's log and first state, read with a WebSocket client."""
    peer = Peer(server.ws_url, table)
    try:
        peer.wait_for(lambda m: m["type"] == "state")
    finally:
        peer.close()
    (log,) = [m for m in peer.messages if m["type"] == "log"]
    state = next(m for m in peer.messages if m["type"] == "state")
    return log, state


def in_viewport(page: Page, testid: str) -> bool:
    box = page.get_by_test_id(testid).bounding_box()
    size = page.viewport_size
    assert size is not None
    return bool(
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    )


def touch_only(page: Page) -> None:
    """The action bar offers no decision that has a place on the board."""
    names = page.locator("[data-testid=actions] button").evaluate_all(
        "els => els.map(e => e.dataset.name)"
    )
    assert not set(names) & set(PLACED), names


def test_golf_round_end_is_held_and_the_log_is_kept(
    server: LiveServer, new_page: Callable[..., Page]
) -> None:
    ann, bob = new_page(), new_page(phone=True)
    table, invites = create_table(
        ann, server.url, "clecanian", ["human", "medium", "human"], "Ann", {"rounds": "2"}
    )
    join(bob, invites[2], "Bob")

    def golf(page: Page, offered: list[Any]) -> str:
        touch_only(page)
        return quick_golf(page, offered)

    # Screenshots of a turn in progress, on a desktop and on a phone.
    # Bob's own drawn card: a card another seat took from the discard pile shows its face too,
    # and that seat would play on after the loop stops.
    held = (
        bob.get_by_test_id("drawn")
        .filter(has_text="(you) holds")
        .locator("[data-testid=drawn-card][data-card]")
    )
    play_until([ann, bob], golf, lambda: held.count() == 1 and bool(choices(bob)))
    for testid in ("drawn", "discard"):  # what Bob holds stays in view on a phone
        assert in_viewport(bob, testid), testid
    shot(bob, "clecanian-phone")
    wait_for_seq(ann, seq_of(bob))
    shot(ann, "clecanian-desktop")

    # The log is kept: a reload reads the same lines, a late spectator reads the public ones.
    lines = log_lines(bob)
    assert lines
    bob.reload()
    wait_for_seq(bob, seq_of(ann))
    expect(bob.get_by_test_id("narration").locator("li")).to_have_count(len(lines))
    assert log_lines(bob) == lines

    # The round ends: the scored grids, the round's points and the totals, held for everyone.
    ended = lambda: ann.get_by_test_id("round-end").is_visible()  # noqa: E731
    play_until([ann, bob], golf, ended, next_round=False)
    expect(bob.get_by_test_id("round-end")).to_be_visible()
    _, state = spectator_state(server, table)
    view = state["view"]
    assert state["pause"] and state["pause"]["reason"] == "round_over"
    for page in (ann, bob):
        for seat in range(3):
            expect(page.get_by_test_id(f"round-end-grid-{seat}")).to_be_visible()
            expect(page.get_by_test_id(f"round-end-points-{seat}")).to_have_text(
                str(view["round_scores"][0][seat])
            )
            expect(page.get_by_test_id(f"round-end-total-{seat}")).to_have_text(
                str(view["totals"][seat])
            )
        expect(page.get_by_test_id("round-end-countdown")).to_contain_text("starts in")
    assert in_viewport(bob, "round-next"), "Next round is out of reach on a phone"
    shot(bob, "clecanian-round-end-phone")
    shot(ann, "clecanian-round-end-desktop")

    ann.get_by_test_id("round-next").click()
    expect(ann.get_by_test_id("round-end")).to_be_hidden()
    expect(bob.get_by_test_id("round-end-waiting")).to_contain_text("Bob")
    # (That no bot decides meanwhile is the server's to hold: tests/web/test_server_hold.py.)
    bob.get_by_test_id("round-next").click()
    expect(bob.get_by_test_id("round-end")).to_be_hidden()

    play_until([ann, bob], golf, game_over([ann, bob]))
    watcher = new_page(phone=True)
    watcher.goto(f"{server.url}/table/{table}?spectate=1")
    wait_for_seq(watcher, seq_of(ann))
    log, _ = spectator_state(server, table)
    told = [line for entry in log["entries"] for line in entry["lines"]]
    expect(watcher.get_by_test_id("narration").locator("li")).to_have_count(len(told))
    assert log_lines(watcher) == told
    expect(watcher.get_by_test_id("final-scores")).to_be_visible()


def test_purrfect_match_end_shows_who_matched_whom(
    server: LiveServer, new_page: Callable[..., Page]
) -> None:
    ann = new_page(phone=True)
    table, _ = create_table(ann, server.url, "purrfect", ["human", "medium", "medium"], "Ann")

    def cats(page: Page, offered: list[Any]) -> str:
        touch_only(page)
        return first_choice(page, offered)

    play_until([ann], cats, lambda: ann.get_by_test_id("proposer-cat").is_visible())
    shot(ann, "purrfect-phone")
    play_until([ann], cats, game_over([ann]))
    final = replay_frames(server.url, table, 0)[-1]["view"]
    for seat in range(3):
        expect(ann.get_by_test_id(f"end-target-{seat}")).to_have_text(str(final["targets"][seat]))
        expect(ann.get_by_test_id(f"end-score-{seat}")).to_have_text(str(final["scores"][seat]))
    expect(ann.get_by_test_id("end-match")).to_have_count(len(final["matches"]))
    desk = new_page()
    desk.goto(f"{server.url}/table/{table}?spectate=1")
    expect(desk.get_by_test_id("game-end")).to_be_visible()
    shot(desk, "purrfect-end-desktop")


def test_a_seat_link_moves_the_seat_to_another_browser(
    server: LiveServer, new_page: Callable[..., Page]
) -> None:
    ann = new_page()
    table, _ = create_table(ann, server.url, "clecanian", ["human", "medium"], "Ann")
    # Help where you play: the game's rules beside the table.
    rules = ann.get_by_test_id("rules-clecanian")
    rules.locator("summary").click()
    expect(rules).to_contain_text("Jokers")
    old = ann.evaluate(f"() => localStorage.getItem('matchmaker:token:{table}')")
    assert old
    ann.get_by_test_id("seat-link-ask").click()
    link = ann.get_by_test_id("seat-link").get_attribute("href")
    assert link and "#recover=" in link

    phone = new_page(phone=True)
    phone.goto(link)
    expect(phone.get_by_test_id("table-page")).to_have_attribute("data-seat", "0")
    assert "recover" not in phone.url
    expect(ann.get_by_test_id("error-banner")).to_have_attribute("data-code", "seat_moved")
    expect(ann.get_by_test_id("watch")).to_be_visible()
    peer = Peer(server.ws_url, table, old)
    try:
        refused = peer.wait_for(lambda m: m["type"] == "error")
    finally:
        peer.close()
    assert refused["code"] == "bad_token"
    again = new_page(refused=True)
    again.goto(link)
    expect(again.get_by_test_id("bad-seat-link")).to_be_visible()
    status, _ = http("POST", f"{server.url}/api/tables/{table}/seat-link", {"token": old})
    assert status == 403


def test_motion_follows_moves_and_stops_for_reduced_motion(
    server: LiveServer, new_page: Callable[..., Page]
) -> None:
    moving, still = new_page(), new_page(reduced=True)
    table, _ = create_table(moving, server.url, "clecanian", ["human", "medium", "medium"], "Ann")
    still.goto(f"{server.url}/table/{table}?spectate=1")
    count_flights = """() => {
      window.flights = 0;
      new MutationObserver(records => records.forEach(r => r.addedNodes.forEach(n => {
        if (n.classList && n.classList.contains('ghost')) window.flights += 1;
      }))).observe(document.body, {childList: true});
    }"""
    for page in (moving, still):
        expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", re.compile(r"\d"))
        page.evaluate(count_flights)
    play_until(
        [moving],
        quick_golf,
        lambda: bool(moving.evaluate("() => window.flights > 2")),
    )
    # The bots play on meanwhile: the still page has seen at least as much as the moving one.
    still.wait_for_function(
        "n => Number(document.querySelector('[data-testid=table-page]').dataset.seq) >= n",
        arg=seq_of(moving),
    )
    assert still.evaluate("() => window.flights") == 0

    # Keyboard only: Tab reaches a playable place, its focus ring is visible and not the
    # accent that marks what can be played, and Enter plays it.
    play_until([moving], quick_golf, lambda: bool(choices(moving)))
    seq = seq_of(moving)
    for _ in range(40):
        moving.keyboard.press("Tab")
        if moving.evaluate("() => document.activeElement.matches('button[data-name]')"):
            break
    ring = moving.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, s.outlineColor]; }"
    )
    assert ring == ["dashed", "rgb(255, 255, 255)"], ring
    chosen = moving.evaluate("() => document.activeElement.dataset.testid")
    assert chosen in [testid for testid, _, _ in choices(moving)], chosen
    moving.keyboard.press("Enter")
    moving.wait_for_function(
        "n => Number(document.querySelector('[data-testid=table-page]').dataset.seq) > n",
        arg=seq,
    )


def test_chat_is_a_drawer_on_a_phone_with_bots_claims_folded(
    server: LiveServer, new_page: Callable[..., Page]
) -> None:
    ann, bob = new_page(phone=True), new_page()
    _, invites = create_table(
        ann, server.url, "purrfect", ["human", "human", "medium", "medium"], "Ann"
    )
    join(bob, invites[1], "Bob")
    expect(ann.get_by_test_id("chat-input")).to_be_hidden()
    bob.get_by_test_id("chat-input").fill("hello Ann")
    bob.get_by_test_id("chat-send").click()
    expect(ann.get_by_test_id("chat-toggle")).to_have_text("Chat · 1 new")
    ann.get_by_test_id("chat-toggle").click()
    expect(ann.get_by_test_id("chat-input")).to_be_visible()
    expect(ann.get_by_test_id("chat-messages")).to_contain_text("hello Ann")
    expect(ann.get_by_test_id("chat-toggle")).to_have_text(re.compile("Close chat$"))
    ann.get_by_test_id("chat-toggle").click()
    expect(ann.get_by_test_id("chat-input")).to_be_hidden()

    # The bots claim once candidates are down: their claims share one compact line.
    folded = (
        "() => [...document.querySelectorAll('[data-testid=chat-claims]')]"
        ".some(line => line.querySelectorAll('[data-testid=folded-claim]').length >= 2)"
    )
    play_until([ann, bob], first_choice, lambda: bool(bob.evaluate(folded)))
    assert bob.get_by_test_id("chat-claims").count() < bob.get_by_test_id("folded-claim").count()
    shot(bob, "purrfect-desktop")
