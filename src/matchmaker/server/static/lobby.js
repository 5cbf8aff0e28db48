// The lobby: quick play, the open tables, create a table and pass the invites on, and browse
// finished games. Every game's
// description, every option's label and effect, the bots' lines and the rules panels come from
// `GET /api/games` (see help.js): the lobby draws them and works out no rule.

import { mountAccount, signedInAccount } from "./account.js";
import { api, saved } from "./api.js";
import { clear, el } from "./dom.js";
import { loadGames, rulesPanel } from "./help.js";
import { linkBox } from "./links.js";
import { openTables } from "./opentables.js";
import { quickPlay } from "./quickplay.js";

/** A field: its label, the control (and what goes with it, `after`), and a line of help the
 * control is described by. */
function field(text, input, help, extra = "", after = null) {
  const hint = help ? el("span", { class: "hint", id: `${input.id}-help` }, help) : null;
  if (hint) input.setAttribute("aria-describedby", hint.id);
  const check = input.type === "checkbox";
  return el(
    "div",
    { class: `field${check ? " check" : ""} ${extra}`.trim() },
    check ? input : null,
    el("label", { for: input.id }, text),
    check ? null : input,
    after,
    hint,
  );
}

/** The `<option>`s of a choice that exist at a table of `players` players. */
function choiceOptions(help, players) {
  return help.choices
    .filter((choice) => choice.min_players === null || players >= choice.min_players)
    .map((choice) => el("option", { value: JSON.stringify(choice.value) }, choice.label));
}

/** The field of one option, its control drawn as `GET /api/games` `option_help` says. */
function optionField(key, value, help, players) {
  const input = optionControl(key, value, help, players);
  const list = input.getAttribute("list");
  const after = list
    ? el("datalist", { id: list }, help.choices.map((c) => el("option", { value: String(c.value) }, c.label)))
    : null;
  return field(help.label, input, help.help, "", after);
}

/** The control of one option: a checkbox, a number, a choice or text. */
function optionControl(key, value, help, players) {
  const attrs = { id: `option-${key}`, name: key, "data-testid": `option-${key}`, "data-control": help.control };
  if (help.control === "checkbox") return el("input", { ...attrs, type: "checkbox", checked: value });
  if (help.control === "number") {
    return el("input", { ...attrs, type: "number", step: 1, min: help.min, max: help.max, value, inputmode: "numeric" });
  }
  if (help.control === "choice") {
    const select = el("select", attrs, choiceOptions(help, players));
    select.value = JSON.stringify(value);
    return select;
  }
  // Text, read as JSON where it is JSON: a list of values, a deck's data, a deck's name.
  const list = help.choices.length ? `option-${key}-choices` : null;
  return el("input", {
    ...attrs,
    type: "text",
    list,
    value: typeof value === "string" ? value : JSON.stringify(value),
    spellcheck: "false",
    autocomplete: "off",
  });
}

/** The value a control holds, in the type of the option. */
function controlValue(input, fallback) {
  const control = input.dataset.control;
  if (control === "checkbox") return input.checked;
  if (control === "choice") return JSON.parse(input.value);
  if (input.value.trim() === "") return fallback;
  if (control === "number") return Number(input.value);
  try {
    return JSON.parse(input.value);
  } catch {
    return input.value;
  }
}

/** The options that differ from the defaults, read from the controls. */
function readOptions(defaults, form) {
  const options = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    if (key === "players") continue;
    const input = form.querySelector(`#option-${CSS.escape(key)}`);
    if (!input) continue;
    const value = controlValue(input, fallback);
    if (JSON.stringify(value) !== JSON.stringify(fallback)) options[key] = value;
  }
  return options;
}

