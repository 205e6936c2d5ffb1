// The lobby: choose a game and its seats, create a table, share its links.

import { el, clear, fetchJson } from "./dom.js";
import { fillMoveTimes } from "./timer.js";

const BOT_LABELS = {
  random: "Bot: random",
  heuristic: "Bot: heuristic",
  ismcts: "Bot: ISMCTS (strong)",
};

const lobby = { games: [] };
const $ = (id) => document.getElementById(id);

function absolute(path) {
  return new URL(path, location.origin).href;
}

function showError(text) {
  $("lobby-error").textContent = text;
}

function currentGame() {
  return lobby.games.find((game) => game.name === $("game").value);
}

// The value a bot name has in the seat selects: ISMCTS runs with its default time.
function botValue(name) {
  return name === "ismcts" ? "ismcts:time=0.5" : name;
}

function fillSelect(select, values, selected, label = String) {
  clear(select);
  for (const value of values) select.append(el("option", { value }, label(value)));
  const known = values.map(String).includes(String(selected));
  select.value = known ? String(selected) : String(values[0]);
}

// The player counts of the chosen rules (the server may list them per preset).
function playerCounts(game, preset) {
  const byPreset = game.preset_player_counts;
  return byPreset && byPreset[preset] ? byPreset[preset] : game.player_counts;
}

// The chosen preset's line, and its title in the select.
function presetNote(game, preset) {
  return (game.preset_notes || {})[preset] || null;
}

function showPresetNote() {
  const game = currentGame();
  const note = game ? presetNote(game, $("preset").value) : null;
  $("preset-note").textContent = note ? note.line : "";
}

function onPresetChange() {
  const game = currentGame();
  if (!game) return;
  showPresetNote();
  const counts = playerCounts(game, $("preset").value);
  const current = Number($("players").value);
  let players = counts[0];
  if (counts.includes(current)) players = current;
  else if (counts.includes(game.default_players)) players = game.default_players;
  fillSelect($("players"), counts, players);
  renderSeats();
}

function onGameChange() {
  const game = currentGame();
  if (!game) return;
  fillSelect($("preset"), game.presets, game.default_preset, (preset) => (presetNote(game, preset) || {}).title || preset);
  showPresetNote();
  fillSelect($("players"), playerCounts(game, game.default_preset), game.default_players);
  renderSeats();
}

function seatRow(seat, bots, previous) {
  const kind = el("select", { class: "seat-kind", "data-seat": seat, id: `seat-kind-${seat}`, "aria-label": `Seat ${seat + 1}: who plays` },
    el("option", { value: "human" }, "Human"),
    bots.map((bot) => el("option", { value: botValue(bot) }, BOT_LABELS[bot] || `Bot: ${bot}`)));
  const name = el("input", { class: "seat-name", "data-seat": seat, id: `seat-name-${seat}`, type: "text", maxlength: 40,
    placeholder: `Seat ${seat + 1}`, "aria-label": `Seat ${seat + 1}: name` });
  const fallback = seat === 0 || !bots.length ? "human" : botValue(bots.includes("heuristic") ? "heuristic" : bots[0]);
  kind.value = previous ? previous.kind : fallback;
  name.value = previous ? previous.name : "";
  return el("div", { class: "seat-row" }, el("span", { class: "seat-label" }, `Seat ${seat + 1}`), kind, name);
}

function renderSeats() {
  const game = currentGame();
  const box = $("seats");
  const previous = [...box.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector(".seat-kind").value,
    name: row.querySelector(".seat-name").value,
  }));
  clear(box).append(el("legend", {}, "Seats"));
  const count = Number($("players").value);
  for (let seat = 0; seat < count; seat += 1) box.append(seatRow(seat, game.bots || [], previous[seat]));
}

