// The replay viewer: a finished game, event by event, from one seat's view or the public one;
// with `?review=1` (or its Review button), the game's review over it (review.js).

import { accountBadge } from "./account.js";
import { api } from "./api.js";
import { boardContext, eventHighlight, renderBoard } from "./board.js";
import { clear, el, replaceKeepingFocus } from "./dom.js";
import { ReviewPanel, ReviewPoller } from "./review.js";
import { seatName } from "./seats.js";

export async function showReplay(root, tableId, params) {
  document.title = "Replay · matchmaker";
  const raw = params.get("seat");
  const seat = raw === null || raw === "" ? null : Number(raw);
  const viewer = new ReplayViewer(root, tableId);
  if (params.get("review") === "1") viewer.startReview();
  await viewer.load(Number.isInteger(seat) ? seat : null);
}

class ReplayViewer {
  constructor(root, tableId) {
    this.root = root;
    this.id = tableId;
    this.index = 0;
    this.data = null;
    this.seatSelect = el("select", { id: "replay-seat", "data-testid": "replay-seat" });
    this.seatSelect.addEventListener("change", () => {
      const value = this.seatSelect.value;
      this.load(value === "" ? null : Number(value), this.index);
    });
    const button = (testid, text, label, step) =>
      el("button", { type: "button", "data-testid": testid, "aria-label": label, onclick: () => this.go(step()) }, text);
    this.first = button("replay-first", "« First", "first event", () => 0);
    this.prev = button("replay-prev", "◀ Back", "previous event", () => this.index - 1);
    this.next = button("replay-next", "Forward ▶", "next event", () => this.index + 1);
    this.last = button("replay-last", "Last »", "last event", () => this.frames().length - 1);
    this.slider = el("input", { type: "range", min: 0, value: 0, "aria-label": "event", "data-testid": "replay-slider" });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.position = el("span", { class: "position", "data-testid": "replay-position" });
    this.lines = el("div", { class: "replay-lines", "data-testid": "replay-lines", "aria-live": "polite" });
    this.statusLine = el("p", { class: "status", "data-testid": "replay-status" });
    this.boardHost = el("div", { class: "board-host", "data-testid": "board" });
    this.title = el("h1", { class: "title" }, "Replay");
    this.error = el("p", { class: "error-banner", role: "alert", "data-testid": "error-banner", hidden: true });
    this.keys = el("p", { class: "note" }, "Keys: ← and → step, Home and End jump.");
    this.reviewing = false;
    this.review = new ReviewPanel((index) => this.go(index));
    this.review.section.hidden = this.review.note.hidden = true;
    this.reviewButton = el(
      "button",
      { type: "button", "data-testid": "replay-review", onclick: () => this.startReview() },
      "Review",
    );
    this.poller = new ReviewPoller(tableId, {
      pending: () => this.review.pending(),
      ready: (answer) => this.review.ready(answer),
      failed: (message) => this.review.failed(message),
      error: (err) => this.review.error(err),
    });
    clear(root).append(
      el(
        "div",
        { class: "replay-page", "data-testid": "replay-page" },
        el("header", { class: "topbar" }, el("a", { href: "/", class: "home" }, "matchmaker"), this.title, accountBadge()),
        this.error,
        el(
          "div",
          { class: "replay-controls" },
          el("label", { for: "replay-seat" }, "Seen by "),
          this.seatSelect,
          this.first,
          this.prev,
          this.next,
          this.last,
          this.slider,
          this.position,
          this.reviewButton,
        ),
        this.keys,
        this.review.section,
        this.statusLine,
        this.lines,
        this.review.note,
        this.boardHost,
      ),
    );
    document.addEventListener("keydown", (event) => this.key(event));
  }

  frames() {
    return this.data ? this.data.frames : [];
  }

  /** Show the game's review: ask for it (asking starts it) until it is ready. */
  startReview() {
    if (this.reviewing) return;
    this.reviewing = true;
    this.reviewButton.hidden = true;
    this.keys.textContent = "Keys: ← and → step, Home and End jump; in the review's strip they go from decision to decision.";
    this.review.section.hidden = false;
    this.review.pending();
    if (this.data) this.setAddress();
    this.poller.ask();
  }

  setAddress() {
    const query = new URLSearchParams();
    if (this.data && this.data.seat !== null && this.data.seat !== undefined) query.set("seat", this.data.seat);
    if (this.reviewing) query.set("review", "1");
    const search = query.toString();
    history.replaceState(null, "", `/replay/${encodeURIComponent(this.id)}${search ? `?${search}` : ""}`);
  }

  async load(seat, index = 0) {
    try {
      this.data = await api.replay(this.id, seat);
    } catch (err) {
      this.error.textContent = err.code === "not_finished" ? "This game is still being played: replays open once it is over." : err.message;
      this.error.hidden = false;
      return;
    }
    this.error.hidden = true;
    const summary = this.data.table;
    document.title = `Replay: ${summary.title} · matchmaker`;
    this.title.textContent = `Replay: ${summary.title}`;
    this.seatSelect.replaceChildren(
      el("option", { value: "" }, "everyone (public view)"),
      ...Array.from({ length: summary.players }, (_, s) => el("option", { value: s }, seatName(summary.seats, s))),
    );
    this.seatSelect.value = seat === null ? "" : String(seat);
    this.setAddress();
    this.review.show(summary, this.data.seat ?? null, this.frames());
    this.slider.max = Math.max(0, this.frames().length - 1);
    this.go(Math.min(index, this.frames().length - 1));
  }

  go(index) {
    const frames = this.frames();
    if (!frames.length) return;
    this.index = Math.max(0, Math.min(frames.length - 1, index));
    const frame = frames[this.index];
    const before = this.index > 0 ? frames[this.index - 1].view : null;
    const summary = this.data.table;
    const ctx = boardContext(summary, {
      // A replay shows no presence, and nobody in it is "you".
      seats: summary.seats.map((seat) => ({ ...seat, connected: true, away: false })),
      viewer: this.data.seat ?? null,
      you: null,
      highlight: eventHighlight(summary.game, frame.event, before),
    });
    replaceKeepingFocus(this.boardHost, [renderBoard(summary.game, frame.view, ctx)]);
    const lines = frame.lines && frame.lines.length ? frame.lines : [this.index === 0 ? "Before the first event." : ""];
    // The lines come told to the chosen seat, with every seat already named.
    this.lines.replaceChildren(...lines.map((line) => el("p", {}, line)));
    this.statusLine.textContent = frame.status || "";
    this.position.textContent = `event ${this.index} of ${frames.length - 1}`;
    this.slider.value = String(this.index);
    this.first.disabled = this.prev.disabled = this.index === 0;
    this.next.disabled = this.last.disabled = this.index === frames.length - 1;
    this.root.querySelector(".replay-page").dataset.index = String(this.index);
    if (this.reviewing) this.review.at(this.index);
  }

  key(event) {
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const moves = { ArrowRight: this.index + 1, ArrowLeft: this.index - 1, Home: 0, End: this.frames().length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      this.go(moves[event.key]);
    }
  }
}
