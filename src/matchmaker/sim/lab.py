"""The designer's lab: variants of a game's rules, played under the same bots and seeds, and
what each variant changes.

A lab run plays, for every variant and every player count, two kinds of table:

- **mirror** games: the same bot at every seat. They give the game's length, the seats' win
  shares (the first-seat advantage), the score spread and margin, ties, and the events of the
  game counted from its record (``lab_events``);
- **skill** games, one set per pair of bots ``STRONG/WEAK``: the stronger bot at one seat and
  the weaker at the others, the strong seat moving one seat on each game (game ``i`` puts it at
  seat ``i mod players``). The **skill gap** is the strong seat's win share minus the fair
  share ``1/players``: 0 when the rules reward the better player no more than chance would.

Game ``i`` of a table is played from seed ``game_seed(seed, i)`` in every variant, so the same
index deals the same cards wherever two variants share a deck (and the first card taken from
the stock is the same: common random numbers). Each variant is compared with the first, the
baseline, game by game: the difference of a measure is averaged over the paired games, with a
95% interval from the spread of the paired differences.

Win shares count a shared win of ``k`` seats as ``1/k`` for each, so the seats' shares of a
game add up to 1 and ``1/players`` is exactly the fair share.
"""

from __future__ import annotations

import json
import re
import tempfile
import tomllib
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matchmaker.core.errors import MatchmakerError, OptionError
from matchmaker.core.game import Game
from matchmaker.core.registry import game_class, load_game
from matchmaker.sim.lab_events import Counts, Measure, count_events, event_measures
from matchmaker.sim.runs import (
    BACKENDS,
    GameOutcome,
    GameSpec,
    ProgressHook,
    check_bots,
    game_seed,
    lower_score_wins,
    record_name,
    run_games,
)
from matchmaker.sim.stats import Interval, mean, mean_interval, wilson_interval

#: What a variant may be called: it names folders and columns, so letters, digits and
#: ``_ . + -`` only, starting with a letter or a digit.
VARIANT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]*\Z")

#: Where ``NAME:KEY=VALUE,KEY=VALUE`` is cut between two options: at a comma followed by a key
#: and ``=`` (so ``deck=[1,2,3]`` stays whole).
_OPTION_CUT = re.compile(r",(?=\s*[A-Za-z_][A-Za-z0-9_-]*\s*=)")

#: The table of the mirror games in results and CSV.
MIRROR = "mirror"

#: The figures of the mirror games that every game has, before the game's own events.
LENGTH_MEASURES = (
    Measure(
        "decisions", "decisions", "seat decisions a game (chance outcomes not counted)", digits=1
    ),
)
TIME_MEASURE = Measure(
    "seconds",
    "wall time (s)",
    "seconds a game took to play, bots' thinking included (varies from run to run)",
    digits=3,
    timing=True,
)
FAIRNESS_MEASURES = (
    Measure(
        "first_seat",
        "first-seat advantage",
        "the first seat's (seat 1's) win share minus the fair share 1/players (the first "
        "proposer in Purrfect Match, the first dealer in Clecanian Golf)",
        digits=3,
    ),
)
SCORE_MEASURES = (
    Measure("spread", "score spread", "the best final score minus the worst, a game"),
    Measure(
        "margin",
        "margin of victory",
        "the distance between the best and the second-best final score (0 for a shared win)",
    ),
    Measure(
        "ties", "shared wins", "share of games won by more than one seat", kind="rate", digits=3
    ),
)


