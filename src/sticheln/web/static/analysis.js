// The analysis of one seat in the replay: the control that asks the server for it, its
// progress, the cost and the better moves of each analysed move (beside the move), and a
// chart of the expected score of the move played and of the best move, decision by
// decision, whose points lead to their moves.
//
// It follows the replay through the "replay:frame" event that replay.js sends each time it
// shows a move, and jumps to a move by the address' #move=N, as the replay's own links do.

import { el, svg, clear, fetchJson, seatName } from "./dom.js";
import { t } from "./i18n.js";

const POLL_MS = 400;
const CHART_HEIGHT = 210;
const PAD = { left: 40, right: 12, top: 12, bottom: 30 };
const LABEL_GAP_X = 28;
const INSET = 12;
const MOVES_LISTED = 8;

const analysis = {
  data: null, // the replay document
  index: 0, // the frame shown
  seat: 0, // the seat chosen
  answer: null, // the server's last answer for that seat
  decisions: new Map(), // move number -> decision, of a finished analysis
  timer: null,
  width: 0,
};
const $ = (id) => document.getElementById(id);

function tableId() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
}

function address(seat) {
  return `/api/tables/${encodeURIComponent(tableId())}/analysis?seat=${seat}`;
}

// A number with one decimal, its decimal mark the language's.
function decimal(value) {
  return value.toFixed(1).replace(".", t("analysis.decimal-mark"));
}

// A score as people read it: one decimal, with its sign.
function points(value) {
  const text = Math.abs(value).toFixed(1);
  if (text === "0.0") return decimal(0);
  return value > 0 ? `+${decimal(Math.abs(value))}` : `−${decimal(Math.abs(value))}`;
}

// A 95% interval, unless it is a single value (every world gave the same).
function interval(pair) {
  return pair && pair[0] !== pair[1] ? t("analysis.interval", { low: points(pair[0]), high: points(pair[1]) }) : "";
}

function name(seat) {
  return seatName(analysis.data.names, seat);
}

function meanOf(decision, text) {
  const found = decision.moves.find((move) => move.text === text);
  return found ? found.mean : null;
}

function bestMean(decision) {
  return Math.max(...decision.moves.map((move) => move.mean));
}

// --- the control ---------------------------------------------------------------------------

function buildControl() {
  const select = $("analysis-seat");
  clear(select);
  for (let seat = 0; seat < analysis.data.players; seat += 1) {
    select.append(el("option", { value: seat }, `${seat + 1} · ${name(seat)}`));
  }
  select.addEventListener("change", () => chooseSeat(Number(select.value)));
  $("analysis-button").addEventListener("click", start);
  $("analysis").hidden = false;
}

function labelButton() {
  const button = $("analysis-button");
  const status = analysis.answer ? analysis.answer.status : "none";
  const running = status === "running";
  button.textContent = running ? t("analysis.running-button") : t("analysis.start", { number: analysis.seat + 1 });
  button.setAttribute("aria-label", `${button.textContent} (${name(analysis.seat)})`);
  button.disabled = running;
  button.hidden = status === "done";
}

// The line that screen readers read out: set only when it says something new.
function setStatus(text, alert = false) {
  const line = $("analysis-status");
  if (line.textContent !== text) line.textContent = text;
  line.classList.toggle("analysis-error", alert);
}

async function chooseSeat(seat) {
  analysis.seat = seat;
  $("analysis-seat").value = String(seat);
  stopPolling();
  show(null);
  try {
    show(await fetchJson(address(seat)));
  } catch (error) {
    setStatus(t("analysis.read-error", { message: error.message }), true);
  }
}

async function start() {
  $("analysis-button").disabled = true;
  setStatus(t("analysis.asking", { name: name(analysis.seat) }));
  try {
    show(await fetchJson(address(analysis.seat), { method: "POST" }));
  } catch (error) {
    labelButton();
    setStatus(t("analysis.start-error", { message: error.message }), true);
  }
}

function stopPolling() {
  if (analysis.timer !== null) clearTimeout(analysis.timer);
  analysis.timer = null;
}

