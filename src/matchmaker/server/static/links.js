// Links people pass on (invites, the spectator link), with a copy button.

import { el } from "./dom.js";

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = el("textarea", { readonly: true, class: "offscreen" });
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/** A link with a copy button: `testid` names the link, `copy-<testid>` the button. */
export function linkBox(label, url, testid) {
  const button = el("button", { type: "button", class: "copy", "data-testid": `copy-${testid}` }, "Copy");
  button.addEventListener("click", async () => {
    button.textContent = (await copy(url)) ? "Copied ✓" : "Copy failed: select the link";
    setTimeout(() => (button.textContent = "Copy"), 2000);
  });
  return el(
    "div",
    { class: "link-box" },
    el("span", { class: "link-label" }, label),
    el("div", { class: "link-row" }, el("a", { href: url, "data-testid": testid, class: "link" }, url), button),
  );
}
