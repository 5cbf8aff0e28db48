// Clecanian Golf: every grid, the stock, the discard pile, the drawn card, jokers and scores.
// What the rules decide (column scores, couples, the points showing, totals, who chooses during
// an abduction) and every card and place name come from the server; this file only draws them.

import { cardBack, cardText, clecanianFace, emptySlot } from "./cards.js";
import { el } from "./dom.js";
import { cardPlace, findLegal, seatHeader, seatName } from "./seats.js";

/** The order of the seat panels on screen: clockwise, the viewer's own first. */
export function seatOrder(players, viewer) {
  const start = viewer === null || viewer === undefined ? 0 : viewer;
  return Array.from({ length: players }, (_, i) => (start + i) % players);
}

/** The seat to act, or for a chance step the seat whose turn it is; null once over. */
function actingSeat(view) {
  if (view.phase === "over") return null;
  return view.to_act >= 0 ? view.to_act : view.turn_seat;
}

/** A grid position as the server names it ("top 1" … "bottom 5"). */
function placeName(ctx, pos) {
  return (ctx.places && ctx.places[pos]) || `place ${pos}`;
}

function cell(view, ctx, seat, pos) {
  const code = view.grids[seat][pos];
  const faceDown = view.face_down[seat][pos];
  const state = faceDown ? "down" : code ? "up" : "empty";
  let action = null;
  if (seat === ctx.viewer) action = findLegal(ctx.legal, "reveal", pos) || findLegal(ctx.legal, "swap", pos);
  if (!action && view.phase === "abduct" && seat === view.victim) action = findLegal(ctx.legal, "abduct", pos);
  const where = placeName(ctx, pos);
  const content = faceDown
    ? cardBack(`${where}: face down`)
    : code
      ? clecanianFace(ctx.deck, code)
      : emptySlot(`${where}: empty, waiting for a card`);
  const flash = ctx.highlight && ctx.highlight.seat === seat && ctx.highlight.pos === pos;
  return cardPlace(ctx, content, {
    action,
    testid: `pos-${seat}-${pos}`,
    label: `${where}: ${faceDown ? "face down" : code ? cardText(ctx.deck, code) : "empty"}`,
    classes: [flash ? "flash" : "", action && action.name === "abduct" ? "target" : ""].join(" "),
    data: { seat, pos, face: state, card: state === "up" ? code : null },
  });
}

const NOTES = {
  couple: (score) => `♥ couple ${score}`,
  same: (score) => `= same ${score}`,
  plain: (score) => `${score}`,
};

/** Under each column: what it scores, as the view says (nothing while a card is face down). */
function columnNote(testid, score, kind) {
  if (score === null || score === undefined) return el("div", { class: "column-note", "data-testid": testid }, "");
  const text = (NOTES[kind] || NOTES.plain)(score);
  return el(
    "div",
    { class: `column-note ${kind || "plain"}`, "data-testid": testid, "data-score": score, "data-kind": kind },
    text,
  );
}

/** A seat's grid with its column notes; `scores` and `kinds` are the view's for that grid;
 * `testid` names the grid (its notes are `testid`-note-COLUMN). */
function grid(view, seat, cards, scores, kinds, testid = `grid-${seat}`) {
  const columns = view.columns;
  const rows = [];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < columns; col++) {
      const node = cards(seat, row * columns + col);
      if (kinds && kinds[col] === "couple") node.classList.add("couple");
      rows.push(node);
    }
  }
  const notes = Array.from({ length: columns }, (_, col) =>
    columnNote(`${testid}-note-${col}`, scores ? scores[col] : null, kinds ? kinds[col] : null),
  );
  return el(
    "div",
    { class: "grid", style: `--columns: ${columns}`, "data-testid": testid },
    rows,
    notes,
  );
}

function seatPanel(view, ctx, seat) {
  const extra = [];
  if (seat === view.dealer) extra.push(["dealer", "dealer"]);
  if (view.ended_by === seat) extra.push(["ended", "went out"]);
  const acting = seat === ctx.toAct;
  const flash = ctx.highlight && ctx.highlight.seat === seat && ctx.highlight.pos === undefined;
  return el(
    "section",
    {
      class: `seat-panel${acting ? " acting" : ""}${seat === ctx.viewer ? " mine" : ""}${flash ? " flash" : ""}`,
      "data-testid": `seat-${seat}`,
      "aria-label": seatName(ctx.seats, seat, ctx.you),
    },
    seatHeader(ctx, seat, extra),
    grid(view, seat, (s, p) => cell(view, ctx, s, p), view.column_scores[seat], view.column_kinds[seat]),
    el(
      "p",
      { class: "points", "data-testid": `points-${seat}`, "data-points": view.grid_scores[seat] },
      `showing: ${view.grid_scores[seat]}`,
    ),
  );
}

