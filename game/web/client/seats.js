// Who sits in a seat, in words, as the desktop's lobby says it: the seat's name, and whether it
// is the reader's own, a friend's (and whether the friend's connection is up), a bot's (with its
// level) or open for a friend.

import { t } from "./words.js";

const LEVELS = { random: "Random", easy: "Easy", medium: "Medium", hard: "Hard", expert: "Expert" };

// The lobby's entry for `seat` (undefined before the lobby came).
export function seatPlayer(lobby, seat) {
  return lobby ? lobby.players.find((entry) => entry.seat === seat) : undefined;
}

// The seat's player's name, else "Seat 3".
export function seatName(lobby, seat) {
  const player = seatPlayer(lobby, seat);
  return (player && player.name) || t("Seat {number}", { number: seat + 1 });
}

// A bot's level in words ("Hard"); a level the page does not know, as the table names it.
function levelName(level) {
  if (level in LEVELS) return t(LEVELS[level]);
  return level.replaceAll("+", " + ").replaceAll("_", " ");
}

// "You", "Friend", "Bot · Hard" or "Open seat: waiting for a friend" ("" before the lobby).
export function seatKind(player, own) {
  if (!player) return "";
  if (player.seat === own) return t("You");
  if (player.kind === "bot") return t("Bot · {level}", { level: levelName(player.level || "") });
  if (player.kind === "open" || !player.name) return t("Open seat: waiting for a friend");
  return t("Friend");
}

// Whether a friend's seat has lost its connection (a bot's or an open seat's never has).
export const isAway = (player) => Boolean(player) && player.kind === "remote" && !player.connected;
