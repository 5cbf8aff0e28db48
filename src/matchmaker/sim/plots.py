"""PNG plots of a simulation: score histograms per bot and win rate by seat (matplotlib).

Figures are drawn with matplotlib's object interface on the Agg canvas, so no display and no
global pyplot state is involved.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure

from matchmaker.sim.simulate import SimulationResult

#: The file names written by ``write_plots``.
SCORES_PNG = "score_histograms.png"
SEATS_PNG = "win_rate_by_seat.png"

#: PNG metadata left out so that the same results give the same bytes.
_METADATA: dict[str, str | None] = {"Software": None}


def _bins(low: int, high: int) -> list[float]:
    """One bin per whole score when the range is small, else about 40 bins."""
    span = high - low + 1
    step = max(1, -(-span // 40))
    return [low - 0.5 + k * step for k in range(-(-span // step) + 1)]


def plot_score_histograms(result: SimulationResult, path: Path) -> None:
    """One histogram of final scores per bot, stacked with a shared score axis."""
    stats = result.bot_stats()
    every = [score for s in stats.values() for score in s.scores]
    bins = _bins(min(every), max(every))
    figure = Figure(figsize=(7, 1.2 + 2.0 * len(stats)), layout="constrained")
    axes = figure.subplots(len(stats), 1, sharex=True, squeeze=False)[:, 0]
    for ax, (name, s) in zip(axes, stats.items(), strict=True):
        ax.hist(s.scores, bins=bins, color="tab:blue", edgecolor="white")
        ax.axvline(s.mean_score, color="tab:red", linewidth=1.5, label=f"mean {s.mean_score:.2f}")
        ax.set_title(f"{name} — {s.games} seat-games", fontsize=10)
        ax.set_ylabel("games")
        ax.legend(loc="upper right", fontsize=8)
    axes[-1].set_xlabel("final score")
    figure.suptitle(f"{result.title}: scores per bot ({result.games} games)")
    figure.savefig(path, format="png", dpi=100, metadata=_METADATA)


def plot_win_rate_by_seat(result: SimulationResult, path: Path) -> None:
    """Win rate of each seat with its 95% interval, and the mean over seats."""
    seats = result.seat_stats()
    rates = [s.win_rate for s in seats]
    errors = [
        [s.win_rate - s.win_rate_ci[0] for s in seats],
        [s.win_rate_ci[1] - s.win_rate for s in seats],
    ]
    figure = Figure(figsize=(max(5.0, 1.5 + 0.9 * len(seats)), 4), layout="constrained")
    ax = figure.subplots()
    positions = list(range(len(seats)))
    ax.bar(positions, rates, yerr=errors, capsize=4, color="tab:green")
    ax.axhline(sum(rates) / len(rates), color="grey", linestyle="--", label="mean over seats")
    ax.set_xticks(positions, [str(s.seat) for s in seats])
    ax.set_xlabel("seat")
    ax.set_ylabel("win rate (95% CI)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    swap = ", seats swapped" if result.swap_seats else ""
    ax.set_title(f"{result.title}: win rate by seat\n{result.games} games{swap}", fontsize=10)
    figure.savefig(path, format="png", dpi=100, metadata=_METADATA)


def write_plots(result: SimulationResult, folder: Path) -> list[Path]:
    """Write both plots into ``folder``; the paths written."""
    scores, seats = folder / SCORES_PNG, folder / SEATS_PNG
    plot_score_histograms(result, scores)
    plot_win_rate_by_seat(result, seats)
    return [scores, seats]
