"""Ratings of rated tables, leaderboards and public profiles (docs/web.md, *Ratings*).

A rated game is rated once, as it ends, with openskill's Plackett-Luce model: its ratings go in
the same write as the game's end, so a game is rated exactly when it is stored as finished and
a restart never rates it again. The ranks come from the final result (``core.result.ranks``:
the winners say whether a higher or a lower score is better; equal scores share a rank); a
seat whose person had left, and whose game a stand-in bot finished, ranks last. A person is
rated as their account; a bot by its name (``bot:hard``), so that bots carry public ratings of
their own and anchor the scale.

The current ratings are kept in memory as well (read from the database when first asked), so
that two games ending before the first one's write is committed both start from the right
ratings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from matchmaker.core.registry import GAMES
from matchmaker.core.result import ranks
from matchmaker.server.storage import Statement, Storage, now
from matchmaker.words import seat_label

#: The fewest rated games a subject needs to appear on a leaderboard, unless asked otherwise.
MIN_GAMES = 5
#: The most recent games a profile lists (per game), and the most history points it shows.
RECENT_GAMES = 20
HISTORY_POINTS = 200
#: The most rows a leaderboard answers.
LEADERBOARD_ROWS = 100


@dataclass(frozen=True)
class Rating:
    """A subject's rating in one game: mean, deviation and counts (``ordinal`` is
    ``mu - 3·sigma``, the conservative estimate leaderboards sort by)."""

    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """``mu - 3·sigma``."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatedSeat:
    """One seat of a game as it is rated: its subject, score, rank and whether it won."""

    subject: str
    score: int
    rank: float
    won: bool


def bot_subject(kind: str) -> str:
    """The subject a bot is rated as: ``bot:`` and its name."""
    return f"bot:{kind}"


def account_subject(account_id: int) -> str:
    """The subject an account is rated as: its id, as text."""
    return str(account_id)


def game_ranks(result: dict[str, Any], stand_ins: Sequence[int]) -> list[float]:
    """Each seat's rank in a finished game (1 is best): the result's ranks
    (``core.result.ranks``: equal scores share a rank), but a seat a stand-in bot finished
    ranks last (with any other such seat).

    >>> game_ranks({"scores": [5, 9, 9], "winners": [1, 2]}, [])
    [3.0, 1.0, 1.0]
    >>> game_ranks({"scores": [5, 9, 2], "winners": [1]}, [1])
    [1.0, 3.0, 2.0]
    """
    base = ranks(list(result["scores"]), list(result["winners"]))
    played = [rank for seat, rank in enumerate(base) if seat not in stand_ins]
    last = float(len(played) + 1)
    return [
        last if seat in stand_ins else 1.0 + sum(other < rank for other in played)
        for seat, rank in enumerate(base)
    ]


def rated_seats(
    kinds: Sequence[str],
    accounts: dict[int, int],
    result: dict[str, Any],
    stand_ins: Sequence[int],
) -> list[RatedSeat] | None:
    """Every seat of a finished rated game as it is rated, or None when a person's seat
    follows no account (the game is then not rated). A seat a stand-in finished never wins."""
    order = game_ranks(result, stand_ins)
    winners = set(result["winners"])
    seats = []
    for seat, kind in enumerate(kinds):
        if kind == "human":
            if seat not in accounts:
                return None
            subject = account_subject(accounts[seat])
        else:
            subject = bot_subject(kind)
        won = seat in winners and seat not in stand_ins
        seats.append(RatedSeat(subject, int(result["scores"][seat]), order[seat], won))
    return seats


