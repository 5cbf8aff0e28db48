"""Scenario tests for every rule and every **Ruling** of /work/shared/spec/purrfect.md.

Every deal is built by hand and every expected state, target and score below is computed by
hand from the rules (the arithmetic is written next to the assertions).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from matchmaker import (
    CHANCE,
    Action,
    EventError,
    GameNotOverError,
    IllegalActionError,
    NoSuchSeatError,
    OptionError,
    RecordError,
    load_game,
    replay,
)
from matchmaker.games.purrfect import PurrfectGame, PurrfectState
from tests.helpers import ev, p_act, purrfect

# --------------------------------------------------------------------------- shared scenarios
#
# Scenario A — 3 players, seat 0 proposes first. Targets: 2+5+9=16, 3+7+8=18, 1+4+6=11.
HANDS_A = [[2, 5, 9], [3, 7, 8], [1, 4, 6]]
# Round 0, P=0: presents 5; nominations 1:7, 2:4; P proposes to seat 1 (7) -> accept (match).
A_R0 = [
    ev(0, "present", value=5),
    ev(1, "nominate", value=7),
    ev(2, "nominate", value=4),
    ev(0, "propose"),
    ev(1, "accept"),
]
# Round 1, P=1 (C of round 0): presents 8; seat 2's 4 still stands, only seat 0 nominates (9);
# inspect 2 (4): pass; inspect 0 (9): propose -> reject -> loneliness; next designated 2.
A_R1 = [
    ev(1, "present", value=8),
    ev(0, "nominate", value=9),
    ev(1, "pass"),
    ev(1, "propose"),
    ev(0, "reject"),
]
# Round 2, P=2: presents 1; nominations 0:2, 1:3 (seat 1's last card); inspect 0 (2): propose
# -> accept (match); seat 1's 3 stays standing; next proposer 0.
A_R2 = [
    ev(2, "present", value=1),
    ev(0, "nominate", value=2),
    ev(1, "nominate", value=3),
    ev(2, "propose"),
    ev(0, "accept"),
]
# Round 3, P=0: presents 9 (its last card); seat 1 stands, seat 2 nominates 6; inspect 1 (3):
# pass; inspect 2 (6): propose -> accept; next proposer 2.
A_R3 = [
    ev(0, "present", value=9),
    ev(2, "nominate", value=6),
    ev(0, "pass"),
    ev(0, "propose"),
    ev(2, "accept"),
]
# Round 4, P=2: presents 4; nobody is asked to nominate (seat 0 holds no cats, seat 1 stands);
# inspect 1 (3): propose -> accept. Then nobody holds cats: the game ends.
A_R4 = [ev(2, "present", value=4), ev(2, "propose"), ev(1, "accept")]
A_ALL = A_R0 + A_R1 + A_R2 + A_R3 + A_R4

# Scenario B — 4 players, seat 0 first. Targets: 3, 7, 11, 15.
HANDS_B = [[1, 2], [3, 4], [5, 6], [7, 8]]
# R0, P=0: presents 1; noms 1:3, 2:5, 3:7; propose to 1 -> accept. Next proposer 1.
B_R0 = [
    ev(0, "present", value=1),
    ev(1, "nominate", value=3),
    ev(2, "nominate", value=5),
    ev(3, "nominate", value=7),
    ev(0, "propose"),
    ev(1, "accept"),
]
# R1, P=1: presents 4 (its last); only seat 0 nominates (2, its last); inspect 2 (5): pass,
# 3 (7): pass, 0 (2): propose -> accept. Seats 0 and 1 now hold no cats: designated 0 -> 1 -> 2,
# and seat 2's standing 5 goes back to its hand.
B_R1 = [
    ev(1, "present", value=4),
    ev(0, "nominate", value=2),
    ev(1, "pass"),
    ev(1, "pass"),
    ev(1, "propose"),
    ev(0, "accept"),
]
# R2, P=2: presents 6; nobody nominates; inspect 3 (7): propose -> reject -> loneliness.
B_R2 = [ev(2, "present", value=6), ev(2, "propose"), ev(3, "reject")]
# R3, P=3: presents 8; seat 2 nominates 5; propose -> accept. Only seat 3 (holding 7) is left.
B_R3 = [
    ev(3, "present", value=8),
    ev(2, "nominate", value=5),
    ev(3, "propose"),
    ev(2, "accept"),
]
B_ALL = B_R0 + B_R1 + B_R2 + B_R3

# Scenario C — same deal as B, first_proposer=1. Ends in a shared win.
C_R0 = [
    ev(1, "present", value=3),
    ev(2, "nominate", value=5),
    ev(3, "nominate", value=7),
    ev(0, "nominate", value=1),
    ev(1, "propose"),
    ev(2, "accept"),
]
C_R1 = [
    ev(2, "present", value=6),
    ev(1, "nominate", value=4),
    ev(2, "pass"),
    ev(2, "pass"),
    ev(2, "propose"),
    ev(1, "accept"),
]
C_R2 = [ev(3, "present", value=8), ev(3, "propose"), ev(0, "reject")]
C_R3 = [ev(0, "present", value=2), ev(3, "nominate", value=7), ev(0, "pass")]
C_R4 = [
    ev(3, "present", value=7),
    ev(0, "nominate", value=1),
    ev(3, "propose"),
    ev(0, "accept"),
]
C_ALL = C_R0 + C_R1 + C_R2 + C_R3 + C_R4

# Scenario D — 2 players. Targets 3+9=12, 4+6=10.
HANDS_D = [[3, 9], [4, 6]]
D_ALL = [
    ev(0, "present", value=3),
    ev(1, "nominate", value=6),
    ev(0, "propose"),
    ev(1, "accept"),
    ev(1, "present", value=4),
    ev(0, "nominate", value=9),
    ev(1, "propose"),
    ev(0, "reject"),
]


def purrfect_game(**options: Any) -> PurrfectGame:
    """The game with checked options, typed."""
    game = load_game("purrfect", **options)
    assert isinstance(game, PurrfectGame)
    return game


def all_views(state: PurrfectState) -> list[Any]:
    """Every seat's view, then the public view."""
    return [state.view(s) for s in range(state.game.players)] + [state.public_view()]


