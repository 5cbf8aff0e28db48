"""``simulate``: many games among the same bots, and the statistics a designer reads.

Game ``i`` is played with a seed derived from the run's seed and ``i`` alone, and the results
are gathered in game order, so the same seed, bots and options give the same figures whatever
the number of worker processes.

A bot named at several seats (``greedy,greedy``) is one entry of the statistics, pooled over
its seats: each seat it holds in a game counts as one of its games. A shared win counts as a
win for every winner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matchmaker.core.errors import MatchmakerError, OptionError
from matchmaker.core.game import Game
from matchmaker.core.registry import game_class, load_game
from matchmaker.sim.runs import (
    GameOutcome,
    GameSpec,
    ProgressHook,
    game_seed,
    lower_score_wins,
    run_games,
)
from matchmaker.sim.stats import Interval, five_numbers, mean, mean_interval, wilson_interval


@dataclass(frozen=True)
class BotStats:
    """The figures of one bot, pooled over every seat it held.

    ``games`` counts seat-games (a bot at two seats of 100 games has 200), ``tables`` the games
    it sat in. ``mean_score_diff`` is the mean of (its score - the mean score of the other
    seats of that game). Intervals are 95%: Wilson for the win rate, normal approximation for
    means (None with fewer than two seat-games).
    """

    name: str
    games: int
    tables: int
    wins: int
    win_rate: float
    win_rate_ci: Interval
    mean_score: float
    mean_score_ci: Interval | None
    mean_score_diff: float
    mean_score_diff_ci: Interval | None
    mean_length: float
    quantiles: tuple[float, float, float, float, float]
    scores: tuple[int, ...] = field(repr=False)

    def to_json(self) -> dict[str, Any]:
        """The bot's entry in ``results.json`` (the raw scores are left out)."""
        q = self.quantiles
        return {
            "games": self.games,
            "tables": self.tables,
            "wins": self.wins,
            "losses": self.games - self.wins,
            "win_rate": _r(self.win_rate),
            "win_rate_ci": _ci(self.win_rate_ci),
            "mean_score": _r(self.mean_score),
            "mean_score_ci": _ci(self.mean_score_ci),
            "mean_score_diff": _r(self.mean_score_diff),
            "mean_score_diff_ci": _ci(self.mean_score_diff_ci),
            "mean_length": _r(self.mean_length),
            "score_quantiles": {
                "min": q[0],
                "q25": _r(q[1]),
                "median": _r(q[2]),
                "q75": _r(q[3]),
                "max": q[4],
            },
        }


@dataclass(frozen=True)
class SeatStats:
    """The figures of one seat over all games, whoever sat there."""

    seat: int
    games: int
    wins: int
    win_rate: float
    win_rate_ci: Interval
    mean_score: float
    mean_score_ci: Interval | None

    def to_json(self) -> dict[str, Any]:
        """The seat's entry in ``results.json``'s ``by_seat``."""
        return {
            "seat": self.seat,
            "games": self.games,
            "wins": self.wins,
            "win_rate": _r(self.win_rate),
            "win_rate_ci": _ci(self.win_rate_ci),
            "mean_score": _r(self.mean_score),
            "mean_score_ci": _ci(self.mean_score_ci),
        }


@dataclass(frozen=True)
class SimulationResult:
    """The outcome of every game of a run and the statistics drawn from them."""

    game: str
    title: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    swap_seats: bool
    outcomes: tuple[GameOutcome, ...]
    #: Whether the bots held their table talk (Purrfect Match); false: played in silence.
    talk: bool = True

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.outcomes)

    @property
    def players(self) -> int:
        """Seats per game."""
        return len(self.bots)

    @property
    def silenced(self) -> bool:
        """Whether the run left out table talk that the game has (Clecanian Golf has none)."""
        return not self.talk and game_class(self.game).talk_phase is not None

    @property
    def lower_score_wins(self) -> bool | None:
        """True if the lowest score wins, False if the highest, None if no game tells."""
        return lower_score_wins(self.outcomes)

    def bot_names(self) -> list[str]:
        """Each bot name once, in the order first given."""
        return list(dict.fromkeys(self.bots))

    def bot_stats(self) -> dict[str, BotStats]:
        """The figures of each bot (in the order first given), pooled over its seats."""
        return {name: _bot_stats(name, self.outcomes) for name in self.bot_names()}

    def seat_stats(self) -> list[SeatStats]:
        """The figures of each seat: the seat advantage (seat 0 is the first seat)."""
        return [_seat_stats(seat, self.outcomes) for seat in range(self.players)]

    def to_json(self) -> dict[str, Any]:
        """The content of ``results.json``."""
        return {
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "bots_at_seats": list(self.bots),
            "swap_seats": self.swap_seats,
            "talk": self.talk,
            "seed": self.seed,
            "games": self.games,
            "lower_score_wins": self.lower_score_wins,
            "bots": {name: stats.to_json() for name, stats in self.bot_stats().items()},
            "by_seat": [stats.to_json() for stats in self.seat_stats()],
        }


