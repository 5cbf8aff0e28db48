// Cards drawn as inline SVG with a viewBox, so they scale with their container.

import { svg } from "./dom.js";

const SUITS = {
  C: { symbol: "♣", name: "clubs", red: false },
  D: { symbol: "♦", name: "diamonds", red: true },
  H: { symbol: "♥", name: "hearts", red: true },
  S: { symbol: "♠", name: "spades", red: false },
};
const RANKS = {
  A: "ace", T: "10", J: "jack", Q: "queen", K: "king",
};

/** What the client knows about a Clecanian deck file: cards, characters and couples. */
export function deckInfo(deckFile) {
  const sexes = new Map((deckFile?.characters || []).map((c) => [c.name, c.sex]));
  const mates = new Map();
  for (const couple of deckFile?.couples || []) {
    mates.set(couple.female, { mate: couple.male, bonus: couple.bonus });
    mates.set(couple.male, { mate: couple.female, bonus: couple.bonus });
  }
  const cards = new Map();
  for (const card of deckFile?.cards || []) {
    cards.set(card.code, {
      code: card.code,
      points: card.joker ? null : card.points,
      joker: Boolean(card.joker),
      character: card.character || null,
      sex: card.character ? sexes.get(card.character) || null : null,
    });
  }
  return {
    card(code) {
      if (cards.has(code)) return cards.get(code);
      const joker = /J$/.test(code) && !SUITS[code[1]];
      return { code, points: null, joker, character: null, sex: null };
    },
    mates,
  };
}

function parseCode(code) {
  const suit = SUITS[code.slice(-1)];
  const rank = code.slice(0, -1);
  if (!suit || !rank) return null;
  return { rank: rank === "T" ? "10" : rank, rankName: RANKS[rank] || rank, suit };
}

/** A short text for a card: "K♥ Jade", "RJ joker", "7♠". */
export function cardText(deck, code) {
  if (!code) return "a face-down card";
  const card = deck.card(code);
  if (card.joker) return `${code} joker`;
  const parsed = parseCode(code);
  const face = parsed ? `${parsed.rank}${parsed.suit.symbol}` : code;
  return card.character ? `${face} ${card.character}` : face;
}

/** A spoken description: "king of hearts, Jade, a woman, 10 points". */
function cardSpeech(deck, code) {
  const card = deck.card(code);
  if (card.joker) return `joker ${code}`;
  const parsed = parseCode(code);
  const parts = [parsed ? `${parsed.rankName} of ${parsed.suit.name}` : code];
  if (card.character) {
    parts.push(card.character);
    if (card.sex) parts.push(card.sex === "female" ? "a woman" : "a man");
  }
  if (card.points !== null && card.points !== undefined) parts.push(`${card.points} points`);
  return parts.join(", ");
}

/** How a column of two face-up cards scores: couple, same character, or the sum. */
export function columnScore(deck, top, bottom) {
  if (!top || !bottom) return null;
  const a = deck.card(top);
  const b = deck.card(bottom);
  const mate = a.character ? deck.mates.get(a.character) : null;
  if (mate && mate.mate === b.character) return { kind: "couple", score: mate.bonus };
  if (a.character && a.character === b.character) return { kind: "same", score: 0 };
  return { kind: "sum", score: (a.points || 0) + (b.points || 0) };
}

function frame(attrs, ...children) {
  return svg(
    "svg",
    { viewBox: "0 0 100 140", role: "img", class: "card-svg", focusable: "false", ...attrs },
    ...children,
  );
}

function text(x, y, size, content, extra = {}) {
  return svg("text", { x, y, "font-size": size, ...extra }, content);
}

