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
 * A card-sized element. At a seat (`ctx.act` set) it is a button, enabled while a legal action
 * goes with it (the action rides on the element as `.action`; the table page listens on the
 * board), so that the board is the control and a place keeps its element from turn to turn.
 * Otherwise (a spectator, a replay) a plain box. `content` is the SVG; `testid` names the place.
 * Every action placed on the board is added to `ctx.placed` (by test id), so that no button
 * repeats it.
 */
export function cardPlace(ctx, content, { action = null, testid, label, classes = "", data = {} }) {
  const attrs = { class: `card ${classes}`, "data-testid": testid };
  for (const [key, value] of Object.entries(data)) attrs[`data-${key}`] = value;
  if (!ctx.act) return el("div", { ...attrs, "aria-label": label, role: label ? "group" : null }, content);
  const playable = Boolean(action);
  if (playable && ctx.placed) ctx.placed.add(actionTestId(action));
  // A practice table's hint marks the place of the best choice.
  const hint = ctx.hint;
  const hinted = playable && Boolean(hint) && hint.name === action.name && (hint.arg ?? null) === (action.arg ?? null);
  const button = el(
    "button",
    {
      ...attrs,
      type: "button",
      class: `card${playable ? " playable" : ""}${hinted ? " hinted" : ""} ${classes}`,
      disabled: !playable,
      "data-focus": testid,
      "data-name": playable ? action.name : null,
      "data-arg": playable && action.arg !== null && action.arg !== undefined ? action.arg : null,
      title: playable ? action.help || action.label : null,
      "aria-label": playable ? `${action.label}${action.help ? ": " + action.help : ""}${hinted ? " (the hint's best choice)" : ""}` : label,
    },
    content,
  );
  button.action = action;
  return button;
}
