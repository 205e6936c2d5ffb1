// The move timer of a table of people: the seconds each seat to act has left, counted down
// from what the server said (the server's clock alone decides), the seats a bot plays since
// their time ran out, and, for the reader's own seat, the button that takes it back.

import { el, clear, seatName } from "./dom.js";
import { t } from "./i18n.js";

// Every text this file shows.
const TEXT = {
  heading: t("timer.heading"),
  // Before and after the time left ("Ann: 0:42 left to move").
  seat: (name) => t("timer.seat", { name }),
  you: t("timer.you"),
  left: t("timer.left"),
  byBot: (name) => t("timer.by-bot", { name }),
  yourByBot: t("timer.your-by-bot"),
  takeBack: t("timer.take-back"),
  takeBackNote: t("timer.take-back-note"),
  // The lobby's choices.
  off: t("timer.off"),
  choice: (seconds) => (seconds % 60 === 0 ? t("timer.minutes", { minutes: seconds / 60 }) : t("timer.seconds", { seconds })),
};

// The move times the lobby offers (seconds), those within the server's bounds.
const CHOICES = [15, 30, 60, 120, 300];

const TICK_MS = 250;

// "1:05", "0:09".
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export class MoveClock {
  // box: the element the timer is drawn in; takeBack(): asks the server for the seat.
  constructor(box, takeBack) {
    this.box = box;
    this.takeBack = takeBack;
    this.clock = null;
    this.received = 0;
    this.names = [];
    this.me = null;
    this.ticker = null;
    box.hidden = true;
  }

  // A welcome (its clock may be null: no timer) or a clock message.
  update(clock, names, me) {
    this.clock = clock || null;
    this.received = performance.now();
    this.names = names;
    this.me = me;
    clearInterval(this.ticker);
    this.ticker = null;
    if (this.clock && this.clock.left.length) this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.draw();
  }

  // The table ended: no one's time runs.
  stop() {
    if (this.clock) this.update({ ...this.clock, left: [], by_bot: [] }, this.names, this.me);
  }

  secondsLeft(entry) {
    return entry.seconds - (performance.now() - this.received) / 1000;
  }

  tick() {
    for (const entry of this.clock.left) {
      const node = this.box.querySelector(`.clock-seat[data-seat="${entry.seat}"] .clock-time`);
      if (node) node.textContent = clockText(this.secondsLeft(entry));
    }
  }

  draw() {
    const box = clear(this.box);
    const clock = this.clock;
    box.hidden = !clock || (!clock.left.length && !clock.by_bot.length);
    if (box.hidden) return;
    const list = el("ul", { class: "clock-list" });
    for (const entry of clock.left) {
      const time = el("span", { class: "clock-time" }, clockText(this.secondsLeft(entry)));
      const mine = entry.seat === this.me;
      const who = mine ? TEXT.you : TEXT.seat(seatName(this.names, entry.seat));
      list.append(el("li", { class: mine ? "clock-seat mine" : "clock-seat", "data-seat": entry.seat }, who, time, TEXT.left));
    }
    for (const seat of clock.by_bot) {
      list.append(el("li", { class: "clock-bot", "data-seat": seat }, TEXT.byBot(seatName(this.names, seat))));
    }
    box.append(el("h2", { class: "visually-hidden" }, TEXT.heading), list);
    if (this.me !== null && clock.by_bot.includes(this.me)) {
      const button = el("button", { type: "button", id: "take-back", class: "primary" }, TEXT.takeBack);
      button.addEventListener("click", () => {
        button.disabled = true;
        this.takeBack();
      });
      box.append(el("p", { class: "clock-mine" }, TEXT.yourByBot, " ", button), el("p", { class: "muted" }, TEXT.takeBackNote));
    }
  }
}

// The lobby's select of move times: off (the default), then every choice within the
// server's bounds ({min, max} seconds, from GET /api/games).
export function fillMoveTimes(select, bounds) {
  clear(select).append(el("option", { value: "" }, TEXT.off));
  for (const seconds of CHOICES) {
    if (bounds && (seconds < bounds.min || seconds > bounds.max)) continue;
    select.append(el("option", { value: seconds }, TEXT.choice(seconds)));
  }
  select.value = "";
}