function poll() {
  const seat = analysis.seat;
  analysis.timer = setTimeout(async () => {
    analysis.timer = null;
    try {
      const answer = await fetchJson(address(seat));
      if (seat === analysis.seat) show(answer);
    } catch (error) {
      if (seat === analysis.seat) setStatus(t("analysis.read-error", { message: error.message }), true);
    }
  }, POLL_MS);
}

// --- what the server answered ----------------------------------------------------------------

function show(answer) {
  analysis.answer = answer;
  analysis.decisions = new Map();
  const progress = $("analysis-progress");
  $("analysis-running").hidden = true;
  $("analysis-result").hidden = true;
  if (answer === null) {
    setStatus("");
    labelButton();
    renderMoveNote();
    return;
  }
  labelButton();
  const who = name(answer.seat);
  const seconds = String(answer.time_per_decision).replace(".", t("analysis.decimal-mark"));
  const budget = t("analysis.budget", { samples: answer.samples, seconds });
  if (answer.status === "none") {
    setStatus(t("analysis.not-yet", { name: who, budget }));
  } else if (answer.status === "running") {
    $("analysis-running").hidden = false;
    setStatus(t("analysis.analysing", { name: who, budget }));
    if (answer.total === null) {
      progress.removeAttribute("value");
      $("analysis-count").textContent = t("analysis.waiting");
    } else {
      progress.max = Math.max(1, answer.total);
      progress.value = answer.done;
      $("analysis-count").textContent = t("analysis.progress", { done: answer.done, total: answer.total });
    }
    poll();
  } else if (answer.status === "failed") {
    setStatus(t("analysis.failed", { name: who, error: answer.error }), true);
  } else {
    for (const decision of answer.analysis.decisions) analysis.decisions.set(decision.number, decision);
    setStatus(t("analysis.done", { budget }));
    renderResult(answer.analysis);
  }
  renderMoveNote();
}

function moveLink(number, text) {
  return el("a", { href: `#move=${number}` }, text);
}

function renderResult(result) {
  $("analysis-result").hidden = false;
  const decisions = result.decisions;
  const summary = clear($("analysis-summary"));
  if (!decisions.length) {
    summary.append(el("p", {}, t("analysis.no-decision", { name: name(result.player) })));
    clear($("analysis-list"));
    renderChart();
    return;
  }
  const costly = result.costly.slice(0, 3).map((number) => analysis.decisions.get(number));
  const count = decisions.length;
  const lead = count === 1
    ? t("analysis.summary-one", { name: name(result.player) })
    : t("analysis.summary-many", { name: name(result.player), count });
  const head = el("p", {}, lead, el("strong", {}, decimal(Math.abs(result.total_loss))), ".");
  summary.append(head);
  if (costly.length) {
    const items = costly.map((d) => el("li", {},
      moveLink(d.number, t("analysis.move", { number: d.number })),
      t("analysis.costly", { played: d.played_text, loss: decimal(d.loss), best: d.best.join(" ") })));
    summary.append(el("p", { class: "analysis-costly-head" }, t("analysis.costliest")), el("ol", { class: "analysis-costly" }, items));
  } else {
    summary.append(el("p", {}, t("analysis.all-best")));
  }
  renderList(decisions);
  renderChart();
}

function renderList(decisions) {
  const table = clear($("analysis-list"));
  table.append(el("caption", {}, t("analysis.caption")),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, t("analysis.column-move")), el("th", { scope: "col" }, t("analysis.column-played")),
      el("th", { scope: "col" }, t("analysis.column-best")), el("th", { scope: "col" }, t("analysis.column-loss")))));
  const body = el("tbody");
  for (const d of decisions) {
    const played = meanOf(d, d.played_text);
    body.append(el("tr", { "data-move": d.number, class: d.loss > 0 ? "costly" : null },
      el("th", { scope: "row" }, moveLink(d.number, String(d.number))),
      el("td", {}, `${d.played_text} ${points(played)}`),
      el("td", {}, `${d.best.join(" ")} ${points(bestMean(d))}`),
      el("td", {}, d.loss > 0 ? decimal(d.loss) : t("analysis.no-loss"))));
  }
  table.append(body);
}

// --- beside the move shown ---------------------------------------------------------------------

