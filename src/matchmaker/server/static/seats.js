// Seat names, presence badges and the legal-action lookup shared by both games.

import { el } from "./dom.js";

/** How a seat is called on screen: its `label` from the server ("Ann", "hard bot",
 * "medium bot · seat 2"), marked "(you)" for the viewer. */
export function seatName(seats, seat, viewer = null) {
  const info = seats && seats[seat];
  const name = (info && (info.label || info.name)) || String(seat);
  return seat === viewer ? `${name} (you)` : name;
}

/** Small badges next to a seat's name: you, bot, away, offline, thinking, to act. */
function seatBadges(ctx, seat, extra = []) {
  const info = ctx.seats && ctx.seats[seat];
  const badges = [...extra];
  if (seat === ctx.toAct) badges.unshift(["turn", "to act"]);
  if (info) {
    if (info.kind === "human" && !info.joined) badges.push(["waiting", "not joined"]);
    else if (info.away) badges.push(["away", "away: a bot plays"]);
    else if (info.kind === "human" && !info.connected) badges.push(["offline", "offline"]);
  }
  if (ctx.thinking === seat) badges.push(["thinking", "thinking…"]);
  return el(
    "span",
    { class: "badges" },
    badges.map(([kind, label]) => el("span", { class: `badge ${kind}` }, label)),
  );
}

export function seatHeader(ctx, seat, extra = []) {
  return el(
    "h3",
    { class: "seat-name", "data-testid": `seat-name-${seat}` },
    el("span", { class: "name" }, seatName(ctx.seats, seat, ctx.you)),
    seatBadges(ctx, seat, extra),
  );
}

/** Find a legal action by name and argument. */
export function findLegal(legal, name, arg = null) {
  return (legal || []).find((a) => a.name === name && (a.arg ?? null) === (arg ?? null)) || null;
}

export function actionTestId(action) {
  return action.arg === null || action.arg === undefined
    ? `action-${action.name}`
    : `action-${action.name}-${action.arg}`;
}

/**
 * A card-sized element: a button when a legal action goes with it, else a plain box.
 * `content` is the SVG; `testid` names the place.
 */
export function cardPlace(ctx, content, { action = null, testid, label, classes = "", data = {} }) {
  const attrs = { class: `card ${classes}`, "data-testid": testid };
  for (const [key, value] of Object.entries(data)) attrs[`data-${key}`] = value;
  if (action && ctx.act) {
    return el(
      "button",
      {
        ...attrs,
        type: "button",
        class: `card playable ${classes}`,
        "data-focus": testid,
        title: action.help || action.label,
        "aria-label": `${action.label}${action.help ? ": " + action.help : ""}`,
        onclick: () => ctx.act(action),
      },
      content,
    );
  }
  return el("div", { ...attrs, "aria-label": label, role: label ? "group" : null }, content);
}
