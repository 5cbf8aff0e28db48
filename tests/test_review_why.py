"""Each reviewed decision says why (``matchmaker.analysis.why``): what the choice and the best
one visibly do, by the rules and the deciding seat's view, and where the evaluator found the
points. Hand-built positions where the best decision is known; twin records that differ only in
cards the seat could not see give the same reasons; the evaluators' parts add up to the
advantage; the Clecanian search gives the same scores with its extra bookkeeping on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from matchmaker import load_game, replay
from matchmaker.analysis import review_record
from matchmaker.analysis.advice import Adviser, hint_lines
from matchmaker.analysis.registry import evaluator_for
from matchmaker.analysis.why import why_for
from matchmaker.bots.clecanian.greedy import ClecanianGreedy
from matchmaker.bots.clecanian.search import Budget, compare_options
from matchmaker.bots.registry import make_bot
from matchmaker.bots.runner import play_game, seat_seed
from matchmaker.core.driver import Driver
from matchmaker.games.clecanian.scoring import grid_score
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.words import words_for
from tests.helpers import clecanian, ev, purrfect
from tests.test_review import PLAIN0, clecanian_record, opening

#: Seat 2's grid in the couple positions: nothing on it pairs with a king.
GRID1 = ["KH", "6C", "2C", "3C", "4C", "6H", "7H", "7C", "5S", "TH"]


def couple_events(last: dict[str, Any]) -> list[dict[str, Any]]:
    """The reveals, then seat 2 draws K♣ Theo from the stock and does ``last`` with it."""
    return [*opening(), ev(1, "draw_stock"), {"chance": "KC"}, last]


def test_discarding_the_mate_names_the_couple_the_swap_would_have_made() -> None:
    """Seat 2 shows K♥ Jade at top 1 and draws K♣ Theo, her mate: under her, in column 1, they
    score -10. Discarding him is a mistake or a blunder, and the reason names the swap, the
    couple and its column."""
    record = clecanian_record([PLAIN0, GRID1], "TS", couple_events(ev(1, "discard")))
    (review,) = review_record(record, [1], worlds=60)
    last = review.decisions[-1]
    assert last.mark in ("mistake", "blunder"), last
    assert last.best == "swap bottom 1"
    assert "discard throws away K♣ Theo, the mate of your K♥ Jade at top 1" in last.why
    assert "swap bottom 1 puts K♣ Theo under K♥ Jade: a -10 couple in column 1" in last.why
    assert "your expected total" in last.why and "lower" in last.why


def test_completing_the_couple_is_confirmed_in_the_game_s_words() -> None:
    record = clecanian_record([PLAIN0, GRID1], "TS", couple_events(ev(1, "swap", pos=5)))
    (review,) = review_record(record, [1], worlds=60)
    last = review.decisions[-1]
    assert (last.action, last.mark) == ("swap bottom 1", "best")
    assert last.why == (
        "swap bottom 1 puts K♣ Theo under K♥ Jade: a -10 couple in column 1: the best choice here"
    )


def test_a_discard_the_next_seat_can_take_for_a_couple_is_named() -> None:
    """Seat 1 shows K♥ Jade at top 1; seat 2, which shows no woman, draws K♣ Theo and throws
    him onto the discard pile, where seat 1 plays next: a -10 couple handed over."""
    grid0 = ["KH", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "TC"]
    grid1 = ["TH", "6C", "2C", "3C", "4C", "6H", "7H", "7C", "5S", "TD"]
    record = clecanian_record([grid0, grid1], "TS", couple_events(ev(1, "discard")))
    (review,) = review_record(record, [1], worlds=60)
    last = review.decisions[-1]
    assert last.action == "discard" and last.mark in ("mistake", "blunder"), last
    assert last.why.startswith(
        "discard hands K♣ Theo to the next seat, seat 1: the mate of its K♥ Jade at top 1 "
        f"(a -10 couple): {last.best} instead ("
    ), last.why
    assert "seat 1's" in last.why and "higher" in last.why  # where the points go


def test_a_pair_handed_over_and_a_card_taken_for_a_pair_are_named() -> None:
    """The effects alone, from a view: 5♦ Meg discarded beside the next seat's 5♥ Meg, and
    taken from the discard pile by a seat that shows a Meg."""
    grid0 = ["5H", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "TC"]
    grid1 = ["TH", "6C", "2C", "3C", "4C", "6H", "7H", "7C", "5S", "TD"]
    events = [*opening(), ev(1, "draw_stock"), {"chance": "5D"}]
    state = clecanian([grid0, grid1], "TS", events, rounds=1)
    why = why_for(words_for(state.game))
    discard = next(a for a in state.legal_actions() if a.name == "discard")
    effect = why.effect(state.view(1), discard)
    assert effect is not None
    assert effect.text == (
        "hands 5♦ Meg to the next seat, seat 1: a second Meg for its 5♥ Meg at top 1 (0)"
    )
    state.apply(discard)
    take = next(a for a in state.legal_actions() if a.name == "draw_discard")
    effect = why.effect(state.view(0), take)
    assert effect is not None
    assert effect.text == "picks up 5♦ Meg, a second Meg for your 5♥ Meg at top 1 (0)"


def test_going_out_tells_the_exact_score_the_rules_give() -> None:
    """In a played game, every swap that turns a seat's last face-down card before anybody
    went out says it goes out, with the score the engine then gives the grid."""
    game = load_game("clecanian", players=2, rounds=1)
    bots = [make_bot("medium", game, s, seat_seed(9, s)) for s in range(2)]
    record = play_game(game, bots, 9).record()
    why = why_for(words_for(game))
    driver: Driver[Any] = Driver(game)
    checked = 0
    for actor, action in game.record_events(record):
        state = driver.state
        assert isinstance(state, ClecanianState)
        if action.name == "swap" and state.view(actor).ended_by is None:
            view = state.view(actor)
            effect = why.effect(view, action)
            assert effect is not None
            last = sum(view.face_down[actor]) == 1 and view.face_down[actor][int(str(action.arg))]
            assert ("goes out" in effect.text) == last, effect.text
            if last:
                after = state.clone()
                after.apply(action)
                p = after.position
                score = grid_score(state.game.options.deck, p.grid[actor], p.columns)
                assert effect.text.endswith(f"and goes out with exactly {score}")
                checked += 1
        driver.play(action, actor)
    assert checked == 1


#: Purrfect Match, three seats, a deck of exactly the dealt cats. Round 1: seat 1 shows its 3,
#: passes on seat 2's 10 and matches seat 3's 4. Round 2: seat 3 shows its 6 and matches seat
#: 1's 5. Round 3: seat 1 proposes again, with a 1 and a 7 in hand; seat 2's 10, which it
#: inspected, still stands.
KNOWN = [[3, 5, 1, 7], [10, 2, 3, 2], [4, 6, 8, 8]]
#: The same deal with two cats seat 1 never saw changing hands (seat 2's 3, seat 3's 8).
KNOWN_TWIN = [[3, 5, 1, 7], [10, 2, 8, 2], [4, 6, 3, 8]]


def known_refusal(hands: list[list[int]], cat: int | None) -> dict[str, Any]:
    """The record of ``hands`` up to seat 1's presentation in round 3: of ``cat`` (None: the
    record stops before it)."""
    events = [
        ev(0, "present", value=3), ev(1, "nominate", value=10), ev(2, "nominate", value=4),
        ev(0, "pass"), ev(0, "propose"), ev(2, "accept"),
        ev(2, "present", value=6), ev(0, "nominate", value=5), ev(2, "propose"), ev(0, "accept"),
    ]  # fmt: skip
    if cat is not None:
        events.append(ev(0, "present", value=cat))
    record: dict[str, Any] = purrfect(hands, events).record()
    return record


def test_presenting_into_a_known_refusal_is_marked_and_the_right_cat_named() -> None:
    """Seat 1 knows seat 2's standing candidate is a 10: it inspected it in round 1, and it has
    stood since. Presenting the 1 asks seat 2 to give that 10 for a 1, a refusal seat 1 can
    foresee; the 7 can buy it (seat 2 gains 7 and sheds a cat), so the 1 is a mistake or a
    blunder and the reason names the 7 and the 10 it was shown to."""
    (review,) = review_record(known_refusal(KNOWN, 1), [0], worlds=300)
    last = review.decisions[-1]
    assert last.action == "present 1" and last.best == "present 7"
    assert last.mark in ("mistake", "blunder"), last
    assert last.why.startswith(
        "present 7 to seat 2's standing candidate, the 10 you inspected, rather than present 1 "
        "(your expected score "
    ), last.why


def test_accepting_a_worse_cat_that_hands_over_the_lead_says_so() -> None:
    """Two seats: seat 2 would give its 5 for seat 1's 3, after which seat 1 leads the cats
    claimed."""
    events = [ev(0, "present", value=3), ev(1, "nominate", value=5), ev(0, "propose"),
              ev(1, "accept")]  # fmt: skip
    (review,) = review_record(purrfect([[3, 8], [5, 6]], events).record(), [1], worlds=200)
    last = review.decisions[-1]
    assert (last.action, last.best) == ("accept", "reject")
    assert last.why.startswith(
        "accept seat 1's 3 for your 5, after which seat 1 leads the cats claimed (5): reject "
        "instead ("
    ), last.why
    assert "fewer for seat 1" in last.why


def test_proposing_to_a_low_candidate_you_inspected_gives_points_away() -> None:
    """Seat 1 shows its 8 and inspects seat 2's 2: proposing would give the 8 away for a 2."""
    events = [ev(0, "present", value=8), ev(1, "nominate", value=2), ev(2, "nominate", value=5)]
    record = purrfect([[8, 9, 4], [2, 3, 7], [5, 6, 1]], [*events, ev(0, "propose")]).record()
    (review,) = review_record(record, [0], worlds=300)
    last = review.decisions[-1]
    assert (last.action, last.best) == ("propose", "pass")
    assert last.mark in ("mistake", "blunder"), last
    assert last.why.startswith(
        "propose your 8 for seat 2's 2, which you inspected: pass instead ("
    ), last.why
    assert "fewer for seat 2" in last.why  # the points the proposal would give away


