// The pace of the table page: how long each card another seat plays stays alone on the
// table before the next one, how long a completed trick is shown with who took it and why,
// and the motions of cards going to the trick and of a trick going to its taker.
//
// The page paces what it is sent: the server sends every move as soon as it is made, so a
// table's pace costs the server nothing and no table waits for another.

import { el } from "./dom.js";
import { t } from "./i18n.js";

// Milliseconds: `card` between two moves shown, `trick` a completed trick stays on the table,
// `flight` the motion of a card to the trick and of a trick to its taker.
export const SPEEDS = {
  slow: { label: t("speed.slow"), card: 1100, trick: 2400, flight: 550 },
  normal: { label: t("speed.normal"), card: 650, trick: 1600, flight: 450 },
  fast: { label: t("speed.fast"), card: 300, trick: 800, flight: 250 },
  instant: { label: t("speed.instant"), card: 0, trick: 0, flight: 0 },
};

export const DEFAULT_SPEED = "normal";

// The key of the speed in the browser's localStorage (kept per browser, for every table).
export const SPEED_KEY = "table.speed";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function storedSpeed() {
  try {
    const stored = localStorage.getItem(SPEED_KEY);
    return Object.hasOwn(SPEEDS, stored) ? stored : DEFAULT_SPEED;
  } catch {
    return DEFAULT_SPEED; // storage refused (a private window, a policy)
  }
}

function storeSpeed(name) {
  try {
    localStorage.setItem(SPEED_KEY, name);
  } catch {
    // The choice holds for this page only.
  }
}

// Whether the reader asked for less motion: cards then appear and tricks go without moving
// (the pauses stay: they are what lets one follow the play).
function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export class Pacer {
  constructor() {
    this.speed = storedSpeed();
    this.lastShown = 0;
  }

  get timing() {
    return SPEEDS[this.speed];
  }

  get moving() {
    return this.timing.flight > 0 && !reducedMotion();
  }

  // The <select> that sets the speed, bound to this pacer.
  control() {
    const select = el("select", { id: "speed", "aria-label": t("speed.label") },
      Object.entries(SPEEDS).map(([name, speed]) => el("option", { value: name }, speed.label)));
    select.value = this.speed;
    select.addEventListener("change", () => {
      this.speed = Object.hasOwn(SPEEDS, select.value) ? select.value : DEFAULT_SPEED;
      storeSpeed(this.speed);
    });
    return el("label", { class: "speed" }, el("span", { class: "speed-word" }, t("speed.word")), " ", select);
  }

  // Wait until the move shown last has been alone on the table for `card` milliseconds.
  async beforeMove() {
    const wait = this.lastShown + this.timing.card - performance.now();
    if (wait > 0) await sleep(Math.min(wait, this.timing.card));
  }

  // A move was just shown.
  shown() {
    this.lastShown = performance.now();
  }

  async pause() {
    if (this.timing.trick) await sleep(this.timing.trick);
  }

  // The cards of `nodes` go to where they are drawn from the rectangle `from` (a card of the
  // hand, the box of the seat that played them), or fade in if there is none.
  flyIn(nodes, fromOf) {
    if (!this.timing.flight) return;
    for (const node of nodes) {
      const to = node.getBoundingClientRect();
      const from = fromOf(node);
      const frames = from && this.moving
        ? [{ transform: `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(0.8)`, opacity: 0.4 }, { transform: "none", opacity: 1 }]
        : [{ opacity: 0 }, { opacity: 1 }];
      node.animate(frames, { duration: this.timing.flight, easing: "ease-out" });
    }
  }

  // The node goes to the rectangle `to` (the taker's box) and fades out.
  async flyAway(node, to) {
    if (!this.timing.flight) return;
    const from = node.getBoundingClientRect();
    const frames = to && this.moving
      ? [{ transform: "none", opacity: 1 },
         { transform: `translate(${to.left - from.left}px, ${to.top - from.top}px) scale(0.3)`, opacity: 0.2 }]
      : [{ opacity: 1 }, { opacity: 0 }];
    const animation = node.animate(frames, { duration: this.timing.flight, easing: "ease-in", fill: "forwards" });
    await animation.finished.catch(() => null);
  }
}
