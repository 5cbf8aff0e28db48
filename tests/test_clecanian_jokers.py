"""Clecanian Golf scenario tests: the joker rules of /work/shared/spec/clecanian.md (drawn,
swapped out, in the grid, chained depth first, the epilogue variant), on hand-built deals with
hand-computed expected states."""

from __future__ import annotations

from typing import Any

import pytest

from matchmaker import CHANCE, IllegalActionError, MatchmakerError, RecordError, replay
from matchmaker.games.clecanian import ClecanianState
from tests.helpers import c_act, card, chance, clecanian, ev

# Women-free, joker-free grids: G0 and G1 score 80 each (6-T pairs), G2 scores 0 (every column
# shows one man twice).
G0 = ["6C", "7C", "8C", "9C", "TC", "6D", "7D", "8D", "9D", "TD"]
G1 = ["6H", "7H", "8H", "9H", "TH", "6S", "7S", "8S", "9S", "TS"]
G2 = ["AC", "2C", "3C", "4C", "5C", "AS", "2S", "3S", "4S", "5S"]
# Two players, dealer 0: seat 1 reveals positions 0 and 1, then seat 0 does.
REVEALS = [
    ev(1, "reveal", pos=0),
    ev(1, "reveal", pos=1),
    ev(0, "reveal", pos=0),
    ev(0, "reveal", pos=1),
]
BLANK8 = (None,) * 8


def reveals(players: int, dealer: int) -> list[dict[str, Any]]:
    """Positions 0 and 1 revealed by every seat, clockwise from the dealer's left."""
    events = []
    for k in range(1, players + 1):
        seat = (dealer + k) % players
        events += [ev(seat, "reveal", pos=0), ev(seat, "reveal", pos=1)]
    return events


def discard_turn(seat: int) -> list[dict[str, Any]]:
    """A turn: take the top of the discard pile and put it straight back."""
    return [ev(seat, "draw_discard"), ev(seat, "discard")]


def choices(state: ClecanianState) -> list[str]:
    """The stock as the chance node offers it, sorted card codes."""
    return sorted(str(a.arg) for a in state.chance_choices())


def draw(state: ClecanianState, seat: int, code: str) -> None:
    state.apply(c_act("draw_stock"), seat)
    state.apply(card(state, code))


# ----------------------------------------------------------------------------- jokers drawn
def test_joker_drawn_from_the_stock_without_a_woman() -> None:
    """If V has no face-up female character card, the joker goes face up on top of the
    discard pile; a drawn joker was never in the grid and the turn is over."""
    state = clecanian([G0, G1], "2C", REVEALS)
    draw(state, 1, "RJ")
    view = state.view(0)
    assert view.discard == ("2C", "RJ")
    assert view.grids[1] == ("6H", "7H", *BLANK8)
    assert (state.phase, state.to_act, view.turns, view.stock_size) == ("draw", 0, 1, 32)
    assert view.log[-2:] == ((0, 1, "draw_stock", None), (0, CHANCE, "chance", "RJ"))
    assert (view.drawn, view.drawn_by) == (None, None)


# Three players: seat 2 shows KH and QD after its reveals and hides a woman (AD) face down.
W_G2 = ["KH", "QD", "3C", "4C", "5C", "AD", "2S", "3S", "4S", "5S"]


def three_players_seat_2_draws_a_joker() -> ClecanianState:
    events = [*reveals(3, 0), *discard_turn(1), ev(2, "draw_stock"), chance("BJ")]
    return clecanian([G0, G1, W_G2], "JC", events)