export async function showLobby(root) {
  document.title = "matchmaker";
  const created = el("div", { class: "created", "aria-live": "polite" });
  const formHost = el("div", {});
  const gamesHost = el("div", { class: "games-list" }, el("p", {}, "Loading the games…"));
  const finished = el("div", { class: "finished" }, el("p", {}, "Loading finished games…"));
  const leaderboards = el("div", { class: "leaderboards", "data-testid": "leaderboards" });
  const accountArea = el("div", { class: "account-area", "data-testid": "account-area" });
  const accountPanel = el("section", { class: "panel account-panel", "aria-label": "Account", hidden: true });
  const quickHost = el("div", { class: "quickplay-host" }, el("p", {}, "Loading the games…"));
  const openHost = el("div", { class: "open-host" });
  clear(root).append(
    el("header", { class: "topbar" }, el("a", { href: "/", class: "home" }, "matchmaker"), accountArea),
    el(
      "main",
      { class: "lobby" },
      accountPanel,
      el(
        "div",
        { class: "lobby-play" },
        el("section", { class: "panel quickplay", "aria-labelledby": "quickplay-title", "data-testid": "quickplay" }, el("h1", { id: "quickplay-title" }, "Quick play"), quickHost),
        el("section", { class: "panel new-table", "aria-labelledby": "new-table" }, el("h2", { id: "new-table" }, "New table"), formHost, created),
      ),
      el(
        "div",
        { class: "lobby-side" },
        el("section", { class: "panel open-panel", "aria-labelledby": "open-title" }, el("h2", { id: "open-title" }, "Open tables"), openHost),
        el("section", { class: "panel games-panel", "aria-labelledby": "games-title" }, el("h2", { id: "games-title" }, "The games"), gamesHost),
        el("section", { class: "panel leaderboard-panel", "aria-labelledby": "leaderboard-title" }, el("h2", { id: "leaderboard-title" }, "Leaderboards"), leaderboards),
        el("section", { class: "panel finished-panel", "aria-labelledby": "finished-title" }, el("h2", { id: "finished-title" }, "Finished games"), finished),
      ),
    ),
  );
  mountAccount(accountArea, accountPanel);
  let quick = null;
  const refreshOpen = openTables(openHost, () => (quick ? quick.name() : saved.name()));
  try {
    const catalogue = await loadGames();
    gamesHost.replaceChildren(...catalogue.games.map(gameEntry));
    quick = quickPlay(catalogue);
    quickHost.replaceChildren(quick.node);
    formHost.append(createForm(catalogue, created, gamesHost, refreshOpen));
    loadLeaderboards(leaderboards, catalogue.games);
  } catch (err) {
    gamesHost.replaceChildren();
    quickHost.replaceChildren();
    formHost.append(el("p", { class: "error", role: "alert", "data-testid": "error-banner" }, err.message));
  }
  loadFinished(finished);
}

/** One game in "The games": its title, its line, and its rules panel. */
function gameEntry(game) {
  return el(
    "article",
    { class: "game-entry", "data-testid": `game-${game.id}` },
    el("h3", {}, game.title),
    el("p", { class: "game-description", "data-testid": `description-${game.id}` }, game.description),
    rulesPanel(game, { heading: 4 }),
  );
}