# --------------------------------------------------------------------------------- variants
@dataclass(frozen=True)
class Variant:
    """A named set of game options; ``options`` empty means the game's defaults."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        """The options as people write them: ``epilogue=true, rounds=5`` or ``defaults``."""
        if not self.options:
            return "defaults"
        return ", ".join(f"{key}={json.dumps(value)}" for key, value in self.options.items())


def _check_name(name: Any, where: str) -> str:
    if not isinstance(name, str) or not VARIANT_NAME.match(name):
        raise OptionError(
            f"{where}: variant name {name!r} must be letters, digits, '_', '.', '+' or '-' "
            "(starting with a letter or digit)"
        )
    return name


def parse_variant(text: str) -> Variant:
    """``"epilogue:epilogue=true,rounds=5"`` as a Variant; ``"default:"`` is the defaults.

    Values are read as JSON where they are JSON (``true``, ``5``, ``[1,2,3]``) and as text
    otherwise (``deck=faq38``).

    >>> parse_variant("flat:deck=[1,2,3,4],first_proposer=1").options
    {'deck': [1, 2, 3, 4], 'first_proposer': 1}
    """
    name, sep, rest = text.partition(":")
    if not sep:
        raise OptionError(
            f"--variant {text!r} must look like NAME:KEY=VALUE[,KEY=VALUE...] "
            "(NAME: alone for the game's defaults)"
        )
    _check_name(name.strip(), f"--variant {text!r}")
    options: dict[str, Any] = {}
    if rest.strip():
        for pair in _OPTION_CUT.split(rest):
            key, eq, value = pair.partition("=")
            key = key.strip().replace("-", "_")
            if not eq or not key:
                raise OptionError(
                    f"variant {name.strip()!r}: option {pair.strip()!r} must look like KEY=VALUE"
                )
            try:
                options[key] = json.loads(value)
            except json.JSONDecodeError:
                options[key] = value.strip()
    return Variant(name.strip(), options)


def variants_from_data(data: Any, source: str) -> list[Variant]:
    """The variants of a variants file's content: ``{"variants": {NAME: {KEY: VALUE}}}``, in
    the order written (the first is the baseline)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("variants"), Mapping):
        raise OptionError(f"{source}: expected a table 'variants' of NAME = {{options}}")
    extra = [key for key in data if key != "variants"]
    if extra:
        raise OptionError(f"{source}: unknown key {extra[0]!r} (only 'variants')")
    variants = []
    for name, options in data["variants"].items():
        _check_name(name, source)
        if not isinstance(options, Mapping):
            raise OptionError(f"{source}: variant {name!r} must be a table of options")
        variants.append(Variant(name, dict(options)))
    return variants


def load_variants_file(path: Path) -> list[Variant]:
    """Read a variants file, TOML (``.toml``) or JSON (anything else)::

    [variants.default]
    [variants.epilogue]
    epilogue = true
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise OptionError(f"cannot read variants file {path}: {exc.strerror}") from None
    try:
        data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise OptionError(f"variants file {path}: {exc}") from None
    return variants_from_data(data, f"variants file {path}")


def variant_game(game_name: str, variant: Variant, players: int) -> Game[Any]:
    """The game a variant plays at ``players`` seats; OptionError naming the variant and the
    option the game refuses."""
    if "players" in variant.options:
        raise OptionError(
            f"variant {variant.name!r}: option players is not a variant's; give the player "
            "counts with --players"
        )
    try:
        return load_game(game_name, {**variant.options, "players": players})
    except OptionError as exc:
        raise OptionError(f"variant {variant.name!r} at {players} players: {exc}") from None


def check_variants(variants: Sequence[Variant]) -> None:
    """OptionError unless there is at least one variant and every name is used once."""
    if not variants:
        raise OptionError("no variants: give --variant NAME:KEY=VALUE or --variants FILE")
    seen: set[str] = set()
    for variant in variants:
        if variant.name in seen:
            raise OptionError(f"variant {variant.name!r} is named twice")
        seen.add(variant.name)


# ------------------------------------------------------------------------------ skill pairs
@dataclass(frozen=True)
class SkillPair:
    """A stronger and a weaker bot: the strong one at one seat, the weak one at the rest."""

    strong: str
    weak: str

    @property
    def key(self) -> str:
        """``strong/weak``: the pair's name in tables, CSV and ``results.json``."""
        return f"{self.strong}/{self.weak}"

    @property
    def measure(self) -> Measure:
        """The pair's skill-gap measure."""
        return Measure(
            f"skill:{self.key}",
            f"skill gap {self.key}",
            f"{self.strong}'s win share at a table of {self.weak} bots minus the fair share "
            "1/players (its seat rotated game by game)",
            digits=3,
            table="skill",
        )


def parse_skill(text: str) -> list[SkillPair]:
    """``"medium/easy,hard/medium"`` as skill pairs; ``"none"`` (or empty) is no pair."""
    if text.strip() in ("", "none"):
        return []
    pairs = []
    for item in text.split(","):
        strong, sep, weak = item.strip().partition("/")
        if not sep or not strong.strip() or not weak.strip():
            raise OptionError(f"--skill {item.strip()!r} must look like STRONG/WEAK")
        pairs.append(SkillPair(strong.strip(), weak.strip()))
    return pairs


# ---------------------------------------------------------------------------- the results
@dataclass(frozen=True)
class LabGame:
    """One game the lab played: its variant, player count, table (``mirror`` or a skill
    pair's key), outcome, and its figure for each measure that applies to it."""

    variant: str
    players: int
    table: str
    outcome: GameOutcome
    values: Counts