def test_joker_drawn_the_left_neighbour_abducts_a_face_up_woman() -> None:
    """If V has a face-up woman, the seat to V's left chooses one (abduct a position): she goes
    onto the discard pile with the joker under her, V refills her place from the top of the
    stock, face up, and the turn is over."""
    state = three_players_seat_2_draws_a_joker()
    assert (state.phase, state.to_act, state.public_view().victim) == ("abduct", 0, 2)
    assert state.legal_actions() == [c_act("abduct", 0), c_act("abduct", 1)]
    assert state.public_view().discard == ("JC",)
    state.apply(c_act("abduct", 1), 0)
    view = state.public_view()
    assert view.discard == ("JC", "BJ", "QD")
    assert view.grids[2] == ("KH", None, *BLANK8)
    assert (state.phase, state.to_act) == ("refill_card", CHANCE)
    assert "BJ" not in choices(state)
    assert len(choices(state)) == 22  # 54 - 30 - 1 = 23, less the joker
    state.apply(card(state, "KS"))
    view = state.view(1)
    assert view.grids[2] == ("KH", "KS", *BLANK8)
    assert (state.phase, state.to_act, view.turns, view.stock_size) == ("draw", 0, 2, 21)
    assert view.log[-4:] == (
        (0, 2, "draw_stock", None),
        (0, CHANCE, "chance", "BJ"),
        (0, 0, "abduct", 1),
        (0, CHANCE, "chance", "KS"),
    )
    again = replay(state.record())
    assert isinstance(again, ClecanianState)
    assert again.public_view() == state.public_view()


def test_abduct_refused_for_a_wrong_position_or_seat() -> None:
    """abduct: by the seat to the left of the victim, of a face-up female card of the victim."""
    state = three_players_seat_2_draws_a_joker()
    before = state.public_view()
    for seat in (1, 2):
        with pytest.raises(IllegalActionError, match=f"seat {seat} cannot abduct: it is seat 0's"):
            state.apply(c_act("abduct", 0), seat)
    # Position 2 is a face-down man, 5 a face-down woman (AD).
    for pos in (2, 5):
        with pytest.raises(
            IllegalActionError,
            match=f"seat 0 cannot abduct position {pos}: it is not a face-up woman of seat 2",
        ):
            state.apply(c_act("abduct", pos), 0)
    with pytest.raises(IllegalActionError, match="seat 0 cannot draw_stock now: it must choose"):
        state.apply(c_act("draw_stock"), 0)
    with pytest.raises(MatchmakerError, match="abduct needs a grid position, not 10"):
        c_act("abduct", 10)
    assert state.public_view() == before
    assert state.position.grid[2][5] == state.game.options.deck.by_code["AD"]


def test_abduct_by_the_victim_in_a_record_is_refused() -> None:
    events = [*reveals(3, 0), *discard_turn(1), ev(2, "draw_stock"), chance("BJ")]
    with pytest.raises(RecordError) as info:
        clecanian([G0, G1, W_G2], "JC", [*events, ev(2, "abduct", pos=0)])
    assert (info.value.round, info.value.event) == (0, 10)
    assert "seat 2 cannot abduct: it is seat 0's turn to act" in str(info.value)


def test_left_of_the_last_seat_is_seat_zero_and_vice_versa() -> None:
    """'Left of seat i' is seat (i+1) mod n: with 3 players the victim seat 0 is robbed by
    seat 1."""
    g0 = ["KD", "QH", *G0[2:]]
    events = [*reveals(3, 0), *discard_turn(1), *discard_turn(2), ev(0, "draw_stock")]
    state = clecanian([g0, G1, G2], "JC", events)
    state.apply(card(state, "RJ"))
    assert (state.phase, state.to_act) == ("abduct", 1)
    assert state.legal_actions() == [c_act("abduct", 0), c_act("abduct", 1)]
    state.apply(c_act("abduct", 0), 1)
    state.apply(card(state, "6C"))
    view = state.public_view()
    assert view.grids[0] == ("6C", "QH", *BLANK8)
    assert view.discard == ("JC", "RJ", "KD")
    assert (state.to_act, view.turns) == (1, 3)


