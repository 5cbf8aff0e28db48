// Arriving at a table: with an invite (take the seat), a saved token (sit again), or to watch.

import { api, saved } from "./api.js";
import { clear, el } from "./dom.js";
import { openTable, tablePath } from "./table.js";

export async function showTable(root, tableId, params) {
  document.title = "Table · matchmaker";
  const invite = params.get("invite");
  if (invite) return joinForm(root, tableId, invite);
  const recover = new URLSearchParams(location.hash.slice(1)).get("recover");
  if (recover) return recoverSeat(root, tableId, recover);
  if (params.get("spectate")) return openTable(root, tableId, null);
  const token = saved.token(tableId);
  if (token) return openTable(root, tableId, token);
  try {
    await api.table(tableId);
  } catch (err) {
    if (err.code === "unknown_table") return noTable(root, tableId);
  }
  return noSeat(root, tableId);
}

/** A seat link (`#recover=CODE`, shown to the person at their seat): this browser takes the
 * seat, and the browser that held it gives it up. The code never stays in the address. */
async function recoverSeat(root, tableId, code) {
  history.replaceState(null, "", tablePath(tableId));
  try {
    const taken = await api.recover(tableId, code);
    saved.setToken(tableId, taken.token);
    openTable(root, tableId, taken.token);
  } catch (err) {
    if (err.code === "unknown_table") return noTable(root, tableId);
    page(
      root,
      el("h1", { "data-testid": "bad-seat-link" }, "This seat link no longer works"),
      el("p", {}, `${err.message} A seat link works once; ask for a new one at your seat.`),
      el("p", {}, el("a", { href: `${tablePath(tableId)}?spectate=1`, class: "button" }, "Watch this table")),
    );
  }
}

function noTable(root, tableId) {
  page(
    root,
    el("h1", { "data-testid": "no-table" }, "There is no such table"),
    el("p", {}, `No table has the address ${tableId}: the link may be cut short or mistyped.`),
    el("p", {}, el("a", { href: "/", class: "button" }, "Start a table in the lobby")),
  );
}

function page(root, ...children) {
  clear(root).append(
    el("header", { class: "topbar" }, el("a", { href: "/", class: "home" }, "matchmaker")),
    el("main", { class: "narrow" }, ...children),
  );
}

function noSeat(root, tableId) {
  page(
    root,
    el("h1", {}, "You have no seat at this table"),
    el("p", {}, "Open your invite link to sit down, or watch the game as a spectator."),
    el("p", {}, el("a", { href: `${tablePath(tableId)}?spectate=1`, class: "button", "data-testid": "watch" }, "Watch this table")),
  );
}

/** What a person agrees to by sitting at a practice table, said before they sit. */
function practiceNote() {
  return el(
    "p",
    { class: "practice-note", "data-testid": "practice-note" },
    el("strong", {}, "This is a practice table: hints for everyone. "),
    "During play anyone at the table may ask for a hint, the hard bot's advice on their own decision. Taking your seat agrees to it.",
  );
}

async function joinForm(root, tableId, invite) {
  let summary = null;
  try {
    summary = await api.table(tableId);
  } catch {
    /* the invite itself says what is wrong when it is used */
  }
  const name = el("input", {
    type: "text", id: "join-name", maxlength: 24, value: saved.name(), "data-testid": "join-name", autocomplete: "nickname",
  });
  const error = el("p", { class: "error", role: "alert", "data-testid": "error-banner", hidden: true });
  const submit = el("button", { type: "submit", "data-testid": "join-submit" }, "Take your seat");
  const existing = saved.token(tableId);
  const form = el(
    "form",
    {
      class: "card-form",
      onsubmit: async (event) => {
        event.preventDefault();
        submit.disabled = true;
        error.hidden = true;
        const chosen = name.value.trim();
        if (chosen) saved.setName(chosen);
        try {
          const joined = await api.join(tableId, invite, chosen || null);
          saved.setToken(tableId, joined.token);
          enter(root, tableId, joined.token);
        } catch (err) {
          if (err.code === "invite_used" && existing) {
            enter(root, tableId, existing);
            return;
          }
          error.textContent = err.message;
          error.hidden = false;
          submit.disabled = false;
        }
      },
    },
    el("label", { for: "join-name" }, "Your name"),
    name,
    submit,
    error,
  );
  page(
    root,
    el("h1", {}, "You are invited to a table"),
    summary && summary.practice ? practiceNote() : null,
    form,
    existing
      ? el("p", {}, "You already have a seat here: ", el("a", { href: tablePath(tableId), "data-testid": "my-seat" }, "go to your seat"), ".")
      : null,
    el("p", {}, el("a", { href: `${tablePath(tableId)}?spectate=1` }, "Only watch")),
  );
  name.focus();
}

function enter(root, tableId, token) {
  history.replaceState(null, "", tablePath(tableId));
  openTable(root, tableId, token);
}