def snapshot(state: PurrfectState) -> tuple[Any, ...]:
    """Everything observable about a state."""
    return (
        state.record(),
        all_views(state),
        state.to_act,
        state.phase,
        list(state.legal_actions()),
        state.decision_count(),
    )


def deal_by_chance(state: PurrfectState) -> int:
    """Deal with the first undealt card each time; returns the number of chance outcomes."""
    dealt = 0
    while state.phase == "deal":
        assert state.to_act == CHANCE
        state.apply(state.chance_choices()[0])
        dealt += 1
    return dealt


# ------------------------------------------------------------------------------------- cards
# "the default deck keeps the FAQ's shape with one card fewer at each peak: value 1 x2, 2 x3,
#  3 x4, 4 x4, 5 x5, 6 x5, 7 x4, 8 x4, 9 x3, 10 x2 (sum of values 198)."


def test_default_deck_has_36_cards_with_the_ruled_counts() -> None:
    game = purrfect_game()
    deck = game.options.deck
    assert len(deck) == 36
    assert sum(deck) == 198
    assert Counter(deck) == {1: 2, 2: 3, 3: 4, 4: 4, 5: 5, 6: 5, 7: 4, 8: 4, 9: 3, 10: 2}
    # The deal is a chance node over the 36 cards: a 5 comes first with probability 5/36.
    outcomes = dict(game.new_state().chance_outcomes())
    assert outcomes[Action("chance", 5)] == pytest.approx(5 / 36)
    assert outcomes[Action("chance", 10)] == pytest.approx(2 / 36)
    assert len(outcomes) == 10


def test_faq38_deck_is_the_faqs_38_card_list() -> None:
    """'The FAQ's 38-card list is offered as the named deck faq38.'"""
    game = purrfect_game(deck="faq38")
    deck = game.options.deck
    assert len(deck) == 38
    # 2 + 6 + 12 + 16 + 30 + 36 + 28 + 32 + 27 + 20 = 209
    assert sum(deck) == 209
    assert Counter(deck) == {1: 2, 2: 3, 3: 4, 4: 4, 5: 6, 6: 6, 7: 4, 8: 4, 9: 3, 10: 2}
    assert game.options_dict() == {"players": 4, "deck": "faq38"}


def test_custom_deck_is_a_list_of_values() -> None:
    """'a custom deck given as a list of values (each 1..10, at least 2 cards per player)'."""
    game = purrfect_game(players=3, deck=[10, 1, 1, 7, 3, 3, 9])
    assert game.options.deck == (1, 1, 3, 3, 7, 9, 10)
    assert game.options.hand_size == 2  # floor(7 / 3)
    assert game.options_dict() == {"players": 3, "deck": [1, 1, 3, 3, 7, 9, 10]}
    # Exactly 2 cards per player is enough.
    assert purrfect_game(players=3, deck=[1] * 6).options.hand_size == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"deck": [0, 1, 2, 3, 4, 5, 6, 7]},
            "option deck: every value must be from 1 to 10, not 0",
        ),
        (
            {"deck": [1, 2, 3, 4, 5, 6, 7, 11]},
            "option deck: every value must be from 1 to 10, not 11",
        ),
        (
            {"players": 2, "deck": [1, 2, 3]},
            "option deck: 3 cards is too few for 2 players (at least 2 per player)",
        ),
        (
            {"players": 5, "deck": [5] * 9},
            "option deck: 9 cards is too few for 5 players (at least 2 per player)",
        ),
        (
            {"deck": "faq36"},
            "option deck must be one of default, faq38 or a list of values, not 'faq36'",
        ),
        (
            {"colour": "red"},
            "unknown option 'colour' for purrfect (known: players, deck, first_proposer)",
        ),
        ({"players": 1}, "option players must be a whole number from 2 to 8, not 1"),
        ({"players": 9}, "option players must be a whole number from 2 to 8, not 9"),
        (
            {"players": 4, "first_proposer": 4},
            'option first_proposer must be a seat from 0 to 3 or "random", not 4',
        ),
        (
            {"players": 3, "first_proposer": -1},
            'option first_proposer must be a seat from 0 to 2 or "random", not -1',
        ),
        (
            {"players": 2, "first_proposer": "first"},
            "option first_proposer must be a seat from 0 to 1 or \"random\", not 'first'",
        ),
    ],
)
def test_bad_options_are_refused_with_a_message(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError) as exc:
        purrfect_game(**options)
    assert str(exc.value) == message


def test_a_record_with_an_unknown_option_is_refused() -> None:
    record = {
        "format": "matchmaker-record/1",
        "game": "purrfect",
        "options": {"players": 2, "decks": "faq38"},
        "deal": {"hands": [[1] * 18, [1] * 18]},
        "events": [],
    }
    with pytest.raises(RecordError) as exc:
        replay(record)
    assert str(exc.value) == (
        "options: unknown option 'decks' for purrfect (known: players, deck, first_proposer)"
    )


# ------------------------------------------------------------------------ players and seats
# "2 to 8 players (default 4)."


def test_players_default_to_4_and_range_from_2_to_8() -> None:
    assert purrfect_game().players == 4
    assert purrfect_game().options.hand_size == 9
    assert purrfect_game(players=2).players == 2
    assert purrfect_game(players=8).players == 8


