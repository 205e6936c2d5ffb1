// Sticheln: one trick on the table, pain cards, won cards, rounds.

import { cardElement, cardRow, hiddenCard, ruleLink } from "/static/cards.js";
import { el, listText } from "/static/dom.js";
import { dealScoredLine, dealStartedLine, explanationList, gameOverLine, playCell, takerNote, trickTakenLine } from "/static/render-common.js";

export const roundWord = "Round";
export const lastHeading = "Last trick";

export function rounds(view) {
  return view.finished_rounds.map((round) => ({ number: round.number, scores: round.scores }));
}

export function heading(view) {
  if (view.phase === "over") return `Game over after ${view.rounds} rounds`;
  return `Round ${view.round_number + 1} of ${view.rounds}`;
}

export function phaseHint(view) {
  return view.phase === "choosing-pain" ? "choose your pain card" : "play a card";
}

export function tableArea(view, ctx) {
  const parts = [el("h2", {}, heading(view))];
  if (view.phase === "choosing-pain") {
    const chosen = view.has_chosen.map((done, seat) => (done ? ctx.name(seat) : null)).filter(Boolean);
    parts.push(el("p", { class: "phase-note" }, "Everyone chooses a pain card face down.",
      " ", chosen.length ? `Chosen: ${listText(chosen)}.` : "Nobody has chosen yet."));
    parts.push(el("p", { class: "choice-help" },
      "The colour of your pain card is your pain colour this round: every card of it you win costs you its value, and so does the pain card itself. ",
      ruleLink("ST-PAIN-2"), " ", ruleLink("ST-SCORE-1")));
  } else if (view.phase === "playing") {
    parts.push(currentTrick(view, ctx));
  }
  if (view.set_aside.length) {
    parts.push(el("div", { class: "set-aside" }, el("h3", {}, "Set aside"), cardRow(view.set_aside, { small: true })));
  }
  return parts;
}

function currentTrick(view, ctx) {
  const number = view.tricks.length + 1;
  if (!view.current_trick.length) {
    return el("p", { class: "empty-trick" }, `Trick ${number}: ${ctx.name(view.trick_leader)} leads.`);
  }
  const trick = el("div", { class: "trick", "data-trick": 0, "aria-label": `Trick ${number}` }, el("h3", {}, `Trick ${number}`));
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
  else if (round.has_chosen[seat]) painNode = hiddenCard({ small: true, label: "pain card chosen, face down" });
  else painNode = el("span", { class: "muted" }, "not chosen");
  const won = round.won[seat];
  return [
    el("div", { class: "detail pain" }, el("span", { class: "detail-label" }, "Pain card"), painNode),
    el("div", { class: "detail won" },
      el("span", { class: "detail-label" }, `Won (${won.length})`),
      won.length ? cardRow(won, { small: true }) : el("span", { class: "muted" }, "none")),
  ];
}

function trickSummary(trick, ctx) {
  const plays = el("div", { class: "plays" });
  trick.seats.forEach((seat, i) => plays.append(playCell(ctx.name(seat), cardElement(trick.cards[i], { small: true }))));
  const who = trick.winner === null ? "Nobody took the trick: it is set aside." : `${ctx.name(trick.winner)} took the trick.`;
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
      return event.card ? `${ctx.name(event.player)} chose ${event.card} as pain card.` : `${ctx.name(event.player)} chose a pain card.`;
    case "PainCardsRevealed":
      return `Pain cards: ${event.pain_cards.map((card, seat) => `${ctx.name(seat)} ${card}`).join(", ")}.`;
    case "CardPlayed":
      return `${ctx.name(event.player)} played ${event.card}.`;
    case "TrickTaken": {
      const who = event.trick.winner === null ? "The trick is set aside" : `${ctx.name(event.trick.winner)} took the trick`;
      return trickTakenLine(`${who} (${event.trick.cards.join(" ")})`, event.explanation);
    }
    case "RoundScored":
      return dealScoredLine("Round", event.round, ctx);
    case "RoundStarted":
      return dealStartedLine("Round", event, ctx);
    case "GameOver":
      return gameOverLine(event, ctx);
    default:
      return null;
  }
}