@dataclass(frozen=True)
class Estimate:
    """A measure's mean over ``games`` games with its 95% interval (None with fewer than two
    games)."""

    value: float
    ci: Interval | None
    games: int

    def to_json(self) -> dict[str, Any]:
        """``{"value", "ci", "games"}`` rounded to 6 decimals."""
        return {"value": _r(self.value), "ci": _ci(self.ci), "games": self.games}


@dataclass(frozen=True)
class Difference:
    """A variant's measure minus the baseline's, averaged over paired games (same index,
    same seed), with the 95% interval of the paired differences."""

    value: float
    ci: Interval | None
    games: int

    @property
    def excludes_zero(self) -> bool:
        """Whether the interval lies wholly above or below 0."""
        return self.ci is not None and (self.ci[0] > 0 or self.ci[1] < 0)

    def to_json(self) -> dict[str, Any]:
        """``{"value", "ci", "games", "excludes_zero"}``."""
        return {
            "value": _r(self.value),
            "ci": _ci(self.ci),
            "games": self.games,
            "excludes_zero": self.excludes_zero,
        }


def _r(value: float) -> float:
    return round(value, 6)


def _ci(interval: Interval | None) -> list[float] | None:
    return None if interval is None else [_r(interval[0]), _r(interval[1])]


def estimate(measure: Measure, values: Sequence[float | None]) -> Estimate | None:
    """The mean of the games' figures (those that apply) with its interval: Wilson's for a
    rate, the normal approximation otherwise; None if no game has the figure."""
    present = [v for v in values if v is not None]
    if not present:
        return None
    value = mean(present)
    if measure.kind == "rate":
        ci: Interval | None = wilson_interval(round(sum(present)), len(present))
    else:
        ci = mean_interval(present)
    return Estimate(value, ci, len(present))


def paired_difference(
    values: Sequence[float | None], baseline: Sequence[float | None]
) -> Difference | None:
    """The mean of ``values[i] - baseline[i]`` over the games where both apply, with the
    normal-approximation interval of those differences; None if no game pairs up."""
    diffs = [
        v - b for v, b in zip(values, baseline, strict=True) if v is not None and b is not None
    ]
    if not diffs:
        return None
    return Difference(mean(diffs), mean_interval(diffs), len(diffs))


def win_share(outcome: GameOutcome, seat: int) -> float:
    """``seat``'s share of the game's win: 1/k if it is one of k winners, else 0."""
    return 1 / len(outcome.winners) if seat in outcome.winners else 0.0


def margin(outcome: GameOutcome) -> int:
    """How far the winner's score is from the nearest other seat's (the second best, whichever
    way scores count); 0 for a shared win."""
    if len(outcome.winners) > 1:
        return 0
    winner = outcome.scores[outcome.winners[0]]
    others = [s for seat, s in enumerate(outcome.scores) if seat != outcome.winners[0]]
    return min(abs(winner - s) for s in others)


def mirror_values(outcome: GameOutcome, events: Counts) -> Counts:
    """The figures of one mirror game: length, wall time, seat 0's advantage, spread,
    margin, a shared win, and the game's events."""
    players = len(outcome.scores)
    values: Counts = {
        "decisions": outcome.length,
        "seconds": outcome.seconds,
        "first_seat": win_share(outcome, 0) - 1 / players,
        "spread": max(outcome.scores) - min(outcome.scores),
        "margin": margin(outcome),
        "ties": float(len(outcome.winners) > 1),
    }
    values.update(events)
    return values


