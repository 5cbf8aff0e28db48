"""The browser client in Debian's Chromium: whole games between two people and a bot, played by
touching the board (grid places, piles and cats are the controls; buttons only for choices with
no place), a reload, a spectator who sees no hidden card, table talk shown as text, rematch and
the replay viewer; the client draws the facts the server sends (scores, names, statuses) and
keeps its controls in place while others play."""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from matchmaker.words import summary_line
from tests.web.client import Peer, http
from tests.web.conftest import LiveServer, running

ENABLED_ACTIONS = "[data-testid=table-page] button[data-name]:not([disabled])"
# Decisions that have a place on the board, never a button of their own.
PLACED = ("swap", "reveal", "abduct", "draw_stock", "draw_discard", "present", "nominate")
GAME_TIMEOUT = 180.0  # a guard against a hang, far above what a game takes

# (testid, name, arg) of every enabled action button of a page.
Choice = tuple[str, str, str | None]
# The test id of the button to press, or None to leave the decision to later.
Policy = Callable[[Page, list[Choice]], str | None]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with running(tmp_path_factory.mktemp("browser") / "data") as live:
        yield live


# -- driving the pages --------------------------------------------------------------------------


def create_table(
    page: Page,
    base: str,
    game: str,
    seats: list[str],
    name: str,
    options: dict[str, str] | None = None,
    timer: int | None = None,
) -> tuple[str, dict[int, str]]:
    """Fill the lobby form, create the table, take seat 0; (table id, {seat: invite url})."""
    page.goto(f"{base}/")
    page.get_by_test_id("create-game").select_option(game)
    page.get_by_test_id("create-players").fill(str(len(seats)))
    for seat, kind in enumerate(seats[1:], start=1):
        page.get_by_test_id(f"create-seat-{seat}").select_option(kind)
    page.get_by_test_id("create-name").fill(name)
    for key, value in (options or {}).items():
        field = page.get_by_test_id(f"option-{key}")
        if not field.is_visible():  # a rarely changed option, folded under "More options"
            page.get_by_test_id("more-options").locator("summary").click()
        field.fill(value)
    if timer is not None:
        page.get_by_test_id("create-timer").fill(str(timer))
    page.get_by_test_id("create-submit").click()
    expect(page.get_by_test_id("created")).to_be_visible()
    invites = {}
    for seat, kind in enumerate(seats):
        if seat and kind == "human":
            url = page.get_by_test_id(f"invite-link-{seat}").get_attribute("href")
            assert url and "invite=" in url
            invites[seat] = url
    spectate = page.get_by_test_id("spectate-link").get_attribute("href")
    assert spectate and spectate.endswith("?spectate=1")
    page.get_by_test_id("enter-table").click()
    match = re.search(r"/table/([^/?#]+)$", page.url)
    assert match, page.url
    return match.group(1), invites


def join(page: Page, invite_url: str, name: str) -> None:
    """Open an invite link and take the seat."""
    page.goto(invite_url)
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-submit").click()
    expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", re.compile(r"\d+"))
    assert "invite=" not in page.url


def choices(page: Page) -> list[Choice]:
    found: list[Choice] = page.locator(ENABLED_ACTIONS).evaluate_all(
        "els => els.map(e => [e.dataset.testid, e.dataset.name, e.dataset.arg ?? null])"
    )
    return found


def first_choice(page: Page, offered: list[Choice]) -> str:
    return offered[0][0]


def quick_golf(page: Page, offered: list[Choice]) -> str:
    """Draw from the stock and swap into a face-down place: a round ends soon."""
    by_name = {name: testid for testid, name, _ in offered}
    if "draw_stock" in by_name:
        return by_name["draw_stock"]
    seat = page.get_by_test_id("table-page").get_attribute("data-seat")
    down = set(
        page.locator(f"[data-testid=grid-{seat}] [data-face=down]").evaluate_all(
            "els => els.map(e => e.dataset.pos)"
        )
    )
    for testid, name, arg in offered:
        if name == "swap" and arg in down:
            return testid
    return offered[0][0]


def holding_stock(holder: Page) -> Policy:
    """``quick_golf``, except that ``holder`` leaves its draw from the stock for later (so that
    a test can look at the offered button before anybody presses it)."""

    def policy(page: Page, offered: list[Choice]) -> str | None:
        if page is holder and any(name == "draw_stock" for _, name, _ in offered):
            return None
        return quick_golf(page, offered)

    return policy


