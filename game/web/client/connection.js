// The page's link to its table: one websocket back to the address the page came from, the seat's
// resume token kept in the tab's session storage, and the way back after a drop, a reload or a
// phone waking up (the same seat, "I'm back", what happened meanwhile).

import * as wire from "./wire.js";
import { ending, language, problem, refusal, said, t } from "./words.js";

const KEPT = "trey.seat";
const MOST_LINES = 40;
const ASLEEP_MS = 15000;
const FATAL = new Set(["protocol", "code", "full", "spectators", "replaced", "flood"]);

export function keptSeat() {
  try {
    return JSON.parse(sessionStorage.getItem(KEPT) || "null");
  } catch {
    return null;
  }
}

function keep(seat) {
  if (seat) sessionStorage.setItem(KEPT, JSON.stringify(seat));
  else sessionStorage.removeItem(KEPT);
}

export class TableLink {
  constructor(changed) {
    this.changed = changed;
    this.socket = null;
    this.kept = null;
    this.delay = 1000;
    this.timer = 0;
    this.lineNumber = 0;
    this.view = {
      screen: "join",
      seat: null,
      table: null,
      lobby: null,
      events: [],
      lines: [],
      notice: "",
      away: false,
      ended: null,
      receivedAt: 0,
      reactions: [],
    };
    this.awayFrom = null;
    addEventListener("online", () => this.wake());
    addEventListener("offline", () => this.drop());
    this.hiddenAt = 0;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") {
        this.hiddenAt = performance.now();
        return;
      }
      // a phone that slept a while may hold a socket that silently died: take the seat anew
      if (this.socket && performance.now() - this.hiddenAt > ASLEEP_MS) this.drop();
      this.wake();
    });
  }

  update(changes) {
    this.view = { ...this.view, ...changes };
    this.changed(this.view);
  }

  say(text) {
    if (!text) return;
    this.lineNumber += 1;
    const lines = [...this.view.lines, { id: this.lineNumber, text }].slice(-MOST_LINES);
    this.update({ lines });
  }

  // Take a seat (or watch) at the table this page came from.
  join(code, name, spectator) {
    this.kept = { code: code.trim().toUpperCase(), name: name.trim(), spectator, resume: null };
    keep(this.kept);
    this.update({ screen: "lobby", notice: t("Joining the table…") });
    this.open();
  }

  // Back to the seat this tab held (after a reload); false when it held none.
  resume() {
    const kept = keptSeat();
    if (!kept || !kept.code) return false;
    this.kept = kept;
    this.awayFrom = { deal: null, events: 0 };
    this.update({ screen: "lobby", away: true, notice: t("Taking your seat back…") });
    this.open();
    return true;
  }

  open() {
    clearTimeout(this.timer);
    if (this.socket) return;
    // back to the address the page came from (its folder: a proxy may route by path)
    const address = new URL(".", location.href);
    address.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    address.hash = "";
    const socket = new WebSocket(address.href);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify(wire.hello({ ...this.kept, language: language() })));
    socket.onmessage = (frame) => this.receive(JSON.parse(frame.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.dropped();
    };
  }

  // The connection is gone (the network went away): come back when it returns.
  drop() {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onclose = null;
    socket.close();
    this.dropped();
  }

  dropped() {
    const view = this.view;
    if (view.screen === "ended" || view.screen === "join" || !this.kept) return;
    if (!view.away) {
      this.awayFrom = { deal: view.table ? view.table.deal : null, events: view.events.length };
      this.update({ away: true, notice: t("The connection to the table was lost.") });
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  wake() {
    if (this.view.away && !this.socket && this.kept) this.open();
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }

  play(move, amount) {
    const table = this.view.table;
    if (!table) return;
    this.send(wire.action(table.number, wire.moveText(move, amount)));
    this.update({ table: { ...table, moves: [] } });
  }

  react(text) {
    this.send(wire.reaction(text));
  }

  // The table says its events to this page in `code` from now on (the next hello names it too).
  speak(code) {
    this.send(wire.speaking(code));
  }

  leave() {
    this.send(wire.leaving());
    keep(null);
    this.kept = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
    this.update({ screen: "join", table: null, lobby: null, events: [], away: false });
  }

  receive(message) {
    switch (message.type) {
      case "welcome":
        return this.welcomed(message);
      case "lobby":
        return this.update({ lobby: message, screen: this.view.table ? "table" : "lobby" });
      case "state":
        return this.state(message);
      case "refused": {
        const rule = wire.refusalSaid(message);
        return this.update({ notice: rule ? said(rule) : refusal(message.reason, message.sentence) });
      }
      case "reaction":
        return this.reacted(message);
      case "error":
        return this.failed(message);
      case "bye":
        return this.ended(message);
      default:
        return undefined;
    }
  }

  welcomed(message) {
    this.delay = 1000;
    this.kept = { ...this.kept, resume: message.resume };
    keep(message.seat === null && !this.kept.spectator ? null : this.kept);
    const back = this.view.away;
    this.update({ seat: message.seat, info: message.table, away: false, notice: "" });
    if (message.seat !== null && message.table.shuffle === "verifiable" && !back) {
      this.send(wire.nonce());
    }
    if (back) this.say(t("I'm back."));
  }

  state(message) {
    const table = wire.readTable(message);
    const sameDeal = this.view.table && this.view.table.deal === table.deal;
    const events = wire.joinEvents(sameDeal ? this.view.events : [], message);
    const fresh = events.slice(sameDeal ? this.view.events.length : 0);
    const away = this.awayFrom;
    if (away) {
      this.awayFrom = null;
      const missed = away.deal === table.deal ? events.length - away.events : events.length;
      if (away.deal !== null && missed > 0) {
        this.say(t("While you were away: {count} moves at the table.", { count: missed }));
      }
    }
    // after a return the deal's whole story comes again: say only what was missed, briefly
    const lines = away ? table.said.slice(-Math.min(3, table.said.length)) : table.said;
    for (const line of lines) this.say(line);
    this.update({
      screen: "table",
      table,
      events,
      fresh,
      notice: "",
      receivedAt: performance.now(),
    });
  }

  reacted(message) {
    const entry = { seat: message.seat, text: message.text, at: performance.now() };
    const players = this.view.lobby ? this.view.lobby.players : [];
    const player = players.find((seat) => seat.seat === message.seat);
    if (player && player.name) this.say(`${player.name}: ${message.text}`);
    this.update({ reactions: [...this.view.reactions.slice(-5), entry] });
  }

  failed(message) {
    if (message.reason === "resume" || FATAL.has(message.reason)) {
      keep(null);
      this.kept = null;
      const socket = this.socket;
      this.socket = null;
      if (socket) socket.close();
      this.update({ screen: "join", away: false, notice: problem(message.reason, message.sentence) });
      return;
    }
    this.update({ notice: problem(message.reason, message.sentence) });
  }

  ended(message) {
    keep(null);
    this.kept = null;
    this.update({
      screen: "ended",
      away: false,
      ended: { ...message, words: ending(message.reason, message.sentence) },
    });
  }
}
