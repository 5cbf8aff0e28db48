"""The web server over real HTTP and WebSockets: tables, seats, intents, errors, chat, leaks,
stand-ins, rematches and a restart after SIGKILL."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from matchmaker.core.driver import Driver
from matchmaker.core.game import Game
from matchmaker.core.records import parse_logged_event, replay
from matchmaker.core.registry import load_game
from matchmaker.server.storage import SCHEMA_VERSION, Storage, StorageError
from matchmaker.words import words_for
from matchmaker.words.base import waiting_line
from tests.web.client import Peer, create_table, http, join, play_to_end
from tests.web.conftest import LiveServer, free_port
from tests.web.schema import check, check_server_message


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(data=tmp_path_factory.mktemp("web") / "data", port=free_port(), bot_pause=0)
    live.start()
    try:
        yield live
    finally:
        live.stop()


def seat_people(server: LiveServer, game: str, options: dict[str, Any], seats: list[str]):
    """Create a table, join every human seat and connect it; (table, {seat: peer})."""
    table, invites = create_table(server.url, game, options, seats)
    peers = {}
    for seat, code in invites.items():
        token = join(server.url, table, code, f"P{seat}")
        peers[seat] = Peer(server.ws_url, table, token)
    return table, peers


# -- HTTP ------------------------------------------------------------------------------------


def test_games_lists_both_games_with_player_ranges(server: LiveServer) -> None:
    status, answer = http("GET", f"{server.url}/api/games")
    assert status == 200
    by_id = {g["id"]: g for g in answer["games"]}
    assert by_id["clecanian"]["players"] == {"min": 2, "max": 4, "default": 2}
    assert by_id["purrfect"]["players"]["min"] == 2
    assert "hard" in answer["bots"]
    assert answer["bots"][:3] == ["easy", "medium", "hard"]  # levels first, easiest first
    assert "greedy-v1" not in answer["bots"]  # yardsticks are not offered to people


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"game": "chess"}, 400, "unknown_game", "chess"),
        ({"game": "clecanian", "options": {"rounds": 0}}, 400, "bad_option", "rounds"),
        ({"game": "clecanian", "options": {"deck": "/etc/passwd"}}, 400, "bad_option", "deck"),
        ({"game": "clecanian", "seats": ["human"]}, 400, "bad_seats", "2"),
        ({"game": "clecanian", "seats": ["human", "genius"]}, 400, "bad_bot", "genius"),
        ({"game": "clecanian", "seats": ["human", "os:system"]}, 400, "bad_bot", "plug-in"),
        ({"game": "clecanian", "timer": 0.1}, 400, "bad_timer", "timer"),
        ({"game": "clecanian", "timer": "soon"}, 400, "bad_timer", "timer"),
        ([1, 2], 400, "bad_json", "object"),
    ],
)
def test_bad_tables_are_refused_with_the_reason(
    server: LiveServer, body: Any, status: int, code: str, words: str
) -> None:
    got, answer = http("POST", f"{server.url}/api/tables", body)
    assert (got, answer["error"]) == (status, code)
    assert words in answer["message"]


def test_invites_work_once_and_only_at_their_table(server: LiveServer) -> None:
    table, invites = create_table(server.url, "clecanian", {}, ["human", "human"])
    assert set(invites) == {0, 1}
    token = join(server.url, table, invites[0], "Ann")
    assert token.startswith("tk_")
    status, answer = http("POST", f"{server.url}/api/tables/{table}/join", {"invite": invites[0]})
    assert (status, answer["error"]) == (409, "invite_used")
    status, answer = http("POST", f"{server.url}/api/tables/{table}/join", {"invite": "nope"})
    assert (status, answer["error"]) == (403, "bad_invite")
    status, answer = http("POST", f"{server.url}/api/tables/tnothere/join", {"invite": "x"})
    assert (status, answer["error"]) == (404, "unknown_table")
    status, summary = http("GET", f"{server.url}/api/tables/{table}")
    assert summary["status"] == "waiting"
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Seat 2"]
    assert token not in json.dumps(summary) and invites[1] not in json.dumps(summary)


def test_replays_and_records_wait_for_the_end(server: LiveServer) -> None:
    table, _ = create_table(server.url, "clecanian", {}, ["human", "greedy"])
    for what in ("replay", "record"):
        status, answer = http("GET", f"{server.url}/api/tables/{table}/{what}")
        assert (status, answer["error"]) == (403, "not_finished")


def test_pages_and_static_files_are_served(server: LiveServer) -> None:
    import urllib.request

    for path in ("/", "/table/tx", "/replay/tx"):
        with urllib.request.urlopen(server.url + path) as page:
            assert b"<html" in page.read().lower()


# -- whole games, and what each seat was told -----------------------------------------------


def hidden_codes(state: Any, public: set[str]) -> set[str]:
    """Clecanian: the codes of face-down cards nobody has ever seen face up."""
    down = state.view(None).face_down
    codes = set()
    for seat, grid in enumerate(state.position.grid):
        for pos, card in enumerate(grid):
            if down[seat][pos] and card >= 0:
                codes.add(state.game.options.deck.cards[card].code)
    return codes - public


def stored_events(server: LiveServer, table: str) -> list[dict[str, Any]]:
    """A table's events as the server stored them, one by one (chance outcomes included)."""
    db = sqlite3.connect(server.data / "matchmaker.sqlite3")
    rows = db.execute("SELECT event FROM events WHERE table_id=? ORDER BY seq", (table,))
    events = [json.loads(r[0]) for r in rows.fetchall()]
    db.close()
    return events