# ---------------------------------------------------------------------------------- set-up
# "deal floor(D/n) cards to each seat ... The D mod n excess cards are removed face down."


@pytest.mark.parametrize(
    ("deck", "players", "each", "excess"),
    [
        ("default", 2, 18, 0),
        ("default", 3, 12, 0),
        ("default", 4, 9, 0),
        ("default", 5, 7, 1),
        ("default", 7, 5, 1),
        ("default", 8, 4, 4),
        ("faq38", 3, 12, 2),
        ("faq38", 4, 9, 2),
        ("faq38", 5, 7, 3),
        ("faq38", 8, 4, 6),
    ],
)
def test_deal_sizes_and_excess(deck: str, players: int, each: int, excess: int) -> None:
    state = purrfect_game(players=players, deck=deck).new_state()
    assert state.phase == "deal"
    assert deal_by_chance(state) == players * each
    view = state.public_view()
    assert view.hand_sizes == (each,) * players
    assert view.excess == excess
    record = state.record()
    assert len(record["deal"]["excess"]) == excess
    total = 198 if deck == "default" else 209
    # The targets plus the excess account for the whole deck.
    assert sum(state.targets()) + sum(record["deal"]["excess"]) == total


def test_five_players_default_deck_dealt_in_deck_order() -> None:
    """5 players: 7 cards each, 1 excess. Dealing the lowest card each time gives seat 0
    1,1,2,2,2,3,3 (14), seat 1 3,3,4,4,4,4,5 (27), seat 2 5,5,5,5,6,6,6 (38),
    seat 3 6,6,7,7,7,7,8 (48), seat 4 8,8,8,9,9,9,10 (61); the excess is the other 10."""
    state = purrfect_game(players=5).new_state()
    deal_by_chance(state)
    assert [state.view(s).target for s in range(5)] == [14, 27, 38, 48, 61]
    assert state.record()["deal"]["excess"] == [10]
    assert 14 + 27 + 38 + 48 + 61 + 10 == 198


def test_excess_cards_are_never_seen() -> None:
    """A custom deck 1,2,3,4,9 for 2 players: 2 cards each, the 9 is the face-down excess."""
    state = purrfect([[1, 2], [3, 4]], deck=[1, 2, 3, 4, 9])
    assert state.record()["deal"] == {"hands": [[1, 2], [3, 4]], "excess": [9]}
    for view in all_views(state):
        assert view.excess == 1
        # Nothing else on the table is a 9 (hand sizes 2, targets 3 and 7, round 0, seat 0).
        assert "9" not in json.dumps(view.to_json())


def test_targets_are_dealt_sums_private_until_the_end() -> None:
    """'Each seat's target is the sum of its dealt values. A target is private to its seat
    until the game ends.'"""
    state = purrfect(HANDS_A)
    assert [state.view(s).target for s in range(3)] == [16, 18, 11]
    assert state.public_view().target is None
    assert all(v.targets is None and v.scores is None for v in all_views(state))
    end = purrfect(HANDS_A, A_ALL)
    assert all(v.targets == (16, 18, 11) for v in all_views(end))


def test_first_proposer_defaults_to_seat_0_and_is_recorded() -> None:
    state = purrfect(HANDS_A)
    assert (state.phase, state.to_act, state.public_view().proposer) == ("present", 0, 0)
    assert state.record()["options"]["first_proposer"] == 0


def test_first_proposer_given_seat() -> None:
    state = purrfect(HANDS_B, first_proposer=2)
    assert (state.phase, state.to_act, state.public_view().proposer) == ("present", 2, 2)
    assert state.record()["options"]["first_proposer"] == 2


def test_first_proposer_random_is_a_uniform_chance_node_and_recorded() -> None:
    """'"random"': after the deal chance picks a seat, each with probability 1/n; 'A record
    always stores the seat that was actually chosen.'"""
    state = purrfect_game(players=3, deck=[1, 2, 3, 4, 5, 6], first_proposer="random").new_state()
    assert deal_by_chance(state) == 6
    assert state.phase == "choose_first_proposer"
    assert state.to_act == CHANCE
    outcomes = state.chance_outcomes()
    assert [(a.arg, p) for a, p in outcomes] == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    state.apply(Action("chance", 2))
    assert (state.phase, state.to_act, state.public_view().proposer) == ("present", 2, 2)
    record = state.record()
    assert record["options"] == {"players": 3, "deck": [1, 2, 3, 4, 5, 6], "first_proposer": 2}
    assert record["deal"]["hands"] == [[1, 2], [3, 4], [5, 6]]
    again = replay(record)
    assert isinstance(again, PurrfectState)
    assert again.record() == record
    assert again.view(2) == state.view(2)


def test_first_proposer_random_refuses_a_seat_that_does_not_exist() -> None:
    state = purrfect_game(players=3, deck=[1, 2, 3, 4, 5, 6], first_proposer="random").new_state()
    deal_by_chance(state)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as exc:
        state.apply(Action("chance", 3))
    assert str(exc.value) == "the first proposer must be a seat, not 3"
    assert snapshot(state) == before


def test_a_record_must_store_the_chosen_first_proposer() -> None:
    record = {
        "format": "matchmaker-record/1",
        "game": "purrfect",
        "options": {"players": 2, "deck": [1, 2, 3, 4], "first_proposer": "random"},
        "deal": {"hands": [[1, 2], [3, 4]]},
        "events": [],
    }
    with pytest.raises(RecordError) as exc:
        replay(record)
    assert str(exc.value) == (
        'options: first_proposer must be the seat actually chosen, not "random"'
    )