def test_joker_drawn_from_the_discard_pile_abducts() -> None:
    """A joker left on top of the discard pile can be drawn again and is resolved again; the
    woman goes on top, the joker under her."""
    g1 = ["KH", *G1[1:]]
    state = clecanian([G0, g1], "RJ", [*REVEALS, ev(1, "draw_discard")])
    assert (state.phase, state.to_act) == ("abduct", 0)
    assert state.legal_actions() == [c_act("abduct", 0)]
    assert state.public_view().discard == ()
    state.apply(c_act("abduct", 0), 0)
    assert state.public_view().discard == ("RJ", "KH")
    state.apply(card(state, "AS"))
    view = state.public_view()
    assert view.grids[1] == ("AS", "7H", *BLANK8)
    assert (state.phase, state.to_act, view.turns) == ("draw", 0, 1)
    # The next seat takes the woman from the pile; the joker stays under.
    state.apply(c_act("draw_discard"), 0)
    assert (state.view(1).drawn, state.public_view().discard) == ("KH", ("RJ",))
    state.apply(c_act("swap", 2), 0)
    view = state.public_view()
    assert view.grids[0] == ("6C", "7C", "KH", None, None, None, None, None, None, None)
    assert view.discard == ("RJ", "8C")


def test_joker_on_the_discard_pile_is_resolved_each_time_it_is_drawn() -> None:
    """Without a face-up woman the joker goes back on top of the pile: the next seat may draw
    it again, which is again a whole turn."""
    state = clecanian([G0, G1], "RJ", [*REVEALS, ev(1, "draw_discard")])
    view = state.public_view()
    assert (view.discard, view.turns, state.to_act, state.phase) == (("RJ",), 1, 0, "draw")
    state.apply(c_act("draw_discard"), 0)
    view = state.public_view()
    assert (view.discard, view.turns, state.to_act, state.phase) == (("RJ",), 2, 1, "draw")
    assert view.grids == (("6C", "7C", *BLANK8), ("6H", "7H", *BLANK8))
    assert view.stock_size == 33


def test_joker_from_the_discard_pile_is_resolved_even_when_it_must_be_swapped() -> None:
    """discard_draw_must_swap concerns a card to use; a drawn joker is resolved instead and the
    turn is over."""
    state = clecanian([G0, G1], "RJ", REVEALS, discard_draw_must_swap=True)
    state.apply(c_act("draw_discard"), 1)
    view = state.public_view()
    assert (view.discard, view.turns, view.grids[1]) == (("RJ",), 1, ("6H", "7H", *BLANK8))
    assert (state.phase, state.to_act) == ("draw", 0)


# ------------------------------------------------------------------------ jokers swapped out
def test_face_down_joker_swapped_out_without_a_woman() -> None:
    """swap: if the card that was there was face down and is a joker, resolve it; its
    position already holds the drawn card."""
    g1 = ["6H", "7H", "RJ", *G1[3:]]
    state = clecanian([G0, g1], "2C", REVEALS)
    draw(state, 1, "KS")
    state.apply(c_act("swap", 2), 1)
    view = state.public_view()
    assert view.grids[1] == ("6H", "7H", "KS", None, None, None, None, None, None, None)
    assert view.discard == ("2C", "RJ")
    assert (state.phase, state.to_act, view.turns) == ("draw", 0, 1)


def test_face_down_joker_swapped_out_the_placed_card_can_be_abducted() -> None:
    """Swapped out: the position already holds the drawn card, which is face up and so can
    itself be the abducted card."""
    g1 = ["KH", "7H", "RJ", *G1[3:]]
    state = clecanian([G0, g1], "2C", REVEALS)
    draw(state, 1, "QD")
    state.apply(c_act("swap", 2), 1)
    assert (state.phase, state.to_act) == ("abduct", 0)
    assert state.legal_actions() == [c_act("abduct", 0), c_act("abduct", 2)]
    assert state.public_view().grids[1][:3] == ("KH", "7H", "QD")
    with pytest.raises(IllegalActionError, match="cannot abduct position 1: it is not a face-up"):
        state.apply(c_act("abduct", 1), 0)  # 7H: face up, but no woman
    state.apply(c_act("abduct", 2), 0)
    assert state.public_view().discard == ("2C", "RJ", "QD")
    state.apply(card(state, "5S"))
    view = state.public_view()
    assert view.grids[1] == ("KH", "7H", "5S", None, None, None, None, None, None, None)
    assert (state.phase, state.to_act, view.turns) == ("draw", 0, 1)
    assert state.position.grid[1].count(-1) == 0