def _r(value: float) -> float:
    return round(value, 6)


def _ci(interval: Interval | None) -> list[float] | None:
    return None if interval is None else [_r(interval[0]), _r(interval[1])]


def _bot_stats(name: str, outcomes: Sequence[GameOutcome]) -> BotStats:
    scores: list[int] = []
    diffs: list[float] = []
    lengths: list[int] = []
    wins = tables = 0
    for outcome in outcomes:
        seats = [seat for seat, bot in enumerate(outcome.seats) if bot == name]
        tables += bool(seats)
        total = sum(outcome.scores)
        others = len(outcome.scores) - 1
        for seat in seats:
            score = outcome.scores[seat]
            scores.append(score)
            diffs.append(score - (total - score) / others)
            lengths.append(outcome.length)
            wins += seat in outcome.winners
    games = len(scores)
    if games == 0:
        raise MatchmakerError(f"bot {name!r} played no game")
    return BotStats(
        name=name,
        games=games,
        tables=tables,
        wins=wins,
        win_rate=wins / games,
        win_rate_ci=wilson_interval(wins, games),
        mean_score=mean(scores),
        mean_score_ci=mean_interval(scores),
        mean_score_diff=mean(diffs),
        mean_score_diff_ci=mean_interval(diffs),
        mean_length=mean(lengths),
        quantiles=five_numbers(scores),
        scores=tuple(scores),
    )


def _seat_stats(seat: int, outcomes: Sequence[GameOutcome]) -> SeatStats:
    scores = [outcome.scores[seat] for outcome in outcomes]
    wins = sum(seat in outcome.winners for outcome in outcomes)
    return SeatStats(
        seat=seat,
        games=len(outcomes),
        wins=wins,
        win_rate=wins / len(outcomes),
        win_rate_ci=wilson_interval(wins, len(outcomes)),
        mean_score=mean(scores),
        mean_score_ci=mean_interval(scores),
    )


def seating(bots: Sequence[str], index: int, swap_seats: bool) -> tuple[str, ...]:
    """The bot at each seat in game ``index``: the list as given, or with ``swap_seats`` the
    list rotated so that bot ``j`` sits at seat ``(j + index) mod n``.

    >>> seating(["a", "b", "c"], 1, True)
    ('c', 'a', 'b')
    """
    n = len(bots)
    if not swap_seats:
        return tuple(bots)
    return tuple(bots[(seat - index) % n] for seat in range(n))


def game_for_bots(
    game: str | Game[Any], bots: Sequence[str], options: Mapping[str, Any] | None = None
) -> Game[Any]:
    """The game to simulate: one seat per bot. OptionError if the options name another
    player count or the game cannot seat that many."""
    n = len(bots)
    if isinstance(game, Game):
        if options:
            raise OptionError("give options either in the game or as options, not both")
        if game.players != n:
            raise OptionError(f"{n} bots for {game.players} seats: give one bot per seat")
        return game
    raw = dict(options or {})
    asked = raw.get("players")
    if asked is not None and asked != n:
        raise OptionError(f"{n} bots for {asked} players: give one bot per seat")
    raw["players"] = n
    try:
        return load_game(game, raw)
    except OptionError as exc:
        if str(exc).startswith("option players"):
            raise OptionError(f"{n} bots given: {exc}") from None
        raise


def simulate(
    game: str | Game[Any],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    swap_seats: bool = False,
    *,
    options: Mapping[str, Any] | None = None,
    records_dir: Path | None = None,
    progress: ProgressHook | None = None,
    backend: str = "local",
    address: str | None = None,
    talk: bool = True,
) -> SimulationResult:
    """Play ``games`` games with one bot per seat (``bots[i]`` at seat ``i``, or rotated
    game by game with ``swap_seats``) and gather the results; with ``talk`` false the bots
    play without table talk.

    ``game`` is a game id (built with ``options`` and one seat per bot) or a Game. Bots are
    names, levels or ``package.module:ClassName`` (``NAME#LABEL`` enters a bot again under
    another name). ``records_dir`` receives every game's record; ``progress`` is called with
    the number of games just finished; ``backend`` and ``address`` are ``run_games``'s.

    >>> result = simulate("clecanian", ["random", "random"], games=3, seed=1)
    >>> result.bot_stats()["random"].games
    6
    """
    if games < 1:
        raise MatchmakerError("games must be at least 1")
    if not bots:
        raise OptionError("no bots given")
    table = game_for_bots(game, bots, options)
    specs = [
        GameSpec(index=i, seed=game_seed(seed, i), seats=seating(bots, i, swap_seats), talk=talk)
        for i in range(games)
    ]
    outcomes = run_games(
        table,
        specs,
        workers=workers,
        records_dir=records_dir,
        progress=progress,
        backend=backend,
        address=address,
    )
    return SimulationResult(
        game=table.name,
        title=table.title,
        options=table.options_dict(),
        bots=tuple(bots),
        seed=seed,
        swap_seats=swap_seats,
        outcomes=tuple(outcomes),
        talk=talk,
    )