def act_once(page: Page, policy: Policy, keyboard: bool, next_round: bool = True) -> bool:
    """Click one legal action (or focus it and press Enter) if the page offers any; a round's
    end held on screen is passed first (with ``next_round``; otherwise it is left open)."""
    button = page.get_by_test_id("round-next")
    if button.is_visible():
        if not next_round:
            return False
        try:
            button.click(timeout=2000)
        except PlaywrightError:
            return False
        return True
    offered = choices(page)
    if not offered:
        return False
    chosen = policy(page, offered)
    if chosen is None:
        return False
    button = page.get_by_test_id(chosen)
    try:
        if keyboard:
            button.press("Enter", timeout=2000)
        else:
            button.click(timeout=2000)
    except PlaywrightError:
        return False
    return True


def play_until(
    pages: list[Page],
    policy: Policy,
    done: Callable[[], bool],
    keyboard: bool = False,
    timeout: float = GAME_TIMEOUT,
    next_round: bool = True,
) -> None:
    """Each person takes a legal action whenever offered one, until ``done()``; a round's end
    held on screen is passed with "Next round" unless ``next_round`` is false."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if done():
            return
        clicked = [act_once(page, policy, keyboard, next_round) for page in pages]
        if not any(clicked):
            pages[0].wait_for_timeout(40)
    raise AssertionError(f"not done within {timeout} s")


def game_over(pages: list[Page]) -> Callable[[], bool]:
    return lambda: all(page.get_by_test_id("final-scores").is_visible() for page in pages)


def my_turn_after(page: Page, seq: int) -> Callable[[], bool]:
    """True once the page's person is to act, at least ``seq`` events into the game."""

    def check() -> bool:
        current = page.get_by_test_id("table-page").get_attribute("data-seq")
        return int(current or 0) >= seq and bool(choices(page))

    return check


def seq_of(page: Page) -> int:
    return int(page.get_by_test_id("table-page").get_attribute("data-seq") or -1)


def wait_for_seq(page: Page, seq: int) -> None:
    expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", str(seq))


def table_snapshot(page: Page) -> dict[str, Any]:
    """What a page shows of the game: seat, seq, every marked board element, the choices."""
    snapshot: dict[str, Any] = page.evaluate(
        """() => {
          const root = document.querySelector('[data-testid=table-page]');
          const board = document.querySelector('[data-testid=board]');
          return {
            seat: root.dataset.seat,
            seq: root.dataset.seq,
            board: [...board.querySelectorAll('[data-testid]')].map(e =>
              [e.dataset.testid, e.dataset.face ?? null, e.dataset.card ?? null,
               e.dataset.value ?? null]),
            faces: [...board.querySelectorAll('svg[data-card], svg[data-value]')].map(e =>
              e.dataset.card ?? e.dataset.value),
            actions: [...document.querySelectorAll('[data-testid=actions] button')].map(b =>
              b.dataset.testid),
          };
        }"""
    )
    return snapshot


def spectator_snapshot(page: Page) -> dict[str, Any]:
    """Every card face a spectator's page holds (cards in flight, copies of board cards, not
    counted twice), and its whole HTML (flights included, for the leak check)."""
    snapshot: dict[str, Any] = page.evaluate(
        """() => ({
          seq: Number(document.querySelector('[data-testid=table-page]').dataset.seq),
          // A card in flight (motion.js) is a copy of one on the board: counted once.
          cards: [...document.querySelectorAll('svg[data-card]')]
            .filter(e => !e.closest('.ghost')).map(e => e.dataset.card),
          values: [...document.querySelectorAll('svg[data-value]')]
            .filter(e => !e.closest('.ghost')).map(e => Number(e.dataset.value)),
          faceUpCandidates: document.querySelectorAll('[data-testid^=candidate-][data-face=up]')
            .length,
          privatePanel: document.querySelectorAll('[data-testid=my-hand], [data-testid=private]')
            .length,
          html: document.documentElement.outerHTML,
        })"""
    )
    return snapshot


