// Small DOM helpers shared by the pages.

import { language, t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// el("p", {class: "x", "data-seat": 2}, "text", childNode)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  node.append(...children.flat().filter((child) => child !== null && child !== undefined));
  return node;
}

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attrs);
  node.append(...children);
  return node;
}

function setAttributes(node, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

// The server answers in the language the page shows (its errors, the lobby's preset titles).
export async function fetchJson(url, options = {}) {
  const headers = { "Accept-Language": language, ...(options.headers || {}) };
  const response = await fetch(url, { ...options, headers });
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = body && body.error ? body.error : `${response.status} ${response.statusText}`;
    throw new Error(message);
  }
  return body;
}

// The display name of a seat: the name given at the table, else "Seat N".
export function seatName(names, seat) {
  if (seat === null || seat === undefined) return t("seat.nobody");
  const name = names && names[seat];
  return name ? name : t("seat.numbered", { number: seat + 1 });
}

export function listText(items) {
  if (items.length <= 1) return items.join("");
  return t("list.and", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}
