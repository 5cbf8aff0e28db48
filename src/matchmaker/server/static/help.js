// Help where you play: each game's rules, in the words the server sends with `GET /api/games`
// (`description` and `rules`), drawn as a panel that opens and closes. Nothing here knows a
// rule: every line comes from the server, so the terminal's `rules` and this panel agree.

import { api } from "./api.js";
import { el } from "./dom.js";

let games = null;

/**
 * The answer of `GET /api/games`, fetched once per page and shared: a Promise of
 * `{games: [...], bots, bot_labels, bot_help}`. A failed fetch is forgotten, so the next call
 * tries again.
 */
export function loadGames() {
  if (!games) {
    games = api.games().catch((err) => {
      games = null;
      throw err;
    });
  }
  return games;
}

/** One game's entry of `GET /api/games` by its id (`"clecanian"`), or null if there is none. */
export async function findGame(id) {
  const answer = await loadGames();
  return answer.games.find((game) => game.id === id) || null;
}

/**
 * The rules panel of one game: a `<details class="rules-panel">` whose summary reads
 * "How to play TITLE" and which holds the game's one-line description and its rules sections
 * (a heading and a list of lines each). `gameInfo` is one entry of `GET /api/games` `games`.
 * Options: `open` (start opened), `heading` (the level of the section headings, 3 by default).
 * Its id is `rules-ID` and its test id `rules-ID`; it needs help.css for its looks.
 */
export function rulesPanel(gameInfo, { open = false, heading = 3 } = {}) {
  const level = `h${Math.min(Math.max(heading, 2), 6)}`;
  const sections = (gameInfo.rules || []).map((section) =>
    el(
      "section",
      { class: "rules-section" },
      el(level, {}, section.title),
      el("ul", {}, section.lines.map((line) => el("li", {}, line))),
    ),
  );
  return el(
    "details",
    { class: "rules-panel", id: `rules-${gameInfo.id}`, "data-testid": `rules-${gameInfo.id}`, open },
    el("summary", {}, "How to play ", el("span", { class: "rules-game" }, gameInfo.title)),
    el(
      "div",
      { class: "rules-body" },
      gameInfo.description ? el("p", { class: "rules-description" }, gameInfo.description) : null,
      sections,
    ),
  );
}