# -------------------------------------------------------------------------- jokers in the grid
def test_joker_turned_up_by_an_initial_reveal_abducts_then_refills_both_places() -> None:
    """In the grid (turned up by an initial reveal): after the abduction, V takes the top card
    of the stock for the abducted place, then another for the joker's own place (Ruling); the
    seat still makes exactly two reveals in all."""
    g1 = ["KD", "BJ", *G1[2:]]
    state = clecanian([G0, g1], "2C", [ev(1, "reveal", pos=0), ev(1, "reveal", pos=1)])
    assert (state.phase, state.to_act) == ("abduct", 0)
    assert state.legal_actions() == [c_act("abduct", 0)]
    assert state.public_view().grids[1] == ("KD", None, *BLANK8)
    assert state.position.grid[1][:2] == [state.game.options.deck.by_code["KD"], -1]
    state.apply(c_act("abduct", 0), 0)
    assert state.public_view().discard == ("2C", "BJ", "KD")
    state.apply(card(state, "AS"))
    assert state.public_view().grids[1] == ("AS", None, *BLANK8)
    assert state.phase == "refill_card"
    state.apply(card(state, "3C"))
    view = state.public_view()
    assert view.grids[1] == ("AS", "3C", *BLANK8)
    assert (state.phase, state.to_act, view.stock_size) == ("reveal", 0, 31)
    assert state.legal_actions() == [c_act("reveal", p) for p in range(10)]


def test_joker_on_a_first_reveal_without_a_woman_leaves_one_reveal() -> None:
    """Without a face-up woman the revealed joker goes on the discard pile, its place is
    refilled face up, and the seat reveals one more face-down card."""
    g1 = ["6H", "BJ", *G1[2:]]
    state = clecanian([G0, g1], "2C", [ev(1, "reveal", pos=1)])
    assert (state.phase, state.public_view().discard) == ("refill_card", ("2C", "BJ"))
    state.apply(card(state, "AS"))
    assert (state.phase, state.to_act) == ("reveal", 1)
    assert state.legal_actions() == [c_act("reveal", p) for p in (0, *range(2, 10))]
    with pytest.raises(IllegalActionError, match="cannot reveal position 1: it is already face up"):
        state.apply(c_act("reveal", 1), 1)
    state.apply(c_act("reveal", 0), 1)
    assert state.public_view().grids[1] == ("6H", "AS", *BLANK8)
    assert (state.phase, state.to_act) == ("reveal", 0)


