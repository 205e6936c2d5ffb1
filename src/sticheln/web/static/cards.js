// Card drawing shared by the table, the replay and the lobby.

import { t } from "./i18n.js";

export const COLORS = {
  R: { name: "red", order: 0 },
  Y: { name: "yellow", order: 1 },
  G: { name: "green", order: 2 },
  B: { name: "blue", order: 3 },
  P: { name: "purple", order: 4 },
  A: { name: "gray", order: 5 },
};


export function parseCard(name) {
  return { color: name[0], value: Number(name.slice(1)) };
}

export function compareCards(a, b) {
  const x = parseCard(a);
  const y = parseCard(b);
  return COLORS[x.color].order - COLORS[y.color].order || x.value - y.value;
}

export function sortCards(names) {
  return [...names].sort(compareCards);
}

export function colorName(letter) {
  return COLORS[letter] ? t(`color.${letter}`) : letter;
}

export function cardLabel(name) {
  const { color, value } = parseCard(name);
  return `${colorName(color)} ${value}`;
}

function fillCard(node, name) {
  const { color, value } = parseCard(name);
  node.classList.add("card", `card-${color}`);
  node.dataset.card = name;
  const letter = document.createElement("span");
  letter.className = "card-letter";
  letter.textContent = color;
  const number = document.createElement("span");
  number.className = "card-value";
  number.textContent = String(value);
  node.append(letter, number);
  return node;
}

// A card as a non-interactive element: <span class="card" data-card="R7">R7</span>.
export function cardElement(name, { small = false } = {}) {
  const node = fillCard(document.createElement("span"), name);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", cardLabel(name));
  node.title = `${name} (${cardLabel(name)})`;
  if (small) node.classList.add("small");
  return node;
}

// A card the player may press: <button class="card" data-card="R7">.
export function cardButton(name) {
  const node = fillCard(document.createElement("button"), name);
  node.type = "button";
  node.setAttribute("aria-label", `${name}, ${cardLabel(name)}`);
  return node;
}

// A card whose face is not shown (a hidden pass, a face-down card).
export function hiddenCard({ small = false, label = t("card.hidden") } = {}) {
  const node = document.createElement("span");
  node.className = "card card-hidden";
  if (small) node.classList.add("small");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", label);
  node.title = label;
  node.textContent = "?";
  return node;
}

export function cardRow(names, options = {}) {
  const row = document.createElement("span");
  row.className = "card-row";
  for (const name of names) {
    row.append(name === null ? hiddenCard(options) : cardElement(name, options));
  }
  return row;
}

export function ruleHref(rule) {
  return `/rules#${encodeURIComponent(rule.toUpperCase())}`;
}

export function ruleLink(rule) {
  const link = document.createElement("a");
  link.className = "rule";
  link.href = ruleHref(rule);
  link.target = "_blank";
  link.rel = "noopener";
  link.textContent = rule;
  link.title = t("rule.link-title", { rule });
  return link;
}
