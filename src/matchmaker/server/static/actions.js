// The buttons for the legal decisions, built from the `legal` list of a state message.
//
// The bar is one element for the life of the page and its buttons are kept, one per decision
// (by test id): a decision offered again, on the next message or on a later turn, gets the same
// element back (its text brought up to date), so a person pressing a button is never left
// holding one that was swapped out underneath them.

import { el } from "./dom.js";
import { actionTestId } from "./seats.js";

export class ActionBar {
  /** `act(action)` is called with the legal entry of the button pressed. */
  constructor(act) {
    this.act = act;
    this.key = null;
    // Every button made so far, by test id (a game has a few dozen decisions at most).
    this.buttons = new Map();
    this.element = el("div", {
      class: "actions",
      role: "group",
      "aria-label": "your choices",
      "data-testid": "actions",
      hidden: true,
    });
  }

  /** Show the buttons of `legal` (disabled while `busy`), the one of `hinted` (a practice
   * table's best choice, `{name, arg}`, or null) marked; nothing changes if nothing did. */
  update(legal, busy, hinted = null) {
    const list = legal || [];
    const key = JSON.stringify([list, Boolean(busy), hinted]);
    if (key === this.key) return;
    this.key = key;
    const bar = this.element;
    const active = document.activeElement;
    const wanted = list.map((action) => {
      const testid = actionTestId(action);
      if (!this.buttons.has(testid)) this.buttons.set(testid, this.button(testid));
      const button = this.buttons.get(testid);
      this.fill(button, action, busy);
      const best = Boolean(hinted) && hinted.name === action.name && (hinted.arg ?? null) === (action.arg ?? null);
      button.classList.toggle("hinted", best);
      return button;
    });
    const keep = new Set(wanted);
    for (const button of [...bar.children]) if (!keep.has(button)) button.remove();
    // Move a button only when it is out of place: an unchanged list moves nothing.
    wanted.forEach((button, index) => {
      if (bar.children[index] !== button) bar.insertBefore(button, bar.children[index] || null);
    });
    if (active && active !== document.activeElement && bar.contains(active) && !active.disabled) {
      active.focus({ preventScroll: true });
    }
    bar.hidden = wanted.length === 0;
  }

  button(testid) {
    const button = el("button", {
      type: "button",
      class: "action",
      "data-testid": testid,
      "data-focus": testid,
    });
    button.addEventListener("click", () => {
      if (button.action) this.act(button.action);
    });
    return button;
  }

  fill(button, action, busy) {
    button.action = action;
    button.dataset.name = action.name;
    if (action.arg === null || action.arg === undefined) delete button.dataset.arg;
    else button.dataset.arg = String(action.arg);
    if (action.help) button.title = action.help;
    else button.removeAttribute("title");
    button.disabled = Boolean(busy);
    const label = action.label || action.name;
    const help = action.help || "";
    if (button.shown !== `${label}\n${help}`) {
      button.shown = `${label}\n${help}`;
      button.replaceChildren(
        el("span", { class: "label" }, label),
        ...(help ? [el("span", { class: "help" }, help)] : []),
      );
    }
  }
}