/** The face of a Clecanian card. */
export function clecanianFace(deck, code) {
  const card = deck.card(code);
  const label = cardSpeech(deck, code);
  if (card.joker) {
    const red = code.startsWith("R");
    return frame(
      { "aria-label": label, "data-card": code, class: `card-svg joker ${red ? "red" : "black"}` },
      svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, class: "card-paper" }),
      text(50, 62, 44, "★", { "text-anchor": "middle", class: "suit" }),
      text(50, 96, 18, "JOKER", { "text-anchor": "middle", class: "rank", "font-weight": 700 }),
      text(50, 124, 13, "abducts a woman", { "text-anchor": "middle", class: "note" }),
    );
  }
  const parsed = parseCode(code);
  const colour = parsed && parsed.suit.red ? "red" : "black";
  const children = [
    svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, class: "card-paper" }),
    text(10, 28, 26, parsed ? parsed.rank : code, { class: "rank", "font-weight": 700 }),
    text(10, 52, 22, parsed ? parsed.suit.symbol : "", { class: "suit" }),
    text(50, card.character ? 90 : 100, card.character ? 40 : 54, parsed ? parsed.suit.symbol : "", {
      "text-anchor": "middle",
      class: "suit",
    }),
  ];
  if (card.character) {
    const woman = card.sex === "female";
    children.push(
      text(90, 30, 24, woman ? "♀" : card.sex === "male" ? "♂" : "", {
        "text-anchor": "end",
        class: woman ? "sex female" : "sex male",
      }),
      svg("rect", { x: 6, y: 106, width: 88, height: 26, rx: 5, class: woman ? "band female" : "band male" }),
      text(50, 124, card.character.length > 8 ? 13 : 15, card.character, {
        "text-anchor": "middle",
        class: "character",
      }),
    );
  }
  return frame({ "aria-label": label, "data-card": code, class: `card-svg ${colour}` }, ...children);
}

/** The back of a card: what a face-down card or the stock looks like. */
export function cardBack(label = "face-down card", kind = "clecanian") {
  return frame(
    { "aria-label": label, class: `card-svg back ${kind}`, "data-face": "down" },
    svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, class: "back-paper" }),
    svg("rect", { x: 10, y: 10, width: 80, height: 120, rx: 6, class: "back-inner" }),
    svg("path", { d: "M10 40 L90 100 M10 100 L90 40 M50 10 L50 130", class: "back-lines" }),
    kind === "cat"
      ? svg("g", { class: "paw" },
          svg("circle", { cx: 50, cy: 78, r: 12 }),
          svg("circle", { cx: 36, cy: 60, r: 6 }),
          svg("circle", { cx: 50, cy: 54, r: 6 }),
          svg("circle", { cx: 64, cy: 60, r: 6 }))
      : svg("circle", { cx: 50, cy: 70, r: 14, class: "back-seal" }),
  );
}

/** An empty place in a grid, waiting for a refill. */
export function emptySlot(label = "empty place") {
  return frame(
    { "aria-label": label, class: "card-svg empty" },
    svg("rect", { x: 4, y: 4, width: 92, height: 132, rx: 9, class: "slot" }),
  );
}

/** A Purrfect Match cat: its value, and a cat (the 1 wears a paper bag). */
export function catFace(value) {
  const hue = Math.round(200 - (value - 1) * 20);
  const face = [
    svg("path", { d: "M30 66 L34 40 L46 56 Z M70 66 L66 40 L54 56 Z", class: "cat-ears" }),
    svg("circle", { cx: 50, cy: 78, r: 24, class: "cat-head" }),
  ];
  if (value === 1) {
    face.push(
      svg("rect", { x: 26, y: 56, width: 48, height: 44, rx: 2, class: "bag" }),
      svg("circle", { cx: 41, cy: 74, r: 4, class: "bag-hole" }),
      svg("circle", { cx: 59, cy: 74, r: 4, class: "bag-hole" }),
    );
  } else {
    face.push(
      svg("circle", { cx: 41, cy: 74, r: 4, class: "cat-eye" }),
      svg("circle", { cx: 59, cy: 74, r: 4, class: "cat-eye" }),
      svg("path", { d: "M46 86 L54 86 L50 91 Z", class: "cat-nose" }),
      svg("path", { d: "M20 84 L40 88 M20 94 L40 91 M80 84 L60 88 M80 94 L60 91", class: "whiskers" }),
    );
  }
  return frame(
    { "aria-label": `cat worth ${value}`, "data-value": value, class: "card-svg cat" },
    svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, class: "card-paper", style: `fill: hsl(${hue} 70% 92%)` }),
    text(10, 32, 30, String(value), { class: "rank", "font-weight": 700 }),
    text(90, 130, 18, String(value), { class: "rank small", "text-anchor": "end" }),
    ...face,
  );
}
