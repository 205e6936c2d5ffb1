// The table page: joins the table over the websocket, draws it and sends moves.

import { cardButton, sortCards } from "./cards.js";
import { el, clear, seatName, listText } from "./dom.js";
import { renderBoard, makeContext, rendererFor, eventLine, loadRenderer, scoringEvent, takesATrick, trickTaker } from "./board.js";
import { Pacer } from "./pace.js";
import { showDealSummary } from "./summary.js";
import { Announcer, spokenContext, spokenText } from "./announce.js";
import { TurnAlert } from "./alert.js";
import { MoveClock } from "./timer.js";
import { Chat } from "./chat.js";
import { showHints, watchHints } from "./hints.js";
import { language, languageSwitch, t, translatePage } from "./i18n.js";

const LOG_LIMIT = 60;
// Messages waiting to be shown past which the page stops pacing and catches up (a tab that
// was in the background, a table of bots only, which plays faster than it is shown): twelve
// moves, more than all the other seats make between two turns of one.
const BEHIND = 24;
const PING_MS = 25000;

const page = {
  tableId: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""),
  token: null,
  socket: null,
  attempts: 0,
  retryTimer: null,
  pingTimer: null,
  seat: null,
  names: [],
  title: "",
  state: null,
  trickEvents: [],
  scored: null,
  selected: null,
  sentText: null,
  closed: null,
  pacer: new Pacer(),
  announcer: null,
  alert: new TurnAlert(),
  clock: null,
  chat: null,
  // The events of the move being shown that took a trick: the trick is shown completed, with
  // who took it and why, before the state after the move.
  taking: null,
  // The scoring event of the move being shown that ended a deal: its summary follows the state.
  dealScored: null,
  // The messages are handled one after the other, each once the one before is done (a
  // welcome loads its game's renderer first).
  handled: Promise.resolve(),
  waiting: 0,
  // The link of this seat at the rematch, once one is made; whether this page asked for it.
  rematch: null,
  askedRematch: false,
};

const CLOSED_TEXT = {
  abandoned: t("closed.abandoned"),
  closed: t("closed.closed"),
};

const $ = (id) => document.getElementById(id);

