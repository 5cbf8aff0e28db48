// Purrfect Match: the proposer and its cat, face-down candidates, the inspection, hands and claims.

import { cardBack, catFace } from "./cards.js";
import { el } from "./dom.js";
import { cardPlace, findLegal, seatHeader, seatName } from "./seats.js";
import { seatOrder } from "./clecanian.js";

const PHASES = {
  deal: "dealing",
  choose_first_proposer: "choosing the first proposer",
  present: "the proposer shows a cat",
  nominate: "candidates are put face down",
  inspect: "the proposer inspects a candidate",
  respond: "accept or reject the proposal",
  over: "game over",
};

const sum = (values) => values.reduce((a, b) => a + b, 0);

/** The value of a standing candidate that this seat knows: its own, or one it inspected. */
function knownCandidate(view, seat) {
  if (!view.standing[seat]) return null;
  if (seat === view.seat) return view.candidate;
  const since = view.candidate_round ? view.candidate_round[seat] : view.round;
  for (let i = view.inspected.length - 1; i >= 0; i--) {
    const [round, inspected, value] = view.inspected[i];
    if (inspected === seat && (since === null || round >= since)) return value;
  }
  return null;
}

function candidate(view, ctx, seat) {
  if (!view.standing[seat]) {
    return el("div", { class: "card slot-empty", "data-testid": `candidate-${seat}` }, "no candidate");
  }
  const value = knownCandidate(view, seat);
  const inspecting = view.inspecting === seat;
  const queue = view.to_inspect.indexOf(seat);
  let caption = "candidate, face down";
  if (seat === view.seat) caption = "your candidate";
  else if (value !== null) caption = `you saw a ${value}`;
  if (inspecting) caption = `${caption} · being inspected`;
  else if (queue > 0) caption = `${caption} · to inspect (#${queue + 1})`;
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
    el("span", { class: "label" }, cats.length ? `claimed ${sum(cats)}:` : "nothing claimed yet"),
    el("div", { class: "mini-cards" }, cats.map((v) => el("div", { class: "card mini" }, catFace(v)))),
  );
}

function seatPanel(view, ctx, seat) {
  const extra = [];
  if (seat === view.proposer) extra.push(["proposer", "★ proposer"]);
  if (view.hand_sizes[seat] === 0 && !view.standing[seat] && view.phase !== "over") {
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
  const queue = view.to_inspect || [];
  if (queue.length && (view.phase === "inspect" || view.phase === "respond")) {
    parts.push(
      el(
        "ol",
        { class: "inspection", "data-testid": "inspection", "aria-label": "inspection order" },
        queue.map((seat, i) =>
          el("li", { class: i === 0 ? "current" : "" }, `${i === 0 ? "▶ " : ""}${seatName(ctx.seats, seat, ctx.you)}`),
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
      label: `a ${value} in your hand`,
      data: { value },
    });
  });
  const claimedSum = sum(view.claimed[view.seat]);
  const facts = [
    el("span", { "data-testid": "my-target" }, `target ${view.target ?? "?"}`),
    el("span", {}, `claimed ${claimedSum}`),
    el("span", {}, `score so far ${view.target === null ? "?" : claimedSum - view.target}`),
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

export function purrfectStatus(view, ctx) {
  if (view.phase === "over") return "Game over.";
  const toAct = view.to_act;
  const who = toAct === ctx.you ? "Your turn" : seatName(ctx.seats, toAct, ctx.you);
  let what = PHASES[view.phase] || view.phase;
  if (view.phase === "inspect" && view.inspecting !== null) {
    what = `looks at ${seatName(ctx.seats, view.inspecting, ctx.you)}'s candidate`;
  }
  return `Round ${view.round + 1} · ${who}: ${what}`;
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