function piles(view, ctx) {
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  const flash = ctx.highlight && ctx.highlight.pile;
  const stock = cardPlace(ctx, cardBack(`stock, ${view.stock_size} cards`), {
    action: findLegal(ctx.legal, "draw_stock"),
    testid: "stock",
    label: `stock: ${view.stock_size} cards`,
    classes: flash === "stock" ? "flash" : "",
  });
  const discard = cardPlace(ctx, top ? clecanianFace(ctx.deck, top) : emptySlot("discard pile, empty"), {
    action: findLegal(ctx.legal, "draw_discard"),
    testid: "discard",
    label: `discard pile: ${top ? cardText(ctx.deck, top) : "empty"}`,
    classes: flash === "discard" ? "flash" : "",
    data: { card: top },
  });
  const parts = [
    el("figure", { class: "pile" }, stock, el("figcaption", {}, `Stock · ${view.stock_size}`)),
    el("figure", { class: "pile" }, discard, el("figcaption", {}, `Discard · ${view.discard.length}`)),
  ];
  if (view.drawn_by !== null && view.drawn_by !== undefined) {
    const holder = seatName(ctx.seats, view.drawn_by, ctx.you);
    const face = view.drawn
      ? clecanianFace(ctx.deck, view.drawn)
      : cardBack(`${holder} holds a card from the stock`);
    parts.push(
      el(
        "figure",
        { class: "pile drawn", "data-testid": "drawn" },
        el("div", { class: "card", "data-testid": "drawn-card", "data-card": view.drawn || null }, face),
        el("figcaption", {}, `${holder} holds${view.drawn_from ? ` (from the ${view.drawn_from})` : ""}`),
      ),
    );
  }
  return el("div", { class: "piles" }, parts);
}

function abductionNote(view, ctx) {
  if (view.phase !== "abduct" || view.victim === null || view.abductor === null) return null;
  const chooser = seatName(ctx.seats, view.abductor, ctx.you);
  const victim = seatName(ctx.seats, view.victim, ctx.you);
  const yours = view.abductor === ctx.you;
  return el(
    "p",
    { class: "abduction", "data-testid": "abduction", role: "status" },
    `${view.abducting ? `The ${cardText(ctx.deck, view.abducting)}` : "A joker"} strikes ${victim}: `,
    yours
      ? "choose which of her face-up women (marked in red) she gives up: touch the card."
      : `${chooser} chooses a woman to abduct.`,
  );
}

/** The round scores so far, with the view's totals. */
function roundScores(ctx, rounds, totals, players) {
  if (!rounds || rounds.length === 0) return null;
  const head = el(
    "tr",
    {},
    el("th", { scope: "col" }, "Round"),
    Array.from({ length: players }, (_, s) => el("th", { scope: "col" }, seatName(ctx.seats, s, ctx.you))),
  );
  const body = rounds.map((r, i) =>
    el("tr", {}, el("th", { scope: "row" }, String(i + 1)), r.map((v) => el("td", {}, String(v)))),
  );
  const total = el(
    "tr",
    { class: "total" },
    el("th", { scope: "row" }, "Total"),
    totals.map((v, s) => el("td", { "data-testid": `total-${s}` }, String(v))),
  );
  return el(
    "table",
    { class: "scores", "data-testid": "round-scores" },
    el("caption", {}, "Round scores (lowest total wins)"),
    el("thead", {}, head),
    el("tbody", {}, body, total),
  );
}

/** Every seat's grid of the round just scored, flipped, with each column's kind and score. */
function scoredGrids(view, ctx, testid) {
  return seatOrder(view.players, ctx.viewer).map((seat) =>
    el(
      "section",
      { class: "seat-panel small", "data-testid": `${testid}-seat-${seat}` },
      el("h3", { class: "seat-name" }, seatName(ctx.seats, seat, ctx.you)),
      grid(
        view,
        seat,
        (s, p) => el("div", { class: "card" }, clecanianFace(ctx.deck, view.previous_grids[s][p])),
        view.previous_column_scores[seat],
        view.previous_column_kinds[seat],
        `${testid}-grid-${seat}`,
      ),
    ),
  );
}

