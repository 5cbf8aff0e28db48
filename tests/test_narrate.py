"""Narration: every event of whole games of both games, every option, is told to every seat
and to a spectator, naming its cards and its places (counted from 1), and never naming what
the seat it is told to cannot know."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from matchmaker.bots.talk import a_cat
from matchmaker.core.actions import CHANCE
from matchmaker.core.driver import Driver, Step
from matchmaker.core.registry import load_game
from matchmaker.games.clecanian import happenings as golf
from matchmaker.games.clecanian.phases import Phase as GolfPhase
from matchmaker.games.purrfect import happenings as cats
from matchmaker.games.purrfect.phases import Phase as CatPhase
from matchmaker.words import seat_labels, words_for
from matchmaker.words.clecanian import ClecanianWords

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]

CLECANIAN_OPTIONS: list[dict[str, Any]] = [
    {"players": 2, "max_turns": 60},
    {"players": 3, "epilogue": True, "max_turns": 40},
    {"players": 4, "discard_draw_must_swap": True, "rounds": 2},
    {"players": 2, "epilogue": True, "discard_draw_must_swap": True, "max_turns": 12},
    {"players": 4, "epilogue": True, "max_turns": 8, "rounds": 1},
    {"players": 3, "rounds": 1, "max_turns": 400},
]
PURRFECT_OPTIONS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "first_proposer": "random"},
    {"players": 4, "deck": "faq38"},
    {"players": 5, "first_proposer": 3},
    {"players": 6, "deck": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] * 2},
    {"players": 8},
]


def play(name: str, options: dict[str, Any], seed: int) -> list[tuple[Step, list[Any], list[Any]]]:
    """A random game through the driver: every step with every viewer's view before and
    after it (the seats, then a spectator)."""
    game = load_game(name, options)
    driver = Driver(game)
    viewers = [*range(game.players), None]
    rng = random.Random(seed)
    before = [driver.state.view(v) for v in viewers]
    played = []
    while not driver.state.is_over:
        if driver.to_act == CHANCE:
            step = driver.deal(rng)
        else:
            legal = driver.legal()
            step = driver.play(legal[rng.randrange(len(legal))])
        after = [driver.state.view(v) for v in viewers]
        played.append((step, before, after))
        before = after
    return played


Told = tuple[Any, Any, list[str], Step, list[Any], list[list[str]]]


def tell(name: str, options: dict[str, Any], seed: int) -> Iterator[Told]:
    """Every step with what it told each viewer: (game, its words, the seat names, the step,
    every viewer's view before it, what it told every viewer)."""
    game = load_game(name, options)
    words = words_for(game)
    names = seat_labels(["human"] * game.players, NAMES[: game.players])
    for step, before, after in play(name, options, seed):
        told = [words.narrate(step, b, a, names) for b, a in zip(before, after, strict=True)]
        for lines in told:
            assert all(isinstance(line, str) and line.strip() for line in lines)
        yield game, words, names, step, before, told


def test_clecanian_every_event_is_told_with_its_cards_and_places() -> None:
    kinds: set[str] = set()
    for options, seed in ((o, seed) for o in CLECANIAN_OPTIONS for seed in range(3)):
        for _, words, names, step, before, told in tell("clecanian", options, seed):
            assert isinstance(words, ClecanianWords)
            everyone = [" ".join(lines) for lines in told]
            if step.actor != CHANCE:
                for viewer, text in enumerate(everyone):
                    assert text, f"a {step.action.name} was told nothing to viewer {viewer}"
                    assert names[step.actor] in text
                    if step.action.arg is not None:
                        assert words.place_name(int(step.action.arg)) in text
                if step.action.name == "draw_discard":
                    top = before[-1].discard[-1]
                    assert all(words.card_name(top) in t or top in t for t in everyone)
            elif step.phase == GolfPhase.DRAW_CARD:
                code = str(step.action.arg)
                for viewer, text in enumerate(everyone):
                    if step.seen[viewer].arg is None:
                        assert words.card_name(code) not in text, "a hidden card was told"
                    else:
                        assert code in text or words.card_name(code) in text
            for happening in step.happenings:
                kinds.add(type(happening).__name__)
                for text in everyone:
                    check_clecanian_happening(words, names, happening, text)
    every = {name for name in dir(golf) if isinstance(getattr(golf, name), type)}
    assert kinds == every - {"Any", "NamedTuple"}, "the games above must set off every kind"


def check_clecanian_happening(words: ClecanianWords, names: list[str], h: Any, text: str) -> None:
    """The happening's cards, places and seats are named in what was told."""
    if isinstance(h, golf.TurnedUp | golf.Refilled):
        assert words.place_name(h.pos) in text and names[h.seat] in text
        assert h.card in text or words.card_name(h.card) in text
    elif isinstance(h, golf.SwappedOut):
        assert words.card_name(h.placed) in text
        assert h.removed in text or words.card_name(h.removed) in text
    elif isinstance(h, golf.Discarded):
        assert words.card_name(h.card) in text
    elif isinstance(h, golf.Dealt):
        assert words.card_name(h.discard) in text and names[h.dealer] in text
    elif isinstance(h, golf.JokerStrikes):
        assert h.joker in text and names[h.victim] in text and names[h.abductor] in text
    elif isinstance(h, golf.NoWoman):
        assert h.joker in text and names[h.victim] in text
    elif isinstance(h, golf.Abducted):
        assert words.card_name(h.woman) in text and words.place_name(h.pos) in text
    elif isinstance(h, golf.JokerPlaced):
        assert h.joker in text and ("discard pile" in text or "stock" in text)
    elif isinstance(h, golf.Reshuffled):
        assert "shuffled into a new stock" in text and str(h.cards) in text
    elif isinstance(h, golf.WentOut):
        assert names[h.seat] in text and "final turn" in text
    elif isinstance(h, golf.TurnLimit):
        assert f"{h.turns} turns" in text
    elif isinstance(h, golf.RoundScored):
        assert f"Round {h.round + 1} is over" in text
        assert all(f"{names[s]} {v}" in text for s, v in enumerate(h.scores))
    elif isinstance(h, golf.GameEnds):
        assert "game is over" in text and all(names[s] in text for s in h.winners)
    else:
        raise AssertionError(f"a happening of an unknown kind: {h!r}")


def test_purrfect_every_event_is_told_with_its_cats() -> None:
    kinds: set[str] = set()
    for options, seed in ((o, seed) for o in PURRFECT_OPTIONS for seed in range(4)):
        for _, _, names, step, before, told in tell("purrfect", options, seed):
            everyone = [" ".join(lines) for lines in told]
            action = step.action
            if step.actor != CHANCE:
                for viewer, text in enumerate(everyone):
                    assert text and names[step.actor] in text
                    if action.name == "present":
                        assert a_cat(action.arg) in text
                    if action.name == "nominate" and viewer == step.actor:
                        assert f"puts {a_cat(action.arg)} face down" in text
                    elif action.name == "nominate":
                        assert "puts a candidate face down" in text
                    if action.name in ("pass", "propose"):
                        owner = before[viewer].inspecting
                        assert names[owner] in text
            elif step.phase == CatPhase.CHOOSE_FIRST_PROPOSER:
                assert all(names[int(str(action.arg))] in t for t in everyone)
            for happening in step.happenings:
                kinds.add(type(happening).__name__)
                for text in everyone:
                    check_purrfect_happening(names, happening, text)
    every = {name for name in dir(cats) if isinstance(getattr(cats, name), type)}
    assert kinds == every - {"Any", "NamedTuple"}, "the games above must set off every kind"


def check_purrfect_happening(names: list[str], h: Any, text: str) -> None:
    """The happening's seats and cats are named in what was told."""
    if isinstance(h, cats.Dealt):
        assert f"{h.hand_size} to each seat" in text
    elif isinstance(h, cats.ProposerChosen):
        assert f"Round {h.round + 1}: {names[h.proposer]} proposes" in text
        if h.designated != h.proposer:
            assert f"{names[h.designated]} holds no cats" in text
    elif isinstance(h, cats.CandidateReturns):
        assert f"{names[h.seat]}'s standing candidate goes back" in text
    elif isinstance(h, cats.Matched):
        assert f"claims {names[h.owner]}'s {h.candidate}" in text
        assert f"claims {names[h.proposer]}'s {h.proposer_cat}" in text
    elif isinstance(h, cats.Lonely):
        assert f"{names[h.proposer]}'s {h.cat} is discarded" in text
        assert all(names[s] in text for s in h.returned)
    elif isinstance(h, cats.SitsOut):
        assert f"{names[h.seat]} holds no cats any more" in text
    elif isinstance(h, cats.GameEnds):
        assert "the game is over" in text
    else:
        raise AssertionError(f"a happening of an unknown kind: {h!r}")


def test_a_seat_is_told_its_own_cats_and_the_candidates_it_inspects_others_are_not() -> None:
    for _, _, names, step, _, told in tell("purrfect", {"players": 3}, 11):
        for happening in step.happenings:
            if isinstance(happening, cats.Dealt):
                for seat in range(3):
                    assert any(line.startswith(f"{names[seat]}'s cats:") for line in told[seat])
                assert not any("'s cats:" in line for line in told[-1])
        if step.actor == CHANCE:
            continue
        for viewer, lines in enumerate(told):
            for line in lines:
                match = re.match(r"(\w+) looks at (\w+)'s candidate(: an? \d+)?\.", line)
                if match:
                    proposer = NAMES.index(match.group(1))
                    assert (match.group(3) is not None) == (viewer == proposer), line


def test_the_proposer_is_spoken_to_as_you_in_every_phase_of_a_round() -> None:
    words = words_for(load_game("purrfect", {"players": 3}))
    names = ["Ann", "Ben", "Cy"]
    seen = set()
    for seed in range(3):
        for _step, before, _after in play("purrfect", {"players": 3}, seed):
            for view in before:
                if view.seat is None or view.proposer != view.seat:
                    continue
                if view.to_act == view.seat or view.phase not in (
                    CatPhase.NOMINATE,
                    CatPhase.INSPECT,
                    CatPhase.RESPOND,
                ):
                    continue
                line = words.status(view, names)
                assert "You show" in line and "shows" not in line, line
                assert not re.search(r"\band (looks|proposes)\b", line), line
                seen.add(view.phase)
    assert seen == {CatPhase.NOMINATE, CatPhase.RESPOND}  # inspecting is the proposer's turn


def test_a_final_turn_is_announced_to_the_seat_whose_last_turn_it_is() -> None:
    game = load_game("clecanian", players=3, rounds=1)
    words = words_for(game)
    names = ["Ann", "Ben", "Cid"]
    rng = random.Random(5)
    driver = Driver(game)
    told = 0
    while not driver.state.is_over:
        state = driver.state
        if state.to_act == CHANCE:
            driver.play(rng.choice(state.chance_choices()), CHANCE)
            continue
        seat = state.to_act
        view = state.view(seat)
        if view.ended_by is not None and view.phase is GolfPhase.DRAW:
            assert "this is your last turn, and your face-down cards turn up after it" in (
                words.status(view, names)
            )
            other = state.view((seat + 1) % 3)
            assert "final turn" in words.status(other, names)
            assert "your last turn" not in words.status(other, names)
            told += 1
        driver.play(rng.choice(driver.legal()), seat)
    assert told == 2  # the two seats after the one that went out


def test_the_drawer_is_told_it_draws_as_you() -> None:
    game = load_game("clecanian", players=2)
    words = words_for(game)
    driver = Driver(game)
    rng = random.Random(2)
    while driver.state.phase != GolfPhase.DRAW_CARD:
        state = driver.state
        if state.to_act == CHANCE:
            driver.play(rng.choice(state.chance_choices()), CHANCE)
        else:
            legal = driver.legal()
            stock = [a for a in legal if a.name == "draw_stock"]
            driver.play((stock or [rng.choice(legal)])[0], state.to_act)
    drawer = driver.state.view(None).turn_seat
    names = ["Ann", "Ben"]
    assert words.status(driver.state.view(drawer), names) == "You draw from the stock."
    other = words.status(driver.state.view(1 - drawer), names)
    assert other == f"{names[drawer]} draws from the stock."
