"""Advice on the decision at hand (``matchmaker.analysis.advice``): the terminal's ``hint`` and
the web app's practice-table hints, judged on the seat's view only."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from matchmaker import load_game
from matchmaker.analysis import advise_record
from matchmaker.analysis.advice import Adviser, advice_json
from matchmaker.bots.registry import make_bot
from matchmaker.bots.runner import play_game, seat_seed
from matchmaker.core.driver import Driver
from matchmaker.core.errors import MatchmakerError
from matchmaker.words import words_for
from tests.helpers import ev, purrfect


def played(game_name: str, players: int, **options: Any) -> dict[str, Any]:
    game = load_game(game_name, players=players, **options)
    bots = [make_bot("medium", game, s, seat_seed(4, s)) for s in range(players)]
    record: dict[str, Any] = play_game(game, bots, 4).record()
    return record


def test_a_clecanian_hint_reads_the_view_only() -> None:
    """Two records that differ only in two of the other seat's cards that stayed face down
    all along give the same advice to seat 1 at its decision, for the same seed; the advice
    names the best choice, ranks every legal choice and says them in words."""
    record = played("clecanian", 2, rounds=1)
    game = load_game("clecanian", players=2, rounds=1)
    events = game.record_events(record)
    driver: Driver[Any] = Driver(game)
    down = set(range(10))
    cut = None
    for at, (actor, action) in enumerate(events):
        if at > len(events) // 3 and driver.state.to_act == 0 and len(down) >= 2:
            cut = at
            break
        driver.play(action, actor)
        down &= {p for p, flag in enumerate(driver.state.view(0).face_down[1]) if flag}
    assert cut is not None
    legal = list(driver.state.legal_actions())
    first, second = sorted(down)[:2]
    twin = copy.deepcopy(record)
    grid = twin["rounds"][0]["grids"][1]
    grid[first], grid[second] = grid[second], grid[first]
    deal = 2 * 10 + 1  # the deal's chance events come before the round's record events
    for each in (record, twin):
        each["rounds"][0]["events"] = each["rounds"][0]["events"][: cut - deal]
        each.pop("result", None)
    advice = [advise_record(r, 0, 12, "s") for r in (record, twin)]
    assert advice[0] == advice[1]
    hint = advice[0]
    words = words_for(game)
    assert hint["seat"] == 0 and hint["worlds"] == 12
    labels = [o["label"] for o in hint["options"]]
    assert sorted(labels) == sorted(words.choice_key(a) for a in legal)
    values = [o["value"] for o in hint["options"]]
    assert values == sorted(values, reverse=True)
    best = hint["options"][0]
    assert hint["best"] == {k: best[k] for k in ("name", "arg", "label")}
    assert best["behind"] == 0 and best["within_noise"]
    assert all(o["behind"] >= 0 for o in hint["options"])
    assert hint["lines"][0].startswith(f"Best by the hard bot's search: {best['label']}")
    assert advise_record(record, 0, 12, "other") != hint  # the seed is the only luck


def test_a_purrfect_hint_reads_the_view_only_and_weighs_the_talk() -> None:
    """Deals that differ only in cats the second seat cannot see give it the same advice; a
    claim weighs the same whether the record says when it was made in decisions (as terminal
    play keeps it) or in table events (as a web table's chat does), and it changes the
    advice."""
    events = [ev(0, "present", value=9)]
    records = [
        purrfect(hands, events, deck=list(range(1, 10))).record()
        for hands in ([[1, 5, 9], [2, 6, 7], [3, 4, 8]], [[3, 5, 9], [2, 6, 7], [1, 4, 8]])
    ]
    assert records[0]["deal"] != records[1]["deal"]
    advice = [advise_record(r, 1, 40, 3) for r in records]
    assert advice[0]["options"] and advice[0] == advice[1]
    assert {o["name"] for o in advice[0]["options"]} == {"nominate"}

    # The proposer inspects seat 1's candidate, and seat 2 has claimed an 8 (not seen yet).
    events = [ev(0, "present", value=9), ev(1, "nominate", value=6), ev(2, "nominate", value=4)]
    state = purrfect([[1, 5, 9], [2, 6, 7], [3, 4, 8]], events, deck=list(range(1, 10)))
    said = {"value": 8, "text": "My candidate is an 8.", "round": state.view(None).round}
    quiet = state.record()
    terminal = copy.deepcopy(quiet)
    terminal["meta"] = {"talk": [{"speaker": 2, "at": state.decision_count(), **said}]}
    web = copy.deepcopy(quiet)
    deal = 9  # three seats dealt three cats each: the table's seq counts them
    web["meta"] = {"talk": [{"n": 0, "seat": 2, "name": "Cy", "kind": "claim",
                             "seq": deal + len(events), "time": "2026-12-03T10:00:00Z",
                             "text": said["text"], "value": 8}]}  # fmt: skip
    told = [advise_record(r, 0, 60, 5) for r in (quiet, terminal, web)]
    assert told[1] == told[2]
    assert told[0]["options"] != told[1]["options"]


def test_the_terminal_adviser_and_the_record_advice_agree_in_words() -> None:
    """The terminal's ``Adviser`` gives an evaluation that ``advice_json`` words as the web
    app's hint: the same lines."""
    events = [ev(0, "present", value=9)]
    state = purrfect([[1, 5, 9], [2, 6, 7], [3, 4, 8]], events, deck=list(range(1, 10)))
    adviser = Adviser(state.game, 1, 0, worlds=30)
    evaluation = adviser.advise(state.view(1), list(state.legal_actions()))
    hint = advice_json(evaluation, words_for(state.game))
    assert hint["worlds"] == 30 and len(hint["options"]) == 3
    assert hint["lines"][-1].startswith("(expected advantage")


def test_advice_needs_the_seat_s_own_decision() -> None:
    record = purrfect([[1, 5, 9], [2, 6, 7], [3, 4, 8]], [], deck=list(range(1, 10))).record()
    with pytest.raises(MatchmakerError, match="no decision"):
        advise_record(record, 1, 10)
    with pytest.raises(MatchmakerError):
        advise_record(record, 5, 10)
    with pytest.raises(MatchmakerError, match="worlds"):
        advise_record(record, 0, 0)
