// The review of a finished game in the replay viewer (docs/review.md): each seat's accuracy,
// mean loss and luck, a strip with one bar a reviewed decision (its height the points it lost,
// its colour its mark; each bar a button to the decision's frame), and at each frame the
// decision made there with its mark, the best choice and why. The marks, losses, choices and
// reasons are the server's; this module only draws them.

import { api } from "./api.js";
import { el } from "./dom.js";
import { seatName } from "./seats.js";

/** The marks a decision can get, from the best to the worst (the legend's order). */
const MARKS = ["best", "good", "inaccuracy", "mistake", "blunder"];
/** Asking again while the review is made: the first wait, its growth, the longest (ms). */
const FIRST_WAIT = 1000;
const GROWTH = 1.5;
const LONGEST_WAIT = 15000;

const markOf = (decision) => (MARKS.includes(decision.mark) ? decision.mark : "best");
const points = (value) => value.toFixed(1);
const signed = (value) => (value > 0 ? `+${points(value)}` : value < 0 ? `−${points(-value)}` : points(0));

/**
 * Asks for a table's review until it is ready or failed, waiting longer each time it is still
 * being made; stops when the page is left (and starts again if the browser brings it back).
 */
export class ReviewPoller {
  constructor(tableId, { pending, ready, failed, error }) {
    this.id = tableId;
    this.on = { pending, ready, failed, error };
    this.wait = FIRST_WAIT;
    this.timer = null;
    this.done = false;
    this.left = false;
    window.addEventListener("pagehide", () => this.leave());
    window.addEventListener("pageshow", (event) => {
      if (event.persisted && this.left && !this.done) {
        this.left = false;
        this.ask();
      }
    });
  }

  leave() {
    this.left = true;
    clearTimeout(this.timer);
    this.timer = null;
  }

  async ask() {
    if (this.done || this.left) return;
    let answer;
    try {
      answer = await api.review(this.id);
    } catch (err) {
      this.on.error(err);
      // A refusal (a game still on, no such table) stays one; a lost connection may come back.
      if (err.status >= 400 && err.status < 500) this.done = true;
      else this.later();
      return;
    }
    if (this.left) return;
    if (answer.status === "pending") {
      this.on.pending();
      this.later();
    } else if (answer.status === "ready") {
      this.done = true;
      this.on.ready(answer);
    } else {
      this.done = true;
      this.on.failed(answer.message || "The review of this game failed.");
    }
  }

  later() {
    if (this.left) return;
    this.timer = setTimeout(() => this.ask(), this.wait);
    this.wait = Math.min(LONGEST_WAIT, this.wait * GROWTH);
  }
}

/** The review's panel (summary, strip, legend) and the note told at each frame. */
export class ReviewPanel {
  /** `jump(frameIndex)` takes the replay to a frame. */
  constructor(jump) {
    this.jump = jump;
    this.review = null;
    this.summary = null;
    this.viewer = null;
    this.frames = [];
    this.index = 0;
    this.bars = [];
    this.statusLine = el("p", { class: "review-status", role: "status", "data-testid": "review-status" });
    this.table = el("div", { class: "review-seats", "data-testid": "review-summary" });
    this.strip = el("div", {
      class: "review-strip",
      role: "toolbar",
      "aria-label": "Points lost, decision by decision: each bar goes to its decision",
      "data-testid": "review-strip",
      hidden: true,
    });
    this.strip.addEventListener("keydown", (event) => this.key(event));
    this.legend = el(
      "ul",
      { class: "review-legend", "data-testid": "review-legend", "aria-label": "Marks", hidden: true },
      MARKS.map((mark) => el("li", { class: `mark-${mark}` }, el("span", { class: "swatch", "aria-hidden": "true" }), mark)),
      el("li", { class: "legend-height" }, "height: points lost"),
    );
    this.section = el(
      "section",
      { class: "review", "data-testid": "review", "aria-labelledby": "review-title" },
      el("h2", { id: "review-title" }, "Review"),
      this.statusLine,
      this.table,
      this.strip,
      this.legend,
    );
    this.note = el("div", { class: "review-note", "data-testid": "review-note", hidden: true });
  }

  pending() {
    this.statusLine.textContent = "Reviewing… every decision is being judged on what its seat could see. The review shows here when it is ready.";
    this.section.dataset.state = "pending";
  }

  failed(message) {
    this.statusLine.textContent = `No review: ${message}`;
    this.section.dataset.state = "failed";
  }

  error(err) {
    this.statusLine.textContent = `The review cannot be loaded: ${err.message}`;
    this.section.dataset.state = "error";
  }

  ready(review) {
    this.review = review;
    this.section.dataset.state = "ready";
    this.draw();
  }

  /** The replay the review is drawn on: its table, whose view it is (null: everyone), its frames. */
  show(summary, viewer, frames) {
    this.summary = summary;
    this.viewer = viewer;
    this.frames = frames;
    this.draw();
  }

  /** The decisions of the seat viewed (of every seat in the public view), in the game's order. */
  decisions() {
    const seats = this.review.seats.filter((s) => this.viewer === null || s.seat === this.viewer);
    return seats.flatMap((s) => s.decisions).sort((a, b) => a.event - b.event);
  }

