// Purrfect Match: the proposer and its cat, face-down candidates, the inspection, hands and claims.
// What the rules decide (the candidates this seat knows, the inspection order, claimed sums, the
// score so far, who sits out) comes in the view; this file only draws it.

import { cardBack, catFace } from "./cards.js";
import { el } from "./dom.js";
import { cardPlace, findLegal, seatHeader, seatName } from "./seats.js";
import { seatOrder } from "./clecanian.js";

function candidate(view, ctx, seat) {
  if (!view.standing[seat]) {
    return el("div", { class: "card slot-empty", "data-testid": `candidate-${seat}` }, "no candidate");
  }
  const known = view.candidate_values[seat];
  const value = known === undefined ? null : known;
  const inspecting = view.inspecting === seat;
  const toCome = !inspecting && view.to_inspect.includes(seat);
  let caption = "candidate, face down";
  if (seat === view.seat) caption = "your candidate";
  else if (value !== null) caption = `you saw: ${value}`;
  if (inspecting) caption = `${caption} · being inspected`;
  else if (toCome) caption = `${caption} · to inspect`;
  const flash = ctx.highlight && ctx.highlight.candidate === seat;
  const label =
    value === null
      ? `${seatName(ctx.seats, seat, ctx.you)}'s candidate, face down`
      : `${seatName(ctx.seats, seat, ctx.you)}'s candidate: ${value}${seat === view.seat ? "" : " (you inspected it)"}`;
  return el(
    "figure",
    { class: `candidate${inspecting ? " inspecting" : ""}` },
    cardPlace(ctx, value === null ? cardBack(label, "cat") : catFace(value), {
      testid: `candidate-${seat}`,
      label,
      classes: [flash ? "flash" : "", value !== null && seat !== view.seat ? "seen" : ""].join(" "),
      data: { value: value === null ? null : value, face: value === null ? "down" : "up" },
    }),
    el("figcaption", {}, caption),
  );
}

function claimed(view, ctx, seat) {
  const cats = view.claimed[seat];
  return el(
    "div",
    { class: "claimed", "data-testid": `claimed-${seat}` },
    el(
      "span",
      { class: "label", "data-testid": `claimed-total-${seat}`, "data-total": view.claimed_totals[seat] },
      cats.length ? `claimed ${view.claimed_totals[seat]}:` : "nothing claimed yet",
    ),
    el("div", { class: "mini-cards" }, cats.map((v) => el("div", { class: "card mini" }, catFace(v)))),
  );
}

function seatPanel(view, ctx, seat) {
  const extra = [];
  if (seat === view.proposer) extra.push(["proposer", "★ proposer"]);
  if (view.sitting_out[seat] && view.phase !== "over") {
    extra.push(["out", "sits out"]);
  }
  const over = view.phase === "over" && view.targets;
  const flash = ctx.highlight && ctx.highlight.seat === seat;
  return el(
    "section",
    {
      class: `seat-panel${seat === ctx.toAct ? " acting" : ""}${seat === ctx.viewer ? " mine" : ""}${flash ? " flash" : ""}`,
      "data-testid": `seat-${seat}`,
      "aria-label": seatName(ctx.seats, seat, ctx.you),
    },
    seatHeader(ctx, seat, extra),
    el(
      "div",
      { class: "seat-cards" },
      el(
        "figure",
        { class: "hand-size" },
        el("div", { class: "card" }, cardBack(`${view.hand_sizes[seat]} cats in hand`, "cat")),
        el("figcaption", {}, `${view.hand_sizes[seat]} in hand`),
      ),
      seat === view.proposer ? null : candidate(view, ctx, seat),
    ),
    claimed(view, ctx, seat),
    over
      ? el(
          "p",
          { class: "final" },
          `target ${view.targets[seat]} · score ${view.scores ? view.scores[seat] : "?"}`,
        )
      : null,
  );
}

function centre(view, ctx) {
  const parts = [];
  if (view.proposer !== null && view.proposer !== undefined) {
    const name = seatName(ctx.seats, view.proposer, ctx.you);
    const flash = ctx.highlight && ctx.highlight.proposerCat;
    parts.push(
      el(
        "figure",
        { class: "proposer-cat", "data-testid": "proposer-cat" },
        view.proposer_cat === null
          ? el("div", { class: "card slot-empty" }, "no cat shown yet")
          : el("div", { class: `card${flash ? " flash" : ""}`, "data-value": view.proposer_cat }, catFace(view.proposer_cat)),
        el("figcaption", {}, `★ ${name} proposes`),
      ),
    );
  }
  const order = view.inspection_order || [];
  if (order.length) {
    const inspecting = view.phase === "inspect" || view.phase === "respond";
    parts.push(
      el(
        "div",
        { class: "inspection-row" },
        el("span", { class: "inspection-label", "aria-hidden": "true" }, "Inspection order:"),
        el(
          "ol",
          { class: "inspection", "data-testid": "inspection", "aria-label": "inspection order" },
          order.map((seat) => {
            const current = seat === view.inspecting;
            const done = inspecting && !current && !view.to_inspect.includes(seat);
            return el(
              "li",
              { class: current ? "current" : done ? "done" : "", "data-seat": seat },
              `${current ? "▶ " : ""}${seatName(ctx.seats, seat, ctx.you)}`,
            );
          }),
        ),
      ),
    );
  }
  if (view.phase === "nominate" && view.to_nominate.length) {
    parts.push(
      el(
        "p",
        { class: "note" },
        `Still to nominate: ${view.to_nominate.map((s) => seatName(ctx.seats, s, ctx.you)).join(", ")}`,
      ),
    );
  }
  const discarded = view.discarded;
  parts.push(
    el(
      "div",
      { class: "discarded", "data-testid": "discarded" },
      el("span", { class: "label" }, discarded.length ? "discarded:" : "nothing discarded"),
      el("div", { class: "mini-cards" }, discarded.map((v) => el("div", { class: "card mini" }, catFace(v)))),
      view.excess ? el("span", { class: "note" }, ` · ${view.excess} cats left out unseen`) : null,
    ),
  );
  return el("div", { class: "centre" }, parts);
}