function formBody() {
  const seats = [...document.querySelectorAll(".seat-kind")].map((select) => select.value);
  const names = [...document.querySelectorAll(".seat-name")].map((input) => input.value.trim() || null);
  const body = {
    game: $("game").value,
    preset: $("preset").value,
    players: Number($("players").value),
    seats,
    names,
  };
  const moveTime = $("move-time").value;
  if (moveTime !== "") body.move_time = Number(moveTime);
  const seed = $("seed").value.trim();
  if (seed !== "") {
    if (!/^[0-9]+$/.test(seed) || !Number.isSafeInteger(Number(seed))) {
      throw new Error(`the seed must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
    }
    body.seed = Number(seed);
  }
  return body;
}

async function onSubmit(event) {
  event.preventDefault();
  showError("");
  $("create").disabled = true;
  try {
    const body = formBody();
    const created = await fetchJson("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    renderLinks(created);
    loadTables();
  } catch (error) {
    showError(`The table was not created: ${error.message}`);
  } finally {
    $("create").disabled = false;
  }
}

async function copyText(button, text, link) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    const range = document.createRange();
    range.selectNodeContents(link);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    button.textContent = "Selected: press Ctrl+C";
  }
  button.classList.add("copied");
  setTimeout(() => {
    button.textContent = "Copy";
    button.classList.remove("copied");
  }, 2500);
}

function linkRow(label, path, attrs) {
  const href = absolute(path);
  const link = el("a", { href, ...attrs }, href);
  const button = el("button", { type: "button", class: "copy", "aria-label": `Copy the link: ${label}` }, "Copy");
  button.addEventListener("click", () => copyText(button, href, link));
  return el("div", { class: "link-row" }, el("span", { class: "link-label" }, label), link, button);
}

function renderLinks(created) {
  const list = clear($("link-list"));
  const names = formBody().names;
  for (const seat of created.seats) {
    const name = seat.name || names[seat.seat];
    const who = name ? `${name} (seat ${seat.seat + 1})` : `Seat ${seat.seat + 1}`;
    if (seat.kind === "human") {
      list.append(linkRow(who, seat.link, { class: "seat-link", "data-seat": seat.seat }));
    } else {
      list.append(el("div", { class: "link-row" }, el("span", { class: "link-label" }, who), el("span", { class: "muted" }, `bot (${seat.bot})`)));
    }
  }
  list.append(linkRow("Spectators", created.spectator, { id: "spectator-link" }));
  list.append(linkRow("Replay (after the game)", created.replay, { id: "replay-link" }));
  if (created.seed_chosen) {
    list.append(el("p", { class: "muted", id: "seed-note" }, "Dealt from your seed: every player's page says so."));
  }
  list.append(closeRow(created));
  $("links").hidden = false;
  $("links").scrollIntoView({ behavior: "smooth", block: "nearest" });
}

// Only this page knows the creator's token: it can close the table until it is reloaded.
function closeRow(created) {
  const button = el("button", { type: "button", id: "close-table" }, "Close this table");
  const note = el("span", { class: "muted", id: "close-note" }, "Only this page can close it, until you leave it.");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await fetchJson(`/api/tables/${encodeURIComponent(created.id)}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${created.creator_token}` },
      });
      button.textContent = "Closed";
      note.textContent = "The table is closed; its players have been told.";
      loadTables();
    } catch (error) {
      button.disabled = false;
      showError(`The table was not closed: ${error.message}`);
    }
  });
  return el("div", { class: "link-row" }, el("span", { class: "link-label" }, "Creator"), note, button);
}

function seatSummary(table) {
  const seats = table.seats || [];
  return seats.map((seat, i) => {
    if (typeof seat === "string") return seat;
    const name = seat.name || (table.names && table.names[i]);
    const kind = seat.kind === "bot" ? seat.bot || "bot" : "human";
    if (!name) return kind;
    return name.includes(`(${kind})`) ? name : `${name} (${kind})`;
  }).join(", ");
}

function tableFacts(table) {
  const moves = table.moves === 1 ? "1 move" : `${table.moves} moves`;
  const status = { playing: "in play", over: "over", abandoned: "closed as abandoned", closed: "closed" }[table.status];
  return [table.preset, `${table.players} players`, moves, status || (table.over ? "over" : "in play")].filter(Boolean).join(" · ");
}

function tableItem(table) {
  const title = (lobby.games.find((game) => game.name === table.game) || {}).title || table.game;
  const spectator = table.spectator || `/table/${table.id}`;
  const item = el("li", {},
    el("a", { class: "table-link", href: absolute(spectator) }, `${title} · ${table.id}`),
    el("span", { class: "table-meta" }, tableFacts(table)),
    el("span", { class: "table-meta" }, seatSummary(table)));
  if (table.over || (table.status && table.status !== "playing")) item.append(el("a", { class: "replay-link", href: absolute(table.replay || `/replay/${table.id}`) }, "replay"));
  return item;
}

async function loadTables() {
  const list = $("tables");
  try {
    const data = await fetchJson("/api/tables");
    clear(list);
    for (const table of data.tables) list.append(tableItem(table));
    if (!data.tables.length) list.append(el("li", { class: "muted" }, "No tables yet."));
  } catch (error) {
    showError(`The list of tables could not be loaded: ${error.message}`);
  }
}

async function start() {
  $("new-table").addEventListener("submit", onSubmit);
  $("game").addEventListener("change", onGameChange);
  $("preset").addEventListener("change", onPresetChange);
  $("players").addEventListener("change", renderSeats);
  $("refresh").addEventListener("click", loadTables);
  try {
    const data = await fetchJson("/api/games");
    lobby.games = data.games;
    fillMoveTimes($("move-time"), data.move_time);
    fillSelect($("game"), lobby.games.map((game) => game.name), lobby.games[0].name,
      (name) => lobby.games.find((game) => game.name === name).title);
    onGameChange();
  } catch (error) {
    showError(`The games could not be loaded: ${error.message}`);
  }
  loadTables();
}

start();
