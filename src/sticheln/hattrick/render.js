// Hattrick: a turn with several open tricks (one per colour) and passed cards.

import { cardElement, cardRow, colorName, hiddenCard, parseCard, ruleLink } from "/static/cards.js";
import { el } from "/static/dom.js";
import { dealScoredLine, dealStartedLine, explanationList, gameOverLine, playCell, takerNote, trickTakenLine } from "/static/render-common.js";

export const roundWord = "Hand";
export const lastHeading = "Last turn";

export function rounds(view) {
  return view.finished_hands.map((hand) => ({ number: hand.number, scores: hand.scores }));
}

export function heading(view) {
  if (isOver(view)) return `Game over after ${view.finished_hands.length} hands`;
  return `Hand ${view.hand_number + 1} of ${view.hand_count}`;
}

function isOver(view) {
  return view.hand_number >= view.hand_count;
}

export function phaseHint() {
  return "play a card: follow, open a trick or pass";
}

// The plays of the turn in progress: the tricks by open colour (in the order they were
// opened, as the view lists them) and the passed cards.
function turnPlays(view) {
  const tricks = view.open_colors.map((color) => ({ color, plays: [] }));
  const passed = [];
  view.turn_cards.forEach((card, i) => {
    const seat = (view.turn_leader + i) % view.players;
    const trick = card === null ? undefined : tricks.find((t) => t.color === parseCard(card).color);
    if (trick) trick.plays.push([seat, card]);
    else passed.push([seat, card]);
  });
  return { tricks, passed };
}

export function tableArea(view, ctx) {
  const parts = [el("h2", {}, heading(view))];
  if (isOver(view)) return parts;
  const { tricks, passed } = turnPlays(view);
  parts.push(el("p", { class: "phase-note" }, `Turn ${view.turns.length + 1}, led by ${ctx.name(view.turn_leader)}.`));
  const row = el("div", { class: "tricks" });
  tricks.forEach((trick, index) => row.append(openTrick(trick, index, ctx)));
  if (!tricks.length) row.append(el("p", { class: "empty-trick" }, `${ctx.name(view.turn_leader)} opens the first trick.`));
  parts.push(row);
  if (passed.length) {
    const plays = el("div", { class: "plays" });
    for (const [seat, card] of passed) {
      plays.append(playCell(ctx.name(seat), card === null ? hiddenCard({ label: "passed card, face down" }) : cardElement(card)));
    }
    parts.push(el("div", { class: "passed-now" }, el("h3", {}, "Passed this turn"), plays));
  }
  return parts;
}

