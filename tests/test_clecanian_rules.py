"""Clecanian Golf scenario tests: every rule and Ruling of /work/shared/spec/clecanian.md
except the jokers (tests/test_clecanian_jokers.py), on hand-built deals with hand-computed
expected states and scores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from matchmaker import (
    CHANCE,
    GameNotOverError,
    IllegalActionError,
    MatchmakerError,
    NoSuchSeatError,
    OptionError,
    RecordError,
    load_game,
    replay,
)
from matchmaker.games.clecanian import ClecanianGame, ClecanianState, Deck
from matchmaker.games.clecanian.scoring import column_table, score_column
from tests.helpers import c_act, card, chance, clecanian, ev

# Two women-free, joker-free grids: every column is a 6-T pair, so each scores 80
# ((6,6)=12 + (7,7)=14 + (8,8)=16 + (9,9)=18 + (T,T)=20).
G0 = ["6C", "7C", "8C", "9C", "TC", "6D", "7D", "8D", "9D", "TD"]
G1 = ["6H", "7H", "8H", "9H", "TH", "6S", "7S", "8S", "9S", "TS"]
# A third one for 3 players: every column shows one male character twice, so it scores 0.
G2 = ["AC", "2C", "3C", "4C", "5C", "AS", "2S", "3S", "4S", "5S"]
# Two players, dealer 0: seat 1 reveals first, then seat 0.
REVEALS = [
    ev(1, "reveal", pos=0),
    ev(1, "reveal", pos=1),
    ev(0, "reveal", pos=0),
    ev(0, "reveal", pos=1),
]


def reveals(players: int, dealer: int) -> list[dict[str, Any]]:
    """Positions 0 and 1 revealed by every seat, clockwise from the dealer's left."""
    events = []
    for k in range(1, players + 1):
        seat = (dealer + k) % players
        events += [ev(seat, "reveal", pos=0), ev(seat, "reveal", pos=1)]
    return events


def stock_turn(seat: int, code: str, pos: int | None = None) -> list[dict[str, Any]]:
    """A turn: draw ``code`` from the stock, then swap it into ``pos`` (or discard it)."""
    use = ev(seat, "discard") if pos is None else ev(seat, "swap", pos=pos)
    return [ev(seat, "draw_stock"), chance(code), use]


def discard_turn(seat: int) -> list[dict[str, Any]]:
    """A turn: take the top of the discard pile and put it straight back."""
    return [ev(seat, "draw_discard"), ev(seat, "discard")]