def test_reasons_name_the_seats_as_the_record_says_they_sat() -> None:
    """The same decision in a record that says who sat where (as the web server's records
    do): the seats are named as at the table."""
    events = [ev(0, "present", value=8), ev(1, "nominate", value=2), ev(2, "nominate", value=5)]
    record = purrfect([[8, 9, 4], [2, 3, 7], [5, 6, 1]], [*events, ev(0, "propose")]).record()
    record["meta"] = {"seats": ["Ann", "Bob", "hard"]}
    (review,) = review_record(record, [0], worlds=300)
    why = review.decisions[-1].why
    assert why.startswith("propose your 8 for Bob's 2, which you inspected: pass instead ("), why
    assert "fewer for Bob" in why and "seat 2" not in why


def test_reasons_read_the_seat_s_view_only() -> None:
    """Twin records that differ only in cards the deciding seat never saw give the same reason
    for every decision: seat 1's face-down cards in the Clecanian discard position, and cats
    seat 1 never saw in the Purrfect known-refusal one."""
    grid0 = ["KH", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "TC"]
    twin0 = ["KH", "8C", "9D", "8H", "8S", "9C", "8D", "9H", "9S", "TC"]
    grid1 = ["TH", "6C", "2C", "3C", "4C", "6H", "7H", "7C", "5S", "TD"]
    pairs = [
        [
            clecanian_record([g, grid1], "TS", couple_events(ev(1, "discard")))
            for g in (grid0, twin0)
        ],
        [known_refusal(hands, 1) for hands in (KNOWN, KNOWN_TWIN)],
    ]
    for first, second in pairs:
        assert first != second
        seat = 1 if first["game"] == "clecanian" else 0
        reviews = [review_record(r, [seat], worlds=30, seed=5)[0] for r in (first, second)]
        whys = [[d.why for d in review.decisions] for review in reviews]
        assert whys[0] and whys[0] == whys[1]


