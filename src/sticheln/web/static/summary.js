// The summary of a deal just scored, which each player dismisses: every seat's points of the
// deal as the game explains them (the `explanations` of its scoring event, the library's
// `explain_score`) and the totals after it.

import { el, clear } from "./dom.js";
import { rendererFor, scoreExplanations } from "./board.js";
import { signed } from "/static/render-common.js";
import { nounInSentence, t } from "./i18n.js";

// The heading of the summary: "Round 2 is over", with the number of the deal the view lists
// last among its finished ones.
function heading(renderer, view) {
  const rows = renderer.rounds(view);
  const last = rows[rows.length - 1];
  const word = renderer.roundWord;
  return last ? t("summary.deal-over", { deal: word, number: last.number + 1 }) : t("summary.the-deal-over", { deal: nounInSentence(word) });
}

function pointsTable(renderer, scored, scores, ctx) {
  const table = el("table", { class: "deal-points" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("summary.player")),
      el("th", { scope: "col" }, t("summary.this-deal", { deal: nounInSentence(renderer.roundWord) })), el("th", { scope: "col" }, t("scores.total")))));
  const body = el("tbody");
  scored.explanations.forEach((explanation, seat) => {
    body.append(el("tr", { "data-seat": seat, class: seat === ctx.me ? "me" : null },
      el("th", { scope: "row" }, ctx.name(seat)),
      el("td", { class: "deal-score" }, signed(explanation.total)),
      el("td", { class: "total-score" }, String(scores[seat]))));
  });
  table.append(body);
  return table;
}

// Show the summary of `scored` (a scoring event) after the state `state`; resolves when the
// player dismisses it, or at once unless `hold`: the page then goes on under it.
export function showDealSummary(scored, state, ctx, { hold = false } = {}) {
  const box = document.getElementById("deal-summary");
  const renderer = rendererFor(state.view.game);
  const close = el("button", { type: "button", id: "deal-summary-close", class: "primary" }, t("summary.continue"));
  clear(box).append(
    el("h2", { id: "deal-summary-heading" }, heading(renderer, state.view)),
    pointsTable(renderer, scored, state.scores, ctx),
    close,
    el("div", { class: "deal-explanations" }, ...scoreExplanations(scored, ctx)));
  box.hidden = false;
  const dismissed = new Promise((resolve) => {
    close.addEventListener("click", () => {
      box.hidden = true;
      resolve();
    });
  });
  if (!hold) return Promise.resolve();
  close.focus({ preventScroll: true });
  box.scrollIntoView({ block: "nearest" });
  return dismissed;
}