# --------------------------------------------------------------------------------- present
# "P chooses one card from its hand and shows it to everybody: the proposer cat. Its value
#  is public."


def test_present_offers_each_value_in_hand_once() -> None:
    state = purrfect([[5, 5, 6], [1, 2, 3]])
    assert state.legal_actions() == [p_act("present", 5), p_act("present", 6)]


def test_presented_cat_is_public() -> None:
    state = purrfect(HANDS_A, A_R0[:1])
    for view in all_views(state):
        assert view.proposer == 0
        assert view.proposer_cat == 5
        assert view.log == ((0, "present", 5),)
        assert view.hand_sizes == (2, 3, 3)
    assert state.view(0).hand == (2, 9)
    assert (state.phase, state.to_act) == ("nominate", 1)


def test_present_only_a_card_in_hand() -> None:
    state = purrfect(HANDS_A)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as exc:
        state.apply(p_act("present", 7), 0)
    assert str(exc.value) == "seat 0 cannot present a 7: it has no 7 in hand"
    assert snapshot(state) == before


def test_a_record_presenting_a_card_not_in_hand_names_event_seat_and_value() -> None:
    with pytest.raises(RecordError) as exc:
        purrfect(HANDS_A, [ev(0, "present", value=3)])
    assert exc.value.event == 0
    assert str(exc.value) == "event 0: seat 0 cannot present a 3: it has no 3 in hand"


# -------------------------------------------------------------------------------- nominate
# "Every seat other than P that holds cats and has no standing candidate chooses one card from
#  its hand as its candidate, face down. Ruling: the engine asks them one at a time,
#  clockwise from P."


def test_nominations_are_asked_clockwise_from_the_proposer() -> None:
    state = purrfect(HANDS_B, first_proposer=2)
    state.apply(p_act("present", 5), 2)
    order = []
    for value in (7, 1, 3):  # seats 3, 0, 1 in turn
        order.append(state.to_act)
        assert state.phase == "nominate"
        state.apply(p_act("nominate", value))
    assert order == [3, 0, 1]
    assert state.public_view().nominated == (3, 0, 1)
    assert state.public_view().standing == (True, True, False, True)


def test_nominate_only_a_card_in_hand() -> None:
    state = purrfect(HANDS_A, A_R0[:1])
    assert state.legal_actions() == [p_act("nominate", v) for v in (3, 7, 8)]
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as exc:
        state.apply(p_act("nominate", 2), 1)
    assert str(exc.value) == "seat 1 cannot nominate a 2: it has no 2 in hand"
    assert snapshot(state) == before


def test_a_seat_whose_candidate_stands_does_not_nominate_again() -> None:
    """'Seats whose candidate is still standing from the previous round do not choose
    again.' Scenario A round 1: seat 2's 4 stands, so only seat 0 is asked."""
    state = purrfect(HANDS_A, A_R0 + A_R1[:1])
    assert (state.phase, state.to_act) == ("nominate", 0)
    with pytest.raises(IllegalActionError) as exc:
        state.apply(p_act("nominate", 1), 2)
    assert str(exc.value) == "seat 2 cannot nominate: it is seat 0's turn to act"
    state.apply(p_act("nominate", 9), 0)
    assert state.phase == "inspect"
    assert state.public_view().nominated == (0,)
    assert state.view(2).candidate == 4


def test_with_nobody_to_nominate_inspection_starts_at_once() -> None:
    """Scenario B round 2: seats 0 and 1 hold no cats and seat 3 stands, so after the present
    the proposer inspects seat 3's candidate (a 7) at once."""
    state = purrfect(HANDS_B, B_R0 + B_R1 + B_R2[:1])
    assert (state.phase, state.to_act) == ("inspect", 2)
    assert state.public_view().nominated == ()
    assert state.public_view().inspecting == 3
    assert state.view(2).inspected_value == 7


def test_nominated_lists_only_this_rounds_nominations() -> None:
    """'which seats nominated' is public, and the view documents ``nominated`` as 'who
    nominated this round': at the start of round 1 nobody has nominated yet."""
    state = purrfect(HANDS_A, A_R0)
    assert (state.phase, state.public_view().round) == ("present", 1)
    assert state.public_view().nominated == ()


# ------------------------------------------------------------------- privacy of nominations
# "a choice is private: the others learn only that the seat nominated."


def test_a_nomination_value_is_seen_only_by_its_owner() -> None:
    state = purrfect(HANDS_A, A_R0[:2])
    assert state.view(1).candidate == 7
    assert state.view(1).log[-1] == (1, "nominate", 7)
    assert state.view(1).hand == (3, 8)
    for view in (state.view(0), state.view(2), state.public_view()):
        assert view.log[-1] == (1, "nominate", None)
        assert view.candidate is None
        assert view.standing == (False, True, False)
        assert view.nominated == (1,)


def test_other_views_do_not_depend_on_the_nominated_value() -> None:
    """Seat 1 nominating its 7 or its 3 must look the same to everyone else, during
    nomination and while the proposer inspects another seat; only the owner (and the proposer
    once it inspects that candidate) can tell them apart."""
    seven = purrfect(HANDS_A, [ev(0, "present", value=5), ev(1, "nominate", value=7)])
    three = purrfect(HANDS_A, [ev(0, "present", value=5), ev(1, "nominate", value=3)])
    for seat in (0, 2, None):
        assert seven.view(seat) == three.view(seat)
    assert seven.view(1) != three.view(1)
    for state in (seven, three):
        state.apply(p_act("nominate", 4), 2)
    # Inspecting seat 1: the proposer sees the value, seat 2 and spectators do not.
    assert seven.view(0).inspected_value == 7
    assert three.view(0).inspected_value == 3
    for seat in (2, None):
        assert seven.view(seat) == three.view(seat)
        assert seven.view(seat).inspected == ()