def message_names(message: dict[str, Any]) -> list[str]:
    """The seat labels a message was written with."""
    return [s["label"] for s in message["seats"]]


def kept_log(narrated: dict[int, list[str]], actors: list[int], seq: int) -> list[Any]:
    """The ``log`` entries of the first ``seq`` events, as docs/protocol.md groups them: one
    per event, a run of chance outcomes (-1) in a row one entry at the seq of its last
    outcome, entries that told nothing left out."""
    entries: list[dict[str, Any]] = []
    run: list[str] = []
    for at in range(seq):
        run += narrated[at]
        if actors[at] == -1 and at + 1 < len(actors) and actors[at + 1] == -1:
            continue
        if run:
            entries.append({"seq": at, "actor": actors[at], "lines": run})
        run = []
    return entries


def codes_in(value: Any, codes: set[str]) -> set[str]:
    """Every card code anywhere in a view's JSON (grids, piles, drawn cards, logs...), an
    event or a happening."""
    if isinstance(value, str):
        return {value} & codes
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return set().union(*(codes_in(v, codes) for v in value)) if value else set()
    return set()


def card_names(message: dict[str, Any]) -> dict[str, re.Pattern[str]]:
    """Clecanian: each card's code and how a line may name it (``K♥ Jade`` or ``K♥``)."""
    found = {}
    for card in message["table"].get("cards", []):
        short = card["code"] if card["joker"] else f"{card['rank']}{card['suit']}"
        found[card["code"]] = re.compile(rf"(?<![\w]){re.escape(short)}(?![\w])")
    return found


def check_names(lines: list[str], names: dict[str, re.Pattern[str]], known: set[str]) -> None:
    """No line names a card outside ``known`` (the cards the seat has seen so far)."""
    for line in lines:
        for code, pattern in names.items():
            assert code in known or not pattern.search(line), f"{line!r} names unseen {code}"


