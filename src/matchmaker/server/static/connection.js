// One WebSocket to a table that says hello again after every reconnect.

export class Connection {
  constructor(table, hello, { onMessage, onStatus }) {
    this.table = table;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.socket = null;
    this.closed = false;
    this.retry = 0;
    this.pinger = null;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/${encodeURIComponent(this.table)}`;
  }

  open() {
    this.onStatus("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 0;
      this.onStatus("open");
      socket.send(JSON.stringify(this.hello));
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket || this.closed) return;
      if (event.code >= 4000) {
        // The server turned this connection down for good (no such table): do not retry.
        this.closed = true;
        clearInterval(this.pinger);
        this.onStatus("refused");
        return;
      }
      this.onStatus("lost");
      const delay = Math.min(8000, 500 * 2 ** this.retry++);
      setTimeout(() => {
        if (!this.closed) this.open();
      }, delay);
    });
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    clearInterval(this.pinger);
    if (this.socket) this.socket.close();
  }
}

/**
 * The whole state an `update` message stands for (docs/protocol.md): the last state's view
 * with the `changed` fields replaced and the `appended` arrays extended at their end.
 */
export function wholeState(last, update) {
  const view = { ...last.view, ...update.changed };
  for (const [name, items] of Object.entries(update.appended)) {
    view[name] = [...last.view[name], ...items];
  }
  const { changed, appended, ...rest } = update;
  return { ...rest, type: "state", view };
}