def test_joker_turned_up_by_the_end_of_round_flip() -> None:
    """In the grid (turned up by the end-of-round flip, here after max_turns): abduction,
    then refill of the abducted place, then of the joker's own place; the flip then goes on in
    position order. Only women already face up can be abducted (4H at 8 is still down)."""
    g0 = ["6C", "7C", "QH", "RJ", "TC", "6D", "7D", "QC", "4H", "TD"]
    events = [*REVEALS, *discard_turn(1)]
    state = clecanian([g0, G1], "2C", events, rounds=1, max_turns=1)
    assert (state.phase, state.to_act) == ("abduct", 1)
    assert state.legal_actions() == [c_act("abduct", 2)]
    view = state.public_view()
    assert view.grids[1] == tuple(G1)  # seat 1 (the dealer's left) flipped first
    assert view.grids[0] == ("6C", "7C", "QH", None, None, None, None, None, None, None)
    state.apply(c_act("abduct", 2), 1)
    assert state.public_view().discard == ("2C", "RJ", "QH")
    state.apply(card(state, "KD"))
    assert state.public_view().grids[0][2:4] == ("KD", None)
    state.apply(card(state, "5S"))
    assert state.is_over
    assert state.public_view().grids[0] == (
        *("6C", "7C", "KD", "5S", "TC"),
        *("6D", "7D", "QC", "4H", "TD"),
    )
    # (6C,6D) 12 + (7C,7D) 14 + (KD,QC) Jade/Sikthand 20 + (5S,4H) 9 + (TC,TD) 20 = 75.
    assert state.status() == {
        "game": "clecanian",
        "finished": True,
        "scores": [75, 80],
        "winners": [0],
        "round_scores": [[75, 80]],
    }


# -------------------------------------------------------------------------- chained jokers
def test_chained_jokers_swapped_out_then_refill_joker_depth_first() -> None:
    """A replacement card that is itself a joker is resolved as a joker in the grid, at once
    and completely (Ruling: depth first): abduct, refill the abducted place, then refill the
    joker's own place, before the turn goes on."""
    g1 = ["KH", "QH", "RJ", *G1[3:]]
    state = clecanian([G0, g1], "2C", REVEALS)
    draw(state, 1, "KS")
    state.apply(c_act("swap", 2), 1)
    assert state.legal_actions() == [c_act("abduct", 0), c_act("abduct", 1)]
    state.apply(c_act("abduct", 0), 0)
    state.apply(card(state, "BJ"))  # KH's replacement is the other joker
    assert (state.phase, state.to_act, state.public_view().victim) == ("abduct", 0, 1)
    assert state.legal_actions() == [c_act("abduct", 1)]
    assert state.public_view().grids[1][:3] == (None, "QH", "KS")
    state.apply(c_act("abduct", 1), 0)
    assert state.public_view().discard == ("2C", "RJ", "KH", "BJ", "QH")
    state.apply(card(state, "AS"))  # QH's place first ...
    assert state.public_view().grids[1][:3] == (None, "AS", "KS")
    assert (state.phase, state.to_act) == ("refill_card", CHANCE)
    state.apply(card(state, "5C"))  # ... then BJ's own place (where KH was)
    view = state.public_view()
    assert view.grids[1] == ("5C", "AS", "KS", None, None, None, None, None, None, None)
    assert (state.phase, state.to_act, view.turns) == ("draw", 0, 1)
    assert [e[3] for e in view.log if e[2] == "chance"] == ["KS", "BJ", "AS", "5C"]


def test_chained_jokers_in_the_grid_refill_before_the_first_jokers_own_place() -> None:
    """For a joker in the grid: abduct, refill the abducted position, resolve that refill if it
    is a joker (no woman left: it goes on the pile, its place is refilled), then refill the
    joker's own position."""
    g1 = ["KH", "RJ", *G1[2:]]
    state = clecanian([G0, g1], "2C", [ev(1, "reveal", pos=0), ev(1, "reveal", pos=1)])
    state.apply(c_act("abduct", 0), 0)
    state.apply(card(state, "BJ"))
    view = state.public_view()
    assert view.discard == ("2C", "RJ", "KH", "BJ")
    assert view.grids[1] == (None, None, *BLANK8)
    assert state.phase == "refill_card"
    state.apply(card(state, "AS"))  # BJ's own place (position 0)
    assert state.public_view().grids[1] == ("AS", None, *BLANK8)
    state.apply(card(state, "3C"))  # RJ's own place (position 1)
    view = state.public_view()
    assert view.grids[1] == ("AS", "3C", *BLANK8)
    assert (state.phase, state.to_act, view.stock_size) == ("reveal", 0, 30)