function renderMoveNote() {
  const note = clear($("move-analysis"));
  note.hidden = true;
  const answer = analysis.answer;
  if (!analysis.data || !answer || answer.status !== "done") return;
  const frame = analysis.data.moves[analysis.index];
  if (!frame || frame.player !== answer.seat) return;
  note.hidden = false;
  const decision = analysis.decisions.get(analysis.index);
  if (!decision) {
    note.append(el("p", {}, t("analysis.no-choice", { name: name(answer.seat) })));
    return;
  }
  const played = meanOf(decision, decision.played_text);
  const best = bestMean(decision);
  const playedValue = decision.moves.find((move) => move.text === decision.played_text);
  const lines = [];
  if (decision.loss > 0) {
    lines.push(el("p", { class: "analysis-verdict" },
      el("strong", {}, t("analysis.expected-loss", { loss: decimal(decision.loss) })), interval(decision.loss_interval), "."));
    lines.push(el("p", {}, t("analysis.played", { move: decision.played_text, points: points(played), interval: interval(playedValue.interval) }),
      el("strong", {}, t("analysis.better", { moves: decision.best.join(t("analysis.or")) })),
      t("analysis.better-expected", { points: points(best) })));
  } else {
    lines.push(el("p", { class: "analysis-verdict" },
      el("strong", {}, t("analysis.among-best", { move: decision.played_text })),
      t("analysis.expected", { points: points(played), interval: interval(playedValue.interval) })));
  }
  const ranked = [...decision.moves].sort((a, b) => b.mean - a.mean);
  const shown = ranked.slice(0, MOVES_LISTED).map((move) => `${move.text} ${points(move.mean)}`);
  const more = ranked.length > MOVES_LISTED ? t("analysis.more", { count: ranked.length - MOVES_LISTED }) : "";
  const worlds = decision.samples === 1
    ? t("analysis.worlds-one", { solved: decision.solved })
    : t("analysis.worlds-many", { count: decision.samples, solved: decision.solved });
  lines.push(el("p", { class: "muted" }, t("analysis.every-move", { moves: shown.join(" · "), more }), worlds));
  note.append(el("h3", {}, t("analysis.move-heading", { name: name(answer.seat) })), ...lines);
}

// --- the chart -----------------------------------------------------------------------------------

function renderChart() {
  const chart = clear($("analysis-chart"));
  const legend = clear($("analysis-legend"));
  const answer = analysis.answer;
  if (!answer || answer.status !== "done" || !answer.analysis.decisions.length) {
    chart.setAttribute("hidden", "");
    return;
  }
  chart.removeAttribute("hidden");
  const decisions = answer.analysis.decisions;
  const width = Math.max(260, Math.floor(chart.parentElement.clientWidth) - 2);
  analysis.width = width;
  const height = CHART_HEIGHT;
  chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
  chart.setAttribute("width", width);
  chart.setAttribute("height", height);
  const played = decisions.map((d) => meanOf(d, d.played_text));
  const best = decisions.map(bestMean);
  const low = Math.floor(Math.min(0, ...played, ...best));
  const high = Math.ceil(Math.max(0, ...played, ...best));
  const span = high - low || 1;
  // The points stay clear of the axis' labels by INSET on either side.
  const inner = width - PAD.left - PAD.right - 2 * INSET;
  const step = inner / Math.max(1, decisions.length - 1);
  const x = (i) => PAD.left + INSET + (decisions.length === 1 ? inner / 2 : i * step);
  const y = (v) => PAD.top + ((high - v) * (height - PAD.top - PAD.bottom)) / span;
  chart.append(svg("title", {}, t("analysis.chart-title", { name: name(answer.seat) })));
  chart.append(axes(decisions, x, y, low, high, width, height));
  const line = (values) => values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  chart.append(svg("polyline", { class: "analysis-best-line", points: line(best), fill: "none" }));
  chart.append(svg("polyline", { class: "analysis-played-line", points: line(played), fill: "none" }));
  const hit = Math.max(8, Math.min(2 * INSET, step));
  decisions.forEach((d, i) => {
    const label = t("analysis.point", {
      number: d.number, played: d.played_text, expected: points(played[i]), best: d.best.join(t("analysis.or")), best_expected: points(best[i]),
    }) + (d.loss > 0 ? t("analysis.point-loss", { loss: decimal(d.loss) }) : t("analysis.point-no-loss"));
    const point = svg("a", { href: `#move=${d.number}`, class: "analysis-point", "data-move": d.number, "aria-label": label },
      svg("title", {}, label),
      svg("rect", { class: "analysis-hit", x: (x(i) - hit / 2).toFixed(1), y: PAD.top, width: hit.toFixed(1), height: height - PAD.top - PAD.bottom }));
    if (d.loss > 0) {
      point.append(svg("line", { class: "analysis-gap", x1: x(i).toFixed(1), x2: x(i).toFixed(1), y1: y(best[i]).toFixed(1), y2: y(played[i]).toFixed(1) }));
    }
    // The square is larger than the circle: where both are the same, it frames it.
    point.append(svg("rect", { class: "analysis-best-mark", x: (x(i) - 5).toFixed(1), y: (y(best[i]) - 5).toFixed(1), width: 10, height: 10 }));
    point.append(svg("circle", { class: "analysis-played-mark", cx: x(i).toFixed(1), cy: y(played[i]).toFixed(1), r: 4 }));
    chart.append(point);
  });
  markCurrent();
  const sample = (cls, mark) => svg("svg", { width: 30, height: 12, "aria-hidden": "true" },
    svg("line", { class: cls, x1: 0, y1: 6, x2: 30, y2: 6 }), mark);
  legend.append(
    el("li", {}, sample("analysis-played-line", svg("circle", { class: "analysis-played-mark", cx: 15, cy: 6, r: 4 })), t("analysis.legend-played")),
    el("li", {}, sample("analysis-best-line", svg("rect", { class: "analysis-best-mark", x: 10, y: 1, width: 10, height: 10 })), t("analysis.legend-best")),
  );
}

