// The table page: follow the game live, act, talk, rematch.

import { actionBar } from "./actions.js";
import { saved } from "./api.js";
import { boardContext, eventHighlight, renderBoard, statusLine } from "./board.js";
import { createChat } from "./chat.js";
import { Connection } from "./connection.js";
import { clear, el, replaceKeepingFocus } from "./dom.js";
import { linkBox } from "./links.js";
import { seatName, withNames } from "./seats.js";

export const tablePath = (id) => `/table/${encodeURIComponent(id)}`;

/** Open the live table, seated with `token` (or watching when it is null). */
export function openTable(root, tableId, token) {
  new TablePage(root, tableId, token).start();
}

class TablePage {
  constructor(root, tableId, token) {
    this.root = root;
    this.id = tableId;
    this.token = token;
    this.seat = null;
    this.summary = null;
    this.seats = [];
    this.state = null;
    this.thinking = null;
    this.highlight = null;
    this.busy = false;
    this.rematchAsked = false;
    this.deadline = null;
    this.build();
  }

  build() {
    const send = this.token ? (text) => this.send({ type: "chat", token: this.token, text }) : null;
    this.chat = createChat(send);
    this.title = el("h1", { class: "title" }, "Table");
    this.connectionNote = el("span", { class: "connection", "data-testid": "connection" }, "");
    this.errorBanner = el("div", { class: "error-banner", role: "alert", "data-testid": "error-banner", hidden: true });
    this.status = el("p", { class: "status", "data-testid": "status" }, "Connecting…");
    this.timer = el("span", { class: "timer", "data-testid": "timer", hidden: true });
    this.lastMove = el("div", { class: "last-move", "data-testid": "last-move" });
    this.boardHost = el("div", { class: "board-host", "data-testid": "board" });
    this.controls = el("div", { class: "controls" });
    this.narration = el("ol", { class: "narration-list", "data-testid": "narration", "aria-live": "polite" });
    this.extras = el("div", { class: "extras" });
    this.main = el(
      "div",
      { class: "table-page", "data-testid": "table-page" },
      el("header", { class: "topbar" }, el("a", { href: "/", class: "home" }, "matchmaker"), this.title, this.connectionNote),
      this.errorBanner,
      el("div", { class: "status-bar" }, this.status, this.timer),
      el(
        "div",
        { class: "layout" },
        el(
          "main",
          { class: "play" },
          this.lastMove,
          this.controls,
          this.boardHost,
          el("details", { class: "narration", open: true }, el("summary", {}, "What happened"), this.narration),
        ),
        el("aside", { class: "side" }, this.chat.element, this.extras),
      ),
    );
    clear(this.root).append(this.main);
  }

  start() {
    const hello = this.token ? { type: "hello", token: this.token } : { type: "hello", spectate: true };
    this.connection = new Connection(this.id, hello, {
      onMessage: (message) => this.receive(message),
      onStatus: (status) => this.connectionStatus(status),
    });
    this.connection.open();
    setInterval(() => this.tick(), 250);
  }

  connectionStatus(status) {
    const text = {
      connecting: "connecting…",
      open: "",
      lost: "connection lost, reconnecting…",
      refused: "not connected",
    }[status];
    this.connectionNote.textContent = text;
    this.connectionNote.classList.toggle("bad", status === "lost" || status === "refused");
    if (status === "refused" && !this.state) this.status.textContent = "This table cannot be shown.";
  }

  send(message) {
    const ok = this.connection.send(message);
    if (!ok) this.showError("Not connected to the server right now; try again in a moment.");
    return ok;
  }

  receive(message) {
    const handler = {
      welcome: () => this.welcome(message),
      state: () => this.onState(message),
      thinking: () => this.onThinking(message.seat),
      chat: () => this.chat.add(message.message),
      chat_history: () => this.chat.setHistory(message.messages),
      presence: () => this.onPresence(message.seats),
      rematch: () => this.onRematch(message.table),
      error: () => this.onError(message),
      pong: () => {},
    }[message.type];
    if (handler) handler();
  }

