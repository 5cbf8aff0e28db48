// The lobby: create a table, pass the invites on, and browse finished games.

import { api, saved } from "./api.js";
import { clear, el } from "./dom.js";
import { linkBox } from "./links.js";

/** A form input for one game option, chosen by the type of its default value. */
function optionInput(key, value) {
  const id = `option-${key}`;
  const attrs = { id, name: key, "data-testid": id };
  if (typeof value === "boolean") return el("input", { ...attrs, type: "checkbox", checked: value });
  // Text, read as JSON where it is JSON: numbers, lists, "random" and deck names all fit.
  return el("input", {
    ...attrs,
    type: "text",
    value: typeof value === "string" ? value : JSON.stringify(value),
    spellcheck: "false",
    autocomplete: "off",
  });
}

/** The options that differ from the defaults, read from the inputs. */
function readOptions(defaults, form) {
  const options = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    if (key === "players") continue;
    const input = form.querySelector(`#option-${CSS.escape(key)}`);
    if (!input) continue;
    let value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.value.trim() === "") value = fallback;
    else {
      try {
        value = JSON.parse(input.value);
      } catch {
        value = input.value;
      }
    }
    if (JSON.stringify(value) !== JSON.stringify(fallback)) options[key] = value;
  }
  return options;
}

function label(text, input) {
  return el("label", { for: input.id, class: "field" }, el("span", {}, text), input);
}

export async function showLobby(root) {
  document.title = "matchmaker";
  const created = el("div", { class: "created", "aria-live": "polite" });
  const formHost = el("div", {});
  const finished = el("div", { class: "finished" }, el("p", {}, "Loading finished games…"));
  clear(root).append(
    el("header", { class: "topbar" }, el("a", { href: "/", class: "home" }, "matchmaker")),
    el(
      "main",
      { class: "lobby" },
      el("section", { class: "panel", "aria-labelledby": "new-table" }, el("h1", { id: "new-table" }, "New table"), formHost, created),
      el("section", { class: "panel", "aria-labelledby": "finished-title" }, el("h2", { id: "finished-title" }, "Finished games"), finished),
    ),
  );
  try {
    const catalogue = await api.games();
    formHost.append(createForm(catalogue, created));
  } catch (err) {
    formHost.append(el("p", { class: "error", role: "alert", "data-testid": "error-banner" }, err.message));
  }
  loadFinished(finished);
}

