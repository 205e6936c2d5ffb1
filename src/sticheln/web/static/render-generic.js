// Any game that ships no renderer of its own: the fields of its view as they are, the open
// tricks with who would take each, and its events by name (a trick taken with the reason
// that decided it, when the game explains its tricks). It reads only what every game's
// view and events carry in the wire format (cards are card names such as "R7").

import { cardRow } from "/static/cards.js";
import { el } from "/static/dom.js";
import { gameOverLine, takerNote, trickTakenLine } from "/static/render-common.js";

export const roundWord = "Deal";
export const lastHeading = "Last trick";

// Fields of the header, and those the page draws elsewhere (the hand, the players' row).
const SHOWN_ELSEWHERE = new Set(["game", "type", "version", "player", "hand", "players", "hand_sizes", "scores", "rules"]);
const CARD = /^[RYGBPA](?:[0-9]|1[0-9]|20)$/;

export function rounds() {
  return [];
}

export function heading(view) {
  const deal = view.deal_number === undefined ? "" : ` · deal ${view.deal_number + 1}`;
  return `${view.game}${deal}`;
}

export function phaseHint() {
  return "choose a move";
}

function words(key) {
  return key.replaceAll("_", " ");
}

function isCards(value) {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string" && CARD.test(item));
}

// Fields that name seats, by the words of their names (a leader, a winner, the players to act).
const SEAT_FIELD = /(?:^|_)(?:leader|winner|winners|player|players_to_act|to_act|dealer)$/;

function isSeat(value, players) {
  return Number.isInteger(value) && value >= 0 && value < players;
}

// A trick or a play as the wire format writes it: {"cards": [...], "winner": 2, ...}.
function trickNode(item, ctx, players) {
  const parts = [cardRow(item.cards, { small: true })];
  if (isSeat(item.winner, players)) parts.push(el("span", { class: "muted" }, ` taken by ${ctx.name(item.winner)}`));
  return el("li", {}, ...parts);
}

// A value of the view, drawn: cards as cards, seats by name, tricks as rows of cards with
// who took them, lists of cards per seat with the seat's name, anything else as short text.
function valueNode(value, ctx, key, players) {
  if (typeof value === "string" && CARD.test(value)) return cardRow([value], { small: true });
  if (isCards(value)) return cardRow(value, { small: true });
  if (SEAT_FIELD.test(key)) {
    if (isSeat(value, players)) return el("span", {}, ctx.name(value));
    if (Array.isArray(value) && value.every((seat) => isSeat(seat, players))) {
      return el("span", {}, value.length ? value.map(ctx.name).join(", ") : "none");
    }
  }
  if (Array.isArray(value) && value.length && value.every((item) => item && isCards(item.cards))) {
    return el("ol", { class: "generic-tricks" }, value.map((item) => trickNode(item, ctx, players)));
  }
  if (Array.isArray(value) && value.length === players && value.every((item) => Array.isArray(item) || typeof item !== "object")) {
    return el("ul", { class: "generic-seats" }, value.map((item, seat) =>
      el("li", {}, `${ctx.name(seat)}: `, isCards(item) ? cardRow(item, { small: true }) : text(item))));
  }
  return el("span", {}, text(value));
}

function text(value) {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value) && !value.length) return "none";
  const shown = typeof value === "string" ? value : JSON.stringify(value);
  return shown.length > 200 ? `${shown.slice(0, 199)}…` : shown;
}

export function tableArea(view, ctx) {
  const players = view.players === undefined ? ctx.names.length : view.players;
  const parts = [el("h2", {}, heading(view))];
  const list = el("dl", { class: "generic-view" });
  for (const [key, value] of Object.entries(view)) {
    if (SHOWN_ELSEWHERE.has(key)) continue;
    list.append(el("dt", {}, words(key)), el("dd", {}, valueNode(value, ctx, key, players)));
  }
  parts.push(list);
  (ctx.takers || []).forEach((_, index) => {
    const note = takerNote(ctx, index);
    if (note) parts.push(note);
  });
  return parts;
}

export function playerDetails() {
  return [];
}

export function lastTrick() {
  return null;
}

// A trick's explanation as the wire format writes it: its reasons, and which one decided.
function isExplanation(value) {
  return Boolean(value) && Array.isArray(value.reasons) && value.reasons[value.deciding] !== undefined;
}

export function describeEvent(event, ctx) {
  if (event.type === "GameOver" && Array.isArray(event.winners)) return gameOverLine(event, ctx);
  const trick = event.trick && isCards(event.trick.cards) ? event.trick : null;
  if (trick && isSeat(trick.winner, ctx.names.length)) {
    const taken = `${ctx.name(trick.winner)} took ${trick.cards.join(" ")}`;
    return isExplanation(event.explanation) ? trickTakenLine(taken, event.explanation) : `${taken}.`;
  }
  const who = typeof event.player === "number" ? `${ctx.name(event.player)}: ` : "";
  const what = words(event.type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase());
  const card = typeof event.card === "string" ? ` ${event.card}` : "";
  const winner = typeof event.winner === "number" ? `, by ${ctx.name(event.winner)}` : "";
  const cards = trick ? ` (${trick.cards.join(" ")})` : "";
  if (isExplanation(event.explanation)) return trickTakenLine(`${who}${what}${card}${cards}${winner}`, event.explanation);
  return `${who}${what}${card}${cards}${winner}.`;
}
