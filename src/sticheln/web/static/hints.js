// What each legal card would do, as the server says it (the game's move hints, sent with the
// legal moves): each card's tooltip, and the line under the hand for the card pointed at or
// focused. The page works nothing out of the rules itself.

import { t } from "./i18n.js";

// Every text this file shows.
const TEXT = {
  prompt: t("hints.prompt"),
  line: (card, hint) => t("hints.line", { card, hint }),
};

// Mark the hand's legal cards with their hints, and reset the line under the hand.
export function showHints(hand, box, legal) {
  const byCard = new Map();
  for (const item of legal) {
    if (typeof item.hint !== "string" || item.move.card === undefined) continue;
    if (!byCard.has(item.move.card)) byCard.set(item.move.card, []);
    byCard.get(item.move.card).push(item.hint);
  }
  for (const button of hand.querySelectorAll("button.card")) {
    const hints = byCard.get(button.dataset.card);
    if (!hints) continue;
    button.dataset.hint = [...new Set(hints)].join("; ");
    button.title = TEXT.line(button.dataset.card, button.dataset.hint);
  }
  box.hidden = byCard.size === 0;
  box.textContent = TEXT.prompt;
}

// Say the hint of the card pointed at or focused.
export function watchHints(hand, box) {
  const show = (event) => {
    const button = event.target.closest("button.card");
    if (button && button.dataset.hint) box.textContent = TEXT.line(button.dataset.card, button.dataset.hint);
  };
  hand.addEventListener("pointerover", show);
  hand.addEventListener("focusin", show);
}
