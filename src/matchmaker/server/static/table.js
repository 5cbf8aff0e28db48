// The table page: follow the game live, act, talk, rematch.

import { ActionBar } from "./actions.js";
import { saved } from "./api.js";
import { boardContext, eventHighlight, eventMotions, renderBoard, roundEnd } from "./board.js";
import { createChat } from "./chat.js";
import { claimControl } from "./claim.js";
import { Connection, wholeState } from "./connection.js";
import { clear, el, morphInto } from "./dom.js";
import { linkBox } from "./links.js";
import { findGame, rulesPanel } from "./help.js";
import { HintBox } from "./hint.js";
import { measure, play } from "./motion.js";
import { resultPanel } from "./result.js";
import { RoundEndPanel } from "./roundend.js";
import { seatLinkBox } from "./seatlink.js";
import { actionTestId, seatName } from "./seats.js";
import { TurnSignal } from "./turn.js";

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
    // The actions the board offers as places (by test id): no button repeats them.
    this.placed = new Set();
    // The places cards travel between in the events not yet drawn (motion.js).
    this.moves = [];
    // The hold between two rounds (the server's `pause`), with its end on this clock.
    this.pause = null;
    this.unread = 0;
    // A practice table's advice: the last `hint` message, and the seq a hint was asked at.
    this.hint = null;
    this.hintAsked = null;
    this.turnSignal = new TurnSignal();
    this.build();
  }

  build() {
    const send = this.token ? (text) => this.send({ type: "chat", token: this.token, text }) : null;
    this.chat = createChat(send, {
      isBot: (seat) => (this.seats[seat] || {}).kind === "bot",
      onMessage: () => this.countUnread(),
    });
    this.title = el("h1", { class: "title" }, "Table");
    this.connectionNote = el("span", { class: "connection", "data-testid": "connection" }, "");
    this.practiceTag = el("span", { class: "practice-tag", "data-testid": "practice-tag", hidden: true }, "Practice table · hints on");
    this.errorBanner = el("div", { class: "error-banner", role: "alert", "data-testid": "error-banner", hidden: true });
    this.status = el("p", { class: "status", "data-testid": "status" }, "Connecting…");
    this.timer = el("span", { class: "timer", "data-testid": "timer", hidden: true });
    this.lastMove = el("div", { class: "last-move", "data-testid": "last-move" });
    this.boardHost = el("div", { class: "board-host", "data-testid": "board" });
    // The board is the control: a place offered as a decision acts when touched.
    this.boardHost.addEventListener("click", (event) => {
      const place = event.target.closest("button.card");
      if (place && place.action && !place.disabled && this.boardHost.contains(place)) {
        this.refocus = place.dataset.focus || "";
        this.act(place.action, true);
      }
    });
    this.roundEnd = new RoundEndPanel(() => this.ready());
    // The controls are built once and updated in place (see renderControls).
    this.controlsNote = el("div", { class: "controls-note", hidden: true });
    this.actionBar = new ActionBar((action) => this.act(action));
    this.hintBox = new HintBox(() => this.askHint());
    this.awayBox = this.buildAwayNotice();
    this.claimBox = claimControl((value) => this.send({ type: "claim", token: this.token, value }));
    this.resultBox = resultPanel(this, {
      table: tablePath,
      replay: (id, seat) => `/replay/${encodeURIComponent(id)}${seat === null ? "" : `?seat=${seat}`}`,
    });
    this.controls = el(
      "div",
      { class: "controls" },
      this.controlsNote,
      this.awayBox,
      (this.choices = el("div", { class: "choices" }, this.actionBar.element, this.hintBox.button)),
      this.hintBox.panel,
      this.claimBox.element,
    );
    this.narration = el("ol", { class: "narration-list", "data-testid": "narration", "aria-live": "polite" });
    this.extras = el("div", { class: "extras" });
    this.rulesHost = el("div", { class: "table-rules", "data-testid": "table-rules" });
    this.chatToggle = el(
      "button",
      {
        type: "button",
        class: "chat-toggle",
        "data-testid": "chat-toggle",
        "aria-expanded": "false",
        onclick: () => this.toggleChat(),
      },
      "Chat",
    );
    this.side = el("aside", { class: "side", "data-testid": "side" }, this.chat.element, this.extras);
    this.main = el(
      "div",
      { class: "table-page", "data-testid": "table-page" },
      el(
        "header",
        { class: "topbar" },
        el("a", { href: "/", class: "home" }, "matchmaker"),
        this.title,
        this.practiceTag,
        this.connectionNote,
        this.turnSignal.toggle,
      ),
      this.errorBanner,
      el("div", { class: "status-bar" }, this.status, this.timer),
      el(
        "div",
        { class: "layout" },
        el(
          "main",
          { class: "play" },
          this.resultBox.element,
          this.boardHost,
          (this.dock = el("div", { class: "dock", "data-testid": "dock" }, this.lastMove, this.controls)),
          el("details", { class: "narration", open: true }, el("summary", {}, "What happened"), this.narration),
          this.rulesHost,
        ),
        this.side,
      ),
      this.roundEnd.element,
      this.chatToggle,
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
      log: () => this.onLog(message.entries || []),
      presence: () => this.onPresence(message.seats),
      rematch: () => this.onRematch(message.table),
      error: () => this.onError(message),
      hint: () => this.onHint(message),
      pong: () => {},
    }[message.type];
    if (handler) handler();
  }

  /** The tab's title: the game, and "Your turn" while a decision waits for you, so that the
   * turn finds you in another tab. */
  pageTitle() {
    const title = `${this.summary ? this.summary.title : "Table"} · matchmaker`;
    return this.yourTurn() ? `● Your turn · ${title}` : title;
  }

  yourTurn() {
    return Boolean(this.state && !this.state.over && (this.state.legal || []).length > 0);
  }

  welcome(message) {
    this.seat = message.seat ?? null;
    this.summary = message.table;
    this.seats = message.table.seats || [];
    this.turnSignal.update(this.yourTurn(), this.pageTitle());
    this.title.textContent = `${message.table.title}${this.seat === null ? " · watching" : ""}`;
    this.main.dataset.seat = this.seat === null ? "spectator" : String(this.seat);
    this.main.dataset.game = message.table.game;
    this.practiceTag.hidden = !message.table.practice;
    this.renderExtras();
    this.renderRules();
  }

  onState(message) {
    const before = this.state ? this.state.view : null;
    const first = this.state === null;
    this.state = message;
    // Advice is for one decision: it goes when the table moves on.
    if (this.hint && this.hint.seq !== message.seq) this.hint = null;
    if (this.hintAsked !== null && this.hintAsked !== message.seq) this.hintAsked = null;
    this.takePause(message.pause ?? null, first);
    this.busy = false;
    this.thinking = null;
    if (message.seats) this.seats = message.seats;
    this.deadline = message.timer ? { seat: message.timer.seat, at: Date.now() + message.timer.seconds * 1000 } : null;
    this.main.dataset.seq = String(message.seq);
    this.main.dataset.over = message.over ? "true" : "false";
    this.takeEvents(message.events || [], before);
    this.render();
  }

  /** The lines of events, kept in "What happened" (as told to this seat). */
  logLines(entries) {
    for (const entry of entries) {
      const actor = Number.isInteger(entry.actor) && entry.actor >= 0 ? entry.actor : null;
      const mine = actor === this.seat && actor !== null;
      // The lines come told to this seat, with every seat already named.
      for (const line of entry.lines || []) {
        this.narration.append(el("li", { class: mine ? "mine" : "", "data-seq": entry.seq }, line));
      }
    }
    while (this.narration.children.length > 1000) this.narration.firstChild.remove();
    this.narration.scrollTop = this.narration.scrollHeight;
  }

  /** The log the server keeps for this seat, sent on every (re)connection: it replaces what
   * the page had, so a reload, a late joiner and a finished table all read the whole game. */
  onLog(entries) {
    this.narration.replaceChildren();
    this.logLines(entries);
    this.showRecent(entries, false);
  }

  /** The last few moves near the board: the newest lines, others' moves first in mind. */
  showRecent(entries, flash) {
    const lines = entries
      .filter((entry) => !(Number.isInteger(entry.actor) && entry.actor >= 0 && entry.actor === this.seat))
      .flatMap((entry) => entry.lines || []);
    if (!lines.length) return;
    this.lastMove.replaceChildren(...lines.slice(-4).map((line) => el("p", {}, line)));
    if (!flash) return;
    this.lastMove.classList.remove("flash");
    void this.lastMove.offsetWidth;
    this.lastMove.classList.add("flash");
  }

  takeEvents(events, before) {
    let highlight = null;
    const game = this.summary?.game;
    this.logLines(events);
    for (const entry of events) {
      const actor = Number.isInteger(entry.actor) && entry.actor >= 0 ? entry.actor : null;
      if (actor === null) continue;
      highlight = eventHighlight(game, entry.event, before) || highlight;
      // A person's own touch needs no flight; everyone else's move is seen travelling.
      if (actor !== this.seat) this.moves.push(...eventMotions(game, entry.event, before, this.seat));
    }
    this.highlight = highlight;
    this.showRecent(events, true);
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
    if (message.about === "hint") this.hintAsked = null;
    if (message.code === "seat_moved") {
      saved.forgetToken(this.id);
      this.connection.close();
      this.token = null;
      this.showError("Your seat was taken back from another browser or device (with your seat link, or signed in to your account). This page can only watch now.", "seat_moved");
      this.controlsNote.replaceChildren(el("a", { href: `${tablePath(this.id)}?spectate=1`, class: "button", "data-testid": "watch" }, "Watch this table"));
      this.controlsNote.hidden = false;
      if (this.state) this.render();
      return;
    }
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
      ...(code ? [el("span", { class: "code" }, ` (${code})`)] : []),
      el("button", { type: "button", class: "close", "aria-label": "dismiss", onclick: () => (this.errorBanner.hidden = true) }, "×"),
    );
    this.errorBanner.dataset.code = code || "";
    this.errorBanner.hidden = false;
  }

  act(action, fromBoard = false) {
    if (this.busy || !this.state || !this.token) return;
    this.errorBanner.hidden = true;
    this.hint = null;
    this.hintAsked = null;
    const message = { type: "act", token: this.token, action: { name: action.name, arg: action.arg ?? null }, seq: this.state.seq };
    // Whoever acted from a focused control gets the focus back on the next choices.
    if (!fromBoard) {
      const active = document.activeElement;
      const focused = active && active !== document.body && this.main.contains(active);
      this.refocus = focused ? active.dataset.focus || "" : null;
    }
    if (this.send(message)) {
      this.busy = true;
      this.render();
    }
  }

  /** Ask the server for advice on the decision on screen (a practice table only). */
  askHint() {
    if (!this.hintOffered() || this.hintAsked !== null || this.currentHint()) return;
    this.errorBanner.hidden = true;
    if (this.send({ type: "hint", token: this.token })) {
      this.hintAsked = this.state.seq;
      this.render();
    }
  }

  /** A `hint` message: kept while it is advice on the decision on screen, dropped otherwise
   * (the table moved on while it was being worked out). */
  onHint(message) {
    if (this.hintAsked === message.seq) this.hintAsked = null;
    if (!this.state || message.seq !== this.state.seq) return;
    this.hint = message;
    this.render();
    // Unless a marked place is in view above the dock (two cats of one value are both marked),
    // the first is brought there: its bottom scroll margin is the dock's height with the advice
    // in it, which on a phone is taller than the stylesheet's margin.
    const marked = [...this.boardHost.querySelectorAll(".hinted")];
    const limit = Math.min(this.dock.getBoundingClientRect().top, window.innerHeight);
    const inView = (place) => {
      const box = place.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= limit;
    };
    if (marked.length && !marked.some(inView)) {
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      marked[0].style.scrollMarginBottom = `${this.dock.offsetHeight + 8}px`;
      marked[0].scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
    }
  }

  /** Whether this page may ask for a hint now: a seat at a practice table, its decision. */
  hintOffered() {
    return Boolean(this.summary && this.summary.practice && this.token && this.yourTurn());
  }

  /** The advice on the decision on screen, or null. */
  currentHint() {
    const hint = this.hint;
    return hint && this.state && hint.seq === this.state.seq && !this.busy ? hint : null;
  }

  context() {
    const hint = this.currentHint();
    return boardContext(this.summary, {
      hint: hint ? hint.best : null,
      seats: this.seats,
      viewer: this.seat,
      legal: this.busy ? [] : this.state.legal || [],
      act: this.token ? (action) => this.act(action) : null,
      placed: new Set(),
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
      this.turnSignal.update(this.yourTurn(), this.pageTitle());
      return;
    }
    this.controls.hidden = false;
    // The board is drawn again only when something it shows changed, into the same elements.
    const boardKey = JSON.stringify([this.state.seq, view, ctx.legal, ctx.highlight, ctx.thinking, ctx.seats, Boolean(ctx.act), ctx.hint]);
    if (boardKey !== this.boardKey) {
      this.boardKey = boardKey;
      const before = measure(this.boardHost);
      morphInto(this.boardHost, [renderBoard(game, view, ctx)]);
      this.placed = ctx.placed;
      this.main.dataset.draws = String(Number(this.main.dataset.draws || 0) + 1);
      play(this.boardHost, before, this.moves);
      this.moves = [];
      this.bringAbductionIntoView(view);
    }
    this.renderControls(view);
    const waiting = this.pause ? this.pause.waiting.map((seat) => seatName(this.seats, seat, this.seat)) : [];
    this.roundEnd.update(roundEnd(game, view, ctx), this.pause, this.token !== null, waiting);
    this.tick();
  }

  /** The person who chooses a woman to abduct sees the victim's grid, her women marked. */
  bringAbductionIntoView(view) {
    const key = view.phase === "abduct" && view.abductor === this.seat ? `${this.state.seq}` : null;
    if (!key || key === this.abductionShown) return;
    this.abductionShown = key;
    const victim = this.boardHost.querySelector(`[data-testid="seat-${view.victim}"]`);
    if (victim) victim.scrollIntoView({ block: "center", behavior: "smooth" });
  }

  /** The server's hold between two rounds: shown until it ends or the person is ready. */
  takePause(pause, first) {
    if (pause) {
      this.pause = { ...pause, until: Date.now() + pause.seconds * 1000 };
    } else {
      this.pause = null;
    }
    if (first) this.roundEnd.startAt(this.state.view, this.pause);
  }

  ready() {
    if (this.token && this.pause) this.send({ type: "ready", token: this.token });
  }

  /**
   * The controls are persistent elements updated in place, never rebuilt: the away notice, the
   * action bar (a button whose decision stays legal is the same element), the claim control and
   * the result panel. A button a person is pressing stays put while bots and stand-ins play.
   */
  renderControls(view) {
    const mine = this.seat === null ? null : this.seats[this.seat];
    this.awayBox.hidden = !(mine && mine.away && !this.state.over);
    // The board's places are the controls; the bar holds the choices with no place on it.
    const offered = (this.state.legal || []).filter((action) => !this.placed.has(actionTestId(action)));
    const hint = this.currentHint();
    this.actionBar.update(offered, this.busy, hint ? hint.best : null);
    this.hintBox.update({
      offered: this.hintOffered() && !this.busy,
      pending: this.hintAsked !== null && this.hintAsked === this.state.seq,
      hint,
    });
    this.choices.hidden = this.actionBar.element.hidden && this.hintBox.button.hidden;
    this.claimBox.update(this.token ? this.state.claim : null, this.state.view.candidate);
    this.resultBox.update();
    this.turnSignal.update(this.yourTurn(), this.pageTitle());
    // Whoever acted from a focused control gets the focus back on the next choices, unless they
    // have put it somewhere else since (the chat, say).
    const first = this.main.querySelector(
      "[data-testid=actions] button.action:not([disabled]), [data-testid=board] button.card.playable:not([disabled])",
    );
    if (this.refocus !== null && first) {
      const key = this.refocus && CSS.escape(this.refocus);
      const same = key && this.main.querySelector(`[data-focus="${key}"]:not([disabled])`);
      this.refocus = null;
      const active = document.activeElement;
      const lost = !active || active === document.body || active.disabled || this.boardHost.contains(active);
      if (lost) (same || first).focus({ preventScroll: true });
    }
  }

  /** On a phone the chat is a drawer, one tap away, with the messages not yet read. */
  toggleChat(open = !this.main.classList.contains("chat-open")) {
    this.main.classList.toggle("chat-open", open);
    this.chatToggle.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      this.unread = 0;
      this.chat.element.querySelector("input")?.focus({ preventScroll: true });
    }
    this.showUnread();
  }

  countUnread() {
    const drawer = getComputedStyle(this.chatToggle).display !== "none";
    if (drawer && !this.main.classList.contains("chat-open")) this.unread += 1;
    this.showUnread();
  }

  showUnread() {
    this.chatToggle.textContent = this.main.classList.contains("chat-open")
      ? "× Close chat"
      : this.unread
        ? `Chat · ${this.unread} new`
        : "Chat";
    this.chatToggle.dataset.unread = String(this.unread);
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
      const name = seatName(this.seats, this.thinking, this.seat);
      // A seat that is away has the stand-in bot deciding for it, not its person.
      if (this.seats?.[this.thinking]?.away) return `${base} · a bot is deciding for ${name}…`;
      return `${base} · ${name} is thinking…`;
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

  renderExtras() {
    this.extras.replaceChildren(
      ...(this.token ? [seatLinkBox(this.id, this.token, (err) => this.showError(err.message, err.code))] : []),
      linkBox("Spectator link", `${location.origin}${tablePath(this.id)}?spectate=1`, "spectate-link"),
    );
  }

  /** How to play this game, where it is played: the server's rules in plain words, for this
   * table's own options when the summary carries them (`rules`). */
  async renderRules() {
    if (this.rulesHost.firstChild) return;
    try {
      const info = await findGame(this.summary.game);
      if (!info || this.rulesHost.firstChild) return;
      this.rulesHost.replaceChildren(rulesPanel({ ...info, rules: this.summary.rules || info.rules }));
    } catch {
      /* the rules are help beside the game: the table plays on without them */
    }
  }

  tick() {
    this.roundEnd.tick(this.pause);
    // The turn timer counts for a person, not for the stand-in bot playing for an away seat.
    if (!this.deadline || !this.state || this.state.over || this.seats?.[this.deadline.seat]?.away) {
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
