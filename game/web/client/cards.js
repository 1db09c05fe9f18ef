// Cards as the page draws them: "As" is the ace of spades; a card the player may not see is a
// back (null), and says so in words.

import { html } from "./vendor/preact-htm.js";
import { t } from "./words.js";

const SUITS = { s: ["♠", "spades"], h: ["♥", "hearts"], d: ["♦", "diamonds"], c: ["♣", "clubs"] };
const PICTURES = { A: "ace", K: "king", Q: "queen", J: "jack" };

// A card's name in words: "ace of spades".
export function cardName(card) {
  const [rank, suit] = [card.slice(0, -1), card.slice(-1)];
  const rankWords = rank in PICTURES ? t(PICTURES[rank]) : rank === "T" ? "10" : rank;
  return t("{rank} of {suit}", { rank: rankWords, suit: t(SUITS[suit][1]) });
}

export function Card({ card, large }) {
  const size = large ? " large" : "";
  if (!card) {
    return html`<span class=${"card back" + size} role="img" aria-label=${t("hidden card")}></span>`;
  }
  const [rank, suit] = [card.slice(0, -1), card.slice(-1)];
  const red = suit === "h" || suit === "d" ? " red" : "";
  return html`<span class=${"card" + red + size} role="img" aria-label=${cardName(card)}>
    <span aria-hidden="true">${rank === "T" ? "10" : rank}${SUITS[suit][0]}</span>
  </span>`;
}

export function Hand({ cards, large, label }) {
  return html`<span class="hand" role="group" aria-label=${label}>
    ${cards.map((card, index) => html`<${Card} key=${index} card=${card} large=${large} />`)}
  </span>`;
}