def check_reload_resumes(page: Page) -> None:
    """Reload a person's page at their turn: same seat, same table, same choices."""
    before = table_snapshot(page)
    url = page.url
    page.reload()
    wait_for_seq(page, int(before["seq"]))
    expect(page.locator(ENABLED_ACTIONS).first).to_be_visible()
    assert page.url == url
    assert table_snapshot(page) == before


def frame_at(frames: list[dict[str, Any]], seq: int) -> dict[str, Any]:
    found = [frame for frame in frames if frame["seq"] == seq]
    assert found, f"no replay frame at seq {seq}"
    return found[-1]


def replay_frames(base: str, table: str, seat: int | None = None) -> list[dict[str, Any]]:
    query = "" if seat is None else f"?seat={seat}"
    status, answer = http("GET", f"{base}/api/tables/{table}/replay{query}")
    assert status == 200, answer
    frames: list[dict[str, Any]] = answer["frames"]
    return frames


def shows_code(html: str, code: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])", html) is not None


def check_golf_spectator(base: str, table: str, seen: dict[str, Any]) -> None:
    """The spectator's page showed exactly the public cards: no face-down card, no drawn card
    only its drawer could see."""
    public = frame_at(replay_frames(base, table), seen["seq"])["view"]
    status, record = http("GET", f"{base}/api/tables/{table}/record")
    assert status == 200, record
    dealt = record["rounds"][public["round"]]["grids"]
    hidden = {
        dealt[seat][pos]
        for seat, flags in enumerate(public["face_down"])
        for pos, down in enumerate(flags)
        if down
    }
    holder = public["drawn_by"]
    if holder is not None and public["drawn"] is None:
        drawn = frame_at(replay_frames(base, table, holder), seen["seq"])["view"]["drawn"]
        assert drawn is not None
        hidden.add(drawn)
    visible = {code for grid in public["grids"] for code in grid if code} | set(public["discard"])
    if public["drawn"]:
        visible.add(public["drawn"])
    assert hidden, "the snapshot should be taken while cards are face down"
    assert set(seen["cards"]) <= visible
    assert {code for grid in public["grids"] for code in grid if code} <= set(seen["cards"])
    leaked = sorted(code for code in hidden if shows_code(seen["html"], code))
    assert not leaked, f"the spectator's page shows hidden cards {leaked}"


def check_purrfect_spectator(base: str, table: str, seen: dict[str, Any]) -> None:
    """The spectator's page showed no hand, no candidate face up, and exactly the public cats."""
    public = frame_at(replay_frames(base, table), seen["seq"])["view"]
    shown = Counter(value for cats in public["claimed"] for value in cats)
    shown.update(public["discarded"])
    if public["proposer_cat"] is not None:
        shown[public["proposer_cat"]] += 1
    assert seen["privatePanel"] == 0
    assert seen["faceUpCandidates"] == 0
    assert Counter(seen["values"]) == shown


def summary_of(base: str, table: str) -> dict[str, Any]:
    status, answer = http("GET", f"{base}/api/tables/{table}")
    assert status == 200, answer
    summary: dict[str, Any] = answer
    return summary


def golf_snapshot(page: Page) -> dict[str, Any]:
    """What a page draws of a Clecanian Golf table: column notes, points, face-up cards with
    their names, round totals and the action buttons' labels."""
    snapshot: dict[str, Any] = page.evaluate(
        """() => {
          const board = document.querySelector('[data-testid=board]');
          const all = (selector) => [...board.querySelectorAll(selector)];
          const table = document.querySelector('[data-testid=table-page]');
          return {
            seq: table ? Number(table.dataset.seq) : null,
            notes: Object.fromEntries(all('[data-testid^="grid-"] .column-note').map(e =>
              [e.dataset.testid, [e.dataset.score ?? null, e.dataset.kind ?? null,
                                  e.textContent]])),
            points: Object.fromEntries(all('[data-testid^="points-"]').map(e =>
              [e.dataset.testid, [e.dataset.points, e.textContent]])),
            cards: all('[data-testid^="pos-"][data-face=up]').map(e => ({
              seat: Number(e.dataset.seat), pos: Number(e.dataset.pos), code: e.dataset.card,
              playable: e.tagName === 'BUTTON' && !e.disabled, label: e.getAttribute('aria-label'),
              speech: e.querySelector('svg').getAttribute('aria-label')})),
            totals: all('[data-testid^="total-"]').map(e => e.textContent),
            actions: [...document.querySelectorAll('[data-testid=actions] button')].map(b =>
              [b.dataset.name, b.dataset.arg ?? null, b.querySelector('.label').textContent]),
            places: all('button[data-name]').map(b =>
              [b.dataset.name, b.dataset.arg ?? null, b.getAttribute('aria-label')]),
          };
        }"""
    )
    return snapshot