def check_messages(
    game: Game[Any], events: list[dict[str, Any]], peer: Peer, seat: int | None
) -> None:
    """Every state message holds exactly the seat's view at its seq, the events as the seat
    may see them, narration told from the seat's own views alone, and the game's status as
    the seat's words say it; the ``log`` is every event's narration as the seat was (or
    would have been) told it live; no message of any kind names a Clecanian card that is face
    down and unseen, and no narration, live or kept, names a card the seat has not seen."""
    driver = Driver(game)
    state = driver.state
    words = words_for(game)
    last = [m for m in peer.messages if m["type"] == "state"][-1]
    names = [s["label"] for s in last["seats"]]  # everybody has joined before the deal
    public: set[str] = set()
    views: dict[int, Any] = {0: json.loads(json.dumps(state.view(seat).to_json()))}
    statuses: dict[int, str] = {0: words.status(state.view(seat), names)}
    redacted: dict[int, dict[str, Any]] = {}
    narrated: dict[int, list[str]] = {}
    hidden: dict[int, set[str]] = {}
    clecanian = game.name == "clecanian"
    before = state.view(seat)
    actors: list[int] = []
    welcome = next(m for m in peer.messages if m["type"] == "welcome")
    cards = card_names(welcome)
    known: dict[int, set[str]] = {0: codes_in(views[0], set(cards))}
    for index, event in enumerate(events):
        actor, action = parse_logged_event(game, event)
        actors.append(actor)
        step = driver.play(action, actor)
        redacted[index] = step.seen_by(seat).to_event(actor)
        view = state.view(seat)
        narrated[index] = words.narrate(step, before, view, names)
        statuses[index + 1] = words.status(view, names)
        before = view
        views[index + 1] = json.loads(json.dumps(view.to_json()))
        seen_now = [views[index + 1], redacted[index], list(step.happenings)]  # all it saw
        known[index + 1] = known[index] | codes_in(seen_now, set(cards))
        if clecanian:
            public_view = state.public_view()
            public |= {c for g in public_view.grids for c in g if c} | set(public_view.discard)
            public |= {c for g in public_view.previous_grids for c in g}
            public |= {str(e[3]) for e in public_view.log if e[2] == "chance" and e[3]}
            hidden[index + 1] = hidden_codes(state, public)
    states = [m for m in peer.messages if m["type"] == "state"]
    assert states, "no state was received"
    seq = 0
    for at, (text, message) in enumerate(zip(peer.raw, peer.messages, strict=True)):
        check_server_message(json.loads(text))
        if message["type"] == "log":
            upto = next(m["seq"] for m in peer.messages[at:] if m["type"] == "state")
            assert message["entries"] == kept_log(narrated, actors, upto), f"seat {seat}'s log"
            for entry in message["entries"]:
                check_names(entry["lines"], cards, known[entry["seq"] + 1])
        if message["type"] == "state":
            seq = message["seq"]
            assert message["view"] == views[seq], f"seat {seat} at {seq}: view differs"
            waiting = [s["seat"] for s in message["seats"] if not s["joined"]]
            if message["result"] is not None:
                assert message["status"] == words.result_line(message["result"], names)
            elif waiting:
                assert message["status"] == waiting_line(message_names(message), waiting)
            else:
                assert message["status"] == statuses[seq]
            for told in message["events"]:
                assert told["event"] == redacted[told["seq"]]
                assert told["lines"] == narrated[told["seq"]]
                check_names(told["lines"], cards, known[told["seq"] + 1])
            if seat is not None and message["to_act"] != seat:
                assert message["legal"] == []
        for code in hidden.get(seq, ()):
            assert f'"{code}"' not in text, f"face-down {code} sent to seat {seat} at {seq}"


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [
        ("clecanian", {"players": 3, "rounds": 1}, ["human", "human", "greedy"]),
        ("clecanian", {"players": 2, "rounds": 2}, ["human", "random"]),
        ("purrfect", {"players": 3}, ["human", "greedy", "human"]),
        ("purrfect", {"players": 4}, ["human", "greedy", "strong", "random"]),
        ("clecanian", {"players": 4, "rounds": 1, "epilogue": True}, ["human", "greedy"] * 2),
        ("purrfect", {"players": 2, "deck": "faq38"}, ["human", "human"]),
        (
            "purrfect",
            {"players": 5, "first_proposer": "random"},
            ["random", "human"] * 2 + ["greedy"],
        ),
    ],
)
def test_whole_games_tell_each_seat_only_its_view(
    server: LiveServer, game: str, options: dict[str, Any], seats: list[str]
) -> None:
    table, peers = seat_people(server, game, options, seats)
    spectator = Peer(server.ws_url, table)
    everyone = [*peers.values(), spectator]
    play_to_end(everyone, random.Random(7))
    status, record = http("GET", f"{server.url}/api/tables/{table}/record")
    assert status == 200
    final = replay(record)
    assert final.is_over
    assert record["result"] == final.status() == spectator.state["result"]  # type: ignore[index]
    named = record["meta"]["seats"]
    assert [n if k != "human" else "human" for n, k in zip(named, seats, strict=True)] == seats
    events = stored_events(server, table)
    game_played = load_game(game, options)
    for seat, peer in peers.items():
        check_messages(game_played, events, peer, seat)
        assert peer.messages[0]["type"] == "welcome" and peer.messages[0]["seat"] == seat
    check_messages(game_played, events, spectator, None)
    for seat in [*peers, None]:  # the finished table: the whole game, kept for each
        again = Peer(server.ws_url, table, peers[seat].token if seat is not None else None)
        again.wait_for(lambda m: m["type"] == "state")
        again.pump(0.05)
        check_messages(game_played, events, again, seat)
        assert [m["type"] for m in again.messages[:4]] == ["welcome", "chat_history", "log",
                                                            "state"]  # fmt: skip
        assert again.messages[2]["entries"], "a finished game's log is empty"
        again.close()
    status, finished = http("GET", f"{server.url}/api/finished")
    check("http_finished", finished)
    (row,) = [t for t in finished["tables"] if t["id"] == table]
    assert row["stand_ins"] == []
    status, frames = http("GET", f"{server.url}/api/tables/{table}/replay?seat=0")
    assert status == 200
    check("http_replay", frames)
    check("http_finished", finished)
    check("http_summary", http("GET", f"{server.url}/api/tables/{table}")[1])
    assert frames["frames"][-1]["view"]["phase"] == "over"
    assert frames["frames"][0]["view"] == check_first_view(game, options)
    for peer in everyone:
        peer.close()


