"""The loss-per-decision plot of a seat's review (``matchmaker review --out``): one bar a
decision, as high as the expected points it lost and coloured by its mark, drawn with the
package's plot setup (``sim.plots``); and where each bar is in the image, so that a page can
link it to the decision's step."""

from __future__ import annotations

from pathlib import Path

from matplotlib.patches import Patch

from matchmaker.analysis import SeatReview
from matchmaker.analysis.review import THRESHOLDS
from matchmaker.sim.plots import new_figure, save_png

#: The marks from best to worst, each with its colour (the browser's review uses the same).
MARK_COLOURS: dict[str, str] = {
    "best": "#3ecf8e",
    "good": "#9ad7f5",
    "inaccuracy": "#f7d774",
    "mistake": "#ff9f43",
    "blunder": "#ff5c61",
}

#: What a point of loss is, in each game.
POINTS: dict[str, str] = {
    "clecanian": "points of the round",
    "purrfect": "points of the final score",
}

#: A rectangle of the image in pixels: left, top, right, bottom (as an HTML image map has it).
Area = tuple[int, int, int, int]


def plot_losses(game: str, review: SeatReview, who: str, path: Path) -> list[Area]:
    """Write ``review``'s plot to ``path`` (PNG) for the game named ``game``, titled with the
    seat's name ``who``; the area of each decision's column, in the order of its decisions.
    A decision that lost nothing gets a dot on the axis, so that every decision shows."""
    decisions = review.decisions
    count = len(decisions)
    figure = new_figure(min(16.0, max(7.0, 2.0 + 0.09 * count)), 3.4)
    ax = figure.subplots()
    positions = list(range(1, count + 1))
    losses = [d.loss for d in decisions]
    colours = [MARK_COLOURS[d.mark] for d in decisions]
    ax.bar(positions, losses, width=0.8, color=colours, edgecolor="#555555", linewidth=0.4)
    zero = [x for x, d in zip(positions, decisions, strict=True) if d.loss <= 0]
    ax.scatter(zero, [0.0] * len(zero), s=10, color=MARK_COLOURS["best"], zorder=3)
    for bound in THRESHOLDS[game]:
        if bound < max(losses, default=0.0):
            ax.axhline(bound, color="#bbbbbb", linewidth=0.6, linestyle=":", zorder=0)
    ax.set_xlim(0.4, count + 0.6)
    ax.set_ylim(0, max(1.0, max(losses, default=0.0) * 1.1))
    ax.set_xlabel(f"{who}'s decisions, in the order played")
    ax.set_ylabel(f"expected loss\n({POINTS.get(game, 'points')})")
    counts = {m: sum(d.mark == m for d in decisions) for m in MARK_COLOURS}
    handles = [Patch(color=c, label=f"{m} ({counts[m]})") for m, c in MARK_COLOURS.items()]
    ax.legend(
        handles=handles,
        fontsize=8,
        loc="lower center",
        bbox_to_anchor=(0.5, 1.0),
        ncols=5,
        frameon=False,
    )
    figure.suptitle(
        f"{who}: accuracy {review.accuracy:.0%}, mean loss {review.mean_loss:.2f} a decision",
        fontsize=10,
    )
    ax.spines[["top", "right"]].set_visible(False)
    save_png(figure, path)
    height = figure.bbox.height
    low, high = ax.get_ylim()
    areas: list[Area] = []
    for x in positions:
        (left, bottom), (right, top) = ax.transData.transform([(x - 0.5, low), (x + 0.5, high)])
        areas.append((round(left), round(height - top), round(right), round(height - bottom)))
    return areas