# --------------------------------------------------------------------------------- inspect
# "The candidates are taken in clockwise order starting from P's left ... A candidate is
#  inspected at most once per round; P never goes back. When no candidate is left, the round
#  ends in Loneliness."


def test_inspection_goes_clockwise_from_the_proposers_left_and_never_back() -> None:
    state = purrfect(HANDS_B, first_proposer=2)
    for action in (p_act("present", 5), *(p_act("nominate", v) for v in (7, 1, 3))):
        state.apply(action)
    seen = []
    for _ in range(3):
        assert (state.phase, state.to_act) == ("inspect", 2)
        seen.append(state.public_view().inspecting)
        state.apply(p_act("pass"), 2)
    assert seen == [3, 0, 1]
    assert state.view(2).inspected == ((0, 3, 7), (0, 0, 1), (0, 1, 3))
    # Three passes and no candidate left: loneliness, seat 2's 5 discarded, next is seat 3.
    view = state.public_view()
    assert view.discarded == (5,)
    assert (view.phase, view.proposer, view.round) == ("present", 3, 1)
    assert view.standing == (False, False, False, False)
    assert view.hand_sizes == (2, 2, 1, 2)


def test_propose_asks_the_owner_and_reject_moves_on() -> None:
    state = purrfect(HANDS_B, first_proposer=2)
    for action in (p_act("present", 5), *(p_act("nominate", v) for v in (7, 1, 3))):
        state.apply(action)
    state.apply(p_act("propose"), 2)
    assert (state.phase, state.to_act) == ("respond", 3)
    assert state.legal_actions() == (p_act("accept"), p_act("reject"))
    assert state.public_view().inspecting == 3
    state.apply(p_act("reject"), 3)
    assert (state.phase, state.to_act) == ("inspect", 2)
    assert state.public_view().inspecting == 0
    assert state.legal_actions() == (p_act("propose"), p_act("pass"))
    assert state.public_view().log[-2:] == ((2, "propose", None), (3, "reject", None))


# ----------------------------------------------------------------------------------- match
# "P claims the candidate card and the candidate's owner C claims the proposer cat ... All
#  other standing candidates stay standing. The next designated proposer is C. P has no
#  candidate and will nominate in the next round."


def test_match_swaps_the_cats_and_c_proposes_next() -> None:
    state = purrfect(HANDS_A, A_R0)
    for view in all_views(state):
        assert view.claimed == ((7,), (5,), ())
        assert view.standing == (False, False, True)
        assert view.discarded == ()
        assert (view.phase, view.proposer, view.proposer_cat) == ("present", 1, None)
        assert view.hand_sizes == (2, 2, 2)
    assert state.to_act == 1
    assert state.view(2).candidate == 4
    assert state.view(2).hand == (1, 6)
    assert state.view(0).candidate is None
    assert state.view(1).hand == (3, 8)


def test_after_a_match_the_old_proposer_nominates_next_round() -> None:
    state = purrfect(HANDS_A, A_R0)
    state.apply(p_act("present", 8), 1)
    assert (state.phase, state.to_act) == ("nominate", 0)
    assert state.legal_actions() == [p_act("nominate", 2), p_act("nominate", 9)]


def test_standing_candidates_are_inspected_again_next_round() -> None:
    """Round 1 of scenario A: seat 1 inspects seat 2's standing 4 first, then seat 0's 9."""
    state = purrfect(HANDS_A, A_R0 + A_R1[:2])
    assert (state.phase, state.public_view().inspecting) == ("inspect", 2)
    assert state.view(1).inspected_value == 4
    state.apply(p_act("pass"), 1)
    assert state.public_view().inspecting == 0
    assert state.view(1).inspected_value == 9


# ------------------------------------------------------------------------------ loneliness
# "The proposer cat is discarded face up (no points to anyone). Every standing candidate
#  returns to its owner's hand. The next designated proposer is the seat to P's left."


def test_loneliness_discards_and_sends_every_candidate_home() -> None:
    state = purrfect(HANDS_A, A_R0 + A_R1)
    for view in all_views(state):
        assert view.discarded == (8,)
        assert view.claimed == ((7,), (5,), ())
        assert view.standing == (False, False, False)
        assert view.hand_sizes == (2, 1, 3)
        assert (view.phase, view.proposer, view.round) == ("present", 2, 2)
    assert state.view(0).hand == (2, 9)
    assert state.view(1).hand == (3,)
    assert state.view(2).hand == (1, 4, 6)
    assert state.to_act == 2


# ------------------------------------------------------------------- next proposer (Ruling)
# "Starting at the designated seat, go clockwise to the first seat that holds cats."
# "If P has a standing candidate, it first returns to P's hand (Ruling; this only happens
#  when the proposer role skipped to P)."


def test_next_proposer_skips_seats_without_cats_and_takes_back_its_candidate() -> None:
    """Scenario B after round 1: C is seat 0 (no cats), seat 1 has none either, so seat 2
    proposes, and its standing 5 is back in its hand."""
    state = purrfect(HANDS_B, B_R0 + B_R1)
    view = state.public_view()
    assert (view.phase, view.proposer, state.to_act) == ("present", 2, 2)
    assert view.claimed == ((3, 4), (1, 2), (), ())
    assert view.standing == (False, False, False, True)
    assert view.hand_sizes == (0, 0, 2, 1)
    assert state.view(2).hand == (5, 6)
    assert state.view(2).candidate is None
    assert state.view(3).candidate == 7
    assert state.legal_actions() == [p_act("present", 5), p_act("present", 6)]