def check_first_view(game: str, options: dict[str, Any]) -> Any:
    state = load_game(game, options).new_state()
    return json.loads(json.dumps(state.view(0).to_json()))


# -- intents that are refused ---------------------------------------------------------------


def test_bad_messages_get_errors_and_change_nothing(server: LiveServer) -> None:
    table, peers = seat_people(server, "clecanian", {"rounds": 1}, ["human", "human"])
    first, second = peers[0], peers[1]
    for peer in peers.values():
        peer.wait_for(lambda m: m["type"] == "state" and m["view"]["phase"] != "deal")
    state = first.state
    assert state is not None
    seq = state["seq"]
    to_act = state["to_act"]
    mover, waiter = (first, second) if to_act == 0 else (second, first)

    def act(token: Any, action: Any, **extra: Any) -> dict[str, Any]:
        return {"type": "act", "token": token, "action": action, **extra}

    reveal = {"name": "reveal", "arg": 0}
    cases: list[tuple[Any, str]] = [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ("x" * 5000, "too_large"),
        ({"type": "dance"}, "unknown_type"),
        ({"no": "type"}, "unknown_type"),
        ({"type": "act", "token": mover.token}, "bad_field"),
        (act(mover.token, "swap"), "bad_field"),
        (act(mover.token, {"name": "swap", "arg": [1]}), "bad_field"),
        (act("tk_forged", reveal), "bad_token"),
        (act(waiter.token, reveal), "bad_token"),
        (act(mover.token, {"name": "fly"}), "illegal_action"),
        (act(mover.token, {"name": "reveal", "arg": 99}), "illegal_action"),
        (act(mover.token, reveal, seq=seq - 1), "stale"),
        ({"type": "claim", "token": mover.token, "value": 9}, "illegal_action"),
        ({"type": "rematch", "token": mover.token}, "not_over"),
        ({"type": "chat", "token": mover.token, "text": ""}, "bad_field"),
        ({"type": "chat", "token": mover.token, "text": "y" * 301}, "bad_field"),
    ]
    for message, code in cases:
        error = mover.error(message)
        assert error["code"] == code, (message, error)
        assert error["message"]
    error = waiter.error(
        {"type": "act", "token": waiter.token, "action": {"name": "reveal", "arg": 0}}
    )
    assert error["code"] == "not_your_turn"
    _status, summary = http("GET", f"{server.url}/api/tables/{table}")
    assert summary["seq"] == seq
    mover.send({"type": "ping"})
    assert mover.wait_for(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
    spectator = Peer(server.ws_url, table)
    spectator.wait_for(lambda m: m["type"] == "state")
    assert spectator.error({"type": "chat", "token": mover.token, "text": "hi"})["code"] == (
        "bad_token"
    )
    for peer in (*peers.values(), spectator):
        peer.close()


def test_messages_before_hello_and_unknown_tables(server: LiveServer) -> None:
    table, _ = create_table(server.url, "purrfect", {"players": 2}, ["human", "greedy"])
    peer = Peer(server.ws_url, table, "tk_wrong")
    assert peer.wait_for(lambda m: m["type"] == "error")["code"] == "bad_token"
    assert peer.error({"type": "chat", "token": "tk_wrong", "text": "hi"})["code"] == (
        "hello_first"
    )
    peer.close()
    lost = Peer(server.ws_url, "tnothere")
    assert lost.wait_for(lambda m: m["type"] == "error")["code"] == "unknown_table"
    lost.close()


# -- chat, claims, reconnecting -------------------------------------------------------------


def test_chat_is_kept_replayed_and_rate_limited(server: LiveServer) -> None:
    table, peers = seat_people(server, "purrfect", {"players": 3}, ["human", "human", "greedy"])
    ann, bob = peers[0], peers[1]
    ann.send({"type": "chat", "token": ann.token, "text": "<b>hello</b> & <script>x</script>"})
    said = bob.wait_for(lambda m: m["type"] == "chat")["message"]
    assert said["text"] == "<b>hello</b> & <script>x</script>"
    assert (said["seat"], said["name"], said["kind"]) == (0, "P0", "chat")
    for n in range(4):
        ann.send({"type": "chat", "token": ann.token, "text": f"line {n}"})
    assert ann.error({"type": "chat", "token": ann.token, "text": "one too many"})["code"] == (
        "rate_limited"
    )
    bob.close()
    again = Peer(server.ws_url, table, bob.token)
    history = again.wait_for(lambda m: m["type"] == "chat_history")["messages"]
    assert [m["text"] for m in history][:5] == [
        "<b>hello</b> & <script>x</script>", "line 0", "line 1", "line 2", "line 3"
    ]  # fmt: skip
    again.close()
    ann.close()


def test_people_claim_and_bots_claim_in_purrfect_match(server: LiveServer) -> None:
    table, peers = seat_people(server, "purrfect", {"players": 3}, ["human", "greedy", "greedy"])
    ann = peers[0]
    rng = random.Random(3)
    claimed = False
    for _ in range(400):
        ann.pump(0.02)
        state = ann.state
        if state is None:
            continue
        if state["over"]:
            break
        if state["view"]["candidate"] is not None and not claimed:
            ann.send({"type": "claim", "token": ann.token, "value": 10})
            claim = ann.wait_for(lambda m: m["type"] == "chat" and m["message"]["seat"] == 0)
            assert (claim["message"]["kind"], claim["message"]["value"]) == ("claim", 10)
            claimed = True
        ann.act_randomly(rng)
    play_to_end([ann], rng)
    _status, record = http("GET", f"{server.url}/api/tables/{table}/record")
    talk = record["meta"]["talk"]
    assert claimed and any(t["seat"] == 0 and t["kind"] == "claim" for t in talk)
    assert any(t["seat"] in (1, 2) for t in talk), "the greedy bots said nothing"
    ann.close()


def test_a_reconnect_continues_exactly(server: LiveServer) -> None:
    table, peers = seat_people(server, "clecanian", {"rounds": 1}, ["human", "greedy"])
    ann = peers[0]
    play_to_end([ann], random.Random(5), stop_at=12)
    ann.pump(0.3)
    before = ann.state
    ann.close()
    back = Peer(server.ws_url, table, ann.token)
    state = back.wait_for(lambda m: m["type"] == "state")
    assert before is not None
    assert (state["seq"], state["view"], state["events"]) == (before["seq"], before["view"], [])
    play_to_end([back], random.Random(6))
    back.close()


# -- stand-ins, timers, rematch ------------------------------------------------------------


def test_a_stand_in_plays_for_a_person_who_left_until_they_return(tmp_path: Path) -> None:
    live = LiveServer(data=tmp_path / "data", port=free_port(), bot_pause=0, away_after=0.2)
    live.start()
    try:
        table, peers = seat_people(live, "clecanian", {"rounds": 1}, ["human", "greedy"])
        ann = peers[0]
        ann.wait_for(lambda m: m["type"] == "state" and m["seq"] > 0)
        ann.close()
        watcher = Peer(live.ws_url, table)
        watcher.wait_for(lambda m: m["type"] == "state" and m["over"], timeout=60)
        told = [m for m in watcher.messages if m["type"] in ("presence", "state")]
        assert any(m["seats"][0]["away"] for m in told)
        _status, record = http("GET", f"{live.url}/api/tables/{table}/record")
        assert any(e.get("seat") == 0 for r in record["rounds"] for e in r["events"])
        _status, finished = http("GET", f"{live.url}/api/finished")
        (row,) = [t for t in finished["tables"] if t["id"] == table]
        assert row["stand_ins"] == [0]  # a game Ann left is not told as one she finished
        back = Peer(live.ws_url, table, ann.token)
        state = back.wait_for(lambda m: m["type"] == "state")
        assert state["seats"][0]["away"] is False
        back.close()
        watcher.close()
    finally:
        live.stop()


def test_the_turn_timer_hands_the_turn_to_a_stand_in(server: LiveServer) -> None:
    table, invites = create_table(
        server.url, "purrfect", {"players": 2}, ["human", "greedy"], timer=1
    )
    token = join(server.url, table, invites[0])
    ann = Peer(server.ws_url, table, token)
    timed = ann.wait_for(lambda m: m["type"] == "state" and m["timer"] is not None)
    assert timed["timer"]["seat"] == 0 and 0 < timed["timer"]["seconds"] <= 1
    moved = ann.wait_for(
        lambda m: m["type"] == "state" and any(e["actor"] == 0 for e in m["events"]), timeout=10
    )
    assert moved["seats"][0]["away"] is True
    ann.send({"type": "back", "token": ann.token})
    back = ann.wait_for(lambda m: m["type"] == "presence" and not m["seats"][0]["away"])
    assert back["seats"][0]["connected"] is True
    ann.close()


def test_coming_back_while_the_stand_in_thinks_keeps_the_turn(tmp_path: Path) -> None:
    """The stand-in's decision still being made when the person comes back is not played:
    the next decision for the seat follows a new stand-in's thinking (after the turn timer
    ran out again), never the one that was interrupted. Bots hold their moves back 2 s, so
    that ``back`` arrives while the stand-in thinks (the old code then played its move)."""
    live = LiveServer(data=tmp_path / "data", port=free_port(), bot_pause=2.0)
    live.start()
    try:
        table, invites = create_table(
            live.url, "purrfect", {"players": 2, "first_proposer": 0}, ["human", "greedy"],
            timer=1,
        )  # fmt: skip
        ann = Peer(live.ws_url, table, join(live.url, table, invites[0]))
        ann.wait_for(lambda m: m["type"] == "thinking" and m["seat"] == 0)
        ann.send({"type": "back", "token": ann.token})
        ann.wait_for(lambda m: m["type"] == "presence" and not m["seats"][0]["away"])
        since_back = len(ann.messages)
        ann.wait_for(
            lambda m: m["type"] == "state" and any(e["actor"] == 0 for e in m["events"]),
            timeout=30,
        )
        after = ann.messages[since_back:]
        kinds = [
            "move" if m["type"] == "state" and any(e["actor"] == 0 for e in m["events"])
            else "thinking" if m["type"] == "thinking" and m["seat"] == 0
            else "away" if m["type"] == "presence" and m["seats"][0]["away"]
            else "-"
            for m in after
        ]  # fmt: skip
        moved = kinds.index("move")
        assert "away" in kinds[:moved] and "thinking" in kinds[:moved], kinds
        ann.close()
    finally:
        live.stop()


def test_rematch_keeps_the_seats_and_deals_again(server: LiveServer) -> None:
    table, peers = seat_people(server, "purrfect", {"players": 2}, ["human", "greedy"])
    ann = peers[0]
    play_to_end([ann], random.Random(8))
    ann.send({"type": "rematch", "token": ann.token})
    new = ann.wait_for(lambda m: m["type"] == "rematch")["table"]
    assert new != table
    ann.close()
    again = Peer(server.ws_url, new, ann.token)
    welcome = again.wait_for(lambda m: m["type"] == "welcome")
    assert welcome["seat"] == 0 and welcome["table"]["previous"] == table
    play_to_end([again], random.Random(9))
    _status, summary = http("GET", f"{server.url}/api/tables/{table}")
    assert summary["rematch"] == new
    again.close()


# -- persistence -----------------------------------------------------------------------------


def test_every_table_resumes_after_sigkill(tmp_path: Path) -> None:
    live = LiveServer(data=tmp_path / "data", port=free_port(), bot_pause=0)
    live.start()
    try:
        games = [
            ("clecanian", {"players": 3, "rounds": 1}, ["human", "greedy", "human"]),
            ("purrfect", {"players": 3}, ["human", "greedy", "human"]),
        ]
        tables = [seat_people(live, *g) for g in games]
        rng = random.Random(11)
        for _table, peers in tables:
            play_to_end(list(peers.values()), rng, stop_at=30)
            peers[0].send({"type": "chat", "token": peers[0].token, "text": "before the crash"})
            peers[2].wait_for(lambda m: m["type"] == "chat")
        before = {}
        for table, peers in tables:
            for peer in peers.values():
                peer.pump(0.2)
            before[table] = {seat: peer.state for seat, peer in peers.items()}
        live.kill()
        live.start()
        for table, peers in tables:
            back = {seat: Peer(live.ws_url, table, peer.token) for seat, peer in peers.items()}
            for seat, peer in back.items():
                state = peer.wait_for(lambda m: m["type"] == "state")
                old = before[table][seat]
                assert old is not None
                assert (state["seq"], state["view"]) == (old["seq"], old["view"])
                history = next(m for m in peer.messages if m["type"] == "chat_history")
                assert "before the crash" in [c["text"] for c in history["messages"]]
            play_to_end(list(back.values()), rng)
            for peer in (*peers.values(), *back.values()):
                peer.close()
    finally:
        live.stop()


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    Storage(path).close_now()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StorageError, match="newer"):
        Storage(path)


def test_serve_refuses_bad_options_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.helpers import run_cli

    refused = (
        "matchmaker: --bot-pause, --away-after, --round-pause and --quickplay-bots-after must "
        "not be negative\n"
    )
    for option in ("--bot-pause", "--round-pause", "--quickplay-bots-after"):
        code, out, err = run_cli(capsys, "serve", option, "-1")
        assert code == 2 and out == ""
        assert err == refused


def test_serve_prints_its_address(tmp_path: Path) -> None:
    import subprocess
    import sys

    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "matchmaker", "serve", "--port", str(port), "--data",
         str(tmp_path / "d")],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line == f"matchmaker: serving on http://127.0.0.1:{port}/ (data in {tmp_path}/d/)\n"
    finally:
        process.terminate()
        process.wait()
