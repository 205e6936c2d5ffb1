// The lobby: choose a game and its seats, create a table, share its links.

import { el, clear, fetchJson } from "./dom.js";
import { fillMoveTimes } from "./timer.js";
import { languageSwitch, t, translatePage } from "./i18n.js";

const BOT_LABELS = {
  random: t("lobby.bot-random"),
  heuristic: t("lobby.bot-heuristic"),
  ismcts: t("lobby.bot-ismcts"),
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
  const kind = el("select", { class: "seat-kind", "data-seat": seat, id: `seat-kind-${seat}`, "aria-label": t("lobby.seat-who", { number: seat + 1 }) },
    el("option", { value: "human" }, t("lobby.human")),
    bots.map((bot) => el("option", { value: botValue(bot) }, BOT_LABELS[bot] || t("lobby.bot", { bot }))));
  const name = el("input", { class: "seat-name", "data-seat": seat, id: `seat-name-${seat}`, type: "text", maxlength: 40,
    placeholder: t("seat.numbered", { number: seat + 1 }), "aria-label": t("lobby.seat-name", { number: seat + 1 }) });
  const fallback = seat === 0 || !bots.length ? "human" : botValue(bots.includes("heuristic") ? "heuristic" : bots[0]);
  kind.value = previous ? previous.kind : fallback;
  name.value = previous ? previous.name : "";
  return el("div", { class: "seat-row" }, el("span", { class: "seat-label" }, t("seat.numbered", { number: seat + 1 })), kind, name);
}

function renderSeats() {
  const game = currentGame();
  const box = $("seats");
  const previous = [...box.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector(".seat-kind").value,
    name: row.querySelector(".seat-name").value,
  }));
  clear(box).append(el("legend", {}, t("lobby.seats")));
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
      throw new Error(t("lobby.seed-invalid", { max: Number.MAX_SAFE_INTEGER }));
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
    showError(t("lobby.not-created", { message: error.message }));
  } finally {
    $("create").disabled = false;
  }
}

async function copyText(button, text, link) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = t("lobby.copied");
  } catch {
    const range = document.createRange();
    range.selectNodeContents(link);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    button.textContent = t("lobby.selected");
  }
  button.classList.add("copied");
  setTimeout(() => {
    button.textContent = t("lobby.copy");
    button.classList.remove("copied");
  }, 2500);
}

function linkRow(label, path, attrs) {
  const href = absolute(path);
  const link = el("a", { href, ...attrs }, href);
  const button = el("button", { type: "button", class: "copy", "aria-label": t("lobby.copy-label", { label }) }, t("lobby.copy"));
  button.addEventListener("click", () => copyText(button, href, link));
  return el("div", { class: "link-row" }, el("span", { class: "link-label" }, label), link, button);
}

function renderLinks(created) {
  const list = clear($("link-list"));
  const names = formBody().names;
  for (const seat of created.seats) {
    const name = seat.name || names[seat.seat];
    const who = name ? t("lobby.named-seat", { name, number: seat.seat + 1 }) : t("seat.numbered", { number: seat.seat + 1 });
    if (seat.kind === "human") {
      list.append(linkRow(who, seat.link, { class: "seat-link", "data-seat": seat.seat }));
    } else {
      list.append(el("div", { class: "link-row" }, el("span", { class: "link-label" }, who), el("span", { class: "muted" }, t("lobby.bot-seat", { bot: seat.bot }))));
    }
  }
  list.append(linkRow(t("lobby.spectators"), created.spectator, { id: "spectator-link" }));
  list.append(linkRow(t("lobby.replay-after"), created.replay, { id: "replay-link" }));
  if (created.seed_chosen) {
    list.append(el("p", { class: "muted", id: "seed-note" }, t("lobby.seed-note")));
  }
  list.append(closeRow(created));
  $("links").hidden = false;
  $("links").scrollIntoView({ behavior: "smooth", block: "nearest" });
}

// Only this page knows the creator's token: it can close the table until it is reloaded.
function closeRow(created) {
  const button = el("button", { type: "button", id: "close-table" }, t("lobby.close"));
  const note = el("span", { class: "muted", id: "close-note" }, t("lobby.close-note"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await fetchJson(`/api/tables/${encodeURIComponent(created.id)}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${created.creator_token}` },
      });
      button.textContent = t("lobby.closed");
      note.textContent = t("lobby.closed-note");
      loadTables();
    } catch (error) {
      button.disabled = false;
      showError(t("lobby.not-closed", { message: error.message }));
    }
  });
  return el("div", { class: "link-row" }, el("span", { class: "link-label" }, t("lobby.creator")), note, button);
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
  const moves = table.moves === 1 ? t("lobby.moves-one") : t("lobby.moves", { count: table.moves });
  const status = { playing: t("lobby.in-play"), over: t("lobby.over"), abandoned: t("lobby.abandoned"), closed: t("lobby.status-closed") }[table.status];
  return [table.preset, t("lobby.player-count", { count: table.players }), moves, status || (table.over ? t("lobby.over") : t("lobby.in-play"))].filter(Boolean).join(" · ");
}

function tableItem(table) {
  const title = (lobby.games.find((game) => game.name === table.game) || {}).title || table.game;
  const spectator = table.spectator || `/table/${table.id}`;
  const item = el("li", {},
    el("a", { class: "table-link", href: absolute(spectator) }, `${title} · ${table.id}`),
    el("span", { class: "table-meta" }, tableFacts(table)),
    el("span", { class: "table-meta" }, seatSummary(table)));
  if (table.over || (table.status && table.status !== "playing")) item.append(el("a", { class: "replay-link", href: absolute(table.replay || `/replay/${table.id}`) }, t("lobby.replay")));
  return item;
}

async function loadTables() {
  const list = $("tables");
  try {
    const data = await fetchJson("/api/tables");
    clear(list);
    for (const table of data.tables) list.append(tableItem(table));
    if (!data.tables.length) list.append(el("li", { class: "muted" }, t("lobby.no-tables")));
  } catch (error) {
    showError(t("lobby.tables-failed", { message: error.message }));
  }
}

async function start() {
  translatePage();
  $("language-switch").replaceWith(languageSwitch());
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
    showError(t("lobby.games-failed", { message: error.message }));
  }
  loadTables();
}

start();