def test_next_proposer_after_loneliness_skips_seats_without_cats() -> None:
    """Scenario C round 3: seat 0 is lonely; its left (seat 1) and seat 2 hold no cats, so
    seat 3 proposes; seat 3's 7 came home."""
    state = purrfect(HANDS_B, C_R0 + C_R1 + C_R2 + C_R3, first_proposer=1)
    view = state.public_view()
    assert (view.phase, view.proposer, view.round) == ("present", 3, 4)
    assert view.discarded == (8, 2)
    assert view.hand_sizes == (1, 0, 0, 1)
    assert view.standing == (False, False, False, False)
    assert state.view(3).hand == (7,)
    assert state.view(0).hand == (1,)


def test_proposer_role_skipping_onto_a_standing_candidate_in_scenario_c() -> None:
    """Scenario C after round 1: C is seat 1 (no cats), seat 2 has none, seat 3 proposes with
    its standing 7 back in hand; seat 0's 1 keeps standing."""
    state = purrfect(HANDS_B, C_R0 + C_R1, first_proposer=1)
    assert (state.phase, state.to_act) == ("present", 3)
    assert state.view(3).hand == (7, 8)
    assert state.public_view().standing == (True, False, False, False)
    assert state.view(0).candidate == 1
    assert state.view(0).hand == (2,)


# ---------------------------------------------------------------------------------- sit out
# "A seat that holds no cats sits out for the rest of the game."


def test_seats_without_cats_sit_out() -> None:
    state = purrfect(HANDS_B, B_ALL)
    events = state.record()["events"]
    later = events[len(B_R0 + B_R1) :]
    assert {e["seat"] for e in later} == {2, 3}
    mid = purrfect(HANDS_B, B_R0 + B_R1)
    before = snapshot(mid)
    for seat in (0, 1):
        with pytest.raises(IllegalActionError) as exc:
            mid.apply(p_act("present", 2), seat)
        assert str(exc.value) == f"seat {seat} cannot present: it is seat 2's turn to act"
    assert snapshot(mid) == before


# ------------------------------------------------------------------------- end of the game
# "if fewer than two seats hold cats, no more matches are possible and the game ends. Any cats
#  still held (in hand or standing) are discarded and score nothing."


def test_game_ends_when_nobody_holds_cats() -> None:
    state = purrfect(HANDS_A, A_ALL)
    assert state.is_over
    assert (state.phase, state.to_act) == ("over", -2)
    view = state.public_view()
    assert view.claimed == ((7, 1, 6), (5, 4), (2, 9, 3))
    assert view.discarded == (8,)
    assert view.left_over == ()
    assert view.proposer is None
    assert view.hand_sizes == (0, 0, 0)
    assert view.round == 5  # five rounds played, at most D = 9
    assert state.legal_actions() == ()


def test_game_ends_with_one_seat_holding_cats_left_over() -> None:
    """Scenario B: after round 3 only seat 3 holds cats (a 7): it is left over."""
    state = purrfect(HANDS_B, B_ALL)
    assert state.is_over
    view = state.public_view()
    assert view.left_over == (7,)
    assert view.discarded == (6,)
    assert view.claimed == ((3, 4), (1, 2), (8,), (5,))
    assert view.hand_sizes == (0, 0, 0, 0)
    assert state.view(3).hand == ()


def test_left_over_includes_a_card_back_from_loneliness() -> None:
    """Scenario D (2 players): seat 0's 9 came home after loneliness; seat 1 holds nothing."""
    state = purrfect(HANDS_D, D_ALL)
    assert state.is_over
    view = state.public_view()
    assert (view.claimed, view.discarded, view.left_over) == (((6,), (3,)), (4,), (9,))


def test_the_game_goes_on_while_two_seats_hold_cats() -> None:
    """Scenario A after round 3: seat 0 holds nothing, but seat 1 (standing 3) and seat 2
    (a 4 in hand) hold cats, so round 4 starts."""
    state = purrfect(HANDS_A, A_R0 + A_R1 + A_R2 + A_R3)
    assert not state.is_over
    assert (state.phase, state.to_act) == ("present", 2)
    assert state.public_view().hand_sizes == (0, 0, 1)
    assert state.public_view().standing == (False, True, False)
    with pytest.raises(GameNotOverError) as exc:
        state.result()
    assert str(exc.value) == "the game is not over yet: it has no result"


def test_a_candidate_can_stand_all_game_while_the_others_keep_matching() -> None:
    """Only a loneliness sends a standing candidate home, and the proposer role passes from a
    match's proposer to the candidate's owner: while the other seats keep matching each other,
    a seat whose candidate stands never proposes again, and its cats are left over at the end.
    3 players: seat 2 nominates its 1 in round 0 and makes no other decision all game.
    Targets 5+6+7=18, 4+6+8=18, 1+2+3=6."""
    hands = [[5, 6, 7], [4, 6, 8], [1, 2, 3]]
    events = [
        # Round 0, P=0: presents 5; seat 1 nominates 4, seat 2 its 1; seat 0 proposes to the
        # 4, seat 1 accepts. Seat 2's 1 stands; seat 1 proposes next.
        ev(0, "present", value=5),
        ev(1, "nominate", value=4),
        ev(2, "nominate", value=1),
        ev(0, "propose"),
        ev(1, "accept"),
        # Round 1, P=1: presents 6; only seat 0 nominates (its 6); seat 1 passes seat 2's
        # standing 1, proposes to seat 0's 6, accepted. Seat 0 proposes next.
        ev(1, "present", value=6),
        ev(0, "nominate", value=6),
        ev(1, "pass"),
        ev(1, "propose"),
        ev(0, "accept"),
        # Round 2, P=0: presents its last cat, 7; seat 1 nominates its last, 8; proposal,
        # accepted. Seats 0 and 1 hold no cats: only seat 2 does, so the game ends.
        ev(0, "present", value=7),
        ev(1, "nominate", value=8),
        ev(0, "propose"),
        ev(1, "accept"),
    ]
    state = purrfect(hands, events)
    assert state.is_over
    assert [seat for seat, _ in state.history.events].count(2) == 1
    view = state.public_view()
    assert view.claimed == ((4, 6, 8), (5, 6, 7), ())
    assert sorted(view.left_over) == [1, 2, 3]
    assert state.scores() == [18 - 18, 18 - 18, 0 - 6]


