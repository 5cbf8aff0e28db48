"""Writing a lab run: ``results.json``, ``games.csv``, PNG plots and ``report.html``.

The report is one self-contained page: its styles are inline and its plots are embedded as
PNG data, so it opens from a folder, an e-mail or an archive without a network. It holds no
script. Plots are drawn with matplotlib's object interface on the Agg canvas.
"""

from __future__ import annotations

import base64
import csv
import html
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from matchmaker.sim.lab import MIRROR, Difference, Estimate, LabResult
from matchmaker.sim.lab_events import Measure
from matchmaker.sim.stats import Interval

#: The files written by ``write_lab`` besides the plots.
REPORT_HTML = "report.html"
RESULTS_JSON = "results.json"
GAMES_CSV = "games.csv"
#: The plots, by file name.
MEASURES_PNG = "measures.png"
DIFFERENCES_PNG = "differences.png"
SEATS_PNG = "seats.png"

#: PNG metadata left out so that the same figures give the same bytes.
_METADATA: dict[str, str | None] = {"Software": None}
#: Variant colours, in variant order (matplotlib's colour cycle, named so the page matches).
COLOURS = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)


def colour(index: int) -> str:
    """The colour of the ``index``-th variant."""
    return COLOURS[index % len(COLOURS)]


# ------------------------------------------------------------------------------------ CSV
def games_csv_header(result: LabResult) -> list[str]:
    """The columns of ``games.csv``: the game, its seats (up to the largest table), its
    outcome, and every figure counted for it."""
    seats = max(result.players)
    keys = [m.key for m in result.measures() if m.table == MIRROR and m.key != "decisions"]
    return [
        "variant",
        "players",
        "table",
        "index",
        "seed",
        *(f"bot_{seat}" for seat in range(seats)),
        *(f"score_{seat}" for seat in range(seats)),
        "winners",
        "decisions",
        *keys,
        "skill_gap",
    ]


def write_games_csv(result: LabResult, path: Path) -> None:
    """Write ``games.csv``: one row per game in play order (variant, players, table, game
    index); seats a table does not have and figures a game does not have are left empty."""
    header = games_csv_header(result)
    seats = max(result.players)
    keys = header[5 + 2 * seats + 2 :]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        for row in result.rows:
            o = row.outcome
            pad = [""] * (seats - len(o.seats))
            figures = [_cell(row.values.get(key)) for key in keys]
            writer.writerow(
                [
                    row.variant,
                    row.players,
                    row.table,
                    o.index,
                    o.seed,
                    *o.seats,
                    *pad,
                    *o.scores,
                    *pad,
                    " ".join(str(seat) for seat in o.winners),
                    o.length,
                    *figures,
                ]
            )


def _cell(value: float | None) -> str:
    if value is None:
        return ""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.6g}"


