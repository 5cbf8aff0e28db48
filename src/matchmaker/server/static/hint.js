// The hint of a practice table: the Hint button beside the choices while a decision is yours,
// then "Thinking…", then the server's advice (the `hint` message): the best choice named and
// every choice with its expected advantage. The board marks the best choice's place itself
// (`ctx.hint`, see seats.js `cardPlace`); this module draws the button and the advice only, as
// the server sends it, and works nothing out.

import { el } from "./dom.js";

/** A signed number of points as the advice lists them: +4.2, −1.3, 0.0. */
function points(value) {
  const text = Math.abs(value).toFixed(1);
  if (text === "0.0") return "0.0";
  return value > 0 ? `+${text}` : `−${text}`;
}

export class HintBox {
  /** `ask()` sends the `hint` message for the decision on screen. */
  constructor(ask) {
    this.key = null;
    this.button = el(
      "button",
      { type: "button", class: "hint-button", "data-testid": "hint", "data-focus": "hint", hidden: true },
      "Hint",
    );
    this.button.addEventListener("click", () => ask());
    this.panel = el("section", { class: "advice", "data-testid": "advice", "aria-live": "polite", hidden: true });
    // Every choice is listed at once on a wide screen; on a phone the list waits to be opened.
    this.showAll = !window.matchMedia("(max-width: 899px)").matches;
  }

  /**
   * Show the button while `offered` (a practice table, your decision, nothing sent yet), "Thinking…"
   * while `pending`, and `hint` (a `hint` message for the decision on screen, or null).
   */
  update({ offered, pending, hint }) {
    const key = JSON.stringify([offered, pending, hint]);
    if (key === this.key) return;
    this.key = key;
    this.button.hidden = !offered;
    this.button.disabled = pending || Boolean(hint);
    if (!offered || (!pending && !hint)) {
      this.panel.hidden = true;
      this.panel.replaceChildren();
      return;
    }
    this.panel.hidden = false;
    if (!hint) {
      this.panel.dataset.state = "thinking";
      this.panel.replaceChildren(el("p", { class: "advice-thinking", "data-testid": "advice-thinking" }, "Thinking…"));
      return;
    }
    this.panel.dataset.state = "ready";
    const [best] = hint.options;
    const all = el(
      "details",
      { class: "advice-all", "data-testid": "advice-all", open: this.showAll },
      el("summary", {}, `All ${hint.options.length} choices`),
      el(
        "ol",
        { class: "advice-options", "data-testid": "advice-options" },
        hint.options.map((option, index) => {
          const close = index > 0 && option.within_noise;
          const behind = index === 0 ? "the best" : `${option.behind.toFixed(1)} points behind the best${close ? ", within the noise" : ""}`;
          return el(
            "li",
            { class: index === 0 ? "best" : close ? "close" : "", title: behind },
            close ? el("span", { class: "close-mark", "aria-hidden": "true" }, "≈") : null,
            el("span", { class: "label" }, option.label),
            " ",
            el("span", { class: "number" }, points(option.value)),
            el("span", { class: "offscreen" }, `, ${behind}`),
          );
        }),
      ),
      el("p", { class: "advice-key" }, "Expected advantage over the others, in points: higher is better. ≈ within the noise of the best."),
    );
    all.addEventListener("toggle", () => (this.showAll = all.open));
    this.panel.replaceChildren(
      el(
        "p",
        { class: "advice-best", "data-testid": "advice-best" },
        "Best: ",
        el("strong", {}, hint.best.label),
        " ",
        el("span", { class: "number" }, points(best.value)),
        el("span", { class: "advice-how" }, ` · judged from what you can see, over ${hint.worlds} imagined deals`),
      ),
      el("p", { class: "advice-why", "data-testid": "advice-why" }, hint.why),
      all,
    );
  }
}
