// Pieces used by every game's rendering.

import { ruleLink } from "/static/cards.js";
import { el, listText } from "/static/dom.js";
import { t } from "/static/i18n.js";

// The reasons of a trick's explanation (the library's TrickExplanation), each with a link to
// its rule: what the page shows of why a trick went to whom, in every game.
export function explanationList(explanation) {
  const list = el("ul", { class: "reasons" });
  for (const reason of explanation.reasons) {
    list.append(el("li", {}, reason.text, " ", ruleLink(reason.rule)));
  }
  return list;
}

// The log line of a trick taken: who took which cards, the deciding reason of the trick's
// explanation, and a link to every rule its reasons cite (then those of `rules`).
export function trickTakenLine(what, explanation, rules = []) {
  const why = explanation.reasons[explanation.deciding];
  const cited = [...new Set([why.rule, ...explanation.reasons.map((reason) => reason.rule), ...rules])];
  return [`${what}: ${why.text}. `, ...cited.flatMap((rule) => [ruleLink(rule), " "])];
}

// The items of a score's explanation (the library's ScoreExplanation): points, the reason and
// its rule, then the total, in the game's words ("Round score +3").
export function scoreExplanationList(explanation) {
  const list = el("ul", { class: "reasons score-items" });
  for (const item of explanation.items) {
    list.append(el("li", {}, el("span", { class: "points" }, signed(item.points)), " ", item.reason.text, " ", ruleLink(item.reason.rule)));
  }
  list.append(el("li", { class: "score-total" }, `${explanation.title} ${signed(explanation.total)}`));
  return list;
}

// One card of a trick with the name of who played it.
export function playCell(name, card) {
  return el("div", { class: "play" }, card, el("span", { class: "play-seat" }, name));
}

// Who would take the index-th open trick if it ended now (from the server's `takers`).
export function takerNote(ctx, index) {
  const seat = ctx.takers ? ctx.takers[index] : undefined;
  if (seat === undefined) return null;
  const text = seat === null ? t("taker.nobody") : t("taker.seat", { name: ctx.name(seat) });
  return el("p", { class: "taker", "data-seat": seat === null ? "" : seat }, text);
}

export function signed(value) {
  return value > 0 ? `+${value}` : String(value);
}

export function scoreLine(scores, ctx) {
  return scores.map((score, seat) => `${ctx.name(seat)} ${signed(score)}`).join(", ");
}

// The log lines every game shares: a deal ("Round", "Hand") scored or begun, the game over.
export function dealScoredLine(word, deal, ctx) {
  return `${word} ${deal.number + 1}: ${scoreLine(deal.scores, ctx)}.`;
}

export function dealStartedLine(word, event, ctx) {
  return t("log.deal-begins", { deal: word, number: event.number + 1, name: ctx.name(event.leader) });
}

export function gameOverLine(event, ctx) {
  return t(event.winners.length > 1 ? "log.game-over-many" : "log.game-over-one", { names: listText(event.winners.map(ctx.name)) });
}
