// Motion you can follow: a card that changes place is seen travelling there (the FLIP
// technique: where it was First, where it is Last, Invert, Play). Each game says which places an
// event moves a card between (`motions` in clecanian.js and purrfect.js); this file measures the
// places before and after the board is drawn and flies a copy of the card between them. Off
// when the person asks the system for reduced motion.

const DURATION = 420;

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Where every named place of the board is now, by test id. */
export function measure(host) {
  const places = new Map();
  if (reducedMotion()) return places;
  for (const node of host.querySelectorAll("[data-testid]")) {
    places.set(node.dataset.testid, node.getBoundingClientRect());
  }
  return places;
}

/** A copy of a card's look that nobody can focus, press or find by its test id. */
function ghostOf(target) {
  const ghost = document.createElement("div");
  ghost.className = `${target.getAttribute("class") || ""} ghost`;
  for (const child of target.childNodes) ghost.append(child.cloneNode(true));
  ghost.querySelectorAll("[data-testid]").forEach((node) => node.removeAttribute("data-testid"));
  ghost.setAttribute("aria-hidden", "true");
  ghost.inert = true;
  return ghost;
}

function flight(host, from, to, target) {
  const ghost = ghostOf(target);
  Object.assign(ghost.style, {
    left: `${to.left}px`,
    top: `${to.top}px`,
    width: `${to.width}px`,
    height: `${to.height}px`,
  });
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const scale = from.width && to.width ? from.width / to.width : 1;
  document.body.append(ghost);
  target.classList.add("arriving");
  const run = ghost.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})` },
      { transform: "translate(0, 0) scale(1)" },
    ],
    { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" },
  );
  const done = () => {
    ghost.remove();
    target.classList.remove("arriving");
  };
  run.addEventListener("finish", done);
  run.addEventListener("cancel", done);
}

/**
 * Fly each move `{from, to}` (test ids) from where `from` was in `before` (see `measure`) to
 * where `to` is now. A move whose places are not both on screen is left out.
 */
export function play(host, before, moves) {
  if (reducedMotion() || !before.size || !moves.length) return;
  for (const node of document.querySelectorAll(".ghost")) node.remove();
  for (const { from, to } of moves) {
    const start = before.get(from);
    const target = host.querySelector(`[data-testid="${CSS.escape(to)}"]`);
    if (!start || !target) continue;
    const end = target.getBoundingClientRect();
    if (!end.width || !start.width) continue;
    flight(host, start, end, target);
  }
}
