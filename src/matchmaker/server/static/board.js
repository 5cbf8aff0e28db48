// One entry point for drawing a game's view, whichever the game.

import { deckInfo } from "./cards.js";
import { clecanianHighlight, renderClecanian } from "./clecanian.js";
import { el } from "./dom.js";
import { purrfectHighlight, renderPurrfect } from "./purrfect.js";

const GAMES = {
  clecanian: { render: renderClecanian, highlight: clecanianHighlight },
  purrfect: { render: renderPurrfect, highlight: purrfectHighlight },
};

const decks = new WeakMap();

/** The drawing context for a table summary: seat names, the cards and places, the viewer. */
export function boardContext(summary, extra) {
  const cards = Array.isArray(summary.cards) ? summary.cards : [];
  if (!decks.has(cards)) decks.set(cards, deckInfo(cards));
  return {
    seats: summary.seats,
    deck: decks.get(cards),
    places: summary.places || [],
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

/** Which part of the board an event concerns, to flash it. */
export function eventHighlight(game, event, before) {
  const entry = GAMES[game];
  return entry && before ? entry.highlight(event, before) : null;
}
