"""The HTML report of a review (``matchmaker review FILE --out DIR``): one page,
``DIR/index.html``, with the game's title, players and result, each reviewed seat's accuracy,
mean loss and luck, its loss-per-decision plot (``cli.lossplot``, a PNG beside the page), a
table of its decisions, and the game stepped through as that seat saw it: every step of
``matchmaker replay --show`` (``cli.show.show_frames``), with its narration, the board as the
terminal draws it (``cli.render``, exported by rich as HTML with inline styles) and the review
of the seat's decisions at the step that tells them (``cli.show.frame_marks``).

The page reads without JavaScript (every step one after another, plain links between them);
a small inline script shows one step of a seat at a time and steps with the ← and → keys.
See docs/review.md."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from rich.console import Console

from matchmaker.analysis import DecisionReview, SeatReview
from matchmaker.cli.lossplot import MARK_COLOURS, POINTS, plot_losses
from matchmaker.cli.render import MAX_WIDTH, render_view
from matchmaker.cli.show import frame_marks, frame_names, review_line, show_frames
from matchmaker.core.errors import MatchmakerError
from matchmaker.core.game import Game
from matchmaker.core.records import game_of_record
from matchmaker.words import words_for
from matchmaker.words.replay import Frame
from matchmaker.words.seats import seat_number

#: The report's page in its folder.
PAGE = "index.html"


def report_folder(path: str) -> Path:
    """The folder ``--out`` names, made if missing (with its parents); MatchmakerError when it
    is a file or cannot be made."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise MatchmakerError(f"--out must name a folder: {path} is a file")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MatchmakerError(f"--out: cannot make the folder {path}: {exc.strerror}") from None
    return folder


def plot_name(seat: int) -> str:
    """The file name of a seat's loss plot in the report's folder (seats counted from 1)."""
    return f"losses-seat-{seat_number(seat)}.png"


def write_report(
    record: Mapping[str, Any], reviews: Sequence[SeatReview], folder: Path, judged: str = ""
) -> Path:
    """Write the report of ``reviews`` (of ``record``) into ``folder``: the page and one plot a
    reviewed seat; the page's path. ``judged`` says how the decisions were judged (worlds,
    seed), under the title."""
    game = game_of_record(record)
    names = frame_names(record, game)
    final = game.replay(record)
    result = (
        words_for(game).result_line(final.status(), names)
        if final.is_over
        else "The record ends before the end of the game."
    )
    sections = [_seat_section(game, record, review, names, folder) for review in reviews]
    page = _PAGE.format(
        title=escape(f"Review: {game.title}"),
        heading=escape(f"{game.title}: the game reviewed"),
        players=escape(", ".join(names)),
        result=escape(result),
        judged=escape(judged),
        points=escape(POINTS.get(game.name, "points")),
        summary=_summary(reviews, names),
        sections="\n".join(sections),
        style=_STYLE,
        script=_SCRIPT,
    )
    path = folder / PAGE
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise MatchmakerError(f"--out: cannot write {path}: {exc.strerror}") from None
    return path


def _summary(reviews: Sequence[SeatReview], names: Sequence[str]) -> str:
    """The table of the reviewed seats: decisions, accuracy, mean loss, luck."""
    rows = []
    for review in reviews:
        luck = "—" if review.luck is None else f"{review.luck:+.1f}"
        rows.append(
            f'<tr><td><a href="#seat-{seat_number(review.seat)}">'
            f"{escape(names[review.seat])}</a></td><td>{len(review.decisions)}</td>"
            f"<td>{review.accuracy:.0%}</td><td>{review.mean_loss:.2f}</td><td>{luck}</td></tr>"
        )
    return "\n".join(rows)


def _step_id(seat: int, step: int) -> str:
    """The anchor of a seat's step (both counted from 1 in the anchor)."""
    return f"s{seat_number(seat)}-step-{step + 1}"


