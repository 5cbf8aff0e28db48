"""``tournament``: a round-robin over seatings, rated with openskill (Plackett-Luce).

Every table of the game's player count is drawn from the bot list: each combination of
distinct bots, rotated through the seats so that each bot of the combination holds each seat
once. Every seating is played ``games`` times. Ratings are updated game by game in a fixed
order (all seatings once, then all again, …), so the same seed gives the same leaderboard
whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from openskill.models import PlackettLuce

from matchmaker.core.errors import MatchmakerError, OptionError
from matchmaker.core.game import Game
from matchmaker.core.registry import load_game
from matchmaker.sim.runs import GameOutcome, GameSpec, ProgressHook, game_seed, run_games


def seatings(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every table of ``players`` seats from ``bots``: each combination, rotated.

    >>> seatings(["a", "b", "c"], 2)
    [('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b')]
    """
    tables = []
    for combo in combinations(bots, players):
        for shift in range(players):
            tables.append(tuple(combo[(seat - shift) % players] for seat in range(players)))
    return tables


def ranks(scores: Sequence[int], winners: Sequence[int]) -> list[float]:
    """Each seat's rank (1 is best; equal scores share a rank). Whether a higher or a lower
    score is better is read from the winners: they hold the best score.

    >>> ranks([3, 7, 7], [1, 2])
    [3.0, 1.0, 1.0]
    >>> ranks([-4, 10, -4], [0, 2])
    [1.0, 3.0, 1.0]
    """
    lower_is_better = scores[winners[0]] == min(scores)
    sign = 1 if lower_is_better else -1
    return [1.0 + sum(sign * other < sign * score for other in scores) for score in scores]


@dataclass(frozen=True)
class Standing:
    """One line of the leaderboard. ``ordinal`` is ``mu - 3·sigma``, a conservative skill
    estimate; a shared win counts as a win for each winner."""

    name: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int

    def to_json(self) -> dict[str, Any]:
        """The standing as JSON data."""
        return {
            "name": self.name,
            "ordinal": round(self.ordinal, 6),
            "mu": round(self.mu, 6),
            "sigma": round(self.sigma, 6),
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 6),
        }


@dataclass(frozen=True)
class TournamentResult:
    """Every game of a tournament and the leaderboard (best first)."""

    game: str
    title: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    games_per_seating: int
    seatings: tuple[tuple[str, ...], ...]
    outcomes: tuple[GameOutcome, ...]
    leaderboard: tuple[Standing, ...]

    def to_json(self) -> dict[str, Any]:
        """The tournament as JSON data."""
        return {
            "game": self.game,
            "options": self.options,
            "bots": list(self.bots),
            "seed": self.seed,
            "games_per_seating": self.games_per_seating,
            "seatings": [list(s) for s in self.seatings],
            "games": len(self.outcomes),
            "leaderboard": [s.to_json() for s in self.leaderboard],
        }


def check_entrants(bots: Sequence[str]) -> None:
    """OptionError unless ``bots`` names at least two bots, each once."""
    for name in bots:
        if list(bots).count(name) > 1:
            raise OptionError(f"bot {name!r} is named twice: name each bot once")
    if len(bots) < 2:
        raise OptionError("a tournament needs at least two bots")


def table_game(
    game: str | Game[Any], bots: Sequence[str], options: Mapping[str, Any] | None = None
) -> Game[Any]:
    """The game at every table: the options' player count, else the game's default player
    count lowered to the number of bots."""
    if isinstance(game, Game):
        if options:
            raise OptionError("give options either in the game or as options, not both")
        table = game
    else:
        raw = dict(options or {})
        table = load_game(game, raw)
        if "players" not in raw and table.players > len(bots):
            table = load_game(game, {**raw, "players": len(bots)})
    if len(bots) < table.players:
        raise OptionError(
            f"{len(bots)} bots for {table.players}-player tables: "
            "a tournament needs at least one bot per seat"
        )
    return table


def rate(bots: Sequence[str], outcomes: Sequence[GameOutcome]) -> tuple[Standing, ...]:
    """Rate ``bots`` from ``outcomes`` in order with openskill's Plackett-Luce model; the
    standings, best ordinal first."""
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in bots}
    games = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0)
    for outcome in outcomes:
        teams = [[ratings[name]] for name in outcome.seats]
        rated = model.rate(teams, ranks=ranks(outcome.scores, outcome.winners))
        for seat, name in enumerate(outcome.seats):
            ratings[name] = rated[seat][0]
            games[name] += 1
            wins[name] += seat in outcome.winners
    standings = [
        Standing(
            name=name,
            mu=float(ratings[name].mu),
            sigma=float(ratings[name].sigma),
            ordinal=float(ratings[name].ordinal()),
            games=games[name],
            wins=wins[name],
        )
        for name in bots
    ]
    standings.sort(key=lambda s: (-s.ordinal, -s.mu, s.name))
    return tuple(standings)


def tournament(
    game: str | Game[Any],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    *,
    options: Mapping[str, Any] | None = None,
    progress: ProgressHook | None = None,
) -> TournamentResult:
    """Play ``games`` games at every seating of ``bots`` and rate them.

    Bots are distinct names, levels or ``package.module:ClassName``, at least one per seat.
    Game ``k·S + j`` (``S`` seatings) is the ``k``-th game of seating ``j``; its seed comes
    from ``seed`` and that index alone.

    >>> result = tournament("clecanian", ["random", "easy", "random"], 1)
    Traceback (most recent call last):
    ...
    matchmaker.core.errors.OptionError: bot 'random' is named twice: name each bot once
    """
    if games < 1:
        raise MatchmakerError("games must be at least 1")
    check_entrants(bots)
    table = table_game(game, bots, options)
    tables = seatings(bots, table.players)
    specs = [
        GameSpec(index=index, seed=game_seed(seed, index), seats=tables[index % len(tables)])
        for index in range(games * len(tables))
    ]
    outcomes = run_games(table, specs, workers=workers, progress=progress)
    return TournamentResult(
        game=table.name,
        title=table.title,
        options=table.options_dict(),
        bots=tuple(bots),
        seed=seed,
        games_per_seating=games,
        seatings=tuple(tables),
        outcomes=tuple(outcomes),
        leaderboard=rate(bots, outcomes),
    )
