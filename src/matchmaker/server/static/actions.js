// The buttons for the legal decisions, built from the `legal` list of a state message.

import { el } from "./dom.js";
import { actionTestId } from "./seats.js";

export function actionBar(legal, act, busy) {
  if (!legal || legal.length === 0) return null;
  return el(
    "div",
    { class: "actions", role: "group", "aria-label": "your choices", "data-testid": "actions" },
    legal.map((action) =>
      el(
        "button",
        {
          type: "button",
          class: "action",
          "data-testid": actionTestId(action),
          "data-focus": actionTestId(action),
          "data-name": action.name,
          "data-arg": action.arg ?? null,
          title: action.help || null,
          disabled: busy,
          onclick: () => act(action),
        },
        el("span", { class: "label" }, action.label || action.name),
        action.help ? el("span", { class: "help" }, action.help) : null,
      ),
    ),
  );
}
