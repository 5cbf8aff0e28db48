// Building DOM nodes. Strings always become text nodes: nothing is ever parsed as HTML.

const SVG_NS = "http://www.w3.org/2000/svg";

function setAttributes(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
}

export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** An HTML element: el("button", {class: "x", onclick: f}, "text", child). */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  return append(node, children);
}

/** An SVG element. */
export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attrs);
  return append(node, children);
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

/** Re-render a container, keeping keyboard focus on the element with the same data-focus key. */
export function replaceKeepingFocus(container, children) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.dataset.focus : null;
  container.replaceChildren(...children.filter(Boolean));
  if (key) {
    const again = container.querySelector(`[data-focus="${CSS.escape(key)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

/** Two nodes stand for the same thing on screen: same kind, tag and test id. */
function sameThing(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return true;
  return a.getAttribute("data-testid") === b.getAttribute("data-testid");
}

/** Attributes a person changes on the page, which a redraw must leave as they are. */
const KEPT_ATTRIBUTES = { DETAILS: ["open"] };

function morphAttributes(old, fresh) {
  const kept = KEPT_ATTRIBUTES[old.nodeName] || [];
  for (const { name } of [...old.attributes]) {
    if (!fresh.hasAttribute(name) && !kept.includes(name)) old.removeAttribute(name);
  }
  for (const { name, value } of [...fresh.attributes]) {
    if (kept.includes(name)) continue;
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  // What a control does rides on the element (see `cardPlace`), not on a listener.
  if ("action" in fresh || "action" in old) old.action = fresh.action;
  if (old.nodeName === "INPUT" && old.value !== fresh.value && document.activeElement !== old) {
    old.value = fresh.value;
  }
}

function morphNode(old, fresh) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return;
  }
  morphAttributes(old, fresh);
  morphChildren(old, [...fresh.childNodes]);
}

function morphChildren(parent, wanted) {
  const have = [...parent.childNodes];
  wanted.forEach((fresh, index) => {
    const old = have[index];
    if (old && sameThing(old, fresh)) morphNode(old, fresh);
    else if (old) parent.replaceChild(fresh, old);
    else parent.append(fresh);
  });
  for (const extra of have.slice(wanted.length)) extra.remove();
}

/**
 * Bring `container`'s children to look like `children`, keeping every element that stands for
 * the same thing (same tag and test id, in the same place): a card a person is pressing, the
 * focus, an open section and a running animation survive a redraw. Listeners of the new
 * elements are not carried over, so controls redrawn this way act through `element.action`
 * and a listener on an ancestor.
 */
export function morphInto(container, children) {
  morphChildren(container, children.filter(Boolean));
}
