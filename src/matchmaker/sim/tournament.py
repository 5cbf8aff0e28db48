"""``tournament``: a round-robin over seatings, rated with openskill (Plackett-Luce).

Every table of the game's player count is drawn from the bot list so that no bot is favoured
by its seat or its neighbours: every ordered choice of distinct bots for the seats (every
permutation) when there are at most ``MAX_SEATINGS`` of them, else a balanced design
(``balanced_blocks``). Seatings come in groups (the orders of one set of bots, or the rotations
of one block) whose ``k``-th games are all dealt from the same seed, so the luck of the cards
is paired between the bots of a group. Every seating is played ``games`` times. Ratings are
updated game by game in a fixed order (all seatings once, then all again, …), so the same seed
gives the same leaderboard whatever the number of workers or the backend.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from math import gcd, perm
from typing import Any

from openskill.models import PlackettLuce

from matchmaker.core.errors import MatchmakerError, OptionError
from matchmaker.core.game import Game
from matchmaker.core.registry import load_game
from matchmaker.core.result import ranks as ranks
from matchmaker.sim.runs import GameOutcome, GameSpec, ProgressHook, game_seed, run_games

#: Every permutation is played when there are at most this many; else a balanced design.
MAX_SEATINGS = 720
#: Blocks of the balanced design, as a multiple of the fewest that could seat every ordered
#: pair of bots at every distance once.
DESIGN_REPEATS = 2
#: Random starts of the search for each block of the balanced design.
DESIGN_RESTARTS = 6


def seating_groups(bots: Sequence[str], players: int) -> list[list[tuple[str, ...]]]:
    """The seatings of ``players`` seats from ``bots``, in groups that share their deals.

    With at most ``MAX_SEATINGS`` permutations: one group per set of bots (in the order of
    ``itertools.combinations``), holding every order of that set (``itertools.permutations``).
    Else one group per block of ``balanced_blocks``: the block and its rotations.

    >>> seating_groups(["a", "b", "c"], 2)
    [[('a', 'b'), ('b', 'a')], [('a', 'c'), ('c', 'a')], [('b', 'c'), ('c', 'b')]]
    """
    if perm(len(bots), players) <= MAX_SEATINGS:
        return [list(permutations(combo)) for combo in combinations(bots, players)]
    return [
        [
            tuple(block[(seat - shift) % players] for seat in range(players))
            for shift in range(players)
        ]
        for block in balanced_blocks(bots, players)
    ]


def seatings(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every table of ``players`` seats from ``bots``, group after group (``seating_groups``).

    >>> [" ".join(table) for table in seatings(["a", "b", "c"], 3)]
    ['a b c', 'a c b', 'b a c', 'b c a', 'c a b', 'c b a']
    """
    return [table for group in seating_groups(bots, players) for table in group]


def balanced_blocks(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Tables of ``players`` seats from ``bots`` for when every permutation is too many: each
    block is played with its rotations, so each of its bots holds each seat once.

    Blocks are chosen one at a time among the bots that have sat least so far (so every bot
    sits equally often), and arranged so that the ordered pairs at each distance around the
    table (``b`` sits ``d`` seats after ``a``) they hold have been seen as little as possible:
    from ``DESIGN_RESTARTS`` random starts, swaps of two seats or of a seated bot for an
    unseated one that has sat as often are made while they lower the count. The draws come
    from a generator seeded with the bot list alone, so the design depends on nothing else.
    The number of blocks is ``DESIGN_REPEATS`` times the fewest that could hold every ordered
    pair at every distance once, rounded up so that every bot sits equally often.
    """
    n = len(bots)
    fewest = -(-n * (n - 1) // players)
    step = n // gcd(n, players)
    count = -(-fewest * DESIGN_REPEATS // step) * step
    rng = random.Random("seatings/" + "/".join(bots) + f"/{players}")
    sat = [0] * n
    seen: dict[tuple[int, int, int], int] = {}

    def cost(block: list[int]) -> int:
        return sum(
            seen.get((block[i], block[(i + d) % players], d), 0)
            for i in range(players)
            for d in range(1, players)
        )

    blocks: list[tuple[str, ...]] = []
    for _ in range(count):
        best: list[int] = []
        best_cost = -1
        for _ in range(DESIGN_RESTARTS):
            order = sorted(range(n), key=lambda bot: (sat[bot], rng.random()))
            block, spare = order[:players], order[players:]
            rng.shuffle(block)
            # bots that may trade places with an unseated one without unbalancing the sittings
            edge = sat[block[-1]] if spare else -1
            spare = [bot for bot in spare if sat[bot] == edge]
            current = cost(block)
            improved = True
            while improved:
                improved = False
                for i in range(players):
                    for j in range(i + 1, players):
                        block[i], block[j] = block[j], block[i]
                        trial = cost(block)
                        if trial < current:
                            current, improved = trial, True
                        else:
                            block[i], block[j] = block[j], block[i]
                    for k, other in enumerate(spare):
                        if sat[block[i]] != edge:
                            break
                        mine = block[i]
                        block[i] = other
                        trial = cost(block)
                        if trial < current:
                            current, improved, spare[k] = trial, True, mine
                        else:
                            block[i] = mine
            if best_cost < 0 or current < best_cost:
                best, best_cost = list(block), current
        for i in range(players):
            sat[best[i]] += 1
            for d in range(1, players):
                key = (best[i], best[(i + d) % players], d)
                seen[key] = seen.get(key, 0) + 1
        blocks.append(tuple(bots[i] for i in best))
    return blocks


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
    #: Groups of seatings dealt the same cards (see ``seating_groups``).
    groups: int = 1

    def to_json(self) -> dict[str, Any]:
        """The tournament as JSON data."""
        return {
            "game": self.game,
            "options": self.options,
            "bots": list(self.bots),
            "seed": self.seed,
            "games_per_seating": self.games_per_seating,
            "seatings": [list(s) for s in self.seatings],
            "seating_groups": self.groups,
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
    backend: str = "local",
    address: str | None = None,
) -> TournamentResult:
    """Play ``games`` games at every seating of ``bots`` and rate them.

    Bots are distinct names, levels or ``package.module:ClassName`` (``NAME#LABEL`` enters a
    bot again under another name), at least one per seat. Game ``k·S + j`` (``S`` seatings)
    is the ``k``-th game of seating ``j``; it is dealt from the seed of deal ``k·G + g``
    (``G`` groups, ``g`` the seating's group), derived from ``seed`` and that number alone, so
    the seatings of a group play the same deals. ``backend`` and ``address`` are
    ``run_games``'s.

    >>> result = tournament("clecanian", ["random", "easy", "random"], 1)
    Traceback (most recent call last):
    ...
    matchmaker.core.errors.OptionError: bot 'random' is named twice: name each bot once
    """
    if games < 1:
        raise MatchmakerError("games must be at least 1")
    check_entrants(bots)
    table = table_game(game, bots, options)
    groups = seating_groups(bots, table.players)
    tables = [seating for group in groups for seating in group]
    group_of = [number for number, group in enumerate(groups) for _ in group]
    specs = [
        GameSpec(
            index=k * len(tables) + j,
            seed=game_seed(seed, k * len(groups) + group_of[j]),
            seats=tables[j],
        )
        for k in range(games)
        for j in range(len(tables))
    ]
    outcomes = run_games(
        table, specs, workers=workers, progress=progress, backend=backend, address=address
    )
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
        groups=len(groups),
    )