function capitalized(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function openTrick(trick, index, ctx) {
  const node = el("div", { class: `trick trick-${trick.color}`, "data-trick": index, "data-color": trick.color },
    el("h3", {}, `${capitalized(colorName(trick.color))} trick`));
  const plays = el("div", { class: "plays" });
  for (const [seat, card] of trick.plays) plays.append(playCell(ctx.name(seat), cardElement(card)));
  node.append(plays);
  const note = takerNote(ctx, index);
  if (note) node.append(note);
  return node;
}

// What the players show: the hand in play, or the last hand once the game is over.
function shownHand(view) {
  const last = view.finished_hands[view.finished_hands.length - 1];
  if (isOver(view) && last) {
    return { won: last.won, passed: last.passed, pass_counts: last.passed.map((pile) => (pile ? pile.length : 0)), turns: last.turns };
  }
  return view;
}

export function playerDetails(view, seat) {
  const hand = shownHand(view);
  const won = hand.won[seat];
  const pile = hand.passed[seat];
  const count = hand.pass_counts[seat];
  let passedNode;
  if (pile) passedNode = pile.length ? cardRow(pile, { small: true }) : el("span", { class: "muted" }, "none");
  else passedNode = count ? el("span", {}, `${count} face down`) : el("span", { class: "muted" }, "none");
  return [
    el("div", { class: "detail won" }, el("span", { class: "detail-label" }, `Won (${won.length})`),
      won.length ? cardRow(won, { small: true }) : el("span", { class: "muted" }, "none")),
    el("div", { class: "detail passed" }, el("span", { class: "detail-label" }, `Passed (${count})`), passedNode),
  ];
}

// Who took a trick of the turn, and why: the event's explanation (the library's
// TrickExplanation), every reason with a link to its rule.
function takenTrick(event, ctx) {
  const color = colorName(parseCard(event.trick.cards[0]).color);
  return [
    el("p", { class: "taken" }, `${ctx.name(event.winner)} took the ${color} trick (${event.trick.cards.join(" ")}).`),
    explanationList(event.explanation),
  ];
}

// Who leads next, as the events of the turn just ended tell it: the winner of the turn
// (HT-LEAD-2), or the leader of the hand just dealt when the turn ended the hand.
function nextLead(events, ctx) {
  const started = events.find((event) => event.type === "HandStarted");
  if (started) {
    return el("p", { class: "taken" }, `That was the last turn of hand ${started.number}. Hand ${started.number + 1} begins; ${ctx.name(started.leader)} leads.`);
  }
  if (events.some((event) => event.type === "GameOver")) return el("p", { class: "taken" }, "That was the last turn of the game.");
  const ended = events.find((event) => event.type === "TurnEnded");
  if (!ended) return null;
  return el("p", { class: "taken" }, `${ctx.name(ended.next_leader)} leads the next turn `, ruleLink(ended.rule));
}

// The last turn of the hand in play, or of the last hand finished once none was played in
// this one: its cards, and who leads now.
function lastTurnOfView(view, ctx) {
  const last = view.finished_hands[view.finished_hands.length - 1];
  const fromHand = view.turns.length || !last;
  const turns = fromHand ? view.turns : last.turns;
  const turn = turns[turns.length - 1];
  if (!turn) return null;
  const plays = el("div", { class: "plays" });
  turn.cards.forEach((card, i) => {
    const name = ctx.name((turn.leader + i) % view.players);
    plays.append(playCell(name, card === null ? hiddenCard({ small: true }) : cardElement(card, { small: true })));
  });
  let lead;
  if (fromHand) lead = `${ctx.name(turn.next_leader)} leads the next turn.`;
  else if (isOver(view)) lead = `The last turn of the game (hand ${last.number + 1}).`;
  else lead = `The last turn of hand ${last.number + 1}. Hand ${view.hand_number + 1} begins; ${ctx.name(view.hand_leader)} leads.`;
  return [el("p", { class: "taken" }, lead), plays];
}

export function lastTrick(view, events, ctx) {
  const taken = events.filter((event) => event.type === "TrickTaken");
  if (taken.length) {
    const parts = taken.flatMap((event) => takenTrick(event, ctx));
    const lead = nextLead(events, ctx);
    if (lead) parts.push(lead);
    return parts;
  }
  return lastTurnOfView(view, ctx);
}

export function describeEvent(event, ctx) {
  switch (event.type) {
    case "TrickOpened":
      return `${ctx.name(event.player)} opened a trick with ${event.card}.`;
    case "CardFollowed":
      return `${ctx.name(event.player)} followed with ${event.card}.`;
    case "CardPassed":
      return event.card ? `${ctx.name(event.player)} passed ${event.card}.` : `${ctx.name(event.player)} passed a card.`;
    case "TrickTaken":
      return trickTakenLine(`${ctx.name(event.winner)} took ${event.trick.cards.join(" ")}`, event.explanation);
    case "TurnEnded":
      return [`${ctx.name(event.next_leader)} leads the next turn `, ruleLink(event.rule)];
    case "HandScored":
      return dealScoredLine("Hand", event.hand, ctx);
    case "HandStarted":
      return dealStartedLine("Hand", event, ctx);
    case "GameOver":
      return gameOverLine(event, ctx);
    default:
      return null;
  }
}