def check_golf_facts(seen: dict[str, Any], view: dict[str, Any], summary: dict[str, Any]) -> None:
    """The page drew the view's column scores, couples and points, and the summary's card and
    place names: it worked none of them out itself."""
    cards = {card["code"]: card for card in summary["cards"]}
    places = summary["places"]
    for seat in range(view["players"]):
        for col in range(view["columns"]):
            score, kind, text = seen["notes"][f"grid-{seat}-note-{col}"]
            expected = view["column_scores"][seat][col]
            if expected is None:
                assert (score, text) == (None, ""), (seat, col, score, text)
            else:
                assert score == str(expected) and str(expected) in text, (seat, col, text)
                assert kind == view["column_kinds"][seat][col]
        points = view["grid_scores"][seat]
        assert seen["points"][f"points-{seat}"] == [str(points), f"showing: {points}"]
    for card in seen["cards"]:
        assert card["code"] == view["grids"][card["seat"]][card["pos"]]
        assert card["speech"] == cards[card["code"]]["speech"]
        if not card["playable"]:
            assert card["label"] == f"{places[card['pos']]}: {cards[card['code']]['name']}"
    if view["round_scores"]:
        assert seen["totals"] == [str(total) for total in view["totals"]]
    for name, _, _ in seen["actions"]:
        assert name not in PLACED, f"{name} has a place on the board and a button too"
    for name, arg, label in seen["places"]:
        if name in ("swap", "reveal"):
            assert label.startswith(f"{name} {places[int(arg)]}"), label


def purrfect_snapshot(page: Page) -> dict[str, Any]:
    """What a page draws of a Purrfect Match table from the rules' side: claimed sums, the score
    so far, the candidates it shows face up, the inspection order, who sits out."""
    snapshot: dict[str, Any] = page.evaluate(
        """() => {
          const board = document.querySelector('[data-testid=board]');
          const all = (selector) => [...board.querySelectorAll(selector)];
          const text = (testid) => board.querySelector(`[data-testid=${testid}]`)?.textContent;
          return {
            seq: Number(document.querySelector('[data-testid=table-page]').dataset.seq),
            claimed: Object.fromEntries(all('[data-testid^="claimed-total-"]').map(e =>
              [e.dataset.testid.slice('claimed-total-'.length), Number(e.dataset.total)])),
            myClaimed: text('my-claimed') ?? null,
            myScore: text('my-score') ?? null,
            candidates: Object.fromEntries(all('.candidate [data-testid^="candidate-"]').map(e =>
              [e.dataset.testid.slice('candidate-'.length),
               e.dataset.face === 'up' ? Number(e.dataset.value) : null])),
            order: all('[data-testid=inspection] li').map(e => Number(e.dataset.seat)),
            orderLabel: board.querySelector('.inspection-label')?.textContent ?? null,
            out: all('.seat-name').filter(e => e.querySelector('.badge.out'))
              .map(e => Number(e.dataset.testid.slice('seat-name-'.length))),
          };
        }"""
    )
    return snapshot


def check_purrfect_facts(seen: dict[str, Any], view: dict[str, Any]) -> None:
    """The page drew the view's candidate values, claimed sums, score, inspection order and
    seats sitting out."""
    players = view["players"]
    assert seen["claimed"] == {str(s): total for s, total in enumerate(view["claimed_totals"])}
    assert seen["myClaimed"] == f"claimed {view['claimed_totals'][view['seat']]}"
    assert seen["myScore"] == f"score so far {view['score']}"
    for seat, value in seen["candidates"].items():
        assert value == view["candidate_values"][int(seat)], (seat, value)
    assert seen["order"] == list(view["inspection_order"])
    # The order says what it is: no unlabelled row of names.
    assert seen["orderLabel"] == ("Inspection order:" if view["inspection_order"] else None)
    if view["phase"] != "over":
        assert sorted(seen["out"]) == [s for s in range(players) if view["sitting_out"][s]]