  welcome(message) {
    this.seat = message.seat ?? null;
    this.summary = message.table;
    this.seats = message.table.seats || [];
    document.title = `${message.table.title} · matchmaker`;
    this.title.textContent = `${message.table.title}${this.seat === null ? " · watching" : ""}`;
    this.main.dataset.seat = this.seat === null ? "spectator" : String(this.seat);
    this.main.dataset.game = message.table.game;
    this.renderExtras();
  }

  onState(message) {
    const before = this.state ? this.state.view : null;
    this.state = message;
    this.busy = false;
    this.thinking = null;
    if (message.seats) this.seats = message.seats;
    this.deadline = message.timer ? { seat: message.timer.seat, at: Date.now() + message.timer.seconds * 1000 } : null;
    this.main.dataset.seq = String(message.seq);
    this.main.dataset.over = message.over ? "true" : "false";
    this.takeEvents(message.events || [], before);
    this.render();
  }

  takeEvents(events, before) {
    const others = [];
    let highlight = null;
    for (const entry of events) {
      const lines = entry.lines || [];
      const actor = Number.isInteger(entry.actor) && entry.actor >= 0 ? entry.actor : null;
      const named = lines.map((line) => withNames(line, this.seats, this.seat));
      for (const line of named) {
        this.narration.append(el("li", { class: actor === this.seat && actor !== null ? "mine" : "" }, line));
      }
      if (actor !== null) highlight = eventHighlight(this.summary?.game, entry.event, before) || highlight;
      if (actor !== this.seat || actor === null) others.push(...named);
    }
    while (this.narration.children.length > 300) this.narration.firstChild.remove();
    this.narration.scrollTop = this.narration.scrollHeight;
    this.highlight = highlight;
    if (others.length) {
      this.lastMove.replaceChildren(...others.slice(-3).map((line) => el("p", {}, line)));
      this.lastMove.classList.remove("flash");
      void this.lastMove.offsetWidth;
      this.lastMove.classList.add("flash");
    }
  }

  onThinking(seat) {
    this.thinking = seat;
    this.render();
  }

  onPresence(seats) {
    this.seats = seats;
    this.render();
  }

  onRematch(newTable) {
    if (this.token) {
      saved.setToken(newTable, this.token);
      location.assign(tablePath(newTable));
    } else {
      location.assign(`${tablePath(newTable)}?spectate=1`);
    }
  }

  onError(message) {
    this.busy = false;
    if (message.about === "hello" && message.code === "bad_token") {
      saved.forgetToken(this.id);
      this.connection.close();
      this.showError("This browser's seat credential is not valid for this table. You can watch it instead.");
      this.controls.replaceChildren(el("a", { href: `${tablePath(this.id)}?spectate=1`, class: "button" }, "Watch this table"));
      return;
    }
    this.showError(message.message || message.code, message.code);
    if (this.state) this.render();
  }

  showError(text, code = null) {
    this.errorBanner.replaceChildren(
      el("span", { class: "message", "data-testid": "error-message" }, text),
      code ? el("span", { class: "code" }, ` (${code})`) : null,
      el("button", { type: "button", class: "close", "aria-label": "dismiss", onclick: () => (this.errorBanner.hidden = true) }, "×"),
    );
    this.errorBanner.dataset.code = code || "";
    this.errorBanner.hidden = false;
  }

  act(action) {
    if (this.busy || !this.state) return;
    this.errorBanner.hidden = true;
    const message = { type: "act", token: this.token, action: { name: action.name, arg: action.arg ?? null }, seq: this.state.seq };
    // Whoever acted from a focused button gets the focus back on the next choices.
    const active = document.activeElement;
    this.refocus = Boolean(active && active !== document.body && this.main.contains(active));
    if (this.send(message)) {
      this.busy = true;
      this.render();
    }
  }

