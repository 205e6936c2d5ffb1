// The replay page: steps through a finished game move by move.

import { cardRow, sortCards } from "./cards.js";
import { el, clear, fetchJson } from "./dom.js";
import { renderBoard, makeContext, eventLine, loadRenderer, scoringEvent, takesATrick } from "./board.js";


const replay = { data: null, index: 0 };
const $ = (id) => document.getElementById(id);

function tableId() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
}

function frameFromHash() {
  const match = /move=(\d+)/.exec(location.hash);
  return match ? Number(match[1]) : null;
}

function lastFrame() {
  return replay.data.frames.length - 1;
}

// The events of the latest frame up to `index` that took a trick, for "last trick".
function trickEvents(index) {
  for (let i = index; i >= 0; i -= 1) {
    const events = replay.data.frames[i].events || [];
    if (events.some(takesATrick)) return events;
  }
  return [];
}

// The latest event up to frame `index` that explains the scores of a deal.
function scoredAt(index) {
  let found = null;
  for (let i = 0; i <= index; i += 1) found = scoringEvent(replay.data.frames[i].events || [], found);
  return found;
}

function renderHands(frame, ctx) {
  const box = clear($("hands"));
  frame.hands.forEach((hand, seat) => {
    const cards = sortCards(hand);
    box.append(el("div", { class: "seat-hand", "data-seat": seat },
      el("h3", {}, `${ctx.name(seat)} (${cards.length})`),
      cards.length ? cardRow(cards, { small: true }) : el("span", { class: "muted" }, "no cards")));
  });
}

function renderMove(frame, ctx) {
  const move = $("replay-move");
  if (frame.move === null) move.textContent = "The start of the game.";
  else move.textContent = `Move ${replay.index}, by ${ctx.name(frame.player)}: ${frame.text}`;
  const list = clear($("frame-events"));
  for (const event of frame.events || []) {
    const line = eventLine(event, ctx);
    if (line) list.append(line);
  }
}

function show(index) {
  const frames = replay.data.frames;
  replay.index = Math.max(0, Math.min(lastFrame(), index));
  const frame = frames[replay.index];
  const ctx = makeContext({ names: replay.data.names || [], takers: frame.takers || null, toAct: frame.view.players_to_act || [], scores: frame.scores || null });
  $("replay-step").textContent = `move ${replay.index} of ${lastFrame()}`;
  $("replay-range").value = String(replay.index);
  $("first").disabled = $("prev").disabled = replay.index === 0;
  $("next").disabled = $("last").disabled = replay.index === lastFrame();
  renderMove(frame, ctx);
  renderBoard(frame.view, ctx, trickEvents(replay.index), scoredAt(replay.index));
  renderHands(frame, ctx);
  history.replaceState(null, "", `#move=${replay.index}`);
  document.dispatchEvent(new CustomEvent("replay:frame", { detail: { index: replay.index, data: replay.data } }));
}

function onKey(event) {
  const inField = event.target instanceof Element && event.target.closest("input, select, textarea");
  if (!replay.data || inField || event.altKey || event.ctrlKey || event.metaKey) return;
  const steps = { ArrowLeft: replay.index - 1, ArrowRight: replay.index + 1, Home: 0, End: lastFrame() };
  if (!(event.key in steps)) return;
  event.preventDefault();
  show(steps[event.key]);
}

function bindControls() {
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(replay.index - 1));
  $("next").addEventListener("click", () => show(replay.index + 1));
  $("last").addEventListener("click", () => show(lastFrame()));
  $("replay-range").addEventListener("input", (event) => show(Number(event.target.value)));
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => {
    const index = frameFromHash();
    if (replay.data && index !== null && index !== replay.index) show(index);
  });
}

async function start() {
  bindControls();
  const id = tableId();
  try {
    replay.data = await fetchJson(`/api/tables/${encodeURIComponent(id)}/replay`);
    await loadRenderer(replay.data.game, replay.data.renderer);
  } catch (error) {
    $("error").textContent = `The replay could not be loaded: ${error.message}`;
    $("replay-step").textContent = "No replay";
    for (const button of ["first", "prev", "next", "last"]) $(button).disabled = true;
    return;
  }
  const data = replay.data;
  document.body.dataset.game = data.game;
  const title = data.game ? data.game[0].toUpperCase() + data.game.slice(1) : "Game";
  $("title").textContent = `Replay · ${title} · ${data.players} players`;
  document.title = `Replay of ${title} ${id}`;
  $("hands-heading").textContent = `Hands of the ${data.players} players`;
  $("replay-range").max = String(lastFrame());
  const start = frameFromHash();
  show(start === null ? 0 : start);
}

start();