# ----------------------------------------------------------------------------------- scores
# "Final score of a seat = sum of the values it claimed - its target. The highest final score
#  wins. Ruling: ties are shared. ... every discarded cat lowers the sum of all scores by its
#  value."


def test_scores_are_claimed_minus_target() -> None:
    """Scenario A: claimed 7+1+6=14, 5+4=9, 2+9+3=14; targets 16, 18, 11."""
    state = purrfect(HANDS_A, A_ALL)
    result = state.result()
    assert result.scores == (-2, -9, 3)
    assert result.winners == (2,)
    assert state.status() == {
        "game": "purrfect",
        "finished": True,
        "scores": [-2, -9, 3],
        "winners": [2],
        "targets": [16, 18, 11],
        "claimed": [[7, 1, 6], [5, 4], [2, 9, 3]],
    }
    assert all(v.scores == (-2, -9, 3) for v in all_views(state))


def test_scores_with_a_left_over_cat() -> None:
    """Scenario B: claimed 7, 3, 8, 5; targets 3, 7, 11, 15."""
    result = purrfect(HANDS_B, B_ALL).result()
    assert result.scores == (4, -4, -3, -10)
    assert result.winners == (0,)
    assert result.details["targets"] == [3, 7, 11, 15]


def test_tied_best_scores_share_the_win() -> None:
    """Scenario C: claimed 7, 5+6=11, 3+4=7, 1; targets 3, 7, 11, 15 -> 4, 4, -4, -14."""
    state = purrfect(HANDS_B, C_ALL, first_proposer=1)
    result = state.result()
    assert result.scores == (4, 4, -4, -14)
    assert result.winners == (0, 1)
    assert result.details["claimed"] == [[7], [5, 6], [3, 4], [1]]
    assert state.public_view().discarded == (8, 2)
    assert state.public_view().left_over == ()


def test_scores_in_a_two_player_game() -> None:
    """Scenario D: claimed 6 and 3; targets 12 and 10."""
    result = purrfect(HANDS_D, D_ALL).result()
    assert result.scores == (-6, -7)
    assert result.winners == (0,)


@pytest.mark.parametrize(
    ("hands", "events", "options", "lost"),
    [
        (HANDS_A, A_ALL, {}, 8),  # discarded 8
        (HANDS_B, B_ALL, {}, 6 + 7),  # discarded 6, left over 7
        (HANDS_B, C_ALL, {"first_proposer": 1}, 8 + 2),  # discarded 8 and 2
        (HANDS_D, D_ALL, {}, 4 + 9),  # discarded 4, left over 9
    ],
)
def test_sum_of_scores_is_minus_discarded_and_left_over(
    hands: list[list[int]], events: list[dict[str, Any]], options: dict[str, Any], lost: int
) -> None:
    state = purrfect(hands, events, **options)
    view = state.public_view()
    assert sum(view.discarded) + sum(view.left_over) == lost
    assert sum(state.result().scores) == -lost


def test_equal_scores_everywhere_all_win() -> None:
    """Two players with hands 5,5 and 5,5: every cat is a 5. Seat 0 presents 5, seat 1
    nominates 5, match; seat 1 presents 5, seat 0 nominates 5, match. Both claim 10 against a
    target of 10: scores 0 and 0, both win."""
    events = [
        ev(0, "present", value=5),
        ev(1, "nominate", value=5),
        ev(0, "propose"),
        ev(1, "accept"),
        ev(1, "present", value=5),
        ev(0, "nominate", value=5),
        ev(1, "propose"),
        ev(0, "accept"),
    ]
    result = purrfect([[5, 5], [5, 5]], events).result()
    assert (result.scores, result.winners) == ((0, 0), (0, 1))


# --------------------------------------------------------------------- knowledge (views)
# "Private to seat i: its own hand values, its own candidate's value, its own target; and,
#  when i is or was the proposer, the value of every candidate it inspected."


def test_proposers_remember_every_candidate_they_inspected() -> None:
    state = purrfect(HANDS_A, A_ALL)
    assert state.view(0).inspected == ((0, 1, 7), (3, 1, 3), (3, 2, 6))
    assert state.view(1).inspected == ((1, 2, 4), (1, 0, 9))
    assert state.view(2).inspected == ((2, 0, 2), (4, 1, 3))
    assert state.public_view().inspected == ()


def test_inspected_values_stay_private_to_the_proposer() -> None:
    """Round 1 of scenario A, while seat 1 inspects seat 2's 4."""
    state = purrfect(HANDS_A, A_R0 + A_R1[:2])
    assert state.view(1).inspected == ((1, 2, 4),)
    assert state.view(1).inspected_value == 4
    assert state.view(0).inspected == ((0, 1, 7),)  # its own memory from round 0 only
    assert state.view(0).inspected_value is None
    assert state.view(2).inspected == ()
    assert state.view(2).inspected_value is None
    assert state.view(2).candidate == 4  # its own candidate
    assert state.public_view().inspected_value is None