def server_status(ws_base: str, table: str, seq: int) -> str:
    """The status line the server sends a spectator at ``seq``."""
    peer = Peer(ws_base, table)
    try:
        state = peer.wait_for(lambda m: m["type"] == "state")
    finally:
        peer.close()
    assert state["seq"] == seq, (state["seq"], seq)
    status: str = state["status"]
    return status


def mark(locator: Locator) -> None:
    """Tag the elements a locator finds, to tell later whether they are still the same ones."""
    locator.evaluate_all("els => els.forEach(e => { e.kept = true; })")


def all_kept(locator: Locator) -> bool:
    return bool(locator.evaluate_all("els => els.length > 0 && els.every(e => e.kept === true)"))


def draws_of(page: Page) -> int:
    """How many times the page has drawn its board."""
    return int(page.get_by_test_id("table-page").get_attribute("data-draws") or 0)


def board_redrawn(page: Page, draws: int) -> None:
    """Wait until the page has drawn its board again since it had drawn it ``draws`` times."""
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=table-page]').dataset.draws) > n",
        arg=draws,
    )


# -- the tests --------------------------------------------------------------------------------


def fits_the_width(page: Page) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


def test_clecanian_golf_two_people_and_a_bot(
    server: LiveServer, new_page: Callable[..., Page]
) -> None:
    ann, bob, watcher = new_page(), new_page(phone=True), new_page()
    table, invites = create_table(
        ann, server.url, "clecanian", ["human", "medium", "human"], "Ann", {"rounds": "1"}
    )
    join(bob, invites[2], "Bob")
    watcher.goto(f"{server.url}/table/{table}?spectate=1")
    expect(watcher.get_by_test_id("table-page")).to_have_attribute("data-seat", "spectator")
    expect(ann.get_by_test_id("seat-name-2")).to_contain_text("Bob")

    # A decision offered again gets its button back: Bob's "stock" is the same element on his
    # next turn, whatever happened in between (jokers, abductions, refills).
    stock = bob.locator("[data-testid=stock]:not([disabled])")
    play_until([ann, bob], holding_stock(bob), lambda: stock.count() == 1)
    expect(bob).to_have_title("● Your turn · Clecanian Golf · matchmaker")  # seen from a tab
    expect(watcher).to_have_title("Clecanian Golf · matchmaker")
    # ... and the tab's icon shows it too.
    expect(bob.locator("link[rel=icon]")).to_have_attribute("href", "/static/favicon-turn.svg")
    expect(watcher.locator("link[rel=icon]")).to_have_attribute("href", "/favicon.ico")
    mark(stock)
    first_turn = seq_of(bob)
    stock.click()
    play_until(
        [ann, bob], holding_stock(bob), lambda: seq_of(bob) > first_turn + 2 and stock.count() == 1
    )
    assert all_kept(stock), "the stock button was rebuilt between Bob's turns"

    play_until([ann, bob], quick_golf, my_turn_after(bob, 50))
    assert fits_the_width(bob), "the table is wider than a phone in portrait"
    check_reload_resumes(bob)
    bob_seen = golf_snapshot(bob)

    # Bob's buttons stay the same elements while the page redraws for someone else's news.
    mark(bob.locator(ENABLED_ACTIONS))
    draws = draws_of(bob)
    ann.reload()
    wait_for_seq(ann, bob_seen["seq"])
    board_redrawn(bob, draws)
    assert all_kept(bob.locator(ENABLED_ACTIONS)), "the board's controls were rebuilt"

    wait_for_seq(watcher, seq_of(bob))
    seen = spectator_snapshot(watcher)
    assert watcher.locator(ENABLED_ACTIONS).count() == 0
    summary = summary_of(server.url, table)
    expect(watcher.get_by_test_id("status")).to_have_text(
        server_status(server.ws_url, table, seen["seq"])
    )
    for info in summary["seats"]:
        expect(watcher.locator(f"[data-testid=seat-name-{info['seat']}] .name")).to_have_text(
            info["label"]
        )

    play_until([ann, bob], quick_golf, game_over([ann, bob]))
    _, record = http("GET", f"{server.url}/api/tables/{table}/record")
    labels = [info["label"] for info in summary_of(server.url, table)["seats"]]
    told = summary_line(record["result"], labels)
    for page in (ann, bob, watcher):
        expect(page.get_by_test_id("final-scores")).to_be_visible()
        expect(page.get_by_test_id("round-scores")).to_be_visible()
        expect(page.get_by_test_id("status")).to_have_text(told)
    check_golf_spectator(server.url, table, seen)
    frames = replay_frames(server.url, table, 2)
    check_golf_facts(bob_seen, frame_at(frames, bob_seen["seq"])["view"], summary)
    final = golf_snapshot(bob)
    assert final["seq"] == frames[-1]["seq"]
    last = frames[-1]["view"]
    assert all(score is not None for scores in last["column_scores"] for score in scores)
    check_golf_facts(final, last, summary)

    # The replay viewer draws the same facts, and the lines as told to the chosen seat.
    watcher.goto(f"{server.url}/replay/{table}?seat=2")
    expect(watcher.get_by_test_id("replay-position")).to_contain_text("event 0 of")
    watcher.get_by_test_id("replay-last").click()
    expect(watcher.get_by_test_id("replay-next")).to_be_disabled()
    check_golf_facts(golf_snapshot(watcher), last, summary)
    expect(watcher.locator("[data-testid=replay-lines] p")).to_have_text(frames[-1]["lines"])

    ann.get_by_test_id("rematch").click()
    for page in (ann, bob):
        expect(page).not_to_have_url(re.compile(rf"/table/{table}$"))
        expect(page.get_by_test_id("table-page")).to_have_attribute("data-seq", re.compile(r"\d"))
    assert ann.get_by_test_id("table-page").get_attribute("data-seat") == "0"
    assert bob.get_by_test_id("table-page").get_attribute("data-seat") == "2"


