// Sticheln: one trick on the table, pain cards, won cards, rounds.

import { cardElement, cardRow, hiddenCard, ruleLink } from "/static/cards.js";
import { el, listText } from "/static/dom.js";
import { dealScoredLine, dealStartedLine, explanationList, gameOverLine, playCell, takerNote, trickTakenLine } from "/static/render-common.js";
import { t } from "/static/i18n.js";

export const roundWord = t("sticheln.round");
export const lastHeading = t("table.last-trick");

export function rounds(view) {
  return view.finished_rounds.map((round) => ({ number: round.number, scores: round.scores }));
}

export function heading(view) {
  if (view.phase === "over") return t("sticheln.over-after", { rounds: view.rounds });
  return t("sticheln.round-of", { number: view.round_number + 1, rounds: view.rounds });
}

export function phaseHint(view) {
  return view.phase === "choosing-pain" ? t("sticheln.choose-pain") : t("sticheln.play-card");
}

export function tableArea(view, ctx) {
  const parts = [el("h2", {}, heading(view))];
  if (view.phase === "choosing-pain") {
    const chosen = view.has_chosen.map((done, seat) => (done ? ctx.name(seat) : null)).filter(Boolean);
    parts.push(el("p", { class: "phase-note" }, t("sticheln.everyone-chooses"),
      " ", chosen.length ? t("sticheln.chosen", { names: listText(chosen) }) : t("sticheln.nobody-chosen")));
    parts.push(el("p", { class: "choice-help" }, t("sticheln.pain-help"), " ",
      ruleLink("ST-PAIN-2"), " ", ruleLink("ST-SCORE-1")));
  } else if (view.phase === "playing") {
    parts.push(currentTrick(view, ctx));
  }
  if (view.set_aside.length) {
    parts.push(el("div", { class: "set-aside" }, el("h3", {}, t("sticheln.set-aside")), cardRow(view.set_aside, { small: true })));
  }
  return parts;
}

function currentTrick(view, ctx) {
  const number = view.tricks.length + 1;
  if (!view.current_trick.length) {
    return el("p", { class: "empty-trick" }, t("sticheln.trick-leads", { number, name: ctx.name(view.trick_leader) }));
  }
  const trick = el("div", { class: "trick", "data-trick": 0, "aria-label": t("sticheln.trick", { number }) }, el("h3", {}, t("sticheln.trick", { number })));
  const plays = el("div", { class: "plays" });
  for (const [seat, card] of view.current_trick) plays.append(playCell(ctx.name(seat), cardElement(card)));
  trick.append(plays);
  const note = takerNote(ctx, 0);
  if (note) trick.append(note);
  return trick;
}

// What the players show: the round in play, or the last round once the game is over.
function shownRound(view) {
  const last = view.finished_rounds[view.finished_rounds.length - 1];
  if (view.phase === "over" && last) {
    return { pain_cards: last.pain_cards, has_chosen: last.pain_cards.map(() => true), won: last.won, tricks: last.tricks };
  }
  return view;
}

export function playerDetails(view, seat) {
  const round = shownRound(view);
  const pain = round.pain_cards[seat];
  let painNode;
  if (pain) painNode = cardElement(pain, { small: true });
  else if (round.has_chosen[seat]) painNode = hiddenCard({ small: true, label: t("sticheln.pain-chosen") });
  else painNode = el("span", { class: "muted" }, t("sticheln.not-chosen"));
  const won = round.won[seat];
  return [
    el("div", { class: "detail pain" }, el("span", { class: "detail-label" }, t("sticheln.pain-card")), painNode),
    el("div", { class: "detail won" },
      el("span", { class: "detail-label" }, t("sticheln.won", { count: won.length })),
      won.length ? cardRow(won, { small: true }) : el("span", { class: "muted" }, t("sticheln.none"))),
  ];
}

function trickSummary(trick, ctx) {
  const plays = el("div", { class: "plays" });
  trick.seats.forEach((seat, i) => plays.append(playCell(ctx.name(seat), cardElement(trick.cards[i], { small: true }))));
  const who = trick.winner === null ? t("sticheln.nobody-took") : t("sticheln.took", { name: ctx.name(trick.winner) });
  return [el("p", { class: "taken" }, who), plays];
}

export function lastTrick(view, events, ctx) {
  const taken = events.filter((event) => event.type === "TrickTaken").pop();
  if (taken) return [...trickSummary(taken.trick, ctx), explanationList(taken.explanation)];
  const tricks = shownRound(view).tricks;
  const trick = tricks[tricks.length - 1];
  return trick ? trickSummary(trick, ctx) : null;
}

export function describeEvent(event, ctx) {
  switch (event.type) {
    case "PainCardChosen":
      return event.card ? t("sticheln.chose-card", { name: ctx.name(event.player), card: event.card }) : t("sticheln.chose", { name: ctx.name(event.player) });
    case "PainCardsRevealed":
      return t("sticheln.pain-cards", { cards: event.pain_cards.map((card, seat) => `${ctx.name(seat)} ${card}`).join(", ") });
    case "CardPlayed":
      return t("sticheln.played", { name: ctx.name(event.player), card: event.card });
    case "TrickTaken": {
      const who = event.trick.winner === null ? t("sticheln.set-aside-trick") : t("sticheln.took-trick", { name: ctx.name(event.trick.winner) });
      return trickTakenLine(`${who} (${event.trick.cards.join(" ")})`, event.explanation);
    }
    case "RoundScored":
      return dealScoredLine(roundWord, event.round, ctx);
    case "RoundStarted":
      return dealStartedLine(roundWord, event, ctx);
    case "GameOver":
      return gameOverLine(event, ctx);
    default:
      return null;
  }
}
