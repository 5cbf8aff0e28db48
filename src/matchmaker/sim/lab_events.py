"""What happened in a played game, counted for the designer's lab from its record.

Each game's record is replayed through its engine, and the counts are read from what the
engine itself names: the happenings it reports (``state.happenings()``: a joker's strike, an
abduction, a reshuffle, a match, a loneliness, the cats left over), the action names of the
decisions (a Clecanian turn is one draw and what follows it; a Purrfect refusal is a
``reject``) and the column kinds of the public view (``previous_column_kinds``: couples and
same-character columns, as the scoring rules classify them). No rule is worked out here a
second time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from matchmaker.core.game import Game
from matchmaker.games.clecanian import happenings as clecanian_told
from matchmaker.games.clecanian.actions import BOTH_DRAWS
from matchmaker.games.clecanian.scoring import ColumnKind
from matchmaker.games.purrfect import happenings as purrfect_told
from matchmaker.games.purrfect.actions import REJECT


@dataclass(frozen=True)
class Measure:
    """One figure the lab estimates per game and averages over games.

    ``kind`` is ``"rate"`` for a figure that is 0 or 1 in each game (its interval is
    Wilson's) and ``"mean"`` otherwise (normal approximation). ``table`` is ``"mirror"`` for
    figures read from the games with the same bot at every seat and ``"skill"`` for skill
    gaps. ``timing`` marks the wall time, the one figure that differs between two runs of the
    same command.
    """

    key: str
    label: str
    description: str
    kind: str = "mean"
    digits: int = 2
    table: str = "mirror"
    timing: bool = False

    def to_json(self) -> dict[str, Any]:
        """The measure's entry in ``results.json``'s ``measures``."""
        return {
            "label": self.label,
            "description": self.description,
            "kind": self.kind,
            "table": self.table,
        }


#: A game's counted events: measure key -> the game's figure (None where it does not apply,
#: e.g. the rank of the seat that went out in a game where nobody did).
Counts = dict[str, float | None]

#: Counts the events of one finished game from its record.
Counter = Callable[[Game[Any], Mapping[str, Any]], Counts]


CLECANIAN_MEASURES = (
    Measure("turns", "turns", "turns a game, all rounds and seats together (a turn is a draw)"),
    Measure("rounds", "rounds", "rounds a game"),
    Measure(
        "jokers",
        "joker strikes",
        "jokers resolved a game: drawn, turned up, swapped out or taken as a refill",
    ),
    Measure("abductions", "abductions", "women abducted by a joker, a game"),
    Measure("couples", "couple columns", "columns holding a mated couple when rounds end, a game"),
    Measure(
        "same_columns",
        "same-character columns",
        "columns of two cards of one character when rounds end, a game",
    ),
    Measure(
        "turn_limit_rounds",
        "rounds at max_turns",
        "rounds a game that ended because max_turns turns were played with nobody out",
    ),
    Measure("reshuffles", "reshuffles", "times a game the discard pile became the stock again"),
    Measure(
        "out_rank",
        "going-out seat's rank",
        "the round rank of the seat that went out (1: the lowest round score; ties share the "
        "better rank), averaged over the game's rounds in which somebody went out",
    ),
)

PURRFECT_MEASURES = (
    Measure("rounds", "rounds (dates)", "rounds a game: each has one proposer"),
    Measure("matches", "matches (trades)", "matches a game: two cats change owners"),
    Measure("lonely", "Lonelinesses", "rounds a game that ended in Loneliness"),
    Measure("refusals", "refusals", "proposals rejected a game"),
    Measure(
        "no_trade", "games with no trade", "share of games without a single match", kind="rate"
    ),
    Measure("left_over", "cats left over", "cats still held when the game ended, a game"),
)


def clecanian_counts(game: Game[Any], record: Mapping[str, Any]) -> Counts:
    """Replay a Clecanian Golf record and count its turns, rounds, jokers, abductions, column
    kinds at each round's end, rounds ended by the turn limit, reshuffles, and the round rank
    of each seat that went out."""
    state = game.new_state()
    seen = 0
    turns = rounds = jokers = abductions = couples = same = limits = reshuffles = 0
    ranks: list[int] = []
    went_out: int | None = None
    for actor, action in game.record_events(record):
        state.apply(action, actor)
        if action in BOTH_DRAWS:
            turns += 1
        new = state.happenings(seen)
        seen += len(new)
        for happening in new:
            if isinstance(happening, clecanian_told.JokerStrikes | clecanian_told.NoWoman):
                jokers += 1
            elif isinstance(happening, clecanian_told.Abducted):
                abductions += 1
            elif isinstance(happening, clecanian_told.Reshuffled):
                reshuffles += 1
            elif isinstance(happening, clecanian_told.TurnLimit):
                limits += 1
            elif isinstance(happening, clecanian_told.WentOut):
                went_out = happening.seat
            elif isinstance(happening, clecanian_told.RoundScored):
                rounds += 1
                kinds = [k for seat in state.public_view().previous_column_kinds for k in seat]
                couples += kinds.count(ColumnKind.COUPLE)
                same += kinds.count(ColumnKind.SAME)
                if went_out is not None:
                    mine = happening.scores[went_out]
                    ranks.append(1 + sum(score < mine for score in happening.scores))
                went_out = None
    return {
        "turns": turns,
        "rounds": rounds,
        "jokers": jokers,
        "abductions": abductions,
        "couples": couples,
        "same_columns": same,
        "turn_limit_rounds": limits,
        "reshuffles": reshuffles,
        "out_rank": sum(ranks) / len(ranks) if ranks else None,
    }


def purrfect_counts(game: Game[Any], record: Mapping[str, Any]) -> Counts:
    """Replay a Purrfect Match record and count its rounds, matches, Lonelinesses, refusals
    and the cats left over at the end."""
    state = game.new_state()
    rounds = matches = lonely = refusals = left_over = 0
    for actor, action in game.record_events(record):
        state.apply(action, actor)
        if action == REJECT:
            refusals += 1
    for happening in state.happenings():
        if isinstance(happening, purrfect_told.ProposerChosen):
            rounds += 1
        elif isinstance(happening, purrfect_told.Matched):
            matches += 1
        elif isinstance(happening, purrfect_told.Lonely):
            lonely += 1
        elif isinstance(happening, purrfect_told.GameEnds):
            left_over = len(happening.left_over)
    return {
        "rounds": rounds,
        "matches": matches,
        "lonely": lonely,
        "refusals": refusals,
        "no_trade": float(matches == 0),
        "left_over": left_over,
    }


#: Each game's event measures and its counter, by game id.
EVENTS: dict[str, tuple[tuple[Measure, ...], Counter]] = {
    "clecanian": (CLECANIAN_MEASURES, clecanian_counts),
    "purrfect": (PURRFECT_MEASURES, purrfect_counts),
}


def event_measures(game_name: str) -> tuple[Measure, ...]:
    """The event measures of a game (none for a game the lab has no counter for)."""
    entry = EVENTS.get(game_name)
    return entry[0] if entry is not None else ()


def count_events(game: Game[Any], record: Mapping[str, Any]) -> Counts:
    """The event counts of one finished game of ``game`` from its record."""
    entry = EVENTS.get(game.name)
    return entry[1](game, record) if entry is not None else {}