  context() {
    return boardContext(this.summary, {
      seats: this.seats,
      viewer: this.seat,
      legal: this.busy ? [] : this.state.legal || [],
      act: this.token ? (action) => this.act(action) : null,
      highlight: this.highlight,
      thinking: this.thinking,
    });
  }

  render() {
    if (!this.state || !this.summary) return;
    const ctx = this.context();
    const game = this.summary.game;
    const view = this.state.view;
    this.status.textContent = this.statusText(ctx);
    this.status.classList.toggle("yours", !this.state.over && (this.state.legal || []).length > 0);
    if (this.waitingFor().length) {
      this.boardHost.replaceChildren(this.waitingPanel());
      this.controls.replaceChildren();
      this.controlsKey = null;
      return;
    }
    replaceKeepingFocus(this.boardHost, [renderBoard(game, view, ctx)]);
    this.renderControls(view);
    this.tick();
  }

  /** The controls are rebuilt only when they change, so that a button stays put under the pointer. */
  renderControls(view) {
    const mine = this.seat === null ? null : this.seats[this.seat];
    const key = JSON.stringify([
      this.state.legal,
      this.busy,
      Boolean(mine && mine.away),
      this.state.over,
      this.state.result,
      view.standing ? view.standing[this.seat] : null,
      this.rematchAsked,
      this.summary.rematch,
      this.seats.map((s) => s.name),
    ]);
    if (key === this.controlsKey) return;
    this.controlsKey = key;
    replaceKeepingFocus(this.controls, [
      this.awayNotice(),
      actionBar(this.state.legal, (action) => this.act(action), this.busy),
      this.claimControl(view),
      this.resultPanel(),
    ]);
    const first = this.controls.querySelector("button.action:not([disabled])");
    if (this.refocus && first && !this.controls.contains(document.activeElement)) {
      this.refocus = false;
      first.focus({ preventScroll: true });
    }
  }

  /** The human seats nobody has taken yet (the deal waits for them). */
  waitingFor() {
    if (this.state && this.state.over) return [];
    return this.seats.filter((s) => s.kind === "human" && !s.joined);
  }

  waitingPanel() {
    const invites = new Map((saved.invites(this.id) || []).map((i) => [i.seat, i]));
    const rows = this.seats.map((s) => {
      const invite = !s.joined && invites.get(s.seat);
      return el(
        "li",
        { class: s.joined ? "joined" : "open" },
        `${seatName(this.seats, s.seat, this.seat)}: ${s.joined ? "seated" : "waiting for their invite to be used"}`,
        invite ? linkBox("Invite link", `${location.origin}${invite.url}`, `invite-link-${s.seat}`) : null,
      );
    });
    return el(
      "section",
      { class: "waiting", "data-testid": "waiting" },
      el("h2", {}, "Waiting for everyone to sit down"),
      el("p", {}, "The cards are dealt as soon as every person has taken their seat."),
      el("ul", {}, rows),
    );
  }

  statusText(ctx) {
    const waiting = this.waitingFor();
    if (waiting.length) {
      return `Waiting for ${waiting.map((s) => seatName(this.seats, s.seat, this.seat)).join(", ")} to join…`;
    }
    if (this.state.over) return this.resultText();
    const base = statusLine(this.summary.game, this.state.view, ctx);
    if (this.thinking !== null && this.thinking !== undefined) {
      return `${base} · ${seatName(this.seats, this.thinking, this.seat)} is thinking…`;
    }
    if (this.busy) return `${base} · sending…`;
    return base;
  }

  resultText() {
    const result = this.state.result;
    if (!result) return "Game over.";
    const names = (result.winners || []).map((s) => seatName(this.seats, s, this.seat));
    return `Game over · ${names.join(" and ")} ${names.length === 1 ? "wins" : "win"}.`;
  }

