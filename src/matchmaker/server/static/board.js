// One entry point for drawing a game's view, whichever the game.

import { deckInfo } from "./cards.js";
import { clecanianHighlight, clecanianMotions, clecanianRoundEnd, renderClecanian } from "./clecanian.js";
import { el } from "./dom.js";
import { purrfectEnd, purrfectHighlight, purrfectMotions, renderPurrfect } from "./purrfect.js";

const GAMES = {
  clecanian: {
    render: renderClecanian,
    highlight: clecanianHighlight,
    motions: clecanianMotions,
    roundEnd: clecanianRoundEnd,
    end: () => null,
  },
  purrfect: {
    render: renderPurrfect,
    highlight: purrfectHighlight,
    motions: purrfectMotions,
    roundEnd: () => null,
    end: purrfectEnd,
  },
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
    // A practice table's best choice, `{name, arg, label}`: its place is marked (`cardPlace`).
    hint: null,
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

/** The places cards travel between in an event, by test id (see motion.js). */
export function eventMotions(game, event, before, viewer) {
  const entry = GAMES[game];
  return entry && before ? entry.motions(event, before, viewer) : [];
}

/** A round just scored, to hold on screen before the next: `{title, body}`, or null. */
export function roundEnd(game, view, ctx) {
  const entry = GAMES[game];
  return entry ? entry.roundEnd(view, ctx) : null;
}

/** What the final scores show besides the scores themselves, or null. */
export function gameEnd(game, view, ctx) {
  const entry = GAMES[game];
  return entry ? entry.end(view, ctx) : null;
}
