// Cards drawn as inline SVG with a viewBox, so they scale with their container.

import { svg } from "./dom.js";

/**
 * The cards of a Clecanian deck as the table summary lists them (`summary.cards`: code, name,
 * speech, points, character, sex, joker, and the corner of the face: rank, suit, red). A code
 * the list does not hold is drawn as a plain card showing its code.
 */
export function deckInfo(cardList) {
  const cards = new Map((cardList || []).map((card) => [card.code, card]));
  return {
    card(code) {
      return (
        cards.get(code) || {
          code, name: code, speech: code, points: null, character: null, sex: null, joker: false,
          rank: null, suit: null, red: false,
        }
      );
    },
  };
}

/** A card's short name as the server gives it: "K♥ Jade", "RJ joker", "7♠". */
export function cardText(deck, code) {
  if (!code) return "a face-down card";
  return deck.card(code).name;
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
  const label = card.speech;
  if (card.joker) {
    return frame(
      { "aria-label": label, "data-card": code, class: `card-svg joker ${card.red ? "red" : "black"}` },
      svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, class: "card-paper" }),
      text(50, 62, 44, "★", { "text-anchor": "middle", class: "suit" }),
      text(50, 96, 18, "JOKER", { "text-anchor": "middle", class: "rank", "font-weight": 700 }),
      // Two short lines: the words fit the narrowest card.
      text(50, 116, 12, "abducts", { "text-anchor": "middle", class: "note" }),
      text(50, 130, 12, "a woman", { "text-anchor": "middle", class: "note" }),
    );
  }
  const colour = card.red ? "red" : "black";
  const children = [
    svg("rect", { x: 2, y: 2, width: 96, height: 136, rx: 9, class: "card-paper" }),
    text(10, 28, 26, card.rank || code, { class: "rank", "font-weight": 700 }),
    text(10, 52, 22, card.suit || "", { class: "suit" }),
    text(50, card.character ? 90 : 100, card.character ? 40 : 54, card.suit || "", {
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
