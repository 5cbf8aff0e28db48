"""Information hiding on hand-built deals: each view shows its seat what it may know, no more."""

from __future__ import annotations

import dataclasses
import json

import pytest

from matchmaker import NoSuchSeatError
from matchmaker.games.clecanian.state import ClecanianState
from matchmaker.games.clecanian.view import ClecanianView
from matchmaker.games.purrfect.state import PurrfectState
from matchmaker.games.purrfect.view import PurrfectView
from tests.helpers import c_act, card, clecanian, ev, p_act, purrfect

# ---------------------------------------------------------------------------- Purrfect Match
#
# 3 players, custom deck 1..9: seat 0 holds 1 2 3, seat 1 holds 4 5 6, seat 2 holds 7 8 9.
# Round 0: seat 0 presents 3; seat 1 nominates 5, seat 2 nominates 9; seat 0 passes on 5,
#   proposes to 9, seat 2 accepts (0 claims 9, 2 claims 3); seat 1's 5 stays standing.
# Round 1: seat 2 presents 8; seat 0 nominates 1 (seat 1 still stands); seat 2 passes on 1,
#   proposes to 5, seat 1 accepts (2 claims 5, 1 claims 8); seat 0's 1 stays standing.
# Round 2: seat 1 presents 4; seat 2 nominates 7; seat 1 passes on 7 and on 1: loneliness,
#   4 is discarded, 7 and 1 go home.
# Round 3: seat 2 presents 7 (its last cat); seat 0 nominates 2, seat 1 nominates 6; seat 2
#   proposes to 2 (rejected), then to 6 (accepted: 2 claims 6, 1 claims 7).
# Only seat 0 still holds cats (1 in hand, 2 standing): the game ends, 1 and 2 are left over.
# Targets 6, 15, 24; claimed 9 | 8 7 | 3 5 6; scores 3, 0, -10 (sum -7 = -(4 + 1 + 2)).

HANDS = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
GAME = [
    (0, "present", 3),
    (1, "nominate", 5),
    (2, "nominate", 9),
    (0, "pass", None),
    (0, "propose", None),
    (2, "accept", None),
    (2, "present", 8),
    (0, "nominate", 1),
    (2, "pass", None),
    (2, "propose", None),
    (1, "accept", None),
    (1, "present", 4),
    (2, "nominate", 7),
    (1, "pass", None),
    (1, "pass", None),
    (2, "present", 7),
    (0, "nominate", 2),
    (1, "nominate", 6),
    (2, "propose", None),
    (0, "reject", None),
    (2, "propose", None),
    (1, "accept", None),
]


def masked(upto: int, seat: int | None) -> tuple[tuple[int, str, int | None], ...]:
    """The log of the first ``upto`` moves of GAME as ``seat`` sees it."""
    return tuple(
        (s, name, None if name == "nominate" and s != seat else value)
        for s, name, value in GAME[:upto]
    )


def played(upto: int) -> PurrfectState:
    state = purrfect(HANDS)
    for seat, name, value in GAME[:upto]:
        state.apply(p_act(name, value), seat)
    return state


def test_purrfect_views_during_nomination() -> None:
    state = played(2)  # seat 0 presented 3, seat 1 nominated 5; seat 2 to nominate
    assert (state.phase, state.to_act) == ("nominate", 2)
    public = state.public_view()
    assert public.proposer == 0
    assert public.proposer_cat == 3
    assert public.hand_sizes == (2, 2, 3)
    assert public.standing == (False, True, False)
    assert public.nominated == (1,)
    assert public.inspecting is None
    assert public.log == ((0, "present", 3), (1, "nominate", None))
    assert (public.hand, public.candidate, public.target, public.inspected) == ((), None, None, ())
    seat2 = state.view(2)
    assert seat2.hand == (7, 8, 9)
    assert seat2.candidate is None
    assert seat2.target == 24
    assert seat2.log == ((0, "present", 3), (1, "nominate", None))
    seat1 = state.view(1)
    assert seat1.hand == (4, 6)
    assert seat1.candidate == 5
    assert seat1.target == 15
    assert seat1.log == ((0, "present", 3), (1, "nominate", 5))
    seat0 = state.view(0)
    assert seat0.hand == (1, 2)
    assert seat0.candidate is None
    assert seat0.target == 6
    assert seat0.log == public.log
    assert seat0.inspected == ()


