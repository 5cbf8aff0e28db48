// The table page: follow the game live, act, talk, rematch.

import { ActionBar } from "./actions.js";
import { saved } from "./api.js";
import { boardContext, eventHighlight, renderBoard } from "./board.js";
import { createChat } from "./chat.js";
import { Connection, wholeState } from "./connection.js";
import { clear, el, replaceKeepingFocus } from "./dom.js";
import { linkBox } from "./links.js";
import { seatName } from "./seats.js";

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
    // Set when a person acted from a focused element: that element's data-focus key ("" if none).
    this.refocus = null;
    this.boardKey = null;
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
    // The controls are built once and updated in place (see renderControls).
    this.controlsNote = el("div", { class: "controls-note", hidden: true });
    this.actionBar = new ActionBar((action) => this.act(action));
    this.awayBox = this.buildAwayNotice();
    this.claimBox = this.buildClaimControl();
    this.resultBox = this.buildResultPanel();
    this.controls = el(
      "div",
      { class: "controls" },
      this.controlsNote,
      this.awayBox,
      this.actionBar.element,
      this.claimBox.element,
      this.resultBox.element,
    );
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
      update: () => this.state && this.onState(wholeState(this.state, message)),
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

  /** The tab's title: the game, and "Your turn" while a decision waits for you, so that the
   * turn finds you in another tab. */
  pageTitle() {
    const title = `${this.summary ? this.summary.title : "Table"} · matchmaker`;
    return this.state && this.state.legal.length > 0 ? `● Your turn · ${title}` : title;
  }

  welcome(message) {
    this.seat = message.seat ?? null;
    this.summary = message.table;
    this.seats = message.table.seats || [];
    document.title = this.pageTitle();
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
      // The lines come told to this seat, with every seat already named.
      for (const line of lines) {
        this.narration.append(el("li", { class: actor === this.seat && actor !== null ? "mine" : "" }, line));
      }
      if (actor !== null) highlight = eventHighlight(this.summary?.game, entry.event, before) || highlight;
      if (actor !== this.seat || actor === null) others.push(...lines);
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
      this.controlsNote.replaceChildren(el("a", { href: `${tablePath(this.id)}?spectate=1`, class: "button" }, "Watch this table"));
      this.controlsNote.hidden = false;
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
    const focused = active && active !== document.body && this.main.contains(active);
    this.refocus = focused ? active.dataset.focus || "" : null;
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
    this.status.textContent = this.statusText();
    this.status.classList.toggle("yours", !this.state.over && (this.state.legal || []).length > 0);
    if (this.waitingFor().length) {
      this.boardHost.replaceChildren(this.waitingPanel());
      this.boardKey = null;
      this.controls.hidden = true;
      return;
    }
    this.controls.hidden = false;
    // The board is drawn again only when something it shows changed.
    const boardKey = JSON.stringify([this.state.seq, view, ctx.legal, ctx.highlight, ctx.thinking, ctx.seats, Boolean(ctx.act)]);
    if (boardKey !== this.boardKey) {
      this.boardKey = boardKey;
      replaceKeepingFocus(this.boardHost, [renderBoard(game, view, ctx)]);
    }
    this.renderControls(view);
    this.tick();
  }

  /**
   * The controls are persistent elements updated in place, never rebuilt: the away notice, the
   * action bar (a button whose decision stays legal is the same element), the claim control and
   * the result panel. A button a person is pressing stays put while bots and stand-ins play.
   */
  renderControls(view) {
    const mine = this.seat === null ? null : this.seats[this.seat];
    this.awayBox.hidden = !(mine && mine.away && !this.state.over);
    this.actionBar.update(this.state.legal, this.busy);
    this.claimBox.update(this.token ? this.state.claim : null, this.state.view.candidate);
    this.resultBox.update();
    document.title = this.pageTitle();
    // Whoever acted from a focused button gets the focus back on the next choices, unless they
    // have put it somewhere else since (the chat, say).
    const bar = this.actionBar.element;
    const first = bar.querySelector("button.action:not([disabled])");
    if (this.refocus !== null && first) {
      const same = this.refocus && bar.querySelector(`[data-focus="${CSS.escape(this.refocus)}"]:not([disabled])`);
      this.refocus = null;
      const active = document.activeElement;
      const lost = !active || active === document.body || this.boardHost.contains(active);
      if (lost) (same || first).focus({ preventScroll: true });
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

  /** The server's status line for this seat, and what this page is doing about it. */
  statusText() {
    const base = this.state.status || "";
    if (this.thinking !== null && this.thinking !== undefined && !this.state.over) {
      return `${base} · ${seatName(this.seats, this.thinking, this.seat)} is thinking…`;
    }
    if (this.busy) return `${base} · sending…`;
    return base;
  }

  /** While a stand-in bot plays for this seat: say so, and offer to take the seat back. */
  buildAwayNotice() {
    return el(
      "p",
      { class: "away-notice", role: "status", "data-testid": "away", hidden: true },
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

  /** Purrfect Match: tell the table what your candidate is (true or not), with the values the
   * server's `claim` offers, while it offers them. */
  buildClaimControl() {
    const select = el(
      "select",
      { id: "claim-value", "data-testid": "claim-value", "data-focus": "claim-value", "aria-label": "claimed value" },
    );
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
    const element = el(
      "form",
      {
        class: "claim",
        "data-testid": "claim",
        hidden: true,
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
    let offered = "";
    let candidate = null;
    return {
      element,
      /** The values the server offers; the selector starts at the seat's own candidate (a
       * person changes it to bluff), and keeps a person's choice until the candidate changes. */
      update(claim, yours) {
        const values = (claim && claim.values) || [];
        const key = values.join(",");
        if (key !== offered) {
          offered = key;
          const chosen = select.value;
          select.replaceChildren(...values.map((v) => el("option", { value: v }, String(v))));
          if (values.map(String).includes(chosen)) select.value = chosen;
        }
        const own = yours === undefined ? null : yours;
        if (own !== candidate) {
          candidate = own;
          if (own !== null && values.map(String).includes(String(own))) select.value = String(own);
        }
        element.hidden = values.length === 0;
        select.disabled = button.disabled = values.length === 0;
      },
    };
  }

  /** The final scores, the rematch and the replay link, filled in once the game is over. */
  buildResultPanel() {
    const body = el("tbody", {});
    const rematchButton = el(
      "button",
      {
        type: "button",
        "data-testid": "rematch",
        "data-focus": "rematch",
        hidden: true,
        onclick: () => {
          if (this.send({ type: "rematch", token: this.token })) {
            this.rematchAsked = true;
            this.render();
          }
        },
      },
      "Rematch",
    );
    const rematchLink = el("a", { class: "button", "data-testid": "rematch-link", hidden: true }, "Go to the rematch");
    const replayLink = el("a", { "data-testid": "replay-link" }, "Replay this game");
    const element = el(
      "section",
      { class: "result", "data-testid": "final-scores", "aria-label": "final scores", hidden: true },
      el("h2", {}, "Final scores"),
      el("table", { class: "scores" }, body),
      el("p", {}, rematchButton, rematchLink, " ", replayLink),
    );
    let shownKey = null;
    const update = () => {
      const result = this.state.result;
      element.hidden = !(this.state.over && result);
      if (element.hidden) return;
      const key = JSON.stringify([result.scores, result.winners, this.seats.map((s) => s.label)]);
      if (key !== shownKey) {
        shownKey = key;
        body.replaceChildren(
          ...(result.scores || []).map((score, seat) => {
            const winner = (result.winners || []).includes(seat);
            return el(
              "tr",
              { class: winner ? "winner" : "" },
              el("th", { scope: "row" }, seatName(this.seats, seat, this.seat)),
              el("td", { "data-testid": `final-score-${seat}` }, String(score)),
              el("td", {}, winner ? "★ winner" : ""),
            );
          }),
        );
      }
      const rematch = this.summary.rematch;
      rematchLink.hidden = !rematch;
      if (rematch) rematchLink.href = tablePath(rematch);
      rematchButton.hidden = Boolean(rematch) || !this.token;
      rematchButton.disabled = this.rematchAsked;
      const label = this.rematchAsked ? "Starting a new deal…" : "Rematch";
      if (rematchButton.textContent !== label) rematchButton.textContent = label;
      replayLink.href = `/replay/${encodeURIComponent(this.id)}${this.seat === null ? "" : `?seat=${this.seat}`}`;
    };
    return { element, update };
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
