// The replay page: steps through a finished game move by move. It fetches every move and its
// events at once (/replay/moves), and what the table showed in pages of frames
// (/replay/frames), the page of the frame shown first, then the others as they are reached:
// a long game opens as fast as a short one.

import { cardRow, sortCards } from "./cards.js";
import { el, clear, fetchJson } from "./dom.js";
import { renderBoard, makeContext, eventLine, loadRenderer, scoringEvent, takesATrick } from "./board.js";
import { languageSwitch, t, translatePage } from "./i18n.js";


// The frames of a page fetched at once.
const PAGE = 20;
// Milliseconds a move whose page is not fetched yet waits before it is fetched: dragging the
// slider across the game fetches only the page where it stops.
const FETCH_DELAY = 120;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// data: the moves and events of every frame; shown: per frame its view, takers, scores and
// hands, once fetched; pages: the fetches of pages, by their first frame.
const replay = { data: null, index: 0, shown: [], pages: new Map() };
const $ = (id) => document.getElementById(id);

function tableId() {
  return decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
}

function frameFromHash() {
  const match = /move=(\d+)/.exec(location.hash);
  return match ? Number(match[1]) : null;
}

function lastFrame() {
  return replay.data.frames - 1;
}

function pageStart(index) {
  return Math.floor(index / PAGE) * PAGE;
}

// The page of frames that holds frame `index`, fetched once.
function fetchPage(index) {
  const start = pageStart(index);
  if (!replay.pages.has(start)) {
    const url = `/api/tables/${encodeURIComponent(tableId())}/replay/frames?from=${start}&count=${PAGE}`;
    const fetched = fetchJson(url).then((page) => {
      page.frames.forEach((frame, offset) => { replay.shown[page.from + offset] = frame; });
    }).catch((error) => {
      replay.pages.delete(start); // tried again when the frame is next wanted
      throw error;
    });
    replay.pages.set(start, fetched);
  }
  return replay.pages.get(start);
}

// The events of the latest frame up to `index` that took a trick, for "last trick".
function trickEvents(index) {
  for (let i = index; i >= 0; i -= 1) {
    const events = replay.data.moves[i].events || [];
    if (events.some(takesATrick)) return events;
  }
  return [];
}

// The latest event up to frame `index` that explains the scores of a deal.
function scoredAt(index) {
  let found = null;
  for (let i = 0; i <= index; i += 1) found = scoringEvent(replay.data.moves[i].events || [], found);
  return found;
}

function renderHands(frame, ctx) {
  const box = clear($("hands"));
  frame.hands.forEach((hand, seat) => {
    const cards = sortCards(hand);
    box.append(el("div", { class: "seat-hand", "data-seat": seat },
      el("h3", {}, `${ctx.name(seat)} (${cards.length})`),
      cards.length ? cardRow(cards, { small: true }) : el("span", { class: "muted" }, t("replay.no-cards"))));
  });
}

function renderMove(frame, ctx) {
  const move = $("replay-move");
  if (frame.move === null) move.textContent = t("replay.start");
  else move.textContent = t("replay.move", { number: replay.index, name: ctx.name(frame.player), move: frame.text });
  const list = clear($("frame-events"));
  for (const event of frame.events || []) {
    const line = eventLine(event, ctx);
    if (line) list.append(line);
  }
}

async function show(index) {
  replay.index = Math.max(0, Math.min(lastFrame(), index));
  const wanted = replay.index;
  $("replay-range").value = String(wanted);
  $("first").disabled = $("prev").disabled = wanted === 0;
  $("next").disabled = $("last").disabled = wanted === lastFrame();
  history.replaceState(null, "", `#move=${wanted}`);
  if (!replay.shown[wanted]) {
    if (!replay.pages.has(pageStart(wanted))) {
      await sleep(FETCH_DELAY);
      if (replay.index !== wanted) return; // the reader moved on meanwhile
    }
    try {
      await fetchPage(wanted);
    } catch (error) {
      $("error").textContent = t("replay.move-error", { message: error.message });
      return;
    }
    if (replay.index !== wanted) return; // another move was asked for meanwhile
  }
  $("error").textContent = "";
  const frame = { ...replay.data.moves[wanted], ...replay.shown[wanted] };
  const ctx = makeContext({ names: replay.data.names || [], takers: frame.takers || null, toAct: frame.view.players_to_act || [], scores: frame.scores || null });
  $("replay-step").textContent = t("replay.step", { number: wanted, last: lastFrame() });
  renderMove(frame, ctx);
  renderBoard(frame.view, ctx, trickEvents(wanted), scoredAt(wanted));
  renderHands(frame, ctx);
  // The next page is fetched ahead, so that stepping on does not wait.
  if (wanted + PAGE <= lastFrame() && !replay.shown[wanted + PAGE]) fetchPage(wanted + PAGE).catch(() => null);
  document.dispatchEvent(new CustomEvent("replay:frame", { detail: { index: wanted, data: replay.data } }));
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
  translatePage();
  document.querySelector(".top").append(languageSwitch());
  bindControls();
  const id = tableId();
  const first = frameFromHash() ?? 0;
  // The page of the start is fetched beside the moves; another one once the moves say how
  // many frames there are. A page that fails is fetched again when its frame is shown.
  const page = (first === 0 ? fetchPage(0) : Promise.resolve()).catch(() => null);
  try {
    replay.data = await fetchJson(`/api/tables/${encodeURIComponent(id)}/replay/moves`);
    await loadRenderer(replay.data.game, replay.data.renderer);
    await page;
  } catch (error) {
    $("error").textContent = t("replay.load-error", { message: error.message });
    $("replay-step").textContent = t("replay.none");
    for (const button of ["first", "prev", "next", "last"]) $(button).disabled = true;
    return;
  }
  const data = replay.data;
  document.body.dataset.game = data.game;
  const title = data.game ? data.game[0].toUpperCase() + data.game.slice(1) : t("replay.game");
  $("title").textContent = t("replay.title", { game: title, players: data.players });
  document.title = t("replay.tab-title", { game: title, id });
  $("hands-heading").textContent = t("replay.hands-of", { players: data.players });
  $("replay-range").max = String(lastFrame());
  await show(first);
}

start();