class Ratings:
    """The ratings of one server's rated games."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.model = PlackettLuce()
        self._known: dict[tuple[str, str], Rating] = {}

    def current(self, subject: str, game: str) -> Rating:
        """A subject's rating in a game now (the model's first rating if it has none)."""
        key = (subject, game)
        if key not in self._known:
            found = self.storage.db.execute(
                "SELECT mu, sigma, games, wins FROM ratings WHERE subject=? AND game=?", key
            ).fetchone()
            if found is None:
                first = self.model.rating()
                self._known[key] = Rating(float(first.mu), float(first.sigma))
            else:
                self._known[key] = Rating(float(found[0]), float(found[1]), found[2], found[3])
        return self._known[key]

    def forget(self) -> None:
        """Read the ratings from the database again (after it lost a write)."""
        self._known.clear()

    def rate(self, table_id: str, game: str, seats: Sequence[RatedSeat]) -> list[Statement]:
        """Rate one finished game: the statements that store the new ratings and their
        history (to be written with the game's end); the ratings in memory are updated.

        A subject at several seats (two bots of one kind) is rated once: the mean of its
        seats' new means and the smallest of their new deviations, one game, a win if any
        of its seats won."""
        before = {s.subject: self.current(s.subject, game) for s in seats}
        teams = [[self.model.rating(mu=before[s.subject].mu, sigma=before[s.subject].sigma)]
                 for s in seats]  # fmt: skip
        after = self.model.rate(teams, ranks=[s.rank for s in seats])
        stamp = now()
        statements: list[Statement] = []
        for subject, old in before.items():
            mine = [n for n, s in enumerate(seats) if s.subject == subject]
            mu = sum(float(after[n][0].mu) for n in mine) / len(mine)
            sigma = min(float(after[n][0].sigma) for n in mine)
            won = any(seats[n].won for n in mine)
            new = Rating(mu, sigma, old.games + 1, old.wins + int(won))
            self._known[(subject, game)] = new
            first = seats[mine[0]]
            statements += [
                ("INSERT OR REPLACE INTO ratings VALUES (?,?,?,?,?,?,?)",
                 (subject, game, mu, sigma, new.games, new.wins, stamp)),
                ("INSERT OR REPLACE INTO rating_history VALUES (?,?,?,?,?,?,?,?,?,?)",
                 (subject, game, table_id, mine[0], first.score, first.rank, mu, sigma,
                  new.ordinal, stamp)),
            ]  # fmt: skip
        return statements

    # -- answers --------------------------------------------------------------------------------

    def leaderboard(self, game: str, fewest: int) -> dict[str, Any]:
        """A known game's leaderboard (``GET /api/leaderboard/{game}``): the subjects with at
        least ``fewest`` rated games, best ordinal first."""
        rows = self.storage.db.execute(
            "SELECT r.subject, r.mu, r.sigma, r.games, r.wins, a.username, a.name "
            "FROM ratings r LEFT JOIN accounts a ON r.subject = CAST(a.id AS TEXT) "
            "WHERE r.game=? AND r.games>=? "
            "ORDER BY r.mu - 3 * r.sigma DESC, r.mu DESC, r.subject LIMIT ?",
            (game, fewest, LEADERBOARD_ROWS),
        ).fetchall()
        out: list[dict[str, Any]] = []
        for subject, mu, sigma, games, wins, username, name in rows:
            bot = subject.removeprefix("bot:") if subject.startswith("bot:") else None
            if bot is None and username is None:
                continue
            rating = Rating(mu, sigma, games, wins)
            out.append({
                "rank": len(out) + 1,
                "name": seat_label(0, bot) if bot is not None else name,
                "username": username,
                "bot": bot,
                **_rating_json(rating),
            })  # fmt: skip
        return {"game": game, "min_games": fewest, "rows": out}

    def profile(self, username: str) -> dict[str, Any] | None:
        """A person's public profile (``GET /api/players/{username}``): their rated games
        only, per game; None if there is no such account."""
        account = self.storage.account(username=username)
        if account is None:
            return None
        subject = account_subject(account.id)
        games = []
        for game in sorted(GAMES):
            found = self.storage.db.execute(
                "SELECT mu, sigma, games, wins FROM ratings WHERE subject=? AND game=?",
                (subject, game),
            ).fetchone()
            if found is None:
                continue
            rating = Rating(*found)
            (mean,) = self.storage.db.execute(
                "SELECT AVG(score) FROM rating_history WHERE subject=? AND game=?",
                (subject, game),
            ).fetchone()
            history = self.storage.db.execute(
                "SELECT table_id, mu, sigma, ordinal, at FROM rating_history "
                "WHERE subject=? AND game=? ORDER BY at DESC, rowid DESC LIMIT ?",
                (subject, game, HISTORY_POINTS),
            ).fetchall()
            recent = self.storage.db.execute(
                "SELECT h.table_id, t.finished, h.score, h.rank FROM rating_history h "
                "JOIN tables t ON t.id=h.table_id WHERE h.subject=? AND h.game=? "
                "ORDER BY h.at DESC, h.rowid DESC LIMIT ?",
                (subject, game, RECENT_GAMES),
            ).fetchall()
            games.append({
                "game": game,
                "games": rating.games,
                "wins": rating.wins,
                "mean_score": None if mean is None else round(float(mean), 3),
                "rating": _rating_json(rating),
                "history": [
                    {"table": t, "mu": round(mu, 4), "sigma": round(sigma, 4),
                     "ordinal": round(ordinal, 4), "at": at}
                    for t, mu, sigma, ordinal, at in reversed(history)
                ],
                "recent": [
                    {"table": t, "finished": finished, "score": score, "rank": int(rank),
                     "replay": f"/replay/{t}"}
                    for t, finished, score, rank in recent
                ],
            })  # fmt: skip
        return {"username": account.username, "name": account.name, "games": games}


def _rating_json(rating: Rating) -> dict[str, Any]:
    return {
        "mu": round(rating.mu, 4),
        "sigma": round(rating.sigma, 4),
        "ordinal": round(rating.ordinal, 4),
        "games": rating.games,
        "wins": rating.wins,
    }
