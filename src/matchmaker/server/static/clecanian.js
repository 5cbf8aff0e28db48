// Clecanian Golf: every grid, the stock, the discard pile, the drawn card, jokers and scores.

import { cardBack, cardText, clecanianFace, columnScore, emptySlot } from "./cards.js";
import { el } from "./dom.js";
import { cardPlace, findLegal, seatHeader, seatName } from "./seats.js";

const PHASES = {
  deal: "dealing",
  reveal: "initial reveals",
  draw: "draw a card",
  draw_card: "drawing",
  use: "swap or discard",
  abduct: "joker: choose a woman to abduct",
  refill_card: "refilling",
  over: "game over",
};

/** Seats in clockwise order starting with the viewer's own. */
export function seatOrder(players, viewer) {
  const start = viewer === null || viewer === undefined ? 0 : viewer;
  return Array.from({ length: players }, (_, i) => (start + i) % players);
}

/** The seat to act, or for a chance step the seat whose turn it is; null once over. */
function actingSeat(view) {
  if (view.phase === "over") return null;
  return view.to_act >= 0 ? view.to_act : view.turn_seat;
}

function posName(view, pos) {
  const row = pos < view.columns ? "top" : "bottom";
  return `${row} ${(pos % view.columns) + 1}`;
}

function cell(view, ctx, seat, pos) {
  const code = view.grids[seat][pos];
  const faceDown = view.face_down[seat][pos];
  const state = faceDown ? "down" : code ? "up" : "empty";
  let action = null;
  if (seat === ctx.viewer) action = findLegal(ctx.legal, "reveal", pos) || findLegal(ctx.legal, "swap", pos);
  if (!action && view.phase === "abduct" && seat === view.victim) action = findLegal(ctx.legal, "abduct", pos);
  const where = posName(view, pos);
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

function columnNote(ctx, top, bottom) {
  const score = columnScore(ctx.deck, top, bottom);
  if (!score) return el("div", { class: "column-note" }, "");
  const text =
    score.kind === "couple" ? `♥ couple ${score.score}` : score.kind === "same" ? `= same 0` : `${score.score}`;
  return el("div", { class: `column-note ${score.kind}` }, text);
}

function grid(view, ctx, seat, cards) {
  const columns = view.columns;
  const rows = [];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < columns; col++) rows.push(cards(seat, row * columns + col));
  }
  const notes = [];
  const couples = new Set();
  for (let col = 0; col < columns; col++) {
    const top = view.grids[seat][col];
    const bottom = view.grids[seat][columns + col];
    const score = columnScore(ctx.deck, top, bottom);
    if (score && score.kind === "couple") couples.add(col);
    notes.push(columnNote(ctx, top, bottom));
  }
  rows.forEach((node, index) => {
    if (couples.has(index % columns)) node.classList.add("couple");
  });
  return el(
    "div",
    { class: "grid", style: `--columns: ${columns}`, "data-testid": `grid-${seat}` },
    rows,
    notes,
  );
}

function visiblePoints(ctx, view, seat) {
  let total = 0;
  for (let col = 0; col < view.columns; col++) {
    const top = view.grids[seat][col];
    const bottom = view.grids[seat][view.columns + col];
    const score = columnScore(ctx.deck, top, bottom);
    if (score) total += score.score;
    else for (const code of [top, bottom]) if (code) total += ctx.deck.card(code).points || 0;
  }
  return total;
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
    grid(view, ctx, seat, (s, p) => cell(view, ctx, s, p)),
    el("p", { class: "points" }, `face-up points: ${visiblePoints(ctx, view, seat)}`),
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
        el("div", { class: "card", "data-card": view.drawn || null }, face),
        el("figcaption", {}, `${holder} holds${view.drawn_from ? ` (from the ${view.drawn_from})` : ""}`),
      ),
    );
  }
  return el("div", { class: "piles" }, parts);
}