def test_hands_and_targets_are_private() -> None:
    state = purrfect(HANDS_A, A_R0[:3])
    assert state.view(0).hand == (2, 9)
    assert state.view(1).hand == (3, 8)
    assert state.view(2).hand == (1, 6)
    assert state.public_view().hand == ()
    assert state.public_view().candidate is None
    assert [state.view(s).target for s in range(3)] == [16, 18, 11]
    with pytest.raises(NoSuchSeatError) as exc:
        state.view(3)
    assert str(exc.value) == "there is no seat 3: the seats are 0 to 2"


# ---------------------------------------------------------------------- illegal actions
# "Raises IllegalActionError saying why the action is refused; a refused action leaves the
#  state unchanged."

# (events of scenario A round 0 already played, action, seat given, message)
ILLEGAL: list[tuple[int, Action, int | None, str]] = [
    (0, p_act("nominate", 2), None, "seat 0 cannot nominate now: it must present a cat"),
    (0, p_act("propose"), None, "seat 0 cannot propose now: it must present a cat"),
    (0, p_act("present", 3), 1, "seat 1 cannot present: it is seat 0's turn to act"),
    (0, Action("chance", 3), None, "it is seat 0's turn, not chance's"),
    (0, p_act("present", 5), CHANCE, "no chance outcome is due: seat 0 acts next"),
    (1, p_act("present", 3), None, "seat 1 cannot present now: it must nominate a candidate"),
    (1, p_act("nominate", 4), 2, "seat 2 cannot nominate: it is seat 1's turn to act"),
    (1, p_act("nominate", 1), 0, "seat 0 cannot nominate: it is seat 1's turn to act"),
    (1, p_act("accept"), None, "seat 1 cannot accept now: it must nominate a candidate"),
    (3, p_act("accept"), None, "seat 0 cannot accept now: it must propose or pass"),
    (3, p_act("nominate", 2), None, "seat 0 cannot nominate now: it must propose or pass"),
    (3, p_act("propose"), 1, "seat 1 cannot propose: it is seat 0's turn to act"),
    (4, p_act("pass"), None, "seat 1 cannot pass now: it must accept or reject"),
    (4, p_act("accept"), 0, "seat 0 cannot accept: it is seat 1's turn to act"),
    (4, p_act("reject"), 2, "seat 2 cannot reject: it is seat 1's turn to act"),
]


@pytest.mark.parametrize(("prefix", "action", "seat", "message"), ILLEGAL, ids=str)
def test_illegal_action_is_refused_and_changes_nothing(
    prefix: int, action: Action, seat: int | None, message: str
) -> None:
    """Scenario A round 0 after ``prefix`` events. 0: seat 0 must present; 1: seat 1 must
    nominate; 3: seat 0 inspects seat 1's candidate; 4: seat 1 must accept or reject."""
    state = purrfect(HANDS_A, A_R0[:prefix])
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as exc:
        state.apply(action, seat)
    assert str(exc.value) == message
    assert snapshot(state) == before


def test_decisions_during_the_deal_are_refused() -> None:
    state = purrfect_game(players=2, deck=[1, 2, 3, 4]).new_state()
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as exc:
        state.apply(p_act("present", 1))
    assert str(exc.value) == "present is not a chance outcome: chance acts next"
    with pytest.raises(IllegalActionError) as exc:
        state.apply(Action("chance", 10))
    assert str(exc.value) == "no cat of value 10 is left to deal"
    assert snapshot(state) == before


def test_actions_after_the_end_are_refused() -> None:
    state = purrfect(HANDS_D, D_ALL)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as exc:
        state.apply(p_act("present", 9), 0)
    assert str(exc.value) == "seat 0 cannot present: the game is over"
    with pytest.raises(IllegalActionError) as exc:
        state.apply(Action("chance", 1))
    assert str(exc.value) == "the game is over"
    assert snapshot(state) == before


def test_a_decision_without_a_seat_after_the_end_says_the_game_is_over() -> None:
    """With no seat given, the refusal must still say the game is over, without naming a
    seat that does not exist (the acting 'seat' is -2 once the game is over)."""
    state = purrfect(HANDS_D, D_ALL)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as exc:
        state.apply(p_act("pass"))
    assert "the game is over" in str(exc.value)
    assert "-2" not in str(exc.value)
    assert snapshot(state) == before


def test_unknown_action_names_and_values() -> None:
    with pytest.raises(EventError) as exc:
        p_act("dance")
    assert str(exc.value) == "unknown action 'dance'"
    with pytest.raises(EventError) as exc:
        p_act("present", 11)
    assert str(exc.value) == "present needs a value from 1 to 10, not 11"


def test_a_record_with_an_out_of_turn_event_names_the_event() -> None:
    events = [ev(0, "present", value=5), ev(2, "nominate", value=4)]
    with pytest.raises(RecordError) as exc:
        purrfect(HANDS_A, events)
    assert exc.value.event == 1
    assert str(exc.value) == "event 1: seat 2 cannot nominate: it is seat 1's turn to act"


# ------------------------------------------------------------------------- records round trip


@pytest.mark.parametrize(
    ("hands", "events", "options"),
    [
        (HANDS_A, A_ALL, {}),
        (HANDS_B, B_ALL, {}),
        (HANDS_B, C_ALL, {"first_proposer": 1}),
        (HANDS_A, A_R0 + A_R1[:3], {}),
    ],
)
def test_record_replays_to_the_same_state(
    hands: list[list[int]], events: list[dict[str, Any]], options: dict[str, Any]
) -> None:
    state = purrfect(hands, events, **options)
    assert state.record()["events"] == events
    assert state.decision_count() == len(events)
    again = replay(state.record())
    assert isinstance(again, PurrfectState)
    assert again.record() == state.record()
    assert all_views(again) == all_views(state)