def _seat_section(
    game: Game[Any],
    record: Mapping[str, Any],
    review: SeatReview,
    names: Sequence[str],
    folder: Path,
) -> str:
    """One reviewed seat: its figures, its plot, its decisions, and its steps."""
    seat = review.seat
    _, frames = show_frames(record, seat)
    marks = frame_marks(frames, review.decisions)
    step_of = {d.index: step for step, found in marks.items() for d in found}
    name = names[seat]
    plot = plot_name(seat)
    try:
        areas = plot_losses(game.name, review, name, folder / plot)
    except OSError as exc:
        raise MatchmakerError(f"--out: cannot write {folder / plot}: {exc.strerror}") from None
    links = [
        f'<area shape="rect" coords="{",".join(map(str, area))}" '
        f'href="#{_step_id(seat, step_of[d.index])}" '
        f'alt="{escape(f"decision {n}: {d.action}, {d.mark}")}" '
        f'title="{escape(f"{n}. {d.action}: {d.mark}, -{d.loss:.1f}")}">'
        for n, (d, area) in enumerate(zip(review.decisions, areas, strict=True), start=1)
    ]
    rows = [
        _decision_row(n, d, _step_id(seat, step_of[d.index]))
        for n, d in enumerate(review.decisions, start=1)
    ]
    shown = [f"{n} ◆" if s == seat else n for s, n in enumerate(names)]
    console = Console(
        record=True,
        width=MAX_WIDTH,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
    )
    steps = [
        _step(game, frames, index, shown, seat, marks.get(index, ()), console)
        for index in range(len(frames))
    ]
    luck = "no luck to tell (no round ended)" if review.luck is None else f"{review.luck:+.1f}"
    number = seat_number(seat)
    return _SECTION.format(
        number=number,
        name=escape(name),
        decisions=len(review.decisions),
        accuracy=f"{review.accuracy:.0%}",
        loss=f"{review.mean_loss:.2f}",
        luck=escape(luck),
        plot=escape(plot),
        alt=escape(f"The points each of {name}'s decisions lost, coloured by its mark"),
        areas="\n".join(links),
        rows="\n".join(rows),
        count=len(frames),
        steps="\n".join(steps),
    )


def _mark(mark: str) -> str:
    """A mark as a coloured badge."""
    return f'<span class="badge" style="--mark:{MARK_COLOURS.get(mark, "#ccc")}">{mark}</span>'


def _decision_row(number: int, decision: DecisionReview, anchor: str) -> str:
    """A row of a seat's decision table, linked to the step that tells the decision."""
    loss = f"-{decision.loss:.1f}" if decision.loss > 0 else "0"
    best = "" if decision.loss <= 0 else escape(decision.best)
    return (
        f'<tr><td><a href="#{anchor}">{number}</a></td><td>{escape(decision.action)}</td>'
        f"<td>{_mark(decision.mark)}</td><td>{loss}</td><td>{best}</td>"
        f"<td>{escape(decision.why)}</td></tr>"
    )


def _note(decision: DecisionReview) -> str:
    """A decision's review at its step: the line ``replay --show --review`` prints, why, and
    every choice's expected advantage."""
    values = sorted(decision.values.items(), key=lambda kv: -kv[1])
    cells = "".join(
        f"<tr{' class=chosen' if key == decision.action else ''}><td>{escape(key)}</td>"
        f"<td>{value:+.2f}</td></tr>"
        for key, value in values
    )
    line = review_line(decision)
    why = "" if decision.why in line else f'<p class="why">{escape(decision.why)}</p>'
    return (
        f'<div class="note" style="--mark:{MARK_COLOURS.get(decision.mark, "#ccc")}">'
        f"<p>{_mark(decision.mark)} {escape(line)}</p>{why}"
        f"<details><summary>every choice's expected advantage ({decision.worlds} worlds)"
        f"</summary><table>{cells}</table></details></div>"
    )


