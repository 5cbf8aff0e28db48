// Accounts in the browser: sign in or up, who is signed in, sign out, and "Your tables" (the
// seats that follow the account, to sit down at again from this browser).

import { api, saved, setCsrf } from "./api.js";
import { clear, el } from "./dom.js";

// The signed-in account ({username, name, created, csrf}), or null.
let current = null;

/** Learn this browser's session, if it signed in before (a guest's browser asks nothing). */
export async function loadAccount() {
  if (!saved.account()) return null;
  try {
    signedIn(await api.account());
  } catch {
    signedIn(null);
  }
  return current;
}

/** The signed-in account, or null. */
export function signedInAccount() {
  return current;
}

/** The account as the server answered a change to it (a new display name). */
export function accountRenamed(account) {
  signedIn(account);
}

function signedIn(account) {
  current = account;
  setCsrf(account ? account.csrf : null);
  saved.setAccount(account ? account.username : null);
  window.dispatchEvent(new Event("account-changed"));
}

/** Who is signed in, for the top bar of the pages other than the lobby: the account's name,
 * a link to its profile; for a guest, a link to the lobby, where people sign in. It follows
 * a rename made on the same page. */
export function accountBadge() {
  const badge = el("span", { class: "account-badge", "data-testid": "account-badge" });
  const draw = () =>
    badge.replaceChildren(
      current
        ? el("a", { class: "account-who", href: `/players/${encodeURIComponent(current.username)}`, title: "your profile" }, current.name)
        : el("a", { href: "/", class: "account-signin-link" }, "Sign in"),
    );
  draw();
  window.addEventListener("account-changed", draw);
  return badge;
}

/** The account area of the top bar (`area`) and the lobby's account panel (`panel`). */
export function mountAccount(area, panel) {
  let mode = null; // "signin", "signup" or null: which form the panel shows

  function draw() {
    const buttons = current
      ? [
          el("a", { class: "account-who", href: `/players/${encodeURIComponent(current.username)}`, "data-testid": "account-who" }, current.name),
          el("button", { type: "button", class: "link-button", "data-testid": "account-signout", onclick: signOut }, "Sign out"),
        ]
      : [
          el("button", { type: "button", class: "link-button", "data-testid": "account-signin", onclick: () => open("signin") }, "Sign in"),
          el("button", { type: "button", class: "link-button", "data-testid": "account-signup", onclick: () => open("signup") }, "Sign up"),
        ];
    clear(area).append(...buttons);
    clear(panel);
    panel.hidden = !current && !mode;
    if (current) drawTables();
    else if (mode) panel.append(form(mode));
  }

  function open(which) {
    mode = mode === which ? null : which;
    draw();
    panel.querySelector("input")?.focus();
  }

  async function signOut() {
    try {
      await api.signout();
    } catch {
      // the session had ended already: this browser is signed out all the same
    }
    signedIn(null);
    mode = null;
    draw();
  }

  function form(which) {
    const up = which === "signup";
    const username = el("input", { id: "account-username", name: "username", autocomplete: "username", required: true, minlength: 3, maxlength: 24, pattern: "[A-Za-z0-9_\\-]{3,24}", "data-testid": "account-username" });
    const password = el("input", { id: "account-password", name: "password", type: "password", autocomplete: up ? "new-password" : "current-password", required: true, minlength: up ? 8 : 1, maxlength: 256, "data-testid": "account-password" });
    const name = el("input", { id: "account-name", name: "name", maxlength: 24, autocomplete: "nickname", "data-testid": "account-name" });
    const error = el("p", { class: "error", role: "alert", hidden: true, "data-testid": "account-error" });
    const node = el(
      "form",
      { class: "account-form" },
      el("h2", {}, up ? "Sign up" : "Sign in"),
      el("label", { for: "account-username" }, "Username"),
      username,
      up ? el("small", {}, "3 to 24 letters, digits, _ or -") : null,
      el("label", { for: "account-password" }, "Password"),
      password,
      up ? el("small", {}, "At least 8 characters") : null,
      up ? el("label", { for: "account-name" }, "Your name at tables (optional)") : null,
      up ? name : null,
      el("button", { type: "submit", "data-testid": "account-submit" }, up ? "Sign up" : "Sign in"),
      error,
    );
    node.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.hidden = true;
      try {
        const account = up
          ? await api.signup(username.value, password.value, name.value.trim() || null)
          : await api.signin(username.value, password.value);
        signedIn(account);
        mode = null;
        draw();
      } catch (err) {
        error.textContent = err.message;
        error.hidden = false;
      }
    });
    return node;
  }

  async function drawTables() {
    const list = el("ul", { class: "your-tables", "data-testid": "your-tables" });
    const everywhere = el("button", { type: "button", class: "link-button", "data-testid": "account-signout-everywhere" }, "Sign out everywhere");
    everywhere.addEventListener("click", async () => {
      await api.signoutEverywhere().catch(() => null);
      signedIn(null);
      draw();
    });
    panel.append(el("h2", {}, "Your tables"), list, el("p", { class: "account-more" }, everywhere));
    let seats;
    try {
      seats = (await api.accountSeats()).seats;
    } catch (err) {
      list.append(el("li", { class: "error" }, err.message));
      return;
    }
    if (!seats.length) list.append(el("li", {}, "None yet: a table you sit at while signed in is kept here."));
    for (const seat of seats) {
      const here = saved.token(seat.table);
      const action = here
        ? el("a", { href: `/table/${seat.table}`, class: "button", "data-testid": `open-${seat.table}` }, "Open")
        : el("button", { type: "button", "data-testid": `sit-down-${seat.table}`, onclick: () => sitDown(seat) }, "Sit down again");
      list.append(el("li", {}, el("span", {}, `${seat.title} · seat ${seat.seat + 1} · ${seat.created.slice(0, 16).replace("T", " ")}`), action));
    }
  }

  async function sitDown(seat) {
    try {
      const taken = await api.reclaim(seat.table, seat.seat);
      saved.setToken(seat.table, taken.token);
      location.href = `/table/${seat.table}`;
    } catch (err) {
      panel.append(el("p", { class: "error", role: "alert" }, err.message));
    }
  }

  draw();
}