function axes(decisions, x, y, low, high, width, height) {
  const group = svg("g", { class: "axes", "aria-hidden": "true" });
  group.append(svg("line", { x1: PAD.left, x2: width - PAD.right, y1: y(0), y2: y(0), class: "zero" }));
  const labels = [0];
  for (const v of [low, high]) if (!labels.includes(v) && Math.abs(y(v) - y(0)) >= 12) labels.push(v);
  for (const v of labels) {
    group.append(svg("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end" }, v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0"));
  }
  // The moves' numbers as far apart as they fit; the last always, in place of one too near.
  let previous = null;
  decisions.forEach((d, i) => {
    const last = i === decisions.length - 1;
    if (previous !== null && x(i) - Number(previous.getAttribute("x")) < LABEL_GAP_X) {
      if (!last) return;
      previous.remove();
    }
    previous = svg("text", { x: x(i), y: height - 14, "text-anchor": "middle" }, String(d.number));
    group.append(previous);
  });
  group.append(svg("text", { x: width - PAD.right, y: height - 2, "text-anchor": "end", class: "axis-name" }, t("analysis.axis-move")));
  return group;
}

// The decision of the move shown, drawn as the current one.
function markCurrent() {
  for (const point of document.querySelectorAll("#analysis-chart .analysis-point")) {
    const current = Number(point.dataset.move) === analysis.index;
    point.classList.toggle("current", current);
    if (current) point.setAttribute("aria-current", "step");
    else point.removeAttribute("aria-current");
  }
}

// The first seat whose analysis was started (on an earlier visit, or by someone else), else 0.
async function firstSeat() {
  const seats = [...Array(analysis.data.players).keys()];
  const answers = await Promise.all(seats.map((seat) => fetchJson(address(seat)).catch(() => null)));
  const started = answers.find((answer) => answer && answer.status !== "none");
  return started ? started.seat : 0;
}

// --- following the replay ----------------------------------------------------------------------

document.addEventListener("replay:frame", (event) => {
  const first = analysis.data === null;
  analysis.data = event.detail.data;
  analysis.index = event.detail.index;
  if (first) {
    buildControl();
    firstSeat().then(chooseSeat);
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => {
        const chart = $("analysis-chart");
        if (chart.parentElement && Math.abs(chart.parentElement.clientWidth - 2 - analysis.width) > 8) renderChart();
      }).observe($("analysis"));
    }
    return;
  }
  renderMoveNote();
  markCurrent();
});
