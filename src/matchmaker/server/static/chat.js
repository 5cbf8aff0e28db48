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
    el("span", { class: "who" }, speaker(message)),
    claim ? el("span", { class: "badge claim" }, "claim") : null,
    " ",
    el("span", { class: "text", "data-testid": "chat-text" }, text),
  );
}

function speaker(message) {
  return message.name || (message.seat === null ? "table" : `Seat ${message.seat + 1}`);
}

/** One claim in a folded line of bots' claims: "hard bot 7". */
function foldedClaim(message) {
  return el(
    "span",
    { class: "folded-claim", "data-testid": "folded-claim", "data-seat": message.seat, title: message.text || "" },
    el("span", { class: "who" }, speaker(message)),
    ` ${message.value}`,
  );
}

/**
 * The chat panel: `send(text)` is called for each message typed, or null for a read-only chat.
 * Bots' claims in a row (`isBot(seat)`) are folded into one compact line, so that people's
 * words are not pushed out; `onMessage(message)` hears every new message (for an unread count).
 */
export function createChat(send, { isBot = () => false, onMessage = () => {} } = {}) {
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
  function put(message) {
    const folds = message.kind === "claim" && message.seat !== null && message.value !== null && isBot(message.seat);
    const last = list.lastElementChild;
    // One claim per speaker on a line: a speaker claiming again starts the next line.
    const again = last && last.querySelector(`[data-seat="${message.seat}"]`);
    if (folds && last && last.classList.contains("claims") && !again) {
      last.append(" · ", foldedClaim(message));
    } else if (folds) {
      list.append(
        el(
          "li",
          { class: "chat-message claims", "data-testid": "chat-claims" },
          el("span", { class: "badge claim" }, "bots' claims"),
          " ",
          foldedClaim(message),
        ),
      );
    } else {
      list.append(messageItem(message));
    }
  }
  return {
    element,
    setHistory(messages) {
      list.replaceChildren();
      for (const message of messages || []) put(message);
      scroll();
    },
    add(message) {
      put(message);
      while (list.children.length > 500) list.firstChild.remove();
      scroll();
      onMessage(message);
    },
  };
}