def write_results_json(result: LabResult, path: Path, meta: Mapping[str, Any] | None) -> None:
    """Write ``results.json`` (see ``LabResult.to_json``)."""
    path.write_text(json.dumps(result.to_json(meta), indent=1) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------------- plots
def _panel_grid(count: int, columns: int = 4) -> tuple[Figure, list[Axes]]:
    columns = min(columns, count)
    rows = -(-count // columns)
    figure = Figure(figsize=(3.2 * columns, 2.5 * rows + 0.6), layout="constrained")
    axes = figure.subplots(rows, columns, squeeze=False).ravel().tolist()
    for ax in axes[count:]:
        ax.set_visible(False)
    return figure, axes[:count]


def _errors(value: float, ci: Interval | None) -> list[list[float]]:
    if ci is None:
        return [[0.0], [0.0]]
    return [[max(0.0, value - ci[0])], [max(0.0, ci[1] - value)]]


def _offsets(count: int, width: float = 0.5) -> list[float]:
    if count == 1:
        return [0.0]
    return [-width / 2 + width * k / (count - 1) for k in range(count)]


def _by_players(ax: Axes, result: LabResult, title: str) -> None:
    """A measure's panel: one tick a player count, and its title."""
    ax.set_xticks(range(len(result.players)), [str(p) for p in result.players])
    ax.set_xlim(-0.6, len(result.players) - 0.4)
    ax.set_title(title, fontsize=9)
    ax.tick_params(labelsize=8)
    ax.set_xlabel("players", fontsize=8)


def plot_measures(result: LabResult, path: Path) -> None:
    """One panel per measure: each variant's mean and 95% interval at each player count."""
    measures = result.measures()
    figure, axes = _panel_grid(len(measures))
    offsets = _offsets(len(result.variants), 0.4)
    positions = list(range(len(result.players)))
    for ax, measure in zip(axes, measures, strict=True):
        for k, variant in enumerate(result.variants):
            for x, players in zip(positions, result.players, strict=True):
                found = result.estimate(measure, variant.name, players)
                if found is None:
                    continue
                ax.errorbar(
                    [x + offsets[k]],
                    [found.value],
                    yerr=_errors(found.value, found.ci),
                    fmt="o",
                    color=colour(k),
                    capsize=3,
                    markersize=4,
                    label=variant.name if x == 0 else None,
                )
        if measure.key == "first_seat" or measure.table == "skill":
            ax.axhline(0, color="grey", linewidth=0.8, linestyle="--")
        _by_players(ax, result, measure.label)
    axes[0].legend(fontsize=7, loc="best")
    figure.suptitle(f"{result.title}: each measure by variant and player count (95% intervals)")
    figure.savefig(path, format="png", dpi=80, metadata=_METADATA)


def plot_differences(result: LabResult, path: Path) -> None:
    """One panel per measure: each variant's paired difference from the baseline at each
    player count with its 95% interval; filled where the interval excludes 0."""
    measures = result.measures()
    others = list(enumerate(result.variants))[1:]
    figure, axes = _panel_grid(len(measures))
    offsets = _offsets(max(1, len(others)), 0.4)
    positions = list(range(len(result.players)))
    for ax, measure in zip(axes, measures, strict=True):
        ax.axhline(0, color="grey", linewidth=0.8)
        for slot, (k, variant) in enumerate(others):
            for x, players in zip(positions, result.players, strict=True):
                diff = result.difference(measure, variant.name, players)
                if diff is None:
                    continue
                ax.errorbar(
                    [x + offsets[slot]],
                    [diff.value],
                    yerr=_errors(diff.value, diff.ci),
                    fmt="o",
                    color=colour(k),
                    markerfacecolor=colour(k) if diff.excludes_zero else "white",
                    capsize=3,
                    markersize=5,
                    label=variant.name if x == 0 else None,
                )
        _by_players(ax, result, f"Δ {measure.label}")
    if others:
        axes[0].legend(fontsize=7, loc="best")
    figure.suptitle(
        f"{result.title}: difference from {result.baseline.name} "
        "(paired games, 95% intervals; filled: excludes 0)"
    )
    figure.savefig(path, format="png", dpi=80, metadata=_METADATA)


def plot_seats(result: LabResult, path: Path) -> None:
    """One panel per player count: each seat's win share per variant with its 95% interval,
    and the fair share as a dashed line."""
    figure = Figure(figsize=(3.6 * len(result.players) + 0.4, 3.4), layout="constrained")
    axes = figure.subplots(1, len(result.players), squeeze=False)[0]
    count = len(result.variants)
    width = 0.8 / count
    for ax, players in zip(axes, result.players, strict=True):
        for k, variant in enumerate(result.variants):
            shares = result.seat_shares(variant.name, players)
            xs = [seat - 0.4 + width * (k + 0.5) for seat in range(players)]
            values = [s.value for s in shares]
            errors = [
                [s.value - s.ci[0] if s.ci else 0.0 for s in shares],
                [s.ci[1] - s.value if s.ci else 0.0 for s in shares],
            ]
            ax.bar(
                xs, values, width=width, yerr=errors, capsize=2, color=colour(k), label=variant.name
            )
        ax.axhline(1 / players, color="grey", linestyle="--", linewidth=0.8)
        ax.set_xticks(range(players), [str(seat + 1) for seat in range(players)])
        ax.set_xlabel("seat", fontsize=8)
        ax.set_title(f"{players} players", fontsize=9)
        ax.tick_params(labelsize=8)
    axes[0].set_ylabel("win share (95% CI)", fontsize=8)
    figure.legend(*axes[0].get_legend_handles_labels(), fontsize=7, loc="outside right upper")
    figure.suptitle(f"{result.title}: win share by seat, {result.bots} at every seat")
    figure.savefig(path, format="png", dpi=80, metadata=_METADATA)


def write_plots(result: LabResult, folder: Path) -> list[Path]:
    """Write the three plots into ``folder``; the paths written."""
    paths = [folder / MEASURES_PNG, folder / DIFFERENCES_PNG, folder / SEATS_PNG]
    plot_measures(result, paths[0])
    plot_differences(result, paths[1])
    plot_seats(result, paths[2])
    return paths


# ----------------------------------------------------------------------------------- HTML
STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 80em;
       padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; margin-bottom: .2em; }
h2 { margin-top: 1.8em; border-bottom: 1px solid #ddd; }
pre.command { background: #f4f4f4; padding: .6em .8em; overflow-x: auto; white-space: pre-wrap; }
table { border-collapse: collapse; margin: .6em 0 1.2em; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #ddd; padding: .25em .55em; text-align: right; vertical-align: top; }
th { background: #f4f4f4; }
td.name, th.name { text-align: left; }
td .ci { color: #666; font-size: .85em; display: block; }
td.flag { background: #fff3c4; font-weight: 600; }
td.flag .ci { font-weight: normal; }
.swatch { display: inline-block; width: .8em; height: .8em; margin-right: .35em;
          vertical-align: baseline; border-radius: 2px; }
img { max-width: 100%; height: auto; border: 1px solid #eee; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2em 1em; }
dt { font-weight: 600; }
dd { margin: 0; }
.note { color: #555; font-size: .9em; }
"""


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _number(value: float, digits: int, signed: bool = False) -> str:
    return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"


def _interval(ci: Interval | None, digits: int) -> str:
    if ci is None:
        return ""
    return f"[{ci[0]:.{digits}f}, {ci[1]:.{digits}f}]"


def _estimate_cell(found: Estimate | None, digits: int) -> str:
    if found is None:
        return "<td>&ndash;</td>"
    return (
        f"<td>{_number(found.value, digits)}"
        f"<span class='ci'>{_interval(found.ci, digits)}</span></td>"
    )


def _difference_cell(diff: Difference | None, digits: int, timing: bool = False) -> str:
    if diff is None:
        return "<td>&ndash;</td>"
    flagged = diff.excludes_zero and not timing
    flag = " class='flag' title='the 95% interval excludes 0'" if flagged else ""
    return (
        f"<td{flag}>{_number(diff.value, digits, signed=True)}"
        f"<span class='ci'>{_interval(diff.ci, digits)}</span></td>"
    )


def _swatch(k: int) -> str:
    return f"<span class='swatch' style='background:{colour(k)}'></span>"


def _players_section(result: LabResult, players: int) -> list[str]:
    base = result.baseline.name
    others = result.variants[1:]
    out = [f"<h2 id='players-{players}'>{players} players</h2>"]
    head = ["<th class='name'>measure</th>"]
    head += [f"<th>{_swatch(k)}{_e(v.name)}</th>" for k, v in enumerate(result.variants)]
    head += [f"<th>Δ {_e(v.name)} &minus; {_e(base)}</th>" for v in others]
    out.append("<table class='measures'><thead><tr>" + "".join(head) + "</tr></thead><tbody>")
    for measure in result.measures():
        cells = [f"<td class='name' title='{_e(measure.description)}'>{_e(measure.label)}</td>"]
        for variant in result.variants:
            found = result.estimate(measure, variant.name, players)
            cells.append(_estimate_cell(found, measure.digits))
        for variant in others:
            diff = result.difference(measure, variant.name, players)
            cells.append(_difference_cell(diff, measure.digits, measure.timing))
        out.append(f"<tr data-measure='{_e(measure.key)}'>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    out.append(
        f"<p class='note'>{result.games} games per variant and table; Δ is the mean over "
        "paired games (same index, same seed) of the variant's figure minus the baseline's, "
        "highlighted where its 95% interval excludes 0 (never for the wall time, which "
        "follows the machine's load as much as the rules).</p>"
    )
    seat_head = ["<th class='name'>variant</th>"]
    seat_head += [f"<th>seat {seat + 1}</th>" for seat in range(players)]
    seat_head.append("<th>deals paired with the baseline</th>")
    out.append("<table class='seats'><thead><tr>" + "".join(seat_head) + "</tr></thead><tbody>")
    for k, variant in enumerate(result.variants):
        cells = [f"<td class='name'>{_swatch(k)}{_e(variant.name)}</td>"]
        cells += [_estimate_cell(s, 3) for s in result.seat_shares(variant.name, players)]
        paired = "yes" if result.paired_deal(variant.name, players) else "no (another deck)"
        cells.append(f"<td>{paired}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    return out


def flagged_differences(result: LabResult) -> list[tuple[str, int, Measure, Difference]]:
    """Every (variant, players, measure, difference) whose 95% interval excludes 0, the wall
    time left out, in the order of the tables."""
    found = []
    for variant in result.variants[1:]:
        for players in result.players:
            for measure in result.measures():
                diff = result.difference(measure, variant.name, players)
                if diff is not None and diff.excludes_zero and not measure.timing:
                    found.append((variant.name, players, measure, diff))
    return found


def _findings(result: LabResult) -> list[str]:
    if len(result.variants) < 2:
        return []
    out = [f"<h2>Differences from {_e(result.baseline.name)} that exclude 0</h2>"]
    found = flagged_differences(result)
    if not found:
        return [
            *out,
            "<p>None: no measure of any variant differs from the baseline's with "
            "95% confidence at these numbers of games.</p>",
        ]
    out.append("<ul class='findings'>")
    for variant, players, measure, diff in found:
        out.append(
            f"<li><b>{_e(variant)}</b> at {players} players: {_e(measure.label)} "
            f"{_number(diff.value, measure.digits, signed=True)} "
            f"{_interval(diff.ci, measure.digits)}</li>"
        )
    out.append("</ul>")
    return out


def _image(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f"<p><img src='data:image/png;base64,{data}' alt='{_e(alt)}'></p>"


def render_report(
    result: LabResult, plots: Sequence[Path], meta: Mapping[str, Any] | None = None
) -> str:
    """The report page: the command and versions, the variants, the plots, one table of
    every measure per player count, and what the measures mean."""
    meta = dict(meta or {})
    orders: dict[bool | None, str] = {True: "lowest score wins", False: "highest score wins"}
    order = orders.get(result.lower_score_wins, "")
    skill = ", ".join(p.key for p in result.skill) or "none"
    lines = [
        "<!DOCTYPE html>",
        "<html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{_e(result.title)} — lab report</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{_e(result.title)}: {len(result.variants)} variants</h1>",
    ]
    if meta.get("command"):
        lines.append(f"<pre class='command'>{_e(meta['command'])}</pre>")
    versions = meta.get("versions") or {}
    facts = {
        "seed": result.seed,
        "games": f"{result.games} per variant, player count and table",
        "players": ", ".join(str(p) for p in result.players),
        "bots": f"{result.bots} at every seat (mirror games)",
        "skill pairs": skill,
        "baseline": result.baseline.name,
        "scores": order,
        **{f"version of {name}": value for name, value in versions.items()},
    }
    lines.append("<table class='facts'><tbody>")
    for name, value in facts.items():
        lines.append(f"<tr><th class='name'>{_e(name)}</th><td class='name'>{_e(value)}</td></tr>")
    lines.append("</tbody></table>")
    lines.append("<h2>Variants</h2><table class='variants'><thead><tr>")
    lines.append("<th class='name'>variant</th><th class='name'>options</th></tr></thead><tbody>")
    for k, variant in enumerate(result.variants):
        role = " (baseline)" if k == 0 else ""
        lines.append(
            f"<tr><td class='name'>{_swatch(k)}{_e(variant.name)}{role}</td>"
            f"<td class='name'>{_e(variant.describe())}</td></tr>"
        )
    lines.append("</tbody></table>")
    lines.extend(_findings(result))
    lines.append("<h2>Plots</h2>")
    alts = {
        MEASURES_PNG: "each measure by variant and player count",
        DIFFERENCES_PNG: "each variant's difference from the baseline",
        SEATS_PNG: "win share by seat",
    }
    for path in plots:
        lines.append(_image(path, alts.get(path.name, path.name)))
    for players in result.players:
        lines.extend(_players_section(result, players))
    lines.append("<h2>What the measures mean</h2><dl>")
    for measure in result.measures():
        lines.append(f"<dt>{_e(measure.label)}</dt><dd>{_e(measure.description)}</dd>")
    lines.append("</dl>")
    lines.append(
        "<p class='note'>Mirror games seat the same bot everywhere; skill games seat the "
        "stronger bot of a pair at one seat, moved one seat on each game, and the weaker at the "
        "others. A shared win of k seats gives each 1/k. Intervals are 95%: Wilson's for shares "
        "of games, the normal approximation for means and for paired differences. "
        "See docs/lab.md.</p>"
    )
    lines.append("</body></html>")
    return "\n".join(lines) + "\n"


def write_lab(result: LabResult, folder: Path, meta: Mapping[str, Any] | None = None) -> list[Path]:
    """Write ``results.json``, ``games.csv``, the plots and ``report.html`` into ``folder``;
    the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    results, games = folder / RESULTS_JSON, folder / GAMES_CSV
    write_results_json(result, results, meta)
    write_games_csv(result, games)
    plots = write_plots(result, folder)
    report = folder / REPORT_HTML
    report.write_text(render_report(result, plots, meta), encoding="utf-8")
    return [report, results, games, *plots]