# ------------------------------------------------------------------------ variant "epilogue"
def test_epilogue_joker_drawn_without_a_woman_goes_back_into_the_stock() -> None:
    """Variant epilogue: instead of going to the discard pile the joker is shuffled back into
    the stock."""
    state = clecanian([G0, G1], "2C", [*REVEALS, ev(1, "draw_stock")], epilogue=True)
    assert len(choices(state)) == 33
    state.apply(card(state, "RJ"))
    view = state.public_view()
    assert (view.discard, view.stock_size, view.turns, state.to_act) == (("2C",), 33, 1, 0)
    state.apply(c_act("draw_stock"), 0)
    stock = choices(state)
    assert len(stock) == 33
    assert {"RJ", "BJ"} <= set(stock)


def test_epilogue_joker_returns_only_once_its_refill_is_taken() -> None:
    """Ruling: the joker goes back once its resolution is complete, i.e. after every
    replacement card it caused has been taken from the stock."""
    g1 = ["KH", *G1[1:]]
    state = clecanian([G0, g1], "2C", [*REVEALS, ev(1, "draw_stock")], epilogue=True)
    state.apply(card(state, "RJ"))
    state.apply(c_act("abduct", 0), 0)
    assert state.public_view().discard == ("2C", "KH")
    stock = choices(state)
    assert "RJ" not in stock
    assert len(stock) == 32
    state.apply(card(state, "AS"))
    assert state.public_view().stock_size == 32  # 33 - RJ - AS + RJ
    state.apply(c_act("draw_stock"), 0)
    assert "RJ" in choices(state)
    assert "AS" not in choices(state)


def test_epilogue_chained_jokers_each_return_when_its_own_resolution_is_done() -> None:
    """RJ revealed in the grid abducts KH; KH's replacement BJ resolves completely first (its
    own place refilled), so BJ is back in the stock when RJ's own place is refilled; RJ goes
    back last."""
    g1 = ["KH", "RJ", *G1[2:]]
    events = [ev(1, "reveal", pos=0), ev(1, "reveal", pos=1), ev(0, "abduct", pos=0)]
    state = clecanian([G0, g1], "2C", events, epilogue=True)
    assert state.public_view().discard == ("2C", "KH")
    stock = choices(state)
    assert ("BJ" in stock, "RJ" in stock, len(stock)) == (True, False, 33)
    state.apply(card(state, "BJ"))
    stock = choices(state)  # BJ's own refill: neither joker can come
    assert ("BJ" in stock, "RJ" in stock, len(stock)) == (False, False, 32)
    state.apply(card(state, "AS"))
    stock = choices(state)  # RJ's own refill: BJ is back, RJ is not yet
    assert ("BJ" in stock, "RJ" in stock, len(stock)) == (True, False, 32)
    state.apply(card(state, "3C"))
    view = state.public_view()
    assert view.grids[1] == ("AS", "3C", *BLANK8)
    assert view.discard == ("2C", "KH")
    assert (state.phase, state.to_act, view.stock_size) == ("reveal", 0, 32)
    state.apply(c_act("reveal", 0), 0)
    state.apply(c_act("reveal", 1), 0)
    state.apply(c_act("draw_stock"), 1)
    stock = choices(state)
    assert ("BJ" in stock, "RJ" in stock, len(stock)) == (True, True, 32)


def test_epilogue_swapped_out_joker_goes_into_the_stock() -> None:
    g1 = ["6H", "7H", "RJ", *G1[3:]]
    state = clecanian([G0, g1], "2C", REVEALS, epilogue=True)
    draw(state, 1, "KS")
    state.apply(c_act("swap", 2), 1)
    view = state.public_view()
    assert view.discard == ("2C",)
    assert view.grids[1][:3] == ("6H", "7H", "KS")
    assert view.stock_size == 33  # 33 - KS + RJ
    state.apply(c_act("draw_stock"), 0)
    assert "RJ" in choices(state)