function previousRound(view, ctx) {
  if (!view.previous_grids || view.previous_grids.length === 0 || view.phase === "over") return null;
  return el(
    "details",
    { class: "previous", "data-testid": "previous-round" },
    el("summary", {}, "Last round as it was scored"),
    scoredGrids(view, ctx, "previous"),
  );
}

/**
 * The end of a round, between two rounds: the scored grids, what each seat scored in the round
 * and the running totals, as the view gives them. Null when no round has been scored yet (or
 * the game is over: the board shows the last grids itself).
 */
export function clecanianRoundEnd(view, ctx) {
  const rounds = view.round_scores || [];
  if (!rounds.length || !view.previous_grids || !view.previous_grids.length || view.phase === "over") {
    return null;
  }
  const last = rounds[rounds.length - 1];
  const order = seatOrder(view.players, ctx.viewer);
  const lowest = Math.min(...view.totals);
  const scores = el(
    "table",
    { class: "scores", "data-testid": "round-end-scores" },
    el("caption", {}, "Lowest total wins"),
    el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { scope: "col" }, `Round ${rounds.length}`), el("th", { scope: "col" }, "Total"))),
    el(
      "tbody",
      {},
      order.map((seat) =>
        el(
          "tr",
          { class: view.totals[seat] === lowest ? "winner" : "" },
          el("th", { scope: "row" }, seatName(ctx.seats, seat, ctx.you)),
          el("td", { "data-testid": `round-end-points-${seat}` }, String(last[seat])),
          el("td", { "data-testid": `round-end-total-${seat}` }, String(view.totals[seat])),
        ),
      ),
    ),
  );
  return {
    round: rounds.length,
    title: `Round ${rounds.length} of ${view.rounds} is over`,
    body: [scores, el("div", { class: "round-end-grids" }, scoredGrids(view, ctx, "round-end"))],
  };
}

/** The places a card travels between in an event (test ids), for the motion on screen;
 * `before` is the view the event was made in. */
export function clecanianMotions(event, before) {
  if (!event || event.seat === undefined || event.seat === null || !before) return [];
  const seat = event.seat;
  switch (event.action) {
    case "draw_stock":
      return [{ from: "stock", to: "drawn-card" }];
    case "draw_discard":
      return [{ from: "discard", to: "drawn-card" }];
    case "discard":
      return [{ from: "drawn-card", to: "discard" }];
    case "swap":
      return [
        { from: "drawn-card", to: `pos-${seat}-${event.pos}` },
        { from: `pos-${seat}-${event.pos}`, to: "discard" },
      ];
    case "abduct":
      return before.victim === null || before.victim === undefined
        ? []
        : [{ from: `pos-${before.victim}-${event.pos}`, to: "discard" }];
    default:
      return [];
  }
}

/** The whole Clecanian Golf table as one element. */
export function renderClecanian(view, ctx) {
  ctx = { ...ctx, toAct: actingSeat(view) };
  const over = view.phase === "over";
  const header = el(
    "p",
    { class: "round-line" },
    over
      ? `All ${view.rounds} round${view.rounds === 1 ? "" : "s"} played.`
      : `Round ${view.round + 1} of ${view.rounds} · dealer: ${seatName(ctx.seats, view.dealer, ctx.you)} · turn ${view.turns}`,
  );
  return el(
    "div",
    { class: "board clecanian" },
    header,
    over ? null : piles(view, ctx),
    abductionNote(view, ctx),
    el("div", { class: "seats" }, seatOrder(view.players, ctx.viewer).map((s) => seatPanel(view, ctx, s))),
    roundScores(ctx, view.round_scores, view.totals, view.players),
    previousRound(view, ctx),
  );
}

/** Which element to flash for an event: a grid place, a pile or a seat. `before` is the view
 * the event was made in (an abduction's victim is the one it names). */
export function clecanianHighlight(event, before) {
  if (!event || event.seat === undefined || event.seat === null) return null;
  const seat = event.seat;
  switch (event.action) {
    case "swap":
    case "reveal":
      return { seat, pos: event.pos };
    case "abduct":
      return before.victim === null || before.victim === undefined ? { seat } : { seat: before.victim, pos: event.pos };
    case "draw_stock":
      return { pile: "stock", seat };
    case "draw_discard":
    case "discard":
      return { pile: "discard", seat };
    default:
      return { seat };
  }
}