def test_purrfect_match_two_people_and_a_bot(
    server: LiveServer, new_page: Callable[..., Page]
) -> None:
    ann, bob, watcher = new_page(), new_page(), new_page()
    table, invites = create_table(
        ann,
        server.url,
        "purrfect",
        ["human", "human", "medium"],
        "Ann",
        {"deck": "[2, 3, 4, 5, 6, 7, 8, 9, 10, 4, 6, 8]"},
    )
    join(bob, invites[1], "Bob")
    watcher.goto(f"{server.url}/table/{table}?spectate=1")
    expect(watcher.get_by_test_id("table-page")).to_have_attribute("data-seat", "spectator")

    def bob_has_a_candidate() -> bool:
        return bob.locator("[data-testid=claim-send]:not([disabled])").count() > 0

    play_until([ann, bob], first_choice, bob_has_a_candidate, keyboard=True)
    # The claim form can be there a moment before Bob's candidate shows its face (on a busy
    # machine the slot was still empty or face down): wait for the value, then read it.
    candidate = bob.get_by_test_id("candidate-1")
    expect(candidate).to_have_attribute("data-value", re.compile(r"^\d+$"))
    own = candidate.get_attribute("data-value")
    assert own is not None
    expect(bob.get_by_test_id("claim-value")).to_have_value(own)  # it starts at the truth
    bob.get_by_test_id("claim-value").select_option("9")
    bob.get_by_test_id("claim-send").click()
    expect(ann.get_by_test_id("chat-messages")).to_contain_text("candidate is a 9")

    play_until([ann, bob], first_choice, my_turn_after(ann, 4), keyboard=True)
    expect(ann.get_by_test_id("my-hand")).to_be_visible()
    ann_seen = purrfect_snapshot(ann)
    wait_for_seq(watcher, seq_of(ann))
    seen = spectator_snapshot(watcher)
    expect(watcher.get_by_test_id("status")).to_have_text(
        server_status(server.ws_url, table, seen["seq"])
    )

    play_until([ann, bob], first_choice, game_over([ann, bob]), keyboard=True)
    for page in (ann, bob, watcher):
        expect(page.get_by_test_id("final-scores")).to_be_visible()
    check_purrfect_spectator(server.url, table, seen)
    frames = replay_frames(server.url, table, 0)
    check_purrfect_facts(ann_seen, frame_at(frames, ann_seen["seq"])["view"])
    final = purrfect_snapshot(ann)
    assert final["seq"] == frames[-1]["seq"]
    check_purrfect_facts(final, frames[-1]["view"])

    ann.get_by_test_id("replay-link").click()
    expect(ann.get_by_test_id("replay-position")).to_contain_text("event 0 of")
    ann.keyboard.press("ArrowRight")
    expect(ann.get_by_test_id("replay-position")).to_contain_text("event 1 of")
    ann.get_by_test_id("replay-last").click()
    expect(ann.get_by_test_id("replay-next")).to_be_disabled()
    ann.get_by_test_id("replay-seat").select_option("")
    expect(ann).to_have_url(re.compile(rf"/replay/{table}$"))
    expect(ann.get_by_test_id("board")).to_be_visible()


