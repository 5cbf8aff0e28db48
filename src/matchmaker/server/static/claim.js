// Purrfect Match's claim control: tell the table what your candidate is, true or not.

import { el } from "./dom.js";

/** The claim form; `say(value)` sends the claim. `update(claim, yours)` shows the values the
 * server's `claim` offers (hidden while it offers none); the selector starts at the seat's own
 * candidate (a person changes it to bluff) and keeps a person's choice until the candidate
 * changes. */
export function claimControl(say) {
  const select = el(
    "select",
    { id: "claim-value", "data-testid": "claim-value", "data-focus": "claim-value", "aria-label": "claimed value" },
  );
  const button = el(
    "button",
    {
      type: "submit",
      "data-testid": "claim-send",
      "data-focus": "claim-send",
      title: "Say it to the table, true or not: a claim binds nobody",
    },
    "Say it",
  );
  const element = el(
    "form",
    {
      class: "claim",
      "data-testid": "claim",
      hidden: true,
      onsubmit: (event) => {
        event.preventDefault();
        say(Number(select.value));
      },
    },
    el("label", { for: "claim-value" }, "“My candidate is a"),
    select,
    el("span", {}, "”"),
    button,
  );
  let offered = "";
  let candidate = null;
  return {
    element,
    update(claim, yours) {
      const values = (claim && claim.values) || [];
      const key = values.join(",");
      if (key !== offered) {
        offered = key;
        const chosen = select.value;
        select.replaceChildren(...values.map((v) => el("option", { value: v }, String(v))));
        if (values.map(String).includes(chosen)) select.value = chosen;
      }
      const own = yours === undefined ? null : yours;
      if (own !== candidate) {
        candidate = own;
        if (own !== null && values.map(String).includes(String(own))) select.value = String(own);
      }
      element.hidden = values.length === 0;
      select.disabled = button.disabled = values.length === 0;
    },
  };
}