function createForm(catalogue, created) {
  const games = catalogue.games;
  const game = el(
    "select",
    { id: "create-game", "data-testid": "create-game" },
    games.map((g) => el("option", { value: g.id }, g.title)),
  );
  const players = el("input", { id: "create-players", type: "number", step: 1, "data-testid": "create-players" });
  const name = el("input", { id: "create-name", type: "text", maxlength: 24, value: saved.name(), "data-testid": "create-name", autocomplete: "nickname" });
  const timer = el("input", { id: "create-timer", type: "number", min: 1, step: 1, placeholder: "no timer", "data-testid": "create-timer" });
  const seatsHost = el("fieldset", { class: "seats-fieldset" });
  const optionsHost = el("fieldset", { class: "options-fieldset" });
  const error = el("p", { class: "error", role: "alert", "data-testid": "error-banner", hidden: true });
  const submit = el("button", { type: "submit", "data-testid": "create-submit" }, "Create table");
  const current = () => games.find((g) => g.id === game.value) || games[0];

  function drawSeats() {
    const count = Number(players.value) || current().players.default;
    const bots = current().bots || catalogue.bots;
    const previous = [...seatsHost.querySelectorAll("select")].map((s) => s.value);
    const rows = [el("legend", {}, "Seats")];
    rows.push(el("p", { class: "seat-row" }, el("span", {}, "Seat 0"), el("strong", {}, "you")));
    for (let seat = 1; seat < count; seat++) {
      const select = el(
        "select",
        { id: `seat-${seat}`, "data-testid": `create-seat-${seat}` },
        el("option", { value: "human" }, "a person (invite)"),
        bots.map((b) => el("option", { value: b }, (catalogue.bot_labels || {})[b] || b)),
      );
      select.value = previous[seat - 1] || (bots.includes("medium") ? "medium" : bots[0]);
      rows.push(label(`Seat ${seat}`, select));
    }
    seatsHost.replaceChildren(...rows);
  }

  function drawGame() {
    const g = current();
    players.min = g.players.min;
    players.max = g.players.max;
    players.value = g.players.default;
    const options = Object.entries(g.options).filter(([key]) => key !== "players");
    optionsHost.replaceChildren(
      el("legend", {}, "Options"),
      ...options.map(([key, value]) => {
        const field = label(key.replaceAll("_", " "), optionInput(key, value));
        if (typeof value === "boolean") field.classList.add("check");
        return field;
      }),
    );
    seatsHost.replaceChildren();
    drawSeats();
  }

  game.addEventListener("change", drawGame);
  players.addEventListener("input", drawSeats);
  drawGame();

  const form = el(
    "form",
    {
      class: "create",
      onsubmit: async (event) => {
        event.preventDefault();
        error.hidden = true;
        submit.disabled = true;
        try {
          await create(form);
        } catch (err) {
          error.textContent = err.message;
          error.hidden = false;
        } finally {
          submit.disabled = false;
        }
      },
    },
    label("Game", game),
    label("Players", players),
    label("Your name", name),
    seatsHost,
    optionsHost,
    label("Turn timer (seconds, optional)", timer),
    el("p", { class: "note" }, "The options are explained on the rules pages; write lists as JSON, e.g. [2, 3, 4, 5, 6, 7]."),
    submit,
    error,
  );

  async function create() {
    const g = current();
    const count = Number(players.value) || g.players.default;
    const seats = ["human"];
    for (let seat = 1; seat < count; seat++) seats.push(seatsHost.querySelector(`#seat-${seat}`).value);
    const who = name.value.trim();
    if (who) saved.setName(who);
    const spec = {
      game: g.id,
      options: { players: count, ...readOptions(g.options, form) },
      seats,
      names: seats.map((kind, seat) => (seat === 0 && who ? who : null)),
    };
    if (timer.value !== "") spec.timer = Number(timer.value);
    const table = await api.createTable(spec);
    const own = table.invites.find((i) => i.seat === 0);
    const joined = await api.join(table.table, own.code, who || null);
    saved.setToken(table.table, joined.token);
    saved.setInvites(table.table, table.invites.filter((i) => i.seat !== 0));
    showCreated(created, table);
  }
  return form;
}

function showCreated(host, table) {
  const origin = location.origin;
  const others = table.invites.filter((i) => i.seat !== 0);
  host.replaceChildren(
    el(
      "div",
      { class: "panel-inner", "data-testid": "created" },
      el("h2", {}, "Your table is ready"),
      others.length
        ? el("p", {}, "Send each person their own invite link; each link works once.")
        : el("p", {}, "Everyone else is a bot: the game starts as soon as you sit down."),
      others.map((i) => linkBox(`Invite for seat ${i.seat}`, `${origin}${i.url}`, `invite-link-${i.seat}`)),
      linkBox("Spectator link", `${origin}${table.spectate}`, "spectate-link"),
      el("p", {}, el("a", { href: `/table/${encodeURIComponent(table.table)}`, class: "button primary", "data-testid": "enter-table" }, "Take your seat")),
    ),
  );
  host.querySelector("[data-testid=enter-table]").focus();
}

async function loadFinished(host) {
  let data;
  try {
    data = await api.finished();
  } catch (err) {
    host.replaceChildren(el("p", { class: "error" }, err.message));
    return;
  }
  if (!data.tables.length) {
    host.replaceChildren(el("p", { "data-testid": "finished-list" }, "No finished games yet."));
    return;
  }
  const rows = data.tables.map((t) => {
    const seats = (t.labels || t.seats || []).map((name, seat) => {
      const winner = (t.winners || []).includes(seat);
      const score = t.scores ? ` ${t.scores[seat]}` : "";
      return `${winner ? "★ " : ""}${name}${score}`;
    });
    const when = t.finished ? new Date(t.finished).toLocaleString() : "";
    return el(
      "tr",
      {},
      el("td", {}, el("a", { href: `/replay/${encodeURIComponent(t.id)}`, "data-testid": `replay-link-${t.id}` }, t.title || t.game)),
      el("td", {}, seats.join(" · ")),
      el("td", {}, el("time", { datetime: t.finished || null }, when)),
    );
  });
  host.replaceChildren(
    el(
      "table",
      { class: "finished-list", "data-testid": "finished-list" },
      el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Seats and scores"), el("th", {}, "Finished"))),
      el("tbody", {}, rows),
    ),
  );
}