def _step(
    game: Game[Any],
    frames: Sequence[Frame],
    index: int,
    names: Sequence[str],
    seat: int,
    decisions: Sequence[DecisionReview],
    console: Console,
) -> str:
    """One step of the game as ``seat`` saw it: links to the steps around it, what happened,
    the review of its decisions, and the board."""
    frame = frames[index]
    last = len(frames) - 1
    back = (
        f'<a href="#{_step_id(seat, index - 1)}" rel="prev">← previous</a>'
        if index > 0
        else '<span class="off">← previous</span>'
    )
    ahead = (
        f'<a href="#{_step_id(seat, index + 1)}" rel="next">next →</a>'
        if index < last
        else '<span class="off">next →</span>'
    )
    told = "".join(f"<p>{escape(line)}</p>" for line in frame.lines) or "<p>…</p>"
    notes = "".join(_note(d) for d in decisions)
    console.print(render_view(game, frame.view, names))
    board = console.export_html(inline_styles=True, code_format='<pre class="board">{code}</pre>')
    marked = " marked" if decisions else ""
    return (
        f'<article class="step{marked}" id="{_step_id(seat, index)}">'
        f'<nav>{back} <span class="where">step {index + 1} of {last + 1}</span> {ahead}</nav>'
        f'<div class="told">{told}</div>{notes}{board}</article>'
    )


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<header>
<h1>{heading}</h1>
<p>Players: {players}.</p>
<p>{result}</p>
<p class="quiet">{judged} Each decision is judged on what its seat could see, never on the
cards it could not; a loss is in {points}. With JavaScript, ← and → step through a seat's game
(the seat whose step was shown last).</p>
<table class="summary">
<thead><tr><th>seat</th><th>decisions</th><th>accuracy</th><th>mean loss (points)</th>
<th>luck (points)</th></tr>
</thead>
<tbody>
{summary}
</tbody>
</table>
</header>
{sections}
<script>{script}</script>
</body>
</html>
"""

_SECTION = """<section class="seat" id="seat-{number}">
<h2>{name}</h2>
<p>{decisions} decisions reviewed: accuracy {accuracy}, mean loss {loss} points a decision,
luck {luck}.</p>
<figure>
<img src="{plot}" usemap="#losses-{number}" alt="{alt}">
<map name="losses-{number}">
{areas}
</map>
<figcaption>Each bar is a decision (click it for its step); a dot, one that lost nothing.
</figcaption>
</figure>
<details class="decisions">
<summary>The decisions, one a row</summary>
<table>
<thead><tr><th>#</th><th>choice</th><th>mark</th><th>loss</th><th>best</th><th>why</th></tr>
</thead>
<tbody>
{rows}
</tbody>
</table>
</details>
<h3>The game as {name} saw it ({count} steps)</h3>
<div class="steps">
{steps}
</div>
</section>"""

_STYLE = """
body { font: 16px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 62rem;
  padding: 1rem 1.2rem 4rem; color: #1d2127; background: #fafafa; }
h1 { font-size: 1.5rem; margin: 0.4rem 0; }
h2 { font-size: 1.3rem; margin: 2.5rem 0 0.3rem; border-top: 2px solid #d0d4da;
  padding-top: 1rem; }
h3 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
.quiet { color: #5a626e; font-size: 0.9rem; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 0.2rem 0.7rem 0.2rem 0; vertical-align: top; }
.summary th, .summary td { border-bottom: 1px solid #d0d4da; }
figure { margin: 0.5rem 0; overflow-x: auto; }
figure img { display: block; max-width: none; }
figcaption { color: #5a626e; font-size: 0.85rem; }
.decisions table { font-size: 0.9rem; }
.decisions td { border-bottom: 1px solid #e4e7eb; }
.decisions td:nth-child(2), .decisions td:nth-child(5) { white-space: nowrap; }
.badge { display: inline-block; padding: 0 0.45em; border-radius: 0.6em;
  background: var(--mark); color: #111; font-size: 0.85em; font-weight: 600; }
.step { border: 1px solid #d0d4da; border-radius: 8px; background: #fff;
  padding: 0.6rem 0.9rem; margin: 0 0 1rem; }
.step.marked { border-color: #9aa3ad; }
.step nav { display: flex; gap: 1rem; align-items: baseline; font-size: 0.95rem; }
.step nav .where { color: #5a626e; flex: 1; text-align: center; }
.step nav .off { color: #b0b6be; }
.told p { margin: 0.3rem 0; font-weight: 600; }
.note { border-left: 5px solid var(--mark); background: #f3f5f7; padding: 0.3rem 0.7rem;
  margin: 0.5rem 0; border-radius: 0 6px 6px 0; }
.note p { margin: 0.2rem 0; }
.note .why { color: #333a44; }
.note details { font-size: 0.85rem; color: #5a626e; }
.note .chosen td { font-weight: 700; color: #1d2127; }
pre.board { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px;
  line-height: 1.17; background: #fff; padding: 0.4rem 0; margin: 0.4rem 0 0;
  overflow-x: auto; }
.js .step { display: none; }
.js .step.current { display: block; }
"""

_SCRIPT = """
(function () {
  var root = document.documentElement;
  root.classList.add("js");
  var active = document.querySelector(".steps");
  function show(step) {
    var box = step.parentElement;
    for (var s = box.firstElementChild; s; s = s.nextElementSibling) {
      s.classList.toggle("current", s === step);
    }
    active = box;
  }
  function fromHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (target && target.classList.contains("step")) {
      show(target);
      target.scrollIntoView();
    }
  }
  document.querySelectorAll(".steps").forEach(function (box) {
    if (box.firstElementChild) box.firstElementChild.classList.add("current");
    box.addEventListener("click", function () { active = box; });
  });
  window.addEventListener("hashchange", fromHash);
  fromHash();
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || !active) return;
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    var now = active.querySelector(".step.current");
    var forward = e.key === "ArrowRight";
    var next = now && (forward ? now.nextElementSibling : now.previousElementSibling);
    if (!next) return;
    e.preventDefault();
    show(next);
    location.hash = next.id;
  });
})();
"""