@pytest.mark.parametrize("game", ["clecanian", "purrfect"])
def test_the_parts_add_up_to_the_advantage(game: str) -> None:
    """Every estimate's parts: Clecanian Golf's advantage is the others' lowest expected total
    minus the seat's own, Purrfect Match's the seat's expected score minus the others' mean."""
    if game == "clecanian":
        record = clecanian_record([PLAIN0, GRID1], "TS", couple_events(ev(1, "discard"))[:-1])
        seat = 1
    else:
        record = known_refusal(KNOWN, None)
        seat = 0
    state = replay(record)
    view = state.view(seat)
    evaluation = evaluator_for(state.game, seat).evaluate(
        view, list(state.legal_actions()), 40, random.Random(1)
    )
    assert evaluation.view == view
    for estimate in evaluation.estimates:
        parts = estimate.parts
        assert parts is not None and len(parts.seats) == state.game.players
        assert parts.own == pytest.approx(parts.seats[seat])
        made = parts.others - parts.own if game == "clecanian" else parts.own - parts.others
        assert estimate.value == pytest.approx(made)


def test_the_search_scores_the_same_with_its_bookkeeping_on() -> None:
    record = clecanian_record([PLAIN0, GRID1], "TS", couple_events(ev(1, "discard"))[:-1])
    state = replay(record)
    assert isinstance(state, ClecanianState)
    view = state.view(1)
    legal = list(state.legal_actions())
    medium = ClecanianGreedy(state.game, 1, 3)

    def search(totals: list[list[list[float]]] | None) -> list[list[float]]:
        return compare_options(
            state.game, view, legal, Budget(worlds=12), random.Random(3), 8, medium.weights,
            medium.decide, totals,
        )  # fmt: skip

    totals: list[list[list[float]]] = [[] for _ in legal]
    plain, kept = search(None), search(totals)
    assert plain == kept
    for scores, leaves in zip(kept, totals, strict=True):
        assert len(leaves) == len(scores)
        for score, leaf in zip(scores, leaves, strict=True):
            assert score == pytest.approx(leaf[1] - leaf[0])