def record(players: int, played: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    return {
        "format": "matchmaker-record/1",
        "game": "clecanian",
        "options": {"players": players, **options},
        "rounds": played,
    }


def cgame(**options: Any) -> ClecanianGame:
    game = load_game("clecanian", **options)
    assert isinstance(game, ClecanianGame)
    return game


def default() -> Deck:
    return cgame().options.deck


def replayed(rec: dict[str, Any]) -> ClecanianState:
    state = replay(rec)
    assert isinstance(state, ClecanianState)
    return state


def codes(state: ClecanianState, seat: int) -> list[str | None]:
    """A seat's real grid, face-down cards included (None: an empty place)."""
    cards = state.game.options.deck.cards
    return [cards[c].code if c >= 0 else None for c in state.position.grid[seat]]


def choices(state: ClecanianState) -> list[str]:
    """The stock as the chance node offers it, sorted card codes."""
    return sorted(str(a.arg) for a in state.chance_choices())


# ------------------------------------------------------------------------ the default deck
STANDARD = [r + s for s in "CDHS" for r in "A23456789TJQK"]


def test_default_deck_is_52_cards_and_two_jokers() -> None:
    """54 cards: a standard 52-card deck and two jokers, RJ and BJ."""
    deck = default()
    assert len(deck) == 54
    assert sorted(c.code for c in deck.cards) == sorted([*STANDARD, "RJ", "BJ"])
    assert [c.code for c in deck.cards if c.is_joker] in (["RJ", "BJ"], ["BJ", "RJ"])


@pytest.mark.parametrize(
    ("code", "points"),
    [
        *[("AH", 1), ("AS", 1), ("2C", 2), ("5D", 5), ("6H", 6), ("9S", 9), ("TC", 10)],
        *[("JD", 10), ("QS", 10), ("KH", 10), ("RJ", 0), ("BJ", 0)],
    ],
)
def test_default_deck_point_values(code: str, points: int) -> None:
    """A = 1, 2-9 and T = face value (T = 10), J/Q/K = 10. Jokers never score."""
    deck = default()
    assert deck.cards[deck.by_code[code]].points == points


CHARACTERS = [
    ("K", "Jade", "Theo", -10),
    ("Q", "Sophia", "Sikthand", -10),
    ("J", "Katie", "Maladek", -10),
    ("A", "Alice", "Luka", -5),
    ("2", "Lily", "Verakko", -5),
    ("3", "Alejandra", "Auzed", -5),
    ("4", "Vanessa", "Fejo", -5),
    ("5", "Meg", "Maxu", -5),
]


@pytest.mark.parametrize(("rank", "female", "male", "bonus"), CHARACTERS)
def test_default_deck_characters_sexes_mates(rank: str, female: str, male: str, bonus: int) -> None:
    """The default deck (Ruling): female on hearts and diamonds, male on clubs and spades,
    each couple with its mated bonus."""
    deck = default()
    for suit in "HD":
        c = deck.cards[deck.by_code[rank + suit]]
        assert (c.character, c.is_woman, c.is_joker) == (female, True, False)
    for suit in "CS":
        c = deck.cards[deck.by_code[rank + suit]]
        assert (c.character, c.is_woman, c.is_joker) == (male, False, False)
    assert deck.sexes[female] == "female"
    assert deck.sexes[male] == "male"
    assert deck.bonuses[frozenset((female, male))] == bonus


def test_default_deck_six_to_ten_and_jokers_show_no_character() -> None:
    """6-T show no character; the human women are the 16 female cards; 8 couples."""
    deck = default()
    plain = sorted(c.code for c in deck.cards if c.character is None)
    assert plain == sorted([r + s for r in "6789T" for s in "CDHS"] + ["RJ", "BJ"])
    women = sorted(c.code for c in deck.cards if c.is_woman)
    assert women == sorted(r + s for r in "A2345JQK" for s in "HD")
    assert len(deck.bonuses) == 8
    assert len(deck.sexes) == 16


# ------------------------------------------------------------------------- a user deck file
TINY_DECK: dict[str, Any] = {
    "name": "tiny",
    "characters": [
        {"name": "Ann", "sex": "female"},
        {"name": "Bob", "sex": "male"},
        {"name": "Cat", "sex": "female"},
    ],
    "couples": [{"female": "Ann", "male": "Bob", "bonus": -7}],
    "cards": [{"code": f"A{i}", "points": 3, "character": "Ann"} for i in (1, 2, 3)]
    + [{"code": f"B{i}", "points": 4, "character": "Bob"} for i in (1, 2, 3)]
    + [{"code": "C1", "points": 2, "character": "Cat"}]
    + [{"code": f"N{i:02}", "points": 1} for i in range(1, 18)]
    + [{"code": "X", "joker": True}],
}
# Seat 0: (A1,B1) mates -7, (A2,A3) both Ann 0, (C1,B2) 2+4 = 6, (N01,N03) 2, (N02,N04) 2 -> 3.
TINY_G0 = ["A1", "A2", "C1", "N01", "N02", "B1", "A3", "B2", "N03", "N04"]
# Seat 1: five columns of two 1-point cards -> 10.
TINY_G1 = [f"N{i:02}" for i in range(5, 15)]


def write_deck(tmp_path: Path, data: Any, name: str = "deck.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def tiny_game(path: str) -> ClecanianState:
    """One round of the tiny deck, ended by max_turns=1 after seat 1 draws N16 and discards it."""
    return clecanian(
        [TINY_G0, TINY_G1],
        "N15",
        [*REVEALS, ev(1, "draw_stock"), chance("N16"), ev(1, "discard")],
        rounds=1,
        max_turns=1,
        deck=path,
    )


def test_user_deck_file_is_loaded(tmp_path: Path) -> None:
    """A user may supply a deck file with the same model: cards, point values, characters,
    their sex and mate, each couple's bonus."""
    deck = cgame(deck=write_deck(tmp_path, TINY_DECK)).options.deck
    assert deck.name == "tiny"
    assert len(deck) == 25
    a1, b1, c1, n1, x = (deck.cards[deck.by_code[c]] for c in ("A1", "B1", "C1", "N01", "X"))
    assert (a1.points, a1.character, a1.is_woman) == (3, "Ann", True)
    assert (b1.points, b1.character, b1.is_woman) == (4, "Bob", False)
    assert (c1.points, c1.character, c1.is_woman) == (2, "Cat", True)
    assert (n1.points, n1.character, n1.is_woman, n1.is_joker) == (1, None, False, False)
    assert (x.points, x.is_joker) == (0, True)
    assert deck.bonuses == {frozenset(("Ann", "Bob")): -7}


def test_user_deck_plays_and_scores_with_its_own_couples(tmp_path: Path) -> None:
    """Scoring follows the user deck: mates score the couple's bonus (-7), the same character
    twice scores 0, anything else the sum of points."""
    path = write_deck(tmp_path, TINY_DECK)
    state = clecanian([TINY_G0, TINY_G1], "N15", REVEALS, rounds=1, max_turns=1, deck=path)
    state.apply(c_act("draw_stock"), 1)
    assert choices(state) == ["B3", "N16", "N17", "X"]
    state.apply(card(state, "N16"))
    state.apply(c_act("discard"), 1)
    assert state.is_over
    assert state.status() == {
        "game": "clecanian",
        "finished": True,
        "scores": [3, 10],
        "winners": [0],
        "round_scores": [[3, 10]],
    }


def test_record_of_a_user_deck_game_embeds_the_deck(tmp_path: Path) -> None:
    """A record of a game with a user deck embeds the deck and replays on its own."""
    path = Path(write_deck(tmp_path, TINY_DECK))
    state = tiny_game(str(path))
    rec = state.record()
    assert rec["options"] == {"players": 2, "rounds": 1, "max_turns": 1, "deck": TINY_DECK}
    path.unlink()
    again = replayed(json.loads(json.dumps(rec)))
    assert again.status() == state.status()
    assert again.status()["scores"] == [3, 10]
    assert again.record() == rec


BAD_DECKS: list[Any] = [
    ("{not json", "is not valid JSON"),
    ([1, 2], "must be a JSON object"),
    ({"characters": []}, "needs a list of cards"),
    ({"cards": [{"points": 1}]}, "a card needs a code"),
    (
        {"cards": [{"code": "X1", "points": 1, "character": "Zed"}]},
        "card 'X1' shows unknown character 'Zed'",
    ),
    ({"cards": [{"code": "X1", "points": 1}, {"code": "X1", "points": 2}]}, "'X1' is listed twice"),
    ({"cards": [{"code": "X1", "points": "3"}]}, "card 'X1' needs whole-number points"),
    ({"characters": [{"name": "Ann", "sex": "robot"}], "cards": []}, "'Ann' needs sex female"),
    ({"characters": [{"sex": "male"}], "cards": []}, "a character needs a name"),
    (
        {"characters": [{"name": "Ann", "sex": "female"}] * 2, "cards": []},
        "character 'Ann' is listed twice",
    ),
    (
        {
            "characters": [{"name": "Ann", "sex": "female"}, {"name": "Cat", "sex": "female"}],
            "couples": [{"female": "Ann", "male": "Cat", "bonus": -5}],
            "cards": [],
        },
        "must pair a female and a male character",
    ),
    (
        {
            "characters": [
                {"name": "Ann", "sex": "female"},
                {"name": "Bob", "sex": "male"},
                {"name": "Cat", "sex": "female"},
            ],
            "couples": [
                {"female": "Ann", "male": "Bob", "bonus": -5},
                {"female": "Cat", "male": "Bob", "bonus": -5},
            ],
            "cards": [],
        },
        "each character has one mate at most",
    ),
    (
        {
            "characters": [{"name": "Ann", "sex": "female"}, {"name": "Bob", "sex": "male"}],
            "couples": [{"female": "Ann", "male": "Bob", "bonus": "-5"}],
            "cards": [],
        },
        "needs a whole-number bonus",
    ),
    (
        {
            "characters": [{"name": "Ann", "sex": "female"}],
            "cards": [{"code": "X", "joker": True, "character": "Ann"}],
        },
        "joker 'X' cannot show a character",
    ),
    (
        {"cards": [{"code": f"N{i}", "points": 1} for i in range(22)]},
        "22 cards is too few for 2 players (at least 23)",
    ),
]


# Thirty good cards, so that a deck is refused for the card at fault, not for its size.
PADDING = [{"code": f"P{i:02}", "points": 1} for i in range(30)]
BAD_DECKS += [
    # docs/rules-clecanian.md: "a card is either a joker ("joker": true, never scores) or has
    # whole-number points ... A deck file that breaks any of this is refused with an error
    # naming the card".
    pytest.param({"cards": [*PADDING, {"code": "X1"}]}, "'X1'", id="card-without-points"),
    pytest.param(
        {"cards": [*PADDING, {"code": "X2", "joker": "yes"}]}, "'X2'", id="joker-flag-not-true"
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD_DECKS)
def test_bad_deck_file_gives_option_error_naming_the_problem(
    tmp_path: Path, data: Any, message: str
) -> None:
    """A bad deck file is refused with an OptionError that names the problem."""
    path = write_deck(tmp_path, data)
    with pytest.raises(OptionError) as info:
        load_game("clecanian", deck=path)
    assert message in str(info.value)
    if "too few" not in message:
        assert path in str(info.value)


def test_deck_size_is_checked_against_the_players(tmp_path: Path) -> None:
    """The tiny deck (25 cards, 1 joker) serves 2 players but not 3 (30 + 1 + 3 = 34 needed)."""
    path = write_deck(tmp_path, TINY_DECK)
    assert load_game("clecanian", players=2, deck=path).players == 2
    with pytest.raises(OptionError, match=r"25 cards is too few for 3 players \(at least 34\)"):
        load_game("clecanian", players=3, deck=path)


def test_missing_deck_file_and_bad_deck_value(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.json")
    with pytest.raises(OptionError, match="cannot be read") as info:
        load_game("clecanian", deck=missing)
    assert missing in str(info.value)
    with pytest.raises(OptionError, match="option deck must be"):
        load_game("clecanian", deck=5)


def test_bad_inline_deck_in_a_record_is_refused() -> None:
    rec = record(2, [], deck={"cards": [{"code": "X1", "points": 1.5}]})
    with pytest.raises(RecordError, match=r"options: deck .*card 'X1' needs whole-number points"):
        replay(rec)


# ---------------------------------------------------------------------------------- options
def test_unknown_option_is_refused() -> None:
    with pytest.raises(OptionError, match="unknown option 'colour' for clecanian"):
        load_game("clecanian", colour="red")
    with pytest.raises(RecordError, match="options: unknown option 'epilog'"):
        replay(record(2, [], epilog=True))


@pytest.mark.parametrize("players", [0, 1, 5, "2", True, 2.0])
def test_players_outside_2_to_4_refused(players: Any) -> None:
    """2 to 4 players."""
    with pytest.raises(OptionError, match="option players must be a whole number from 2 to 4"):
        load_game("clecanian", players=players)


@pytest.mark.parametrize(("key", "value"), [("rounds", 0), ("rounds", "3"), ("rounds", True)])
def test_bad_rounds_refused(key: str, value: Any) -> None:
    with pytest.raises(OptionError, match="option rounds must be a whole number of at least 1"):
        load_game("clecanian", **{key: value})


@pytest.mark.parametrize("value", [0, -5, 1.5, "400", False])
def test_bad_max_turns_refused(value: Any) -> None:
    with pytest.raises(OptionError, match="option max_turns must be a whole number of at least 1"):
        load_game("clecanian", max_turns=value)


@pytest.mark.parametrize("key", ["epilogue", "discard_draw_must_swap"])
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_flags_must_be_booleans(key: str, value: Any) -> None:
    with pytest.raises(OptionError, match=f"option {key} must be true or false"):
        load_game("clecanian", **{key: value})


def test_option_defaults() -> None:
    """rounds 3, max_turns 400, epilogue and discard_draw_must_swap off, 2 players."""
    options = cgame().options
    assert (options.players, options.rounds, options.max_turns) == (2, 3, 400)
    assert (options.epilogue, options.discard_draw_must_swap) == (False, False)
    game = load_game("clecanian", players=3, rounds=1, epilogue=True, max_turns=7)
    assert game.options_dict() == {"players": 3, "rounds": 1, "epilogue": True, "max_turns": 7}


# ------------------------------------------------------------------------------------ grids
@pytest.mark.parametrize(("players", "columns"), [(2, 5), (3, 5), (4, 4)])
def test_grid_size(players: int, columns: int) -> None:
    """2-3 players: 10 cards each in 2 rows of 5. 4 players: 8 cards each in 2 rows of 4."""
    state = cgame(players=players).new_state()
    assert state.to_act == CHANCE
    assert state.phase == "deal"
    assert len(state.chance_choices()) == 54
    for _ in range(players * 2 * columns + 1):
        state.apply(state.chance_choices()[0])
    view = state.public_view()
    assert view.columns == columns
    assert view.grids == tuple((None,) * (2 * columns) for _ in range(players))
    assert len(view.discard) == 1
    assert view.stock_size == 54 - players * 2 * columns - 1
    assert view.phase == "reveal"


def test_record_grid_of_wrong_size_refused() -> None:
    rec = record(4, [{"grids": [G0, G1, G2, G0], "discard": "JC", "events": []}])
    with pytest.raises(RecordError, match="round 0: seat 0's grid must list 8 cards"):
        replay(rec)


def test_record_card_dealt_twice_refused() -> None:
    with pytest.raises(RecordError, match="round 0: deal: card 6C is dealt twice"):
        clecanian([G0, G0], "2C")


def test_four_players_columns_are_positions_j_and_4_plus_j() -> None:
    """Column j is positions j and C+j; with 4 players C = 4. Play starts left of the dealer
    (seat 1) and goes clockwise; max_turns=1 ends the round after one turn."""
    g0 = ["KH", "QH", "JH", "AH", "KC", "QC", "JC", "AC"]  # -10 -10 -10 -5 = -35
    g1 = ["6C", "7C", "8C", "9C", "6D", "7D", "8D", "9D"]  # 12 + 14 + 16 + 18 = 60
    g2 = ["6H", "7H", "8H", "9H", "6S", "7S", "8S", "9S"]  # 60
    g3 = ["TC", "TD", "TH", "TS", "2C", "2D", "2H", "2S"]  # 4 x 12 = 48
    state = clecanian([g0, g1, g2, g3], "3C", reveals(4, 0), rounds=1, max_turns=1)
    assert [e[1] for e in state.view(2).log] == [1, 1, 2, 2, 3, 3, 0, 0]
    assert state.view(0).column(0, 0) == ("KH", None)
    assert state.view(0).column(0, 3) == (None, None)
    assert (state.to_act, state.phase) == (1, "draw")
    with pytest.raises(IllegalActionError, match="seat 0 cannot draw_stock: it is seat 1's turn"):
        state.apply(c_act("draw_stock"), 0)
    state.apply(c_act("draw_discard"), 1)
    state.apply(c_act("discard"), 1)
    assert state.status()["round_scores"] == [[-35, 60, 60, 48]]
    assert state.result().winners == (0,)
    assert state.view(1).column(0, 3) == ("AH", "AC")


# ----------------------------------------------------------------------------- set-up, deal
def three_player_round(dealer: int) -> dict[str, Any]:
    """A 3-player round ended by max_turns=1: the seat left of the dealer takes the top of
    the discard pile and discards it; [G0, G1, G2] score [80, 80, 0]."""
    return {
        "grids": [G0, G1, G2],
        "discard": "JC",
        "events": [*reveals(3, dealer), *discard_turn((dealer + 1) % 3)],
    }


def test_dealer_rotates_and_play_starts_left_of_the_dealer() -> None:
    """The dealer of round r is seat r mod n (Ruling); reveals and play start with the seat
    to the dealer's left and go clockwise."""
    played = [three_player_round(r) for r in range(3)]
    for r in range(3):
        dealt: dict[str, Any] = {"grids": [G0, G1, G2], "discard": "JC", "events": []}
        state = replayed(record(3, [*played[:r], dealt], max_turns=1))
        view = state.public_view()
        assert (view.round, view.dealer, view.phase) == (r, r, "reveal")
        assert state.to_act == (r + 1) % 3
        assert view.round_scores == ((80, 80, 0),) * r
        dealt["events"] = reveals(3, r)
        state = replayed(record(3, [*played[:r], dealt], max_turns=1))
        assert (state.phase, state.to_act) == ("draw", (r + 1) % 3)
    final = replayed(record(3, played, max_turns=1))
    assert final.status() == {
        "game": "clecanian",
        "finished": True,
        "scores": [240, 240, 0],
        "winners": [2],
        "round_scores": [[80, 80, 0]] * 3,
    }


def test_dealer_of_round_two_with_two_players_is_seat_zero() -> None:
    """r mod n: with 2 players the dealers are 0, 1, 0."""
    rounds = [
        {"grids": [G0, G1], "discard": "2C", "events": [*reveals(2, d), *discard_turn(1 - d)]}
        for d in (0, 1)
    ]
    rounds.append({"grids": [G0, G1], "discard": "2C", "events": []})
    state = replayed(record(2, rounds, max_turns=1))
    assert (state.round, state.public_view().dealer, state.to_act) == (2, 0, 1)


def test_reveal_out_of_turn_in_a_record_names_round_and_event() -> None:
    """Round 1 has dealer 1, so seat 2 reveals first."""
    bad = {"grids": [G0, G1, G2], "discard": "JC", "events": [ev(1, "reveal", pos=0)]}
    with pytest.raises(RecordError) as info:
        replay(record(3, [three_player_round(0), bad], max_turns=1))
    assert (info.value.round, info.value.event) == (1, 0)
    assert "seat 1 cannot reveal: it is seat 2's turn to act" in str(info.value)


def test_exactly_two_reveals_of_face_down_cards() -> None:
    """Each seat turns two of its own cards face up, one reveal at a time, always of a
    face-down card; face-down cards are known to nobody."""
    state = clecanian([G0, G1], "2C", [ev(1, "reveal", pos=3)])
    assert state.to_act == 1
    assert [a.arg for a in state.legal_actions()] == [0, 1, 2, 4, 5, 6, 7, 8, 9]
    before = state.clone()
    with pytest.raises(IllegalActionError, match="seat 1 cannot reveal position 3: it is already"):
        state.apply(c_act("reveal", 3), 1)
    with pytest.raises(MatchmakerError, match="reveal needs a grid position, not 10"):
        c_act("reveal", 10)
    assert state.view(1) == before.view(1)
    state.apply(c_act("reveal", 9), 1)
    assert state.to_act == 0
    with pytest.raises(IllegalActionError, match="seat 1 cannot reveal: it is seat 0's turn"):
        state.apply(c_act("reveal", 5), 1)
    state.apply(c_act("reveal", 4), 0)
    state.apply(c_act("reveal", 0), 0)
    assert (state.phase, state.to_act) == ("draw", 1)
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view.grids[1] == (None, None, None, "9H", None, None, None, None, None, "TS")
        assert view.grids[0] == ("6C", None, None, None, "TC", None, None, None, None, None)
    with pytest.raises(IllegalActionError, match="seat 1 cannot reveal now: it must draw"):
        state.apply(c_act("reveal", 0), 1)


def test_first_discard_joker_simply_stays() -> None:
    """If the first discard is a joker it simply stays there; nobody is affected (Ruling)."""
    g1 = ["KH", "QH", *G1[2:]]
    state = clecanian([G0, g1], "RJ", REVEALS)
    view = state.public_view()
    assert view.discard == ("RJ",)
    assert view.grids[1][:2] == ("KH", "QH")
    assert (state.phase, state.to_act, view.stock_size) == ("draw", 1, 33)


# ------------------------------------------------------------------------------------ turns
def base() -> ClecanianState:
    """Two players after the reveals: seat 1 to draw; discard pile [2C]; stock 33 cards."""
    return clecanian([G0, G1], "2C", REVEALS)


def test_card_drawn_from_the_stock_is_seen_by_the_drawer_alone() -> None:
    """A card drawn from the stock is seen by the drawer alone until it is placed or
    discarded."""
    state = base()
    state.apply(c_act("draw_stock"), 1)
    assert (state.phase, state.to_act) == ("draw_card", CHANCE)
    assert state.status() == {"game": "clecanian", "finished": False, "to_act": "chance"}
    assert len(state.chance_choices()) == 33
    assert "2C" not in choices(state)
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 33
    assert outcomes[card(state, "KS")] == pytest.approx(1 / 33)
    assert state.decision_count() == 5  # four reveals and the draw
    state.apply(card(state, "KS"))
    assert (state.phase, state.to_act) == ("use", 1)
    mine, theirs, public = state.view(1), state.view(0), state.public_view()
    assert (mine.drawn, mine.drawn_by, mine.drawn_from) == ("KS", 1, "stock")
    assert (theirs.drawn, theirs.drawn_by, theirs.drawn_from) == (None, 1, "stock")
    assert (public.drawn, public.drawn_by) == (None, 1)
    assert mine.log[-1] == (0, CHANCE, "chance", "KS")
    assert theirs.log[-1] == (0, CHANCE, "chance", None)
    assert public.log[-1] == (0, CHANCE, "chance", None)
    assert "KS" not in json.dumps(theirs.to_json()) + json.dumps(public.to_json())
    assert mine.stock_size == theirs.stock_size == 32
    state.apply(c_act("discard"), 1)
    for view in (state.view(0), state.public_view()):
        assert view.discard == ("2C", "KS")
        assert view.log[-2:] == ((0, CHANCE, "chance", "KS"), (0, 1, "discard", None))
        assert view.drawn is None
    assert (state.phase, state.to_act, state.public_view().turns) == ("draw", 0, 1)
    assert state.decision_count() == 6  # the card from the stock is chance, not a decision
    with pytest.raises(NoSuchSeatError, match="there is no seat 2"):
        state.view(2)


def test_draw_discard_takes_the_top_card_in_public() -> None:
    state = base()
    assert state.legal_actions() == (c_act("draw_stock"), c_act("draw_discard"))
    state.apply(c_act("draw_discard"), 1)
    for seat in (0, 1, None):
        view = state.view(seat)
        assert (view.drawn, view.drawn_by, view.drawn_from) == ("2C", 1, "discard")
        assert view.discard == ()
        assert view.stock_size == 33
    assert (state.phase, state.to_act) == ("use", 1)
    with pytest.raises(IllegalActionError, match="seat 1 cannot draw_stock: it already holds"):
        state.apply(c_act("draw_stock"), 1)


def test_draw_discard_refused_when_the_pile_is_empty() -> None:
    """draw_discard: the discard pile must not be empty. With the epilogue variant a joker
    first discard, drawn by a seat without a face-up woman, goes back into the stock and
    leaves the pile empty."""
    state = clecanian([G0, G1], "RJ", [*REVEALS, ev(1, "draw_discard")], epilogue=True)
    view = state.public_view()
    assert (view.discard, view.stock_size, view.turns) == ((), 34, 1)
    assert (state.phase, state.to_act) == ("draw", 0)
    assert state.legal_actions() == (c_act("draw_stock"),)
    with pytest.raises(IllegalActionError, match="seat 0 cannot draw_discard: the discard pile"):
        state.apply(c_act("draw_discard"), 0)
    assert state.public_view() == view
    state.apply(c_act("draw_stock"), 0)
    assert "RJ" in choices(state)


def test_swap_into_a_face_up_position() -> None:
    """swap: the drawn card goes face up into the position; the card that was there goes face
    up onto the discard pile. The turn is then over."""
    state = base()
    state.apply(c_act("draw_discard"), 1)
    state.apply(c_act("swap", 0), 1)
    view = state.view(0)
    assert view.grids[1] == ("2C", "7H", None, None, None, None, None, None, None, None)
    assert view.discard == ("6H",)
    assert (state.phase, state.to_act, view.turns, view.drawn) == ("draw", 0, 1, None)
    assert codes(state, 1) == ["2C", *G1[1:]]


def test_swap_into_a_face_down_position() -> None:
    state = base()
    state.apply(c_act("draw_stock"), 1)
    state.apply(card(state, "KS"))
    state.apply(c_act("swap", 7), 1)
    view = state.view(0)
    assert view.grids[1] == ("6H", "7H", None, None, None, None, None, "KS", None, None)
    assert view.discard == ("2C", "8S")
    assert view.log[-2:] == ((0, CHANCE, "chance", "KS"), (0, 1, "swap", 7))
    assert state.to_act == 0
    # The next seat may take the swapped-out card.
    state.apply(c_act("draw_discard"), 0)
    assert state.view(1).drawn == "8S"


def test_discard_is_allowed_whichever_pile_the_card_came_from() -> None:
    """Ruling: discard is allowed whichever pile the drawn card came from."""
    state = base()
    state.apply(c_act("draw_discard"), 1)
    assert c_act("discard") in state.legal_actions()
    assert len(state.legal_actions()) == 11
    state.apply(c_act("discard"), 1)
    view = state.public_view()
    assert (view.discard, view.turns, state.to_act) == (("2C",), 1, 0)
    assert view.grids[1] == ("6H", "7H", *[None] * 8)


def test_discard_draw_must_swap_option() -> None:
    """Option discard_draw_must_swap: a card taken from the discard pile must be swapped in;
    a card from the stock may still be discarded."""
    state = clecanian([G0, G1], "2C", REVEALS, discard_draw_must_swap=True)
    state.apply(c_act("draw_discard"), 1)
    assert state.legal_actions() == tuple(c_act("swap", p) for p in range(10))
    before = state.clone()
    with pytest.raises(IllegalActionError, match=r"must be swapped in \(discard_draw_must_swap\)"):
        state.apply(c_act("discard"), 1)
    assert state.view(1) == before.view(1)
    state.apply(c_act("swap", 2), 1)
    assert state.public_view().discard == ("8H",)
    state.apply(c_act("draw_stock"), 0)
    state.apply(card(state, "QS"))
    assert c_act("discard") in state.legal_actions()
    state.apply(c_act("discard"), 0)
    assert state.public_view().discard == ("8H", "QS")
    options = state.record()["options"]
    assert (options["players"], options["discard_draw_must_swap"]) == (2, True)
    assert replayed(state.record()).public_view() == state.public_view()


def test_discard_draw_must_swap_in_a_record_is_refused() -> None:
    events = [*REVEALS, ev(1, "draw_discard"), ev(1, "discard")]
    with pytest.raises(RecordError) as info:
        clecanian([G0, G1], "2C", events, discard_draw_must_swap=True)
    assert (info.value.round, info.value.event) == (0, 5)
    assert "seat 1 cannot discard" in str(info.value)


def test_actions_out_of_place_are_refused_and_change_nothing() -> None:
    state = base()
    before = state.clone()
    with pytest.raises(IllegalActionError, match="seat 1 cannot swap: it holds no drawn card"):
        state.apply(c_act("swap", 2), 1)
    with pytest.raises(IllegalActionError, match="seat 1 cannot discard: it holds no drawn card"):
        state.apply(c_act("discard"), 1)
    with pytest.raises(IllegalActionError, match="seat 1 cannot abduct now"):
        state.apply(c_act("abduct", 0), 1)
    with pytest.raises(IllegalActionError, match="it is seat 1's turn, not chance's"):
        state.apply(card(state, "KS"))
    state.apply(c_act("draw_stock"), 1)
    with pytest.raises(IllegalActionError, match="card 2C is not in the stock"):
        state.apply(card(state, "2C"))
    with pytest.raises(IllegalActionError, match="card 6H is not in the stock"):
        state.apply(card(state, "6H"))
    state.apply(card(state, "KS"))
    with pytest.raises(MatchmakerError, match="swap needs a grid position, not -1"):
        c_act("swap", -1)
    assert before.view(1).grids == state.view(1).grids
    assert state.view(1).drawn == "KS"


# ---------------------------------------------------------------------- the stock runs out
# Four players (grids of 8), jokers face down where nobody touches them. Seat 2 shows a woman
# (KH) at position 0 and hides RJ at position 2.
S_G0 = ["6C", "7C", "8C", "9C", "6D", "7D", "8D", "9D"]
S_G1 = ["6S", "7S", "8S", "9S", "TS", "TD", "BJ", "AC"]
S_G2 = ["KH", "7H", "RJ", "9H", "6H", "TH", "8H", "TC"]
S_G3 = ["2C", "3C", "4C", "5C", "JC", "QC", "KC", "AS"]
# The 21 cards of the stock (54 - 32 - 1), in the order they are drawn.
S_STOCK = [
    *["3S", "4S", "5S", "JS", "QS", "KS", "AH", "2H", "3H", "4H", "5H", "JH", "QH"],
    *["AD", "2D", "3D", "4D", "5D", "JD", "QD", "KD"],
]


def empty_stock() -> ClecanianState:
    """21 turns of draw_stock + discard (seats 1, 2, 3, 0, ...): the stock is empty, the discard
    pile holds 2S and the 21 drawn cards, and seat 2 is to play."""
    events = reveals(4, 0)
    for turn, code in enumerate(S_STOCK):
        events += stock_turn((turn + 1) % 4, code)
    state = clecanian([S_G0, S_G1, S_G2, S_G3], "2S", events)
    view = state.public_view()
    assert (view.stock_size, view.turns, state.to_act) == (0, 21, 2)
    assert view.discard == ("2S", *S_STOCK)
    return state


def test_empty_stock_is_rebuilt_from_the_discard_pile_but_its_top() -> None:
    """When a card must be drawn and the stock is empty, every card of the discard pile except
    its top card is shuffled to form a new stock (Ruling)."""
    state = empty_stock()
    assert state.legal_actions() == (c_act("draw_stock"), c_act("draw_discard"))
    state.apply(c_act("draw_stock"), 2)
    view = state.public_view()
    assert (view.discard, view.stock_size) == (("KD",), 21)
    assert choices(state) == sorted(["2S", *S_STOCK[:-1]])
    state.apply(card(state, "2S"))
    state.apply(c_act("swap", 1), 2)
    view = state.public_view()
    assert (view.discard, view.stock_size, view.grids[2][:2]) == (("KD", "7H"), 20, ("KH", "2S"))


def test_empty_stock_rebuilt_for_a_joker_refill_takes_the_joker_in() -> None:
    """The reshuffle also happens when a joker's refill needs a card: seat 2 takes KD from the
    discard pile and swaps it over its face-down RJ; seat 3 abducts KH, which goes on top of the
    pile with RJ under it; the new stock is everything else, RJ included."""
    state = empty_stock()
    state.apply(c_act("draw_discard"), 2)
    state.apply(c_act("swap", 2), 2)
    assert (state.phase, state.to_act) == ("abduct", 3)
    assert state.legal_actions() == [c_act("abduct", 0), c_act("abduct", 2)]
    state.apply(c_act("abduct", 0), 3)
    view = state.public_view()
    assert (state.phase, view.discard, view.stock_size) == ("refill_card", ("KH",), 22)
    assert choices(state) == sorted(["2S", *S_STOCK[:-1], "RJ"])
    state.apply(card(state, "RJ"))
    # RJ drawn as the refill is a joker in the grid: seat 2 shows KD (position 2), seat 3
    # abducts it, and refills follow: first KD's place, then RJ's own place.
    assert (state.phase, state.to_act) == ("abduct", 3)
    state.apply(c_act("abduct", 2), 3)
    assert state.public_view().discard == ("KH", "RJ", "KD")
    state.apply(card(state, "QD"))
    state.apply(card(state, "JD"))
    view = state.public_view()
    assert view.grids[2][:3] == ("JD", "7H", "QD")
    assert (view.stock_size, view.turns, state.to_act) == (19, 22, 3)


# ---------------------------------------------------------------------- the end of a round
# Three players, dealer 0. Seat 1 swaps stock cards into positions 2..9 on its 8 turns (turns
# 1, 4, ..., 22) while seats 2 and 0 take the discard pile's top card and throw it back.
E_G0 = ["6C", "7C", "QH", "RJ", "TC", "6D", "7D", "QC", "9D", "TD"]
E_G1 = G1
E_G2 = ["8C", "8D", "4C", "5C", "AS", "3S", "4S", "AH", "2D", "3D"]
E_SWAPS = ["KC", "JC", "3C", "AC", "2S", "KS", "JS", "QS"]
# Seat 1 at the end: [6H 7H KC JC 3C / AC 2S KS JS QS]: 7 + 9 + 0 (Theo x2) + 0 (Maladek x2)
# + 13 = 29. Seat 2 (flipped as dealt): (8C,3S) 11 + (8D,4S) 12 + (4C,AH) 5 + (5C,2D) 7
# + (AS,3D) 4 = 39.


def going_out(turns: int) -> list[dict[str, Any]]:
    """The events of the first ``turns`` turns of the going-out scenario."""
    events = reveals(3, 0)
    for t in range(turns):
        seat = (t + 1) % 3
        events += stock_turn(1, E_SWAPS[t // 3], 2 + t // 3) if seat == 1 else discard_turn(seat)
    return events


def test_a_seat_with_all_cards_face_up_triggers_the_end() -> None:
    """Once a seat has all its cards face up (after its turn), every other seat takes exactly
    one more turn, clockwise, then turns up its remaining face-down cards in position order."""
    state = clecanian([E_G0, E_G1, E_G2], "2C", going_out(21), rounds=1)
    assert state.public_view().ended_by is None
    state.apply(c_act("draw_stock"), 1)
    state.apply(card(state, "QS"))
    state.apply(c_act("swap", 9), 1)
    view = state.public_view()
    assert (view.ended_by, view.turns, state.to_act, state.phase) == (1, 22, 2, "draw")
    assert view.grids[1] == ("6H", "7H", "KC", "JC", "3C", "AC", "2S", "KS", "JS", "QS")
    top = view.discard[-1]
    assert top == "TS"
    # Seat 2's final turn: it throws the top card back, then flips everything.
    state.apply(c_act("draw_discard"), 2)
    state.apply(c_act("discard"), 2)
    view = state.public_view()
    assert view.grids[2] == tuple(E_G2)
    assert view.grids[0] == ("6C", "7C", *[None] * 8)
    assert (state.to_act, state.phase, view.turns) == (0, "draw", 23)
    # Seat 0's final turn: KD over position 9 (TD), then the flip in position order: QH at 2,
    # then RJ at 3, which finds QH and KD face up; seat 1 (left of 0) abducts one of them.
    state.apply(c_act("draw_stock"), 0)
    state.apply(card(state, "KD"))
    state.apply(c_act("swap", 9), 0)
    assert (state.phase, state.to_act) == ("abduct", 1)
    assert state.legal_actions() == [c_act("abduct", 2), c_act("abduct", 9)]
    view = state.public_view()
    assert view.victim == 0
    assert view.grids[0] == ("6C", "7C", "QH", None, None, None, None, None, None, "KD")
    assert state.position.grid[0][3] == -1  # the joker's place is empty, waiting for its refill
    state.apply(c_act("abduct", 9), 1)
    assert state.public_view().discard[-3:] == ("TD", "RJ", "KD")
    # First the abducted place is refilled, then the joker's own place.
    assert state.phase == "refill_card"
    state.apply(card(state, "KH"))
    assert state.public_view().grids[0][3] is None
    assert state.public_view().grids[0][9] == "KH"
    assert state.phase == "refill_card"
    state.apply(card(state, "5S"))
    # The flip went on (positions 4..8) and the round, the only one, is over.
    assert state.is_over
    view = state.public_view()
    assert view.grids[0] == ("6C", "7C", "QH", "5S", "TC", "6D", "7D", "QC", "9D", "KH")
    # Seat 0: (6C,6D) 12 + (7C,7D) 14 + (QH,QC) -10 + (5S,9D) 14 + (TC,KH) 20 = 50.
    assert state.status() == {
        "game": "clecanian",
        "finished": True,
        "scores": [50, 29, 39],
        "winners": [1],
        "round_scores": [[50, 29, 39]],
    }


def test_last_face_down_card_a_joker_swapped_out_still_triggers_the_end() -> None:
    """Seat 1's last face-down card is BJ: swapped out, it goes on the discard pile (no woman
    face up) and seat 1, all face up, triggers the end. Seat 2's final turn draws BJ from the
    pile: a joker-drawing turn is a whole turn, and seat 2 then flips its grid."""
    g1 = [*G1[:9], "BJ"]
    state = clecanian([E_G0, g1, E_G2], "2C", going_out(21), rounds=1)
    state.apply(c_act("draw_stock"), 1)
    state.apply(card(state, "QS"))
    state.apply(c_act("swap", 9), 1)
    view = state.public_view()
    assert (view.ended_by, view.turns, state.to_act) == (1, 22, 2)
    assert view.discard[-1] == "BJ"
    state.apply(c_act("draw_discard"), 2)
    view = state.public_view()
    assert view.discard[-1] == "BJ"
    assert view.grids[2] == tuple(E_G2)
    assert (view.turns, state.to_act, state.phase) == (23, 0, "draw")
    state.apply(c_act("draw_stock"), 0)
    state.apply(card(state, "TS"))  # not dealt: BJ took its place
    state.apply(c_act("discard"), 0)
    # Seat 0 flips QH at 2, then RJ at 3: seat 1 abducts QH (the only face-up woman).
    state.apply(c_act("abduct", 2), 1)
    state.apply(card(state, "KH"))
    state.apply(card(state, "5S"))
    assert state.is_over
    # Seat 0: 12 + 14 + (KH,QC) 20 + (5S,9D) 14 + (TC,TD) 20 = 80.
    assert state.status()["scores"] == [80, 29, 39]


def test_max_turns_counts_the_turns_of_each_round_afresh() -> None:
    """max_turns bounds the turns in a round: round 1 gets its own 2 turns."""
    rounds: list[dict[str, Any]] = [
        {"grids": [G0, G1], "discard": "2C", "events": [*REVEALS, *discard_turn(1)]},
        {"grids": [G0, G1], "discard": "2C", "events": [*reveals(2, 1), *discard_turn(0)]},
    ]
    state = replayed(record(2, rounds[:1], rounds=2, max_turns=2))
    assert (state.round, state.phase, state.to_act) == (0, "draw", 0)
    assert state.public_view().turns == 1
    rounds[0]["events"] += discard_turn(0)
    state = replayed(record(2, rounds, rounds=2, max_turns=2))
    view = state.public_view()
    assert (view.round, view.turns, state.phase, state.to_act) == (1, 1, "draw", 1)
    assert view.round_scores == ((80, 80),)
    rounds[1]["events"] += discard_turn(1)
    assert replayed(record(2, rounds, rounds=2, max_turns=2)).status()["scores"] == [160, 160]


FINAL_TURNS = [
    *[ev(1, "draw_stock"), chance("QS"), ev(1, "swap", pos=9)],
    *discard_turn(2),
    *[ev(0, "draw_stock"), chance("KD"), ev(0, "swap", pos=9)],
    *[ev(1, "abduct", pos=9), chance("KH"), chance("5S")],
]


def test_a_seat_out_of_turns_cannot_take_a_second_final_turn() -> None:
    """Every other seat takes exactly one more turn: the record cannot go on after them."""
    events = [*going_out(21), *FINAL_TURNS, *discard_turn(1)]
    with pytest.raises(RecordError, match="round 0, event 66: the round is already over"):
        clecanian([E_G0, E_G1, E_G2], "2C", events, rounds=1)


def test_a_turn_triggering_on_the_last_allowed_turn_still_gets_final_turns() -> None:
    """Ruling (termination): a turn that triggers the end triggers it normally, even if it is
    the last allowed turn; once the end is triggered the final turns are always played."""
    state = clecanian([E_G0, E_G1, E_G2], "2C", going_out(21), rounds=1, max_turns=22)
    state.apply(c_act("draw_stock"), 1)
    state.apply(card(state, "QS"))
    state.apply(c_act("swap", 9), 1)
    view = state.public_view()
    assert (view.ended_by, view.turns, state.to_act, state.phase) == (1, 22, 2, "draw")
    assert view.grids[0] == ("6C", "7C", *[None] * 8)
    full = clecanian([E_G0, E_G1, E_G2], "2C", going_out(21) + FINAL_TURNS, rounds=1, max_turns=22)
    assert full.status()["scores"] == [50, 29, 39]
    assert full.public_view().turns == 24


def test_max_turns_ends_a_round_nobody_went_out_of() -> None:
    """Ruling (termination): when max_turns turns are completed and the end has not been
    triggered, every seat, clockwise from the dealer's left, turns up all its face-down cards
    (jokers resolved as in the grid) and the round is over."""
    state = clecanian([E_G0, E_G1, E_G2], "2C", going_out(21), rounds=1, max_turns=21)
    # Seats 1 and 2 flipped first; seat 0 flipped QH at 2, then RJ at 3: QH is its only
    # face-up woman (TD still sits at 9).
    assert (state.phase, state.to_act) == ("abduct", 1)
    assert state.legal_actions() == [c_act("abduct", 2)]
    view = state.public_view()
    assert view.grids[1] == ("6H", "7H", "KC", "JC", "3C", "AC", "2S", "KS", "JS", "TS")
    assert view.grids[2] == tuple(E_G2)
    assert view.grids[0] == ("6C", "7C", "QH", None, None, None, None, None, None, None)
    assert (view.turns, view.ended_by) == (21, None)
    state.apply(c_act("abduct", 2), 1)
    state.apply(card(state, "KH"))
    state.apply(card(state, "5S"))
    assert state.is_over
    assert state.public_view().grids[0] == (
        *("6C", "7C", "KH", "5S", "TC"),
        *("6D", "7D", "QC", "9D", "TD"),
    )
    # Seat 0: 12 + 14 + (KH,QC) 20 + (5S,9D) 14 + (TC,TD) 20 = 80; seat 1: 7 + 9 + 0 + 0
    # + (3C,TS) 13 = 29; seat 2: 39.
    assert state.status()["scores"] == [80, 29, 39]


def test_max_turns_flips_clockwise_from_the_dealers_left() -> None:
    """Round 1 of 3 players has dealer 1: after max_turns the seats flip in the order 2, 0, 1.
    Seat 0 hides RJ at position 5, seat 1 hides BJ at position 5; nobody shows a woman."""
    r1_g0 = ["6C", "7C", "8C", "9C", "TC", "RJ", "7D", "8D", "9D", "TD"]
    r1_g1 = ["6H", "7H", "8H", "9H", "TH", "BJ", "7S", "8S", "9S", "TS"]
    r1_g2 = G2
    round1 = {
        "grids": [r1_g0, r1_g1, r1_g2],
        "discard": "JC",
        "events": [*reveals(3, 1), *discard_turn(2)],
    }
    state = replayed(record(3, [three_player_round(0), round1], rounds=2, max_turns=1))
    assert state.phase == "refill_card"
    view = state.public_view()
    assert view.grids[2] == tuple(G2)  # seat 2 flipped first
    assert view.grids[0] == ("6C", "7C", "8C", "9C", "TC", None, None, None, None, None)
    assert view.grids[1] == ("6H", "7H", *[None] * 8)  # seat 1 has not flipped yet
    assert view.discard == ("JC", "RJ")
    assert view.dealer == 1
    state.apply(card(state, "6D"))
    view = state.public_view()
    assert view.grids[0] == ("6C", "7C", "8C", "9C", "TC", "6D", "7D", "8D", "9D", "TD")
    assert view.grids[1] == ("6H", "7H", "8H", "9H", "TH", None, None, None, None, None)
    assert view.discard == ("JC", "RJ", "BJ")
    state.apply(card(state, "6S"))
    assert state.status() == {
        "game": "clecanian",
        "finished": True,
        "scores": [160, 160, 0],
        "winners": [2],
        "round_scores": [[80, 80, 0], [80, 80, 0]],
    }


def test_a_turn_that_drew_a_joker_counts_toward_max_turns() -> None:
    """A turn is one draw and what follows it, a turn that drew a joker included; the initial
    reveals are not turns."""
    state = base()
    assert state.public_view().turns == 0
    state = clecanian([G0, G1], "2C", [*REVEALS, ev(1, "draw_stock")], rounds=1, max_turns=2)
    state.apply(card(state, "RJ"))
    view = state.public_view()
    assert (view.turns, view.discard, state.to_act, state.phase) == (1, ("2C", "RJ"), 0, "draw")
    state.apply(c_act("draw_stock"), 0)
    state.apply(card(state, "AC"))
    state.apply(c_act("discard"), 0)
    assert state.is_over
    assert state.public_view().grids == (tuple(G0), tuple(G1))
    assert state.status()["scores"] == [80, 80]


# ---------------------------------------------------------------------------------- scoring
@pytest.mark.parametrize(
    ("top", "bottom", "score"),
    [
        ("KH", "KC", -10),  # Jade + Theo
        ("KS", "KD", -10),
        ("QD", "QS", -10),  # Sophia + Sikthand
        ("JH", "JC", -10),  # Katie + Maladek
        ("AH", "AC", -5),  # Alice + Luka
        ("2D", "2S", -5),  # Lily + Verakko
        ("3H", "3C", -5),  # Alejandra + Auzed
        ("4D", "4S", -5),  # Vanessa + Fejo
        ("5C", "5H", -5),  # Maxu + Meg
        ("4H", "4D", 0),  # two Vanessas
        ("KC", "KS", 0),  # two Theos
        ("AD", "AH", 0),  # two Alices
        ("KH", "QH", 20),  # Jade and Sophia: no couple
        ("KC", "QH", 20),  # Theo and Sophia: not mates
        ("AH", "4C", 5),  # Alice and Fejo: not mates
        ("5H", "9C", 14),
        ("6H", "6S", 12),  # a 6-T pair sums: no character
        ("TC", "TD", 20),
        ("7D", "AS", 8),
    ],
)
def test_column_score(top: str, bottom: str, score: int) -> None:
    """A column scores the couple's bonus if the two cards are mates, else 0 if both show the
    same character, else the sum of the two cards' point values."""
    deck = default()
    a, b = deck.by_code[top], deck.by_code[bottom]
    assert column_table(deck)[a][b] == score
    assert column_table(deck)[b][a] == score
    assert score_column(deck, deck.card(top), deck.card(bottom)) == score


def two_player_round(dealer: int, g0: list[str], g1: list[str], discard: str) -> dict[str, Any]:
    """A round ended by max_turns=1: the seat left of the dealer throws the discard back."""
    return {
        "grids": [g0, g1],
        "discard": discard,
        "events": [*reveals(2, dealer), *discard_turn(1 - dealer)],
    }


# Seat 1, round 0: five mated columns: -10 -10 -10 -5 -5 = -40.
MATED = ["KH", "QD", "JH", "AH", "2H", "KC", "QS", "JC", "AC", "2S"]


def test_round_and_game_scores_over_three_rounds() -> None:
    """A round's score is the sum over the seat's columns; the game score is the sum over the
    rounds; the lowest game score wins."""
    rounds = [
        two_player_round(0, G0, MATED, "3C"),  # [80, -40]
        two_player_round(
            1,
            # (4H,4D) 0, (5H,5C) -5, (3H,3S) -5, (6C,6S) 12, (9C,4S) 13 -> 15
            ["4H", "5H", "3H", "6C", "9C", "4D", "5C", "3S", "6S", "4S"],
            # (TC,9H) 19, (TD,9S) 19, (TH,8C) 18, (TS,8D) 18, (9D,8H) 17 -> 91
            ["TC", "TD", "TH", "TS", "9D", "9H", "9S", "8C", "8D", "8H"],
            "2C",
        ),
        two_player_round(
            0,
            # (KD,KS) -10, (KH,KC) -10, (7C,7H) 14, (7D,7S) 14, (AD,AS) -5 -> 3
            ["KD", "KH", "7C", "7D", "AD", "KS", "KC", "7H", "7S", "AS"],
            # (QH,QC) -10, (QD,2C) 12, (JD,JS) -10, (2D,2S) -5, (3D,3C) -5 -> -18
            ["QH", "QD", "JD", "2D", "3D", "QC", "2C", "JS", "2S", "3C"],
            "6H",
        ),
    ]
    partial = replayed(record(2, rounds[:2], max_turns=1))
    assert partial.public_view().round_scores == ((80, -40), (15, 91))
    assert partial.totals() == [95, 51]
    with pytest.raises(GameNotOverError, match="the game is not over yet"):
        partial.result()
    state = replayed(record(2, rounds, max_turns=1))
    assert state.status() == {
        "game": "clecanian",
        "finished": True,
        "scores": [98, 33],
        "winners": [1],
        "round_scores": [[80, -40], [15, 91], [3, -18]],
    }
    assert (state.to_act, state.phase, state.legal_actions()) == (-2, "over", ())
    with pytest.raises(IllegalActionError, match="seat 0 cannot draw_stock: the game is over"):
        state.apply(c_act("draw_stock"), 0)


def test_tied_lowest_game_scores_share_the_win() -> None:
    """Ruling: ties are shared."""
    rounds = [two_player_round(0, G0, MATED, "3C"), two_player_round(1, MATED, G0, "3C")]
    state = replayed(record(2, rounds, rounds=2, max_turns=1))
    assert state.status() == {
        "game": "clecanian",
        "finished": True,
        "scores": [40, 40],
        "winners": [0, 1],
        "round_scores": [[80, -40], [-40, 80]],
    }


def test_shared_win_among_two_of_three() -> None:
    """Seats 0 and 2 tie on the lowest score and share the win; seat 1 has 80."""
    # Every column of seat 0 shows one woman twice: 0 each. G2 (one man twice) also scores 0.
    twins = ["KH", "QH", "JH", "AH", "2H", "KD", "QD", "JD", "AD", "2D"]
    rnd = {"grids": [twins, G1, G2], "discard": "9C", "events": [*reveals(3, 0), *discard_turn(1)]}
    state = replayed(record(3, [rnd], rounds=1, max_turns=1))
    assert state.result().scores == (0, 80, 0)
    assert state.result().winners == (0, 2)
    assert state.status()["winners"] == [0, 2]


def test_four_player_reveal_position_range() -> None:
    """With 4 players the grid has positions 0..7 only."""
    g = [["KH", "QH", "JH", "AH", "KC", "QC", "JC", "AC"]]
    g += [["6C", "7C", "8C", "9C", "6D", "7D", "8D", "9D"]]
    g += [["6H", "7H", "8H", "9H", "6S", "7S", "8S", "9S"]]
    g += [["TC", "TD", "TH", "TS", "2C", "2D", "2H", "2S"]]
    state = clecanian(g, "3C")
    assert (state.phase, state.to_act) == ("reveal", 1)
    assert state.legal_actions() == [c_act("reveal", p) for p in range(8)]
    with pytest.raises(IllegalActionError, match="cannot reveal position 8: the grid has "):
        state.apply(c_act("reveal", 8), 1)
