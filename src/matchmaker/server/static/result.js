// The end of a game at the table: the final scores, what the game adds to them (board.js
// `gameEnd`), the rematch, and the links to the replay and to the review.

import { gameEnd } from "./board.js";
import { el } from "./dom.js";
import { seatName } from "./seats.js";

/**
 * The result panel of a table page. `page` is the table page: its `state`, `seats`, `seat`,
 * `summary`, `token`, `id`, `rematchAsked`, `context()`, `send()` and `render()` are read when
 * `update()` runs; `paths` gives the `table(id)` and `replay(id, seat)` addresses.
 */
export function resultPanel(page, paths) {
  const body = el("tbody", {});
  const rematchButton = el(
    "button",
    {
      type: "button",
      "data-testid": "rematch",
      "data-focus": "rematch",
      hidden: true,
      onclick: () => {
        if (page.send({ type: "rematch", token: page.token })) {
          page.rematchAsked = true;
          page.render();
        }
      },
    },
    "Rematch",
  );
  const rematchLink = el("a", { class: "button", "data-testid": "rematch-link", hidden: true }, "Go to the rematch");
  const replayLink = el("a", { "data-testid": "replay-link" }, "Replay this game");
  const reviewLink = el("a", { "data-testid": "review-link" }, "Review it");
  const details = el("div", { class: "result-details" });
  const element = el(
    "section",
    { class: "result", "data-testid": "final-scores", "aria-label": "final scores", hidden: true },
    el("h2", {}, "Final scores"),
    el("table", { class: "scores" }, body),
    details,
    el("p", {}, rematchButton, rematchLink, " ", replayLink, " · ", reviewLink),
  );
  let shownKey = null;
  const update = () => {
    const result = page.state.result;
    element.hidden = !(page.state.over && result);
    if (element.hidden) return;
    const key = JSON.stringify([result.scores, result.winners, page.seats.map((s) => s.label)]);
    if (key !== shownKey) {
      shownKey = key;
      body.replaceChildren(
        ...(result.scores || []).map((score, seat) => {
          const winner = (result.winners || []).includes(seat);
          return el(
            "tr",
            { class: winner ? "winner" : "" },
            el("th", { scope: "row" }, seatName(page.seats, seat, page.seat)),
            el("td", { "data-testid": `final-score-${seat}` }, String(score)),
            el("td", {}, winner ? "★ winner" : ""),
          );
        }),
      );
      const extra = gameEnd(page.summary.game, page.state.view, page.context());
      details.replaceChildren(...(extra ? [extra] : []));
    }
    const rematch = page.summary.rematch;
    rematchLink.hidden = !rematch;
    if (rematch) rematchLink.href = paths.table(rematch);
    rematchButton.hidden = Boolean(rematch) || !page.token;
    rematchButton.disabled = page.rematchAsked;
    const label = page.rematchAsked ? "Starting a new deal…" : "Rematch";
    if (rematchButton.textContent !== label) rematchButton.textContent = label;
    replayLink.href = paths.replay(page.id, page.seat);
    reviewLink.href = `${replayLink.pathname}${replayLink.search ? `${replayLink.search}&` : "?"}review=1`;
  };
  return { element, update };
}
