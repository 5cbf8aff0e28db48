// The table talk panel. Message text is only ever inserted as text.

import { el } from "./dom.js";

function timeOf(message) {
  const date = message.time ? new Date(message.time) : null;
  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
    : "";
}

function messageItem(message) {
  const claim = message.kind === "claim";
  const text =
    message.text || (claim && message.value !== null ? `my candidate is a ${message.value}` : "");
  return el(
    "li",
    {
      class: `chat-message${claim ? " claim" : ""}${message.seat === null ? " system" : ""}`,
      "data-testid": "chat-message",
    },
    el("time", { datetime: message.time || null }, timeOf(message)),
    " ",
    el("span", { class: "who" }, message.name || (message.seat === null ? "table" : `Seat ${message.seat}`)),
    claim ? el("span", { class: "badge claim" }, "claim") : null,
    " ",
    el("span", { class: "text", "data-testid": "chat-text" }, text),
  );
}

/** The chat panel: `send(text)` is called for each message typed, or null for a read-only chat. */
export function createChat(send) {
  const list = el("ol", { class: "chat-list", "data-testid": "chat-messages", "aria-live": "polite" });
  const input = el("input", {
    type: "text",
    maxlength: 300,
    placeholder: "Say something to the table…",
    "aria-label": "chat message",
    "data-testid": "chat-input",
    autocomplete: "off",
  });
  const button = el("button", { type: "submit", "data-testid": "chat-send" }, "Send");
  const form = send
    ? el(
        "form",
        {
          class: "chat-form",
          onsubmit: (event) => {
            event.preventDefault();
            const text = input.value.trim();
            if (!text) return;
            if (send(text)) input.value = "";
          },
        },
        input,
        button,
      )
    : el("p", { class: "note" }, "Spectators read the table talk.");
  const element = el("section", { class: "chat", "aria-label": "table talk" }, el("h2", {}, "Table talk"), list, form);

  function scroll() {
    list.scrollTop = list.scrollHeight;
  }
  return {
    element,
    setHistory(messages) {
      list.replaceChildren(...(messages || []).map(messageItem));
      scroll();
    },
    add(message) {
      list.append(messageItem(message));
      while (list.children.length > 500) list.firstChild.remove();
      scroll();
    },
  };
}