  /** While a stand-in bot plays for this seat: say so, and offer to take the seat back. */
  awayNotice() {
    const mine = this.seat === null ? null : this.seats[this.seat];
    if (!mine || !mine.away || this.state.over) return null;
    return el(
      "p",
      { class: "away-notice", role: "status", "data-testid": "away" },
      "A bot is playing for you while you were away. ",
      el(
        "button",
        {
          type: "button",
          "data-testid": "back",
          "data-focus": "back",
          onclick: () => this.send({ type: "back", token: this.token }),
        },
        "I'm back: take my seat",
      ),
    );
  }

  claimControl(view) {
    if (this.summary.game !== "purrfect" || this.seat === null || this.state.over) return null;
    if (!(view.standing && view.standing[this.seat])) return null;
    const select = el(
      "select",
      { id: "claim-value", "data-testid": "claim-value", "data-focus": "claim-value", "aria-label": "claimed value" },
      Array.from({ length: 10 }, (_, i) => el("option", { value: i + 1, selected: i + 1 === this.claimValue }, String(i + 1))),
    );
    select.addEventListener("change", () => (this.claimValue = Number(select.value)));
    const button = el(
      "button",
      {
        type: "submit",
        "data-testid": "claim-send",
        "data-focus": "claim-send",
        title: "Say it to the table, true or not: a claim binds nobody",
      },
      "Say it",
    );
    return el(
      "form",
      {
        class: "claim",
        "data-testid": "claim",
        onsubmit: (event) => {
          event.preventDefault();
          this.send({ type: "claim", token: this.token, value: Number(select.value) });
        },
      },
      el("label", { for: "claim-value" }, "“My candidate is a"),
      select,
      el("span", {}, "”"),
      button,
    );
  }

  resultPanel() {
    const result = this.state.result;
    if (!this.state.over || !result) return null;
    const rows = (result.scores || []).map((score, seat) => {
      const winner = (result.winners || []).includes(seat);
      return el(
        "tr",
        { class: winner ? "winner" : "" },
        el("th", { scope: "row" }, seatName(this.seats, seat, this.seat)),
        el("td", { "data-testid": `final-score-${seat}` }, String(score)),
        el("td", {}, winner ? "★ winner" : ""),
      );
    });
    const rematch = this.summary.rematch;
    let action = null;
    if (rematch) {
      action = el("a", { href: tablePath(rematch), class: "button", "data-testid": "rematch-link" }, "Go to the rematch");
    } else if (this.token) {
      action = el(
        "button",
        {
          type: "button",
          "data-testid": "rematch",
          "data-focus": "rematch",
          disabled: this.rematchAsked,
          onclick: () => {
            if (this.send({ type: "rematch", token: this.token })) {
              this.rematchAsked = true;
              this.render();
            }
          },
        },
        this.rematchAsked ? "Starting a new deal…" : "Rematch",
      );
    }
    return el(
      "section",
      { class: "result", "data-testid": "final-scores", "aria-label": "final scores" },
      el("h2", {}, "Final scores"),
      el("table", { class: "scores" }, el("tbody", {}, rows)),
      el("p", {}, action, " ", el("a", { href: `/replay/${encodeURIComponent(this.id)}${this.seat === null ? "" : `?seat=${this.seat}`}`, "data-testid": "replay-link" }, "Replay this game")),
    );
  }

  renderExtras() {
    this.extras.replaceChildren(
      linkBox("Spectator link", `${location.origin}${tablePath(this.id)}?spectate=1`, "spectate-link"),
    );
  }

  tick() {
    if (!this.deadline || !this.state || this.state.over) {
      this.timer.hidden = true;
      return;
    }
    const seconds = Math.max(0, Math.ceil((this.deadline.at - Date.now()) / 1000));
    const who = this.deadline.seat === this.seat ? "you" : seatName(this.seats, this.deadline.seat, this.seat);
    this.timer.hidden = false;
    this.timer.textContent = `⏱ ${seconds} s left for ${who}`;
    this.timer.classList.toggle("urgent", seconds <= 10);
  }
}