function privatePanel(view, ctx) {
  if (view.seat === null || view.seat === undefined) return null;
  const hand = [...view.hand].sort((a, b) => a - b);
  const cards = hand.map((value, i) => {
    const action = findLegal(ctx.legal, "present", value) || findLegal(ctx.legal, "nominate", value);
    return cardPlace(ctx, catFace(value), {
      action,
      testid: `hand-${i}`,
      label: `in your hand: ${value}`,
      data: { value },
    });
  });
  const facts = [
    el("span", { "data-testid": "my-target" }, `target ${view.target ?? "?"}`),
    el("span", { "data-testid": "my-claimed" }, `claimed ${view.claimed_totals[view.seat]}`),
    el("span", { "data-testid": "my-score" }, `score so far ${view.score ?? "?"}`),
  ];
  if (view.candidate !== null && view.candidate !== undefined) {
    facts.push(el("span", {}, `your candidate: ${view.candidate}`));
  }
  return el(
    "section",
    { class: "private", "aria-label": "your cats", "data-testid": "private" },
    el("h3", {}, "Your cats"),
    el("div", { class: "hand", "data-testid": "my-hand" }, cards.length ? cards : el("p", {}, "Your hand is empty.")),
    el("p", { class: "facts" }, facts),
  );
}

/** The whole Purrfect Match table as one element. */
export function renderPurrfect(view, ctx) {
  ctx = { ...ctx, toAct: view.phase === "over" ? null : view.to_act };
  return el(
    "div",
    { class: "board purrfect" },
    centre(view, ctx),
    privatePanel(view, ctx),
    el("div", { class: "seats" }, seatOrder(view.players, ctx.viewer).map((s) => seatPanel(view, ctx, s))),
  );
}

/** Which element to flash for an event. */
export function purrfectHighlight(event, before) {
  if (!event || event.seat === undefined || event.seat === null) return null;
  const seat = event.seat;
  switch (event.action) {
    case "present":
      return { seat, proposerCat: true };
    case "nominate":
    case "accept":
    case "reject":
      return { seat, candidate: seat };
    case "propose":
    case "pass":
      return { seat, candidate: before ? before.inspecting : null };
    default:
      return { seat };
  }
}

/** The places a cat travels between in an event (test ids), for the motion on screen. */
export function purrfectMotions(event, before, viewer) {
  if (!event || event.seat === undefined || event.seat === null || !before) return [];
  const seat = event.seat;
  const from = seat === viewer ? "my-hand" : `seat-${seat}`;
  switch (event.action) {
    case "present":
      return [{ from, to: "proposer-cat" }];
    case "nominate":
      return [{ from, to: `candidate-${seat}` }];
    default:
      return [];
  }
}

/**
 * The end of the game, for the final scores: each seat's target, the cats it claimed and its
 * score, and who matched whom (the view's `matches`), all as the final view gives them.
 */
export function purrfectEnd(view, ctx) {
  if (view.phase !== "over" || !view.targets || !view.scores) return null;
  const rows = seatOrder(view.players, ctx.viewer).map((seat) =>
    el(
      "tr",
      { "data-testid": `end-seat-${seat}` },
      el("th", { scope: "row" }, seatName(ctx.seats, seat, ctx.you)),
      el("td", { "data-testid": `end-target-${seat}` }, String(view.targets[seat])),
      el(
        "td",
        { class: "end-claimed" },
        el("div", { class: "mini-cards" }, view.claimed[seat].map((v) => el("div", { class: "card mini" }, catFace(v)))),
        ` ${view.claimed_totals[seat]}`,
      ),
      el("td", { "data-testid": `end-score-${seat}` }, String(view.scores[seat])),
    ),
  );
  const matches = (view.matches || []).map(([round, proposer, proposerCat, partner, partnerCat]) =>
    el(
      "li",
      { "data-testid": "end-match" },
      `Round ${round + 1}: ${seatName(ctx.seats, proposer, ctx.you)} (${proposerCat}) matched ` +
        `${seatName(ctx.seats, partner, ctx.you)} (${partnerCat})`,
    ),
  );
  return el(
    "div",
    { class: "game-end", "data-testid": "game-end" },
    el(
      "table",
      { class: "scores end-table" },
      el("caption", {}, "Score = cats claimed minus target (the cats you were dealt)"),
      el(
        "thead",
        {},
        el("tr", {}, el("th", {}, ""), el("th", { scope: "col" }, "Target"), el("th", { scope: "col" }, "Claimed"), el("th", { scope: "col" }, "Score")),
      ),
      el("tbody", {}, rows),
    ),
    matches.length
      ? el("div", {}, el("h3", {}, "Who matched whom"), el("ol", { class: "matches" }, matches))
      : el("p", { class: "note" }, "Nobody matched."),
  );
}
