// The table as the table page and the replay draw it: tricks, players, scores, chart.

import { el, svg, clear, seatName } from "./dom.js";
import { nounInSentence, t } from "./i18n.js";
import * as generic from "/static/render-generic.js";
import { scoreExplanationList, signed } from "/static/render-common.js";

// The renderer of each game, loaded from the module its game ships (the server names it);
// a game that ships none is drawn by the generic renderer.
const RENDERERS = {};

// Okabe–Ito colours for the players' lines (its yellow darkened to show on white), with
// dash patterns so that the lines differ without colour too.
const LINE_COLORS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C7A00"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "4 4", "1 2", "10 2", "3 2 1 2"];

// Load the renderer of `game` from the module at `url` (null: the game ships none).
export async function loadRenderer(game, url) {
  if (!RENDERERS[game]) RENDERERS[game] = url ? await import(url) : generic;
  return RENDERERS[game];
}

export function rendererFor(game) {
  return RENDERERS[game] || generic;
}

// ctx: {names, takers, me, toAct, scores, dealScores}; adds name(seat).
export function makeContext({ names = [], takers = null, me = null, toAct = [], scores = null, dealScores = null } = {}) {
  return { names, takers, me, toAct, scores, dealScores, name: (seat) => (seat === me ? t("seat.you", { name: seatName(names, seat) }) : seatName(names, seat)) };
}

// The number of seats and the scores, from the view where it has them.
function seatsOf(view, ctx) {
  return view.players === undefined ? ctx.names.length : view.players;
}

function scoresOf(view, ctx) {
  return view.scores || ctx.scores || Array.from({ length: seatsOf(view, ctx) }, () => 0);
}

export function renderBoard(view, ctx, events = [], scored = null) {
  const renderer = rendererFor(view.game);
  clear(document.getElementById("table-area")).append(...renderer.tableArea(view, ctx));
  renderLastTrick(renderer, view, ctx, events);
  renderPlayers(renderer, view, ctx);
  const rows = renderer.rounds(view);
  renderScores(renderer, rows, view, ctx);
  renderChart(rows, view, ctx);
  renderScoreExplanations(renderer, scored, ctx);
}

// What each player's score of the last deal is made of: the explanations the game's event
// carries (`explanations`, one per seat), the viewer's first and open, the others folded.
function renderScoreExplanations(renderer, scored, ctx) {
  const node = document.getElementById("score-explanations");
  if (!node) return;
  clear(node);
  if (!scored || !Array.isArray(scored.explanations)) return;
  node.append(el("h3", {}, t("score.how", { deal: nounInSentence(renderer.roundWord) })), ...scoreExplanations(scored, ctx));
}

// The explanation of every seat's score of a deal (the scoring event's `explanations`), each
// folded under its total but the viewer's, which comes first and open.
export function scoreExplanations(scored, ctx) {
  const seats = scored.explanations.map((_, seat) => seat);
  if (ctx.me !== null && ctx.me >= 0 && ctx.me < seats.length) seats.unshift(...seats.splice(ctx.me, 1));
  return seats.map((seat) => {
    const explanation = scored.explanations[seat];
    const summary = el("summary", {}, `${ctx.name(seat)}: ${explanation.title} ${signed(explanation.total)}`);
    const details = el("details", { class: "score-explanation", "data-seat": seat }, summary, scoreExplanationList(explanation));
    if (seat === ctx.me) details.open = true;
    return details;
  });
}

// Whether an event tells of a trick taken: it carries the trick's explanation, or the trick.
// The last-trick box draws the latest batch of events that holds one.
export function takesATrick(event) {
  return Boolean(event.explanation) || (event.trick !== null && typeof event.trick === "object");
}

// Who took the last trick `events` tell of (null: nobody, a trick set aside; undefined: no
// trick was taken).
export function trickTaker(events) {
  const taking = events.filter(takesATrick).pop();
  if (!taking) return undefined;
  if (taking.winner !== undefined) return taking.winner;
  return taking.trick && taking.trick.winner !== undefined ? taking.trick.winner : null;
}

