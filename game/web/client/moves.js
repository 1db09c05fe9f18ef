// A legal move's button: its label in the family's own words (the desktop's catalog entries),
// and the quick amounts of a bet.

import { t } from "./words.js";

function betLabel(family, blind) {
  if (family === "teen_patti") return blind ? t("Blind") : t("Chaal");
  return t("Bet");
}

// The label of `move` (amount apart) at a table of `family`, the player `blind` or not.
export function moveLabel(move, family, blind) {
  const brag = family === "brag";
  const banked = family.startsWith("three_card_poker");
  const [first, second] = move.argument.split(" ").map(Number);
  switch (move.verb) {
    case "bank":
      return t("Bank");
    case "waive":
      return t("Waive the bank");
    case "post":
      return second
        ? t("Base {base} + Pair Plus {pair_plus}", { base: first, pair_plus: second })
        : t("Base {base}", { base: first });
    case "ante":
      return second
        ? t("Ante {ante} + Pair Plus {pair_plus}", { ante: first, pair_plus: second })
        : t("Ante {ante}", { ante: first });
    case "call":
      return t("Call {amount}", { amount: first });
    case "play":
      return t("Play {amount}", { amount: first });
    case "look":
      if (move.argument === "new") return t("Look at new");
      if (move.argument === "old") return t("Look at old");
      return brag ? t("Look at cards") : t("See cards");
    case "bet":
      return betLabel(family, blind);
    case "show":
      return brag ? t("See") : t("Show");
    case "fold":
      return brag || banked ? t("Fold") : t("Pack");
    case "sideshow":
      return t("Sideshow");
    case "answer":
      return move.argument === "yes" ? t("Accept") : t("Refuse");
    case "keep":
      return move.argument === "yes" ? t("Keep it") : t("Play the other");
    case "choose":
      return move.argument === "new" ? t("Keep new unseen") : t("Keep old unseen");
    case "cover":
      return t("Cover the pot");
    case "stay":
      return t("Stay");
    case "propose":
      return t("Showdown?");
    case "agree":
      return move.argument === "yes" ? t("Agree") : t("Refuse");
    case "discard":
      return t("Discard {card}", { card: move.argument });
    default:
      return move.move;
  }
}

// The amounts a bet's quick buttons offer: the least, twice it (×2) and the most, where the
// rules allow each (within low..high, on the step).
export function quickAmounts(move) {
  const amounts = [move.low];
  const double = move.low * 2;
  if (double <= move.high && (double - move.low) % move.step === 0) amounts.push(double);
  if (!amounts.includes(move.high)) amounts.push(move.high);
  return amounts;
}
