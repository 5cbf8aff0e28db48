// Quick play: ask for a game and a number of players, wait in the line with the others who
// asked the same (their names, ratings and how long they have waited, as the server tells),
// fill the empty seats with bots once the server allows it, and go to the table once seated.
// The server matches people and makes the table; the page only asks and shows its answers.

import { signedInAccount } from "./account.js";
import { api, saved } from "./api.js";
import { el } from "./dom.js";

/** How often the page asks how its ticket is doing (docs/protocol.md: at least every 10 s). */
const POLL_MS = 1000;

/** Seconds as mm:ss. */
export function clock(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
}

/** A labelled control of the quick-play form. */
function field(text, input, extra = "") {
  const check = input.type === "checkbox";
  return el(
    "div",
    { class: `qp-field${check ? " check" : ""} ${extra}`.trim() },
    check ? input : null,
    el("label", { for: input.id }, text),
    check ? null : input,
  );
}

/**
 * The quick-play panel's content for the games of `catalogue` (`GET /api/games`): the form,
 * and in its place while a ticket waits, the line. `name()` is the name a guest gave (or the
 * one this browser remembers), for the other ways of sitting down on the page.
 */
export function quickPlay(catalogue) {
  const games = catalogue.games;
  const botLabels = catalogue.bot_labels || {};
  const gameOf = (id) => games.find((g) => g.id === id) || games[0];

  // -- the form ------------------------------------------------------------------------------
  const game = el("select", { id: "qp-game", "data-testid": "qp-game" }, games.map((g) => el("option", { value: g.id }, g.title)));
  const players = el("input", { id: "qp-players", type: "number", step: 1, inputmode: "numeric", required: true, "data-testid": "qp-players" });
  const name = el("input", { id: "qp-name", type: "text", maxlength: 24, value: saved.name(), autocomplete: "nickname", placeholder: "a guest", "data-testid": "qp-name" });
  const nameField = field("Your name", name, "qp-name-field");
  const rated = el("input", { id: "qp-rated", type: "checkbox", "data-testid": "qp-rated", "aria-describedby": "qp-rated-help" });
  const ratedField = el(
    "div",
    { class: "qp-rated" },
    field("Rated", rated),
    el("span", { class: "hint", id: "qp-rated-help" }, "counts for your rating; you play under your account's name"),
  );
  const find = el("button", { type: "submit", "data-testid": "qp-find" }, "Find a game");
  const formError = el("p", { class: "error", role: "alert", hidden: true, "data-testid": "qp-form-error" });
  const form = el(
    "form",
    { class: "quickplay-form", "data-testid": "qp-form" },
    el("p", { class: "qp-about" }, "Play now with whoever else is looking for the same game."),
    el("div", { class: "qp-row" }, field("Game", game, "qp-game-field"), field("Players", players, "qp-players-field"), nameField, el("div", { class: "qp-go" }, find)),
    ratedField,
    formError,
  );

  function drawGame() {
    const g = gameOf(game.value);
    players.min = g.players.min;
    players.max = g.players.max;
    players.value = g.players.default;
    drawBots();
  }
  game.addEventListener("change", drawGame);

  let wasSignedIn = null;
  function showAccount() {
    const account = signedInAccount();
    nameField.hidden = Boolean(account);
    ratedField.hidden = !account;
    if (Boolean(account) !== wasSignedIn) rated.checked = Boolean(account);
    wasSignedIn = Boolean(account);
  }
  window.addEventListener("account-changed", showAccount);

  // -- the line --------------------------------------------------------------------------------
  const summary = el("p", { class: "qp-summary", tabindex: -1, "data-testid": "qp-summary" });
  const waited = el("span", { class: "qp-clock", "data-testid": "qp-waited" });
  const windowLine = el("span", { "data-testid": "qp-window" });
  const facts = el("p", { class: "qp-facts" }, el("span", {}, "You have waited ", waited), " · ", windowLine);
  const list = el("ul", { class: "qp-line", "aria-live": "polite", "aria-relevant": "additions removals", "aria-label": "Waiting in this line", "data-testid": "qp-line" });
  const bot = el("select", { id: "qp-bot", "data-testid": "qp-bot" });
  const botsIn = el("span", { class: "hint", id: "qp-bots-in", "data-testid": "qp-bots-in" });
  const fill = el("button", { type: "button", "aria-describedby": "qp-bots-in", "data-testid": "qp-fill" }, "Fill with bots");
  const cancel = el("button", { type: "button", class: "qp-cancel", "data-testid": "qp-cancel" }, "Cancel");
  const note = el("p", { class: "qp-note", role: "status", "data-testid": "qp-note" });
  const failure = el("div", { class: "qp-failure", hidden: true, "data-testid": "qp-failure" });
  const waiting = el(
    "div",
    { class: "qp-wait", hidden: true, "data-testid": "qp-wait" },
    summary,
    facts,
    list,
    el("div", { class: "qp-bots" }, el("label", { for: "qp-bot" }, "Fill the empty seats with"), bot, fill, botsIn),
    el("div", { class: "qp-actions" }, cancel, note),
  );
  const node = el("div", { class: "quickplay-body" }, form, waiting, failure);

  function drawBots() {
    const g = gameOf(game.value);
    const bots = g.bots || catalogue.bots;
    const before = bot.value;
    bot.replaceChildren(...bots.map((b) => el("option", { value: b }, botLabels[b] || b)));
    bot.value = bots.includes(before) ? before : bots.includes("medium") ? "medium" : bots[0];
  }

  // -- asking and waiting ------------------------------------------------------------------------
  let ticket = null; // the secret of the ticket this page waits with
  let ask = null; // what was asked, to ask again
  let state = null; // the server's last answer while waiting
  let receivedAt = 0; // when it came (performance.now())
  let poller = null;
  let ticker = null;
  let shownLine = ""; // who the list shows, to redraw it only when that changes

  const since = () => (performance.now() - receivedAt) / 1000;

  function showForm() {
    waiting.hidden = true;
    failure.hidden = true;
    form.hidden = false;
  }

  function showWaiting() {
    form.hidden = true;
    failure.hidden = true;
    waiting.hidden = false;
  }

  function stop() {
    clearTimeout(poller);
    clearInterval(ticker);
    poller = ticker = null;
  }

  async function start(body) {
    stop();
    ask = body;
    ticket = null;
    state = null;
    shownLine = "";
    list.replaceChildren();
    formError.hidden = true;
    find.disabled = true;
    try {
      const answer = await api.quickplay(body);
      ticket = answer.ticket;
      showWaiting();
      summary.focus();
      ticker = setInterval(tick, 1000);
      handle(answer);
    } catch (err) {
      if (form.hidden) return failed(err); // asked again from the failure's "Ask again"
      formError.textContent = err.message;
      formError.hidden = false;
    } finally {
      find.disabled = false;
    }
  }

  function handle(answer) {
    if (answer.state === "seated") return seated(answer);
    state = answer;
    receivedAt = performance.now();
    note.textContent = "";
    draw();
    clearTimeout(poller);
    poller = setTimeout(poll, POLL_MS);
  }

  async function poll() {
    const mine = ticket;
    if (!mine) return;
    try {
      const answer = await api.quickplayStatus(mine);
      if (ticket === mine) handle(answer);
    } catch (err) {
      if (ticket !== mine) return;
      if (err.code === "network") {
        note.textContent = "The server cannot be reached; asking again…";
        poller = setTimeout(poll, POLL_MS);
      } else failed(err);
    }
  }

  function seated(answer) {
    stop();
    ticket = null;
    saved.setToken(answer.table, answer.token);
    summary.textContent = "A table is ready: taking your seat…";
    location.href = answer.url || `/table/${encodeURIComponent(answer.table)}`;
  }

  /** The ticket is gone (the server restarted, or forgot it): say so, and offer to ask again. */
  function failed(err) {
    stop();
    ticket = null;
    const why =
      err.code === "unknown_ticket"
        ? "The server no longer has your place in the line: it may have restarted, or you asked again from another page."
        : `Quick play stopped: ${err.message}`;
    const again = el("button", { type: "button", "data-testid": "qp-again", onclick: () => start(ask) }, "Ask again");
    const back = el("button", { type: "button", class: "link-button", "data-testid": "qp-back", onclick: () => showForm() }, "Change the game");
    failure.replaceChildren(el("p", { class: "error", role: "alert", "data-testid": "qp-error" }, why), el("p", { class: "qp-actions" }, again, back));
    form.hidden = true;
    waiting.hidden = true;
    failure.hidden = false;
    again.focus();
  }

  function draw() {
    const g = gameOf(state.game);
    summary.textContent = `Looking for players: ${g.title}, ${state.players} players, ${state.rated ? "rated" : "casual"}.`;
    const width = state.window;
    windowLine.textContent =
      typeof width === "number" ? `matched with ratings within ${width.toFixed(1)} of yours` : "matched with any rating";
    const people = state.waiting || [];
    const key = JSON.stringify(people.map((p) => [p.name, p.rating, p.you]));
    if (key !== shownLine) {
      shownLine = key;
      list.replaceChildren(
        ...people.map((person) =>
          el(
            "li",
            { class: person.you ? "you" : null, "data-testid": person.you ? "qp-you" : "qp-other" },
            el("span", { class: "qp-who" }, person.name || "a guest", person.you ? el("strong", { class: "qp-you-mark" }, " (you)") : null),
            el("span", { class: "qp-rating" }, `rating ${person.rating.toFixed(1)}`),
            el("span", { class: "qp-clock qp-person-waited", "aria-hidden": "true" }, ""),
          ),
        ),
      );
    }
    tick();
  }

  /** The clocks between two answers: the waits and the countdown, from the last answer. */
  function tick() {
    if (!state) return;
    const gone = since();
    waited.textContent = clock(state.waited + gone);
    const people = state.waiting || [];
    list.querySelectorAll(".qp-person-waited").forEach((span, index) => {
      if (people[index]) span.textContent = clock(people[index].waited + gone);
    });
    const left = Math.max(0, (state.bots_in || 0) - gone);
    fill.disabled = left > 0;
    botsIn.textContent = left > 0 ? `possible in ${clock(Math.ceil(left))}` : "";
  }

  fill.addEventListener("click", async () => {
    const mine = ticket;
    if (!mine) return;
    fill.disabled = true;
    try {
      const answer = await api.quickplayBots(mine, bot.value);
      if (ticket === mine) handle(answer);
    } catch (err) {
      if (ticket !== mine) return;
      if (err.code === "unknown_ticket") return failed(err);
      note.textContent = err.message;
      tick();
    }
  });

  cancel.addEventListener("click", async () => {
    const mine = ticket;
    stop();
    ticket = null;
    state = null;
    if (mine) {
      try {
        await api.quickplayLeave(mine);
      } catch (err) {
        if (err.code === "already_seated") {
          // matched just before: the seat is ours, so take it
          ticket = mine;
          return poll();
        }
      }
    }
    showForm();
    find.focus();
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const g = gameOf(game.value);
    const account = signedInAccount();
    const body = { game: g.id, players: Number(players.value) || g.players.default, rated: Boolean(account) && rated.checked };
    const who = name.value.trim();
    if (!account && who) {
      body.name = who;
      saved.setName(who);
      window.dispatchEvent(new Event("name-changed"));
    }
    start(body);
  });

  // Leaving the page leaves the line (best effort: the server drops a silent ticket anyway).
  window.addEventListener("pagehide", () => {
    if (ticket) api.quickplayLeaveQuietly(ticket);
  });

  drawGame();
  showAccount();
  return {
    node,
    /** The name a guest sits down under elsewhere on the page. */
    name: () => name.value.trim() || saved.name(),
  };
}
