// Open tables: the public tables that wait for a person (`GET /api/open`), asked for again
// every 5 seconds while the lobby is in view, each with a "Sit down" button that takes its
// first free seat without an invite (`POST /api/tables/{table}/sit`).

import { signedInAccount } from "./account.js";
import { api, saved } from "./api.js";
import { el, replaceKeepingFocus } from "./dom.js";

const REFRESH_MS = 5000;

/** How long ago an ISO time was, in words. */
function ago(iso) {
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return "made just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `made ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `made ${hours} h ${minutes % 60} min ago`;
}

/**
 * The open tables' list, drawn into `host`; `name()` is the name a guest sits down under.
 * Returns `refresh()`, to ask again at once (after a table is made on this page).
 */
export function openTables(host, name) {
  const list = el("div", { class: "open-list", "data-testid": "open-tables" }, el("p", {}, "Loading the open tables…"));
  const error = el("p", { class: "error", role: "alert", hidden: true, "data-testid": "open-error" });
  host.replaceChildren(list, error);
  let busy = false;
  let shown = null; // what the list shows, so that an unchanged answer leaves it alone

  async function refresh() {
    if (busy) return;
    busy = true;
    try {
      draw((await api.openTables()).tables);
    } catch (err) {
      shown = null;
      replaceKeepingFocus(list, [el("p", { class: "note" }, `The open tables could not be loaded: ${err.message}`)]);
    } finally {
      busy = false;
    }
  }

  function draw(tables) {
    // Drawn again only when something shown changed: a button being pressed stays put.
    const key = JSON.stringify(tables.map((t) => [t, ago(t.created)]));
    if (key === shown) return;
    shown = key;
    if (!tables.length) {
      replaceKeepingFocus(list, [
        el("p", { "data-testid": "open-none" }, "No public table is waiting for players right now. Tick Public when you make a table to list it here."),
      ]);
      return;
    }
    replaceKeepingFocus(list, [el("ul", { class: "open-tables" }, tables.map(entry))]);
  }

  function entry(table) {
    const marks = [
      table.rated ? el("span", { class: "badge rated" }, "rated") : el("span", { class: "badge" }, "casual"),
      table.practice ? el("span", { class: "badge practice" }, "practice: hints") : null,
      table.timer ? el("span", { class: "badge" }, `${table.timer} s a turn`) : null,
    ];
    const seats = table.seats.map((seat) =>
      seat.taken
        ? el("li", { class: `open-seat ${seat.kind}` }, seat.label)
        : el("li", { class: "open-seat free" }, el("span", { class: "offscreen" }, `${seat.label}: `), "free seat"),
    );
    const free = `${table.open} open seat${table.open === 1 ? "" : "s"}`;
    const titleId = `open-title-${table.id}`;
    return el(
      "li",
      { class: "open-table", "data-testid": `open-${table.id}`, "aria-labelledby": titleId },
      el(
        "div",
        { class: "open-head" },
        el("h3", { id: titleId }, `${table.title} · ${table.players} players`),
        el("span", { class: "badges" }, marks),
      ),
      el("ul", { class: "open-seats", "aria-label": "Seats" }, seats),
      el(
        "div",
        { class: "open-foot" },
        el("span", { class: "note" }, `${free} · `, el("time", { datetime: table.created }, ago(table.created))),
        el(
          "button",
          { type: "button", class: "sit", "data-focus": `sit-${table.id}`, "data-testid": `sit-${table.id}`, "aria-describedby": titleId, onclick: () => sit(table) },
          "Sit down",
        ),
      ),
    );
  }

  async function sit(table) {
    error.hidden = true;
    const who = signedInAccount() ? null : name();
    try {
      const seat = await api.sit(table.id, who || null);
      if (who) saved.setName(who);
      saved.setToken(table.id, seat.token);
      location.href = `/table/${encodeURIComponent(table.id)}`;
    } catch (err) {
      error.textContent = `${table.title}: ${err.message}`;
      error.hidden = false;
      refresh();
    }
  }

  refresh();
  setInterval(() => {
    if (document.visibilityState === "visible") refresh();
  }, REFRESH_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
  return refresh;
}