def test_purrfect_inspected_value_is_the_proposers_alone() -> None:
    state = played(3)  # both nominated: seat 0 inspects seat 1's candidate
    assert (state.phase, state.to_act) == ("inspect", 0)
    public = state.public_view()
    assert public.inspecting == 1
    assert public.inspected_value is None
    assert public.inspected == ()
    assert public.nominated == (1, 2)
    proposer = state.view(0)
    assert proposer.inspected == ((0, 1, 5),)
    assert proposer.inspected_value == 5
    for seat in (1, 2):
        view = state.view(seat)
        assert view.inspected == ()
        assert view.inspected_value is None
        assert view.inspecting == 1
    assert state.view(1).candidate == 5
    assert state.view(2).candidate == 9
    assert state.view(2).log == masked(3, 2)
    assert state.view(2).log[1] == (1, "nominate", None)


def test_purrfect_the_proposer_remembers_every_candidate_it_inspected() -> None:
    state = played(4)  # seat 0 passed on 5: now inspecting seat 2's 9
    assert state.public_view().inspecting == 2
    assert state.view(0).inspected == ((0, 1, 5), (0, 2, 9))
    assert state.view(0).inspected_value == 9
    assert state.view(1).inspected_value is None
    assert state.view(1).candidate == 5
    state.apply(p_act("propose"), 0)
    assert (state.phase, state.to_act) == ("respond", 2)
    assert state.view(0).inspected_value == 9
    assert state.view(2).inspected_value is None
    assert state.public_view().inspecting == 2
    assert state.public_view().log[-1] == (0, "propose", None)


def test_purrfect_a_standing_candidate_stays_hidden_after_a_match() -> None:
    state = played(6)  # seat 2 accepted: seat 2 proposes next, seat 1's 5 still stands
    assert (state.phase, state.to_act) == ("present", 2)
    public = state.public_view()
    assert public.claimed == ((9,), (), (3,))
    assert public.standing == (False, True, False)
    assert public.proposer == 2
    assert public.proposer_cat is None
    assert public.nominated == ()
    assert public.candidate is None
    assert public.round == 1
    assert state.view(1).candidate == 5
    assert state.view(1).hand == (4, 6)
    assert state.view(0).candidate is None
    assert state.view(0).inspected == ((0, 1, 5), (0, 2, 9))  # perfect recall
    assert state.view(0).inspected_value is None
    assert state.view(2).hand == (7, 8)
    assert state.view(2).inspected == ()


def test_purrfect_inspections_of_a_later_round() -> None:
    state = played(9)  # round 1: seat 2 passed on seat 0's 1, now inspects seat 1's 5
    assert state.public_view().inspecting == 1
    assert state.view(2).inspected == ((1, 0, 1), (1, 1, 5))
    assert state.view(2).inspected_value == 5
    assert state.view(0).inspected == ((0, 1, 5), (0, 2, 9))
    assert state.view(0).inspected_value is None
    assert state.view(0).candidate == 1
    assert state.view(1).candidate == 5
    assert state.view(1).log == masked(9, 1)
    assert state.view(1).log[7] == (0, "nominate", None)


def test_purrfect_targets_become_public_at_the_end() -> None:
    before = played(len(GAME) - 1)
    assert not before.is_over
    assert before.public_view().targets is None
    assert before.public_view().scores is None
    assert before.view(1).targets is None
    state = played(len(GAME))
    assert state.is_over
    public = state.public_view()
    assert public.targets == (6, 15, 24)
    assert public.scores == (3, 0, -10)
    assert public.claimed == ((9,), (8, 7), (3, 5, 6))
    assert public.discarded == (4,)
    assert public.left_over == (1, 2)
    assert public.hand_sizes == (0, 0, 0)
    assert public.standing == (False, False, False)
    assert public.target is None
    # unclaimed nominations stay private to their seat
    assert public.log == masked(len(GAME), None)
    assert state.view(0).log == masked(len(GAME), 0)
    assert state.view(0).log[16] == (0, "nominate", 2)
    assert state.view(1).log[16] == (0, "nominate", None)
    assert state.view(2).inspected == ((1, 0, 1), (1, 1, 5), (3, 0, 2), (3, 1, 6))
    assert state.view(1).inspected == ((2, 2, 7), (2, 0, 1))
    assert state.view(0).target == 6
    assert state.result().scores == (3, 0, -10)
    assert state.result().winners == (0,)


def test_purrfect_matches_say_who_matched_whom_in_every_view() -> None:
    assert played(5).public_view().matches == ()  # proposed, not yet accepted
    assert played(6).public_view().matches == ((0, 0, 3, 2, 9),)
    state = played(len(GAME))
    expected = ((0, 0, 3, 2, 9), (1, 2, 8, 1, 5), (3, 2, 7, 1, 6))  # round 2 was lonely
    for seat in (None, 0, 1, 2):
        assert state.view(seat).matches == expected  # public: the claimed cats, face up
    claimed: list[list[int]] = [[], [], []]
    for _round, proposer, proposer_cat, partner, partner_cat in expected:
        claimed[proposer].append(partner_cat)
        claimed[partner].append(proposer_cat)
    assert state.public_view().claimed == tuple(tuple(c) for c in claimed)


