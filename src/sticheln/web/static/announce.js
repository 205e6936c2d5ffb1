// What a screen reader hears at the table: the events of each move as the page shows it
// ("Bot 2 played G11.", "You took the trick (…): …"), and when it becomes the reader's turn.
// The table itself is redrawn at every move and is no live region: only #announcer is.

import { el, seatName } from "./dom.js";
import { language } from "./i18n.js";

// The announcements kept in the region (older ones are removed; the log keeps them all).
const KEPT = 8;

// The drawing context `ctx` with the viewer named "you" (the page says "Anna (you)").
export function spokenContext(ctx) {
  return { ...ctx, name: (seat) => (seat === ctx.me && language === "en" ? "you" : seatName(ctx.names, seat)) };
}

// The words of a described event (a text, or texts mixed with nodes: the rule links, which are
// not read out), starting with a capital letter.
export function spokenText(described) {
  const parts = Array.isArray(described) ? described : [described];
  const text = parts.filter((part) => typeof part === "string").join("").replace(/\s+/g, " ").trim();
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

export class Announcer {
  constructor(node) {
    this.node = node;
  }

  say(text) {
    if (!text) return;
    this.node.append(el("p", {}, text));
    while (this.node.children.length > KEPT) this.node.firstElementChild.remove();
  }
}
