// Stichling: up to four open tricks with their markers, and the rows of victory points.

import { cardElement, cardRow, ruleLink } from "/static/cards.js";
import { el, listText } from "/static/dom.js";
import { dealScoredLine, dealStartedLine, explanationList, gameOverLine, playCell, takerNote, trickTakenLine } from "/static/render-common.js";
import { t } from "/static/i18n.js";

export const roundWord = t("stichling.hand");
export const lastHeading = t("stichling.last-won");

export function rounds(view) {
  return view.finished_hands.map((hand) => ({ number: hand.number, scores: hand.scores }));
}

export function heading(view) {
  if (view.phase === "over") return t("stichling.over-after", { hands: view.hand_count });
  return t("stichling.hand-of", { number: view.hand_number + 1, hands: view.hand_count });
}

export function phaseHint(view) {
  return view.phase === "arranging" ? t("stichling.arrange") : t("stichling.play");
}

export function tableArea(view, ctx) {
  const parts = [el("h2", {}, heading(view))];
  if (view.phase === "arranging") {
    const done = view.arranged.map(ctx.name);
    parts.push(el("p", { class: "phase-note" }, t("stichling.everyone-lays"), " ",
      done.length ? t("stichling.done", { names: listText(done) }) : t("stichling.nobody-done")));
    parts.push(el("p", { class: "choice-help" }, t("stichling.row-help"), " ",
      ruleLink("SL-VP-3"), " ", ruleLink("SL-SCORE-1")));
  }
  if (view.phase === "playing") {
    const row = el("div", { class: "tricks" });
    view.open_tricks.forEach((trick, index) => row.append(openTrick(trick, index, ctx)));
    if (!view.open_tricks.length) row.append(el("p", { class: "empty-trick" }, t("stichling.no-trick")));
    parts.push(row);
  }
  return parts;
}

function openTrick(trick, index, ctx) {
  const node = el("div", { class: "trick", "data-trick": index }, el("h3", {}, t("stichling.trick", { number: index + 1 })));
  const plays = el("div", { class: "plays" });
  trick.cards.forEach((card, i) => {
    const face = cardElement(card);
    const cell = playCell(ctx.name(trick.seats[i]), face);
    if (i === trick.top) {
      cell.classList.add("marker");
      cell.append(el("span", { class: "marker-badge", title: t("stichling.holds-marker") }, t("stichling.marker")));
    }
    plays.append(cell);
  });
  node.append(plays);
  const note = takerNote(ctx, index) || markerNote(trick, ctx);
  if (note) node.append(note);
  return node;
}

function markerNote(trick, ctx) {
  if (trick.winner === null || trick.winner === undefined) return null;
  return el("p", { class: "taker", "data-seat": trick.winner }, t("stichling.marker-note", { name: ctx.name(trick.winner) }));
}

function pointTile(value, turnedUp) {
  const label = value === null ? t("stichling.face-down") : t(turnedUp ? "stichling.points" : "stichling.points-not-up", { value });
  return el("span", { class: `vp${value === null ? " vp-hidden" : ""}${turnedUp ? " vp-up" : ""}`, role: "img", "aria-label": label, title: label },
    value === null ? "?" : String(value));
}

// What the players show: the hand in play, or the last hand once the game is over.
function shownHand(view) {
  const last = view.finished_hands[view.finished_hands.length - 1];
  if (view.phase === "over" && last) {
    const won = last.orders.map((_, seat) => last.tricks.filter((trick) => trick.winner === seat));
    return { rows: last.orders, arranged: last.arranged, won };
  }
  return view;
}

function pointRow(hand, seat) {
  const row = hand.rows[seat];
  if (row === null) {
    return el("span", { class: "muted" }, hand.arranged.includes(seat) ? t("stichling.laid-down") : t("stichling.not-laid-down"));
  }
  const up = hand.won[seat].length;
  return el("span", { class: "vp-row" }, row.map((value, i) => pointTile(value, i < up)));
}

export function playerDetails(view, seat) {
  const hand = shownHand(view);
  const won = hand.won[seat];
  const wonNode = won.length
    ? el("span", { class: "won-tricks" }, won.map((trick) => cardRow(trick.cards, { small: true })))
    : el("span", { class: "muted" }, t("stichling.none"));
  return [
    el("div", { class: "detail points" }, el("span", { class: "detail-label" }, t("stichling.victory-points")), pointRow(hand, seat)),
    el("div", { class: "detail won" }, el("span", { class: "detail-label" }, t("stichling.tricks-won", { count: won.length })), wonNode),
  ];
}

function completedSummary(trick, faceUp, rule, ctx) {
  const plays = el("div", { class: "plays" });
  trick.cards.forEach((card, i) => plays.append(playCell(ctx.name(trick.seats[i]), cardElement(card, { small: true }))));
  const noneTurned = faceUp === null || faceUp === undefined;
  const taken = el("p", { class: "taken" }, t(noneTurned ? "stichling.won-with-marker" : "stichling.won-turned-up", { name: ctx.name(trick.winner), points: faceUp }));
  if (rule) taken.append(ruleLink(rule));
  return [taken, plays];
}

function latestWon(view) {
  let latest = null;
  for (const trick of shownHand(view).won.flat()) {
    const last = trick.turns[trick.turns.length - 1];
    if (!latest || last > latest.turns[latest.turns.length - 1]) latest = trick;
  }
  return latest;
}

export function lastTrick(view, events, ctx) {
  const done = events.filter((event) => event.type === "TrickCompleted").pop();
  if (done) return [...completedSummary(done.trick, done.face_up, done.rule, ctx), explanationList(done.explanation)];
  const trick = latestWon(view);
  return trick ? completedSummary(trick, null, null, ctx) : null;
}

export function describeEvent(event, ctx) {
  switch (event.type) {
    case "PointsArranged":
      return event.order.every((v) => v === null)
        ? t("stichling.laid-points", { name: ctx.name(event.player) })
        : t("stichling.laid-points-order", { name: ctx.name(event.player), order: event.order.join(", ") });
    case "TrickOpened":
      return t("stichling.opened", { name: ctx.name(event.player), card: event.card });
    case "CardAdded":
      return t("stichling.added", { name: ctx.name(event.player), card: event.card, number: event.trick + 1 });
    case "TrickCompleted": {
      const words = { name: ctx.name(event.winner), cards: event.trick.cards.join(" "), points: event.face_up };
      return trickTakenLine(t(event.face_up === null ? "stichling.won" : "stichling.won-turning", words), event.explanation, [event.rule]);
    }
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

// The label of a move offered as a button: a row of victory points, or where a card goes.
export function choiceLabel(item) {
  const move = item.move;
  if (move.type === "ArrangePoints") return t("stichling.row", { order: move.order.join(" · ") });
  if (move.type === "OpenTrick") return t("stichling.open-new", { card: move.card });
  if (move.type === "AddToTrick") return t("stichling.add-to", { card: move.card, number: move.trick + 1 });
  return item.text;
}