def test_purrfect_the_same_game_through_a_record() -> None:
    events = [
        ev(seat, name) if value is None else ev(seat, name, value=value)
        for seat, name, value in GAME
    ]
    state = purrfect(HANDS, events)
    assert state.status() == {
        "game": "purrfect",
        "finished": True,
        "scores": [3, 0, -10],
        "winners": [0],
        "targets": [6, 15, 24],
        "claimed": [[9], [8, 7], [3, 5, 6]],
    }
    assert state.public_view() == played(len(GAME)).public_view()


def test_purrfect_views_are_frozen_and_json() -> None:
    state = played(3)
    view = state.view(0)
    assert isinstance(view, PurrfectView)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = (1, 2, 3, 4, 5, 6, 7, 8, 9)  # type: ignore[misc]
    data = json.loads(json.dumps(view.to_json()))
    assert data["seat"] == 0
    assert data["hand"] == [1, 2]
    assert data["inspected"] == [[0, 1, 5]]
    assert data["log"] == [[0, "present", 3], [1, "nominate", None], [2, "nominate", None]]
    assert data["standing"] == [False, True, True]
    public = json.loads(json.dumps(state.public_view().to_json()))
    assert public["hand"] == []
    assert public["candidate"] is None
    assert public["inspected"] == []


@pytest.mark.parametrize("seat", [3, -1, 10])
def test_purrfect_view_of_a_seat_out_of_range(seat: int) -> None:
    state = played(0)
    with pytest.raises(NoSuchSeatError, match=f"^there is no seat {seat}: the seats are 0 to "):
        state.view(seat)


# ---------------------------------------------------------------------------- Clecanian Golf
#
# 2 players (dealer 0, seat 1 plays first), grids of 2 rows of 5, first discard 8C.

G0 = ["AH", "2C", "3D", "4S", "5H", "6C", "7D", "8S", "9H", "TC"]
G1 = ["JH", "QC", "KD", "AS", "2D", "3C", "4H", "5S", "6D", "7S"]
REVEALS = [
    ev(1, "reveal", pos=0),
    ev(1, "reveal", pos=5),
    ev(0, "reveal", pos=0),
    ev(0, "reveal", pos=5),
]
UP0 = ("AH", None, None, None, None, "6C", None, None, None, None)
UP1 = ("JH", None, None, None, None, "3C", None, None, None, None)


def views(state: ClecanianState) -> list[ClecanianView]:
    return [state.view(None), state.view(0), state.view(1)]


def face_down_codes_absent(view: ClecanianView, codes: list[str]) -> None:
    text = repr(view)
    for code in codes:
        assert repr(code) not in text


def test_clecanian_face_down_cards_are_none_in_every_view() -> None:
    state = clecanian([G0, G1], "8C", REVEALS[:1])
    for view in views(state):
        assert view.grids == (
            (None,) * 10,
            ("JH", None, None, None, None, None, None, None, None, None),
        )
        assert view.discard == ("8C",)
        assert view.stock_size == 54 - 21
        face_down_codes_absent(view, G0 + G1[1:])
    state = clecanian([G0, G1], "8C", REVEALS)
    for view in views(state):
        assert view.grids == (UP0, UP1)
        assert view.column(1, 0) == ("JH", "3C")
        assert view.column(0, 1) == (None, None)
        face_down_codes_absent(view, G0[1:5] + G0[6:] + G1[1:5] + G1[6:])


def test_clecanian_a_card_drawn_from_the_stock_is_the_drawers_alone() -> None:
    state = clecanian([G0, G1], "8C", [*REVEALS, ev(1, "draw_stock")])
    assert (state.phase, state.to_act) == ("draw_card", -1)
    state.apply(card(state, "9D"), -1)
    assert (state.phase, state.to_act) == ("use", 1)
    drawer = state.view(1)
    assert drawer.drawn == "9D"
    assert (drawer.drawn_by, drawer.drawn_from) == (1, "stock")
    assert drawer.log[-1] == (0, -1, "chance", "9D")
    for view in (state.view(0), state.public_view()):
        assert view.drawn is None
        assert (view.drawn_by, view.drawn_from) == (1, "stock")
        assert view.log[-2:] == ((0, 1, "draw_stock", None), (0, -1, "chance", None))
        assert "'9D'" not in repr(view)
        assert "9D" not in json.dumps(view.to_json())
    # placed face up: now everybody sees it
    state.apply(c_act("swap", 1), 1)
    for view in views(state):
        assert view.grids[1] == ("JH", "9D", None, None, None, "3C", None, None, None, None)
        assert view.discard == ("8C", "QC")
        assert view.drawn is None
        assert view.drawn_by is None
        assert view.log[-2:] == ((0, -1, "chance", "9D"), (0, 1, "swap", 1))
        assert view.turns == 1