function createForm(catalogue, created, gamesHost, refreshOpen) {
  const games = catalogue.games;
  const botLabels = catalogue.bot_labels || {};
  const botHelp = catalogue.bot_help || {};
  const game = el(
    "select",
    { id: "create-game", "data-testid": "create-game" },
    games.map((g) => el("option", { value: g.id }, g.title)),
  );
  const about = el("p", { class: "game-about", "data-testid": "create-description" });
  const players = el("input", { id: "create-players", type: "number", step: 1, inputmode: "numeric", "data-testid": "create-players" });
  const playersField = field("Players", players, " ");
  const name = el("input", { id: "create-name", type: "text", maxlength: 24, value: saved.name(), "data-testid": "create-name", autocomplete: "nickname" });
  // A signed-in person sits under their account's name unless they write another here.
  let nameEdited = false;
  name.addEventListener("input", () => {
    nameEdited = true;
  });
  const showName = () => {
    const account = signedInAccount();
    if (!nameEdited) name.value = account ? account.name : saved.name();
  };
  showName();
  window.addEventListener("account-changed", showName);
  window.addEventListener("name-changed", showName); // a guest named themselves in Quick play
  const timer = el("input", { id: "create-timer", type: "number", min: 1, max: 3600, step: 1, inputmode: "numeric", placeholder: "none", "data-testid": "create-timer" });
  const practice = el("input", { id: "create-practice", type: "checkbox", "data-testid": "create-practice" });
  const practiceHelp =
    "During play anyone at the table may ask for a hint: the hard bot's advice on their own decision. Whoever joins this table agrees to it; at other tables there are no hints.";
  const rated = el("input", { id: "create-rated", type: "checkbox", "data-testid": "create-rated" });
  const ratedHelp =
    "The game counts for everyone's rating and shows on their profile. Everyone who sits down must be signed in; bots may play too.";
  const ratedField = field("Rated: every person signed in", rated, ratedHelp, "rated-field");
  const showRated = () => {
    ratedField.hidden = !signedInAccount();
    if (ratedField.hidden) rated.checked = false;
  };
  showRated();
  window.addEventListener("account-changed", showRated);
  const open = el("input", { id: "create-public", type: "checkbox", "data-testid": "create-public" });
  const openHelp = "Anyone may take a free seat from the lobby's Open tables, without an invite; the invite links work too.";
  const seatsHost = el("fieldset", { class: "seats-fieldset" });
  const optionsHost = el("fieldset", { class: "options-fieldset" });
  const error = el("p", { class: "error", role: "alert", "data-testid": "error-banner", hidden: true });
  const submit = el("button", { type: "submit", "data-testid": "create-submit" }, "Create table");
  const current = () => games.find((g) => g.id === game.value) || games[0];
  const count = () => Number(players.value) || current().players.default;

  function drawSeats() {
    const bots = current().bots || catalogue.bots;
    const previous = [...seatsHost.querySelectorAll("select")].map((s) => s.value);
    const rows = [el("legend", {}, "Seats"), el("div", { class: "seat-you" }, el("span", {}, "Seat 1"), el("strong", {}, "you"))];
    for (let seat = 1; seat < count(); seat++) {
      const select = el(
        "select",
        { id: `seat-${seat}`, "data-testid": `create-seat-${seat}` },
        el("option", { value: "human" }, "a person (invite)"),
        bots.map((b) => el("option", { value: b }, botLabels[b] || b)),
      );
      select.value = previous[seat - 1] || (bots.includes("medium") ? "medium" : bots[0]);
      select.setAttribute("aria-describedby", "seat-help");
      select.addEventListener("change", explainSeats);
      rows.push(field(`Seat ${seat + 1}`, select, "", "seat-field"));
    }
    rows.push(el("ul", { class: "seat-help hint", id: "seat-help", "data-testid": "seat-help" }));
    seatsHost.replaceChildren(...rows);
    explainSeats();
  }

  /** One line for each kind of seat chosen: what a person's seat or each bot is. */
  function explainSeats() {
    const kinds = [...new Set([...seatsHost.querySelectorAll("select")].map((s) => s.value))];
    const lines = kinds.map((kind) =>
      kind === "human"
        ? el("li", {}, el("strong", {}, "a person"), ": gets an invite link to pass on")
        : el("li", {}, el("strong", {}, botLabels[kind] || kind), `: ${botHelp[kind] || ""}`),
    );
    seatsHost.querySelector(".seat-help").replaceChildren(...lines);
  }

  /** The choices that depend on the number of players (a seat) follow it. */
  function drawChoices() {
    const g = current();
    for (const select of optionsHost.querySelectorAll("select[data-control=choice]")) {
      const before = select.value;
      select.replaceChildren(...choiceOptions(g.option_help[select.name], count()));
      select.value = before;
      if (select.selectedIndex < 0) select.value = JSON.stringify(g.options[select.name]);
      if (select.selectedIndex < 0) select.selectedIndex = 0;
    }
  }

  function drawGame() {
    const g = current();
    about.replaceChildren(
      el("span", { class: "game-line" }, g.description),
      " ",
      el("a", { href: `#rules-${g.id}`, class: "how-to-play", "data-testid": "create-how-to-play", onclick: (event) => openRules(event, g.id) }, `How to play ${g.title}`),
    );
    const help = g.option_help;
    players.min = g.players.min;
    players.max = g.players.max;
    players.value = g.players.default;
    playersField.querySelector("label").textContent = help.players.label;
    playersField.querySelector(".hint").textContent = help.players.help;
    const fields = (advanced) =>
      Object.entries(g.options)
        .filter(([key]) => key !== "players" && Boolean(help[key].advanced) === advanced)
        .map(([key, value]) => optionField(key, value, help[key], count()));
    const more = fields(true);
    const folded = more.length
      ? el("details", { class: "more-options", "data-testid": "more-options" }, el("summary", {}, "More options"), el("div", { class: "more-body" }, more))
      : null;
    optionsHost.replaceChildren(...[el("legend", {}, "Options"), ...fields(false), folded].filter(Boolean));
    seatsHost.replaceChildren();
    drawSeats();
  }

  /** "How to play": open this game's rules panel and bring it into view. */
  function openRules(event, id) {
    const panel = gamesHost.querySelector(`#rules-${CSS.escape(id)}`);
    if (!panel) return;
    event.preventDefault();
    panel.open = true;
    panel.scrollIntoView({ block: "start", behavior: "smooth" });
    panel.querySelector("summary").focus({ preventScroll: true });
  }

  game.addEventListener("change", drawGame);
  players.addEventListener("input", () => {
    drawSeats();
    drawChoices();
  });
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
    el("div", { class: "game-pick" }, field("Game", game, ""), about),
    el("div", { class: "field-row" }, field("Your name", name, ""), playersField, field("Turn timer", timer, "seconds a turn; empty: none")),
    seatsHost,
    optionsHost,
    field("Public: listed in Open tables", open, openHelp, "public-field"),
    field("Practice table: hints for everyone", practice, practiceHelp, "practice-field"),
    ratedField,
    el("div", { class: "create-actions" }, submit, error),
  );

  async function create() {
    const g = current();
    const seats = ["human"];
    for (let seat = 1; seat < count(); seat++) seats.push(seatsHost.querySelector(`#seat-${seat}`).value);
    const who = name.value.trim();
    if (who) saved.setName(who);
    const spec = {
      game: g.id,
      options: { players: count(), ...readOptions(g.options, form) },
      seats,
      names: seats.map((kind, seat) => (seat === 0 && who ? who : null)),
    };
    if (timer.value !== "") spec.timer = Number(timer.value);
    if (practice.checked) spec.practice = true;
    if (rated.checked && signedInAccount()) spec.rated = true;
    if (open.checked) spec.public = true;
    const table = await api.createTable(spec);
    const own = table.invites.find((i) => i.seat === 0);
    const joined = await api.join(table.table, own.code, who || null);
    saved.setToken(table.table, joined.token);
    saved.setInvites(table.table, table.invites.filter((i) => i.seat !== 0));
    showCreated(created, table, open.checked);
    refreshOpen();
  }
  return form;
}

