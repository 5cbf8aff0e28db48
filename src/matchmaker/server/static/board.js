// One entry point for drawing a game's view, whichever the game.

import { deckInfo } from "./cards.js";
import { clecanianHighlight, clecanianStatus, renderClecanian } from "./clecanian.js";
import { el } from "./dom.js";
import { purrfectHighlight, purrfectStatus, renderPurrfect } from "./purrfect.js";

const GAMES = {
  clecanian: { render: renderClecanian, status: clecanianStatus, highlight: clecanianHighlight },
  purrfect: { render: renderPurrfect, status: purrfectStatus, highlight: purrfectHighlight },
};

const decks = new WeakMap();

/** The drawing context for a table summary: seat names, the deck, the viewer. */
export function boardContext(summary, extra) {
  let deck = null;
  if (summary.deck && typeof summary.deck === "object") {
    if (!decks.has(summary.deck)) decks.set(summary.deck, deckInfo(summary.deck));
    deck = decks.get(summary.deck);
  }
  return {
    seats: summary.seats,
    deck: deck || deckInfo(null),
    viewer: null,
    legal: [],
    act: null,
    highlight: null,
    thinking: null,
    ...extra,
    you: extra && "you" in extra ? extra.you : extra?.viewer ?? null,
  };
}

export function renderBoard(game, view, ctx) {
  const entry = GAMES[game];
  if (!entry) return el("p", { class: "note" }, `This client cannot show the game “${game}”.`);
  return entry.render(view, ctx);
}

export function statusLine(game, view, ctx) {
  const entry = GAMES[game];
  return entry ? entry.status(view, ctx) : "";
}

/** Which part of the board an event concerns, to flash it. */
export function eventHighlight(game, event, before) {
  const entry = GAMES[game];
  return entry && before ? entry.highlight(event, before) : null;
}