def test_clecanian_a_card_drawn_from_the_discard_pile_is_public() -> None:
    events = [*REVEALS, ev(1, "draw_stock"), {"chance": "9D"}, ev(1, "discard")]
    state = clecanian([G0, G1], "8C", events)
    for view in views(state):
        assert view.discard == ("8C", "9D")
        assert view.log[-1] == (0, 1, "discard", None)
        assert view.log[-2] == (0, -1, "chance", "9D")
    state.apply(c_act("draw_discard"), 0)
    for view in views(state):
        assert view.drawn == "9D"
        assert (view.drawn_by, view.drawn_from) == (0, "discard")
        assert view.discard == ("8C",)


def test_clecanian_empty_places_during_a_joker_are_none() -> None:
    # Seat 1 turns up Katie (JH), then the red joker: seat 0 abducts her, seat 1 refills her
    # place (KH) and then the joker's (5C).
    grid1 = ["JH", "QC", "RJ", "AS", "2D", "3C", "4H", "5S", "6D", "7S"]
    state = clecanian([G0, grid1], "8C", [ev(1, "reveal", pos=0)])
    for view in views(state):
        assert "'RJ'" not in repr(view)
    state.apply(c_act("reveal", 2), 1)
    assert (state.phase, state.to_act) == ("abduct", 0)
    assert state.legal_actions() == [c_act("abduct", 0)]
    for view in views(state):
        assert view.victim == 1
        assert view.grids[1] == ("JH",) + (None,) * 9
        assert view.discard == ("8C",)
    state.apply(c_act("abduct", 0), 0)
    assert (state.phase, state.to_act) == ("refill_card", -1)
    for view in views(state):
        assert view.grids[1] == (None,) * 10
        assert view.discard == ("8C", "RJ", "JH")
        assert view.victim is None
        assert view.log[-2:] == ((0, 1, "reveal", 2), (0, 0, "abduct", 0))
    state.apply(card(state, "KH"), -1)
    assert state.phase == "refill_card"
    for view in views(state):
        assert view.grids[1] == ("KH",) + (None,) * 9
        assert view.log[-1] == (0, -1, "chance", "KH")
    state.apply(card(state, "5C"), -1)
    assert (state.phase, state.to_act) == ("reveal", 0)
    for view in views(state):
        assert view.grids[1] == ("KH", None, "5C", None, None, None, None, None, None, None)
        assert view.drawn is None
        face_down_codes_absent(view, [*G0, "QC", "AS", "2D", "3C", "4H", "5S", "6D", "7S"])


def test_clecanian_views_are_frozen() -> None:
    state = clecanian([G0, G1], "8C", REVEALS)
    view = state.view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.drawn = "QC"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.grids = ()  # type: ignore[misc]
    assert view.grids == (UP0, UP1)
    assert isinstance(view.grids, tuple)
    assert all(isinstance(g, tuple) for g in view.grids)
    assert isinstance(view.log, tuple)


def test_clecanian_view_to_json() -> None:
    state = clecanian([G0, G1], "8C", [*REVEALS, ev(1, "draw_stock"), {"chance": "9D"}])
    data = json.loads(json.dumps(state.view(1).to_json()))
    assert data["seat"] == 1
    assert data["players"] == 2
    assert data["columns"] == 5
    assert data["phase"] == "use"
    assert data["to_act"] == 1
    assert data["grids"] == [list(UP0), list(UP1)]
    assert data["discard"] == ["8C"]
    assert data["stock_size"] == 54 - 21 - 1
    assert data["drawn"] == "9D"
    assert data["drawn_by"] == 1
    assert data["drawn_from"] == "stock"
    assert data["log"][-1] == [0, -1, "chance", "9D"]
    other = json.loads(json.dumps(state.view(0).to_json()))
    assert other["drawn"] is None
    assert other["log"][-1] == [0, -1, "chance", None]
    assert other["seat"] == 0
    assert {k: v for k, v in other.items() if k not in ("seat", "drawn", "log")} == {
        k: v for k, v in data.items() if k not in ("seat", "drawn", "log")
    }


@pytest.mark.parametrize("seat", [2, -1, 4])
def test_clecanian_view_of_a_seat_out_of_range(seat: int) -> None:
    state = clecanian([G0, G1], "8C")
    with pytest.raises(NoSuchSeatError, match=f"^there is no seat {seat}: the seats are 0 to "):
        state.view(seat)
