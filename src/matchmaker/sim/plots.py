"""PNG plots of a simulation: score histograms per bot, win rate by bot and by seat
(matplotlib); and the setup every plot of the package shares (``new_figure``, ``save_png``).

Figures are drawn with matplotlib's object interface on the Agg canvas, so no display and no
global pyplot state is involved.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from matchmaker.sim.simulate import SimulationResult

#: The file names written by ``write_plots``.
SCORES_PNG = "score_histograms.png"
BOTS_PNG = "win_rate_by_bot.png"
SEATS_PNG = "win_rate_by_seat.png"

#: PNG metadata left out so that the same results give the same bytes.
_METADATA: dict[str, str | None] = {"Software": None}
#: Pixels an inch of every plot (the figures' and the files' alike).
DPI = 100


def new_figure(width: float, height: float) -> Figure:
    """A figure of ``width`` x ``height`` inches at ``DPI``, laid out by matplotlib's
    constrained layout, drawn on the Agg canvas (no display, no pyplot state)."""
    return Figure(figsize=(width, height), dpi=DPI, layout="constrained")


def save_png(figure: Figure, path: Path) -> None:
    """Write ``figure`` to ``path`` as a PNG at ``DPI``, without metadata that changes (the
    same figure, the same bytes): a pixel of the file is a unit of the figure's display
    coordinates."""
    figure.savefig(path, format="png", dpi=DPI, metadata=_METADATA)


def _bins(low: int, high: int) -> list[float]:
    """One bin per whole score when the range is small, else about 40 bins."""
    span = high - low + 1
    step = max(1, -(-span // 40))
    return [low - 0.5 + k * step for k in range(-(-span // step) + 1)]


def _better(result: SimulationResult) -> str:
    """Which way a score is good: "lower is better", "higher is better" or nothing."""
    order = result.lower_score_wins
    return "" if order is None else ("lower is better" if order else "higher is better")


def plot_score_histograms(result: SimulationResult, path: Path) -> None:
    """One histogram of final scores per bot, stacked with a shared score axis; bars count
    whole seat-games."""
    stats = result.bot_stats()
    every = [score for s in stats.values() for score in s.scores]
    bins = _bins(min(every), max(every))
    figure = new_figure(7, 1.4 + 1.9 * len(stats))
    axes = figure.subplots(len(stats), 1, sharex=True, squeeze=False)[:, 0]
    for ax, (name, s) in zip(axes, stats.items(), strict=True):
        ax.hist(s.scores, bins=bins, color="tab:blue", edgecolor="white")
        ax.axvline(s.mean_score, color="tab:red", linewidth=1.5)
        ax.set_title(
            f"{name}: {s.games} seat-games, mean {s.mean_score:.2f} (red line)", fontsize=10
        )
        ax.set_ylabel("seat-games")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    better = _better(result)
    axes[-1].set_xlabel("final score (points)" + (f", {better}" if better else ""))
    figure.suptitle(f"{result.title}: final scores per bot ({result.games} games)")
    save_png(figure, path)


def _win_rate_bars(
    ax: Axes, labels: list[str], wins: list[tuple[float, tuple[float, float]]]
) -> None:
    """Bars of win rates with their 95% intervals, each labelled with its value."""
    rates = [rate for rate, _ in wins]
    errors = [[rate - ci[0] for rate, ci in wins], [ci[1] - rate for rate, ci in wins]]
    positions = list(range(len(labels)))
    ax.bar(positions, rates, yerr=errors, capsize=4, color="tab:green", width=0.6)
    for x, (rate, ci) in zip(positions, wins, strict=True):
        ax.annotate(
            f"{rate:.3f}",
            (x, ci[1]),
            xytext=(0, 3),
            textcoords="offset points",
            ha="center",
            fontsize=8,
        )
    ax.set_xticks(positions, labels)
    ax.set_ylabel("win rate (share of seat-games, 95% CI)")
    ax.set_ylim(0, 1.08)


def plot_win_rate_by_bot(result: SimulationResult, path: Path) -> None:
    """Win rate of each bot (pooled over its seats) with its 95% interval."""
    stats = result.bot_stats()
    figure = new_figure(max(5.0, 1.5 + 1.1 * len(stats)), 4)
    ax = figure.subplots()
    _win_rate_bars(ax, list(stats), [(s.win_rate, s.win_rate_ci) for s in stats.values()])
    ax.set_xlabel("bot")
    if len(stats) > 4 or max(len(name) for name in stats) > 12:
        ax.tick_params(axis="x", labelrotation=20)
    swap = ", seats swapped" if result.swap_seats else ""
    ax.set_title(f"{result.title}: win rate by bot\n{result.games} games{swap}", fontsize=10)
    save_png(figure, path)


def plot_win_rate_by_seat(result: SimulationResult, path: Path) -> None:
    """Win rate of each seat with its 95% interval, and the mean over seats."""
    seats = result.seat_stats()
    rates = [s.win_rate for s in seats]
    figure = new_figure(max(5.0, 1.5 + 0.9 * len(seats)), 4)
    ax = figure.subplots()
    _win_rate_bars(ax, [str(s.seat) for s in seats], [(s.win_rate, s.win_rate_ci) for s in seats])
    ax.axhline(sum(rates) / len(rates), color="grey", linestyle="--", label="mean over seats")
    ax.set_xlabel("seat (0 is the first seat)")
    ax.set_ylabel("win rate (share of games, 95% CI)")
    ax.legend(fontsize=8, loc="upper right")
    swap = ", seats swapped" if result.swap_seats else ""
    ax.set_title(f"{result.title}: win rate by seat\n{result.games} games{swap}", fontsize=10)
    save_png(figure, path)


def write_plots(result: SimulationResult, folder: Path) -> list[Path]:
    """Write the three plots into ``folder``; the paths written."""
    scores, bots, seats = folder / SCORES_PNG, folder / BOTS_PNG, folder / SEATS_PNG
    plot_score_histograms(result, scores)
    plot_win_rate_by_bot(result, bots)
    plot_win_rate_by_seat(result, seats)
    return [scores, bots, seats]
