// The chat of a table: the lines its seats write, shown to seats and spectators as text
// (never as HTML: every line goes into the page through textContent), and, for a seat, the
// box to write one. Spectators read the chat but cannot write in it.

import { el, clear } from "./dom.js";
import { t } from "./i18n.js";

// Every text this file shows.
const TEXT = {
  heading: t("chat.heading"),
  label: t("chat.label"),
  send: t("chat.send"),
  empty: t("chat.empty"),
  spectator: t("chat.spectator"),
  placeholder: t("chat.placeholder"),
};

// The most characters of a line (the server refuses longer ones) and of the lines shown.
const MAX_LENGTH = 200;
const SHOWN = 100;

export class Chat {
  // section: the element the chat is drawn in; send(text): sends a line, true if sent.
  constructor(section, send) {
    this.send = send;
    this.log = el("ol", { id: "chat-log", class: "chat-log", "aria-live": "polite" });
    this.empty = el("p", { class: "muted chat-empty" }, TEXT.empty);
    this.input = el("input", { id: "chat-input", name: "chat", maxlength: MAX_LENGTH, autocomplete: "off", placeholder: TEXT.placeholder });
    this.form = el("form", { id: "chat-form", class: "chat-form" },
      el("label", { for: "chat-input", class: "visually-hidden" }, TEXT.label), this.input,
      el("button", { id: "chat-send", type: "submit" }, TEXT.send));
    this.note = el("p", { id: "chat-note", class: "muted" }, TEXT.spectator);
    clear(section).append(el("h2", { id: "chat-heading" }, TEXT.heading), this.empty, this.log, this.form, this.note);
    section.setAttribute("aria-labelledby", "chat-heading");
    this.form.addEventListener("submit", (event) => this.onSubmit(event));
    this.setSeat(null);
  }

  // Whether the reader writes (a seat) or only reads (a spectator).
  setSeat(seat) {
    this.form.hidden = seat === null;
    this.note.hidden = seat !== null;
  }

  // The lines of a welcome: the chat so far, in place of what was shown.
  reset(lines) {
    clear(this.log);
    this.add(lines || []);
  }

  add(lines) {
    for (const line of lines) {
      if (!line || typeof line.text !== "string") continue;
      const name = el("span", { class: "chat-name" });
      name.textContent = `${line.name}: `;
      const text = el("span", { class: "chat-text" });
      text.textContent = line.text;
      this.log.append(el("li", { "data-seat": line.seat }, name, text));
    }
    while (this.log.children.length > SHOWN) this.log.firstElementChild.remove();
    this.empty.hidden = this.log.children.length > 0;
    this.log.scrollTop = this.log.scrollHeight;
  }

  onSubmit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    if (this.send(text)) this.input.value = "";
  }
}