def test_chat_shows_markup_as_text(server: LiveServer, new_page: Callable[..., Page]) -> None:
    ann, bob = new_page(), new_page()
    _, invites = create_table(ann, server.url, "purrfect", ["human", "human"], "Ann")
    join(bob, invites[1], "Bob")
    text = '<b>x</b><script>window.pwned = 1</script><img src="nowhere" onerror="window.pwned = 2">'
    ann.get_by_test_id("chat-input").fill(text)
    ann.get_by_test_id("chat-send").click()
    for page in (ann, bob):
        message = page.get_by_test_id("chat-text").last
        expect(message).to_have_text(text)
        assert (
            page.locator(
                "[data-testid=chat-messages] b, [data-testid=chat-messages] img, "
                "[data-testid=chat-messages] script"
            ).count()
            == 0
        )
        assert page.evaluate("() => window.pwned === undefined")
    bob.reload()
    expect(bob.get_by_test_id("chat-text").last).to_have_text(text)

    for number in range(6):
        ann.get_by_test_id("chat-input").fill(f"message {number}")
        ann.get_by_test_id("chat-send").click()
    expect(ann.get_by_test_id("error-banner")).to_be_visible()
    expect(ann.get_by_test_id("error-banner")).to_have_attribute("data-code", "rate_limited")


def test_an_unknown_table_says_so(server: LiveServer, new_page: Callable[..., Page]) -> None:
    page = new_page(refused=True)
    page.goto(f"{server.url}/table/nosuchtable?spectate=1")
    expect(page.get_by_test_id("error-banner")).to_have_attribute("data-code", "unknown_table")
    expect(page.get_by_test_id("connection")).to_have_text("not connected")
    page.goto(f"{server.url}/table/nosuchtable")  # no invite, no seat kept: the table is named
    expect(page.get_by_test_id("no-table")).to_have_text("There is no such table")
    status, made = http("POST", f"{server.url}/api/tables",
                        {"game": "clecanian", "seats": ["human", "medium"]})  # fmt: skip
    assert status == 201, made
    page.goto(f"{server.url}/table/{made['table']}")
    expect(page.get_by_role("heading")).to_have_text("You have no seat at this table")


def test_turn_timer_stand_in_and_taking_the_seat_back(
    tmp_path: Path, new_page: Callable[..., Page]
) -> None:
    ann = new_page()
    # Bots and the stand-in move at the pace people play with (one move a second): at the test
    # servers' pace the stand-in could end the game before a busy machine's browser clicked
    # "I'm back". The turn timer gives Ann five seconds to see she is back before it runs out.
    with running(tmp_path / "data", bot_pause=1.0) as server:
        create_table(ann, server.url, "clecanian", ["human", "medium"], "Ann", timer=5)
        expect(ann.get_by_test_id("timer")).to_contain_text("s left for you")
        expect(ann.get_by_test_id("away")).to_be_visible(timeout=60_000)
        expect(ann.get_by_test_id("seat-name-0")).to_contain_text("away")
        # The timer counts for Ann, not for the bot playing for her, which the status names.
        expect(ann.get_by_test_id("timer")).to_be_hidden()
        expect(ann.get_by_test_id("status")).to_contain_text("a bot is deciding for Ann (you)")
        # The button stays the same element while the stand-in and the bot play on.
        back = ann.get_by_test_id("back")
        mark(back)
        seq = seq_of(ann)
        ann.wait_for_function(
            "seq => Number(document.querySelector('[data-testid=table-page]').dataset.seq)"
            " > seq + 1",
            arg=seq,
        )
        assert all_kept(back), "the I'm back button was rebuilt while the stand-in played"
        back.click()
        expect(ann.get_by_test_id("away")).to_be_hidden()
        assert ann.get_by_test_id("table-page").get_attribute("data-over") == "false"