function readToken() {
  const match = /(?:^|[#&])seat=([^&]+)/.exec(location.hash);
  return match ? decodeURIComponent(match[1]) : null;
}

function setBody(key, value) {
  document.body.dataset[key] = String(value);
}

// Connection

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/${encodeURIComponent(page.tableId)}`;
}

function connect() {
  clearTimeout(page.retryTimer);
  const socket = new WebSocket(socketUrl());
  page.socket = socket;
  socket.addEventListener("open", () => {
    setBody("connected", true);
    send({ type: "join", token: page.token, language });
    page.pingTimer = setInterval(() => send({ type: "ping" }), PING_MS);
  });
  socket.addEventListener("message", (message) => receive(message.data));
  socket.addEventListener("close", () => {
    if (page.socket !== socket) return;
    clearInterval(page.pingTimer);
    setBody("connected", false);
    scheduleReconnect();
  });
}

function scheduleReconnect() {
  const delay = Math.min(15000, 500 * 2 ** page.attempts) + Math.floor(Math.random() * 300);
  if (page.attempts === 0) page.announcer.say(t("status.connection-lost"));
  page.attempts += 1;
  const status = $("status");
  status.textContent = t("status.reconnecting", { seconds: Math.ceil(delay / 1000) });
  status.classList.remove("my-turn");
  status.classList.add("offline");
  page.retryTimer = setTimeout(connect, delay);
}

function send(message) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) {
    showError(t("error.not-connected"));
    return false;
  }
  page.socket.send(JSON.stringify(message));
  return true;
}

function receive(data) {
  let message;
  try {
    message = JSON.parse(data);
  } catch {
    return;
  }
  // The chat and the move timer are shown as they come, not at the pace of the moves.
  if (message.type === "welcome") {
    page.chat.setSeat(message.seat ?? null);
    page.chat.reset(message.chat);
    page.clock.update(message.clock, message.names || [], message.seat ?? null);
  } else if (message.type === "chat") {
    page.chat.add(message.lines || []);
    return;
  } else if (message.type === "clock") {
    page.clock.update(message, page.names, page.seat);
    return;
  }
  const handlers = { welcome: onWelcome, state: onState, events: onLiveEvents, error: onError, closed: onClosed, rematch: onRematch };
  const handler = handlers[message.type];
  if (!handler) return;
  page.waiting += 1;
  page.handled = page.handled.then(() => handler(message)).catch((error) => {
    showError(t("error.page", { message: error.message }));
  }).finally(() => {
    page.waiting -= 1;
  });
}

// Messages

async function onWelcome(message) {
  const table = message.table || {};
  await loadRenderer(table.game || "", table.renderer || null);
  page.attempts = 0;
  const seat = message.seat === undefined ? null : message.seat;
  page.trickEvents = [];
  page.taking = null;
  page.dealScored = null;
  page.selected = null;
  page.seat = seat;
  page.names = message.names || [];
  const game = table.game || "";
  setBody("game", game);
  setBody("seat", page.seat === null ? "spectator" : page.seat);
  page.title = table.title || (game ? game[0].toUpperCase() + game.slice(1) : t("table.heading"));
  $("title").textContent = page.seat === null ? t("table.title-spectator", { title: page.title }) : `${page.title} · ${seatName(page.names, page.seat)}`;
  page.alert.setTitle(t("table.tab-title", { title: page.title, id: page.tableId }));
  $("rules-link").href = `/rules#${encodeURIComponent(game)}`;
  $("hand-section").hidden = page.seat === null;
  const notice = $("notice");
  notice.hidden = !table.seed_chosen;
  notice.textContent = table.seed_chosen
    ? t("table.seed-notice")
    : "";
  page.closed = CLOSED_TEXT[table.status] ? { status: table.status, reason: null } : null;
  setBody("closed", page.closed !== null);
  clear($("log"));
  for (const entry of message.history || []) onEvents(entry);
}

// The events of a move just made: shown one move after the other, at the page's pace.
async function onLiveEvents(message) {
  const behind = document.hidden || page.waiting > BEHIND;
  if (!behind) await page.pacer.beforeMove();
  const events = message.events || [];
  page.taking = !behind && page.pacer.timing.trick && events.some(takesATrick) ? events : null;
  page.dealScored = scoringEvent(events);
  onEvents(message);
  if (!behind) announce(events);
}

// Say the events of a move as it is shown (a page catching up says none: its log has them).
function announce(events) {
  const ctx = spokenContext(context());
  for (const event of events) {
    const described = rendererFor(event.game).describeEvent(event, ctx);
    if (described !== null) page.announcer.say(spokenText(described));
  }
}

function onEvents(message) {
  const events = message.events || [];
  if (events.some(takesATrick)) page.trickEvents = events;
  page.scored = scoringEvent(events, page.scored);
  const ctx = context();
  const log = $("log");
  for (const event of events) {
    const line = eventLine(event, ctx);
    if (line) log.prepend(line);
  }
  while (log.children.length > LOG_LIMIT) log.lastElementChild.remove();
}

async function onState(message) {
  const previous = page.state;
  if (page.taking && previous) await showTaken(page.taking, message);
  page.taking = null;
  const before = previous ? cardNames() : null;
  const from = previous ? startingPoints() : null;
  page.state = message;
  if (!document.body.dataset.game) setBody("game", message.view.game);
  setBody("moves", message.moves);
  setBody("over", Boolean(message.over));
  showError("");
  if (!previous || previous.moves !== message.moves) {
    page.selected = null;
    if (page.sentText !== null && $("move-input").value === page.sentText) $("move-input").value = "";
    page.sentText = null;
  }
  render();
  const begins = message.legal.length > 0 && (!previous || previous.moves !== message.moves);
  if (begins) page.announcer.say(t("status.your-turn-said"));
  page.alert.yourTurn(message.legal.length > 0 && !page.closed, begins && !page.closed);
  if (before) page.pacer.flyIn(newCards(before), (node) => from(node.dataset.card));
  page.pacer.shown();
  const scored = page.dealScored;
  page.dealScored = null;
  // At a pace, the next deal is shown once the player has read this one's summary.
  if (scored) await showDealSummary(scored, message, context(), { hold: page.pacer.timing.card > 0 && !document.hidden });
  page.pacer.shown();
}

function cardNames() {
  return new Set([...document.querySelectorAll("#table-area [data-card]")].map((node) => node.dataset.card));
}

// The cards on the table that were not among the names `before`.
function newCards(before) {
  return [...document.querySelectorAll("#table-area [data-card]")].filter((node) => !before.has(node.dataset.card));
}

// Where a card newly on the table comes from: the card of the hand it was, or the box of the
// seat whose turn it was (read before the new state is drawn).
function startingPoints() {
  const hand = new Map([...document.querySelectorAll("#hand [data-card]")].map((node) => [node.dataset.card, node.getBoundingClientRect()]));
  const seats = page.state.to_act.map((seat) => document.querySelector(`#players .player[data-seat="${seat}"]`)).filter(Boolean);
  const seatBox = seats.length === 1 ? seats[0].getBoundingClientRect() : null;
  return (card) => hand.get(card) || seatBox;
}

// A move completed a trick: show it on the table with the reasons it went where it went,
// wait, then send it to its taker.
async function showTaken(events, next) {
  const renderer = rendererFor(next.view.game);
  const parts = renderer.lastTrick(next.view, events, context());
  if (!parts) return;
  const area = $("table-area");
  const before = cardNames();
  const from = startingPoints();
  const taker = trickTaker(events);
  const box = el("div", { class: "trick-taken", "data-taker": taker ?? "" }, ...parts);
  $("status").textContent = parts[0].textContent;
  $("status").classList.remove("my-turn");
  area.replaceChildren(...[...area.children].slice(0, 1), box);
  const arrived = newCards(before);
  page.pacer.flyIn(arrived, (node) => from(node.dataset.card));
  // The hand waits for the state after the move: the card played has left it.
  for (const node of arrived) document.querySelector(`#hand [data-card="${node.dataset.card}"]`)?.remove();
  for (const button of document.querySelectorAll("#hand button, #choices button")) button.disabled = true;
  await page.pacer.pause();
  const target = taker === null ? null : document.querySelector(`#players .player[data-seat="${taker}"]`);
  await page.pacer.flyAway(box, target ? target.getBoundingClientRect() : null);
}

function onClosed(message) {
  page.closed = { status: message.status, reason: message.reason || null };
  setBody("closed", true);
  if (page.state) render();
}

function closedText() {
  const closed = page.closed;
  if (closed.status === "abandoned" && closed.reason) return t("closed.abandoned-reason", { reason: closed.reason });
  return CLOSED_TEXT[closed.status] || t("closed.other");
}

// A rematch was made: this seat's link to it (the page that asked goes there).
function onRematch(message) {
  if (typeof message.link !== "string" || !message.link.startsWith("/table/")) return;
  const first = page.rematch === null;
  page.rematch = message.link;
  if (page.state) render();
  if (page.askedRematch) {
    location.assign(message.link);
  } else if (first) {
    page.announcer.say(t("rematch.ready"));
  }
}

function onRematchClick() {
  if (send({ type: "rematch" })) {
    page.askedRematch = true;
    $("rematch").disabled = true;
  }
}

function onError(message) {
  if (page.askedRematch && !page.rematch) {
    page.askedRematch = false;
    $("rematch").disabled = false;
  }
  showError(message.message || message.code || t("error.generic"));
  if (message.code === "bad-token") $("status").textContent = t("error.bad-token");
}

function showError(text) {
  $("error").textContent = text;
}

// Drawing

function context() {
  const state = page.state;
  return makeContext({
    names: page.names,
    takers: state ? state.takers : null,
    me: page.seat,
    toAct: state ? state.to_act : [],
    scores: state ? state.scores : null,
    dealScores: state ? state.deal_scores : null,
  });
}

function render() {
  const state = page.state;
  const ctx = context();
  renderBoard(state.view, ctx, page.trickEvents, page.scored);
  renderStatus(state, ctx);
  renderHand(state);
  renderChoices(state);
  renderTargets(state);
  renderLegalTexts(state);
  renderGameOver(state, ctx);
  // Once the game is over the game-over box says how it ended; the table has nothing left.
  $("table-area").hidden = Boolean(state.over);
  $("hand-section").hidden = page.seat === null || Boolean(state.over) || page.closed !== null;
}

function renderStatus(state, ctx) {
  const status = $("status");
  const renderer = rendererFor(state.view.game);
  if (state.over) {
    status.textContent = t("status.game-over", { winners: winnersText(state, ctx) });
  } else if (page.closed) {
    status.textContent = closedText();
  } else if (state.legal.length) {
    status.textContent = t("status.your-turn", { hint: renderer.phaseHint(state.view) });
  } else if (page.seat !== null && state.to_act.length) {
    status.textContent = t("status.waiting-for", { names: listText(state.to_act.map(ctx.name)) });
  } else if (state.to_act.length) {
    status.textContent = t("status.to-play", { names: listText(state.to_act.map(ctx.name)) });
  } else {
    status.textContent = t("status.waiting");
  }
  status.classList.toggle("my-turn", state.legal.length > 0);
  status.classList.remove("offline");
}

function winnersText(state, ctx) {
  const winners = state.winners || [];
  if (!winners.length) return "";
  const names = listText(winners.map(ctx.name));
  return t(winners.length > 1 ? "winners.many" : "winners.one", { names });
}

function movesOfCard(state, card) {
  return state.legal.filter((item) => item.move.card === card);
}

function renderHand(state) {
  const hand = clear($("hand"));
  const myTurn = state.legal.length > 0;
  const cards = sortCards(state.view.hand || []);
  for (const card of cards) {
    const button = cardButton(card);
    const legal = movesOfCard(state, card).length > 0;
    if (legal) button.classList.add("legal");
    if (myTurn && !legal) button.disabled = true;
    if (card === page.selected) {
      button.classList.add("selected");
      button.setAttribute("aria-pressed", "true");
    }
    hand.append(button);
  }
  if (!cards.length) hand.append(el("p", { class: "muted" }, state.over ? t("hand.over") : t("hand.empty")));
  showHints(hand, $("move-hint"), state.legal);
}

function choiceItems(state) {
  const loose = state.legal.filter((item) => item.move.card === undefined);
  const ofSelected = page.selected ? movesOfCard(state, page.selected) : [];
  return [...loose, ...ofSelected];
}

function renderChoices(state) {
  const box = clear($("choices"));
  const renderer = rendererFor(state.view.game);
  const items = choiceItems(state);
  if (page.selected && items.length) {
    box.append(el("p", { class: "choice-note" }, t("choices.where", { card: page.selected })));
  }
  for (const item of items) {
    const label = renderer.choiceLabel ? renderer.choiceLabel(item) : item.text;
    box.append(el("button", { type: "button", class: "choice", "data-move-text": item.text, title: item.hint }, label));
  }
}

// With a card selected that may go to several tricks, those tricks can be pressed too.
function renderTargets(state) {
  if (!page.selected) return;
  for (const item of movesOfCard(state, page.selected)) {
    if (item.move.trick === undefined) continue;
    const trick = document.querySelector(`#table-area .trick[data-trick="${item.move.trick}"]`);
    if (!trick) continue;
    trick.classList.add("target");
    trick.tabIndex = 0;
    trick.setAttribute("role", "button");
    trick.setAttribute("aria-label", t("target.label", { card: page.selected, number: item.move.trick + 1 }));
  }
}

function renderLegalTexts(state) {
  const list = clear($("legal-texts"));
  for (const item of state.legal) list.append(el("option", { value: item.text }));
}

function renderGameOver(state, ctx) {
  const box = $("game-over");
  const closed = page.closed !== null && !state.over;
  box.hidden = !state.over && !closed;
  if (box.hidden) return;
  const totals = state.scores.map((score, seat) => `${ctx.name(seat)} ${score}`).join(", ");
  $("game-over-heading").textContent = closed ? t("game-over.closed") : t("table.game-over");
  $("game-over-text").textContent = closed
    ? t("game-over.closed-text", { closed: closedText(), totals })
    : t("game-over.text", { winners: winnersText(state, ctx), totals });
  $("rematch").hidden = closed || page.seat === null || page.rematch !== null;
  $("rematch-link").hidden = page.rematch === null;
  if (page.rematch) $("rematch-link").href = page.rematch;
  $("record-link").href = `/api/tables/${encodeURIComponent(page.tableId)}/record`;
  $("replay-link").href = `/replay/${encodeURIComponent(page.tableId)}`;
}

// Input

function sendMove(item) {
  if (send({ type: "move", move: item.move })) page.selected = null;
}

function onHandClick(event) {
  const button = event.target.closest("button.card");
  if (!button || !page.state) return;
  const moves = movesOfCard(page.state, button.dataset.card);
  if (!moves.length) return;
  if (moves.length === 1) {
    sendMove(moves[0]);
    return;
  }
  page.selected = page.selected === button.dataset.card ? null : button.dataset.card;
  render();
}

function onChoiceClick(event) {
  const button = event.target.closest("button.choice");
  if (!button || !page.state) return;
  const item = page.state.legal.find((candidate) => candidate.text === button.dataset.moveText);
  if (item) sendMove(item);
}

function targetItem(trick) {
  if (!page.state || !page.selected || !trick.classList.contains("target")) return null;
  const index = Number(trick.dataset.trick);
  return movesOfCard(page.state, page.selected).find((item) => item.move.trick === index) || null;
}

function onTableClick(event) {
  const trick = event.target.closest(".trick");
  const item = trick && targetItem(trick);
  if (item) sendMove(item);
}

function onTableKey(event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const trick = event.target.closest(".trick");
  const item = trick && targetItem(trick);
  if (item) {
    event.preventDefault();
    sendMove(item);
  }
}

function onMoveSubmit(event) {
  event.preventDefault();
  const text = $("move-input").value.trim();
  if (!text) return;
  if (send({ type: "move", text })) page.sentText = $("move-input").value;
}

function onHashChange() {
  const token = readToken();
  if (token === page.token) return;
  page.token = token;
  send({ type: "join", token });
}

function start() {
  translatePage();
  page.token = readToken();
  page.announcer = new Announcer($("announcer"));
  page.clock = new MoveClock($("move-clock"), () => send({ type: "take-back" }));
  page.chat = new Chat($("chat"), (text) => send({ type: "chat", text }));
  setBody("seat", page.token ? "" : "spectator");
  $("hand-section").hidden = !page.token;
  document.querySelector(".top .connection").before(page.pacer.control(), page.alert.control(), languageSwitch());
  $("hand").addEventListener("click", onHandClick);
  watchHints($("hand"), $("move-hint"));
  $("choices").addEventListener("click", onChoiceClick);
  $("table-area").addEventListener("click", onTableClick);
  $("table-area").addEventListener("keydown", onTableKey);
  $("move-form").addEventListener("submit", onMoveSubmit);
  $("rematch").addEventListener("click", onRematchClick);
  window.addEventListener("hashchange", onHashChange);
  connect();
}

start();
