"""Game records: bad records are refused with a message naming the event, good ones replay.

Two small hand-played games are the base of most tests:

* Purrfect Match, 2 players, custom deck 1..6, seat 0 dealt 1 2 3, seat 1 dealt 4 5 6. Seat 0
  presents 3, seat 1 nominates 5, seat 0 proposes, seat 1 accepts (0 claims 5, 1 claims 3);
  seat 1 presents 4, seat 0 nominates 1, seat 1 passes (4 discarded); seat 0 presents 2, seat 1
  nominates 6, seat 0 proposes, seat 1 rejects (2 discarded); seat 1 presents 6, seat 0
  nominates 1, seat 1 proposes, seat 0 accepts (1 claims 1, 0 claims 6). Nobody holds cats.
  Targets 6 and 15; scores 5 + 6 - 6 = 5 and 3 + 1 - 15 = -11.
* Clecanian Golf, 2 players, 1 round, max_turns 1, no joker dealt. Seat 1 (left of dealer 0)
  reveals 0 and 5, seat 0 reveals 0 and 5, seat 1 draws 9D from the stock and swaps it into
  position 1; after that one turn every grid is turned up and the round is scored:
  seat 0: AH+6C 7, 2C+7D 9, 3D+8S 11, 4S+9H 13, 5H+TC 15 = 55;
  seat 1: JH+3C 13, 9D+4H 13, KD+5S 15, AS+6D 7, 2D+7S 9 = 57.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from matchmaker import RecordError, load_game, replay, replay_text
from matchmaker.core.actions import CHANCE, Action
from matchmaker.core.play import play_random
from matchmaker.games.purrfect.state import PurrfectState

FORMAT = "matchmaker-record/1"

# ---------------------------------------------------------------------------- Purrfect Match

P_HANDS = [[1, 2, 3], [4, 5, 6]]
P_EVENTS: list[dict[str, Any]] = [
    {"seat": 0, "action": "present", "value": 3},
    {"seat": 1, "action": "nominate", "value": 5},
    {"seat": 0, "action": "propose"},
    {"seat": 1, "action": "accept"},
    {"seat": 1, "action": "present", "value": 4},
    {"seat": 0, "action": "nominate", "value": 1},
    {"seat": 1, "action": "pass"},
    {"seat": 0, "action": "present", "value": 2},
    {"seat": 1, "action": "nominate", "value": 6},
    {"seat": 0, "action": "propose"},
    {"seat": 1, "action": "reject"},
    {"seat": 1, "action": "present", "value": 6},
    {"seat": 0, "action": "nominate", "value": 1},
    {"seat": 1, "action": "propose"},
    {"seat": 0, "action": "accept"},
]
P_RESULT = {
    "game": "purrfect",
    "finished": True,
    "scores": [5, -11],
    "winners": [0],
    "targets": [6, 15],
    "claimed": [[5, 6], [3, 1]],
}
# who is expected to act after each prefix of P_EVENTS
P_TO_ACT = [0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0]


def p_record(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": "purrfect",
        "options": {"players": 2, "deck": [1, 2, 3, 4, 5, 6]},
        "deal": {"hands": copy.deepcopy(P_HANDS)},
        "events": copy.deepcopy(P_EVENTS),
    }
    record.update(changes)
    return record


def p_with_event(index: int, event: dict[str, Any]) -> dict[str, Any]:
    record = p_record()
    record["events"][index] = event
    return record


# ---------------------------------------------------------------------------- Clecanian Golf

G0 = ["AH", "2C", "3D", "4S", "5H", "6C", "7D", "8S", "9H", "TC"]
G1 = ["JH", "QC", "KD", "AS", "2D", "3C", "4H", "5S", "6D", "7S"]
C_EVENTS: list[dict[str, Any]] = [
    {"seat": 1, "action": "reveal", "pos": 0},
    {"seat": 1, "action": "reveal", "pos": 5},
    {"seat": 0, "action": "reveal", "pos": 0},
    {"seat": 0, "action": "reveal", "pos": 5},
    {"seat": 1, "action": "draw_stock"},
    {"chance": "9D"},
    {"seat": 1, "action": "swap", "pos": 1},
]
C_RESULT = {
    "game": "clecanian",
    "finished": True,
    "scores": [55, 57],
    "winners": [0],
    "round_scores": [[55, 57]],
}
C_TO_ACT: list[int | str] = [1, 1, 0, 0, 1, "chance", 1]


def c_round(
    grids: list[list[str]] | None = None,
    discard: str | None = "8C",
    events: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    entry: dict[str, Any] = {"grids": copy.deepcopy(grids or [G0, G1])}
    if discard is not None:
        entry["discard"] = discard
    entry["events"] = copy.deepcopy(C_EVENTS if events is None else events)
    return entry


def c_record(entries: list[dict[str, Any]] | None = None, **options: Any) -> dict[str, Any]:
    """A one-round, one-turn game of 2 players (options may change that) with these rounds."""
    return {
        "format": FORMAT,
        "game": "clecanian",
        "options": {"players": 2, "rounds": 1, "max_turns": 1, **options},
        "rounds": [c_round()] if entries is None else entries,
    }


def c_with_event(index: int, event: dict[str, Any]) -> dict[str, Any]:
    events = copy.deepcopy(C_EVENTS)
    events[index] = event
    return c_record([c_round(events=events)])


def refused(record: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(record)
    return info.value


# ---------------------------------------------------------------------------- the base games


def test_the_hand_played_purrfect_game_replays_to_its_result() -> None:
    assert replay(p_record()).status() == P_RESULT


def test_the_hand_played_clecanian_game_replays_to_its_result() -> None:
    assert replay(c_record()).status() == C_RESULT


# ------------------------------------------------------------------------ the whole document


def test_truncated_json_is_refused() -> None:
    text = '{"format": "matchmaker-record/1", "game": "purrfect"'
    with pytest.raises(RecordError) as info:
        replay_text(text)
    assert str(info.value) == "not valid JSON: Expecting ',' delimiter at line 1 column 53"
    assert info.value.event is None
    assert info.value.round is None


def test_json_cut_in_the_middle_of_a_value_is_refused() -> None:
    with pytest.raises(RecordError) as info:
        replay_text('{"format": ')
    assert str(info.value) == "not valid JSON: Expecting value at line 1 column 12"


@pytest.mark.parametrize("text", ["[1, 2]", '"purrfect"', "42", "null"])
def test_a_record_that_is_not_an_object_is_refused(text: str) -> None:
    with pytest.raises(RecordError) as info:
        replay_text(text)
    assert str(info.value) == "a record must be a JSON object"


def test_replay_text_of_a_good_record_replays_it() -> None:
    assert replay_text(json.dumps(p_record())).status() == P_RESULT


def test_wrong_format_string_is_refused() -> None:
    error = refused(p_record(format="matchmaker-record/2"))
    assert str(error) == "format must be 'matchmaker-record/1', not 'matchmaker-record/2'"


def test_missing_format_is_refused() -> None:
    record = p_record()
    del record["format"]
    assert str(refused(record)) == "format must be 'matchmaker-record/1', not None"


def test_unknown_game_is_refused() -> None:
    assert str(refused(p_record(game="chess"))) == (
        "unknown game 'chess' (known: purrfect, clecanian)"
    )


def test_unknown_option_key_is_refused_purrfect() -> None:
    error = refused(p_record(options={"players": 2, "deck": [1, 2, 3, 4, 5, 6], "colour": 1}))
    assert str(error) == (
        "options: unknown option 'colour' for purrfect (known: players, deck, first_proposer)"
    )


def test_unknown_option_key_is_refused_clecanian() -> None:
    error = refused(c_record(epilog=True))
    assert str(error) == (
        "options: unknown option 'epilog' for clecanian "
        "(known: players, rounds, epilogue, discard_draw_must_swap, max_turns, deck)"
    )


def test_options_without_players_are_refused() -> None:
    assert str(refused(p_record(options={"deck": [1, 2, 3, 4, 5, 6]}))) == (
        "options must hold players"
    )
    record = c_record()
    del record["options"]["players"]
    assert str(refused(record)) == "options must hold players"


def test_options_that_are_not_an_object_are_refused() -> None:
    assert str(refused(p_record(options=[2]))) == "options must be a JSON object"


def test_a_bad_option_value_is_refused() -> None:
    assert str(refused(p_record(options={"players": 9}))) == (
        "options: option players must be a whole number from 2 to 8, not 9"
    )


# ------------------------------------------------------------------------- Purrfect: events


def test_purrfect_unknown_action() -> None:
    error = refused(p_with_event(3, {"seat": 1, "action": "dance"}))
    assert str(error) == "event 3: unknown action 'dance'"
    assert (error.event, error.round) == (3, None)
    assert error.reason == "unknown action 'dance'"


def test_purrfect_wrong_seat_out_of_turn() -> None:
    error = refused(p_with_event(1, {"seat": 0, "action": "nominate", "value": 1}))
    assert str(error) == "event 1: seat 0 cannot nominate: it is seat 1's turn to act"
    assert error.event == 1


def test_purrfect_present_a_value_not_in_hand() -> None:
    error = refused(p_with_event(0, {"seat": 0, "action": "present", "value": 4}))
    assert str(error) == "event 0: seat 0 cannot present a 4: it has no 4 in hand"


def test_purrfect_present_a_cat_given_away_in_a_match() -> None:
    # seat 0's 3 went to seat 1 in the first match
    error = refused(p_with_event(7, {"seat": 0, "action": "present", "value": 3}))
    assert str(error) == "event 7: seat 0 cannot present a 3: it has no 3 in hand"
    assert error.event == 7


def test_purrfect_nominate_a_value_not_in_hand() -> None:
    error = refused(p_with_event(1, {"seat": 1, "action": "nominate", "value": 2}))
    assert str(error) == "event 1: seat 1 cannot nominate a 2: it has no 2 in hand"


def test_purrfect_action_of_the_wrong_phase() -> None:
    error = refused(p_with_event(2, {"seat": 0, "action": "accept"}))
    assert str(error) == "event 2: seat 0 cannot accept now: it must propose or pass"


def test_purrfect_present_without_a_value() -> None:
    error = refused(p_with_event(0, {"seat": 0, "action": "present"}))
    assert str(error) == "event 0: present needs value as a whole number, not None"


def test_purrfect_present_a_value_out_of_range() -> None:
    error = refused(p_with_event(0, {"seat": 0, "action": "present", "value": 11}))
    assert str(error) == "event 0: present needs a value from 1 to 10, not 11"


def test_purrfect_chance_event_is_refused() -> None:
    error = refused(p_with_event(2, {"chance": 3}))
    assert str(error) == "event 2: Purrfect Match records hold no chance events"


def test_purrfect_event_that_is_not_an_object() -> None:
    error = refused(p_with_event(4, ["seat", 1]))  # type: ignore[arg-type]
    assert str(error) == "event 4: an event must be a JSON object"


def test_purrfect_seat_that_is_not_a_number() -> None:
    error = refused(p_with_event(0, {"seat": "0", "action": "present", "value": 3}))
    assert str(error) == "event 0: seat must be a whole number, not '0'"


def test_purrfect_event_after_the_game_is_over() -> None:
    record = p_record()
    record["events"].append({"seat": 0, "action": "present", "value": 1})
    error = refused(record)
    assert str(error) == "event 15: seat 0 cannot present: the game is over"


# --------------------------------------------------------------------------- Purrfect: deal


def test_purrfect_hand_of_the_wrong_size() -> None:
    error = refused(p_record(deal={"hands": [[1, 2], [3, 4, 5, 6]]}))
    assert str(error) == "deal: seat 0's hand must list 3 values"
    assert (error.event, error.round) == (None, None)


def test_purrfect_wrong_number_of_hands() -> None:
    assert str(refused(p_record(deal={"hands": [[1, 2, 3]]}))) == "deal: 1 hands for 2 players"


def test_purrfect_deal_the_deck_cannot_supply() -> None:
    error = refused(p_record(deal={"hands": [[1, 1, 2], [4, 5, 6]]}))
    assert str(error) == "deal: seat 0's hand holds a 1 the deck cannot supply"


def test_purrfect_deal_with_a_value_that_is_not_a_cat() -> None:
    error = refused(p_record(deal={"hands": [[1, 2, 0], [4, 5, 6]]}))
    assert str(error) == "deal: seat 0's hand holds 0, not a cat value"


def test_purrfect_missing_deal() -> None:
    record = p_record()
    del record["deal"]
    assert str(refused(record)) == "deal must be an object with hands"


def test_purrfect_excess_that_matches_is_accepted() -> None:
    options = {"players": 2, "deck": [1, 2, 3, 4, 5, 6, 7]}
    state = replay(p_record(options=options, deal={"hands": P_HANDS, "excess": [7]}))
    assert state.status() == P_RESULT
    assert state.record()["deal"] == {"hands": P_HANDS, "excess": [7]}


@pytest.mark.parametrize("excess", [[6], [], [7, 7], "7"])
def test_purrfect_excess_that_does_not_match(excess: Any) -> None:
    options = {"players": 2, "deck": [1, 2, 3, 4, 5, 6, 7]}
    error = refused(p_record(options=options, deal={"hands": P_HANDS, "excess": excess}))
    assert str(error) == "deal: excess does not match the cards left after the deal"


def test_purrfect_first_proposer_random_in_a_record() -> None:
    options = {"players": 2, "deck": [1, 2, 3, 4, 5, 6], "first_proposer": "random"}
    error = refused(p_record(options=options))
    assert str(error) == 'options: first_proposer must be the seat actually chosen, not "random"'


def test_purrfect_first_proposer_is_the_recorded_seat() -> None:
    options = {"players": 2, "deck": [1, 2, 3, 4, 5, 6], "first_proposer": 1}
    state = replay(p_record(options=options, events=[]))
    assert isinstance(state, PurrfectState)
    assert state.status() == {"game": "purrfect", "finished": False, "to_act": 1}
    assert state.phase == "present"


# ---------------------------------------------------------------------- Clecanian: events


def test_clecanian_chance_card_already_dealt() -> None:
    error = refused(c_with_event(5, {"chance": "JH"}))
    assert str(error) == "round 0, event 5: card JH is not in the stock"
    assert (error.event, error.round) == (5, 0)


def test_clecanian_chance_card_on_the_discard_pile() -> None:
    error = refused(c_with_event(5, {"chance": "8C"}))
    assert str(error) == "round 0, event 5: card 8C is not in the stock"


def test_clecanian_chance_card_not_of_the_deck() -> None:
    error = refused(c_with_event(5, {"chance": "1H"}))
    assert str(error) == "round 0, event 5: '1H' is not a card of the deck"


def test_clecanian_chance_event_where_a_seat_must_act() -> None:
    error = refused(c_with_event(0, {"chance": "9D"}))
    assert str(error) == "round 0, event 0: no chance outcome is due: seat 1 acts next"
    error = refused(c_with_event(4, {"chance": "9D"}))
    assert str(error) == "round 0, event 4: no chance outcome is due: seat 1 acts next"


def test_clecanian_seat_event_where_chance_must_act() -> None:
    error = refused(c_with_event(5, {"seat": 1, "action": "swap", "pos": 1}))
    assert str(error) == "round 0, event 5: seat 1 cannot swap: it is chance's turn to act"


def test_clecanian_wrong_seat() -> None:
    error = refused(c_with_event(0, {"seat": 0, "action": "reveal", "pos": 0}))
    assert str(error) == "round 0, event 0: seat 0 cannot reveal: it is seat 1's turn to act"


def test_clecanian_unknown_action() -> None:
    error = refused(c_with_event(4, {"seat": 1, "action": "peek"}))
    assert str(error) == "round 0, event 4: unknown action 'peek'"


def test_clecanian_swap_without_a_drawn_card() -> None:
    error = refused(c_with_event(4, {"seat": 1, "action": "swap", "pos": 1}))
    assert str(error) == "round 0, event 4: seat 1 cannot swap: it holds no drawn card"


def test_clecanian_reveal_a_card_already_face_up() -> None:
    error = refused(c_with_event(1, {"seat": 1, "action": "reveal", "pos": 0}))
    assert str(error) == (
        "round 0, event 1: seat 1 cannot reveal position 0: it is already face up"
    )


def test_clecanian_position_out_of_range() -> None:
    error = refused(c_with_event(6, {"seat": 1, "action": "swap", "pos": 10}))
    assert str(error) == "round 0, event 6: swap needs a grid position, not 10"


def test_clecanian_events_after_the_round_is_over() -> None:
    events = [*C_EVENTS, {"seat": 0, "action": "draw_stock"}]
    error = refused(c_record([c_round(events=events)]))
    assert str(error) == "round 0, event 7: the round is already over"
    assert (error.event, error.round) == (7, 0)
    # the same when another round follows
    error = refused(c_record([c_round(events=events)], rounds=2))
    assert str(error) == "round 0, event 7: the round is already over"


def test_clecanian_more_rounds_than_the_game_has() -> None:
    error = refused(c_record([c_round(), c_round()]))
    assert str(error) == "2 rounds recorded, but the game has 1"
    assert (error.event, error.round) == (None, None)


def test_clecanian_round_before_the_previous_one_is_over() -> None:
    error = refused(c_record([c_round(events=C_EVENTS[:4]), c_round()], rounds=2))
    assert str(error) == "round 1: the previous round is not over"
    assert (error.event, error.round) == (None, 1)


def test_clecanian_rounds_that_are_not_a_list() -> None:
    assert str(refused(c_record({"grids": []}))) == "rounds must be a list"  # type: ignore[arg-type]


# ------------------------------------------------------------------------ Clecanian: deals


def test_clecanian_grid_with_the_wrong_number_of_cards() -> None:
    error = refused(c_record([c_round(grids=[G0, G1[:9]])]))
    assert str(error) == "round 0: seat 1's grid must list 10 cards"
    assert (error.event, error.round) == (None, 0)


def test_clecanian_four_player_grids_hold_eight_cards() -> None:
    grids = [G0[:8], G1[:8], ["2H", "3H", "4D", "5D", "6H", "7H", "8H", "9S"], G0[8:] + G1[8:]]
    error = refused(c_record([c_round(grids=grids, discard="8C", events=[])], players=4))
    assert str(error) == "round 0: seat 3's grid must list 8 cards"


def test_clecanian_wrong_number_of_grids() -> None:
    error = refused(c_record([c_round(grids=[G0])]))
    assert str(error) == "round 0: grids must list 2 grids"


def test_clecanian_deal_with_a_duplicate_card() -> None:
    error = refused(c_record([c_round(grids=[G0, ["AH", *G1[1:]]])]))
    assert str(error) == "round 0: deal: card AH is dealt twice"


def test_clecanian_discard_that_is_already_dealt() -> None:
    error = refused(c_record([c_round(discard="AH")]))
    assert str(error) == "round 0: deal: discard AH is dealt twice"


def test_clecanian_card_not_of_the_deck() -> None:
    error = refused(c_record([c_round(grids=[G0, ["ZZ", *G1[1:]]])]))
    assert str(error) == "round 0: deal: card 'ZZ' is not a card of the deck"


def test_clecanian_missing_discard() -> None:
    error = refused(c_record([c_round(discard=None)]))
    assert str(error) == "round 0: discard (the first card of the discard pile) is missing"


def test_clecanian_a_second_round_replays() -> None:
    second = c_round(grids=[G1, G0], events=[])
    state = replay(c_record([c_round(), second], rounds=2))
    # dealer of round 1 is seat 1: seat 0 reveals first
    assert state.status() == {"game": "clecanian", "finished": False, "to_act": 0}
    assert state.public_view().round_scores == ((55, 57),)


# -------------------------------------------------------------- unknown keys, partial games


def test_unknown_keys_inside_events_are_ignored() -> None:
    purrfect = p_record()
    for event in purrfect["events"]:
        event["comment"] = "hi"
        event["time"] = 12.5
    assert replay(purrfect).status() == P_RESULT
    assert replay(purrfect).record()["events"] == P_EVENTS
    clecanian = c_record()
    for event in clecanian["rounds"][0]["events"]:
        event["note"] = {"why": "testing"}
    assert replay(clecanian).status() == C_RESULT


def test_unknown_top_level_keys_are_ignored() -> None:
    record = p_record(meta={"bots": ["a", "b"]}, result={"scores": [0, 0]})
    assert replay(record).status() == P_RESULT


@pytest.mark.parametrize("stop", range(len(P_EVENTS)))
def test_purrfect_record_that_stops_mid_game(stop: int) -> None:
    state = replay(p_record(events=P_EVENTS[:stop]))
    assert state.status() == {"game": "purrfect", "finished": False, "to_act": P_TO_ACT[stop]}
    assert replay(state.record()).status() == state.status()


@pytest.mark.parametrize("stop", range(len(C_EVENTS)))
def test_clecanian_record_that_stops_mid_game(stop: int) -> None:
    state = replay(c_record([c_round(events=C_EVENTS[:stop])]))
    assert state.status() == {"game": "clecanian", "finished": False, "to_act": C_TO_ACT[stop]}
    assert replay(state.record()).status() == state.status()


def test_clecanian_record_with_no_round_yet() -> None:
    state = replay(c_record([]))
    assert state.status() == {"game": "clecanian", "finished": False, "to_act": "chance"}


def test_purrfect_record_with_no_event_yet() -> None:
    state = replay(p_record(events=[]))
    assert state.status() == {"game": "purrfect", "finished": False, "to_act": 0}


# ---------------------------------------------------------- records written by the engine


def test_engine_record_of_the_hand_played_games_is_the_same_record() -> None:
    purrfect = replay(p_record()).record()
    assert purrfect == {
        "format": FORMAT,
        "game": "purrfect",
        "options": {"players": 2, "deck": [1, 2, 3, 4, 5, 6], "first_proposer": 0},
        "deal": {"hands": P_HANDS, "excess": []},
        "events": P_EVENTS,
    }
    clecanian = replay(c_record()).record()
    assert clecanian == {
        "format": FORMAT,
        "game": "clecanian",
        "options": {"players": 2, "rounds": 1, "max_turns": 1},
        "rounds": [{"grids": [G0, G1], "discard": "8C", "events": C_EVENTS}],
    }


def played_options(name: str, seed: int, **options: Any) -> dict[str, Any]:
    state = play_random(load_game(name, **options), random.Random(seed))
    assert state.is_over
    record = state.record()
    assert replay(json.loads(json.dumps(record))).record() == record
    options_: dict[str, Any] = record["options"]
    return options_


def test_purrfect_record_options_omit_defaults() -> None:
    # The first proposer actually chosen is always stored (purrfect.md: "A record always
    # stores the seat that was actually chosen"), even when it is the default seat 0.
    assert played_options("purrfect", 1) == {"players": 4, "first_proposer": 0}
    assert played_options("purrfect", 2, players=3, deck="default") == {
        "players": 3,
        "first_proposer": 0,
    }
    assert played_options("purrfect", 3, players=5, first_proposer=2) == {
        "players": 5,
        "first_proposer": 2,
    }
    assert played_options("purrfect", 4, deck="faq38") == {
        "players": 4,
        "deck": "faq38",
        "first_proposer": 0,
    }
    assert played_options("purrfect", 5, players=2, deck=[9, 1, 5, 5, 3]) == {
        "players": 2,
        "deck": [1, 3, 5, 5, 9],
        "first_proposer": 0,
    }


def test_purrfect_record_stores_the_first_proposer_drawn() -> None:
    game = load_game("purrfect", players=3, deck=[1, 2, 3, 4, 5, 6], first_proposer="random")
    game_state = game.new_state()
    assert isinstance(game_state, PurrfectState)
    for value in (1, 2, 3, 4, 5, 6):
        game_state.apply(Action("chance", value), CHANCE)
    assert game_state.phase == "choose_first_proposer"
    game_state.apply(Action("chance", 2), CHANCE)
    record = game_state.record()
    assert record["options"] == {"players": 3, "deck": [1, 2, 3, 4, 5, 6], "first_proposer": 2}
    assert record["deal"] == {"hands": [[1, 2], [3, 4], [5, 6]], "excess": []}
    assert replay(record).status() == {"game": "purrfect", "finished": False, "to_act": 2}


def test_clecanian_record_options_keep_rounds_and_omit_defaults() -> None:
    assert played_options("clecanian", 1) == {"players": 2, "rounds": 3}
    assert played_options(
        "clecanian",
        2,
        players=2,
        rounds=3,
        epilogue=False,
        discard_draw_must_swap=False,
        max_turns=400,
        deck="default",
    ) == {"players": 2, "rounds": 3}
    assert played_options("clecanian", 3, players=3, rounds=1, epilogue=True, max_turns=50) == {
        "players": 3,
        "rounds": 1,
        "epilogue": True,
        "max_turns": 50,
    }
    assert played_options(
        "clecanian", 4, players=4, rounds=2, discard_draw_must_swap=True, max_turns=5
    ) == {"players": 4, "rounds": 2, "discard_draw_must_swap": True, "max_turns": 5}


PLAYS = [
    ("purrfect", {"players": p, "deck": deck, "first_proposer": fp})
    for p, deck, fp in [
        (2, "default", 0),
        (3, "faq38", "random"),
        (4, "default", 3),
        (5, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10], "random"),
        (6, "faq38", 5),
        (7, "default", "random"),
        (8, "default", 1),
    ]
] + [
    ("clecanian", {"players": p, "rounds": r, "epilogue": e, "max_turns": t})
    for p, r, e, t in [(2, 3, False, 400), (3, 2, True, 400), (4, 3, True, 7), (2, 1, True, 1)]
]


@pytest.mark.parametrize(("name", "options"), PLAYS)
@pytest.mark.parametrize("seed", range(5))
def test_random_play_records_round_trip(name: str, options: dict[str, Any], seed: int) -> None:
    state = play_random(load_game(name, **options), random.Random(seed))
    assert state.is_over
    record = state.record()
    text = json.dumps(record)
    again = replay_text(text)
    assert again.status() == state.status()
    assert again.status()["finished"] is True
    assert again.record() == record
    assert again.decision_count() == state.decision_count()
    assert json.loads(text)["options"]["players"] == options["players"]