// The latest event of `events` that explains the scores of a deal, or `previous`.
export function scoringEvent(events, previous = null) {
  const found = events.filter((event) => Array.isArray(event.explanations)).pop();
  return found || previous;
}

function renderLastTrick(renderer, view, ctx, events) {
  const node = document.getElementById("last-trick");
  if (!node) return;
  const parts = renderer.lastTrick(view, events, ctx);
  clear(node).append(el("h2", {}, renderer.lastHeading));
  node.append(...(parts || [el("p", { class: "muted" }, t("last-trick.none"))]));
}

function renderPlayers(renderer, view, ctx) {
  const list = clear(document.getElementById("players"));
  list.append(el("h2", {}, t("table.players")));
  const scores = scoresOf(view, ctx);
  for (let seat = 0; seat < seatsOf(view, ctx); seat += 1) {
    const acting = ctx.toAct.includes(seat);
    const item = el("section", { class: `player${seat === ctx.me ? " me" : ""}`, "data-seat": seat, "aria-label": seatName(ctx.names, seat) },
      el("header", {},
        el("span", { class: "player-name" }, ctx.name(seat)),
        acting ? el("span", { class: "to-act" }, t("players.to-play")) : null,
        view.hand_sizes ? el("span", { class: "hand-size", title: t("players.cards-in-hand") }, cardCount(view.hand_sizes[seat])) : null,
        el("span", { class: "player-score", title: t("players.total-score") }, String(scores[seat]))),
      ...renderer.playerDetails(view, seat, ctx));
    list.append(item);
  }
}

function cardCount(count) {
  return count === 1 ? t("cards.one") : t("cards.many", { count });
}

function renderScores(renderer, rows, view, ctx) {
  const table = clear(document.getElementById("scores"));
  table.append(el("caption", {}, t("scores.per-deal", { deal: nounInSentence(renderer.roundWord) })));
  const names = Array.from({ length: seatsOf(view, ctx) }, (_, seat) => seatName(ctx.names, seat));
  table.append(el("thead", {}, el("tr", {}, el("th", { scope: "col" }, renderer.roundWord),
    names.map((name) => el("th", { scope: "col" }, name)))));
  const body = el("tbody");
  for (const row of rows) {
    body.append(el("tr", {}, el("th", { scope: "row" }, String(row.number + 1)),
      row.scores.map((score) => el("td", {}, signed(score)))));
  }
  // The points of the deal in play as they stand, where the game makes them public.
  if (Array.isArray(ctx.dealScores)) {
    body.append(el("tr", { class: "deal-so-far" }, el("th", { scope: "row", title: `this ${renderer.roundWord.toLowerCase()} so far` }, `${rows.length + 1} (now)`),
      ctx.dealScores.map((score) => el("td", {}, signed(score)))));
  } else if (!rows.length) {
    body.append(el("tr", {}, el("td", { colspan: seatsOf(view, ctx) + 1, class: "muted" }, `No ${renderer.roundWord.toLowerCase()} finished yet.`)));
  }
  table.append(body);
  table.append(el("tfoot", {}, el("tr", {}, el("th", { scope: "row" }, t("scores.total")),
    scoresOf(view, ctx).map((score) => el("td", {}, String(score))))));
}

function runningTotals(rows, players) {
  const totals = Array.from({ length: players }, () => [0]);
  for (const row of rows) {
    row.scores.forEach((score, seat) => totals[seat].push(totals[seat][totals[seat].length - 1] + score));
  }
  return totals;
}

