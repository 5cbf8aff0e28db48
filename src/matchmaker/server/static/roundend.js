// The end of a round, held on screen before the next one: the scored grids, the round's points
// and the running totals (what the game's `roundEnd` draws from the view), over the table, the
// same on a phone as on a desktop. While the server holds the next round (the state's `pause`),
// a countdown runs and "Next round" tells the server this person is ready; without a hold the
// panel stays until the person closes it.

import { el, morphInto } from "./dom.js";

export class RoundEndPanel {
  /** `ready()` is called when the person presses "Next round" during a hold. */
  constructor(ready) {
    this.ready = ready;
    // The number of rounds whose end this person has seen (or that ended before they came).
    this.seen = null;
    this.shown = null;
    this.heldBefore = false;
    this.heading = el("h2", { id: "round-end-title" }, "");
    this.body = el("div", { class: "round-end-body" });
    this.countdown = el("p", { class: "countdown", "data-testid": "round-end-countdown", "aria-live": "off" }, "");
    this.waiting = el("p", { class: "note", "data-testid": "round-end-waiting" }, "");
    this.button = el(
      "button",
      { type: "button", class: "primary", "data-testid": "round-next", onclick: () => this.close(true) },
      "Next round",
    );
    this.element = el(
      "section",
      {
        class: "round-end",
        role: "dialog",
        "aria-labelledby": "round-end-title",
        "data-testid": "round-end",
        hidden: true,
      },
      this.heading,
      this.body,
      el("div", { class: "round-end-foot" }, this.button, this.countdown, this.waiting),
    );
  }

  /** On the first state of a connection: the rounds already over count as seen, except the
   * one the server is holding the table for. */
  startAt(view, pause) {
    const scored = (view.round_scores || []).length;
    this.seen = pause ? scored - 1 : scored;
  }

  close(pressed) {
    if (this.shown !== null) this.seen = Math.max(this.seen ?? 0, this.shown);
    this.shown = null;
    this.element.hidden = true;
    if (pressed) this.ready();
  }

  /**
   * `content` is the game's round end (`{round, title, body}`) or null; `pause` the server's
   * hold (or null); `seated` whether this page plays a seat; `waiting` the names of the people
   * the hold waits for.
   */
  update(content, pause, seated, waiting) {
    const held = Boolean(pause);
    const holdEnded = this.heldBefore && !held;
    this.heldBefore = held;
    if (!content || this.seen === null || content.round <= this.seen || (holdEnded && this.shown === content.round)) {
      if (this.shown !== null) this.close(false);
      if (content && holdEnded) this.seen = Math.max(this.seen ?? 0, content.round);
      return;
    }
    const opening = this.shown !== content.round;
    this.shown = content.round;
    this.heading.textContent = content.title;
    morphInto(this.body, content.body);
    const label = seated && held ? "Next round" : "Close";
    if (this.button.textContent !== label) this.button.textContent = label;
    this.waiting.textContent = held && waiting.length ? `Waiting for ${waiting.join(", ")}.` : "";
    this.element.hidden = false;
    this.tick(pause);
    if (opening) this.button.focus({ preventScroll: true });
  }

  /** The countdown of the hold, once a quarter second. */
  tick(pause) {
    if (this.element.hidden) return;
    const text = pause
      ? `The next round starts in ${Math.max(0, Math.ceil((pause.until - Date.now()) / 1000))} s.`
      : "The next round is being played.";
    if (this.countdown.textContent !== text) this.countdown.textContent = text;
  }
}