  /** The frame that tells a decision: the one whose seq is the seq after its event. */
  frameOf(decision) {
    const index = this.frames.findIndex((frame) => frame.seq > decision.event);
    return index < 0 ? this.frames.length - 1 : index;
  }

  name(seat) {
    return seatName(this.summary.seats, seat);
  }

  draw() {
    if (!this.review || !this.summary) return;
    const review = this.review;
    const shown = review.seats.filter((s) => this.viewer === null || s.seat === this.viewer);
    this.statusLine.textContent = `Each decision judged on what its seat could see, in ${review.worlds} deals of the unseen cards. Accuracy: the best choices' share; mean loss: points lost a decision; luck: points the cards gave beyond the play.`;
    const cell = (text, number = false) => el("td", { class: number ? "number" : null }, text);
    this.table.replaceChildren(
      el(
        "table",
        { class: "review-table" },
        el("thead", {}, el("tr", {}, ["Seat", "Accuracy", "Mean loss", "Luck"].map((h) => el("th", { scope: "col" }, h)))),
        el(
          "tbody",
          {},
          shown.map((s) =>
            el(
              "tr",
              { "data-testid": `review-seat-${s.seat}` },
              el("th", { scope: "row" }, this.name(s.seat)),
              cell(`${Math.round(s.accuracy * 100)}%`, true),
              cell(points(s.mean_loss), true),
              cell(s.luck === null ? "—" : signed(s.luck), true),
            ),
          ),
        ),
      ),
    );
    const decisions = this.decisions();
    const most = Math.max(1, ...decisions.map((d) => d.loss));
    this.bars = decisions.map((decision) => {
      const frame = this.frameOf(decision);
      const label = this.describe(decision);
      const bar = el(
        "button",
        {
          type: "button",
          class: `review-bar mark-${markOf(decision)}`,
          style: `--loss: ${(decision.loss / most).toFixed(3)}`,
          tabindex: -1,
          "aria-label": label,
          title: label,
          "data-testid": "review-bar",
          "data-frame": frame,
          "data-loss": decision.loss,
          onclick: () => this.jump(frame),
        },
        el("span", { class: "review-bar-fill", "aria-hidden": "true" }),
      );
      bar.frame = frame;
      bar.decision = decision;
      return bar;
    });
    this.strip.replaceChildren(...this.bars);
    this.strip.hidden = this.legend.hidden = !this.bars.length;
    this.at(this.index);
  }

  /** A decision in words: its number, who chose what, its mark and what it lost. */
  describe(decision) {
    const lost = decision.loss > 0 ? `, ${points(decision.loss)} points lost; best: ${decision.best}` : "";
    return `Decision ${decision.index + 1}, ${this.name(decision.seat)}: ${decision.action}, ${markOf(decision)}${lost}`;
  }

  /** The replay is at frame `index`: mark its bar and tell its decision. */
  at(index) {
    this.index = index;
    if (!this.review || !this.summary) return;
    // The strip's one Tab stop: the bar of this frame, else the last one before it.
    let current = this.bars[0] || null;
    for (const bar of this.bars) {
      const here = bar.frame === index;
      bar.classList.toggle("current", here);
      if (here) bar.setAttribute("aria-current", "step");
      else bar.removeAttribute("aria-current");
      if (bar.frame <= index) current = bar;
    }
    for (const bar of this.bars) bar.tabIndex = bar === current ? 0 : -1;
    if (current) this.scrollTo(current);
    const here = this.bars.filter((bar) => bar.frame === index).map((bar) => bar.decision);
    this.note.hidden = false;
    if (!here.length) {
      this.note.className = "review-note";
      const whose = this.viewer === null ? "" : ` of ${this.name(this.viewer)}'s`;
      this.note.replaceChildren(el("p", { class: "quiet" }, `No decision${whose} to review here.`));
      return;
    }
    this.note.className = `review-note mark-${markOf(here[0])}`;
    this.note.replaceChildren(
      ...here.flatMap((d) => [
        el(
          "p",
          {},
          el("strong", { class: `mark-word mark-${markOf(d)}`, "data-testid": "review-mark" }, markOf(d)),
          ` ${this.name(d.seat)}: ${d.action}`,
          d.loss > 0 ? ` — ${points(d.loss)} points lost. Best: ${d.best}.` : "",
        ),
        el("p", { class: "why", "data-testid": "review-why" }, d.why),
      ]),
    );
  }

  /** Scroll the strip (only the strip) so that `bar` is in view. */
  scrollTo(bar) {
    const strip = this.strip;
    const left = bar.offsetLeft;
    if (left < strip.scrollLeft || left + bar.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = Math.max(0, left - strip.clientWidth / 2);
    }
  }

  /** ← and → go from bar to bar (each to its decision), Home and End to the first and last. */
  key(event) {
    const at = this.bars.indexOf(document.activeElement);
    if (at < 0) return;
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: this.bars.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    event.stopPropagation();
    const bar = this.bars[Math.max(0, Math.min(this.bars.length - 1, moves[event.key]))];
    this.jump(bar.frame);
    bar.focus();
  }
}
