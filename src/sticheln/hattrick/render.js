// Hattrick: a turn with several open tricks (one per colour) and passed cards.

import { cardElement, cardRow, colorName, hiddenCard, parseCard, ruleLink } from "/static/cards.js";
import { el } from "/static/dom.js";
import { dealScoredLine, dealStartedLine, explanationList, gameOverLine, playCell, takerNote, trickTakenLine } from "/static/render-common.js";
import { t } from "/static/i18n.js";

export const roundWord = t("hattrick.hand");
export const lastHeading = t("hattrick.last-turn");

export function rounds(view) {
  return view.finished_hands.map((hand) => ({ number: hand.number, scores: hand.scores }));
}

export function heading(view) {
  if (isOver(view)) return t("hattrick.over-after", { hands: view.finished_hands.length });
  return t("hattrick.hand-of", { number: view.hand_number + 1, hands: view.hand_count });
}

function isOver(view) {
  return view.hand_number >= view.hand_count;
}

export function phaseHint() {
  return t("hattrick.hint");
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
  parts.push(el("p", { class: "phase-note" }, t("hattrick.turn-led", { number: view.turns.length + 1, name: ctx.name(view.turn_leader) })));
  const row = el("div", { class: "tricks" });
  tricks.forEach((trick, index) => row.append(openTrick(trick, index, ctx)));
  if (!tricks.length) row.append(el("p", { class: "empty-trick" }, t("hattrick.opens-first", { name: ctx.name(view.turn_leader) })));
  parts.push(row);
  if (passed.length) {
    const plays = el("div", { class: "plays" });
    for (const [seat, card] of passed) {
      plays.append(playCell(ctx.name(seat), card === null ? hiddenCard({ label: t("hattrick.passed-down") }) : cardElement(card)));
    }
    parts.push(el("div", { class: "passed-now" }, el("h3", {}, t("hattrick.passed-now")), plays));
  }
  return parts;
}

function capitalized(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function openTrick(trick, index, ctx) {
  const node = el("div", { class: `trick trick-${trick.color}`, "data-trick": index, "data-color": trick.color },
    el("h3", {}, t("hattrick.color-trick", { Color: capitalized(colorName(trick.color)) })));
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
  if (pile) passedNode = pile.length ? cardRow(pile, { small: true }) : el("span", { class: "muted" }, t("hattrick.none"));
  else passedNode = count ? el("span", {}, t("hattrick.face-down", { count })) : el("span", { class: "muted" }, t("hattrick.none"));
  return [
    el("div", { class: "detail won" }, el("span", { class: "detail-label" }, t("hattrick.won", { count: won.length })),
      won.length ? cardRow(won, { small: true }) : el("span", { class: "muted" }, t("hattrick.none"))),
    el("div", { class: "detail passed" }, el("span", { class: "detail-label" }, t("hattrick.passed", { count })), passedNode),
  ];
}

// Who took a trick of the turn, and why: the event's explanation (the library's
// TrickExplanation), every reason with a link to its rule.
function takenTrick(event, ctx) {
  const color = colorName(parseCard(event.trick.cards[0]).color);
  return [
    el("p", { class: "taken" }, t("hattrick.took-color", { name: ctx.name(event.winner), color, cards: event.trick.cards.join(" ") })),
    explanationList(event.explanation),
  ];
}

// Who leads next, as the events of the turn just ended tell it: the winner of the turn
// (HT-LEAD-2), or the leader of the hand just dealt when the turn ended the hand.
function nextLead(events, ctx) {
  const started = events.find((event) => event.type === "HandStarted");
  if (started) {
    return el("p", { class: "taken" }, t("hattrick.last-of-hand-begins", { number: started.number, next: started.number + 1, name: ctx.name(started.leader) }));
  }
  if (events.some((event) => event.type === "GameOver")) return el("p", { class: "taken" }, t("hattrick.last-of-game"));
  const ended = events.find((event) => event.type === "TurnEnded");
  if (!ended) return null;
  return el("p", { class: "taken" }, t("hattrick.leads-next", { name: ctx.name(ended.next_leader) }), ruleLink(ended.rule));
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
  if (fromHand) lead = t("hattrick.leads-next-full", { name: ctx.name(turn.next_leader) });
  else if (isOver(view)) lead = t("hattrick.last-turn-game", { number: last.number + 1 });
  else lead = t("hattrick.last-turn-hand", { number: last.number + 1, next: view.hand_number + 1, name: ctx.name(view.hand_leader) });
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
      return t("hattrick.opened", { name: ctx.name(event.player), card: event.card });
    case "CardFollowed":
      return t("hattrick.followed", { name: ctx.name(event.player), card: event.card });
    case "CardPassed":
      return event.card ? t("hattrick.passed-card", { name: ctx.name(event.player), card: event.card }) : t("hattrick.passed-a-card", { name: ctx.name(event.player) });
    case "TrickTaken":
      return trickTakenLine(t("hattrick.took", { name: ctx.name(event.winner), cards: event.trick.cards.join(" ") }), event.explanation);
    case "TurnEnded":
      return [t("hattrick.leads-next", { name: ctx.name(event.next_leader) }), ruleLink(event.rule)];
    case "HandScored":
      return dealScoredLine(roundWord, event.hand, ctx);
    case "HandStarted":
      return dealStartedLine(roundWord, event, ctx);
    case "GameOver":
      return gameOverLine(event, ctx);
    default:
      return null;
  }
}