function renderChart(rows, view, ctx) {
  const chart = clear(document.getElementById("chart"));
  const width = 320;
  const height = 160;
  const pad = { left: 34, right: 10, top: 10, bottom: 22 };
  chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
  chart.setAttribute("role", "img");
  const word = nounInSentence(rendererFor(view.game).roundWord);
  chart.classList.toggle("empty", !rows.length);
  if (!rows.length) {
    emptyChart(chart, width, word);
    renderLegend(view, ctx, false);
    return;
  }
  const totals = runningTotals(rows, seatsOf(view, ctx));
  const values = totals.flat();
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const steps = Math.max(1, rows.length);
  const x = (i) => pad.left + (i * (width - pad.left - pad.right)) / steps;
  const y = (v) => pad.top + ((high - v) * (height - pad.top - pad.bottom)) / (high - low || 1);
  chart.append(svg("title", {}, t("chart.title")));
  chart.setAttribute("aria-label", t("chart.label", { deal: word }) +
    totals.map((line, seat) => `${seatName(ctx.names, seat)} ${line[line.length - 1]}`).join(", "));
  chart.append(axes(x, y, low, high, steps, { width, height, pad }));
  totals.forEach((line, seat) => {
    const points = line.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    chart.append(svg("polyline", { class: "line", points, fill: "none", stroke: LINE_COLORS[seat % 8], "stroke-width": 2,
      "stroke-dasharray": DASHES[seat % 8] || null, "data-seat": seat }));
    line.forEach((v, i) => chart.append(svg("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 2.5, fill: LINE_COLORS[seat % 8] })));
  });
  renderLegend(view, ctx, true);
}

function emptyChart(chart, width, word) {
  chart.setAttribute("viewBox", `0 0 ${width} 30`);
  chart.setAttribute("aria-label", t("chart.empty-label", { deal: word }));
  chart.append(svg("text", { x: width / 2, y: 19, "text-anchor": "middle", class: "chart-note" },
    t("chart.empty", { deal: word })));
}

// The smallest distances, in the chart's units, between two labels of an axis: a label is
// left out rather than drawn over another.
const LABEL_GAP_Y = 12;
const LABEL_GAP_X = 16;

function axes(x, y, low, high, steps, { width, height, pad }) {
  const group = svg("g", { class: "axes" });
  group.append(svg("line", { x1: pad.left, y1: y(0), x2: width - pad.right, y2: y(0), class: "zero" }));
  const placed = [y(0)];
  group.append(svg("text", { x: pad.left - 4, y: y(0) + 4, "text-anchor": "end" }, "0"));
  for (const v of [low, high]) {
    if (v === 0 || placed.some((at) => Math.abs(at - y(v)) < LABEL_GAP_Y)) continue;
    placed.push(y(v));
    group.append(svg("text", { x: pad.left - 4, y: y(v) + 4, "text-anchor": "end" }, String(v)));
  }
  // Every k-th deal is numbered, k as small as keeps the numbers apart; the last always.
  const every = Math.max(1, Math.ceil(LABEL_GAP_X / (x(1) - x(0))));
  for (let i = 0; i <= steps; i += 1) {
    const shown = i === steps || (i % every === 0 && steps - i >= every);
    if (shown) group.append(svg("text", { x: x(i), y: height - 6, "text-anchor": "middle" }, String(i)));
  }
  return group;
}

function renderLegend(view, ctx, shown) {
  const legend = document.getElementById("chart-legend");
  if (!legend) return;
  clear(legend);
  if (!shown) return;
  for (let seat = 0; seat < seatsOf(view, ctx); seat += 1) {
    const sample = svg("svg", { width: 28, height: 10, "aria-hidden": "true" },
      svg("line", { x1: 0, y1: 5, x2: 28, y2: 5, stroke: LINE_COLORS[seat % 8], "stroke-width": 2, "stroke-dasharray": DASHES[seat % 8] || null }));
    legend.append(el("li", {}, sample, " ", seatName(ctx.names, seat)));
  }
}

// One line of the event log: text, or text mixed with nodes (rule links).
export function eventLine(event, ctx) {
  const described = rendererFor(event.game).describeEvent(event, ctx);
  if (described === null) return null;
  return el("li", {}, ...(Array.isArray(described) ? described : [described]));
}
