// The seat link: a person's way to take their seat in another browser or on another device
// (docs/protocol.md, seat links). It is asked for only when wanted and shown to that person
// alone; opening it elsewhere moves the seat there.

import { api } from "./api.js";
import { el } from "./dom.js";
import { linkBox } from "./links.js";

/** The box with the "Play on another device…" button for seat `token` at table `tableId`;
 * `failed(error)` hears a refusal. */
export function seatLinkBox(tableId, token, failed) {
  const box = el("div", { class: "seat-link", "data-testid": "seat-link-box" });
  const ask = el(
    "button",
    {
      type: "button",
      "data-testid": "seat-link-ask",
      onclick: async () => {
        ask.disabled = true;
        try {
          const link = await api.seatLink(tableId, token);
          box.replaceChildren(
            linkBox("Your seat link (keep it to yourself)", `${location.origin}${link.url}`, "seat-link"),
            el("p", { class: "note" }, "Open it in another browser or on another device to play your seat there; this browser then gives the seat up. It works once."),
          );
        } catch (err) {
          ask.disabled = false;
          failed(err);
        }
      },
    },
    "Play on another device…",
  );
  box.append(ask);
  return box;
}
