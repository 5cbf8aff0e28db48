"""Properties of random games, for every player count and variant.

Games are driven by a seeded ``random.Random`` (the seed comes from hypothesis), and after every
step the tests check that no card appears or vanishes, that each seat's view holds nothing it
may not know, that a seat to act always has a legal action and that chance probabilities add
up; at the end, that the game ended within its bound and that its record replays to the same
result. Clones are independent of their original.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matchmaker import CHANCE, load_game, replay
from matchmaker.core.actions import Action
from matchmaker.core.play import play_random
from matchmaker.games.clecanian.position import EMPTY
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.games.clecanian.steps import JokerDone, Refill
from matchmaker.games.purrfect.deck import NAMED_DECKS
from matchmaker.games.purrfect.state import PurrfectState

GAME_OVER = -2
VALUES = range(1, 11)
ALL_CARDS = 54


def examples(count: int) -> settings:
    """Hypothesis settings for ``count`` random games (no per-example deadline)."""
    return settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# --------------------------------------------------------------------------------- strategies


@st.composite
def purrfect_options(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(2, 8))
    deck = draw(
        st.one_of(
            st.sampled_from(["default", "faq38"]),
            st.lists(st.integers(1, 10), min_size=2 * players, max_size=40),
        )
    )
    first = draw(st.one_of(st.integers(0, players - 1), st.just("random")))
    return {"players": players, "deck": deck, "first_proposer": first}


@st.composite
def clecanian_options(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "players": draw(st.integers(2, 4)),
        "rounds": draw(st.integers(1, 3)),
        "epilogue": draw(st.booleans()),
        "discard_draw_must_swap": draw(st.booleans()),
        "max_turns": draw(st.one_of(st.integers(1, 30), st.just(400))),
    }


SEEDS = st.integers()


def deck_values(options: dict[str, Any]) -> list[int]:
    deck = options["deck"]
    return list(NAMED_DECKS[deck]) if isinstance(deck, str) else list(deck)


# ---------------------------------------------------------------------------- the driver


def choose(state: Any, rng: random.Random) -> Action:
    """Pick the next action at random, checking what every node must offer."""
    if state.to_act == CHANCE:
        choices = list(state.chance_choices())
        outcomes = state.chance_outcomes()
        assert choices
        assert math.isclose(math.fsum(p for _, p in outcomes), 1.0)
        assert len({a for a, _ in outcomes}) == len(outcomes)
        for action, probability in outcomes:
            assert action.name == "chance"
            assert math.isclose(probability, choices.count(action) / len(choices))
        assert set(state.legal_actions()) == {a for a, _ in outcomes}
        outcome: Action = choices[rng.randrange(len(choices))]
        return outcome
    assert state.to_act >= 0
    legal = list(state.legal_actions())
    assert legal, f"seat {state.to_act} must act in phase {state.phase} but has no legal action"
    assert all(a.name != "chance" for a in legal)
    picked: Action = legal[rng.randrange(len(legal))]
    return picked


def check_round_trip(state: Any) -> None:
    """record() -> JSON text -> replay gives the same status and the same record."""
    record = state.record()
    again = replay(json.loads(json.dumps(record)))
    assert again.status() == state.status()
    assert again.record() == record
    assert again.decision_count() == state.decision_count()


def check_clone_independent(state: Any, rng: random.Random) -> None:
    """A clone starts equal; playing it to the end leaves the original unchanged."""
    record, status = state.record(), state.status()
    public = state.public_view()
    clone = state.clone()
    assert clone.record() == record
    assert clone.public_view() == public
    play_random(clone.game, rng, clone)
    assert clone.is_over
    assert state.record() == record
    assert state.status() == status
    assert state.public_view() == public


# ------------------------------------------------------------------------- Purrfect Match

PROPOSER_CAT_OUT = ("nominate", "inspect", "respond")
DEALING = ("deal", "choose_first_proposer")


def purrfect_cards(state: PurrfectState) -> Counter[int]:
    """Hands + standing candidates + the proposer cat on the table + claimed + discarded +
    left over + the cards not dealt (the excess, once the deal is done)."""
    cards: Counter[int] = Counter()
    for seat in range(state.game.players):
        hand = state.position.hands[seat]
        assert hand[0] == 0
        assert all(count >= 0 for count in hand)
        assert sum(hand) == state.position.hand_size[seat]
        cards.update({v: hand[v] for v in VALUES if hand[v]})
        if state.position.candidate[seat]:
            cards[state.position.candidate[seat]] += 1
        cards.update(state.position.claimed[seat])
    if state.phase in PROPOSER_CAT_OUT:
        cards[state.position.proposer_cat] += 1
    cards.update(state.position.discarded)
    cards.update(state.position.left_over)
    return cards


def check_purrfect_views(
    state: PurrfectState,
    dealt: list[list[int]],
    events: list[tuple[int, Action]],
    inspections: list[tuple[int, int, int, int]],
) -> None:
    n = state.game.players
    over = state.is_over
    public = state.public_view()
    assert public.seat is None
    assert public.hand == ()
    assert public.candidate is None
    assert public.target is None
    assert public.inspected == ()
    assert public.inspected_value is None
    assert public.log == tuple(
        (s, a.name, None if a.name == "nominate" else a.arg) for s, a in events
    )
    assert public.hand_sizes == tuple(state.position.hand_size)
    assert public.standing == tuple(c > 0 for c in state.position.candidate)
    if over:
        assert public.targets == tuple(sum(h) for h in dealt)
    else:
        assert public.targets is None
        assert public.scores is None
        assert public.left_over == ()
    inspecting = public.inspecting
    for seat in range(n):
        view = state.view(seat)
        assert view.seat == seat
        hand = state.position.hands[seat]
        assert view.hand == tuple(v for v in VALUES for _ in range(hand[v]))
        assert view.candidate == (state.position.candidate[seat] or None)
        assert view.target == sum(dealt[seat])
        assert view.inspected == tuple((r, s, v) for r, p, s, v in inspections if p == seat)
        assert view.log == tuple(
            (s, a.name, a.arg if a.name != "nominate" or s == seat else None) for s, a in events
        )
        if state.phase in ("inspect", "respond") and seat == public.proposer:
            assert inspecting is not None
            assert view.inspected_value == state.position.candidate[inspecting]
        else:
            assert view.inspected_value is None
        # Everything else a seat sees is exactly what a spectator sees.
        shared = dataclasses.replace(
            view,
            seat=None,
            hand=(),
            candidate=None,
            target=None,
            inspected=(),
            log=public.log,
            candidate_values=public.candidate_values,
            score=None,
        )
        assert shared == public


def play_purrfect(options: dict[str, Any], seed: int) -> PurrfectState:
    """Play a random game, checking every property at every step."""
    rng = random.Random(seed)
    game = load_game("purrfect", **options)
    state = game.new_state()
    assert isinstance(state, PurrfectState)
    n = game.players
    deck = deck_values(options)
    size = len(deck) // n
    dealt: list[list[int]] = [[] for _ in range(n)]
    events: list[tuple[int, Action]] = []
    inspections: list[tuple[int, int, int, int]] = []
    excess: Counter[int] | None = None
    # Every round removes one or two cards from play: at most D rounds, each with at most
    # one present, n - 1 nominations, n - 1 inspections and n - 1 answers.
    limit = len(deck) + 1 + len(deck) * (3 * n - 2)
    clone_at = rng.randrange(limit // 4 + 1)
    for step in range(limit + 1):
        if state.phase == "deal":
            undealt = Counter(int(str(a.arg)) for a in state.chance_choices())
            assert purrfect_cards(state) + undealt == Counter(deck)
            assert state.public_view().excess == 0
        else:
            assert excess is not None
            assert purrfect_cards(state) + excess == Counter(deck)
            assert state.public_view().excess == sum(excess.values())
        if state.phase == "choose_first_proposer":
            assert sorted(int(str(a.arg)) for a in state.chance_choices()) == list(range(n))
        if state.phase == "inspect":
            inspected = state.public_view().inspecting
            assert inspected is not None
            key = (state.public_view().round, state.position.proposer, inspected)
            if not inspections or inspections[-1][:3] != key:
                inspections.append((*key, state.position.candidate[inspected]))
        check_purrfect_views(state, dealt, events, inspections)
        if step == clone_at:
            check_clone_independent(state, random.Random(seed + 1))
        if state.is_over:
            break
        phase = state.phase
        seat = state.to_act
        action = choose(state, rng)
        state.apply(action, seat)
        if phase == "deal":
            dealt[sum(len(h) for h in dealt) // size].append(int(str(action.arg)))
            if state.phase != "deal":
                excess = Counter(deck) - Counter(v for h in dealt for v in h)
                assert Counter(state.record()["deal"]["excess"]) == excess
        elif phase == "choose_first_proposer":
            assert state.position.proposer == action.arg
        else:
            events.append((seat, action))
    assert state.is_over, f"not over after {limit} steps"
    assert state.to_act == GAME_OVER
    assert state.legal_actions() == ()
    assert state.public_view().round <= len(deck)
    assert state.decision_count() == len(events)
    return state


@examples(200)
@given(options=purrfect_options(), seed=SEEDS)
def test_purrfect_random_game_properties(options: dict[str, Any], seed: int) -> None:
    state = play_purrfect(options, seed)
    result = state.result()
    public = state.public_view()
    lost = sum(public.discarded) + sum(public.left_over)
    assert sum(result.scores) == -lost
    assert result.scores == public.scores
    assert list(result.winners) == [
        s for s, x in enumerate(result.scores) if x == max(result.scores)
    ]
    n = state.game.players
    # the deal: floor(D/n) cards each, the rest is excess
    assert len(public.left_over) + sum(map(len, public.claimed)) + len(public.discarded) == (
        len(deck_values(options)) // n * n
    )
    check_round_trip(state)


@examples(150)
@given(options=purrfect_options(), seed=SEEDS, data=st.data())
def test_purrfect_record_round_trips_mid_game(
    options: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    state = load_game("purrfect", **options).new_state()
    assert isinstance(state, PurrfectState)
    while state.phase in DEALING:
        state.apply(choose(state, rng))
    stop = data.draw(st.integers(0, 300), label="decisions before stopping")
    while not state.is_over and state.decision_count() < stop:
        state.apply(choose(state, rng))
    check_round_trip(state)
    if not state.is_over:
        assert state.status() == {"game": "purrfect", "finished": False, "to_act": state.to_act}
        assert replay(state.record()).to_act == state.to_act


@examples(100)
@given(options=purrfect_options(), seed=SEEDS, data=st.data())
def test_purrfect_clone_is_independent(
    options: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    state = load_game("purrfect", **options).new_state()
    stop = data.draw(st.integers(0, 400), label="steps before cloning")
    for _ in range(stop):
        if state.is_over:
            break
        state.apply(choose(state, rng))
    check_clone_independent(state, random.Random(seed ^ 0x5EED))
    # the original still plays on normally to the end
    play_random(state.game, rng, state)
    assert state.is_over


# ------------------------------------------------------------------------- Clecanian Golf


def clecanian_cards(state: ClecanianState) -> None:
    """Grid cards + stock + discard pile + the drawn card + jokers set aside while they are
    resolved == the whole deck, each card once; every empty place awaits a refill."""
    deck = state.game.options.deck
    assert len(deck) == ALL_CARDS
    n = state.game.players
    size = 2 * state.game.options.columns
    phase = state.phase
    cards: Counter[int] = Counter()
    empty: set[tuple[int, int]] = set()
    for seat in range(n):
        for pos in range(size):
            card = state.position.grid[seat][pos]
            if card == EMPTY:
                empty.add((seat, pos))
            else:
                cards[card] += 1
    cards.update(deck.by_code[str(a.arg)] for a in state.position.stock)
    cards.update(state.position.discard)
    if phase == "use":
        assert state.position.drawn != EMPTY
        cards[state.position.drawn] += 1
    else:
        assert state.position.drawn == EMPTY
    aside: set[int] = set()
    if state.game.options.epilogue:
        aside = {step.joker for step in state.position.steps if isinstance(step, JokerDone)}
    elif phase == "abduct":
        aside = {state.position.abduction[1]}
    assert all(deck.is_joker[j] for j in aside)
    if aside:
        assert phase in ("abduct", "refill_card")
    cards.update(aside)
    assert cards == Counter(range(ALL_CARDS)), "a card is missing or held twice"
    if phase == "deal":
        dealt = ALL_CARDS - len(state.position.stock)
        assert empty == {divmod(k, size) for k in range(dealt, n * size)}
    else:
        waiting = {
            (step.seat, step.pos) for step in state.position.steps if isinstance(step, Refill)
        }
        if phase == "refill_card":
            waiting.add(state.position.refill_to)
        assert empty == waiting
        if empty:
            assert phase in ("abduct", "refill_card")


def held_card(log: list[tuple[int, int, str, Any]]) -> tuple[int, bool]:
    """The seat holding a drawn card (its last decision was a draw) and whether it came from
    the stock."""
    last = next(entry for entry in reversed(log) if entry[1] != CHANCE)
    assert last[2] in ("draw_stock", "draw_discard")
    return last[1], last[2] == "draw_stock"


def check_clecanian_views(state: ClecanianState, log: list[tuple[int, int, str, Any]]) -> None:
    deck = state.game.options.deck
    codes = [c.code for c in deck.cards]
    n = state.game.players
    phase = state.phase
    grids = tuple(
        tuple(
            codes[c] if up and c != EMPTY else None
            for c, up in zip(state.position.grid[s], state.position.up[s], strict=True)
        )
        for s in range(n)
    )
    face_down = {
        codes[c]
        for s in range(n)
        for c, up in zip(state.position.grid[s], state.position.up[s], strict=True)
        if c != EMPTY and not up
    }
    drawer, from_stock = held_card(log) if phase == "use" else (None, False)
    for seat in [None, *range(n)]:
        view = state.view(seat)
        assert view.seat == seat
        assert view.phase == phase
        assert view.to_act == state.to_act
        assert view.grids == grids
        for s in range(n):
            for pos, code in enumerate(view.grids[s]):
                hidden = not state.position.up[s][pos] or state.position.grid[s][pos] == EMPTY
                assert (code is None) == hidden
        assert view.discard == tuple(codes[c] for c in state.position.discard)
        assert view.stock_size == len(state.position.stock)
        expected_log = list(log)
        secret = None
        if phase == "use":
            assert view.drawn_by == drawer
            assert view.drawn_from == ("stock" if from_stock else "discard")
            if seat == drawer or not from_stock:
                assert view.drawn == codes[state.position.drawn]
            else:
                assert view.drawn is None
                secret = codes[state.position.drawn]
                last = expected_log[-1]
                assert last[1] == CHANCE and last[3] == secret
                expected_log[-1] = (last[0], CHANCE, "chance", None)
        else:
            assert view.drawn is None
            assert view.drawn_by is None
            assert view.drawn_from is None
        assert view.log == tuple(expected_log)
        # No code of a face-down card anywhere in what this round shows (earlier rounds, in
        # the log and the previous grids, used the same 54 cards and are public history).
        data = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
        data.pop("previous_grids", None)
        data["log"] = [e for e in view.log if e[0] == view.round]
        text = repr(data)
        for code in face_down:
            assert repr(code) not in text, f"face-down {code} shown to seat {seat}"
        if secret is not None:
            data["log"] = []
            assert repr(secret) not in repr(data), f"{secret} drawn by {drawer} shown to {seat}"


def play_clecanian(options: dict[str, Any], seed: int) -> ClecanianState:
    rng = random.Random(seed)
    game = load_game("clecanian", **options)
    state = game.new_state()
    assert isinstance(state, ClecanianState)
    n = game.players
    rounds = options["rounds"]
    max_turns = options["max_turns"]
    log: list[tuple[int, int, str, Any]] = []
    # Per round: the deal, 2n reveals, at most max_turns + n - 1 turns of a few steps, each
    # joker resolution adding a few more; a generous bound that still catches a loop.
    limit = rounds * (ALL_CARDS + 2 * n + (max_turns + n) * 40)
    clone_at = rng.randrange(200)
    for step in range(limit + 1):
        clecanian_cards(state)
        check_clecanian_views(state, log)
        public = state.public_view()
        assert public.turns <= max_turns + n - 1
        assert public.round <= rounds
        assert len(public.round_scores) == min(public.round, rounds)
        if step == clone_at:
            check_clone_independent(state, random.Random(seed + 1))
        if state.is_over:
            break
        phase, seat, round_ = state.phase, state.to_act, state.round
        action = choose(state, rng)
        state.apply(action, seat)
        if phase != "deal":
            log.append((round_, seat, action.name, action.arg))
    assert state.is_over, f"not over after {limit} steps"
    assert state.to_act == GAME_OVER
    assert len(state.legal_actions()) == 0
    for seat in [None, *range(n)]:
        view = state.view(seat)
        assert json.loads(json.dumps(view.to_json()))["round_scores"] == [
            list(r) for r in view.round_scores
        ]
    return state


@examples(150)
@given(options=clecanian_options(), seed=SEEDS)
def test_clecanian_random_game_properties(options: dict[str, Any], seed: int) -> None:
    state = play_clecanian(options, seed)
    result = state.result()
    round_scores = result.details["round_scores"]
    assert len(round_scores) == options["rounds"]
    n = options["players"]
    assert list(result.scores) == [sum(r[s] for r in round_scores) for s in range(n)]
    assert list(result.winners) == [
        s for s, x in enumerate(result.scores) if x == min(result.scores)
    ]
    check_round_trip(state)


@examples(100)
@given(options=clecanian_options(), seed=SEEDS, data=st.data())
def test_clecanian_record_round_trips_mid_game(
    options: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    state = load_game("clecanian", **options).new_state()
    assert isinstance(state, ClecanianState)
    stop = data.draw(st.integers(0, 600), label="steps before stopping")
    for _ in range(stop):
        if state.is_over:
            break
        state.apply(choose(state, rng))
    # a record cannot stop in the middle of a deal: finish it
    while state.phase == "deal" and len(state.chance_choices()) < ALL_CARDS:
        state.apply(choose(state, rng))
    check_round_trip(state)
    if not state.is_over:
        to_act = "chance" if state.to_act == CHANCE else state.to_act
        assert state.status() == {"game": "clecanian", "finished": False, "to_act": to_act}


@examples(100)
@given(options=clecanian_options(), seed=SEEDS, data=st.data())
def test_clecanian_clone_is_independent(
    options: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    state = load_game("clecanian", **options).new_state()
    stop = data.draw(st.integers(0, 600), label="steps before cloning")
    for _ in range(stop):
        if state.is_over:
            break
        state.apply(choose(state, rng))
    check_clone_independent(state, random.Random(seed ^ 0x5EED))
    play_random(state.game, rng, state)
    assert state.is_over