@dataclass(frozen=True)
class LabResult:
    """Every game of a lab run and the estimates drawn from them."""

    game: str
    title: str
    variants: tuple[Variant, ...]
    players: tuple[int, ...]
    bots: str
    skill: tuple[SkillPair, ...]
    games: int
    seed: int
    #: The options each variant plays with at each player count, as a record stores them.
    options: Mapping[tuple[str, int], Mapping[str, Any]]
    rows: tuple[LabGame, ...]

    @property
    def baseline(self) -> Variant:
        """The first variant: every other is compared with it."""
        return self.variants[0]

    @property
    def lower_score_wins(self) -> bool | None:
        """True when the lowest score wins (Clecanian Golf), False for the highest."""
        return lower_score_wins([row.outcome for row in self.rows])

    def measures(self) -> list[Measure]:
        """Every measure, in the order of the tables: length, time, fairness (the skill
        gaps among them), scores, then the game's events."""
        events = event_measures(self.game)
        length = [m for m in events if m.key in ("turns", "rounds")]
        others = [m for m in events if m.key not in ("turns", "rounds")]
        return [
            *LENGTH_MEASURES,
            *length,
            TIME_MEASURE,
            *FAIRNESS_MEASURES,
            *(pair.measure for pair in self.skill),
            *SCORE_MEASURES,
            *others,
        ]

    def games_of(self, variant: str, players: int, table: str = MIRROR) -> list[LabGame]:
        """The games of one variant, player count and table, in game order."""
        return [
            row
            for row in self.rows
            if row.variant == variant and row.players == players and row.table == table
        ]

    def values(self, measure: Measure, variant: str, players: int) -> list[float | None]:
        """Each game's figure for ``measure`` (None where it does not apply), in game order."""
        if measure.table == "skill":
            table = measure.key.removeprefix("skill:")
            return [row.values.get("skill_gap") for row in self.games_of(variant, players, table)]
        return [row.values.get(measure.key) for row in self.games_of(variant, players)]

    def estimate(self, measure: Measure, variant: str, players: int) -> Estimate | None:
        """The variant's estimate of ``measure`` at ``players`` seats."""
        return estimate(measure, self.values(measure, variant, players))

    def difference(self, measure: Measure, variant: str, players: int) -> Difference | None:
        """The variant's paired difference from the baseline (None for the baseline)."""
        if variant == self.baseline.name:
            return None
        return paired_difference(
            self.values(measure, variant, players),
            self.values(measure, self.baseline.name, players),
        )

    def seat_shares(self, variant: str, players: int) -> list[Estimate]:
        """Each seat's win share in the mirror games (a shared win split among its
        winners), with its interval."""
        games = self.games_of(variant, players)
        shares = []
        for seat in range(players):
            values = [win_share(row.outcome, seat) for row in games]
            shares.append(Estimate(mean(values), mean_interval(values), len(values)))
        return shares

    def paired_deal(self, variant: str, players: int) -> bool:
        """Whether the variant deals from the baseline's deck at ``players`` seats, so that
        the same game index deals the same cards in both."""
        mine = self.options[(variant, players)].get("deck")
        return mine == self.options[(self.baseline.name, players)].get("deck")

    def to_json(self, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The content of ``results.json`` (``meta``, e.g. the command and versions, first)."""
        measures = self.measures()
        variants: dict[str, Any] = {}
        for variant in self.variants:
            by_players: dict[str, Any] = {}
            for players in self.players:
                entry: dict[str, Any] = {
                    "options": dict(self.options[(variant.name, players)]),
                    "paired_deal": self.paired_deal(variant.name, players),
                    "games": len(self.games_of(variant.name, players)),
                    "measures": {},
                    "seats": [
                        {"seat": seat, **share.to_json()}
                        for seat, share in enumerate(self.seat_shares(variant.name, players))
                    ],
                }
                for measure in measures:
                    found = self.estimate(measure, variant.name, players)
                    entry["measures"][measure.key] = None if found is None else found.to_json()
                if variant.name != self.baseline.name:
                    entry["differences"] = {}
                    for measure in measures:
                        diff = self.difference(measure, variant.name, players)
                        entry["differences"][measure.key] = None if diff is None else diff.to_json()
                by_players[str(players)] = entry
            variants[variant.name] = {"options": dict(variant.options), "by_players": by_players}
        return {
            "format": "matchmaker-lab/1",
            **(meta or {}),
            "game": self.game,
            "title": self.title,
            "seed": self.seed,
            "games": self.games,
            "players": list(self.players),
            "bots": self.bots,
            "skill": [pair.key for pair in self.skill],
            "baseline": self.baseline.name,
            "lower_score_wins": self.lower_score_wins,
            "measures": {m.key: m.to_json() for m in measures},
            "variants": variants,
        }


# ------------------------------------------------------------------------------ the run
@dataclass(frozen=True)
class LabPlan:
    """What a lab run plays: the variants (the first is the baseline) at each player count,
    ``games`` mirror games of ``bots`` and ``games`` games per skill pair, from ``seed``."""

    game: str
    variants: tuple[Variant, ...]
    players: tuple[int, ...]
    bots: str = "medium"
    skill: tuple[SkillPair, ...] = ()
    games: int = 100
    seed: int = 0

    def tables(self) -> list[str]:
        """The tables played per variant and player count: mirror, then each skill pair."""
        return [MIRROR, *(pair.key for pair in self.skill)]

    @property
    def total_games(self) -> int:
        """Every game of the run."""
        return len(self.variants) * len(self.players) * len(self.tables()) * self.games

    def check(self) -> dict[tuple[str, int], Game[Any]]:
        """Check everything before a game is played; the game of each variant and player
        count. OptionError names the variant, option or bot at fault."""
        game_class(self.game)
        if self.games < 1:
            raise MatchmakerError(f"--games must be at least 1, not {self.games}")
        if not self.players:
            raise OptionError("no player counts given")
        check_variants(self.variants)
        games = {}
        for variant in self.variants:
            for players in self.players:
                games[(variant.name, players)] = variant_game(self.game, variant, players)
        for game in games.values():
            check_bots(game, [self.bots, *(n for p in self.skill for n in (p.strong, p.weak))])
        return games

    def specs(self, table: str, players: int) -> list[GameSpec]:
        """The games of one table at ``players`` seats (the same for every variant)."""
        specs = []
        for index in range(self.games):
            if table == MIRROR:
                seats = (self.bots,) * players
            else:
                pair = next(p for p in self.skill if p.key == table)
                seats = tuple(
                    pair.strong if seat == index % players else pair.weak for seat in range(players)
                )
            specs.append(GameSpec(index=index, seed=game_seed(self.seed, index), seats=seats))
        return specs


def records_folder(root: Path, variant: str, players: int) -> Path:
    """Where the records of a variant's mirror games at ``players`` seats are kept."""
    return root / variant / f"{players}p"


def run_lab(
    plan: LabPlan,
    *,
    workers: int = 1,
    records_dir: Path | None = None,
    progress: ProgressHook | None = None,
    announce: Callable[[str], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> LabResult:
    """Play every game of ``plan`` and gather the results.

    The mirror games' records are kept under ``records_dir`` (``VARIANT/Np/game-….json``) if
    given, else in a temporary folder; each is replayed through its engine to count its
    events. ``announce`` hears the label of each batch of games as it starts. ``backend`` and
    ``address`` are ``run_games``'s; with ``ray`` one Ray session serves the whole run.
    """
    tables = plan.check()
    if workers < 1:
        raise MatchmakerError(f"--workers must be at least 1, not {workers}")
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if address is not None and backend != "ray":
        raise OptionError("an address is for the ray backend (--backend ray)")
    with ExitStack() as stack:
        if backend == "ray":
            from matchmaker.sim.ray_backend import ray_session

            stack.enter_context(ray_session(address, workers))
        return _play_lab(plan, tables, workers, records_dir, progress, announce, backend, address)


def _play_lab(
    plan: LabPlan,
    tables: Mapping[tuple[str, int], Game[Any]],
    workers: int,
    records_dir: Path | None,
    progress: ProgressHook | None,
    announce: Callable[[str], None] | None,
    backend: str,
    address: str | None,
) -> LabResult:
    rows: list[LabGame] = []
    options: dict[tuple[str, int], Mapping[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="matchmaker-lab-") as scratch:
        root = records_dir if records_dir is not None else Path(scratch)
        for variant in plan.variants:
            for players in plan.players:
                game = tables[(variant.name, players)]
                options[(variant.name, players)] = game.options_dict()
                for table in plan.tables():
                    if announce is not None:
                        announce(f"{variant.name}, {players} players, {table}")
                    folder = (
                        records_folder(root, variant.name, players) if table == MIRROR else None
                    )
                    outcomes = run_games(
                        game,
                        plan.specs(table, players),
                        workers=workers,
                        records_dir=folder,
                        progress=progress,
                        backend=backend,
                        address=address,
                    )
                    rows.extend(_rows(game, variant.name, table, outcomes, folder))
    first = tables[(plan.variants[0].name, plan.players[0])]
    return LabResult(
        game=plan.game,
        title=first.title,
        variants=plan.variants,
        players=plan.players,
        bots=plan.bots,
        skill=plan.skill,
        games=plan.games,
        seed=plan.seed,
        options=options,
        rows=tuple(rows),
    )


def _rows(
    game: Game[Any],
    variant: str,
    table: str,
    outcomes: Sequence[GameOutcome],
    folder: Path | None,
) -> list[LabGame]:
    rows = []
    for outcome in outcomes:
        if folder is not None:
            record = json.loads((folder / record_name(outcome.index)).read_text(encoding="utf-8"))
            values = mirror_values(outcome, count_events(game, record))
        else:
            strong = outcome.index % game.players
            values = {"skill_gap": win_share(outcome, strong) - 1 / game.players}
        rows.append(LabGame(variant, game.players, table, outcome, values))
    return rows