function abductionNote(view, ctx) {
  if (view.phase !== "abduct" || view.victim === null) return null;
  const chooser = seatName(ctx.seats, view.to_act, ctx.you);
  const victim = seatName(ctx.seats, view.victim, ctx.you);
  const yours = view.to_act === ctx.you;
  return el(
    "p",
    { class: "abduction", "data-testid": "abduction", role: "status" },
    `The joker ${view.abducting || ""} strikes ${victim}: `,
    yours
      ? "choose one of their face-up women to abduct (click her card)."
      : `${chooser} chooses a woman to abduct.`,
  );
}

/** The round scores so far, with totals. */
function roundScores(ctx, rounds, players) {
  if (!rounds || rounds.length === 0) return null;
  const totals = Array.from({ length: players }, (_, s) => rounds.reduce((sum, r) => sum + r[s], 0));
  const head = el(
    "tr",
    {},
    el("th", { scope: "col" }, "Round"),
    Array.from({ length: players }, (_, s) => el("th", { scope: "col" }, seatName(ctx.seats, s, ctx.you))),
  );
  const body = rounds.map((r, i) =>
    el("tr", {}, el("th", { scope: "row" }, String(i + 1)), r.map((v) => el("td", {}, String(v)))),
  );
  const total = el("tr", { class: "total" }, el("th", { scope: "row" }, "Total"), totals.map((v) => el("td", {}, String(v))));
  return el(
    "table",
    { class: "scores", "data-testid": "round-scores" },
    el("caption", {}, "Round scores (lowest total wins)"),
    el("thead", {}, head),
    el("tbody", {}, body, total),
  );
}

function previousRound(view, ctx) {
  if (!view.previous_grids || view.previous_grids.length === 0 || view.phase === "over") return null;
  const faceUp = { ...view, grids: view.previous_grids };
  const panels = seatOrder(view.players, ctx.viewer).map((seat) =>
    el(
      "section",
      { class: "seat-panel small" },
      el("h3", { class: "seat-name" }, seatName(ctx.seats, seat, ctx.you)),
      grid(faceUp, ctx, seat, (s, p) =>
        el("div", { class: "card" }, clecanianFace(ctx.deck, view.previous_grids[s][p])),
      ),
    ),
  );
  return el("details", { class: "previous" }, el("summary", {}, "Last round as it was scored"), panels);
}

export function clecanianStatus(view, ctx) {
  if (view.phase === "over") return "Game over.";
  ctx = { ...ctx, toAct: actingSeat(view) };
  const who = seatName(ctx.seats, ctx.toAct, ctx.you);
  const phase = PHASES[view.phase] || view.phase;
  const final = view.final_turns_left ? ` · final turns left: ${view.final_turns_left}` : "";
  return `${ctx.toAct === ctx.you ? "Your turn" : who}: ${phase}${final}`;
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
  const shown = over && view.previous_grids.length ? { ...view, grids: view.previous_grids } : view;
  return el(
    "div",
    { class: "board clecanian" },
    header,
    over ? null : piles(view, ctx),
    abductionNote(view, ctx),
    el("div", { class: "seats" }, seatOrder(view.players, ctx.viewer).map((s) => seatPanel(shown, ctx, s))),
    roundScores(ctx, view.round_scores, view.players),
    previousRound(view, ctx),
  );
}

/** Which element to flash for an event: a grid place, a pile or a seat. */
export function clecanianHighlight(event, view) {
  if (!event || event.seat === undefined || event.seat === null) return null;
  const seat = event.seat;
  switch (event.action) {
    case "swap":
    case "reveal":
      return { seat, pos: event.pos };
    case "abduct":
      return { seat: (seat - 1 + view.players) % view.players, pos: event.pos };
    case "draw_stock":
      return { pile: "stock", seat };
    case "draw_discard":
    case "discard":
      return { pile: "discard", seat };
    default:
      return { seat };
  }
}
