// The one module that knows the table's messages (docs/protocol.md): what the page sends, and
// what it reads of what the server sends, turned into the page's own plain records. A change of
// the wire is a change here.

export const PROTOCOL = 3;

export const hello = ({ code, name, resume, spectator, language }) => ({
  type: "hello",
  protocol: PROTOCOL,
  name,
  code,
  resume: resume || null,
  spectator: Boolean(spectator),
  language,
});

export const action = (state, move) => ({ type: "action", state, move });
export const reaction = (text) => ({ type: "reaction", text });
export const leaving = () => ({ type: "bye", reason: "leaving" });
export const speaking = (language) => ({ type: "language", language });

// A rule or refusal as a sentence object ({key, values, plural, count, then, text}), or null.
export const sentenceOf = (rule) => (rule && typeof rule === "object" ? rule : null);

// The moves of a state: {move, verb, argument, low, high, step, rule}.
export function readMoves(message) {
  return (message.legal || []).map((option) => {
    const [verb, ...rest] = option.move.split(" ");
    return {
      move: option.move,
      verb,
      argument: rest.join(" "),
      low: option.low,
      high: option.high,
      step: option.step || 1,
      rule: sentenceOf(option.rule),
    };
  });
}

// What an action message says for a move (a bet with its amount).
export function moveText(move, amount) {
  return move.verb === "bet" ? `bet ${amount}` : move.move;
}

// A seat as the page shows it.
function readSeat(seat) {
  return {
    seat: seat.seat,
    stack: seat.stack,
    playing: seat.playing,
    folded: seat.folded,
    blind: seat.blind,
    hands: seat.hands || [],
    committed: seat.committed,
    badges: (seat.badges || []).map(String),
    wagers: (seat.wagers || []).map(([name, amount]) => ({ name: String(name), amount })),
  };
}

// The table as the receiver may see it now.
export function readTable(message) {
  const seen = message.observation;
  return {
    number: message.state,
    clock: message.clock,
    family: String(seen.family),
    viewer: seen.viewer,
    deal: seen.deal_number,
    dealer: seen.dealer,
    toAct: seen.to_act,
    phase: String(seen.phase),
    seats: seen.seats.map(readSeat),
    pot: (seen.pots || []).reduce((sum, pot) => sum + pot, 0),
    carried: seen.carried || 0,
    stake: seen.stake,
    dealOver: Boolean(seen.deal_over),
    tableCards: seen.table_cards || [],
    moves: readMoves(message),
    said: message.said || [],
  };
}

// The deal's events: the new ones put after those already held (history_start says where).
export function joinEvents(held, message) {
  const start = message.history_start || 0;
  return [...held.slice(0, start), ...(message.events || [])];
}

// The parts of an event the page looks at: its kind, seat, cards and amount.
export function readEvent(event) {
  return {
    kind: event.kind,
    seat: event.seat ?? null,
    cards: event.cards || null,
    amount: event.amount ?? event.payout ?? 0,
  };
}

export const isWin = (event) => event.kind === "pot_awarded";
export const isReveal = (event) => event.kind === "hand_revealed";

// A refusal's sentence object (an illegal move's rule), or null.
export const refusalSaid = (message) => sentenceOf(message.said);

// A verifiable table's nonce message: this seat's random share of every deck.
export function nonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return { type: "nonce", nonce: hex };
}
