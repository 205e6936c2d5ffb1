// When it becomes the reader's turn: the tab's title says so ("● Your turn — " before the
// page's title), so a player in another tab sees it, and, if they turned it on, a short tone
// sounds. The sound is off by default; the choice is kept by the browser (localStorage), for
// every table, like the speed of play. The tone is made by WebAudio: two short sine notes, no
// sound file.

import { el } from "./dom.js";
import { t } from "./i18n.js";

// The key of the sound setting in the browser's localStorage ("on" or "off").
export const SOUND_KEY = "table.sound";

// The mark the title starts with while it is the reader's turn.
export const TURN_MARK = t("alert.turn-mark");

// The tone: its notes (Hz), each note's length and the gap between their starts (seconds),
// and its loudness (0–1, kept low: a hint, not an alarm).
const NOTES = [660, 880];
const NOTE_SECONDS = 0.14;
const NOTE_GAP = 0.16;
const VOLUME = 0.12;

export function storedSound() {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false; // storage refused (a private window, a policy)
  }
}

function storeSound(on) {
  try {
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    // The choice holds for this page only.
  }
}

export class TurnAlert {
  constructor() {
    this.sound = storedSound();
    this.audio = null;
    this.title = document.title;
    this.turn = false;
  }

  // The title of the tab when it is not the reader's turn.
  setTitle(title) {
    this.title = title;
    this.showTitle();
  }

  showTitle() {
    document.title = this.turn ? `${TURN_MARK}${this.title}` : this.title;
  }

  // The checkbox that turns the sound on and off, bound to this alert.
  control() {
    const box = el("input", { type: "checkbox", id: "sound", checked: this.sound });
    box.addEventListener("change", () => {
      this.sound = box.checked;
      storeSound(this.sound);
      if (this.sound) this.context(); // made while the reader clicks, so the browser lets it play
    });
    return el("label", { class: "sound", for: "sound", title: t("alert.sound-title") }, box, " ", el("span", { class: "sound-word" }, t("alert.sound")));
  }

  // Whether it is the reader's turn now: the title follows, and a turn that begins sounds.
  yourTurn(now, begins) {
    this.turn = now;
    this.showTitle();
    if (now && begins && this.sound) this.tone();
  }

  // The page's audio context, made once (browsers let a page start sound only after the reader
  // has interacted with it: until then the context waits, and the tone is not heard).
  context() {
    if (!this.audio) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      this.audio = new Context();
    }
    if (this.audio.state === "suspended") this.audio.resume().catch(() => null);
    return this.audio;
  }

  tone() {
    const audio = this.context();
    if (!audio) return;
    const start = audio.currentTime + 0.01;
    NOTES.forEach((frequency, index) => {
      const at = start + index * NOTE_GAP;
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_SECONDS);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_SECONDS + 0.02);
    });
  }
}
