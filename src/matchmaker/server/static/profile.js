// A person's public profile (`/players/{username}`): per game, their rated games, wins, mean
// score, rating now with its history drawn as a line, and their recent games with replays. It
// draws what `GET /api/players/{username}` answers and works out nothing.

import { accountBadge, accountRenamed, signedInAccount } from "./account.js";
import { api } from "./api.js";
import { clear, el, svg } from "./dom.js";
import { loadGames } from "./help.js";

export async function showProfile(root, username) {
  document.title = "Player · matchmaker";
  const main = el("main", { class: "narrow profile", "data-testid": "profile-page" }, el("p", {}, "Loading…"));
  clear(root).append(el("header", { class: "topbar" }, el("a", { href: "/", class: "home" }, "matchmaker"), accountBadge()), main);
  let player;
  let titles = {};
  try {
    player = await api.player(username);
    const catalogue = await loadGames().catch(() => null);
    if (catalogue) titles = Object.fromEntries(catalogue.games.map((g) => [g.id, g.title]));
  } catch (err) {
    main.replaceChildren(el("section", { class: "panel" }, el("h1", {}, "No such player"), el("p", { class: "error", role: "alert" }, err.message)));
    return;
  }
  document.title = `${player.name} · matchmaker`;
  const me = signedInAccount();
  const heading = el("h1", { "data-testid": "profile-name" }, player.name);
  const own = me && me.username.toLowerCase() === player.username.toLowerCase();
  main.replaceChildren(
    el(
      "section",
      { class: "panel" },
      heading,
      el("p", { class: "note" }, `@${player.username}`),
      own ? renameForm(heading) : null,
      player.games.length ? null : el("p", { "data-testid": "profile-empty" }, "No rated games yet."),
    ),
    ...player.games.map((game) => gameSection(game, titles[game.game] || game.game)),
  );
}

/** The signed-in person's own profile: change the name they show. */
function renameForm(heading) {
  const input = el("input", { id: "profile-rename", maxlength: 24, required: true, value: heading.textContent, autocomplete: "nickname", "data-testid": "profile-rename" });
  const error = el("p", { class: "error", role: "alert", hidden: true });
  const form = el(
    "form",
    { class: "rename-form" },
    el("label", { for: "profile-rename" }, "The name you show"),
    input,
    el("button", { type: "submit", "data-testid": "profile-rename-submit" }, "Change"),
    error,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    try {
      const account = await api.rename(input.value.trim());
      heading.textContent = account.name;
      accountRenamed(account);
      document.title = `${account.name} · matchmaker`;
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
    }
  });
  return form;
}

/** One game of the profile: the numbers, the rating's history and the recent games. */
function gameSection(game, title) {
  const r = game.rating;
  const facts = [
    ["Rated games", String(game.games)],
    ["Wins", String(game.wins)],
    ["Mean score", game.mean_score === null ? "–" : String(game.mean_score)],
    ["Rating", `${r.ordinal.toFixed(1)} (mean ${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)})`],
  ];
  const recent = game.recent.map((g) =>
    el(
      "tr",
      {},
      el("td", {}, el("a", { href: g.replay, "data-testid": `profile-replay-${g.table}` }, "Replay")),
      el("td", { class: "number" }, String(g.score)),
      el("td", { class: "number" }, ordinal(g.rank)),
      el("td", {}, el("time", { datetime: g.finished || null }, g.finished ? new Date(g.finished).toLocaleString() : "")),
    ),
  );
  return el(
    "section",
    { class: "panel profile-game", "data-testid": `profile-${game.game}`, "aria-label": title },
    el("h2", {}, title),
    el("dl", { class: "profile-facts" }, facts.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])),
    historyPlot(game.history),
    el(
      "table",
      { class: "finished-list", "data-testid": `profile-recent-${game.game}` },
      el("caption", {}, "Recent rated games"),
      el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Score"), el("th", {}, "Place"), el("th", {}, "Finished"))),
      el("tbody", {}, recent),
    ),
  );
}

function ordinal(rank) {
  const suffix = rank % 10 === 1 && rank % 100 !== 11 ? "st" : rank % 10 === 2 && rank % 100 !== 12 ? "nd" : rank % 10 === 3 && rank % 100 !== 13 ? "rd" : "th";
  return `${rank}${suffix}`;
}

/** The rating after each rated game as a line (the conservative estimate), with the band of
 * mean ± 3 deviations behind it; described in words for screen readers. */
function historyPlot(history) {
  const width = 600;
  const height = 200;
  const pad = { left: 40, right: 10, top: 10, bottom: 24 };
  const points = history.map((h, i) => ({ x: i, low: h.ordinal, mu: h.mu, high: h.mu + 3 * h.sigma }));
  if (!points.length) return null;
  const lowest = Math.min(0, ...points.map((p) => p.low));
  const highest = Math.max(50, ...points.map((p) => p.high));
  const span = Math.max(1, points.length - 1);
  const x = (i) => pad.left + (points.length === 1 ? (width - pad.left - pad.right) / 2 : (i / span) * (width - pad.left - pad.right));
  const y = (v) => pad.top + ((highest - v) / (highest - lowest)) * (height - pad.top - pad.bottom);
  const line = (key) => points.map((p, i) => `${i ? "L" : "M"}${x(p.x).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ");
  const band =
    points.map((p, i) => `${i ? "L" : "M"}${x(p.x).toFixed(1)},${y(p.high).toFixed(1)}`).join(" ") +
    " " +
    [...points].reverse().map((p) => `L${x(p.x).toFixed(1)},${y(p.low).toFixed(1)}`).join(" ") +
    " Z";
  const last = history[history.length - 1];
  const words = `Rating after each of ${history.length} rated games, from ${history[0].ordinal.toFixed(1)} to ${last.ordinal.toFixed(1)}.`;
  const ticks = [lowest, (lowest + highest) / 2, highest].map((v) =>
    svg("text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end", class: "plot-tick" }, v.toFixed(0)),
  );
  return el(
    "figure",
    { class: "rating-plot" },
    svg(
      "svg",
      { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": words, "data-testid": "rating-plot" },
      svg("line", { x1: pad.left, x2: width - pad.right, y1: y(0), y2: y(0), class: "plot-axis" }),
      ...ticks,
      svg("path", { d: band, class: "plot-band" }),
      svg("path", { d: line("mu"), class: "plot-mean" }),
      svg("path", { d: line("low"), class: "plot-line" }),
      ...points.map((p) => svg("circle", { cx: x(p.x), cy: y(p.low), r: 3, class: "plot-point" })),
    ),
    el("figcaption", { class: "note" }, `${words} The line is the rating (mean − 3 deviations); the dashes the mean; the band reaches mean + 3 deviations.`),
  );
}