def test_a_hint_says_why_its_best_choice_is_best() -> None:
    state = clecanian([PLAIN0, GRID1], "TS", couple_events(ev(1, "draw_stock"))[:-1], rounds=1)
    adviser = Adviser(state.game, 1, seed=2, worlds=40)
    advice = adviser.advise(state.view(1), list(state.legal_actions()))
    lines = hint_lines(advice, words_for(state.game))
    assert lines[0].startswith("Best by the hard bot's search: swap bottom 1")
    assert lines[1] == (
        "Why: swap bottom 1 puts K♣ Theo under K♥ Jade: a -10 couple in column 1: the best "
        "choice here."
    )


def test_a_discard_on_the_round_s_last_turn_hands_nothing_on() -> None:
    """When the turn limit ends the round with this turn, nobody takes the discard: the same
    5♦ Meg is only thrown away."""
    grid0 = ["5H", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "TC"]
    grid1 = ["TH", "6C", "2C", "3C", "4C", "6H", "7H", "7C", "5S", "TD"]
    events = [*opening(), ev(1, "draw_stock"), {"chance": "5D"}]
    state = clecanian([grid0, grid1], "TS", events, rounds=1, max_turns=1)
    view = state.view(1)
    assert view.turns == 0
    why = why_for(words_for(state.game))
    discard = next(a for a in state.legal_actions() if a.name == "discard")
    effect = why.effect(view, discard)
    assert effect is not None
    assert effect.text == "throws 5♦ Meg away"
