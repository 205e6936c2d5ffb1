// Stichling: up to four open tricks with their markers, and the rows of victory points.

import { cardElement, cardRow, ruleLink } from "/static/cards.js";
import { el, listText } from "/static/dom.js";
import { dealScoredLine, dealStartedLine, explanationList, gameOverLine, playCell, takerNote, trickTakenLine } from "/static/render-common.js";

export const roundWord = "Hand";
export const lastHeading = "Last trick won";

export function rounds(view) {
  return view.finished_hands.map((hand) => ({ number: hand.number, scores: hand.scores }));
}

export function heading(view) {
  if (view.phase === "over") return `Game over after ${view.hand_count} hands`;
  return `Hand ${view.hand_number + 1} of ${view.hand_count}`;
}

export function phaseHint(view) {
  return view.phase === "arranging" ? "lay down your victory points in an order" : "play a card: open a trick or add to one";
}

export function tableArea(view, ctx) {
  const parts = [el("h2", {}, heading(view))];
  if (view.phase === "arranging") {
    const done = view.arranged.map(ctx.name);
    parts.push(el("p", { class: "phase-note" }, "Everyone lays down a row of victory points face down.", " ",
      done.length ? `Done: ${listText(done)}.` : "Nobody has done so yet."));
    parts.push(el("p", { class: "choice-help" },
      "Your row is what you score: your first won trick turns up its first card, each further one the next (after the third, the first again), and the card face up when the hand ends is your points. ",
      ruleLink("SL-VP-3"), " ", ruleLink("SL-SCORE-1")));
  }
  if (view.phase === "playing") {
    const row = el("div", { class: "tricks" });
    view.open_tricks.forEach((trick, index) => row.append(openTrick(trick, index, ctx)));
    if (!view.open_tricks.length) row.append(el("p", { class: "empty-trick" }, "No trick is open."));
    parts.push(row);
  }
  return parts;
}

function openTrick(trick, index, ctx) {
  const node = el("div", { class: "trick", "data-trick": index }, el("h3", {}, `Trick ${index + 1}`));
  const plays = el("div", { class: "plays" });
  trick.cards.forEach((card, i) => {
    const face = cardElement(card);
    const cell = playCell(ctx.name(trick.seats[i]), face);
    if (i === trick.top) {
      cell.classList.add("marker");
      cell.append(el("span", { class: "marker-badge", title: "holds the marker" }, "marker"));
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
  return el("p", { class: "taker", "data-seat": trick.winner }, `${ctx.name(trick.winner)} holds the marker`);
}

function pointTile(value, turnedUp) {
  const label = value === null ? "face down" : `${value} victory points${turnedUp ? "" : ", not turned up yet"}`;
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
    return el("span", { class: "muted" }, hand.arranged.includes(seat) ? "laid down" : "not laid down yet");
  }
  const up = hand.won[seat].length;
  return el("span", { class: "vp-row" }, row.map((value, i) => pointTile(value, i < up)));
}

export function playerDetails(view, seat) {
  const hand = shownHand(view);
  const won = hand.won[seat];
  const wonNode = won.length
    ? el("span", { class: "won-tricks" }, won.map((trick) => cardRow(trick.cards, { small: true })))
    : el("span", { class: "muted" }, "none");
  return [
    el("div", { class: "detail points" }, el("span", { class: "detail-label" }, "Victory points"), pointRow(hand, seat)),
    el("div", { class: "detail won" }, el("span", { class: "detail-label" }, `Tricks won (${won.length})`), wonNode),
  ];
}

function completedSummary(trick, faceUp, rule, ctx) {
  const plays = el("div", { class: "plays" });
  trick.cards.forEach((card, i) => plays.append(playCell(ctx.name(trick.seats[i]), cardElement(card, { small: true }))));
  const turned = faceUp === null || faceUp === undefined ? "" : ` and turned up ${faceUp} victory points`;
  const taken = el("p", { class: "taken" }, `${ctx.name(trick.winner)} won the trick with the marker${turned}. `);
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
      return `${ctx.name(event.player)} laid down the victory points${event.order.every((v) => v === null) ? "" : ` (${event.order.join(", ")})`}.`;
    case "TrickOpened":
      return `${ctx.name(event.player)} opened a trick with ${event.card}.`;
    case "CardAdded":
      return `${ctx.name(event.player)} added ${event.card} to trick ${event.trick + 1}.`;
    case "TrickCompleted": {
      const turned = event.face_up === null ? "" : `, turning up ${event.face_up}`;
      return trickTakenLine(`${ctx.name(event.winner)} won ${event.trick.cards.join(" ")}${turned}`, event.explanation, [event.rule]);
    }
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

// The label of a move offered as a button: a row of victory points, or where a card goes.
export function choiceLabel(item) {
  const move = item.move;
  if (move.type === "ArrangePoints") return `Row ${move.order.join(" · ")}`;
  if (move.type === "OpenTrick") return `${move.card}: open a new trick`;
  if (move.type === "AddToTrick") return `${move.card}: add to trick ${move.trick + 1}`;
  return item.text;
}