function showCreated(host, table, listed) {
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
      others.length && listed ? el("p", {}, "It is listed in Open tables: anyone may sit down at a free seat.") : null,
      others.map((i) => linkBox(`Invite for seat ${i.seat + 1}`, `${origin}${i.url}`, `invite-link-${i.seat}`)),
      linkBox("Spectator link", `${origin}${table.spectate}`, "spectate-link"),
      el("p", {}, el("a", { href: `/table/${encodeURIComponent(table.table)}`, class: "button primary", "data-testid": "enter-table" }, "Take your seat")),
    ),
  );
  host.querySelector("[data-testid=enter-table]").focus();
}

/** Each game's leaderboard: the people and bots with enough rated games, best first. */
async function loadLeaderboards(host, games) {
  const boards = await Promise.all(games.map((g) => api.leaderboard(g.id).catch(() => null)));
  const shown = [];
  games.forEach((game, index) => {
    const board = boards[index];
    if (!board || !board.rows.length) return;
    const rows = board.rows.slice(0, 10).map((row) =>
      el(
        "tr",
        {},
        el("td", {}, String(row.rank)),
        el("td", {}, row.username ? el("a", { href: `/players/${encodeURIComponent(row.username)}` }, row.name) : row.name),
        el("td", { class: "number" }, row.ordinal.toFixed(1)),
        el("td", { class: "number" }, `${row.wins} / ${row.games}`),
      ),
    );
    shown.push(
      el(
        "table",
        { class: "finished-list leaderboard", "data-testid": `leaderboard-${game.id}` },
        el("caption", {}, game.title),
        el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "Player"), el("th", {}, "Rating"), el("th", {}, "Wins / games"))),
        el("tbody", {}, rows),
      ),
    );
  });
  if (!shown.length) {
    const fewest = boards.find((b) => b)?.min_games ?? 5;
    shown.push(el("p", {}, `Nobody yet: a player appears after ${fewest} rated games.`));
  }
  host.replaceChildren(...shown, el("p", { class: "note" }, "Rating: the conservative estimate (mean − 3 deviations) of rated games."));
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
      const left = (t.stand_ins || []).includes(seat) ? " (left; a bot finished)" : "";
      return `${winner ? "★ " : ""}${name}${left}${score}`;
    });
    const when = t.finished ? new Date(t.finished).toLocaleString() : "";
    return el(
      "tr",
      {},
      el(
        "td",
        {},
        el("a", { href: `/replay/${encodeURIComponent(t.id)}`, "data-testid": `replay-link-${t.id}` }, t.title || t.game),
        " · ",
        el("a", { href: `/replay/${encodeURIComponent(t.id)}?review=1`, "data-testid": `review-link-${t.id}` }, "Review"),
      ),
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
